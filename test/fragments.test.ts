// Answers written from kept parts (ops/json-fragment.ts) are the answers projected and serialized whole, byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coldStreams } from '../bench/cold-inputs.ts';
import { projectBody } from '../src/access/index.ts';
import type { AccessControl } from '../src/access/types.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { servedDataset } from './dataset-helpers.ts';

const TODAY = '2026-08-01';
const BASE_URL = 'http://127.0.0.1:8080';
const { dataset } = servedDataset();
const streams = coldStreams(dataset);

test('every operation: served bytes and value equal the plain answer projected and serialized whole, both tiers', () => {
  const executor = createExecutor({
    dataset, access: undefined as unknown as AccessControl, baseUrl: BASE_URL, today: () => TODAY, cacheEntries: 0,
  });
  let compared = 0;
  for (const op of OPERATIONS) {
    // The examples, and for the operations written from kept parts a spread of their cold inputs (many contexts,
    // configurations and models, so that kept parts are reused across answers).
    const many = ['models_for_hardware', 'estimate_cost', 'cheapest_for', 'recommend_model'].includes(op.name) ? 40 : 3;
    const inputs = [...op.examples.map((e) => e.input), ...Array.from({ length: many }, (_, k) => streams[op.name].input(k * 37))];
    for (const raw of inputs) {
      const input = validateInput(op, raw);
      for (const full of [true, false]) {
        const served = executor.run(op, input, full);
        const body = { data_as_of: dataset.meta.data_as_of, ...(op.handler(dataset, input as never, { today: TODAY }) as object) };
        const plain = projectBody(body, { full, fullTierOnly: op.fullTierOnly, sources: dataset.sourceById, baseUrl: BASE_URL });
        const what = `${op.name} ${JSON.stringify(raw)} ${full ? 'full' : 'partial'}`;
        assert.equal(served.bytes.toString(), JSON.stringify(plain), what);
        assert.deepEqual(served.value, JSON.parse(JSON.stringify(plain)), what);
        compared++;
      }
    }
  }
  assert.ok(compared > 200, `compared ${compared} answers`);
});
