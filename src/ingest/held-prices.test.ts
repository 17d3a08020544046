// Tests of the reviewed held-back prices: a row of data/curated/held-prices.csv holds back the figure it names.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { PROJECT_ROOT } from '../config/env.ts';
import type { OfferObservation } from '../sources/types.ts';
import { buildOffers } from './build-offers.ts';
import { holdBackReviewed, loadHeldPrices, type HeldPrice } from './held-prices.ts';

const obs = (o: Partial<OfferObservation>): OfferObservation => ({ source: 'genai-prices-npm', provider: 'google',
  provider_model_id: 'gemini-pro', region: 'global', as_of: '2025-07-04', input: 0.125, output: 0.375, ...o });

// genai-prices (npm 0.1.8) google.gemini-pro: input_mtok 0.125, output_mtok 0.375; Google's Vertex AI pricing page
// gives Gemini 1.0 Pro $0.000125 / $0.000375 per 1,000 characters, i.e. 0.125/0.375 per 1M characters.
const row = (o: Partial<HeldPrice> = {}): HeldPrice => ({ source: 'genai-prices-npm', provider: 'google', provider_model_id: 'gemini-pro',
  field: 'input', value: 0.125, url: 'https://cloud.google.com/vertex-ai/generative-ai/pricing', read_on: '2026-11-27',
  reason: 'per 1M characters, not tokens', ...o });

const build = (list: OfferObservation[], holds: HeldPrice[]) => buildOffers(list, () => 'gemini-pro', new Map(), { holds });

test('a row holds back the figure it names, with its reason and page; the other field stays served', () => {
  const { offers, held } = build([obs({})], [row()]);
  const o = offers[0];
  assert.equal(o.prices.input, undefined, 'the per-character figure is not served as a per-token price');
  assert.equal(o.prices.output?.value, 0.375, 'a field no row names is left alone');
  assert.deepEqual(o.held_back?.map((h) => [h.field, h.value, h.source]), [['input', 0.125, 'genai-prices-npm']]);
  assert.equal(o.held_back![0].reason, 'per 1M characters, not tokens (https://cloud.google.com/vertex-ai/generative-ai/pricing, read 2026-11-27)');
  assert.equal(held.length, 1);
});

// models.dev 2026-07-02, providers/scaleway/models/whisper-large-v3.toml: [cost] input = 0.003, output = 0.0, for a
// speech recogniser (modalities input audio). Both rows hold: the listing is left with no price at all, so nothing
// ranks it at $0.003 or at $0 per 1M tokens.
test('rows for a per-minute input and its free output leave a speech recogniser unpriced, the 0 held like any figure', () => {
  const whisper = obs({ source: 'models-dev', provider: 'scaleway', provider_model_id: 'whisper-large-v3', input: 0.003, output: 0 });
  const r = (field: 'input' | 'output', value: number) => row({ source: 'models-dev', provider: 'scaleway',
    provider_model_id: 'whisper-large-v3', field, value, reason: 'a price per audio minute' });
  const { offers } = build([whisper], [r('input', 0.003), r('output', 0)]);
  assert.deepEqual(offers[0].prices, {}, 'neither figure is served as a per-token price');
  assert.deepEqual(offers[0].held_back?.map((h) => [h.field, h.value]), [['input', 0.003], ['output', 0]]);
  // A row for 0 holds nothing where the listing serves another figure: it cannot go stale unseen.
  const { offers: moved } = build([{ ...whisper, output: 0.1 }], [r('output', 0)]);
  assert.equal(moved[0].prices.output?.value, 0.1);
});

