// Tests of the snapshot comparison: a newer snapshot's changes become dated, sourced events; a rebuild adds none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aModel, anOffer, aRating, aSource, f } from '../dataset/fixtures.ts';
import type { ChangeEvent } from '../schema/index.ts';
import { appendSnapshotChanges, snapshotEvents, SNAPSHOT_SUBJECT, type DatasetParts } from './snapshot-changes.ts';

const OLD = '2026-07-02';
const NEW = '2026-11-25';
const md = (retrieved: string) => aSource({ id: 'models-dev', retrieved });
const arena = (retrieved: string) => aSource({ id: 'lmarena', retrieved });

/** models.dev lists acme-1 at two providers; the snapshot of `retrieved` says `input` costs `input` at fireworks. */
function parts(retrieved: string, input: number, over: Partial<DatasetParts> = {}): DatasetParts {
  return {
    sources: [md(retrieved), arena(OLD)],
    models: [aModel({ id: 'acme-1' }), aModel({ id: 'acme-2' })],
    offers: [
      anOffer({ model_id: 'acme-1', provider: 'fireworks', prices: { input: f(input, 'models-dev', retrieved), output: f(8, 'models-dev', retrieved) }, listed_by: ['models-dev'] }),
      anOffer({ model_id: 'acme-1', provider: 'together', prices: { input: f(3, 'models-dev', retrieved), output: f(9, 'models-dev', retrieved) }, listed_by: ['models-dev'] }),
    ],
    ratings: [aRating({ model_id: 'acme-1', leaderboard: 'text', variant: 'acme-1', rating: 1400, source: 'lmarena' })],
    changes: [],
    ...over,
  };
}

test('a price changed in a newer models.dev snapshot is exactly one event, dated by that snapshot and sourced to it', () => {
  // Worked by hand: fireworks input 5 -> 4 USD per 1M tokens; nothing else differs.
  const events = snapshotEvents(parts(OLD, 5), parts(NEW, 4));
  assert.equal(events.length, 1);
  const { id, ...rest } = events[0];
  assert.match(id, /^[0-9a-f]{16}$/);
  assert.deepEqual(rest, {
    date: NEW, model_id: 'acme-1', kind: 'price', field: 'input', provider: 'fireworks',
    provider_model_ids: ['acme-1'], old: 5, new: 4, source: 'models-dev', correction: null, subject: `${SNAPSHOT_SUBJECT}: models-dev ${OLD} -> ${NEW}`,
  });
});

test('a value now taken from another source is no event: only a source that changed its own value speaks', () => {
  const next = parts(NEW, 4);
  next.offers[0] = { ...next.offers[0], prices: { input: f(4, 'litellm', NEW), output: f(8, 'litellm', NEW) } };
  assert.deepEqual(snapshotEvents(parts(OLD, 5), next), []);
});

test('the same snapshot gives no event, even where the build differs (an ingest change is not a change in the world)', () => {
  assert.deepEqual(snapshotEvents(parts(OLD, 5), parts(OLD, 4)), []);
});

test('new and withdrawn hosting, a licence and a rating change are events of their own kinds', () => {
  const prev = parts(OLD, 5);
  const next = parts(NEW, 5, {
    sources: [md(NEW), arena(NEW)],
    models: [aModel({ id: 'acme-1', open_weights: f(true, 'models-dev', NEW) }), aModel({ id: 'acme-2' })],
    offers: [prev.offers[0], anOffer({ model_id: 'acme-2', provider: 'groq', listed_by: ['models-dev'] })],
    ratings: [aRating({ model_id: 'acme-1', leaderboard: 'text', variant: 'acme-1', rating: 1412, source: 'lmarena' })],
  });
  const got = snapshotEvents(prev, next).map((e) => [e.kind, e.field, e.model_id, e.provider ?? e.leaderboard ?? '', e.old, e.new, e.date]);
  assert.deepEqual(got.sort(), [
    ['elo', 'rating', 'acme-1', 'text', 1400, 1412, NEW],
    ['hosting', 'offered', 'acme-1', 'together', true, false, NEW],
    ['hosting', 'offered', 'acme-2', 'groq', false, true, NEW],
    ['licence', 'open_weights', 'acme-1', '', null, true, NEW],
  ]);
});

test('a later build keeps the earlier snapshot events and the sources\' own history; rebuilding adds nothing', () => {
  const history: ChangeEvent = { id: 'aaaaaaaaaaaaaaaa', date: '2026-06-01', model_id: 'acme-1', kind: 'price', field: 'output', provider: 'fireworks', old: 9, new: 8, source: 'models-dev', correction: false, commit: 'abc1234' };
  const first = parts(OLD, 5, { changes: [history] });
  const second = parts(NEW, 4, { changes: [history] });
  const merged = appendSnapshotChanges(first, second);
  assert.deepEqual(merged.map((e) => [e.date, e.field]), [[NEW, 'input'], ['2026-06-01', 'output']]);
  // The next build, from the same snapshots, with the dataset just written as the previous one.
  const again = appendSnapshotChanges({ ...second, changes: merged }, second);
  assert.deepEqual(again, merged);
  // A third snapshot: the November event stays, a new one joins it.
  const third = appendSnapshotChanges({ ...second, changes: merged }, parts('2026-12-01', 3, { changes: [history] }));
  assert.deepEqual(third.map((e) => [e.date, e.old, e.new]), [['2026-12-01', 4, 3], [NEW, 5, 4], ['2026-06-01', 9, 8]]);
});

test('one change on two listings of a provider is one event naming both; a different change on a third stays apart', () => {
  const listing = (id: string, input: number, retrieved: string) => anOffer({ model_id: 'acme-1', provider: 'amazon-bedrock',
    provider_model_id: id, prices: { input: f(input, 'models-dev', retrieved), output: f(8, 'models-dev', retrieved) }, listed_by: ['models-dev'] });
  const at = (retrieved: string, us: number, global: number) => parts(retrieved, 5, {
    offers: [listing('us.acme-1-v1', us, retrieved), listing('eu.acme-1-v1', us, retrieved), listing('global.acme-1-v1', global, retrieved)] });
  // Worked by hand: the regional pair 5.5 -> 4.4, the global listing 5 -> 4.
  const events = snapshotEvents(at(OLD, 5.5, 5), at(NEW, 4.4, 4));
  assert.deepEqual(events.map((e) => [e.provider_model_ids, e.old, e.new]).sort(),
    [[['eu.acme-1-v1', 'us.acme-1-v1'], 5.5, 4.4], [['global.acme-1-v1'], 5, 4]]);
  assert.equal(new Set(events.map((e) => e.id)).size, 2);
});
