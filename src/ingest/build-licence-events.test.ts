// Tests of licence events from leaderboard labels: a moved label is one dated event; noise is none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Licence } from '../schema/index.ts';
import type { RatingHistoryPoint } from '../sources/types.ts';
import { leaderboardLicenceEvents } from './build-licence-events.ts';

const TABLE: Record<string, Licence> = {
  proprietary: { id: 'proprietary', name: 'Proprietary', osi_approved: false, commercial_use: null },
  'kimi k3 license': { id: 'kimi-k3', name: 'Kimi K3 License', osi_approved: false, commercial_use: null },
  mit: { id: 'mit', name: 'MIT License', osi_approved: true, commercial_use: true },
  open: { id: 'open-unspecified', name: 'Open weights, licence not named', osi_approved: null, commercial_use: null },
};
const licenceOf = (t: string) => TABLE[t.toLowerCase()];
const point = (source_model_id: string, date: string, licence_text?: string): RatingHistoryPoint => ({
  source: 'lmarena', source_model_id, leaderboard: 'text_style_control', category: 'overall', date, rating: 1400, licence_text,
});
const toModel = (p: RatingHistoryPoint) => (p.source_model_id.startsWith('kimi-k3') ? 'kimi-k3' : p.source_model_id === 'x' ? 'x' : undefined);

test('Kimi K3: "Proprietary" as kimi-k3 to 2026-07-21, "Kimi K3 license" as kimi-k3-max from 2026-07-27 is no event', () => {
  // Rows as in lmarena-daily-2026/text_overall_daily.csv.gz (publish dates 2026-07-16, -20, -21, then -27, -30):
  // two variants, two products' terms; neither variant's own label ever moved.
  const history = [
    point('kimi-k3', '2026-07-16', 'Proprietary'), point('kimi-k3', '2026-07-20', 'Proprietary'), point('kimi-k3', '2026-07-21', 'Proprietary'),
    point('kimi-k3-max', '2026-07-27', 'Kimi K3 license'), point('kimi-k3-max', '2026-07-30', 'Kimi K3 license'),
  ];
  assert.deepEqual(leaderboardLicenceEvents(history, toModel, licenceOf).events, []);
});

test('one variant whose label moves is one dated event', () => {
  const history = [
    point('kimi-k3', '2026-07-20', 'Proprietary'),
    point('kimi-k3', '2026-07-27', 'Kimi K3 license'), point('kimi-k3', '2026-07-30', 'Kimi K3 license'),
  ];
  const { events } = leaderboardLicenceEvents(history, toModel, licenceOf);
  assert.deepEqual(events.map((e) => [e.date, e.model_id, e.kind, e.field, e.old, e.new, e.source, e.variant]), [
    ['2026-07-27', 'kimi-k3', 'licence', 'licence', 'Proprietary', 'Kimi K3 License', 'lmarena', 'kimi-k3'],
  ]);
  assert.match(events[0].subject ?? '', /to 2026-07-20/);
  assert.match(events[0].id, /^[0-9a-f]{16}$/);
});

test('no event: a day whose variants disagree, an unnamed "open", an unknown text, an unmatched model', () => {
  const history = [
    point('x', '2026-01-01', 'MIT'),
    point('x', '2026-01-02', 'open'),
    point('x', '2026-01-03', 'Some new licence'),
    point('x', '2026-01-04', 'MIT'),
    point('kimi-k3', '2026-01-05', 'Proprietary'), point('kimi-k3-max', '2026-01-05', 'Kimi K3 license'),
    point('kimi-k3', '2026-01-06', 'Proprietary'),
    point('other', '2026-01-07', 'MIT'), point('other', '2026-01-08', 'Proprietary'),
  ];
  const { events, unresolved } = leaderboardLicenceEvents(history, toModel, licenceOf);
  assert.deepEqual(events, []);
  assert.equal(unresolved, 2);
});