test('a row holding back an input price takes the listing\'s long-context tiers from the same source with it', () => {
  // LiteLLM 2026-07-24, gemini/gemini-pro-latest: input_cost_per_token 1.25e-06, output 1e-05,
  // input_cost_per_token_above_200k_tokens 2.5e-06, output 1.5e-05: Gemini 2.5 Pro's figures for the alias Google moved
  // to Gemini 3.1 Pro. A tier prices the same listing above 200k tokens, so it is that model's too.
  const alias = obs({ source: 'litellm', provider_model_id: 'gemini-pro-latest', input: 1.25, output: 10,
    tiers: [{ above_tokens: 200000, input: 2.5, output: 15 }] });
  const rows = [row({ source: 'litellm', provider_model_id: 'gemini-pro-latest', value: 1.25 }),
    row({ source: 'litellm', provider_model_id: 'gemini-pro-latest', field: 'output', value: 10 })];
  const { offers, held } = build([alias], rows);
  assert.equal(offers[0].prices.input, undefined);
  assert.equal(offers[0].prices.output, undefined);
  assert.equal(offers[0].prices.tiers, undefined, 'no tier of the held listing is served');
  assert.ok(held.some((i) => i.field === 'tiers'), 'the tiers held back are reported');
  // An output row alone leaves the tiers: the base input price they extend is still served.
  const outOnly = build([alias], [rows[1]]);
  assert.equal(outOnly.offers[0].prices.tiers?.value[0].input, 2.5);
});

