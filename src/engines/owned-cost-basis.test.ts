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

test('a whole month sold new is the basis before a cheaper whole month no longer sold new', () => {
  // Hand-built: a discontinued Mac at 1,200 USD a month (its last list price spread over the months) against a machine
  // on sale at 1,500; the buyer can only buy the second new, so the second is the basis and the words name the first.
  const mac = { ...month('m3-ultra-512gb', 1200, true, 12), sold_new: false };
  const onSale = { ...month('h100-sxm-x8', 1500, true), sold_new: true };
  assert.equal(pickOwnedBasis([mac, onSale]), onSale);
  // The break-even and the curve weigh only the one sold new, so the Mac's cheaper month moves no owned figure.
  assert.deepEqual(ownedWeighed([mac, onSale]), [onSale]);
  assert.match(ownedBasisWords(onSale, [mac, onSale], 1000).text,
    /weigh the 1 bought configuration that count their whole machine and are not recorded as discontinued, .* the cheapest is h100-sxm-x8, 1500 USD a month, the verdict's owned month; m3-ultra-512gb costs less \(1200 USD\) but is no longer sold new, so it is not weighed$/);
  // Where nothing sold new counts its whole machine, the discontinued one is the basis, and the words say it.
  const hostless = { ...month('rtx-4090-x4', 300, false), sold_new: true };
  assert.equal(pickOwnedBasis([hostless, mac]), mac);
  assert.deepEqual(ownedWeighed([hostless, mac]), [mac]);
  assert.match(ownedBasisWords(mac, [hostless, mac], 1000).text,
    /the cheapest is m3-ultra-512gb x12, 1200 USD a month, the verdict's owned month; rtx-4090-x4 costs less \(300 USD\) but leaves out a host machine no source prices, so it is not the basis; m3-ultra-512gb is no longer sold new \(costed at a price no longer offered\), and no configuration sold new that counts its whole machine serves the model$/);
});

test('the weighed set leaves a discontinued machine out at every volume where one sold new serves the model', () => {
  // Hand calculation: month(V) = fixed + marginal x V. Discontinued D: 1,000 + 1.0 V; sold new S: 3,000 + 0.5 V.
  // Weighing both, D is the cheaper below 4,000M (1,000 + V < 3,000 + 0.5 V <=> V < 4,000), so at 1,000M the owned
  // month would be D's 2,000 USD; weighing S alone it is 3,000 + 500 = 3,500 USD at 1,000M, and S at every volume.
  const d = { ...month('d', 2000, true), sold_new: false };
  const s = { ...month('s', 3500, true), sold_new: true };
  const weighed = ownedWeighed([d, s]);
  assert.deepEqual(weighed.map((o) => o.hardware_id), ['s']);
  assert.equal(pickOwnedBasis([d, s])?.monthly_usd, 3500);
  // Absent sold_new reads as sold new (a stand-in without the member, as before the member existed).
  assert.deepEqual(ownedWeighed([month('a', 1, true), d]).map((o) => o.hardware_id), ['a']);
  // Two discontinued and nothing sold new: both weighed, the cheapest the basis.
  const d2 = { ...month('d2', 2500, true), sold_new: false };
  assert.deepEqual(ownedWeighed([d, d2]), [d, d2]);
  assert.match(ownedBasisWords(d, [d, d2], 1000).text, /; d is no longer sold new \(costed at a price no longer offered\)/);
});

test('every cheaper discontinued configuration passed over is named with its month, cheapest first', () => {
  // Hand-built: the basis sold new at 1,500 USD a month; three discontinued machines counted whole, two cheaper than it
  // (900 and 1,200 USD), one dearer (1,800 USD, not passed over for price, so not named). Given out of order, the words
  // name the 900 one first, then the 1,200 one, and never the dearer one.
  const onSale = { ...month('h100-sxm-x8', 1500, true), sold_new: true };
  const big = { ...month('m3-ultra-512gb', 1200, true, 12), sold_new: false };
  const small = { ...month('m3-ultra-256gb', 900, true, 20), sold_new: false };
  const dear = { ...month('m4-max-128gb', 1800, true, 40), sold_new: false };
  const owned = [onSale, big, dear, small];
  assert.equal(pickOwnedBasis(owned), onSale);
  const text = ownedBasisWords(onSale, owned, 1000).text;
  assert.match(text, /the verdict's owned month; m3-ultra-256gb \(900 USD\) and m3-ultra-512gb \(1200 USD\) cost less but are no longer sold new, so they are not weighed$/);
  assert.doesNotMatch(text, /m4-max-128gb/);
  // One passed over keeps the words of one: "costs less (...) but is no longer sold new, so it is not weighed".
  assert.match(ownedBasisWords(onSale, [onSale, big, dear], 1000).text,
    /; m3-ultra-512gb costs less \(1200 USD\) but is no longer sold new, so it is not weighed$/);
});

test('past three configurations passed over, the rest are counted: "and N more"; equal months read by id', () => {
  // Five discontinued months under the basis's 1,000 USD: 100, 200, 200 (ids b before c), 300, 400. The three cheapest
  // are named (a, then b and c at 200 by id), the other two (d at 300, e at 400) counted: "and 2 more".
  const basis = { ...month('sold', 1000, true), sold_new: true };
  const gone = (id: string, usdMonth: number) => ({ ...month(id, usdMonth, true), sold_new: false });
  const owned = [basis, gone('e', 400), gone('c', 200), gone('d', 300), gone('b', 200), gone('a', 100)];
  assert.match(ownedBasisWords(basis, owned, 10).text,
    /; a \(100 USD\), b \(200 USD\), c \(200 USD\) and 2 more cost less but are no longer sold new, so they are not weighed$/);
  // Exactly three: all named, the last after "and".
  assert.match(ownedBasisWords(basis, [basis, gone('c', 200), gone('b', 200), gone('a', 100)], 10).text,
    /; a \(100 USD\), b \(200 USD\) and c \(200 USD\) cost less but are no longer sold new, so they are not weighed$/);
  // A hostless discontinued month is of another kind than a basis counted whole: not named among those passed over.
  const hostless = { ...month('gone-hostless', 50, false), sold_new: false };
  assert.doesNotMatch(ownedBasisWords(basis, [hostless, basis, gone('a', 100), gone('b', 200)], 10).text, /gone-hostless \(/);
});

test('a share of a baseboard is listed but never weighed where a machine bought whole serves the model', () => {
  // qwen3-235b-a22b at 100M before the baseboard table: h200-x1 (one H200 SXM and 1/8 of an HGX host, 1,017.85 USD)
  // stood for owning, though the H200 SXM is sold only on boards of 4 or 8 (data/curated/accelerator-baseboards.csv).
  // Hand-built from those months: h200-x1 1,017.85 and b200-x1 1,245.37 (shares), h100-80gb-x4 3,796.87 (a 4-GPU board).
  const h200x1 = { ...month('h200-x1', 1017.85, true), bought_whole: false };
  const b200x1 = { ...month('b200-x1', 1245.37, true), bought_whole: false };
  const h100x4 = { ...month('h100-80gb-x4', 3796.87, true), bought_whole: true };
  const owned = [h200x1, b200x1, h100x4];
  assert.equal(pickOwnedBasis(owned), h100x4);
  assert.deepEqual(ownedWeighed(owned), [h100x4]);
  assert.match(ownedBasisWords(h100x4, owned, 100).text,
    /weigh the 1 bought configuration that count their whole machine and are sold whole in that size, the cheapest at each volume; at 100M tokens the cheapest is h100-80gb-x4, 3796\.87 USD a month, the verdict's owned month; h200-x1 \(1017\.85 USD\) and b200-x1 \(1245\.37 USD\) cost less but are shares of servers sold only whole \(their modules come on a baseboard of more\), so they are not weighed$/);
  // One share passed over reads in the singular.
  assert.match(ownedBasisWords(h100x4, [h200x1, h100x4], 100).text,
    /; h200-x1 costs less \(1017\.85 USD\) but is a share of a server sold only whole \(its modules come on a baseboard of more\), so it is not weighed$/);
  // Where only shares serve the model, they are weighed, and the words say the basis is one.
  assert.deepEqual(ownedWeighed([h200x1, b200x1]), [h200x1, b200x1]);
  assert.match(ownedBasisWords(h200x1, [h200x1, b200x1], 100).text,
    /; h200-x1 is a share of a baseboard sold only whole, and no configuration one can buy whole serves the model$/);
});

test('the cheaper month without its host names every reason it is not the basis', () => {
  // gpt-oss-120b at 10,000M: rtx-4090-x4 (269.32 USD, no host priced) is also a card whose end of production was
  // reported in 2024-10 (data/curated/card-production.csv); mi300x-x1 (453.33 USD, no host) is a share of AMD's
  // 8-GPU baseboard; rtx-3090-x4 x2 (515 USD, host priced) is the basis.
  const r4090 = { ...month('rtx-4090-x4', 269.32, false), sold_new: false };
  const mi300 = { ...month('mi300x-x1', 453.33, false), bought_whole: false };
  const r3090 = month('rtx-3090-x4', 515, true, 2);
  const text = ownedBasisWords(r3090, [r4090, mi300, r3090], 10000).text;
  assert.match(text, /the cheapest is rtx-3090-x4 x2, 515 USD a month, the verdict's owned month; rtx-4090-x4 costs less \(269\.32 USD\) but leaves out a host machine no source prices and is no longer sold new, so it is not the basis; mi300x-x1 costs less \(453\.33 USD\) but is a share of a server sold only whole/);
  // Both other reasons on the one hostless month named: a share, and no longer sold new.
  const both = { ...month('x', 100, false), bought_whole: false, sold_new: false };
  assert.match(ownedBasisWords(r3090, [both, r3090], 10000).text,
    /; x costs less \(100 USD\) but leaves out a host machine no source prices and is a share of a server sold only whole \(its modules come on a baseboard of more\) and is no longer sold new, so it is not the basis$/);
});
