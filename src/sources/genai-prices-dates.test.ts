// Tests of genai-prices' per-price dates: the history's set or confirm day, prices_checked, start dates, the fallback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { genaiPriceDates, type ReadingContext } from './genai-prices-dates.ts';
import type { PriceRecord } from './genai-prices-copies.ts';

const rec = (date: string, change: string, model: string, block: unknown, subject = 'sync'): PriceRecord =>
  ({ commit: 'c0ffee1234', date, subject, provider: 'openrouter', model, change, new: block });
const BUNDLE: ReadingContext = { day: '2026-09-23', fallback: { as_of: '2026-09-23', by: 'the npm bundle' } };

test('a figure the history set is dated by that commit (UTC day), not by the copy that repeats it', () => {
  // 2026-06-15T21:42:50-05:00 is 2026-06-16 02:42 UTC.
  const { datesOf, until } = genaiPriceDates([rec('2026-06-15T21:42:50-05:00', 'added', 'q/thinking', { input_mtok: 0.1, output_mtok: 0.1 })]);
  assert.equal(until, '2026-06-16');
  assert.deepEqual(datesOf('openrouter', 'q/thinking', { input: 0.1, output: 0.1 }, BUNDLE),
    { input: { as_of: '2026-06-16', set_on: '2026-06-16' }, output: { as_of: '2026-06-16', set_on: '2026-06-16' } });
});

test('a change to one price confirms the block; a rewrite with the same figures confirms nothing', () => {
  const { datesOf } = genaiPriceDates([
    rec('2025-11-05T12:00:00Z', 'added', 'd/v3.2-exp', { input_mtok: 0.27, output_mtok: 0.4 }),
    // The sync read the API again: output moved, input stayed 0.27 (both written that day).
    rec('2026-06-15T12:00:00Z', 'prices_changed', 'd/v3.2-exp', { input_mtok: 0.27, output_mtok: 0.41 }),
    // Null fields dropped: the same figures, no new reading.
    rec('2026-07-01T12:00:00Z', 'prices_changed', 'd/v3.2-exp', { input_mtok: 0.27, output_mtok: 0.41, cache_read_mtok: null }),
  ]);
  assert.deepEqual(datesOf('openrouter', 'd/v3.2-exp', { input: 0.27, output: 0.41 }, BUNDLE),
    { input: { as_of: '2026-06-15', set_on: '2026-06-15' }, output: { as_of: '2026-06-15', set_on: '2026-06-15' } });
});

test('a figure the history does not hold falls back to the copy\'s date with a note; a later check date stands', () => {
  const history = [
    rec('2026-03-20T12:00:00Z', 'added', 'm/a', { input_mtok: 1, output_mtok: 2 }),
    rec('2026-07-25T12:00:00Z', 'added', 'm/b', { input_mtok: 1, output_mtok: 2 }),
  ];
  const { datesOf } = genaiPriceDates(history);
  // Output moved to 3 after the history's last record (2026-07-25): only input is placed.
  const d = datesOf('openrouter', 'm/a', { input: 1, output: 3 }, BUNDLE);
  assert.deepEqual(d.input, { as_of: '2026-03-20', set_on: '2026-03-20' });
  assert.equal(d.output?.as_of, '2026-09-23');
  assert.match(d.output?.note ?? '', /^dated 2026-09-23 by the npm bundle: genai-prices' price history \(to 2026-07-25\) does not show when it set this figure$/);
  // A listing the history never read, checked on 2026-08-04 (after the history's end): the check dates it.
  assert.deepEqual(datesOf('openrouter', 'm/new', { input: 5 }, { ...BUNDLE, checked: '2026-08-04' }), { input: { as_of: '2026-08-04' } });
  // A check from before the history's end is of an earlier figure: it does not date one the history never held.
  assert.equal(datesOf('openrouter', 'm/a', { output: 3 }, { ...BUNDLE, checked: '2026-05-01' }).output?.as_of, '2026-09-23');
  // A check after the commit that set the figure is the later statement of it; one before it is not.
  assert.deepEqual(datesOf('openrouter', 'm/a', { input: 1 }, { ...BUNDLE, checked: '2026-06-09' }), { input: { as_of: '2026-06-09', set_on: '2026-03-20' } });
  assert.deepEqual(datesOf('openrouter', 'm/a', { input: 1 }, { ...BUNDLE, checked: '2025-12-01' }), { input: { as_of: '2026-03-20', set_on: '2026-03-20' } });
});

test('a removed listing forgets its figures; a scheduled price dates from its start day, not the commit', () => {
  const { datesOf } = genaiPriceDates([
    rec('2025-06-22T12:00:00Z', 'added', 'x/gone', { input_mtok: 2, output_mtok: 8 }),
    rec('2025-07-01T12:00:00Z', 'removed', 'x/gone', null),
    // Written on 2026-07-20: $1/$6 until 2026-07-29, $0.20/$1.20 from 2026-07-30.
    rec('2026-07-20T12:00:00Z', 'added', 'o/luna', [{ prices: { input_mtok: 1, output_mtok: 6 } },
      { constraint: { start_date: '2026-07-30' }, prices: { input_mtok: 0.2, output_mtok: 1.2 } }]),
  ]);
  assert.equal(datesOf('openrouter', 'x/gone', { input: 2 }, BUNDLE).input?.note !== undefined, true);
  assert.deepEqual(datesOf('openrouter', 'o/luna', { input: 0.2 }, BUNDLE), { input: { as_of: '2026-07-30', set_on: '2026-07-30' } });
  // Read before the start date, the copy gives the old price, written on the commit's day.
  assert.deepEqual(datesOf('openrouter', 'o/luna', { input: 1 }, { ...BUNDLE, day: '2026-07-25' }), { input: { as_of: '2026-07-20', set_on: '2026-07-20' } });
});
