// The headline of a tool's text: estimate_cost says the cheapest offer, the developer's price, self-hosting, break-even.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { defineOperation, READ_ONLY } from '../../ops/operation.ts';
import { renderText } from './render-text.ts';

const opNamed = (name: string, title: string) => defineOperation({
  name, title, description: 'd', path: '/p', input: z.object({}), output: z.object({}), annotations: READ_ONLY, examples: [],
  handler: () => ({}),
});
const line = (name: string, value: Record<string, unknown>) => renderText(opNamed(name, 'T'), value, JSON.stringify(value)).split('\n')[0];

// claude-sonnet-4-5 at 100M tokens, the committed dataset: QiHang lists $0.43 input / $2.14 output, blended at 75% input
// 0.75 x 0.43 + 0.25 x 2.14 = 0.8575 USD per 1M, so 85.75 USD a month; Anthropic's own $3 / $15 blend to 6.00, 600.00 USD.
const sonnet = {
  data_as_of: '2026-09-23', model: { id: 'claude-sonnet-4-5' }, tokens_millions: 100,
  api: {
    offers: [], cheapest: { provider: 'qihang-ai', provider_name: 'QiHang', first_party: false, monthly_usd: 85.75 },
    developer_offer: { provider: 'anthropic', provider_name: 'Anthropic', first_party: true, monthly_usd: 600 },
  },
  self_hosting: { possible: false, reason: 'not possible: the weights are not published', cheapest: null, options: [], owned_options: [] },
  break_even: { tokens_millions: null, reason: 'self-hosting is not possible' }, break_even_owned: { tokens_millions: null, reason: 'x' },
  cheaper: null, curve: [1, 2], assumptions: ['a'],
};

test('estimate_cost: a closed model resold below the developer leads with the developer\'s own price, the reseller after', () => {
  // A closed model's every other seller resells the developer's API, unvetted: the line leads with Anthropic's 600.00 USD
  // and names QiHang's 85.75 after it (before, it led "API from 85.75 USD (QiHang, reseller; Anthropic 600.00 USD)").
  assert.equal(line('estimate_cost', sonnet), 'T (data as of 2026-09-23): claude-sonnet-4-5 at 100M tokens/month: '
    + 'API from 600.00 USD at the developer (Anthropic, first party); a reseller lists 85.75 USD (QiHang, not vouched for); '
    + 'self-hosted: not possible: the weights are not published.');
  // A made-up resale at half the developer's price: $2.50 input / $15 output blend to 0.75 x 2.5 + 0.25 x 15 = 5.625 USD
  // per 1M, 562.50 USD a month at 100M; OpenAI's own $5 / $30 to 0.75 x 5 + 0.25 x 30 = 11.25, 1,125.00 USD: the line
  // leads with OpenAI's.
  const gpt = { ...sonnet, model: { id: 'gpt-5.5' }, api: {
    offers: [], cheapest: { provider: 'frogbot', provider_name: 'frogbot', first_party: false, monthly_usd: 562.5 },
    developer_offer: { provider: 'openai', provider_name: 'OpenAI', first_party: true, monthly_usd: 1125 } } };
  assert.match(line('estimate_cost', gpt), /: API from 1,125\.00 USD at the developer \(OpenAI, first party\); a reseller lists 562\.50 USD \(frogbot, not vouched for\);/);
  // A resale at the developer's own price is no cheaper (gpt-audio-1.5 at Azure, 437.50 USD both): the cheapest leads as
  // it is; nor does a developer price LiteLLM's table alone lists (listing_unconfirmed) lead.
  const tie = { ...gpt, api: { ...gpt.api, cheapest: { ...gpt.api.cheapest, monthly_usd: 1125 } } };
  assert.match(line('estimate_cost', tie), /: API from 1,125\.00 USD \(frogbot, reseller; OpenAI 1,125\.00 USD\);/);
  const doubted = { ...gpt, api: { ...gpt.api, developer_offer: { ...gpt.api.developer_offer, listing_unconfirmed: true } } };
  assert.match(line('estimate_cost', doubted), /: API from 562\.50 USD \(frogbot, reseller; OpenAI 1,125\.00 USD\);/);
  // An open model on a named machine too small for it (possible false, "not possible on ...") is not a closed model: its
  // cheaper seller is a third party.
  const small = { ...sonnet, self_hosting: { ...sonnet.self_hosting, possible: false,
    reason: 'not possible on rtx-4090: open weights, but the configuration named is too small for the model at 4 bits per weight or more' } };
  assert.match(line('estimate_cost', small), /: API from 85\.75 USD \(QiHang, third party; Anthropic 600\.00 USD\);/);
  // Open weights (a host runs them at its own price) and a model no source says is closed keep the cheapest first.
  for (const possible of [true, null]) {
    const open = { ...sonnet, self_hosting: { ...sonnet.self_hosting, possible } };
    assert.match(line('estimate_cost', open), /: API from 85\.75 USD \(QiHang, third party; Anthropic 600\.00 USD\);/);
  }
  // With no developer's own offer, the reseller's is the only price to lead with.
  const noDev = { ...sonnet, api: { ...sonnet.api, developer_offer: null } };
  assert.match(line('estimate_cost', noDev), /: API from 85\.75 USD \(QiHang, reseller\);/);
});