test('a row whose figure or source the offer no longer serves holds nothing back and is reported', () => {
  // A later reading at another figure (say the token price) is served as it is: the row named the old figure only.
  const moved = build([obs({ input: 0.5, output: 1.5 })], [row()]);
  assert.equal(moved.offers[0].prices.input?.value, 0.5);
  assert.equal(moved.offers[0].held_back, undefined);
  assert.match(moved.held[0].message, /holds nothing back/);
  const other = build([obs({ source: 'litellm' })], [row()]);
  assert.equal(other.offers[0].prices.input?.value, 0.125, "another source's reading of the figure is not the row's");
  assert.match(other.held[0].message, /no offer serves genai-prices-npm's input 0.125/);
});

test('the committed table reads without issues; rows without a page or with an unknown field are refused', () => {
  const { rows, issues } = loadHeldPrices(path.join(PROJECT_ROOT, 'data/curated/held-prices.csv'));
  assert.deepEqual(issues, []);
  assert.deepEqual(rows.map((r) => [r.provider, r.provider_model_id, r.field, r.value]),
    [['google', 'gemini-pro', 'input', 0.125], ['google', 'gemini-pro', 'output', 0.375],
      // Gemini 2.5 Pro's and 2.5 Flash's figures on the aliases Google moved on (LiteLLM 2026-07-24, models.dev).
      ['google', 'gemini-pro-latest', 'input', 1.25], ['google', 'gemini-pro-latest', 'output', 10], ['google', 'gemini-pro-latest', 'cache_read', 0.125],
      ['google', 'gemini-flash-latest', 'input', 0.3], ['google', 'gemini-flash-latest', 'output', 2.5], ['google', 'gemini-flash-latest', 'cache_read', 0.03],
      ['google-vertex', 'gemini-flash-latest', 'input', 0.3], ['google-vertex', 'gemini-flash-latest', 'output', 2.5],
      ['google-vertex', 'gemini-flash-latest', 'cache_read', 0.075], ['google-vertex', 'gemini-flash-latest', 'cache_write', 0.383],
      // GPT-4-32k's price on azure-cognitive-services' 8,192-token gpt-4 (models.dev's symlinked azure file).
      ['azure-cognitive-services', 'gpt-4', 'input', 60], ['azure-cognitive-services', 'gpt-4', 'output', 120],
      // Resellers' gemini-flash-latest at earlier targets' prices (models.dev 2026-07-02): Gemini 3 Flash Preview's $0.50/$3,
      // Google's file's $0.30/$2.50, below Gemini 3.5 Flash's $1.50/$9.
      ['kilo', '~google/gemini-flash-latest', 'input', 0.5], ['kilo', '~google/gemini-flash-latest', 'output', 3],
      ['kilo', '~google/gemini-flash-latest', 'cache_read', 0.05],
      ['orcarouter', 'google/gemini-flash-latest', 'input', 0.5], ['orcarouter', 'google/gemini-flash-latest', 'output', 3],
      ['orcarouter', 'google/gemini-flash-latest', 'cache_read', 0.075],
      ['merge-gateway', 'google/gemini-flash-latest', 'input', 0.3], ['merge-gateway', 'google/gemini-flash-latest', 'output', 2.5],
      ['merge-gateway', 'google/gemini-flash-latest', 'cache_read', 0.075],
      // LLM Gateway's MiMo tiers above 256k of the price before Xiaomi's cut (models.dev 2026-07-02 llmgateway files).
      ['llmgateway', 'mimo-v2.5', 'tiers', 0.8], ['llmgateway', 'mimo-v2.5-pro', 'tiers', 2],
      // models.dev 2026-07-02 providers/alibaba-cn/models/qwen3.5-flash.toml: [cost] input = 0.172, output = 1.72
      // (CNY 1.2/12 at models.dev's ~6.98 yuan to the dollar, a mainland tier above 256K, not the base).
      ['alibaba-cn', 'qwen3.5-flash', 'input', 0.172], ['alibaba-cn', 'qwen3.5-flash', 'output', 1.72],
      // models.dev 2026-07-02 providers/evroc/models/openai/whisper-large-v3{,-turbo}.toml: "[cost] # per audio minute",
      // input = 0.0023, output = 0.0023: a price per minute of audio, not per 1M tokens.
      ['evroc', 'openai/whisper-large-v3', 'input', 0.0023], ['evroc', 'openai/whisper-large-v3', 'output', 0.0023],
      ['evroc', 'openai/whisper-large-v3-turbo', 'input', 0.0023], ['evroc', 'openai/whisper-large-v3-turbo', 'output', 0.0023],
      // Alibaba's page: qwen3-asr-flash $0.000035/second (Singapore), $0.000032/second (Beijing); models.dev's 0.035 and
      // 0.032 are those times 1,000, in per-1M-token fields.
      ['alibaba', 'qwen3-asr-flash', 'input', 0.035], ['alibaba', 'qwen3-asr-flash', 'output', 0.035],
      ['alibaba-cn', 'qwen3-asr-flash', 'input', 0.032], ['alibaba-cn', 'qwen3-asr-flash', 'output', 0.032],
      // models.dev's scaleway and nearai Whisper Large v3 files: input 0.003 / 0.01 and output 0, in no stated unit, for a
      // model Scaleway measures in audio minutes and seconds; the 0 output goes with its input.
      ['scaleway', 'whisper-large-v3', 'input', 0.003], ['scaleway', 'whisper-large-v3', 'output', 0],
      ['nearai', 'openai/whisper-large-v3', 'input', 0.01], ['nearai', 'openai/whisper-large-v3', 'output', 0],
      // models.dev's aihubmix coding-xiaomi-mimo-v2.5{,-pro} files: 0.08/0.4/0.016 and 0.2/0.6/0.04, beside AIHubMix's
      // plain routes of the same models at 0.44/2.2/0.088 and 1.1/3.3/0.22.
      ['aihubmix', 'coding-xiaomi-mimo-v2.5', 'input', 0.08], ['aihubmix', 'coding-xiaomi-mimo-v2.5', 'output', 0.4],
      ['aihubmix', 'coding-xiaomi-mimo-v2.5', 'cache_read', 0.016],
      ['aihubmix', 'coding-xiaomi-mimo-v2.5-pro', 'input', 0.2], ['aihubmix', 'coding-xiaomi-mimo-v2.5-pro', 'output', 0.6],
      ['aihubmix', 'coding-xiaomi-mimo-v2.5-pro', 'cache_read', 0.04],
      // LiteLLM 2026-07-24 vertex_ai/mistral-nemo@2407: 3e-06 per token in and out, $3/$3 per 1M, 20x its own
      // vertex_ai/mistral-nemo@latest row (1.5e-07, $0.15) and Mistral's own $0.15/$0.15.
      ['google-vertex', 'mistral-nemo@2407', 'input', 3], ['google-vertex', 'mistral-nemo@2407', 'output', 3],
      // models.dev 2026-07-02 llmgateway/qwen3-coder-plus.toml: 6/60/1.2/7.5, the tier above 256,000 input tokens of
      // LiteLLM's dashscope/qwen3-coder-plus ($6/$60) beside its $1/$5 base; the cache figures are 0.2 x 6 and 1.25 x 6.
      ['llmgateway', 'qwen3-coder-plus', 'input', 6], ['llmgateway', 'qwen3-coder-plus', 'output', 60],
      ['llmgateway', 'qwen3-coder-plus', 'cache_read', 1.2], ['llmgateway', 'qwen3-coder-plus', 'cache_write', 7.5],
      // models.dev 2026-07-02 llmgateway/mistral-large-latest.toml: 4/12, LiteLLM's mistral-large-2402 (4e-06/1.2e-05),
      // against the alias's Mistral Large 3 at 0.5/1.5.
      ['llmgateway', 'mistral-large-latest', 'input', 4], ['llmgateway', 'mistral-large-latest', 'output', 12],
      // LiteLLM 2026-07-24 hyperbolic/deepseek-ai/DeepSeek-R1 4e-07 and -R1-0528 2.5e-07 in and out, against Hyperbolic's
      // $2/$2 and $3/$3 on Hugging Face's and Lava's pages; the 405B's template output 3e-07 (its input already an outlier).
      ['hyperbolic', 'deepseek-ai/DeepSeek-R1', 'input', 0.4], ['hyperbolic', 'deepseek-ai/DeepSeek-R1', 'output', 0.4],
      ['hyperbolic', 'deepseek-ai/DeepSeek-R1-0528', 'input', 0.25], ['hyperbolic', 'deepseek-ai/DeepSeek-R1-0528', 'output', 0.25],
      ['hyperbolic', 'meta-llama/Meta-Llama-3.1-405B-Instruct', 'output', 0.3],
      // LiteLLM 2026-07-24 oci/meta.* and oci/cohere.*: Oracle's price per 10,000 characters at four characters a token
      // (PR 28223: Llama 3.3 70B "$0.0018 / 10k characters"; 0.0018 / 10,000 x 4 x 1,000,000 = 0.72, the 7.2e-07 per
      // token read). Every figure in and out; the 11B Vision's input ($2, 36x its hosts' median) is already an outlier.
      ...([['cohere.command-a-03-2025', 1.56], ['cohere.command-a-reasoning-08-2025', 1.56], ['cohere.command-a-translate-08-2025', 0.09],
        ['cohere.command-a-vision-07-2025', 1.56], ['cohere.command-r-08-2024', 0.15], ['cohere.command-r-plus-08-2024', 1.56],
        ['meta.llama-3.1-405b-instruct', 10.68], ['meta.llama-3.1-70b-instruct', 0.72], ['meta.llama-3.1-8b-instruct', 0.72]] as const)
        .flatMap(([id, v]) => [['oci', id, 'input', v], ['oci', id, 'output', v]]),
      ['oci', 'meta.llama-3.2-11b-vision-instruct', 'output', 2],
      ...([['meta.llama-3.2-90b-vision-instruct', 2], ['meta.llama-3.3-70b-instruct', 0.72], ['meta.llama-4-maverick-17b-128e-instruct-fp8', 0.72],
        ['meta.llama-4-scout-17b-16e-instruct', 0.72]] as const).flatMap(([id, v]) => [['oci', id, 'input', v], ['oci', id, 'output', v]]),
      // LiteLLM 2026-07-24 gemini/gemini-2.5-pro: input_cost_per_token_priority 1.25e-06 and output 1e-05, its standard
      // 1.25e-06/1e-05 copied, where its other Gemini priority rows are 1.8x standard (3.6e-06 against 2e-06).
      ['google', 'gemini-2.5-pro', 'input', 1.25], ['google', 'gemini-2.5-pro', 'output', 10],
      // LiteLLM 2026-07-24 hyperbolic/*: 1.2e-07/3e-07 for the Llama, Qwen 2.5 and Hermes rows, 2e-07 and 4e-07 for
      // DeepSeek V3 and V3-0324, 2e-07 QwQ-32B, 2e-06 Qwen3-235B-A22B, in and out, against Lava's list of Hyperbolic's
      // prices ($0.40 the 70B-class, QwQ and Qwen3-235B; $0.25 DeepSeek-V3, $1.25 V3-0324, $0.20 the Coder 32B, $0.10 8B and 3B).
      ...([['deepseek-ai/DeepSeek-V3-0324', 0.4, 0.4], ['deepseek-ai/DeepSeek-V3', 0.2, 0.2], ['NousResearch/Hermes-3-Llama-3.1-70B', 0.12, 0.3],
        ['meta-llama/Meta-Llama-3-70B-Instruct', 0.12, 0.3], ['meta-llama/Meta-Llama-3.1-70B-Instruct', 0.12, 0.3],
        ['meta-llama/Meta-Llama-3.1-8B-Instruct', 0.12, 0.3], ['meta-llama/Llama-3.2-3B-Instruct', 0.12, 0.3], ['meta-llama/Llama-3.3-70B-Instruct', 0.12, 0.3],
        ['Qwen/Qwen2.5-72B-Instruct', 0.12, 0.3], ['Qwen/Qwen2.5-Coder-32B-Instruct', 0.12, 0.3], ['Qwen/Qwen3-235B-A22B', 2, 2], ['Qwen/QwQ-32B', 0.2, 0.2]] as const)
        .flatMap(([id, i, o]) => [['hyperbolic', id, 'input', i], ['hyperbolic', id, 'output', o]]),
      // models.dev 2026-07-02 frogbot/gpt-5-5.toml: 2.5/15/0.25, OpenAI's gpt-5.4 file's figures, against OpenAI's
      // gpt-5.5 at 5/30/0.5: half the developer's price for the model the file names.
      ['frogbot', 'gpt-5-5', 'input', 2.5], ['frogbot', 'gpt-5-5', 'output', 15], ['frogbot', 'gpt-5-5', 'cache_read', 0.25],
      // models.dev 2026-07-02 merge-gateway/mistral/mistral-medium-latest.toml: 0.4/2.0, Mistral Medium 3.1's price
      // (Mistral's record of it: 0.4/2.0), against Mistral Medium 3.5's 1.5/7.5 since the alias moved on 2026-06-16.
      ['merge-gateway', 'mistral/mistral-medium-latest', 'input', 0.4], ['merge-gateway', 'mistral/mistral-medium-latest', 'output', 2]]);
  const dir = mkdtempSync(path.join(tmpdir(), 'held-'));
  const file = path.join(dir, 'held.csv');
  writeFileSync(file, 'source,provider,provider_model_id,field,value,url,read_on,reason\n'
    + 'genai-prices-npm,google,gemini-pro,input,0.125,not a url,2026-11-27,x\n'
    + 'genai-prices-npm,google,gemini-pro,rating,0.125,https://example.com,2026-11-27,x\n'
    // A negative figure is no price (0 is one: a free output beside a per-minute input is held with it).
    + 'genai-prices-npm,google,gemini-pro,input,-1,https://example.com,2026-11-27,x\n');
  const bad = loadHeldPrices(file);
  assert.equal(bad.rows.length, 0);
  assert.equal(bad.issues.length, 3);
});

// models.dev 2026-07-02, providers/llmgateway/models/mimo-v2.5.toml: [cost] input 0.14, output 0.28, and a
// [[cost.tiers]] above 256,000 at input 0.8, output 4; Xiaomi's own file (providers/xiaomi/models/mimo-v2.5.toml, commit
// 022732b0e5 "fix: update Xiaomi MiMo PAYG pricing") has 0.14/0.28 and no tier.
test("a tiers row sets aside LLM Gateway's pre-cut MiMo tier, kept dated in unpriced_tiers; the base stays", () => {
  const { offers } = buildOffers([obs({ source: 'models-dev', provider: 'llmgateway', provider_model_id: 'mimo-v2.5', input: 0.14, output: 0.28,
    tiers: [{ above_tokens: 256000, input: 0.8, output: 4 }] })], () => 'mimo-v2.5', new Map());
  const row = { source: 'models-dev', provider: 'llmgateway', provider_model_id: 'mimo-v2.5', field: 'tiers' as const, value: 0.8,
    url: 'https://mimo.mi.com/docs/en-US/price/pay-as-you-go', read_on: '2026-11-27', reason: 'a tier Xiaomi no longer charges' };
  const issues = holdBackReviewed(offers, [row]);
  const o = offers[0];
  assert.equal(o.prices.tiers, undefined, 'no tier priced');
  assert.deepEqual(o.unpriced_tiers?.value, [{ above_tokens: 256000, input: 0.8, output: 4 }]);
  assert.match(o.unpriced_tiers!.note!, /a tier Xiaomi no longer charges/);
  assert.deepEqual([o.prices.input?.value, o.prices.output?.value], [0.14, 0.28]);
  assert.equal(issues.length, 1);
  // A tier the source changed is no longer matched, and the row says so.
  assert.match(holdBackReviewed(offers, [{ ...row, value: 0.9 }])[0].message, /holds nothing back/);
});
