// Tests of lifecycle judged on the day the service loads the data: a shutdown announced for a day after the data's
// date has happened by a later day, and the answers stop pricing the listing as served.
//
// The row these tests rest on, data/curated/developer-notices.csv: Google's gemini-2.5-pro and gemini-2.5-flash shut down
// on 2026-12-01, the Gemini API deprecations page as read on 2026-11-10 ("Shutdown: Tuesday, Dec 1, 2026. Google's
// Gemini API retires gemini-2.5-pro and gemini-2.5-flash.", quoted at dev.to/aideprecations/what-to-do-before-gemini-
// 25-pro-and-25-flash-are-retired-on-december-1-2026-5gg9), over deprecations.info's earlier 2026-10-16 (an earliest
// day). The data's date is 2026-09-23.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { lifecycleDue, type Dataset } from '../dataset/dataset.ts';
import { cheapest_for } from './cheapest-for.ts';
import { estimate_cost } from './estimate-cost.ts';
import { get_model } from './get-model.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const skip = !existsSync(DEFAULT_DATA_DIR) && 'the committed dataset is not built';
const cache = new Map<string, Dataset>();
const judged = (day?: string) => {
  const key = day ?? 'data date';
  if (!cache.has(key)) cache.set(key, committedDataset(day ? { judgedOn: day } : {}));
  return cache.get(key)!;
};
type Any = Record<string, any>;
const cost = (ds: Dataset, today: string) =>
  estimate_cost.handler(ds, estimate_cost.input.parse({ model_id: 'gemini-2.5-pro', tokens_millions: 100 }), { today }) as Any;
const googleOffer = (offers: Any[]) => offers.find((o) => o.provider === 'google' && o.provider_model_id === 'gemini-2.5-pro');

test('the lifecycle day is the later of the data date and the day judged on', { skip }, () => {
  assert.equal(judged().meta.data_as_of, '2026-09-23');
  assert.equal(judged().lifecycleDate, '2026-09-23');
  assert.equal(judged('2026-11-27').lifecycleDate, '2026-11-27');
  // A day before the data's date never moves judgments back.
  assert.equal(judged('2026-01-01').lifecycleDate, '2026-09-23');
});

test('Gemini 2.5 Pro at Google is priced the day before its shutdown and not after it', { skip }, () => {
  const before = cost(judged('2026-11-30'), '2026-11-30');
  const paid = googleOffer(before.api.offers);
  assert.ok(paid, 'served on 2026-11-30: the day before the announced shutdown');
  assert.equal(paid.shutdown_date.value, '2026-12-01');

  const after = cost(judged('2026-12-02'), '2026-12-02');
  assert.equal(googleOffer(after.api.offers), undefined, 'no longer priced on 2026-12-02');
  const gone = after.api.not_priced.find((o: Any) => o.provider === 'google' && o.provider_model_id === 'gemini-2.5-pro');
  assert.ok(gone, 'listed among the offers not priced');
  assert.match(gone.reason, /shut down on 2026-12-01/);
  // A closed model's resellers forward to the developer's API, which no longer answers: none is priced either. Google's
  // other own listing, Vertex AI's, gave only an earliest day ("discontinued no earlier than October 16, 2026", Google's
  // e-mail; Google Cloud's model versions page: "they won't be moved to an earlier date than what is listed"), so it is
  // still served, its retirement announced, and said so.
  assert.deepEqual(after.api.offers.filter((o: Any) => o.provider === 'openrouter'), []);
  assert.deepEqual(after.api.offers.map((o: Any) => [o.provider, o.first_party, o.lifecycle_state]),
    [['google-vertex', true, 'retirement_announced']], 'no reseller outlives the developer; Vertex AI gave no firm day');
  assert.match(after.api.note, /may no longer be sold: deprecated with no firm shutdown date: .*the earliest day given is 2026-10-16/);
});

test('get_model says when the status changed after the data date, and on which day it was judged', { skip }, () => {
  const m = get_model.handler(judged('2026-12-02'), get_model.input.parse({ model_id: 'gemini-2.5-pro' }), { today: '2026-12-02' }) as Any;
  assert.equal(m.status.value, 'deprecated');
  assert.equal(m.status.as_of, '2026-12-02');
  assert.match(m.status.note, /shut down on 2026-12-01, after the dataset's date 2026-09-23, on or before 2026-12-02/);
  // Before the shutdown the status is Google's own word, read on 2026-11-10 ("Both models are deprecated"), not a shutdown.
  const then = get_model.handler(judged(), get_model.input.parse({ model_id: 'gemini-2.5-pro' }), { today: '2026-09-23' }) as Any;
  assert.deepEqual([then.status.value, then.status.as_of, then.status.source], ['deprecated', '2026-11-10', 'developer-notices']);
  assert.equal(then.status.note, undefined);
});

test('cheapest_for ranks no model whose developer shut it down since the data date', { skip }, () => {
  const q = cheapest_for.input.parse({ use: 'chat', first_party_only: true, limit: 100 });
  const ask = (day: string) => cheapest_for.handler(judged(day), q, { today: day }) as Any;
  const ids = (r: Any) => r.items.map((i: Any) => i.model.id);
  // Gemini 2.5 Flash-Lite (GA) is left out: the arena rated only its 06-17 preview, a model of its own, so the GA model
  // has no rating to rank by on either day.
  for (const id of ['gemini-2.5-pro', 'gemini-2.5-flash']) {
    assert.ok(ids(ask('2026-11-30')).includes(id), `${id} ranked while served`);
    assert.ok(!ids(ask('2026-12-02')).includes(id), `${id} left out once shut down (2026-12-01)`);
  }
  assert.match(ask('2026-12-02').note, /shut down by the developer by 2026-12-02/);
});

test('lifecycleDue: a reload is due once the day passes a shutdown date the data announce', { skip }, () => {
  const ds = judged();
  // The first shutdown after 2026-09-23 in the data: OpenAI's gpt-3.5-turbo-1106 and gpt-3.5-turbo-instruct on
  // 2026-09-28 (deprecations-rss, OpenAI's deprecations page).
  assert.equal(lifecycleDue(ds, '2026-09-27'), false);
  assert.equal(lifecycleDue(ds, '2026-09-28'), true);
  assert.equal(lifecycleDue(judged('2026-11-27'), '2026-11-27'), false, 'judged on the day already');
});

test('a model\'s deprecation note that scheduled its shutdown reads as past on a load day after it', { skip }, () => {
  // deprecations-rss: OpenAI deprecated o3-2025-04-16, o3's newest dated snapshot, with a shutdown on 2026-12-11.
  const note = (day?: string) => (get_model.handler(judged(day), get_model.input.parse({ model_id: 'o3' }), { today: day ?? '2026-09-23' }) as Any)
    .status?.note as string;
  assert.equal(note(), 'the developer deprecated o3-2025-04-16, the model\'s newest dated snapshot, with a shutdown date of 2026-12-11');
  assert.equal(note('2026-12-12'), 'the developer deprecated o3-2025-04-16, the model\'s newest dated snapshot, shut down on 2026-12-11');
});
