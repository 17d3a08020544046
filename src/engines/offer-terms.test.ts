// The frontiers kept for keep=no-training / no-retention: each ask (which constraints, tool calling) gets its own,
// whatever was asked before it and in whichever order the constraints come.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, anOffer, aProvider, f } from '../dataset/fixtures.ts';
import { frontierMeetingTerms } from './offer-terms.ts';

const page = { url: 'https://p.example/terms', quote: 'API data is not used for training nor retained by default.', read_on: '2026-11-28' };
const yes = { ...f('yes' as const), evidence_page: page };
// One model sold by three providers: `trains-not` quotes no training, `keeps-not` no retention, `both` both. Blended at
// an input share s, trains-not costs s*1 + (1-s)*4, keeps-not s*4 + (1-s)*1, both 2 at any share: each is the cheapest
// somewhere (s = 1, s = 0, s = 0.5), so all three are on the model's frontier. `both` says it serves no tool calling.
const ds = aDataset({
  models: [aModel({ id: 'm', open_weights: f(false), context_window: f(131072) })],
  providers: [
    aProvider({ id: 'trains-not', no_training: yes }),
    aProvider({ id: 'keeps-not', no_retention: yes }),
    aProvider({ id: 'both', no_training: yes, no_retention: yes }),
  ],
  offers: [
    anOffer({ model_id: 'm', provider: 'trains-not', prices: { input: f(1), output: f(4) } }),
    anOffer({ model_id: 'm', provider: 'keeps-not', prices: { input: f(4), output: f(1) } }),
    anOffer({ model_id: 'm', provider: 'both', prices: { input: f(2), output: f(2) }, tool_calling: f(false) }),
  ],
});
const model = ds.models[0];
// Filter 0 of a frontier: any provider, any region.
const providers = (terms: Parameters<typeof frontierMeetingTerms>[2], tools: boolean) =>
  frontierMeetingTerms(ds, model, terms, undefined, tools).served[0].map((o) => o.provider).sort();

test('each keep value and tool calling gets its own frontier, asked in any order and asked again', () => {
  for (let round = 0; round < 2; round++) {
    assert.deepEqual(providers(['no-training'], false), ['both', 'trains-not']);
    assert.deepEqual(providers(['no-retention'], false), ['both', 'keeps-not']);
    assert.deepEqual(providers(['no-training', 'no-retention'], false), ['both']);
    assert.deepEqual(providers(['no-retention', 'no-training'], false), ['both']);
    // With tool calling `both` is out (its listing says none).
    assert.deepEqual(providers(['no-training'], true), ['trains-not']);
    assert.deepEqual(providers(['no-training', 'no-retention'], true), []);
  }
});
