// The executor: one handler run per distinct (operation, input, tier view, day), then ready bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { testAccess } from '../../test/dataset-helpers.ts';
import { aDataset, aSource } from '../dataset/fixtures.ts';
import { stitched } from '../ops/json-fragment.ts';
import { defineOperation, READ_ONLY } from '../ops/operation.ts';
import { AskedOnce, createExecutor, etagOf, utcDayClock } from './execute.ts';

function setup() {
  let runs = 0;
  let day = '2026-08-01';
  const op = defineOperation({
    name: 'probe', title: 'Probe', description: 'd', path: '/p', annotations: READ_ONLY, examples: [],
    input: z.object({ n: z.number().default(1) }), output: z.object({}).passthrough(),
    handler: (_ds, input, ctx) => {
      runs++;
      return { n: input.n, today: ctx.today, fact: { value: 1, as_of: '2026-07-01', source: 'test-source' } };
    },
  });
  const ex = createExecutor({ dataset: aDataset({ sources: [aSource()] }), access: testAccess(), baseUrl: 'http://x', today: () => day });
  return { op, ex, runs: () => runs, setDay: (d: string) => { day = d; } };
}

test('a repeated call is served from the cache; other inputs, views and days run the handler again', () => {
  const { op, ex, runs, setDay } = setup();
  const a = ex.run(op, { n: 1 }, false);
  assert.equal(ex.run(op, { n: 1 }, false), a);
  assert.equal(runs(), 1);
  ex.run(op, { n: 2 }, false);
  ex.run(op, { n: 1 }, true);
  assert.equal(runs(), 3);
  setDay('2026-08-02');
  assert.equal((ex.run(op, { n: 1 }, false).value as { today: string }).today, '2026-08-02');
  assert.equal(runs(), 4);
});

test('the body carries data_as_of, the projection of its view, and an ETag of its own', () => {
  const { op, ex } = setup();
  const partial = ex.run(op, { n: 1 }, false);
  const full = ex.run(op, { n: 1 }, true);
  assert.deepEqual(JSON.parse(partial.bytes.toString()), partial.value);
  assert.equal(partial.value.data_as_of, '2026-08-01');
  assert.equal((partial.value.fact as { source?: string }).source, undefined);
  assert.equal((full.value.fact as { source?: string }).source, 'test-source');
  assert.notEqual(partial.etag, full.etag);
  assert.match(full.etag, /^"[A-Za-z0-9_-]{32}"$/);
});

test('an answer made for REST is kept from its second ask, with its bytes only; its value, asked later, is parsed from them', () => {
  const { op, ex, runs } = setup();
  const first = ex.run(op, { n: 3 }, true, true);
  const bytes = first.bytes.toString();
  // The probe's answer written out by hand: data_as_of first, then the handler's members in their order.
  const expected = { data_as_of: '2026-08-01', n: 3, today: '2026-08-01', fact: { value: 1, as_of: '2026-07-01', source: 'test-source' } };
  assert.equal(bytes, JSON.stringify(expected));
  // Asked once: not kept (a stream of new inputs would otherwise fill the cache with answers nobody asks again).
  const rest = ex.run(op, { n: 3 }, true, true);
  assert.notEqual(rest, first);
  assert.equal(runs(), 2);
  assert.equal(rest.bytes.toString(), bytes, 'the same bytes made again');
  assert.equal(rest.etag, first.etag);
  // An MCP call or a web page on the same answer: the kept one, its value the JSON of the bytes, parsed once.
  const again = ex.run(op, { n: 3 }, true);
  assert.equal(again, rest);
  assert.equal(runs(), 2);
  assert.deepEqual(again.value, expected);
  assert.equal(again.value, again.value, 'parsed once, then kept');
  assert.equal(again.bytes.toString(), bytes);
  // An answer made for a caller that reads its value is kept on its first ask, with the object the handler made.
  const mcp = ex.run(op, { n: 4 }, true);
  assert.deepEqual(mcp.value, { ...expected, n: 4 });
  assert.equal(ex.run(op, { n: 4 }, true, true), mcp);
  assert.equal(runs(), 3);
});

