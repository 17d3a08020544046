// Tests of the words that say a machine offered as a purchase is no longer sold new.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WITHDRAWN_FROM_STORE, type Hardware } from '../schema/index.ts';
import { discontinuedText, notWeighedText } from './discontinued.ts';

const hw = (extra: Partial<Hardware>) => ({ id: 'm3-ultra-512gb', ...extra }) as unknown as Hardware;

test('a machine the price table marks discontinued says so, with the month or day the table gives', () => {
  // data/curated/machine-prices.csv (rlindsey2/sunkcost): "512GB option withdrawn March 2026"; the M3 Ultra 256 GB
  // Mac Studio "Discontinued 2026-08-25".
  const month = discontinuedText(hw({ discontinued_on: { value: '2026-03', as_of: '2026-11-27', source: 'machine-prices' } }));
  assert.match(month, /^; m3-ultra-512gb is no longer sold new \(discontinued in 2026-03, machine-prices, 2026-11-27\): its price is the last list price/);
  const day = discontinuedText(hw({ id: 'm3-ultra-256gb', discontinued_on: { value: '2026-08-25', as_of: '2026-11-27', source: 'machine-prices' } }));
  assert.match(day, /discontinued on 2026-08-25/);
  assert.equal(discontinuedText(hw({})), '', 'a machine on sale says nothing');
});

test('a card whose end of production was reported says it is no longer made, and that the end was reported', () => {
  // data/curated/card-production.csv: HotHardware (2024-11-12) and Neowin report NVIDIA stopped making the RTX 4090
  // (AD102) in early October 2024; NVIDIA did not confirm.
  const text = discontinuedText(hw({ id: 'rtx-4090', discontinued_on: { value: '2024-10', as_of: '2024-11-12', source: 'card-production' } }));
  assert.match(text, /^; rtx-4090 is no longer made \(end of production reported in 2024-10, card-production, 2024-11-12\): its price is the card's launch price/);
  assert.doesNotMatch(text, /last list price/);
});

test('a card no longer made names the one price it is costed at: the launch price a card, dated and sourced', () => {
  // Epoch's ml_hardware.csv: NVIDIA GeForce RTX 4090 launch price 1,599 USD (XDA, 2023-11-23: "launched ... at $1,599
  // for the Founders Edition"); four cards 4 x 1,599 = 6,396.
  const card = { value: '2024-10', as_of: '2024-11-12', source: 'card-production' } as const;
  const four = discontinuedText(hw({
    id: 'rtx-4090-x4', count: 4, discontinued_on: card,
    purchase_price_usd: { value: 6396, as_of: '2025-07-21', source: 'derived', derived_from: ['epoch-hardware: launch price of NVIDIA GeForce RTX 4090, 1599 USD'] },
  }));
  assert.match(four, /its price is the card's launch price, \$1,599 a card x 4 = \$6,396 \(epoch-hardware, as of 2025-07-21\), not a price of today/);
  const one = discontinuedText(hw({
    id: 'rtx-4090', count: 1, discontinued_on: card, purchase_price_usd: { value: 1599, as_of: '2025-07-21', source: 'epoch-hardware' },
  }));
  assert.match(one, /launch price, \$1,599 a card \(epoch-hardware, as of 2025-07-21\), not a price of today/);
});

test('a card withdrawn from its maker\'s store says it is no longer sold by its maker, not that it is no longer made', () => {
  // data/curated/card-production.csv: Phonandroid (2023-03) reports the RTX 3090 Founders Edition withdrawn from
  // NVIDIA's store, and no end of production; four cards at the $1,499 launch price are 4 x 1,499 = $5,996.
  const text = discontinuedText(hw({
    id: 'rtx-3090-x4', count: 4,
    purchase_price_usd: { value: 5996, as_of: '2025-07-21', source: 'derived', derived_from: ['epoch-hardware: launch price of NVIDIA GeForce RTX 3090, 1499 USD'] },
    discontinued_on: { value: '2023-03', as_of: '2026-11-29', source: 'card-production',
      note: "withdrawn from the maker's own store, as the press reported; no report of production's end was read: this card: the RTX 3090" },
  }));
  assert.match(text, /^; rtx-3090-x4 is no longer sold by its maker \(withdrawn from its store, reported in 2023-03, card-production, 2026-11-29\): its price is the card's launch price, \$1,499 a card x 4 = \$5,996 \(epoch-hardware, as of 2025-07-21\)/);
  assert.doesNotMatch(text, /no longer made/);
});

test('a cheaper configuration passed over as no longer sold new is named with how its sale ended', () => {
  // data/curated/card-production.csv: NVIDIA's store withdrew every RTX 30 Founders Edition, the RTX 3090 among them,
  // in 2023-03 (Phonandroid, PurePC); the RTX 4090's end of production was reported in 2024-10 (HotHardware).
  const withdrawn = hw({
    id: 'rtx-3090', name: 'Desktop with one NVIDIA GeForce RTX 3090 (24 GB)',
    discontinued_on: { value: '2023-03', as_of: '2026-11-29', source: 'card-production', note: `${WITHDRAWN_FROM_STORE}: the RTX 3090` },
  });
  assert.match(notWeighedText(withdrawn),
    /^ Desktop with one NVIDIA GeForce RTX 3090 \(24 GB\) \(rtx-3090\) costs less to own but is no longer sold by its maker \(withdrawn from its store, reported in 2023-03, card-production, 2026-11-29\), so it is not weighed/);
  const ended = hw({ id: 'rtx-4090', name: 'RTX 4090', discontinued_on: { value: '2024-10', as_of: '2024-11-12', source: 'card-production' } });
  assert.match(notWeighedText(ended), /is no longer made \(end of production reported in 2024-10, card-production, 2024-11-12\)/);
  assert.equal(notWeighedText(hw({})), '', 'one still sold new is not passed over');
  assert.equal(notWeighedText(undefined), '');
});
