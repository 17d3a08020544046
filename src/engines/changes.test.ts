// Tests of the changes engine: the window's two ends, filters, order, and the notices when data cannot cover a window.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, aSource } from '../dataset/fixtures.ts';
import type { ChangeEvent } from '../schema/index.ts';
import { addDays, modelChanges, windowOf } from './changes.ts';

let n = 0;
function ev(date: string, over: Partial<ChangeEvent> = {}): ChangeEvent {
  n++;
  return {
    id: n.toString(16).padStart(16, '0'), date, model_id: 'alpha', kind: 'price', field: 'input', provider: 'acme',
    old: 1, new: 2, source: 'test-source', correction: null, ...over,
  };
}

const changes = [
  ev('2026-03-01'), ev('2026-03-10', { kind: 'elo', field: 'rating', old: 1300, new: 1310 }), ev('2026-03-31'),
  ev('2026-04-01', { model_id: 'beta', kind: 'hosting', field: 'offered', old: false, new: true }), ev('2026-04-15', { correction: true }),
];
const ds = aDataset({
  models: [aModel({ id: 'alpha' }), aModel({ id: 'beta', vendor: 'other' })],
  changes,
  data_as_of: '2026-04-20',
});

test('windows count whole days and include both ends', () => {
  assert.deepEqual(windowOf('2026-03-31', 31), { from: '2026-03-01', until: '2026-03-31', days: 31 });
  assert.deepEqual(windowOf('2026-03-01', 1), { from: '2026-03-01', until: '2026-03-01', days: 1 });
  assert.equal(addDays('2024-03-01', -1), '2024-02-29');
  assert.equal(addDays('0001-01-05', -3650), '0001-01-01', 'clamped, never a signed year');
});

test('events in the window, newest first, the first and last day included', () => {
  const r = modelChanges(ds, { until: '2026-03-31', days: 31 });
  assert.deepEqual(r.events.slice().map((e) => e.date), ['2026-03-31', '2026-03-10', '2026-03-01']);
  assert.equal(r.notice, null);
  assert.deepEqual(modelChanges(ds, { until: '2026-03-30', days: 29 }).events.slice().map((e) => e.date), ['2026-03-10']);
});

test('filters: kinds, model, vendor (through the model\'s developer)', () => {
  const all = { until: '2026-04-20', days: 60 };
  assert.deepEqual(modelChanges(ds, { ...all, kinds: ['elo', 'hosting'] }).events.slice().map((e) => e.kind), ['hosting', 'elo']);
  assert.deepEqual(modelChanges(ds, { ...all, model_id: 'beta' }).events.slice().map((e) => e.date), ['2026-04-01']);
  assert.deepEqual(modelChanges(ds, { ...all, vendor: 'other' }).events.slice().map((e) => e.model_id), ['beta']);
  assert.equal(modelChanges(ds, { ...all, vendor: 'acme' }).events.length, 4);
});

test('a window entirely after the data says so plainly and suggests until=data_as_of', () => {
  const r = modelChanges(ds, { until: '2026-11-21', days: 30 });
  assert.equal(r.events.length, 0);
  assert.match(r.notice!, /data end on 2026-04-20/);
  assert.match(r.notice!, /entirely after/);
  assert.match(r.notice!, /until=2026-04-20/);
  assert.equal(r.latest_matching, '2026-04-15', 'the newest event the filters match, for the caller to look at');
});

test('a window partly after the data says which part is not covered, and still lists what it has', () => {
  const r = modelChanges(ds, { until: '2026-05-05', days: 30 });
  assert.deepEqual(r.events.slice().map((e) => e.date), ['2026-04-15']);
  assert.match(r.notice!, /after that date \(to 2026-05-05\) is not covered/);
});

test('an empty window inside the data names the latest matching change; one before the history says where it starts', () => {
  const r = modelChanges(ds, { until: '2026-03-09', days: 5, kinds: ['price'] });
  assert.equal(r.events.length, 0);
  assert.match(r.notice!, /latest one is dated 2026-03-01: ask with until=2026-03-01/);
  const before = modelChanges(ds, { until: '2025-01-01', days: 30 });
  assert.match(before.notice!, /starts on 2026-03-01/);
});