test('a REST answer asked once is kept as soon as a coded copy of it is made: the next request\'s coding follows from it', () => {
  const { op, ex, runs } = setup();
  const first = ex.run(op, { n: 5 }, false, true);
  assert.equal(typeof first.keep, 'function');
  first.keep!();
  assert.equal(first.keep, undefined, 'kept once');
  assert.equal(ex.run(op, { n: 5 }, false, true), first);
  assert.equal(runs(), 1);
});

test('keys asked once: noted on the first ask, known on the next; a key whose slot another took is new again', () => {
  const asked = new AskedOnce(1);
  assert.equal(asked.seen('a'), false);
  assert.equal(asked.seen('a'), true);
  assert.equal(asked.seen('b'), false);
  assert.equal(asked.seen('b'), true);
  // FNV-1a 32-bit, worked from its definition: "a" -> 0xe40c292c, "b" -> 0xe70c2de5, "c" -> 0xe60c2c52. With two
  // slots (one bit), "a" and "c" share slot 0 (even hashes) and "b" has slot 1: "c" takes "a"'s slot.
  assert.equal(asked.seen('c'), false);
  assert.equal(asked.seen('a'), false, 'forgotten: its slot was taken');
  assert.equal(asked.seen('b'), true, 'the other slot is untouched');
});

test('the ETag is the first 32 base64url characters of the bytes\' SHA-256, the same for a text and its UTF-8 bytes', () => {
  // FIPS 180-2's first test vector: SHA-256("abc") = ba7816bf 8f01cfea 414140de 5dae2223 b00361a3 96177a9c b410ff61 f20015ad,
  // in base64url ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0: a validator a client holds stays valid whichever way it is computed.
  assert.equal(etagOf(Buffer.from('abc')), '"ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qc"');
  assert.equal(etagOf('abc'), '"ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qc"');
  // A non-ASCII text is hashed as its UTF-8 bytes, as it is sent.
  assert.equal(etagOf('\u00e9'), etagOf(Buffer.from([0xc3, 0xa9])));
  assert.notEqual(etagOf('\u00e9'), etagOf(Buffer.from([0xe9])));
});

test('the day clock turns at UTC midnight, not before, and never serves yesterday', () => {
  let t = Date.UTC(2026, 10, 21, 23, 59, 59, 998);
  const day = utcDayClock(() => t);
  assert.equal(day(), '2026-11-21');
  t += 1;
  assert.equal(day(), '2026-11-21');
  t += 1;
  assert.equal(day(), '2026-11-22', 'at 00:00:00.000');
  t = Date.UTC(2027, 0, 1, 12);
  assert.equal(day(), '2027-01-01', 'after a jump of weeks');
});

test('an answer written as bytes for REST at the partial tier is not made as objects: its value, read later, is the JSON of its bytes', () => {
  const op = defineOperation({
    name: 'stitched_probe', title: 'Probe', description: 'd', path: '/s', annotations: READ_ONLY, examples: [], writtenAsBytes: true,
    input: z.object({ n: z.number().default(1) }), output: z.object({}).passthrough(),
    handler: (_ds, input) => stitched({ n: input.n, fact: { value: 1, as_of: '2026-07-01', source: 'test-source' } }),
  });
  const ex = createExecutor({ dataset: aDataset({ sources: [aSource()] }), access: testAccess(), baseUrl: 'http://x', today: () => '2026-08-01' });
  const mcp = ex.run(op, { n: 2 }, false);
  // Worked by hand: the fact loses its source, which the partial answer lists, with the tier named.
  const value = mcp.value as { n: number; fact: Record<string, unknown>; tier: string; sources: Array<{ id: string }> };
  assert.deepEqual(value.fact, { value: 1, as_of: '2026-07-01' });
  assert.equal(value.tier, 'partial');
  assert.deepEqual(value.sources.map((s) => s.id), ['test-source']);
  assert.deepEqual(JSON.parse(mcp.bytes.toString()), value);
  const rest = ex.run(op, { n: 3 }, false, true);
  assert.equal(rest.bytes.toString(), mcp.bytes.toString().replace('"n":2', '"n":3'));
  assert.deepEqual(rest.value, { ...value, n: 3 });
  assert.equal(rest.value, rest.value, 'parsed once, then kept');
});
