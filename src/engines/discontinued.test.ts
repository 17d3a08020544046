// Tests of the words that say a machine offered as a purchase is no longer sold new.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Hardware } from '../schema/index.ts';
import { discontinuedText } from './discontinued.ts';

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
