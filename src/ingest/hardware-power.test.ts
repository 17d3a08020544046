// Tests of the board-power choice: the vendor's board power wins where sources disagree, the other kept as a conflict.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HardwareObservation } from '../sources/types.ts';
import { powerFact } from './hardware-power.ts';

const obs = (source: string, power_w: number | undefined, url?: string): HardwareObservation => ({
  source, key: source, name: 'card', as_of: '2025-07-21', ...(power_w !== undefined ? { power_w } : {}), ...(url ? { url } : {}),
});

test("RTX 4070: Epoch's 285 W loses to NVIDIA's 200 W board power (hf-tasks-hardware), kept as a conflict", () => {
  // epoch-ml-hardware/ml_hardware.csv "NVIDIA GeForce RTX 4070": TDP (W) 285.0; hf-tasks-hardware/hardware-nvidia.js
  // "RTX 4070": power 200; NVIDIA's RTX 4070 specifications: total graphics power 200 W.
  const epoch = obs('epoch-hardware', 285, 'https://www.techpowerup.com/gpu-specs/geforce-rtx-4070.c3924');
  const f = powerFact([epoch, obs('hf-tasks-hardware', 200)]);
  assert.equal(f?.value, 200);
  assert.equal(f?.source, 'hf-tasks-hardware');
  assert.deepEqual(f?.conflicts, [{ value: 285, as_of: '2025-07-21', source: 'epoch-hardware' }]);
});

test('agreeing sources keep the first, the others corroborate; a single source stands alone', () => {
  // RTX 4090: Epoch TDP 450, hf-tasks-hardware 450.
  const f = powerFact([obs('epoch-hardware', 450), obs('hf-tasks-hardware', 450)]);
  assert.deepEqual([f?.value, f?.source, f?.corroborated_by, f?.conflicts], [450, 'epoch-hardware', ['hf-tasks-hardware'], undefined]);
  assert.equal(powerFact([obs('epoch-hardware', 700), obs('hf-tasks-hardware', undefined)])?.value, 700);
  assert.equal(powerFact([obs('epoch-hardware', undefined)]), undefined);
});

test("RX 7900 XT: AMD's 300 W board power, read on its own page, wins over the Hugging Face table's 315 W", async () => {
  // AMD's announcement as mybroadband.co.za reported it on 2022-11-04: "20GB GDDR6 video memory, 320-bit interface,
  // and 300W TDP" (tweaktown.com: "... the Radeon RX 7900 XT (300W)"); huggingface.js hardware.ts "RX 7900 XT": 315.
  // The row's bandwidth (800 GB/s) keeps its own page; the power observation cites the power page.
  const { loadAccelerators } = await import('./hardware.ts');
  const { hardware, issues } = await loadAccelerators('data/curated/accelerators.csv');
  assert.deepEqual(issues, []);
  const mine = hardware.filter((h) => h.key === 'amd-rx-7900-xt');
  const power = mine.filter((h) => h.power_w !== undefined);
  assert.equal(power.length, 1);
  assert.equal(power[0]!.power_w, 300);
  assert.match(power[0]!.url!, /mybroadband\.co\.za\/news\/hardware\/467523/);
  assert.equal(power[0]!.as_of, '2026-11-29');
  assert.equal(mine.find((h) => h.bandwidth_gbs !== undefined)?.url?.includes('worldnl.com'), true);
  const f = powerFact([...power, obs('hf-tasks-hardware', 315)]);
  assert.equal(f?.value, 300);
  assert.deepEqual(f?.conflicts, [{ value: 315, as_of: '2025-07-21', source: 'hf-tasks-hardware' }]);
});
