// The baseboard table: which SXM and OAM modules are sold only on a board, and the counts a board holds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Hardware } from '../schema/index.ts';
import { boughtWhole } from '../engines/owned-cost.ts';
import { loadBaseboards, withBaseboards } from './accelerator-baseboards.ts';
import type { HardwareConfig } from './hardware.ts';

test('the reviewed table gives the board sizes its pages quote', async () => {
  const { rows, issues } = await loadBaseboards('data/curated/accelerator-baseboards.csv');
  assert.deepEqual(issues, []);
  const counts = Object.fromEntries(rows.map((r) => [r.accelerator_key, r.sold_in]));
  // uvation: HGX H200 servers 'can hold 4 to 8 SXM GPUs'; server-parts.eu: 'NVIDIA HGX B200 | 8-GPU OEM platform';
  // ServeTheHome: 'Eight of these [MI300X] come on a Universal Baseboard'.
  assert.deepEqual(counts['nvidia-h200-sxm'], [4, 8]);
  assert.deepEqual(counts['NVIDIA B200'], [8]);
  assert.deepEqual(counts['AMD Instinct MI300X'], [8]);
});

test('every configuration of a listed module carries the counts; only a board size is bought whole', () => {
  const hw = (id: string, count: number) => ({ id, count }) as unknown as Hardware;
  const hardware = [hw('h200-x1', 1), hw('h200-x4', 4), hw('h200-nvl', 1)];
  const cfg = (id: string, key: string) => ({ id, accelerator_key: [key] }) as unknown as HardwareConfig;
  const configs = [cfg('h200-x1', 'nvidia-h200-sxm'), cfg('h200-x4', 'nvidia-h200-sxm'), cfg('h200-nvl', 'nvidia-h200-nvl')];
  const row = { accelerator_key: 'nvidia-h200-sxm', sold_in: [4, 8], platform: 'HGX H200', source_url: 'https://example.org/h200', read_on: '2026-11-28', note: 'n' };
  const unused = { ...row, accelerator_key: 'nvidia-typo' };
  const issues = withBaseboards(hardware, configs, [row, unused]);
  assert.deepEqual(issues.map((i) => i.row), ['nvidia-typo']);
  assert.deepEqual(hardware[0].sold_in?.value, [4, 8]);
  assert.equal(hardware[2].sold_in, undefined);
  // One H200 SXM is a share of a 4- or 8-GPU board; four is a board; the PCIe H200 NVL card is bought alone.
  assert.deepEqual(hardware.map(boughtWhole), [false, true, true]);
});