test('estimate_cost: self-hosting rented and owned, the break-even volume, and which side is cheaper', () => {
  const v = {
    ...sonnet, model: { id: 'open-70b' }, tokens_millions: 5000,
    api: { offers: [], cheapest: { provider_name: 'Dev', first_party: true, monthly_usd: 1234.5 }, developer_offer: null },
    self_hosting: {
      possible: true, reason: null, cheapest: { hardware_id: 'h100-80gb-x1', quantization: 'q8_0', machines: 2, monthly_usd: 2764.19 },
      options: [], owned_options: [{ hardware_id: 'rtx-5090-x2', quantization: 'q5_k_m', monthly_usd: 160.95 }],
    },
    break_even: { tokens_millions: 12000, reason: 'r' },
    break_even_owned: { tokens_millions: null, reason: 'they never cross: owned self-hosting costs at least ...' },
    cheaper: 'api',
  };
  // A first-party cheapest offer names no developer price beside it: it is the developer's.
  assert.equal(line('estimate_cost', v), 'T (data as of 2026-09-23): open-70b at 5000M tokens/month: '
    + 'API from 1,234.50 USD (Dev, first party); '
    + 'self-hosted rented from 2,764.19 USD (h100-80gb-x1, q8_0, 2 machines), owned from 160.95 USD (rtx-5090-x2, q5_k_m); '
    + 'break-even rented at 12000M tokens/month, owned never breaks even; cheaper here: the API.');
});

test('estimate_cost: the owned basis is named first, and a cheaper listed month without its host is said to be so', () => {
  // gpt-oss-120b at 10,000M on the committed dataset: two rtx-3090-x4 bought with their host, 515 USD, are the owned
  // basis; rtx-4090-x4 at 269.32 leaves its host out (no source prices a host for four 450 W cards).
  const v = {
    ...sonnet, model: { id: 'gpt-oss-120b' }, tokens_millions: 10000,
    api: { offers: [], cheapest: { provider_name: 'OpenRouter', first_party: false, monthly_usd: 600 }, developer_offer: null },
    self_hosting: {
      possible: true, reason: null, cheapest: null, options: [],
      owned_options: [
        { hardware_id: 'rtx-3090-x4', quantization: 'mxfp4', machines: 2, monthly_usd: 515, host_machine: { id: 'workstation-4gpu' } },
        { hardware_id: 'rtx-4090-x4', quantization: 'mxfp4', monthly_usd: 269.32, host_machine: null },
      ],
    },
  };
  assert.match(line('estimate_cost', v), /self-hosted owned 515\.00 USD \(rtx-3090-x4 x2, mxfp4; rtx-4090-x4 269\.32 USD without its unpriced host machine\)/);
  // The same month with the card's reported end of production (card-production.csv, 2024-10) says that too; a share of
  // an HGX board (one H200 SXM, its host share counted) is not said to leave its host out.
  const r4090 = { ...v.self_hosting.owned_options[1], discontinued_on: { value: '2024-10' } };
  const withEnd = { ...v, self_hosting: { ...v.self_hosting, owned_options: [v.self_hosting.owned_options[0], r4090] } };
  assert.match(line('estimate_cost', withEnd), /rtx-4090-x4 269\.32 USD without its unpriced host machine, no longer sold new\)/);
  const share = { hardware_id: 'h200-x1', quantization: 'fp8', monthly_usd: 300, host_machine: { id: 'hgx-8gpu-bom' }, sold_in: { counts: [4, 8], whole: false } };
  const withShare = { ...v, self_hosting: { ...v.self_hosting, owned_options: [v.self_hosting.owned_options[0], share] } };
  assert.match(line('estimate_cost', withShare), /; h200-x1 300\.00 USD a share of a baseboard sold only whole\)/);
});

