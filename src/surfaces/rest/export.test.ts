// Bulk export: NDJSON, CSV and dataset.json per tier, one request of quota each, ETag on data_as_of, coded bodies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { testAccess, testApp } from '../../../test/helpers.ts';
import { aDataset, aHardware, aModel, aSource, f } from '../../dataset/fixtures.ts';

const PRO = 'pro-key';
const dataset = () => aDataset({
  data_as_of: '2026-08-01',
  sources: [aSource(), aSource({ id: 'vendor-page', name: 'Vendor page', kind: 'vendor', url: 'https://example.org/vendor' })],
  models: [aModel({ id: 'alpha-7b', open_weights: f(true), context_window: f(131072, 'vendor-page', '2026-07-30'), capabilities: { vision: f(false) } })],
  hardware: [aHardware({ id: 'rtx-4090', name: 'One RTX 4090', memory_gb: f(24, 'vendor-page', '2026-05-01'), bandwidth_gbs: f(1008) })],
  changes: [{ id: '00000000000000a1', date: '2026-07-20', model_id: 'alpha-7b', kind: 'price', field: 'input', provider: 'acme', old: 2, new: 1.5, source: 'vendor-page', correction: false }],
});
const app = (access = testAccess({ keys: { [PRO]: 'pro' } })) => testApp({ dataset: dataset(), access });
const lines = (body: string) => body.trim().split('\n').map((l) => JSON.parse(l));

test('NDJSON: a header line, then one row per line; partial rows keep as_of and lose source', async () => {
  const a = app();
  const r = await a.inject({ url: '/api/v1/export/models.ndjson' });
  assert.equal(r.statusCode, 200);
  assert.match(String(r.headers['content-type']), /^application\/x-ndjson/);
  const [header, row, ...rest] = lines(r.body);
  assert.equal(rest.length, 0);
  assert.deepEqual({ record: header.record, table: header.table, rows: header.rows, tier: header.tier, data_as_of: header.data_as_of },
    { record: 'header', table: 'models', rows: 1, tier: 'partial', data_as_of: '2026-08-01' });
  assert.deepEqual(header.sources.map((s: { id: string }) => s.id), ['test-source', 'vendor-page']);
  assert.equal(header.attribution, 'Data: Model Data Service (http://localhost:8080)');
  assert.deepEqual(row.context_window, { value: 131072, as_of: '2026-07-30' });

  const full = lines((await a.inject({ url: '/api/v1/export/models.ndjson', headers: { 'x-api-key': PRO } })).body);
  assert.equal(full[0].tier, 'full');
  assert.equal(full[0].attribution, undefined);
  assert.deepEqual(full[1].context_window, { value: 131072, as_of: '2026-07-30', source: 'vendor-page' });
  await a.close();
});

test('changes export: each event carries as_of (its date), so the partial tier drops only its source', async () => {
  const a = app();
  const [, event] = lines((await a.inject({ url: '/api/v1/export/changes.ndjson' })).body);
  assert.equal(event.as_of, '2026-07-20');
  assert.equal(event.source, undefined);
  assert.equal(event.new, 1.5);
  await a.close();
});

test('CSV: facts flattened to field, field_as_of, field_source (full) and no _source columns (partial)', async () => {
  const a = app();
  const full = await a.inject({ url: '/api/v1/export/hardware.csv', headers: { 'x-api-key': PRO } });
  assert.match(String(full.headers['content-type']), /^text\/csv/);
  const [head, ...rows] = parse(full.body) as string[][];
  // The fixture's hardware row by hand: id and name lead; every fact gives value, as_of, source side by side.
  // The fixture's hardware row by hand, in the schema's field order after the leading id and name; every fact gives
  // value, as_of and source side by side.
  assert.deepEqual(head, [
    'id', 'name', 'class', 'accelerator', 'count', 'unified_memory',
    'memory_gb', 'memory_gb_as_of', 'memory_gb_source', 'usable_fraction', 'usable_fraction_as_of', 'usable_fraction_source',
    'bandwidth_gbs', 'bandwidth_gbs_as_of', 'bandwidth_gbs_source',
  ]);
  const record = Object.fromEntries(head!.map((c, i) => [c, rows[0]![i]]));
  assert.equal(record.id, 'rtx-4090');
  assert.equal(record.name, 'One RTX 4090');
  assert.equal(record.memory_gb, '24');
  assert.equal(record.memory_gb_as_of, '2026-05-01');
  assert.equal(record.memory_gb_source, 'vendor-page');
  assert.equal(record.unified_memory, 'false');
  assert.equal(head!.indexOf('memory_gb_as_of'), head!.indexOf('memory_gb') + 1, 'a fact keeps its columns together');

  const partial = parse((await a.inject({ url: '/api/v1/export/hardware.csv' })).body) as string[][];
  assert.ok(partial[0]!.includes('memory_gb_as_of'));
  assert.deepEqual(partial[0]!.filter((c) => c.endsWith('_source')), [], 'partial tier: no _source columns');
  await a.close();
});

