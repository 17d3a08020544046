// Tests of cheapest_for at a prompt size (min_context): long-context tiers rank and explain, silent offers stay out.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Dataset } from '../dataset/dataset.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { aDataset, aModel, anOffer, aProvider, aRating, f } from '../dataset/fixtures.ts';
import { cheapest_for } from './cheapest-for.ts';

const ctx = { today: '2026-10-01' };
const rate = (model_id: string, rating: number) => aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5 });
const price = (input: number, output: number, tiers?: Array<{ above_tokens: number; input?: number; output?: number }>) =>
  ({ input: f(input), output: f(output), ...(tiers ? { tiers: f(tiers) } : {}) });

// `long`: the developer's own offer at 1.25/10, 2.5/15 above 200k (Gemini 2.5 Pro's published prices); a reseller at
// 1.3/10.5 whose tier (2.4/14) is cheaper than the developer's, though dearer on both base prices; a reseller at 1.1/9 whose
// source lists no tier. `flat`: one offer at 4/4, no tier anywhere. `eu-silent`: a tier only outside the EU.
const ds = aDataset({
  providers: [aProvider({ id: 'euro', name: 'Euro Cloud' })],
  models: [
    aModel({ id: 'long', context_window: f(1_048_576) }),
    aModel({ id: 'flat', context_window: f(1_000_000) }),
    aModel({ id: 'eu-silent', context_window: f(1_000_000) }),
  ],
  offers: [
    anOffer({
      model_id: 'long', provider: 'acme', first_party: true, prices: price(1.25, 10, [{ above_tokens: 200_000, input: 2.5, output: 15 }]),
    }),
    anOffer({ model_id: 'long', provider: 'tierres', prices: price(1.3, 10.5, [{ above_tokens: 200_000, input: 2.4, output: 14 }]) }),
    anOffer({ model_id: 'long', provider: 'cheapres', prices: price(1.1, 9) }),
    anOffer({ model_id: 'flat', provider: 'a', prices: price(4, 4) }),
    anOffer({ model_id: 'eu-silent', provider: 'a', prices: price(1, 1, [{ above_tokens: 128_000, input: 2, output: 2 }]) }),
    anOffer({ model_id: 'eu-silent', provider: 'euro', prices: price(1, 1), eu_resident: f('yes' as const) }),
  ],
  ratings: [rate('long', 1400), rate('flat', 1300), rate('eu-silent', 1200)],
});

type Out = { items: any[]; note: string | null; counts: Record<string, number> };
const run = (input: Record<string, unknown>) => cheapest_for.handler(ds, cheapest_for.input.parse({ limit: 100, ...input }), ctx) as Out;
const row = (o: Out, id: string) => o.items.find((i) => i.model.id === id);

