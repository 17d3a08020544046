// A pick served through a third party's listing says when the developer's own API stopped serving the model.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { aDataset, aModel, anOffer, aProvider, f } from '../dataset/fixtures.ts';
import { recommend_model } from '../ops/recommend-model.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { developerRetiredReason, retiredOwnOffer } from './developer-retired.ts';

const price = (x: number) => ({ input: f(x, 'test-source', '2026-07-02'), output: f(x * 2, 'test-source', '2026-07-24') });

test('a third party\'s listing of a model whose developer shut its own API down: both days, and the replacement', () => {
  // Dataset of 2026-09-23; the developer's listing shut down on 2026-09-10 for m-next; the relay's read on 2026-07-24.
  const parts = {
    data_as_of: '2026-09-23',
    providers: [aProvider({ id: 'relay', name: 'Relay' })],
    // m-next is a model of the dataset: the replacement is named alone (engines/replacement.ts).
    models: [aModel({ id: 'm' }), aModel({ id: 'm-next' })],
    offers: [
      anOffer({ model_id: 'm', provider: 'dev', first_party: true, prices: price(1), shutdown_date: f('2026-09-10'), replacement: f('m-next') }),
      anOffer({ model_id: 'm', provider: 'relay', prices: price(0.5) }),
    ],
  };
  const ds = aDataset(parts);
  const [own, relay] = ds.offersByModel.get('m')!;
  assert.equal(retiredOwnOffer(ds.offersByModel.get('m')!, ds.lifecycleDate), own);
  assert.equal(developerRetiredReason(ds, relay),
    'The developer\'s own API no longer serves it: m shut down on 2026-09-10 (test-source); its replacement is m-next. '
    + 'Relay\'s listing was last read on 2026-07-24, before that day: whether Relay still serves the model is not in the dataset.');
  assert.equal(developerRetiredReason(ds, own), null, 'the developer\'s own listing is not a third party\'s');
  // A listing read after the shutdown (2026-09-23 > 2026-09-10) was still there on that day.
  const after = aDataset({ ...parts, offers: [parts.offers[0], anOffer({ model_id: 'm', provider: 'relay', prices: { input: f(0.5, 'test-source', '2026-09-23') } })] });
  assert.match(developerRetiredReason(after, after.offersByModel.get('m')![1]) ?? '', /m-next\. Relay still listed it on 2026-09-23, after that day\.$/);
  // The same shutdown on a later day than the data's: still served, nothing to say.
  const later = aDataset({ data_as_of: '2026-09-01', models: [aModel({ id: 'm' })], offers: [
    anOffer({ model_id: 'm', provider: 'dev', first_party: true, prices: price(1), shutdown_date: f('2026-09-10') }),
    anOffer({ model_id: 'm', provider: 'relay', prices: price(0.5) }),
  ] });
  assert.equal(developerRetiredReason(later, later.offersByModel.get('m')![1]), null);
  // A retired dated snapshot beside the developer's own listing still served (moonshot-v1-8k-0430 beside moonshot-v1-8k):
  // the developer still serves the model, so a third party's pick says nothing of a retirement.
  const snapshot = aDataset({ ...parts, offers: [parts.offers[0],
    anOffer({ model_id: 'm', provider: 'dev', provider_model_id: 'm-live', first_party: true, prices: price(1) }),
    anOffer({ model_id: 'm', provider: 'relay', prices: price(0.5) })] });
  const relayed = snapshot.offersByModel.get('m')!.find((o) => o.provider === 'relay')!;
  assert.equal(developerRetiredReason(snapshot, relayed), null);
});

test('committed dataset: an EU bank\'s pick of DeepSeek V4 Flash at cortecs says DeepSeek retired it on 2026-09-10', {
  skip: !existsSync(DEFAULT_DATA_DIR),
}, () => {
  // data/curated/developer-notices.csv: DeepSeek retired deepseek-v4-flash on its API on 2026-09-10 for V4.1 Flash
  // (api-docs.deepseek.com/news/news260910, quoted there); models.dev's snapshot of 2026-07-02 lists it at cortecs.
  const ds = committedDataset();
  const input = recommend_model.input.parse({ use: 'customer-support', data: 'financial', keep: 'eu-only,no-training', where: 'eu-cloud' });
  const out = recommend_model.handler(ds, input, { today: '2026-11-29' }) as {
    recommendations: { model: { id: string }; offer: { provider: string } | null; reasons: string[] }[];
  };
  const pick = out.recommendations.find((r) => r.model.id === 'deepseek-v4-flash' && r.offer?.provider === 'cortecs');
  assert.ok(pick, 'DeepSeek V4 Flash at cortecs among the picks');
  const said = pick.reasons.find((r) => r.startsWith('The developer\'s own API no longer serves it'));
  assert.match(said ?? '', /shut down on 2026-09-10 .*its replacement is deepseek-v4\.1-flash \(not in this catalogue under that name\)\. cortecs's listing was last read on 2026-07-02, before that day/);
  // A pick whose developer still serves it says nothing of the kind.
  for (const r of out.recommendations.filter((x) => x.model.id !== 'deepseek-v4-flash')) {
    assert.ok(!r.reasons.some((t) => t.startsWith('The developer\'s own API no longer')), r.model.id);
  }
});
