// Tests of recommend_model's `context`: the window filter, the fit's context, the tier prices, and bad values.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, anOffer, aRating, f } from '../dataset/fixtures.ts';
import { ServiceError } from '../errors/index.ts';
import { recommend_model } from './recommend-model.ts';

const ctx = { today: '2026-10-01' };
// `wide`: a 1,048,576-token window sold at 1.25/10 and 2.5/15 above 200k (Gemini 2.5 Pro's published prices); `narrow`: 128k.
const ds = aDataset({
  models: [
    aModel({ id: 'wide', open_weights: f(false), context_window: f(1_048_576) }),
    aModel({ id: 'narrow', open_weights: f(false), context_window: f(128_000) }),
  ],
  offers: [
    anOffer({ model_id: 'wide', prices: { input: f(1.25), output: f(10), tiers: f([{ above_tokens: 200_000, input: 2.5, output: 15 }]) } }),
    anOffer({ model_id: 'narrow', prices: { input: f(1), output: f(1) } }),
  ],
  ratings: [aRating({ model_id: 'wide', rating: 1400 }), aRating({ model_id: 'narrow', rating: 1390 })],
});
type Out = Record<string, any>;
const run = (input: Record<string, unknown>) => recommend_model.handler(ds, recommend_model.input.parse(input), ctx) as Out;
const pick = (o: Out, id: string) => o.recommendations.find((r: Out) => r.model.id === id);

test('without context: both models, base prices, no context step', () => {
  const out = run({ machine: 'none' });
  assert.equal(out.constraints.some((s: Out) => s.constraint.startsWith('context=')), false);
  // 0.75 x 1.25 + 0.25 x 10 = 3.4375.
  assert.deepEqual(pick(out, 'wide').offer.blended_price,
    { value: 3.4375, input_share: 0.75, derived_from: ['prices.input', 'prices.output'] });
  assert.ok(pick(out, 'narrow'));
});

test('context=300000: the 128k model is filtered out by name, the other priced at its tier, said in a reason and a note', () => {
  const out = run({ machine: 'none', context: 300_000 });
  const step = out.constraints.find((s: Out) => s.constraint === 'context=300000');
  assert.deepEqual([step.id, step.eliminated, step.rule], ['context', 1, 'a context window of at least 300,000 tokens']);
  assert.equal(pick(out, 'narrow'), undefined);
  // 0.75 x 2.5 + 0.25 x 15 = 5.625.
  assert.deepEqual(pick(out, 'wide').offer.blended_price, {
    value: 5.625, input_share: 0.75, derived_from: ['prices.tiers'],
    long_context: { prompt_tokens: 300_000, above_tokens: 200_000, input: 2.5, output: 15 },
  });
  const said = /\$2\.5 input and \$15 output for a prompt of 300,000 tokens \(its long-context price above 200,000/;
  assert.ok(pick(out, 'wide').reasons.some((r: string) => said.test(r)));
  assert.match(out.notes[0], /^context=300000: .*strictly/);
});

test('context=200000 is the threshold itself: the base price', () => {
  assert.equal(pick(run({ machine: 'none', context: 200_000 }), 'wide').offer.blended_price.value, 3.4375);
});

test('bad contexts: the schema refuses 0, negatives and fractions; the handler refuses more than any window holds', () => {
  for (const bad of [0, -1, 1.5, 511]) {
    const r = recommend_model.input.safeParse({ context: bad });
    assert.equal(r.success, false, String(bad));
    assert.match(r.error!.issues[0].message, /context must be a whole number of tokens from 512 to the largest context window/);
  }
  assert.throws(() => run({ context: 1_048_577 }), (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter'
    && e.options.errors![0].parameter === 'context' && /512 to 1,048,576 \(wide's context window/.test(e.options.errors![0].allowed ?? ''));
  assert.ok(run({ context: 1_048_576, machine: 'none' }));
});
