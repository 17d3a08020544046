// models_for_hardware's `nearest`: present only when no model fits, with the least memory needed and a context that fits.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { fitModel } from '../engines/hardware-fit.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ctx = { today: '2026-11-26' };
type Out = Record<string, any>;
const run = (ds: Dataset, input: Record<string, unknown>) => models_for_hardware.handler(ds, models_for_hardware.input.parse(input), ctx) as Out;
const committed = { skip: !existsSync(DEFAULT_DATA_DIR) };
let loaded: Dataset | undefined;
const dataset = () => (loaded ??= committedDataset());

// `2GB RAM` is read as a 2 GB unified-memory machine: 2 GiB x 2/3 usable = 1,431,655,765 bytes, 1.43 GB.
test('2GB RAM at the default 8,192 tokens: nothing fits; the nearest is Llama 3.2 1B at Q3_K_M, short by 0.19 GB', committed, () => {
  const o = run(dataset(), { hardware_id: '2GB RAM' });
  assert.equal(o.context, 8192);
  assert.deepEqual(o.items, []);
  assert.equal(o.page.total, 0);
  // Llama 3.2 1B (1,235,814,400 parameters, 16 layers, 8 KV heads of 64; no published Q3_K_M file):
  // weights 1,235,814,400 x 3.9 / 8 = 602,459,520 bytes (0.60 GB); KV cache 2 x 16 x 8 x 64 x 8,192 x 2 bytes =
  // 268,435,456 (0.27 GB); overhead 0.75 GB: 1,620,894,976 bytes, 1.62 GB, against 1.43: short by 0.19 GB.
  assert.deepEqual(o.nearest.smallest, {
    model: { id: 'llama-3.2-1b-instruct', name: 'Llama 3.2 1B Instruct', vendor: 'meta', vendor_name: 'Meta' },
    quantization_name: 'Q3_K_M',
    memory: {
      quantization: 'q3_k_m', weights_gb: 0.6, kv_cache_gb: 0.27, overhead_gb: 0.75, total_gb: 1.62, usable_gb: 1.43,
      headroom_gb: -0.19, used_fraction: 1.132,
    },
  });
  // At 4,096 tokens Gemma 3 1B fits (its window is unknown: assessed up to 4,096 only): 26 layers, 22 of them sliding
  // over 512 tokens, 1 KV head of 256: (4 x 4,096 + 22 x 512) x 2 x 256 x 2 bytes = 28,311,552 of cache; with
  // 999,885,952 x 4.89 / 8 = 611,180,914 of Q4_K_M weights and 0.75 GB, 1.39 GB <= 1.43. Llama 3.2 1B needs 1.49
  // there (602,459,520 + 134,217,728 + 750,000,000), Qwen1.5 0.5B 1.45 (302,040,461 + 2 x 24 x 16 x 64 x 4,096 x 2 =
  // 402,653,184 + 750,000,000).
  assert.deepEqual(o.nearest.shorter_context, { context: 4096, models_that_fit: 1 });
  assert.equal(
    o.nearest.summary,
    'No assessable model fits at 8,192 tokens: the least memory any of them needs here is 1.62 GB, llama-3.2-1b-instruct at '
      + 'Q3_K_M (weights 0.6 + KV cache 0.27 + overhead 0.75 GB), against 1.43 GB usable: short by 0.19 GB. At 4,096 tokens '
      + '1 model fits: ask with context=4096.',
  );
  // The shorter context holds what it says: asked there, the one model is listed.
  const at4k = run(dataset(), { hardware_id: '2GB RAM', context: 4096 });
  assert.deepEqual(at4k.items.map((i: Out) => i.model.id), ['gemma-3-1b-it']);
  assert.equal(at4k.nearest, undefined);
});

