// Tests of arena renames: a variant ending the day before another of the same model starts, votes and rating carried.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RatingHistoryPoint } from '../sources/types.ts';
import { findRenames } from './arena-renames.ts';
import { ratingEvents } from './build-changes.ts';

const pt = (source_model_id: string, date: string, rating: number, lower: number, upper: number, votes: number): RatingHistoryPoint => ({
  source: 'lmarena', source_model_id, leaderboard: 'text_style_control', category: 'overall', date, rating,
  rating_lower: lower, rating_upper: upper, votes,
});

// data/sources/lmarena-daily-2026/text_overall_daily.csv.gz, subset text_style_control, publish dates 2026-08-11 and
// 2026-08-12 (captured 08-12 and 08-13): the thinking variant's last row and the -high variant's first.
const OPUS_THINKING = pt('claude-opus-4-6-thinking', '2026-08-11', 1504.7111252850762, 1501.1863419776912, 1508.235908592461, 72425);
const OPUS_HIGH = pt('claude-opus-4-6-high', '2026-08-12', 1504.714381769186, 1501.1920376841654, 1508.236725854207, 72466);
// The base model, rated under its one name on both days (76,386 then 76,428 votes): it continues, nothing renamed.
const OPUS_BASE = [pt('claude-opus-4-6', '2026-08-11', 1497.510192072368, 1494.0801715970858, 1500.9402125476504, 76386),
  pt('claude-opus-4-6', '2026-08-12', 1497.2385338694269, 1493.8105160357707, 1500.6665517030829, 76428)];
const model = (p: RatingHistoryPoint) =>
  (p.source_model_id.startsWith('claude-opus-4-6') ? 'claude-opus-4-6' : p.source_model_id.replace(/-thinking.*|-high.*/, ''));

test('a variant gone the publication before another of the same model appears, with its votes and rating, is renamed', () => {
  const r = findRenames([OPUS_THINKING, OPUS_HIGH, ...OPUS_BASE], model);
  assert.deepEqual([...r.values()].map((x) => [x.leaderboard, x.model_id, x.from, x.to, x.last, x.first]), [
    ['text_style_control', 'claude-opus-4-6', 'claude-opus-4-6-thinking', 'claude-opus-4-6-high', '2026-08-11', '2026-08-12'],
  ]);
  assert.ok(r.has('text_style_control|claude-opus-4-6-high'));
});

test('votes a little down still continue: LMArena pruned claude-sonnet-4-5 the same day', () => {
  // Same file: claude-sonnet-4-5-20250929-thinking-32k 82,549 votes on 2026-08-11, -high-32k 82,533 on 2026-08-12.
  const a = pt('claude-sonnet-4-5-20250929-thinking-32k', '2026-08-11', 1455.8189365494788, 1453.0231749896377, 1458.6146981093202, 82549);
  const b = pt('claude-sonnet-4-5-20250929-high-32k', '2026-08-12', 1455.8057913994933, 1453.0107358047017, 1458.6008469942851, 82533);
  assert.equal(findRenames([a, b], () => 'claude-sonnet-4-5').size, 1);
});

test('no rename when the votes jump, the rating leaves the interval, a publication lies between, or the model differs', () => {
  const other = { ...OPUS_BASE[1], source_model_id: 'other-model', date: '2026-08-10' };
  // +10% votes: a new entry gathering its own votes, not the old one's.
  assert.equal(findRenames([OPUS_THINKING, { ...OPUS_HIGH, votes: 79700 }, other], model).size, 0);
  // 1509 is above the old interval's upper end, 1508.24.
  assert.equal(findRenames([OPUS_THINKING, { ...OPUS_HIGH, rating: 1509 }, other], model).size, 0);
  // The leaderboard published on 2026-08-12 with neither name, so -high first appears two publications later.
  const gap = { ...OPUS_BASE[1], date: '2026-08-12' };
  assert.equal(findRenames([OPUS_THINKING, { ...OPUS_HIGH, date: '2026-08-13' }, gap], model).size, 0);
  assert.equal(findRenames([OPUS_THINKING, OPUS_HIGH], (p) => p.source_model_id).size, 0);
  // Without votes (the page scrapes and older histories carry none) nothing can be told.
  assert.equal(findRenames([OPUS_THINKING, { ...OPUS_HIGH, votes: undefined }], model).size, 0);
});

test('two old names fitting one new name (or the reverse) are left alone', () => {
  const twin = { ...OPUS_THINKING, source_model_id: 'claude-opus-4-6-thinking-16k' };
  assert.equal(findRenames([OPUS_THINKING, twin, OPUS_HIGH], model).size, 0);
});

test('rating events: the renamed variant\'s first point reads from the old name\'s rating, with no debut', () => {
  const earlier = pt('claude-opus-4-6-thinking', '2026-08-06', 1504.5630581741302, 1500.9749119097478, 1508.151204438513, 69336);
  const { events, renamed } = ratingEvents([earlier, OPUS_THINKING, OPUS_HIGH, ...OPUS_BASE], model);
  assert.equal(renamed, 1);
  const high = events.filter((e) => e.variant === 'claude-opus-4-6-high');
  // Rounded ratings: 1504.71 -> 1505 under the old name, 1504.71 -> 1505 under the new one.
  assert.deepEqual(high.map((e) => [e.date, e.old, e.new, e.renamed_from]), [['2026-08-12', 1505, 1505, 'claude-opus-4-6-thinking']]);
  assert.match(high[0].subject!,
    /^renamed: claude-opus-4-6-thinking last published 2026-08-11 \(72425 votes, rating 1504\.7, interval 1501\.2 to 1508\.2\)/);
  // Each name debuts once (the thinking variant on 2026-08-06, the base model on 2026-08-11); no event says a rating went.
  assert.deepEqual(events.filter((e) => e.old === null).map((e) => e.variant).sort(), ['claude-opus-4-6', 'claude-opus-4-6-thinking']);
  assert.ok(events.every((e) => e.new !== null));
});
