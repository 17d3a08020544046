// Tests of the reviewed idle-power table: rows to each configuration's idle_power_w, cited, and impossible rows refused.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Hardware } from '../schema/index.ts';
import { loadAcceleratorIdlePower, withIdlePower } from './accelerator-idle-power.ts';
import type { HardwareConfig } from './hardware.ts';

const HEAD = 'accelerator_key,idle_w,source_url,read_on,note\n';
const table = async (rows: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'idle-')), 'accelerator-idle-power.csv');
  writeFileSync(file, HEAD + rows);
  return loadAcceleratorIdlePower(file);
};
const hw = (id: string, count: number, power: number) =>
  ({ id, count, power_w: { value: power, as_of: '2026-01-01', source: 'epoch-hardware' } }) as unknown as Hardware;
const cfg = (id: string, keys: string[]) => ({ id, accelerator_key: keys }) as unknown as HardwareConfig;

test('an RTX 4090 row gives every configuration of the card its 22 W, cited, per accelerator', async () => {
  const { idle, issues } = await table('NVIDIA GeForce RTX 4090,22,https://github.com/ollama/ollama/issues/8591,2026-11-26,"22 W after inference"\n');
  assert.deepEqual(issues, []);
  const one = hw('rtx-4090', 1, 450);
  const four = hw('rtx-4090-x4', 4, 450);
  const keys = ['NVIDIA GeForce RTX 4090', 'hf:NVIDIA/RTX 4090'];
  assert.deepEqual(withIdlePower([one, four], [cfg('rtx-4090', keys), cfg('rtx-4090-x4', keys)], idle), []);
  assert.equal(one.idle_power_w?.value, 22);
  assert.equal(four.idle_power_w?.value, 22, 'per accelerator; the engine multiplies by the count');
  assert.equal(one.idle_power_w?.source, 'accelerator-idle-power');
  assert.match(one.idle_power_w?.note ?? '', /evidence: https:\/\/github.com\/ollama\/ollama\/issues\/8591/);
});

test('a reading at or above board power is refused; a key no configuration names is reported; a bad row stays out', async () => {
  const { idle, issues } = await table(
    'NVIDIA Tesla T4,80,https://example.org/t4,2026-11-26,"typo"\n'
    + 'NVIDIA GeForce RTX 4009,22,https://example.org/x,2026-11-26,"a typo in the key"\n'
    + 'NVIDIA L4,-5,https://example.org/l4,2026-11-26,"negative"\n');
  assert.deepEqual(issues.map((i) => i.field), ['idle_w']);
  const t4 = hw('t4', 1, 70);
  const out = withIdlePower([t4], [cfg('t4', ['NVIDIA Tesla T4'])], idle);
  assert.equal(t4.idle_power_w, undefined);
  assert.deepEqual(out.map((i) => [i.row, i.field]), [['NVIDIA Tesla T4', 'idle_w'], ['NVIDIA GeForce RTX 4009', 'accelerator_key']]);
});
