// The hardware operations take machines as people name them: models_for_hardware's path text and recommend's machine.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { ServiceError } from '../errors/index.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { recommend_model } from './recommend-model.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ctx = { today: '2026-11-25' };
const skip = !existsSync(DEFAULT_DATA_DIR);
const ds = skip ? undefined : committedDataset();
type Out = Record<string, any>;
const mfh = (input: Record<string, unknown>) => models_for_hardware.handler(ds!, models_for_hardware.input.parse(input), ctx) as Out;
const rec = (input: Record<string, string>) => recommend_model.handler(ds!, recommend_model.input.parse(input), ctx) as Out;

test('models_for_hardware: "2x 3090" is the two-card configuration, echoed, and the answer keeps its declared shape', { skip }, () => {
  const out = mfh({ hardware_id: '2x 3090', limit: 5 });
  // 2 x 24 GB (Epoch: RTX 3090, 24e9 bytes per board) = 48 GB.
  assert.deepEqual([out.hardware.id, out.hardware.memory_gb.value, out.understood.how], ['rtx-3090-x2', 48, 'device']);
  assert.match(out.understood.interpretation, /2 x 24 GB = 48 GB/);
  assert.deepEqual(models_for_hardware.output.parse(out), out);
});

test('models_for_hardware: a bare size is fitted without speed, and says so', { skip }, () => {
  const out = mfh({ hardware_id: '11 GB GPU', limit: 5 });
  assert.deepEqual([out.hardware.id, out.hardware.bandwidth_gbs, out.understood.speed_estimated], ['gpu-11gb', null, false]);
  assert.ok(out.items.length > 0, 'models fit in 11 x 0.95 GB');
  for (const e of out.items) assert.deepEqual([e.tokens_per_s, e.speed], [null, null]);
  assert.deepEqual(models_for_hardware.output.parse(out), out);
});

test('models_for_hardware: a counted configuration not catalogued is built (3 x 3090 = 72 GB) and its speed uses 3 cards', { skip }, () => {
  const out = mfh({ hardware_id: '3 x 3090', limit: 3 });
  assert.deepEqual([out.hardware.id, out.hardware.memory_gb.value, out.understood.how], ['rtx-3090-x3', 72, 'counted']);
  // Aggregate bandwidth 3 x 936 GB/s = 2,808 GB/s.
  assert.equal(out.hardware.aggregate_bandwidth_gbs.value, 2808);
  for (const e of out.items) assert.equal(e.speed.aggregate_bandwidth_gbs, 2808);
});

test('models_for_hardware: ambiguous text is a 400 with the candidates; an unknown id is still hardware_not_found', { skip }, () => {
  assert.throws(() => mfh({ hardware_id: 'RTX 3060' }), (e: unknown) =>
    e instanceof ServiceError && e.status === 400 && e.code === 'invalid_parameter'
    && JSON.stringify(e.options.suggestions) === JSON.stringify(['rtx-3060-12gb', 'rtx-3060-8gb']) && e.options.errors?.[0].parameter === 'hardware_id');
  assert.throws(() => mfh({ hardware_id: 'RTX 9999 24GB' }), (e: unknown) =>
    e instanceof ServiceError && e.status === 400 && /9999/.test(e.message) && /understood: rtx, 24 gb/.test(e.message));
  assert.throws(() => mfh({ hardware_id: 'no-such-box' }), (e: unknown) => e instanceof ServiceError && e.code === 'hardware_not_found');
});

test('recommend_model: machine text is echoed with its reading; a wrong device is never substituted', { skip }, () => {
  const mac = rec({ use: 'chat', machine: 'M3 Max 64GB' });
  assert.deepEqual([mac.understood.machine.hardware_id, mac.understood.machine.how], ['m3-max-64gb', 'hardware_id']);
  const h100 = rec({ use: 'chat', machine: 'a single H100' });
  assert.equal(h100.understood.machine.hardware_id, 'h100-80gb-x1');
  assert.match(h100.understood.machine.interpretation, /SXM/);
  const mine = rec({ use: 'coding', machine: 'my 4090' });
  assert.deepEqual([mine.understood.machine.hardware_id, mine.understood.machine.how], ['rtx-4090', 'device']);
  for (const r of mine.recommendations) if (r.self_hosting) assert.equal(r.self_hosting.hardware_id, 'rtx-4090');
  assert.throws(() => rec({ machine: 'M4 Max' }), (e: unknown) =>
    e instanceof ServiceError && e.status === 400 && (e.options.suggestions ?? []).includes('m4-max-64gb') && /candidates/.test(e.options.errors?.[0].message ?? ''));
  assert.deepEqual(recommend_model.output.parse(mine), mine);
});

test('machines that do not exist are a 400 naming what was read and the bound, on every operation that takes a machine', { skip }, async () => {
  const { estimate_cost } = await import('./estimate-cost.ts');
  const cost = (hardware: string) => estimate_cost.handler(ds!, estimate_cost.input.parse({ model_id: 'llama-3.3-70b-instruct', tokens_millions: 10, hardware }), ctx);
  // Bounds: 1024 GB per device (2 x m3-ultra-512gb's 512 GB), 16 devices (machine-build.ts); 0 and -5 are not sizes.
  const cases: Array<[string, RegExp]> = [
    ['9999 GB GPU', /from 1 to 1024 GB per device.*states 9999 GB/], ['100000 GB', /1024 GB.*states 100000 GB/],
    ['512 x H100', /count must be from 1 to 16; "512 x H100" states 512/], ['0 GB GPU', /from 1 to 1024 GB.*states 0 GB/],
    ['-5 GB GPU', /cannot be negative.*-5/], ['1e9 GB', /no catalogued device/],
  ];
  for (const [text, message] of cases) {
    for (const call of [() => mfh({ hardware_id: text }), () => rec({ machine: text }), () => cost(text)]) {
      assert.throws(call, (e: unknown) => e instanceof ServiceError && e.status === 400 && e.code === 'invalid_parameter' && message.test(e.message), text);
    }
  }
  // Real machines at the edge still answer: 8x B200 (b200-x8, 8 x 180 GB), 8x MI325X (mi325x-x8, 8 x 256 GB = 2048 GB).
  assert.equal(mfh({ hardware_id: '8x B200', limit: 1 }).hardware.memory_gb.value, 1440);
  assert.equal(mfh({ hardware_id: '8x MI325X', limit: 1 }).hardware.memory_gb.value, 2048);
  assert.equal(mfh({ hardware_id: 'Mac Studio M3 Ultra 512GB', limit: 1 }).hardware.id, 'm3-ultra-512gb');
});
