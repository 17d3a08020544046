// Tests of GET /api/v1/sources: every source's snapshot date and age in days, the same answer all day long.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testApp } from '../../../test/helpers.ts';
import { aDataset, aSource } from '../../dataset/fixtures.ts';
import { daysBetween } from './source-ages.ts';

test('daysBetween counts whole UTC days across month and year ends', () => {
  // Worked by hand: Aug 1 -> Aug 31 is 30 days; Sep 23 -> Nov 25 is 7 (rest of Sep) + 31 (Oct) + 25 = 63;
  // 2027-12-31 -> 2028-03-01 is 31 (Jan) + 29 (Feb, 2028 a leap year) + 1 = 61.
  assert.equal(daysBetween('2026-08-01', '2026-08-31'), 30);
  assert.equal(daysBetween('2026-09-23', '2026-11-25'), 63);
  assert.equal(daysBetween('2027-12-31', '2028-03-01'), 61);
  assert.equal(daysBetween('2026-08-02', '2026-08-01'), -1);
});

test('GET /sources gives each snapshot date with its age on today, and changes (with its ETag) only when the day does', async () => {
  let day = '2026-08-20';
  const dataset = aDataset({
    sources: [aSource({ id: 'old-snapshot', retrieved: '2026-06-30' }), aSource({ id: 'new-snapshot', retrieved: '2026-08-01' })],
    data_as_of: '2026-08-01',
  });
  const app = testApp({ dataset, today: () => day });
  const first = await app.inject({ url: '/api/v1/sources' });
  assert.equal(first.statusCode, 200);
  const body = first.json();
  // 2026-06-30 -> 07-31: 31 days, -> 08-20: 20 more, 51 in all; 2026-08-01 -> 2026-08-20: 19 days.
  assert.equal(body.today, '2026-08-20');
  assert.equal(body.data_age_days, 19);
  assert.deepEqual(body.sources.map((s: { id: string; retrieved: string; age_days: number }) => [s.id, s.retrieved, s.age_days]),
    [['old-snapshot', '2026-06-30', 51], ['new-snapshot', '2026-08-01', 19]]);
  assert.match(String(first.headers['cache-control']), /max-age=/);

  const again = await app.inject({ url: '/api/v1/sources', headers: { 'if-none-match': String(first.headers.etag) } });
  assert.equal(again.statusCode, 304, 'the same day: the same representation');

  day = '2026-08-21';
  const next = await app.inject({ url: '/api/v1/sources', headers: { 'if-none-match': String(first.headers.etag) } });
  assert.equal(next.statusCode, 200, 'a new day: the ages moved, so the old ETag no longer matches');
  assert.equal(next.json().sources[0].age_days, 52);
  assert.equal(next.json().data_age_days, 20);
  await app.close();
});