test('estimate_cost: owned self-hosting cheaper only in windows says the windows, not one break-even volume', () => {
  // deepseek-v3.2 at 100M tokens, the committed dataset: owned on mi300x-x4 costs no more than crof's 0.2225 USD per 1M
  // from 8,368.94M to 8,477.14M (one machine full), then in 12 more windows, and for good from 149,664.36M (9 x mi300x-x8).
  const v = {
    ...sonnet, model: { id: 'deepseek-v3.2' },
    self_hosting: { possible: true, reason: null, cheapest: null, options: [],
      owned_options: [{ hardware_id: 'mi300x-x4', quantization: 'fp8', monthly_usd: 1733.92 }] },
    break_even: { tokens_millions: null, reason: 'they never cross at utilization 0.5: ...' },
    break_even_owned: {
      tokens_millions: 8368.94, reason: 'from 8368.94 million tokens a month, ...', stays_cheaper_from_tokens_millions: 149664.36,
      cheaper_windows: [{ from_tokens_millions: 8368.94, to_tokens_millions: 8477.14, hardware_id: 'mi300x-x4', machines: 1 }],
      cheaper_windows_count: 13,
    },
    cheaper: 'api',
  };
  assert.equal(line('estimate_cost', v), 'T (data as of 2026-09-23): deepseek-v3.2 at 100M tokens/month: '
    + 'API from 85.75 USD (QiHang, third party; Anthropic 600.00 USD); self-hosted owned from 1,733.92 USD (mi300x-x4, fp8); '
    + 'rented never breaks even, owned cheaper than the API between 8368.94M and 8477.14M tokens/month, then in 12 more windows, '
    + 'and from 149664.36M on; '
    + 'cheaper here: the API.');
});

test('estimate_cost: an owned month that leaves out its host is said so, and not called cheaper', () => {
  // As deepseek-v3.2 at 100,000M on the committed dataset (the volume and API side of the shared fixture): six
  // mi300x-x8, no host priced, 22,187.85 USD against crof's 22,250: `cheaper` null with a note, the break-even a lower bound.
  const v = {
    ...sonnet, model: { id: 'deepseek-v3.2' },
    self_hosting: { possible: true, reason: null, cheapest: null, options: [],
      owned_options: [{ hardware_id: 'mi300x-x8', quantization: 'fp8', monthly_usd: 22187.85, host_machine: null }] },
    break_even: { tokens_millions: null, reason: 'they never cross at utilization 0.5: ...' },
    break_even_owned: { tokens_millions: 8330.21, stays_cheaper_from_tokens_millions: 8330.21, cheaper_windows: [], cheaper_windows_count: 0,
      reason: 'from 8330.21 million tokens a month, ...; mi300x-x8 leaves out a host machine no source prices (...): counting it would '
        + 'move these volumes up, so they are lower bounds' },
    cheaper: null,
    cheaper_note: 'self-hosting is not shown cheaper: ...',
  };
  assert.equal(line('estimate_cost', v), 'T (data as of 2026-09-23): deepseek-v3.2 at 100M tokens/month: '
    + 'API from 85.75 USD (QiHang, third party; Anthropic 600.00 USD); self-hosted owned from 22,187.85 USD (mi300x-x8, fp8, host machine not counted); '
    + 'rented never breaks even, break-even owned at 8330.21M tokens/month (a lower bound: a host machine not priced); '
    + 'cheaper here: not shown (an owned month below the API\'s leaves out its unpriced host machine).');
});

