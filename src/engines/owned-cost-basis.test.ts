// Tests of the owned basis: one bought configuration for every owned figure, never a hostless one beside a whole one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ownedBasisWords, ownedWeighed, pickOwnedBasis } from './owned-cost-basis.ts';

const month = (hardware_id: string, monthly_usd: number, host_counted: boolean, machines = 1) => ({ hardware_id, monthly_usd, machines, host_counted });

test('the basis is the cheapest month that counts its whole machine, even where a hostless month costs less', () => {
  // gpt-oss-120b at 10,000M as the catalogue prices it: rtx-4090-x4 269.32 USD with no host priced; two rtx-3090-x4
  // at 515 with their EPYC workstation (1,314 USD); mi300x-x1 453.33 with no host.
  const owned = [month('rtx-4090-x4', 269.32, false), month('mi300x-x1', 453.33, false), month('rtx-3090-x4', 515, true, 2)];
  assert.equal(pickOwnedBasis(owned), owned[2]);
  const w = ownedBasisWords(owned[2], owned, 10000);
  assert.equal(w.hostless, false);
  assert.match(w.text, /weigh the 1 bought configuration that count their whole machine, the cheapest at each volume; at 10000M tokens the cheapest is rtx-3090-x4 x2, 515 USD a month, the verdict's owned month; rtx-4090-x4 costs less \(269\.32 USD\) but leaves out a host machine no source prices/);
  // The break-even and the curve weigh only the month counted whole, whatever the volume asked.
  assert.deepEqual(ownedWeighed(owned), [owned[2]]);
});

test('with no host priced anywhere the cheapest is the basis, and the words say the host is unpriced', () => {
  const owned = [month('rtx-4090-x4', 269.32, false), month('mi300x-x1', 453.33, false)];
  assert.equal(pickOwnedBasis(owned), owned[0]);
  const w = ownedBasisWords(owned[0], owned, 10000);
  assert.equal(w.hostless, true);
  assert.match(w.text, /weigh the 2 bought configurations costed here, the cheapest at each volume, none with its host machine priced; at 10000M tokens the cheapest is rtx-4090-x4, 269\.32 USD a month/);
  assert.deepEqual(ownedWeighed(owned), owned);
  assert.equal(pickOwnedBasis([]), undefined);
});

test('the cheapest month counted whole is the basis with no aside', () => {
  const owned = [month('strix-halo-128gb', 98.03, true), month('rtx-4090-x4', 150, false)];
  assert.equal(pickOwnedBasis(owned), owned[0]);
  assert.doesNotMatch(ownedBasisWords(owned[0], owned, 100).text, /costs less/);
});
