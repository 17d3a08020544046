// Tests of cheapest_for's min_context against offers' own windows (engines/offer-context.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, anOffer, aRating, f } from '../dataset/fixtures.ts';
import { cheapest_for } from './cheapest-for.ts';

const ctx = { today: '2026-10-01' };
// `maverick`: window 1,048,576; lambda_ai's listing states 131,072 (LiteLLM 2026-07-24) at $0.05/$0.10, deepinfra's
// 1,048,576 at $0.15/$0.60. `short`: its only offer states 128,000 though the model reads 1,000,000.
const ds = aDataset({
  models: [aModel({ id: 'maverick', context_window: f(1_048_576) }), aModel({ id: 'short', context_window: f(1_000_000) })],
  offers: [
    anOffer({ model_id: 'maverick', provider: 'lambda_ai', prices: { input: f(0.05), output: f(0.1) }, context_window: f(131_072) }),
    anOffer({ model_id: 'maverick', provider: 'deepinfra', prices: { input: f(0.15), output: f(0.6) }, context_window: f(1_048_576) }),
    anOffer({ model_id: 'short', provider: 'a', prices: { input: f(0.01), output: f(0.01) }, context_window: f(128_000) }),
  ],
  ratings: [
    aRating({ model_id: 'maverick', rating: 1300, rating_lower: 1295, rating_upper: 1305 }),
    aRating({ model_id: 'short', rating: 1200, rating_lower: 1195, rating_upper: 1205 }),
  ],
});
type Out = { items: any[]; note: string | null; counts: Record<string, number> };
const run = (input: Record<string, unknown>) => cheapest_for.handler(ds, cheapest_for.input.parse({ limit: 100, ...input }), ctx) as Out;

test('below every offer limit, the cheapest offer ranks as before', () => {
  const o = run({ min_context: 100_000 });
  assert.deepEqual(o.items.map((i) => [i.model.id, i.offer.provider]), [['short', 'a'], ['maverick', 'lambda_ai']]);
  assert.doesNotMatch(o.note ?? '', /checked per offer/);
});

test('above an offer\'s own window, that offer is not ranked: another serves, or the model is left out', () => {
  const o = run({ min_context: 500_000 });
  // blended at 0.75: 0.75 x 0.15 + 0.25 x 0.6 = 0.2625
  assert.deepEqual(o.items.map((i) => [i.model.id, i.offer.provider, i.blended_price.value]), [['maverick', 'deepinfra', 0.2625]]);
  assert.equal(o.counts.matched, 1);
  assert.match(o.note!, /1 model had a cheaper offer whose own window is below 500,000 tokens/);
  assert.match(o.note!, /1 model left out: no offer kept by the filters serves 500,000 tokens/);
});
