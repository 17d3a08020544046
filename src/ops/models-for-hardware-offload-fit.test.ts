// experts_in_system_ram's `fit`: the worse of the card's level and the RAM's, worked by hand at a 32,768-token context.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { placementLevel } from '../engines/expert-placement.ts';

const ctx = { today: '2026-11-29' };
const hasCommitted = existsSync(DEFAULT_DATA_DIR);
let real: Dataset | undefined;
const committed = () => (real ??= committedDataset());
type Level = 'comfortable' | 'tight';
type Item = { model: { id: string }; llama_cpp_flags: string; fit: Level;
  vram: { total_gb: number; usable_gb: number; fit: Level }; ram: { experts_gb: number; usable_gb: number; fit: Level } };
const section = (input: object) => (models_for_hardware.handler(committed(), models_for_hardware.input.parse(input), ctx) as unknown as {
  experts_in_system_ram: { items: Item[] } }).experts_in_system_ram;

test('a placement is tight where either memory is: the worse of the two levels', () => {
  assert.equal(placementLevel({ vram_fit: 'comfortable', ram_fit: 'comfortable' }), 'comfortable');
  assert.equal(placementLevel({ vram_fit: 'comfortable', ram_fit: 'tight' }), 'tight');
  assert.equal(placementLevel({ vram_fit: 'tight', ram_fit: 'comfortable' }), 'tight');
});

test('gpt-oss-120b on an RTX 4090 beside 64 GB at 32,768 tokens: the card comfortable, the RAM 86% and tight, so `fit` is tight', { skip: !hasCommitted }, () => {
  const g = section({ hardware_id: 'rtx-4090', context: 32768, system_ram_gb: 64, limit: 1 }).items.find((x) => x.model.id === 'gpt-oss-120b')!;
  // By hand (the 8,192-token figures of models-for-hardware-offload.test.ts, the KV cache at 32,768): 18 full-attention
  // layers x 8 KV heads x 64 x 2 (K, V) x 32,768 x 2 B = 1.208 GB, plus 18 sliding layers at 128 tokens, 0.005 GB: 1.212
  // GB. The card: 4.365 non-expert + 1.212 KV + 0.75 buffers = 6.327 GB, plus k layers of experts at 1.692 GB within
  // 85% of 24.48 = 20.81 GB keeps k = 8 (6.327 + 13.54 = 19.86 GB, 81%: comfortable), so N = 36 - 8 = 28 layers in RAM:
  // 28 x 1.692 = 47.38 GB of 64 GiB x 0.8 = 54.98 GB, 86%: over 85%, tight. Until 2026-11-29 `fit` said comfortable.
  assert.equal(g.llama_cpp_flags, '-ngl 99 --n-cpu-moe 28');
  assert.deepEqual([g.vram.total_gb, g.vram.usable_gb, g.vram.fit], [19.86, 24.48, 'comfortable']);
  assert.deepEqual([g.ram.experts_gb, g.ram.usable_gb, g.ram.fit], [47.38, 54.98, 'tight']);
  assert.equal(g.fit, 'tight');
});

test('every placement\'s `fit` is comfortable only where both memories are', { skip: !hasCommitted }, () => {
  const items = section({ hardware_id: 'rtx-4090', context: 32768, system_ram_gb: 64, limit: 1 }).items;
  assert.ok(items.length > 0);
  for (const x of items) {
    // Each level recomputed from the entry's own figures (85% of usable), not read from the code under test.
    const cardTight = x.vram.total_gb > 0.85 * x.vram.usable_gb + 0.01;
    const ramTight = x.ram.experts_gb > 0.85 * x.ram.usable_gb + 0.01;
    assert.equal(x.fit, cardTight || ramTight ? 'tight' : 'comfortable', x.model.id);
  }
});