test('coverage lists each source of events with the date its history runs to', () => {
  // The fixture's source was read on 2026-08-01, after the data date (2026-04-20): the feed holds nothing past that date.
  assert.deepEqual(modelChanges(ds, { until: '2026-04-20', days: 1 }).coverage,
    [{ source: 'test-source', name: 'Test source', history_until: '2026-04-20', events: 5 }]);
});

test('a source that scheduled a shutdown after its snapshot reaches that day, within the data date', () => {
  // A notice page read on 2026-03-01 scheduling a withdrawal for 2026-04-01; the data run to 2026-04-20.
  const scheduled = aDataset({
    models: [aModel({ id: 'alpha' })],
    sources: [aSource({ id: 'test-source', retrieved: '2026-03-01' })],
    changes: [ev('2026-04-01', { kind: 'hosting', field: 'offered', old: true, new: false, as_of: '2026-03-01' }), ev('2026-02-01')],
    data_as_of: '2026-04-20',
  });
  assert.deepEqual(modelChanges(scheduled, { until: '2026-04-20', days: 1 }).coverage.map((c) => c.history_until), ['2026-04-01']);
});

test('a model or vendor filter reads only that model\'s or vendor\'s events, with the same answer and the same latest', () => {
  // Worked by hand from `changes` above (aModel's default vendor is the one alpha has; beta's is `other`).
  const alphaVendor = ds.modelById.get('alpha')!.vendor;
  const byModel = modelChanges(ds, { days: 20, until: '2026-04-20', model_id: 'beta' });
  assert.deepEqual(byModel.events.slice().map((e) => e.date), ['2026-04-01']);
  const byVendor = modelChanges(ds, { days: 30, until: '2026-04-20', vendor: alphaVendor });
  assert.deepEqual(byVendor.events.slice().map((e) => e.date), ['2026-04-15', '2026-03-31']);
  // Nothing of beta's in its window: the latest matching event is named from beta's own list.
  const empty = modelChanges(ds, { days: 5, until: '2026-04-20', model_id: 'beta' });
  assert.deepEqual([empty.events.length, empty.latest_matching], [0, '2026-04-01']);
  const none = modelChanges(ds, { days: 5, until: '2026-04-20', vendor: 'nobody' });
  assert.deepEqual([none.events.length, none.latest_matching], [0, null]);
});

test('every kind, or one: counts over the window by subtraction, the newest event at or before its end, a page of it', () => {
  // Worked by hand from `changes` above: 03-01 price, 03-10 elo, 03-31 price, 04-01 hosting, 04-15 price (a correction).
  const all = modelChanges(ds, { until: '2026-04-20', days: 51 });
  assert.deepEqual(all.counts, { by_kind: { price: 3, elo: 1, licence: 0, hosting: 1 }, corrections: 1, renames: 0 });
  assert.equal(all.latest_matching, '2026-04-15');
  assert.deepEqual(all.events.slice(1, 3).map((e) => e.date), ['2026-04-01', '2026-03-31'], 'a page from inside the window');
  assert.deepEqual(all.events.slice(4, 100).map((e) => e.date), ['2026-03-01'], 'a page running past its end');
  const everyKind = modelChanges(ds, { until: '2026-04-20', days: 51, kinds: ['price', 'elo', 'licence', 'hosting'] });
  assert.deepEqual(everyKind.counts, all.counts);
  const price = modelChanges(ds, { until: '2026-04-20', days: 20, kinds: ['price'] });
  assert.deepEqual(price.events.slice().map((e) => e.date), ['2026-04-15'], '04-01 to 04-20: one price change');
  assert.deepEqual(price.counts, { by_kind: { price: 1, elo: 0, licence: 0, hosting: 0 }, corrections: 1, renames: 0 });
  // 04-01 to 04-10 holds no price change: the newest before it is 03-31, named as the one to look at.
  const none = modelChanges(ds, { until: '2026-04-10', days: 10, kinds: ['price'] });
  assert.equal(none.events.length, 0);
  assert.equal(none.latest_matching, '2026-03-31');
  assert.deepEqual(none.counts, { by_kind: { price: 0, elo: 0, licence: 0, hosting: 0 }, corrections: 0, renames: 0 });
  assert.equal(modelChanges(ds, { until: '2026-02-28', days: 30 }).latest_matching, null, 'nothing at or before the window');
});
