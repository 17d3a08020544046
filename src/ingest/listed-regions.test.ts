// Tests of EU residency from a source's region list: the snapshot's own rows through the adapter and the offer build.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { Provider } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';
import { placeOfRegion } from '../sources/cloud-regions.ts';
import { litellm } from '../sources/litellm.ts';
import type { OfferObservation } from '../sources/types.ts';
import { buildOffers } from './build-offers.ts';
import { residencyFromRegions } from './listed-regions.ts';

const DIR = new URL('../../data/sources/litellm-via-rocry/', import.meta.url);
const NAME = 'model_prices_and_context_window-2026-07-24.json';
const SNAPSHOT = JSON.parse(gunzipSync(readFileSync(new URL(`${NAME}.gz`, DIR))).toString('utf8')) as Record<string, unknown>;

/**
 * Every listing of the 2026-07-24 snapshot with `supported_regions` (read by hand with zcat and a JSON filter; all
 * are Vertex AI partner models), with the list as written and the residency it means: none lists an EU region.
 */
const ROWS: ReadonlyArray<[string, string[], string]> = [
  ['vertex_ai/deepseek-ai/deepseek-v3.1-maas', ['us-central1'], 'no'],
  ['vertex_ai/deepseek-ai/deepseek-r1-0528-maas', ['us-central1'], 'no'],
  ['vertex_ai/deepseek-ai/deepseek-v3.2-maas', ['global'], 'no'],
  ['vertex_ai/deepseek-ai/deepseek-ocr-maas', ['us-central1'], 'no'],
  ['vertex_ai/zai-org/glm-4.7-maas', ['global'], 'no'],
  ['vertex_ai/zai-org/glm-5-maas', ['global'], 'no'],
  ['vertex_ai/google/gemma-4-26b-a4b-it-maas', ['global'], 'no'],
  ['vertex_ai/qwen/qwen3-235b-a22b-instruct-2507-maas', ['global', 'us-south1'], 'no'],
  ['vertex_ai/qwen/qwen3-coder-480b-a35b-instruct-maas', ['global'], 'no'],
  ['vertex_ai/qwen/qwen3-next-80b-a3b-instruct-maas', ['global'], 'no'],
  ['vertex_ai/qwen/qwen3-next-80b-a3b-thinking-maas', ['global'], 'no'],
];

test('the snapshot lists these regions, and no other listing carries supported_regions', () => {
  const listed = Object.entries(SNAPSHOT).filter(([k, v]) => k !== 'sample_spec' && (v as Record<string, unknown>)?.supported_regions);
  assert.deepEqual(listed.map(([k, v]) => [k, (v as Record<string, unknown>).supported_regions]).sort(),
    ROWS.map(([k, r]) => [k, r]).sort());
});

test('region names: EU member states are EU; London, Zurich, US regions and global routing are not; unknown ones unplaced', () => {
  // Google's locations page: europe-west4 Eemshaven (NL), europe-west2 London (UK), europe-west6 Zurich (CH).
  assert.deepEqual(['europe-west4', 'europe-west1', 'eu-central-1', 'eu'].map((r) => placeOfRegion(r)?.eu), [true, true, true, true]);
  assert.deepEqual(['europe-west2', 'europe-west6', 'eu-west-2', 'eu-central-2', 'us-central1', 'us-south1', 'global',
    'asia-northeast1', 'us-gov-west-1'].map((r) => placeOfRegion(r)?.eu), [false, false, false, false, false, false, false, false, false]);
  assert.equal(placeOfRegion('europe-west99'), undefined);
  assert.equal(placeOfRegion('westeurope'), undefined);
});

test('a list decides by its EU regions: one is enough for region; none placed in the EU and one unplaced is unknown', () => {
  const at = (regions: string[]) => residencyFromRegions({ regions, source: 'litellm', as_of: '2026-07-24', row: 'k' });
  assert.equal(at(['global', 'europe-west4']).value, 'region');
  assert.match(at(['global', 'europe-west4']).note ?? '', /europe-west4 \(Eemshaven, Netherlands\)/);
  assert.equal(at(['us-central1', 'europe-west2']).value, 'no');
  assert.equal(at(['us-central1', 'europe-west99']).value, 'unknown');
});

/** The snapshot's own rows, copied verbatim into a snapshot folder the adapter reads. */
function snapshotOf(keys: readonly string[]) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'listed-regions-'));
  const dir = path.join(root, 'sources', 'litellm-via-rocry');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'HEAD_COMMIT.txt'), readFileSync(new URL('HEAD_COMMIT.txt', DIR)));
  writeFileSync(path.join(dir, NAME), JSON.stringify(Object.fromEntries(keys.map((k) => [k, SNAPSHOT[k]]))));
  return { sources: path.join(root, 'sources'), curated: path.join(root, 'curated') };
}

test('Vertex AI listings the snapshot pins to us-central1 or global are not EU-resident, ahead of the provider row', async () => {
  const keys = ROWS.map(([k]) => k);
  const read = await litellm.read(snapshotOf(keys));
  // The provider's row as data/curated/inference-providers.csv gives it: europe-* regions to choose.
  const vertex: Provider = { id: 'google-vertex', name: 'Google Vertex AI',
    eu_data_residency: fact('region' as const, '2026-11-21', 'inference-providers') };
  const resolve = (o: OfferObservation) => o.provider_model_id;
  const { offers } = buildOffers(read.offers ?? [], resolve, new Map([['google-vertex', vertex]]));
  for (const [key, regions, expected] of ROWS) {
    if (key.includes('ocr')) continue; // an OCR model (mode ocr): not a text listing, so no offer
    const id = key.replace(/^vertex_ai\//, '');
    const o = offers.find((x) => x.provider === 'google-vertex' && x.provider_model_id === id && x.sku === 'standard');
    assert.ok(o, `${key}: an offer`);
    assert.equal(o.eu_resident.value, expected, key);
    assert.equal(o.eu_resident.source, 'litellm');
    // The note cites the source, its file, the row and the list as written.
    assert.ok(o.eu_resident.note?.includes(`${NAME}) [${key}] supported_regions ${JSON.stringify(regions)}`), o.eu_resident.note);
  }
  const v31 = offers.find((x) => x.provider_model_id === 'deepseek-ai/deepseek-v3.1-maas');
  assert.match(v31?.eu_resident.note ?? '', /^served only in us-central1 \(outside Europe\), none in the EU/);
  // deepseek-v3.2's batch SKU (LiteLLM input_cost_per_token_batches) reads the same row.
  const batch = offers.find((x) => x.provider_model_id === 'deepseek-ai/deepseek-v3.2-maas' && x.sku === 'batch');
  assert.equal(batch?.eu_resident.value, 'no');
});

test('a Vertex listing without a region list keeps the provider row', async () => {
  // LiteLLM [vertex_ai/openai/gpt-oss-120b-maas] has no supported_regions.
  const read = await litellm.read(snapshotOf(['vertex_ai/openai/gpt-oss-120b-maas']));
  const vertex: Provider = { id: 'google-vertex', name: 'Google Vertex AI',
    eu_data_residency: fact('region' as const, '2026-11-21', 'inference-providers') };
  const { offers } = buildOffers(read.offers ?? [], (o) => o.provider_model_id, new Map([['google-vertex', vertex]]));
  assert.deepEqual(offers.map((o) => [o.provider_model_id, o.eu_resident.value, o.eu_resident.source]),
    [['openai/gpt-oss-120b-maas', 'region', 'inference-providers']]);
});
