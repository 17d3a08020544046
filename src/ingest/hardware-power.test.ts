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