test('no model needs less than the nearest: every model\'s smallest alternative, assessed one by one', committed, () => {
  const ds = dataset();
  const o = run(ds, { hardware_id: '2GB RAM' });
  const hardware = ds.hardwareById.get(o.hardware.id) ?? undefined;
  // The ad-hoc machine is not catalogued: rebuilt from the answer's own reading (2 GB, 2/3 usable, unified).
  const machine = hardware ?? {
    id: o.hardware.id, name: o.hardware.name, class: o.hardware.class, accelerator: o.hardware.accelerator, count: 1,
    unified_memory: true, memory_gb: o.hardware.memory_gb, usable_fraction: o.hardware.usable_fraction,
  };
  let least = Infinity;
  for (const m of ds.models) {
    if (m.open_weights?.value !== true) continue;
    const fit = fitModel(m, machine as never, { context: 8192, concurrency: 1 });
    if (!fit.assessable || fit.reason?.includes('exceeds the model\'s context window')) continue;
    for (const q of fit.by_quantization) least = Math.min(least, q.total_gb);
  }
  assert.equal(least, o.nearest.smallest.memory.total_gb);
});

test('2GB RAM at 2,048 tokens: three models fit, and the answer carries no `nearest`', committed, () => {
  const o = run(dataset(), { hardware_id: '2GB RAM', context: 2048 });
  // Llama 3.2 1B Q3_K_M: 602,459,520 + 2 x 16 x 8 x 64 x 2,048 x 2 (67,108,864) + 750,000,000 = 1.42 GB <= 1.43.
  assert.deepEqual(
    o.items.map((i: Out) => [i.model.id, i.quantization, i.memory.total_gb]).sort(),
    [['gemma-3-1b-it', 'q4_k_m', 1.38], ['llama-3.2-1b-instruct', 'q3_k_m', 1.42], ['qwen1.5-0.5b', 'q5_k_m', 1.39]],
  );
  assert.equal('nearest' in o, false);
});

test('a machine where models fit, and a page past the end of a list, carry no `nearest`', committed, () => {
  const big = run(dataset(), { hardware_id: 'h100-80gb-x8' });
  assert.ok(big.items.length > 0);
  assert.equal('nearest' in big, false);
  // The cursor of place 100000 ('v1:100000'): an empty page of a list that is not empty.
  const past = run(dataset(), { hardware_id: 'rtx-4090', cursor: Buffer.from('v1:100000').toString('base64url') });
  assert.deepEqual(past.items, []);
  assert.ok(past.page.total > 0);
  assert.equal('nearest' in past, false);
});

test('1 GB RAM at 512 tokens: even the overhead exceeds usable memory; no shorter context, and the sentence says so', committed, () => {
  // 1 GiB x 2/3 = 715,827,883 bytes (0.72 GB), under the 0.75 GB overhead alone. Qwen1.5 0.5B at Q3_K_M:
  // 619,570,176 x 3.9 / 8 = 302,040,461 + 2 x 24 x 16 x 64 x 512 x 2 = 50,331,648 + 750,000,000 = 1.10 GB.
  const o = run(dataset(), { hardware_id: '1GB RAM', context: 512 });
  assert.equal(o.nearest.smallest.model.id, 'qwen1.5-0.5b');
  assert.equal(o.nearest.smallest.memory.total_gb, 1.1);
  assert.equal(o.nearest.smallest.memory.usable_gb, 0.72);
  assert.equal(o.nearest.shorter_context, null);
  assert.match(o.nearest.summary, /short by 0\.39 GB\.$/);
  const at8k = run(dataset(), { hardware_id: '1GB RAM' });
  assert.equal(at8k.nearest.shorter_context, null);
  assert.match(at8k.nearest.summary, /No shorter standard context, down to 512 tokens, makes one fit\.$/);
});

test('the answer with `nearest` validates against the declared output (the OpenAPI and MCP output schemas)', committed, () => {
  const o = run(dataset(), { hardware_id: '2GB RAM' });
  assert.doesNotThrow(() => models_for_hardware.output.parse(o));
});
