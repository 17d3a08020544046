// Strix Halo and DGX Spark: the usable memory served with its sources, worked by hand from the published figures.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { dgxSparkUsableFact, strixHaloUsableFact } from './unified-usable.ts';

test('a 128 GB Strix Halo maps 120 GiB with the TTM page limit raised, and the note says what to set', () => {
  // lhl/strix-halo-testing llm-bench/README.md: `options ttm pages_limit=31457280` = 31,457,280 x 4 KiB = 120 GiB of 128.
  const f = strixHaloUsableFact(128);
  assert.equal(f.value, 120 / 128);
  assert.equal(f.source, 'derived');
  assert.match(f.note!, /pages_limit=31457280/);
  assert.match(f.note!, /half of memory \(64 GB\)/);
  assert.ok(f.derived_from?.some((d) => d.includes('lhl/strix-halo-testing')));
  // 64 GB: the same 8 GiB kept by the OS, 56 GiB = 14,680,064 pages; said to be an assumption at that size.
  const small = strixHaloUsableFact(64);
  assert.equal(small.value, 56 / 64);
  assert.match(small.note!, /pages_limit=14680064/);
  assert.match(small.note!, /an assumption/);
});

test('a DGX Spark holds about 113 GiB: 121.69 GiB as Linux sees it less 8.68 GiB in use at idle', () => {
  // Syllo/nvtop#449: "MEM[8.684Gi/121.690Gi]" idle: 121.69 - 8.68 = 113.0 GiB, 113.0 / 128 = 0.883, 0.88.
  const f = dgxSparkUsableFact(128);
  assert.equal(f.value, 0.88);
  assert.match(f.note!, /nothing to set/);
  assert.equal(f.derived_from?.length, 3);
});

test('the committed dataset serves both with their note, where they had a bare share before', { skip: !existsSync(DEFAULT_DATA_DIR) }, () => {
  const ds = committedDataset();
  const byId = (id: string) => ds.hardware.find((h) => h.id === id)!;
  // Before: 0.75 (96 GB) for every Strix Halo and 0.9 for the DGX Spark, from the accelerators table with no note.
  assert.equal(byId('strix-halo-128gb').usable_fraction.value, 0.9375);
  assert.equal(byId('strix-halo-385-32gb').usable_fraction.value, 0.75);
  assert.equal(byId('dgx-spark').usable_fraction.value, 0.88);
  for (const id of ['strix-halo-128gb', 'strix-halo-64gb', 'strix-halo-96gb', 'strix-halo-385-32gb', 'dgx-spark']) {
    assert.ok(byId(id).usable_fraction.note && byId(id).usable_fraction.derived_from?.length, id);
  }
});