test('a prompt of exactly the threshold ranks at base prices, every offer counted', () => {
  const out = run({ min_context: 200_000 });
  // cheapres: 0.75 x 1.1 + 0.25 x 9 = 0.825 + 2.25 = 3.075.
  assert.deepEqual([row(out, 'long').offer.provider, row(out, 'long').blended_price], [
    'cheapres', { value: 3.075, input_share: 0.75, derived_from: ['prices.input', 'prices.output'] }]);
  // Only eu-silent's tier (above 128,000) applies: 0.75 x 2 + 0.25 x 2 = 2.
  assert.deepEqual(row(out, 'eu-silent').blended_price.value, 2);
  assert.match(out.note!, /1 model is ranked at an offer's long-context price/);
  // Every place here is a reseller's (the fixture's developer sells none): that sentence remains, after the warning that
  // no floor was given and the first place, eu-silent, is rated last of the board's 3 (3 > 3 / 2).
  assert.match(run({ min_context: 128_000 }).note!, /^No floor was given, [^.]*, is rank 3 of 3 [^.]*\. 3 of the 3 places shown are third parties' offers \(resellers, or hosts and routers of open weights\): [^.]*\.$/, 'no tier crossed: no long-context note');
});

test('one token above the threshold: ranked at the cheapest tier, the silent reseller left unranked, the developer beside it', () => {
  const out = run({ min_context: 200_001 });
  const long = row(out, 'long');
  // tierres: 0.75 x 2.4 + 0.25 x 14 = 1.8 + 3.5 = 5.3; the developer's: 0.75 x 2.5 + 0.25 x 15 = 5.625.
  assert.equal(long.offer.provider, 'tierres');
  assert.deepEqual(long.blended_price, {
    value: 5.3, input_share: 0.75, derived_from: ['prices.tiers'],
    long_context: { prompt_tokens: 200_001, above_tokens: 200_000, input: 2.4, output: 14 },
  });
  assert.deepEqual(long.offer.prices.input.value, 1.3, 'the base prices stay in the offer');
  assert.equal(long.developer_offer.blended_price.value, 5.625);
  assert.ok(long.why.includes('at $2.4 input and $14 output per 1M tokens for a prompt of 200,001 tokens '
    + '(its long-context price above 200,000 tokens, 2026-08-01; base $1.3/$10.5): $5.3 blended'), long.why);
  assert.match(long.why, /the developer's own offer \(acme\) is \$5\.625 blended for a prompt of 200,001 tokens/);
  // flat lists no tier anywhere: its price holds at any size. long (5.3) is now dearer than flat (4).
  assert.deepEqual(out.items.map((i) => [i.model.id, i.blended_price.value]), [['eu-silent', 2], ['flat', 4], ['long', 5.3]]);
  assert.equal(row(out, 'flat').blended_price.long_context, undefined);
  assert.match(out.note!, /Prices are for a prompt of 200,001 tokens \(min_context\): .*strictly/);
  assert.match(out.note!, /2 models are ranked at an offer's long-context price/);
});

test('the developer\'s own offers only: the developer\'s tier', () => {
  const out = run({ min_context: 500_000, first_party_only: true });
  assert.deepEqual([row(out, 'long').offer.provider, row(out, 'long').blended_price.value], ['acme', 5.625]);
});

test('EU cloud above a tier: an EU offer that lists no tier has no known price, so the model is left out and counted', () => {
  const below = run({ min_context: 128_000, where: 'eu-cloud' });
  assert.deepEqual([row(below, 'eu-silent').offer.provider, row(below, 'eu-silent').blended_price.value], ['euro', 1]);
  const above = run({ min_context: 128_001, where: 'eu-cloud' });
  assert.equal(row(above, 'eu-silent'), undefined);
  assert.match(above.note!, /1 model is left out: an offer whose source lists no tier is priced at its flat price where its own source states a context window reaching the prompt/);
});

const dataDir = path.resolve(import.meta.dirname, '../../data/dataset');
/** The committed dataset, loaded once for the tests here that read it: it is frozen, and each load costs 1 to 2 s of CPU. */
let shared: Dataset | undefined;
const committedOnce = (): Dataset => (shared ??= committedDataset());
const noData = !existsSync(path.join(dataDir, 'meta.json')) && 'no committed dataset';
test('committed dataset: Gemini 2.5 Pro for 500,000-token documents is ranked at $2.5/$15, not $1.25/$10', { skip: noData }, () => {
  const real = committedOnce();
  const go = (min_context: number) =>
    cheapest_for.handler(real, cheapest_for.input.parse({ use: 'documents', min_context, limit: 100 }), ctx) as Out;
  // LiteLLM 2026-07-24 gemini/gemini-2.5-pro (and models.dev's google provider file): 1.25e-6 / 1e-5 per token, and
  // *_above_200k_tokens 2.5e-6 / 1.5e-5 (Google: "prompts > 200k tokens"). At 75% input: 0.75 x 2.5 + 0.25 x 15 = 5.625.
  const g = row(go(500_000), 'gemini-2.5-pro');
  assert.equal(g.blended_price.value, 5.625);
  assert.deepEqual([g.blended_price.long_context.above_tokens, g.blended_price.long_context.input, g.blended_price.long_context.output],
    [200_000, 2.5, 15]);
  // genai-prices 0.1.8, openai gpt-5.6-terra: 2/12, x2 input and x1.5 output from 272K (stored 271999): 4/18, 0.75 x 4 + 0.25 x 18 = 7.5.
  const terra = row(go(500_000), 'gpt-5.6-terra');
  assert.equal(terra.developer_offer?.blended_price.value ?? terra.blended_price.value, 7.5);
  // At 200,000 tokens no tier of Gemini 2.5 Pro applies: every offer at base, none dearer than Google's own 1.25/10 (3.4375).
  const atThreshold = go(200_000);
  const base = row(atThreshold, 'gemini-2.5-pro');
  assert.equal(base.blended_price.long_context, undefined);
  assert.ok(base.blended_price.value <= 3.4375, String(base.blended_price.value));
  // GPT-5.6 Terra's tier starts above 271,999: at 200,000 its base price, 0.75 x 2 + 0.25 x 12 = 4.5, at most.
  assert.ok(row(atThreshold, 'gpt-5.6-terra').blended_price.value <= 4.5);
});

test('committed dataset: a developer\'s flat price with a window reaching the prompt ranks it (Gemini 3 Flash Preview, first party)', { skip: noData }, () => {
  const real = committedOnce();
  const out = cheapest_for.handler(real, cheapest_for.input.parse(
    { use: 'documents', min_context: 500_000, first_party_only: true, limit: 100 }), { today: '2026-11-25' }) as Out;
  // genai-prices npm 0.1.8, google gemini-3-flash-preview: input_mtok 0.5, output_mtok 3, context_window 1000000, no
  // tier (LiteLLM gemini/gemini-3-flash-preview: max_input_tokens 1048576). aihubmix's ">200k" tier repeats 0.5 / 3 and
  // is no tier. 0.75 x 0.5 + 0.25 x 3 = 1.125, at base prices.
  const flash = row(out, 'gemini-3-flash-preview');
  assert.ok(flash, 'Gemini 3 Flash Preview is ranked');
  assert.deepEqual([flash.blended_price.value, flash.blended_price.long_context], [1.125, undefined]);
});
