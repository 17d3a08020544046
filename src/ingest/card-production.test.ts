// The reviewed table of cards no longer made: each configuration of the card carries discontinued_on, dated and cited.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Hardware } from '../schema/index.ts';
import { loadCardProduction, withCardProduction } from './card-production.ts';
import type { HardwareConfig } from './hardware.ts';

const HEADER = 'accelerator_key,ended_on,basis,source_url,published_on,read_on,note';
const ROW = 'NVIDIA GeForce RTX 4090,2024-10,reported,https://hothardware.com/news/x,2024-11-12,2026-11-28,"only the AD107 line remains"';

async function load(body: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'card-production-')), 'card-production.csv');
  writeFileSync(file, `${HEADER}\n${body}\n`);
  return loadCardProduction(file);
}

const config = (id: string, key: string) => ({ id, accelerator_key: [key, `hf:${key}`] }) as unknown as HardwareConfig;
const hardware = (id: string, cls: string, count: number) => ({ id, class: cls, count, unified_memory: false }) as unknown as Hardware;

test('every configuration of a card no longer made carries the month, dated by the report and said to be reported', async () => {
  const { rows, issues } = await load(ROW);
  assert.deepEqual(issues, []);
  const hw = [hardware('rtx-4090', 'desktop', 1), hardware('rtx-4090-x4', 'workstation', 4), hardware('rtx-4060', 'desktop', 1)];
  const cfgs = [config('rtx-4090', 'NVIDIA GeForce RTX 4090'), config('rtx-4090-x4', 'NVIDIA GeForce RTX 4090'), config('rtx-4060', 'nvidia-rtx-4060')];
  assert.deepEqual(withCardProduction(hw, cfgs, rows), []);
  // One card and four: the same month; the fact is dated by the page (2024-11-12), not the day it was read.
  assert.deepEqual(hw.slice(0, 2).map((h) => [h.discontinued_on?.value, h.discontinued_on?.as_of, h.discontinued_on?.source]),
    [['2024-10', '2024-11-12', 'card-production'], ['2024-10', '2024-11-12', 'card-production']]);
  assert.match(hw[0].discontinued_on!.note!, /^end of production reported by the press, not confirmed by the maker: .*evidence: https:\/\/hothardware\.com\/news\/x \(read 2026-11-28\)$/);
  assert.equal(hw[2].discontinued_on, undefined, 'a card with no row is left as it is');
});

test('a laptop GPU is not marked, an earlier mark is kept, and a key no configuration names is an issue', async () => {
  const { rows } = await load(`${ROW}\nnvidia-rtx-9999,2024-11,reported,https://hothardware.com/news/x,2024-11-12,2026-11-28,x`);
  const laptop = hardware('rtx-4090-laptop', 'laptop', 1);
  const marked = { ...hardware('rtx-4090', 'desktop', 1), discontinued_on: { value: '2024-09', as_of: '2024-10-01', source: 'machine-prices' } } as Hardware;
  const issues = withCardProduction([laptop, marked], [config('rtx-4090-laptop', 'NVIDIA GeForce RTX 4090'), config('rtx-4090', 'NVIDIA GeForce RTX 4090')], rows);
  assert.equal(laptop.discontinued_on, undefined);
  assert.equal(marked.discontinued_on?.value, '2024-09');
  assert.deepEqual(issues.map((i) => i.row), ['nvidia-rtx-9999']);
});

test('a bad row (a month without a year, a basis not listed) and a repeated key are issues', async () => {
  const { rows, issues } = await load(`${ROW}\n${ROW}\nNVIDIA GeForce RTX 4080,10,rumoured,https://x.org,2024-11-12,2026-11-28,x`);
  assert.equal(rows.length, 1);
  assert.deepEqual(issues.map((i) => i.field).sort(), ['accelerator_key', 'basis', 'ended_on']);
});

test('the RTX 30 rows of the table: the months the pages give, and no month lent to a sibling on the same chip', async () => {
  const { rows, issues } = await loadCardProduction(path.join(import.meta.dirname, '../../data/curated/card-production.csv'));
  assert.deepEqual(issues, []);
  const month = (key: string) => rows.find((r) => r.accelerator_key === key)?.ended_on;
  // Tom's Hardware (2024-08-03): NVIDIA told partners to place their last RTX 3060 orders; Dexerto (2024-08-05): both
  // the 12 GB and 8 GB versions; the same Tom's Hardware page: the RTX 3060 Ti's end was reported in May 2023.
  assert.deepEqual([month('nvidia-rtx-3060-12gb'), month('nvidia-rtx-3060-8gb'), month('nvidia-rtx-3060-ti')], ['2024-08', '2024-08', '2023-05']);
  assert.ok(rows.filter((r) => r.accelerator_key.includes('rtx-306')).every((r) => r.basis === 'reported'));
  // The 3060 Ti's report names its own GA104 only: the RTX 3070 and 3070 Ti (GA104 too) and the GA102 cards get no
  // month from it, but their own rows: Phonandroid (2023-03) lists the RTX 3070, 3070 Ti, 3080, 3080 Ti, 3090 and
  // 3090 Ti Founders Editions as withdrawn from NVIDIA's store, and reports no end of production (basis withdrawn).
  assert.deepEqual(rows.filter((r) => r.basis === 'withdrawn').map((r) => r.accelerator_key).sort(), [
    'NVIDIA GeForce RTX 3080', 'NVIDIA GeForce RTX 3090', 'NVIDIA GeForce RTX 3090 Ti', 'nvidia-rtx-3070', 'nvidia-rtx-3070-ti', 'nvidia-rtx-3080-ti']);
  const cfgs = [config('rtx-3070', 'nvidia-rtx-3070'), config('rtx-3070-ti', 'nvidia-rtx-3070-ti'), config('rtx-3090', 'NVIDIA GeForce RTX 3090'),
    config('rtx-3060-ti', 'nvidia-rtx-3060-ti'), config('rtx-3060-8gb', 'nvidia-rtx-3060-8gb')];
  const hw = cfgs.map((c) => hardware(c.id, 'desktop', 1));
  withCardProduction(hw, cfgs, rows);
  assert.deepEqual(hw.map((h) => h.discontinued_on?.value), ['2023-03', '2023-03', '2023-03', '2023-05', '2024-08']);
  assert.equal(hw[3].discontinued_on?.as_of, '2024-08-03', 'dated by the page, not by the month it reports');
  // A page whose copy gives only its month: the fact is as of the day it was read.
  assert.equal(hw[2].discontinued_on?.as_of, '2026-11-29');
  assert.match(hw[2].discontinued_on!.note!, /^withdrawn from the maker's own store, as the press reported; no report of production's end was read: this card: the RTX 3090;/);
});