test('estimate_cost: the verdict names the configuration it rests on, not the hostless one listed first', () => {
  // gpt-oss-120b at 10,000M as served: the cheapest owned option (rtx-4090-x4, 269.32) leaves its host machine out; the
  // verdict rests on two rtx-3090-x4 bought with their host, 515 against OpenRouter's 600: 85 USD less.
  const v = {
    ...sonnet, model: { id: 'gpt-oss-120b' }, tokens_millions: 10000,
    self_hosting: { possible: true, reason: null, cheapest: null, options: [],
      owned_options: [{ hardware_id: 'rtx-4090-x4', quantization: 'mxfp4', monthly_usd: 269.32, host_machine: null }] },
    break_even: undefined, break_even_owned: undefined,
    cheaper: 'self_hosted',
    cheaper_basis: { self_hosted: { hardware_id: 'rtx-3090-x4', owned: true, machines: 2, monthly_usd: 515 },
      api: { provider: 'openrouter', monthly_usd: 600 }, margin_usd: 85 },
  };
  assert.ok(line('estimate_cost', v).endsWith('owned from 269.32 USD (rtx-4090-x4, mxfp4, host machine not counted); cheaper here: '
    + 'self-hosting (rtx-3090-x4 x2 bought, 515.00 USD with its host machine, vs the API\'s 600.00 USD: 85.00 USD less).'), line('estimate_cost', v));
});

test('a value without what the headline reads keeps the generic line: id and list sizes', () => {
  assert.equal(line('estimate_cost', { data_as_of: '2026-09-23', curve: [1], assumptions: [] }),
    'T (data as of 2026-09-23): curve: 1; assumptions: none.');
});

test('get_trust_profile and get_podium say the index and the places, not only that an answer exists', () => {
  const trust = { data_as_of: 'd', model: { id: 'gpt-5' }, trust_index: 50, counts: { met: 8, not_met: 8, unknown: 0, total: 16 },
    compliance: { offers: { total: 39, eu_resident: 10 } } };
  assert.equal(line('get_trust_profile', trust),
    'T (data as of d): gpt-5: Trust Index 50/100 (8 met, 8 not met, 0 unknown of 16 criteria); EU offers: 10 EU-resident of 39 offers.');
  // gpt-5 on 2026-11-29: Azure's EU Data Zone listing served in the EU, OpenAI's two listings in its EU region only for
  // an eligible organisation (offer-residency.csv's condition), 39 offers in all, at 2 providers.
  const offers = { total: 39, eu_resident: 3, eu_resident_providers: 2, eu_resident_yes: 1, eu_region: 2, eu_region_on_condition: 2 };
  const split = { ...trust, compliance: { offers } };
  assert.equal(line('get_trust_profile', split), 'T (data as of d): gpt-5: Trust Index 50/100 (8 met, 8 not met, 0 unknown of 16 criteria); '
    + 'EU offers: 1 EU-resident, 2 in an EU region on conditions, of 39 offers, at 2 providers.');
  const podium = { data_as_of: 'd', leaderboard: 'text', category: 'overall', as_of: '2026-08-19', podium: [
    { place: 1, model: { id: 'a' }, rating: { rating: 1507.33 }, tie_with_next: true, statistical_tie: true },
    { place: 2, model: { id: 'b' }, rating: { rating: 1490 }, tie_with_next: false, statistical_tie: true }] };
  assert.equal(line('get_podium', podium), 'T (data as of d): text/overall as of 2026-08-19: 1. a (1507.33, tied with next), 2. b (1490).');
});

