// use=agents prices a pick on offers whose listing does not say it serves no tool calling; other uses on all.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, anOffer, aProvider, aRating, f } from '../dataset/fixtures.ts';
import { interpret } from './interpret.ts';
import { recommend } from './recommend.ts';

// One model that can call tools (its capability) and two offers: the cheaper listing says it serves no tool calling
// (as OpenRouter's Llama 3.2 1B Instruct does, models.dev tool_call = false), the dearer says it does.
const ds = aDataset({
  models: [aModel({ id: 'agent', capabilities: { tool_calling: f(true) }, context_window: f(131072) })],
  providers: [aProvider({ id: 'cheap' }), aProvider({ id: 'dear' })],
  offers: [
    anOffer({ model_id: 'agent', provider: 'cheap', prices: { input: f(0.1), output: f(0.2) }, tool_calling: f(false) }),
    anOffer({ model_id: 'agent', provider: 'dear', prices: { input: f(1), output: f(2) }, tool_calling: f(true) }),
  ],
  ratings: ['instruction_following', 'overall'].map((category) => aRating({ model_id: 'agent', category })),
});

const providerOf = (use: string) => {
  const r = recommend(ds, interpret(ds, { use, machine: 'none' }));
  return r.recommendations[0]?.option.priced?.offer.provider;
};

test('an agents pick is priced at the offer that serves tool calling, a chat pick at the cheapest', () => {
  assert.equal(providerOf('agents'), 'dear');
  assert.equal(providerOf('chat'), 'cheap');
});
