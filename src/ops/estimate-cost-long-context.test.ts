// Tests of estimate_cost's API side at a context: long-context tiers cost the volume, silent offers are not priced.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Dataset } from '../dataset/dataset.ts';
import { aDataset, aModel, anOffer, f } from '../dataset/fixtures.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { estimate_cost } from './estimate-cost.ts';

/** The committed dataset, loaded once for the tests here that read it: it is frozen, and each load costs 1 to 2 s of CPU. */
let shared: Dataset | undefined;
const committedOnce = (): Dataset => (shared ??= committedDataset());

const ctx = { today: '2026-10-01' };
type Out = Record<string, any>;
const run = (ds: Dataset, input: Record<string, unknown>) => estimate_cost.handler(ds, estimate_cost.input.parse(input), ctx) as Out;

// A closed model with a 1M window: the developer at 1.25/10, 2.5/15 above 200k (Gemini 2.5 Pro's published prices),
// a reseller at 1.1/9 whose source lists no tier.
const ds = aDataset({
  models: [aModel({ id: 'long-pro', open_weights: f(false), context_window: f(1_048_576) })],
  offers: [
    anOffer({ model_id: 'long-pro', provider: 'acme', first_party: true,
      prices: { input: f(1.25), output: f(10), tiers: f([{ above_tokens: 200_000, input: 2.5, output: 15 }]) } }),
    anOffer({ model_id: 'long-pro', provider: 'cheapres', prices: { input: f(1.1), output: f(9) } }),
  ],
});

test('at a context of exactly the threshold every offer is costed at base prices, as before', () => {
  const out = run(ds, { model_id: 'long-pro', tokens_millions: 300, context: 200_000 });
  // cheapres: 0.75 x 1.1 + 0.25 x 9 = 3.075; x 300 = 922.5 a month. acme: 0.75 x 1.25 + 0.25 x 10 = 3.4375; x 300 = 1031.25.
  assert.deepEqual(out.api.offers.map((l: Out) => [l.provider, l.blended_usd_per_mtok, l.monthly_usd, l.long_context]),
    [['cheapres', 3.075, 922.5, undefined], ['acme', 3.4375, 1031.25, undefined]]);
  assert.match(out.assumptions[0], /base prices as published: no long-context tiers/);
});

test('above it the developer\'s tier costs the month, and the reseller silent on it is listed as not priced', () => {
  const out = run(ds, { model_id: 'long-pro', tokens_millions: 300, context: 400_000 });
  // 0.75 x 2.5 + 0.25 x 15 = 5.625 per 1M tokens; x 300M tokens = $1,687.50 a month.
  assert.equal(out.api.offers.length, 1);
  const l = out.api.cheapest;
  assert.deepEqual([l.provider, l.blended_usd_per_mtok, l.monthly_usd, l.input.usd_per_mtok, l.output.usd_per_mtok],
    ['acme', 5.625, 1687.5, 1.25, 10]);
  assert.deepEqual(l.long_context, {
    prompt_tokens: 400_000, above_tokens: 200_000,
    input: { usd_per_mtok: 2.5, source: 'test-source', as_of: '2026-08-01' },
    output: { usd_per_mtok: 15, source: 'test-source', as_of: '2026-08-01' },
  });
  assert.deepEqual(out.api.not_priced.map((n: Out) => n.provider), ['cheapres']);
  assert.match(out.api.not_priced[0].reason, /no price for prompts longer than 200,000 tokens/);
  assert.match(out.assumptions[0], /at the long-context price a prompt of 400,000 tokens pays/);
  // The curve's API side is the cheapest line's month at each volume: 5.625 per 1M tokens.
  const at = out.curve.find((p: Out) => p.tokens_millions === 300);
  assert.equal(at.api_usd, 1687.5);
});