test('get_podium says "tied with next" exactly where the structured answer has tie_with_next', () => {
  // webdev/overall as served: third place overlaps second (statistical_tie) but not the fourth model (tie_with_next false).
  const podium = { data_as_of: 'd', leaderboard: 'webdev', category: 'overall', as_of: '2026-08-19', podium: [
    { place: 1, model: { id: 'a' }, rating: { rating: 1700 }, tie_with_next: false, statistical_tie: false },
    { place: 2, model: { id: 'b' }, rating: { rating: 1671.2 }, tie_with_next: true, statistical_tie: true },
    { place: 3, model: { id: 'qwen3.8' }, rating: { rating: 1668.81 }, tie_with_next: false, statistical_tie: true }] };
  const text = line('get_podium', podium);
  for (const p of podium.podium) {
    const said = new RegExp(`${p.place}\\. ${p.model.id} \\(${p.rating.rating}, tied with next\\)`).test(text);
    assert.equal(said, p.tie_with_next, `place ${p.place} in "${text}"`);
  }
  assert.match(text, /3\. qwen3\.8 \(1668\.81\)\.$/);
});

test('get_podium says the models left out above the places and a stale board\'s notice', () => {
  // vision/overall as served: the board's newest rating is of 2025-12-17, 280 days before the data (2026-09-23);
  // Gemini 3 Pro Preview, rank 1, shut down on 2026-03-09 (deprecations feed), is left out above Gemini 2.5 Pro.
  const notice = "The newest rating on this board is of 2025-12-17, 280 days before the data's date (2026-09-23): LMArena may no longer publish it, and models released since are not on it.";
  const podium = { data_as_of: '2026-09-23', leaderboard: 'vision', category: 'overall', as_of: '2025-12-17', notice,
    left_out: [{ rank: 1, model: { id: 'gemini-3-pro-preview' }, reason: 'shut down on 2026-03-09 (deprecations-rss)' }],
    podium: [{ place: 1, model: { id: 'gemini-2.5-pro' }, rating: { rating: 1262.82 }, tie_with_next: true, statistical_tie: true }] };
  assert.equal(line('get_podium', podium), 'T (data as of 2026-09-23): vision/overall as of 2025-12-17: 1. gemini-2.5-pro (1262.82, tied with next); '
    + 'left out, rated above: gemini-3-pro-preview (rank 1: shut down on 2026-03-09 (deprecations-rss)); ' + notice); // one full stop
});

test('get_model and search_models: what the model is and which models matched', () => {
  // llama-3.3-70b-instruct in the committed dataset: 70,553,706,496 parameters (70.6B), context 131,072, open weights.
  const sheet = { data_as_of: 'd', id: 'llama-3.3-70b-instruct', name: { value: 'Llama-3.3-70B-Instruct' }, developer: { name: 'Meta' },
    open_weights: { value: true }, parameters_total: { value: 70_553_706_496 }, context_window: { value: 131_072 }, offers: [{}, {}] };
  assert.equal(line('get_model', sheet), 'T (data as of d): llama-3.3-70b-instruct (Llama-3.3-70B-Instruct, Meta): open weights, '
    + '70.6B parameters, context 131,072 tokens, 2 offers.');
  const retired = { ...sheet, open_weights: { value: false }, parameters_total: null, context_window: null, offers: [],
    status: { value: 'deprecated' }, shutdown_date: { value: '2026-12-11' } };
  assert.match(line('get_model', retired), /: closed weights, 0 offers, deprecated, shutdown 2026-12-11\.$/);
  const found = { data_as_of: 'd', items: [{ id: 'a' }, { id: 'b' }], page: { total: 55 } };
  assert.equal(line('search_models', found), 'T (data as of d): 55 models match; first: a, b and 53 more.');
});

