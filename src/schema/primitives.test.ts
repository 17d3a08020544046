import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IsoDate } from './primitives.ts';

test('IsoDate accepts real calendar dates only', () => {
  for (const d of ['2024-02-29', '2000-02-29', '2026-12-31', '1970-01-01']) assert.ok(IsoDate.safeParse(d).success, d);
  for (const d of ['2026-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-01-00', '2026-1-01', '26-01-01', '2026-01-01T00:00:00Z', ' 2026-01-01']) {
    const r = IsoDate.safeParse(d);
    assert.ok(!r.success, d);
    assert.equal(r.error.issues[0]?.message, 'a real calendar date, YYYY-MM-DD');
  }
});

test('IsoDate agrees with Date on every day of eight years, leap years and 2000 among them', () => {
  for (let t = Date.UTC(1996, 0, 1); t < Date.UTC(2004, 0, 1); t += 86400000) {
    const day = new Date(t).toISOString().slice(0, 10);
    assert.ok(IsoDate.safeParse(day).success, day);
    // The day after the last of each month, written as a date of that month, is refused.
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const next = new Date(Date.UTC(y, m - 1, d + 1));
    if (next.getUTCDate() === 1) assert.ok(!IsoDate.safeParse(`${day.slice(0, 8)}${String(d + 1).padStart(2, '0')}`).success, `${day.slice(0, 8)}${d + 1}`);
  }
});
