// The cold streams send what they promise: valid inputs, a new URL every time within the stream's distinct inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { restUrl } from '../src/surfaces/rest/url.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { coldStreams, extremeInputs, soakStreams, spreadContext, WIDEST_CONTEXT } from './cold-inputs.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const streams = coldStreams(ds);

test('every operation has a stream; its inputs are valid, answered, and each REST URL is new', () => {
  assert.deepEqual(Object.keys(streams).sort(), OPERATIONS.map((o) => o.name).sort());
  for (const op of OPERATIONS) {
    const s = streams[op.name];
    const urls = new Set<string>();
    // 300 from the start and 100 from the far end of the stream: both ends are sent by the benchmark.
    const at = [...Array(Math.min(300, s.distinct)).keys(), ...Array.from({ length: Math.min(100, s.distinct) }, (_, k) => s.distinct - 1 - k)];
    for (const i of new Set(at)) {
      const raw = s.input(i);
      urls.add(restUrl(op, raw));
      // The handler must answer (no error): a refused input would measure the error path, not the operation.
      assert.doesNotThrow(() => op.handler(ds, validateInput(op, raw) as never, { today: '2026-11-25' }), `${op.name} input ${i}: ${JSON.stringify(raw)}`);
    }
    assert.equal(urls.size, new Set(at).size, `${op.name}: a URL repeated within the stream's distinct inputs`);
  }
  for (const [name, inputs] of Object.entries(extremeInputs(ds))) {
    const op = OPERATIONS.find((o) => o.name === name)!;
    for (const raw of inputs) assert.doesNotThrow(() => op.handler(ds, validateInput(op, raw) as never, { today: '2026-11-25' }), `${name} ${JSON.stringify(raw)}`);
  }
});

test('the spread context covers the whole valid range without repeating', () => {
  // 1,048,576 - 512 + 1 = 1,048,065 values; the first 20,000 are distinct and within 512..1,048,576.
  const seen = new Set<number>();
  for (let i = 0; i < 20_000; i++) {
    const c = spreadContext(i);
    assert.ok(c >= 512 && c <= WIDEST_CONTEXT, String(c));
    seen.add(c);
  }
  assert.equal(seen.size, 20_000);
  assert.equal(spreadContext(0), 512);
});

test('the soak slides recommend_model\'s context: half of each kind of ask at a new context, each answered', () => {
  const op = OPERATIONS.find((o) => o.name === 'recommend_model')!;
  const s = soakStreams(ds).recommend_model;
  const contexts = new Set<number>();
  // From the soak's offset (5,000,000, far into the stream) as well as the start.
  for (const from of [0, 5_000_000]) {
    for (let i = from; i < from + 200; i++) {
      const raw = s.input(i);
      // Blocks of four asks (a situation, a named machine, two memory sizes) in turn with and without a context.
      assert.equal('context' in raw, Math.floor(i / 4) % 2 === 0, `input ${i}`);
      if (i % 4 === 0) assert.ok('where' in raw);
      if (typeof raw.context === 'number') {
        assert.ok(raw.context >= 512 && raw.context <= WIDEST_CONTEXT, String(raw.context));
        contexts.add(raw.context);
      }
      assert.doesNotThrow(() => op.handler(ds, validateInput(op, raw) as never, { today: '2026-11-25' }), JSON.stringify(raw));
    }
  }
  // 100 asks with a context from each offset: 200 distinct contexts.
  assert.equal(contexts.size, 200);
  // The other operations' soak streams are their cold streams.
  assert.deepEqual(soakStreams(ds).estimate_cost.input(7), streams.estimate_cost.input(7));
});