test('counts agree with their number: one model matches, one offer, one row', () => {
  const one = { data_as_of: 'd', use: 'coding', page: { total: 1 },
    items: [{ model: { id: 'm' }, blended_price: { value: 2 }, offer: { provider_name: 'P' } }] };
  assert.equal(line('cheapest_for', one), 'T (data as of d): coding: cheapest m at 2 USD per 1M tokens blended via P; 1 model matches.');
  assert.equal(line('cheapest_for', { ...one, page: { total: 3 } }).endsWith('; 3 models match.'), true);
  assert.equal(line('search_models', { data_as_of: 'd', items: [{ id: 'a' }], page: { total: 1 } }),
    'T (data as of d): 1 model matches; first: a.');
  assert.equal(line('compare_models', { data_as_of: 'd', models: [{ id: 'a' }], rows: [{}] }), 'T (data as of d): a, 1 row.');
  assert.match(line('get_model', { data_as_of: 'd', id: 'x', open_weights: { value: true }, offers: [{}] }), /, 1 offer\.$/);
  assert.match(line('recommend_model', { data_as_of: 'd', recommendations: [], qualified: 0, considered: 1 }),
    /; 0 of 1 model qualified\.$/);
});

test('get_model_changes: the counts, where the data end, and the soonest shutdown announced for after them', () => {
  // claude-opus-4-1 up to 2027-06-30 over 300 days, the committed dataset: no change in the window (the latest,
  // Anthropic's shutdown, is 2026-08-05, before it); Amazon Bedrock announced it stops the model on 2027-01-08.
  const v = {
    data_as_of: '2026-09-23', window: { from: '2026-09-04', until: '2027-06-30', days: 300 },
    counts: { total: 0, by_kind: { price: 0, elo: 0, licence: 0, hosting: 0 }, corrections: 0 },
    latest_matching: '2026-08-05', data_ends: '2026-09-23', items: [],
    scheduled_shutdowns: { total: 1, items: [{ date: '2027-01-08', model: { id: 'claude-opus-4-1' }, provider: 'amazon-bedrock',
      provider_name: 'Amazon Bedrock' }] },
  };
  assert.equal(line('get_model_changes', v), 'T (data as of 2026-09-23): 0 changes from 2026-09-04 to 2027-06-30; latest 2026-08-05; '
    + 'the data end 2026-09-23; 1 shutdown announced for after them, the soonest claude-opus-4-1 at Amazon Bedrock on 2027-01-08.');
  const busy = { ...v, counts: { total: 3, by_kind: { price: 2, elo: 0, licence: 0, hosting: 1 } }, data_ends: null,
    scheduled_shutdowns: { total: 0, items: [] } };
  assert.equal(line('get_model_changes', busy), 'T (data as of 2026-09-23): 3 changes from 2026-09-04 to 2027-06-30 (2 price, 1 hosting); '
    + 'latest 2026-08-05.');
  // 2026-08-12 in the committed dataset: 15 elo events, 12 of them LMArena's renames of thinking variants.
  const renamed = { ...busy, window: { from: '2026-08-12', until: '2026-08-12', days: 1 }, latest_matching: '2026-08-12',
    counts: { total: 15, by_kind: { price: 0, elo: 15, licence: 0, hosting: 0 }, corrections: 0, renames: 12 } };
  assert.equal(line('get_model_changes', renamed), 'T (data as of 2026-09-23): 15 changes from 2026-08-12 to 2026-08-12 '
    + '(15 elo, 12 of them a variant renamed); latest 2026-08-12.');
});

test('search_models: a deprecated model in the first results says so, with its shutdown and replacement', () => {
  // As mistral-ocr-2503 reads in the data (developer-notices: retired 2025-12-31, replacement OCR 4.1).
  const items = [{ id: 'mistral-ocr-4-1' }, { id: 'mistral-ocr-2503', status: { value: 'deprecated' }, shutdown_date: { value: '2025-12-31' },
    replacement: { value: 'mistral-ocr-4-1' } }, { id: 'old', status: { value: 'deprecated' }, shutdown_date: null }];
  assert.equal(line('search_models', { data_as_of: 'd', items, page: { total: 3 } }),
    'T (data as of d): 3 models match; first: mistral-ocr-4-1, mistral-ocr-2503 (deprecated, shutdown 2025-12-31, replaced by mistral-ocr-4-1), old (deprecated).');
});