test('nested facts become dotted columns; array and object values are JSON in their cell', async () => {
  const a = app();
  const [head, row] = parse((await a.inject({ url: '/api/v1/export/models.csv', headers: { 'x-api-key': PRO } })).body) as string[][];
  const record = Object.fromEntries(head!.map((c, i) => [c, row![i]]));
  assert.equal(record['capabilities.vision'], 'false');
  assert.equal(record['capabilities.vision_source'], 'test-source');
  assert.equal(record.aliases, '[]');
  await a.close();
});

test('one request of quota per export, whatever its size; ETag on data_as_of; 304 on revalidation', async () => {
  const access = testAccess({ keys: { [PRO]: 'pro' } });
  const a = app(access);
  const r = await a.inject({ url: '/api/v1/export/dataset.json' });
  assert.equal(access.counted(), 1);
  const body = r.json();
  assert.equal(body.data_as_of, '2026-08-01');
  assert.deepEqual(Object.keys(body).filter((k) => Array.isArray(body[k])).sort(),
    ['changes', 'developers', 'hardware', 'models', 'offers', 'providers', 'ratings', 'sources']);
  assert.equal(body.models[0].context_window.source, undefined, 'anonymous: partial');
  const etag = String(r.headers.etag);
  assert.match(etag, /^"2026-08-01-/);
  assert.equal(r.headers['cache-control'], 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400, stale-if-error=86400');
  assert.equal(r.headers.vary, 'x-api-key, authorization, accept-encoding');
  const again = await a.inject({ url: '/api/v1/export/dataset.json', headers: { 'if-none-match': etag } });
  assert.equal(again.statusCode, 304);
  assert.equal(access.counted(), 2, 'a revalidation is a request too');
  const keyed = await a.inject({ url: '/api/v1/export/dataset.json', headers: { 'x-api-key': PRO } });
  assert.notEqual(keyed.headers.etag, etag, 'each tier its own validator');
  assert.equal(keyed.headers['cache-control'], 'private, max-age=300');
  assert.equal(keyed.json().models[0].context_window.source, 'vendor-page');
  await a.close();
});

test('coded exports decode to the identity bytes; each coding has its own ETag', async () => {
  const a = app();
  const plain = await a.inject({ url: '/api/v1/export/models.ndjson' });
  const gz = await a.inject({ url: '/api/v1/export/models.ndjson', headers: { 'accept-encoding': 'gzip' } });
  const br = await a.inject({ url: '/api/v1/export/models.ndjson', headers: { 'accept-encoding': 'br' } });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(zlib.gunzipSync(gz.rawPayload).toString(), plain.body);
  assert.equal(zlib.brotliDecompressSync(br.rawPayload).toString(), plain.body);
  assert.equal(Number(plain.headers['content-length']), Buffer.byteLength(plain.body));
  assert.equal(new Set([plain.headers.etag, gz.headers.etag, br.headers.etag]).size, 3);
  const head = await a.inject({ method: 'HEAD', url: '/api/v1/export/models.ndjson' });
  assert.equal(head.statusCode, 200);
  assert.equal(head.body, '');
  assert.equal(head.headers['content-length'], plain.headers['content-length']);
  await a.close();
});

test('an Accept that excludes the format is 406; an unknown table is 404; other methods 405', async () => {
  const a = app();
  const r = await a.inject({ url: '/api/v1/export/models.csv', headers: { accept: 'application/json' } });
  assert.equal(r.statusCode, 406);
  assert.equal(r.json().code, 'not_acceptable');
  assert.equal((await a.inject({ url: '/api/v1/export/keys.csv' })).statusCode, 404);
  assert.equal((await a.inject({ method: 'DELETE', url: '/api/v1/export/models.csv' })).statusCode, 405);
  await a.close();
});