const noData = !existsSync(path.join(path.resolve(import.meta.dirname, '../../data/dataset'), 'meta.json')) && 'no committed dataset';
test('committed dataset: 300M tokens a month of 400,000-token prompts on Gemini 2.5 Pro', { skip: noData }, () => {
  const real = committedOnce();
  // LiteLLM 2026-07-24 gemini-2.5-pro / vertex_ai: 1.25e-6 / 1e-5 per token, *_above_200k_tokens 2.5e-6 / 1.5e-5.
  // 0.75 x 2.5 + 0.25 x 15 = 5.625; x 300 = 1,687.5 a month (base prices would say 3.4375 x 300 = 1,031.25).
  const out = run(real, { model_id: 'gemini-2.5-pro', tokens_millions: 300, context: 400_000 });
  assert.equal(out.api.cheapest.blended_usd_per_mtok, 5.625);
  assert.equal(out.api.cheapest.monthly_usd, 1687.5);
  // Google's own gemini-2.5-pro listing is served until its shutdown (developer-notices, the Gemini API deprecations
  // page read 2026-11-10: "Shutdown: Tuesday, Dec 1, 2026", after the data date 2026-09-23), so it is the developer's
  // offer, dated.
  assert.equal(out.api.developer_offer.provider, 'google');
  assert.equal(out.api.developer_offer.shutdown_date.value, '2026-12-01');
  const own = out.api.developer_offer.long_context;
  assert.deepEqual([own.input.usd_per_mtok, own.output.usd_per_mtok], [2.5, 15]);
  // Every line is at a tier, but orcarouter's: models.dev lists google/gemini-2.5-pro there at 2.5 / 15 with a tier
  // above 200,000 at 2.5 / 15, the same price said for long prompts (no tier, but a price known there).
  for (const l of out.api.offers) assert.ok(l.long_context || l.provider === 'orcarouter', `${l.provider} lists a tier`);
  const orca = out.api.offers.find((l: Out) => l.provider === 'orcarouter');
  assert.deepEqual([orca.blended_usd_per_mtok, orca.long_context], [5.625, undefined]);
  // At the default context (8,192 tokens) no tier applies: Google Vertex at its base 1.25/10.
  const dflt = run(real, { model_id: 'gemini-2.5-pro', tokens_millions: 300 });
  const vertex = dflt.api.offers.find((l: Out) => l.provider === 'google-vertex');
  assert.deepEqual([vertex.blended_usd_per_mtok, vertex.long_context], [3.4375, undefined]);
});

test('a context above the model\'s window is costed at the window, and the answer says so in both forms', () => {
  // Qwen3-235B-A22B's native window is 32,768 tokens; a host serving 131,072 (YaRN) states its own, larger window.
  const qwen = aDataset({
    models: [aModel({ id: 'q', open_weights: f(false), context_window: f(32_768) })],
    offers: [
      anOffer({ model_id: 'q', provider: 'yarnhost', context_window: f(131_072), prices: { input: f(0.2), output: f(0.6) } }),
      anOffer({ model_id: 'q', provider: 'plain', prices: { input: f(0.2), output: f(0.6) } }),
    ],
  });
  for (const view of ['full', 'summary']) {
    const out = run(qwen, { model_id: 'q', tokens_millions: 300, context: 65_536, view });
    assert.equal(out.settings.context, 32_768);
    assert.equal(out.settings.context_asked, 65_536);
    assert.match(out.settings.context_note, /^context capped: 65,536 tokens asked, 32,768 costed, the model's context window/);
    assert.match(out.settings.context_note, /1 offer states a larger window of their own \(yarnhost 131,072\)/);
  }
  const within = run(qwen, { model_id: 'q', tokens_millions: 300, context: 32_768 });
  assert.deepEqual([within.settings.context, within.settings.context_asked, within.settings.context_note], [32_768, 32_768, null]);
});

test('committed dataset: Claude Sonnet 4.6 at 500,000-token prompts is costed at Anthropic\'s flat $3/$15', { skip: noData }, () => {
  const real = committedOnce();
  const out = run(real, { model_id: 'claude-sonnet-4-6', tokens_millions: 100, context: 500_000 });
  // genai-prices providers-yml/anthropic.yml, claude-sonnet-4-6: "Long context (>200k) surcharge removed" from
  // 2026-03-13, input_mtok 3, output_mtok 15 (claude.com/blog/1m-context-ga); npm 0.1.8 context_window 1000000.
  // 0.75 x 3 + 0.25 x 15 = 6 per 1M tokens; x 100M tokens = $600 a month.
  const own = out.api.offers.find((l: Out) => l.provider === 'anthropic' && l.provider_model_id === 'claude-sonnet-4-6');
  assert.deepEqual([own.blended_usd_per_mtok, own.monthly_usd, own.long_context], [6, 600, undefined]);
  assert.equal(out.api.not_priced.some((n: Out) => n.provider === 'anthropic'), false);
  // Resellers still listing models.dev's 6 / 22.5 above 200k (vercel) pay it: 0.75 x 6 + 0.25 x 22.5 = 10.125.
  const vercel = out.api.offers.find((l: Out) => l.provider === 'vercel');
  assert.deepEqual([vercel.blended_usd_per_mtok, vercel.long_context.above_tokens], [10.125, 200_000]);
});

test('committed dataset: OpenAI\'s 272K boundary is one threshold for every GPT-5.5 offer, whatever its source', { skip: noData }, () => {
  const real = committedOnce();
  // genai-prices npm 0.1.8 openai gpt-5.5 stores 271999; LiteLLM's gpt-5.5-2026-04-23 and azure/gpt-5.5 write
  // input_cost_per_token_above_272k_tokens. Both read as 271,999: a 272,000-token prompt pays the tier at both.
  const out = run(real, { model_id: 'gpt-5.5', tokens_millions: 100, context: 272_000 });
  const openai = out.api.offers.filter((l: Out) => l.provider === 'openai' && l.region === 'global');
  assert.ok(openai.length >= 2, String(openai.length));
  for (const l of openai) assert.equal(l.long_context?.above_tokens, 271_999, l.provider_model_id);
});