test('models_for_hardware: where nothing fits, the headline is the answer\'s own sentence saying what would', () => {
  const summary = 'No assessable model fits at 8,192 tokens: the least memory any of them needs here is 1.62 GB. At 4,096 tokens 1 model fits: ask with context=4096.';
  const empty = { data_as_of: '2026-09-23', hardware: { id: 'unified-2gb' }, context: 8192, items: [], page: { total: 0 }, nearest: { summary } };
  assert.equal(line('models_for_hardware', empty), `T (data as of 2026-09-23): unified-2gb: ${summary}`, 'one full stop');
  const { nearest: _n, ...none } = empty;
  assert.equal(line('models_for_hardware', none), 'T (data as of 2026-09-23): unified-2gb at 8192 tokens: 0 models fit.');
});

test('search_models: a model of another kind says it; the matches of other kinds left out are counted', () => {
  const items = [{ id: 'whisper-1', kind: 'speech_recogniser' }, { id: 'a', kind: 'language_model' }];
  assert.equal(line('search_models', { data_as_of: 'd', items, page: { total: 2 } }),
    'T (data as of d): 2 models match; first: whisper-1 (speech_recogniser), a.');
  assert.equal(line('search_models', { data_as_of: 'd', items: [], page: { total: 0 }, other_kinds: { count: 3 } }),
    'T (data as of d): 0 models match; 3 models of other kinds are left out (kind=any lists them).');
  assert.equal(line('search_models', { data_as_of: 'd', items: [], page: { total: 0 }, other_kinds: { count: 1 } }),
    'T (data as of d): 0 models match; 1 model of another kind is left out (kind=any lists them).');
  // q=cheap long context: its words name filters, and the hint's request is said.
  assert.equal(line('search_models', { data_as_of: 'd', items: [], page: { total: 0 }, hint: { parameters: 'sort=price&min_context=128000', total: 491 } }),
    'T (data as of d): 0 models match; asked as sort=price&min_context=128000, 491 models match.');
});

test('get_model: an open-weights model its developer\'s API retired says so, with the day, the replacement and the listings left', () => {
  const sheet = { data_as_of: 'd', id: 'deepseek-v4-flash', name: { value: 'DeepSeek V4 Flash' }, developer: { name: 'DeepSeek' },
    open_weights: { value: true }, offers: [{}, {}],
    developer_retired: { shutdown_date: { value: '2026-09-10' }, replacement: { value: 'deepseek-v4.1-flash' }, other_listings: 1 } };
  assert.equal(line('get_model', sheet), 'T (data as of d): deepseek-v4-flash (DeepSeek V4 Flash, DeepSeek): open weights, 2 offers, '
    + 'its developer\'s API retired it on 2026-09-10 for deepseek-v4.1-flash, 1 other listing left.');
  // DeepSeek's notice (developer-notices.csv) names deepseek-v4.1-flash, which no model of the dataset answers to: the
  // structured answer's replacement carries the note (engines/replacement.ts), and the line says it too.
  const outside = { ...sheet, developer_retired: { ...sheet.developer_retired, replacement: { value: 'deepseek-v4.1-flash',
    note: 'not in this catalogue under that name: no model of the dataset answers to deepseek-v4.1-flash, so get_model and estimate_cost do not answer for it' } } };
  assert.equal(line('get_model', outside), 'T (data as of d): deepseek-v4-flash (DeepSeek V4 Flash, DeepSeek): open weights, 2 offers, '
    + 'its developer\'s API retired it on 2026-09-10 for deepseek-v4.1-flash (not in this catalogue under that name), 1 other listing left.');
});
