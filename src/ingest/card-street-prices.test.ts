// The reviewed table of dated card street prices: each configuration of the card is priced at the street price times
// its count, dated by the page, and a price after the data date fails the build.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Hardware } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';
import { assertStreetPricesWithin, loadCardStreetPrices, withCardStreetPrices } from './card-street-prices.ts';
import type { HardwareConfig } from './hardware.ts';

const HEADER = 'accelerator_key,usd,price_date,basis,source_url,read_on,quote,note';
// signal-noise.net, 2026-06-22: "The cheapest AIB cards sit around $2,699".
const ROW = 'nvidia-rtx-5090,2699,2026-06-22,street-new-lowest,https://signal-noise.net/posts/x.html,2026-11-28,"around $2,699",page day';

async function load(body: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'card-street-')), 'card-street-prices.csv');
  writeFileSync(file, `${HEADER}\n${body}\n`);
  return loadCardStreetPrices(file);
}

const config = (id: string, key: string) => ({ id, accelerator_key: [key, `hf:${key}`] }) as unknown as HardwareConfig;
const hardware = (id: string, cls: string, count: number, launch: number) => ({
  id, class: cls, count, unified_memory: false, purchase_price_usd: fact(launch * count, '2025-07-21', 'epoch-hardware'),
}) as unknown as Hardware;

test('one card and two are priced at the dated street price times the count, the launch price kept in the note', async () => {
  const { rows, issues } = await load(ROW);
  assert.deepEqual(issues, []);
  const hw = [hardware('rtx-5090', 'desktop', 1, 1999), hardware('rtx-5090-x2', 'desktop', 2, 1999), hardware('rtx-5080', 'desktop', 1, 999)];
  const cfgs = [config('rtx-5090', 'nvidia-rtx-5090'), config('rtx-5090-x2', 'nvidia-rtx-5090'), config('rtx-5080', 'nvidia-rtx-5080')];
  assert.deepEqual(withCardStreetPrices(hw, cfgs, rows), []);
  // 2,699 and 2 x 2,699 = 5,398, dated by the page (2026-06-22), not by the day it was read.
  assert.deepEqual(hw.slice(0, 2).map((h) => [h.purchase_price_usd?.value, h.purchase_price_usd?.as_of, h.purchase_price_usd?.source]),
    [[2699, '2026-06-22', 'card-street-prices'], [5398, '2026-06-22', 'card-street-prices']]);
  assert.match(hw[1].purchase_price_usd!.note!, /^street price, new, the lowest the page gives of 2026-06-22: 2,699 USD a card x 2 cards/);
  assert.match(hw[1].purchase_price_usd!.note!, /launch price not used: 3,998 USD \(epoch-hardware, as of 2025-07-21\)$/);
  assert.equal(hw[2].purchase_price_usd?.value, 999, 'a card with no row keeps its launch price');
});

test('a laptop GPU is not priced, a key no configuration names is an issue, and a price after the data date fails', async () => {
  const { rows } = await load(`${ROW}\nnvidia-rtx-9999,1,2026-06-22,used,https://x.example/p,2026-11-28,q,n`);
  const laptop = hardware('rtx-5090-laptop', 'laptop', 1, 2999);
  const issues = withCardStreetPrices([laptop], [config('rtx-5090-laptop', 'nvidia-rtx-5090')], rows);
  assert.equal(laptop.purchase_price_usd?.value, 2999);
  assert.deepEqual(issues.map((i) => i.row).sort(), ['nvidia-rtx-5090', 'nvidia-rtx-9999']);
  assert.doesNotThrow(() => assertStreetPricesWithin(rows, '2026-09-23'));
  assert.throws(() => assertStreetPricesWithin(rows, '2026-06-21'), /nvidia-rtx-5090: price_date 2026-06-22 is after the data date 2026-06-21/);
});

test('a row with an unknown basis or no quote stays out as an issue', async () => {
  const { rows, issues } = await load('nvidia-rtx-5090,2699,2026-06-22,msrp,https://x.example/p,2026-11-28,,n');
  assert.deepEqual(rows, []);
  assert.ok(issues.length >= 1);
});

test('a price day that is no calendar day is an issue and the row stays out', async () => {
  const { rows, issues } = await load('nvidia-rtx-5090,2699,2026-02-30,street-new-lowest,https://x.example/p,2026-11-28,q,n');
  assert.deepEqual(rows, []);
  assert.equal(issues.length, 1);
  assert.match(JSON.stringify(issues[0]), /price_date/);
});
