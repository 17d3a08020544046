// Tests of the time-of-day prices of genai-prices: which price an offer takes, and the note that names the other.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readPrices, timeOfDayNote } from './catalogue-genai-prices-shape.ts';

// deepseek-v4-pro as genai-prices npm 0.1.8 (bundled providers, deepseek) lists it: a launch price, a new price from
// 2026-08-17, and the peak price for 01:00-04:00 and 06:00-10:00 UTC (7 of 24 hours).
const V4_PRO = [
  { prices: { input_mtok: 0.435, cache_read_mtok: 0.003625, output_mtok: 0.87 } },
  { constraint: { start_date: '2026-08-17', type: 'start_date' }, prices: { input_mtok: 0.66, cache_read_mtok: 0.022, output_mtok: 1.98 } },
  { constraint: { start_time: '01:00:00Z', end_time: '04:00:00Z', type: 'time_of_date' }, prices: { input_mtok: 1.32, cache_read_mtok: 0.044, output_mtok: 3.96 } },
  { constraint: { start_time: '06:00:00Z', end_time: '10:00:00Z', type: 'time_of_date' }, prices: { input_mtok: 1.32, cache_read_mtok: 0.044, output_mtok: 3.96 } },
];
const where = { source: 'genai-prices', file: 'deepseek.yml', row: 'deepseek-v4-pro' };

test('the price in force most of the day is served, and the note names the peak hours and their price', () => {
  assert.deepEqual(readPrices(V4_PRO, '2026-09-23', where, []), { input_mtok: 0.66, cache_read_mtok: 0.022, output_mtok: 1.98 });
  assert.equal(timeOfDayNote(V4_PRO, '2026-09-23'),
    'the price for 17 of 24 hours a day (UTC); 01:00-04:00 and 06:00-10:00 UTC the source lists $1.32 input and $3.96 output per 1M tokens');
});

test('a discount outside the standard window: the window of the price served, and the other hours', () => {
  // deepseek-chat in the same bundle: $0.27/$1.10 from 00:30 to 16:30 UTC, the $0.135/$0.55 off-peak price otherwise.
  const chat = [
    { prices: { input_mtok: 0.135, cache_read_mtok: 0.035, output_mtok: 0.55 } },
    { constraint: { start_time: '00:30:00Z', end_time: '16:30:00Z', type: 'time_of_date' }, prices: { input_mtok: 0.27, cache_read_mtok: 0.07, output_mtok: 1.1 } },
  ];
  assert.equal(readPrices(chat, '2026-09-23', where, [])?.input_mtok, 0.27);
  assert.equal(timeOfDayNote(chat, '2026-09-23'),
    'the price for 16 of 24 hours a day (00:30-16:30 UTC); the other 8 hours the source lists $0.135 input and $0.55 output per 1M tokens');
});

test('no note when one price holds all day', () => {
  assert.equal(timeOfDayNote(V4_PRO.slice(0, 2), '2026-09-23'), undefined);
  assert.equal(timeOfDayNote({ input_mtok: 1, output_mtok: 2 }, '2026-09-23'), undefined);
});
