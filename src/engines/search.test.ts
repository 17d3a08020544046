// Tests of the search engine: tokens, text matching through the index, relevance, filters and sort orders.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aDeveloper, aModel, anOffer, aRating, f } from '../dataset/fixtures.ts';
import { EXISTING_CUSTOMERS_ONLY } from '../ingest/past-shutdowns.ts';
import { compact, phraseWords, tokenize } from './search-index.ts';
import { holdsPhrase } from './search-phrase.ts';
import { searchModels, textMatches } from './search.ts';

const licence = (id: string) => f({ id, name: id, osi_approved: id === 'apache-2.0', commercial_use: true });

const rated = (model_id: string, rating: number) => aRating({ model_id, rating, rating_lower: rating - 10, rating_upper: rating + 10 });

const ds = aDataset({
  developers: [aDeveloper({ id: 'meta', name: 'Meta' }), aDeveloper({ id: 'openai', name: 'OpenAI' }), aDeveloper({ id: 'deepseek', name: 'DeepSeek' })],
  models: [
    aModel({ id: 'llama-3.3-70b-instruct', vendor: 'meta', name: f('Llama 3.3 70B Instruct'), family: f('llama'), aliases: ['meta-llama/Llama-3.3-70B-Instruct'],
      open_weights: f(true), licence: licence('llama-3.3'), context_window: f(131072), release_date: f('2024-12-06'), capabilities: { tool_calling: f(true) } }),
    aModel({ id: 'llama-3.1-8b-instruct', vendor: 'meta', name: f('Llama 3.1 8B Instruct'), family: f('llama'),
      open_weights: f(true), licence: licence('llama-3.1'), context_window: f(131072), release_date: f('2024-07-23') }),
    aModel({ id: 'gpt-4o', vendor: 'openai', name: f('GPT-4o'), aliases: ['openai/gpt-4o'], open_weights: f(false), context_window: f(128000),
      release_date: f('2024-05-13'), capabilities: { tool_calling: f(true), vision: f(true) } }),
    aModel({ id: 'deepseek-v3', vendor: 'deepseek', name: f('DeepSeek-V3'), open_weights: f(true), licence: licence('mit'), context_window: f(65536),
      capabilities: { tool_calling: f(false) } }),
    aModel({ id: 'mystery', vendor: 'openai', name: f('Mystery') }),
  ],
  offers: [
    anOffer({ model_id: 'llama-3.3-70b-instruct', provider: 'p1', prices: { input: f(0.6), output: f(0.6) } }),
    anOffer({ model_id: 'llama-3.1-8b-instruct', provider: 'p1', prices: { input: f(0.05), output: f(0.1) } }),
    anOffer({ model_id: 'gpt-4o', provider: 'openai', prices: { input: f(2.5), output: f(10) } }),
    anOffer({ model_id: 'deepseek-v3', provider: 'p1', prices: { input: f(0.2), output: f(5) } }),
    anOffer({ model_id: 'deepseek-v3', provider: 'p2', prices: { input: f(3), output: f(1) } }),
  ],
  ratings: [
    rated('gpt-4o', 1350),
    rated('deepseek-v3', 1380),
    rated('llama-3.3-70b-instruct', 1300),
  ],
});

test('tokens keep versions whole; compact forms drop separators', () => {
  assert.deepEqual(tokenize('meta-llama/Llama-3.3-70B-Instruct'), ['meta', 'llama', 'llama', '3.3', '70b', 'instruct']);
  assert.equal(compact('GPT-4o'), 'gpt4o');
});

test('every query word must match a word of the name, id, alias, vendor or family, prefixes included', () => {
  assert.deepEqual([...textMatches(ds, 'llama 3.3').keys()], ['llama-3.3-70b-instruct']);
  assert.deepEqual(new Set(textMatches(ds, 'llam').keys()), new Set(['llama-3.3-70b-instruct', 'llama-3.1-8b-instruct']));
  assert.deepEqual(new Set(textMatches(ds, 'meta').keys()), new Set(['llama-3.3-70b-instruct', 'llama-3.1-8b-instruct']), 'vendor');
  assert.deepEqual([...textMatches(ds, 'deepseek v3').keys()], ['deepseek-v3']);
  assert.equal(textMatches(ds, 'llama gpt').size, 0);
});

test('a query without separators finds the separated name (gpt4o -> gpt-4o)', () => {
  assert.deepEqual([...textMatches(ds, 'gpt4o').keys()], ['gpt-4o']);
});

test('relevance: an exact id or alias comes first, whole words before prefixes', () => {
  const ids = searchModels(ds, { q: 'llama', sort: 'relevance' });
  assert.equal(ids.length, 2);
  assert.equal(searchModels(ds, { q: 'openai/gpt-4o' })[0], 'gpt-4o');
  assert.equal(searchModels(ds, { q: 'llama-3.1-8b-instruct' })[0], 'llama-3.1-8b-instruct');
});

test('default order without q is the best overall rating, unrated models last', () => {
  assert.deepEqual(searchModels(ds, {}), ['deepseek-v3', 'gpt-4o', 'llama-3.3-70b-instruct', 'llama-3.1-8b-instruct', 'mystery']);
});

test('sort by price (cheapest blended offer), release date (newest first) and name; missing values last', () => {
  assert.deepEqual(searchModels(ds, { sort: 'price' }), ['llama-3.1-8b-instruct', 'llama-3.3-70b-instruct', 'deepseek-v3', 'gpt-4o', 'mystery']);
  assert.deepEqual(searchModels(ds, { sort: 'release_date' }), ['llama-3.3-70b-instruct', 'llama-3.1-8b-instruct', 'gpt-4o', 'deepseek-v3', 'mystery']);
  assert.deepEqual(searchModels(ds, { sort: 'name' }), ['deepseek-v3', 'gpt-4o', 'llama-3.1-8b-instruct', 'llama-3.3-70b-instruct', 'mystery']);
});

test('fact filters keep only models a source says qualify: unknown is neither true nor false', () => {
  assert.deepEqual(new Set(searchModels(ds, { open_weights: false })), new Set(['gpt-4o']));
  assert.equal(searchModels(ds, { open_weights: true }).includes('mystery'), false);
  assert.deepEqual(searchModels(ds, { vendor: 'OpenAI' }), ['gpt-4o', 'mystery']);
  assert.deepEqual(searchModels(ds, { licence: 'MIT' }), ['deepseek-v3']);
  assert.deepEqual(searchModels(ds, { min_context: 131072, sort: 'name' }), ['llama-3.1-8b-instruct', 'llama-3.3-70b-instruct']);
  assert.deepEqual(searchModels(ds, { capability: ['tool_calling', 'vision'] }), ['gpt-4o']);
  assert.deepEqual(searchModels(ds, { capability: ['tool_calling'] }), ['gpt-4o', 'llama-3.3-70b-instruct']);
  assert.deepEqual(searchModels(ds, { released_after: '2024-07-23' }), ['llama-3.3-70b-instruct']);
});

test('price ceilings: one offer must meet both at once', () => {
  // deepseek-v3: p1 has input 0.2 but output 5; p2 has output 1 but input 3: no single offer meets both.
  assert.equal(searchModels(ds, { max_input_price: 0.5, max_output_price: 2 }).includes('deepseek-v3'), false);
  assert.equal(searchModels(ds, { max_input_price: 0.5 }).includes('deepseek-v3'), true);
  assert.equal(searchModels(ds, { max_output_price: 1 }).includes('deepseek-v3'), true);
  assert.deepEqual(searchModels(ds, { max_input_price: 0.05 }), ['llama-3.1-8b-instruct'], 'at the ceiling counts');
  const free = aDataset({ models: [aModel({ id: 'm' })], offers: [anOffer({ model_id: 'm', provider: 'plan', prices: { input: f(0), output: f(0) } })] });
  assert.deepEqual(searchModels(free, { max_input_price: 1 }), [], 'a $0 subscription plan is no per-token price');
});

test('price ceilings read the offers the cheapest offer is chosen from: no batch SKU, no shut-down or closed offer', () => {
  // LiteLLM 2026-07-24 lists OpenAI's gpt-4.1-mini batch SKU at $0.20/$0.80 beside the standard $0.40/$1.60: a batch
  // price is another product (results a day later), never the model's price, so a $0.30 input ceiling finds nothing.
  const batch = aDataset({
    models: [aModel({ id: 'gpt-4.1-mini' })],
    offers: [
      anOffer({ model_id: 'gpt-4.1-mini', provider: 'openai', sku: 'standard', prices: { input: f(0.4), output: f(1.6) } }),
      anOffer({ model_id: 'gpt-4.1-mini', provider: 'openai', sku: 'batch', prices: { input: f(0.2), output: f(0.8) } }),
    ],
  });
  assert.deepEqual(searchModels(batch, { max_input_price: 0.3 }), [], 'the batch SKU meets no ceiling');
  assert.deepEqual(searchModels(batch, { max_input_price: 0.4, max_output_price: 1.6 }), ['gpt-4.1-mini'], 'the standard SKU at the ceiling');
  // Shut down on 2026-07-01, before the fixture's day judged (2026-08-01): its $0.10 can no longer be paid.
  const shut = aDataset({
    models: [aModel({ id: 'm' })],
    offers: [
      anOffer({ model_id: 'm', provider: 'old', prices: { input: f(0.1), output: f(0.2) }, status: f('deprecated' as const), shutdown_date: f('2026-07-01') }),
      anOffer({ model_id: 'm', provider: 'live', prices: { input: f(1), output: f(2) } }),
    ],
  });
  assert.deepEqual(searchModels(shut, { max_input_price: 0.5 }), [], 'a shut-down offer meets no ceiling');
  assert.deepEqual(searchModels(shut, { max_input_price: 1 }), ['m']);
  // Served to existing customers only (Vertex AI's wording): a new customer cannot buy it at any price.
  const closed = aDataset({
    models: [aModel({ id: 'c' })],
    offers: [anOffer({ model_id: 'c', provider: 'vertex', prices: { input: f(0.1), output: f(0.2) },
      status: { ...f('deprecated' as const), availability: 'existing_customers_only' as const, note: EXISTING_CUSTOMERS_ONLY } })],
  });
  assert.deepEqual(searchModels(closed, { max_input_price: 1 }), [], 'an offer closed to new customers meets no ceiling');
  // The same listing with its retirement announced but still sold to new customers is a price a buyer can pay.
  const announced = aDataset({
    models: [aModel({ id: 'c' })],
    offers: [anOffer({ model_id: 'c', provider: 'vertex', prices: { input: f(0.1), output: f(0.2) },
      status: { ...f('deprecated' as const), availability: 'retirement_announced' as const, note: 'deprecated with no shutdown date given' } })],
  });
  assert.deepEqual(searchModels(announced, { max_input_price: 1 }), ['c'], 'a retirement announced, still sold, meets it');
});

test('text and filters combine', () => {
  assert.deepEqual(searchModels(ds, { q: 'llama', min_context: 100000, released_after: '2024-10-01' }), ['llama-3.3-70b-instruct']);
});

test('relevance: a whole-word match ranks above a prefix match even when the prefix match is rated higher', () => {
  const small = aDataset({
    models: [aModel({ id: 'qwenlong-l1', name: f('QwenLong L1') }), aModel({ id: 'qwen-2.5-72b', name: f('Qwen 2.5 72B') })],
    ratings: [rated('qwenlong-l1', 1500), rated('qwen-2.5-72b', 1200)],
  });
  assert.deepEqual(searchModels(small, { q: 'qwen' }), ['qwen-2.5-72b', 'qwenlong-l1']);
  assert.deepEqual(searchModels(small, { q: 'qwen', sort: 'elo' }), ['qwenlong-l1', 'qwen-2.5-72b']);
});

test('relevance: among equal matches the model whose name the query covers most comes first, whatever its rating', () => {
  const small = aDataset({
    models: [aModel({ id: 'llama-3.3-nemotron-super-49b', name: f('Llama 3.3 Nemotron Super 49B') }), aModel({ id: 'llama-3.3-70b', name: f('Llama 3.3 70B') })],
    ratings: [rated('llama-3.3-nemotron-super-49b', 1400), rated('llama-3.3-70b', 1300)],
  });
  assert.deepEqual(searchModels(small, { q: 'llama 3.3' }), ['llama-3.3-70b', 'llama-3.3-nemotron-super-49b']);
});

// SWE-Bench Pro scores as models.dev's models/ files give them (snapshot 2026-07-02): claude-opus-4-7.toml 64.3
// (resolve rate, anthropic.com/news/claude-opus-4-8) and 44.9 (pass@1, hard-aa); gpt-5.5.toml 58.6 (resolve rate);
// gemini-3.1-pro-preview.toml 54.2 (resolve rate) and 46.1 (resolve rate, public).
const swe = (score: number, metric = 'resolve rate', name = 'SWE-Bench Pro') => f({ name, score, metric, url: 'https://www.anthropic.com/news/claude-opus-4-8' });
const benchDs = aDataset({
  models: [
    aModel({ id: 'claude-opus-4-7', name: f('Claude Opus 4.7'), benchmarks: [swe(44.9, 'pass@1'), swe(64.3)] }),
    aModel({ id: 'gpt-5.5', name: f('GPT-5.5'), benchmarks: [swe(58.6, 'resolve rate', 'SWE Bench Pro')] }),
    aModel({ id: 'gemini-3.1-pro-preview', name: f('Gemini 3.1 Pro Preview'), benchmarks: [swe(54.2), swe(46.1), f({ name: 'SciCode', score: 58.9, metric: 'percent correct' })] }),
    aModel({ id: 'gpt-4o', name: f('GPT-4o') }),
  ],
  ratings: [rated('gpt-4o', 1400), rated('gemini-3.1-pro-preview', 1500)],
});

test('benchmark: only models with a score on it, whatever the spelling; sort by each model\'s highest score', () => {
  assert.deepEqual(searchModels(benchDs, { benchmark: 'swe-bench-pro', sort: 'benchmark' }), ['claude-opus-4-7', 'gpt-5.5', 'gemini-3.1-pro-preview']);
  assert.deepEqual(searchModels(benchDs, { benchmark: 'SWE Bench Pro', sort: 'elo' }), ['gemini-3.1-pro-preview', 'claude-opus-4-7', 'gpt-5.5']);
  assert.deepEqual(searchModels(benchDs, { benchmark: 'scicode' }), ['gemini-3.1-pro-preview']);
  assert.deepEqual(searchModels(benchDs, { q: 'gpt', benchmark: 'swe-bench-pro', sort: 'benchmark' }), ['gpt-5.5']);
  assert.deepEqual(searchModels(benchDs, { benchmark: 'mmlu' }), []);
});

test('letters beyond ASCII are letters: accents fold to their base letter, other scripts stay words', () => {
  // Unicode NFKD: "é" (U+00E9) is "e" + U+0301 COMBINING ACUTE ACCENT; "通义" are two CJK letters (category Lo).
  assert.deepEqual(tokenize('Mistral Médium 3'), ['mistral', 'medium', '3']);
  assert.deepEqual(tokenize('Qwen 通义'), ['qwen', '通义']);
  assert.equal(compact('Café-Model'), 'cafemodel');
});

test('a misspelt word finds the word one edit away; a short word or another first letter is no typo', () => {
  const typo = aDataset({
    developers: [aDeveloper({ id: 'anthropic', name: 'Anthropic' }), aDeveloper({ id: 'google', name: 'Google' })],
    models: [
      aModel({ id: 'claude-sonnet-4-5', vendor: 'anthropic', name: f('Claude Sonnet 4.5') }),
      aModel({ id: 'claude-opus-4-5', vendor: 'anthropic', name: f('Claude Opus 4.5') }),
      aModel({ id: 'gemini-2.5-pro', vendor: 'google', name: f('Gemini 2.5 Pro') }),
      aModel({ id: 'llama-3.1-8b-instruct', vendor: 'meta', name: f('Llama 3.1 8B Instruct') }),
    ],
  });
  // "sonet" -> "sonnet" (one insertion), "gemni" -> "gemini" (one insertion): the queries of the report that found 0.
  assert.deepEqual(searchModels(typo, { q: 'claude sonet' }), ['claude-sonnet-4-5']);
  assert.deepEqual(searchModels(typo, { q: 'gemni pro' }), ['gemini-2.5-pro']);
  // "ollama" is one deletion from "llama" but starts with another letter; "opux" has 4 letters, one edit from "opus".
  assert.deepEqual(searchModels(typo, { q: 'ollama' }), []);
  assert.deepEqual(searchModels(typo, { q: 'claude opux' }), ['claude-opus-4-5']);
  // Three letters are too few to guess: "opx" finds nothing.
  assert.deepEqual(searchModels(typo, { q: 'opx' }), []);
});

test("the developer's own models come before fine-tunes that carry the family's name in theirs", () => {
  const tunes = aDataset({
    developers: [aDeveloper({ id: 'meta', name: 'Meta' }), aDeveloper({ id: 'nousresearch', name: 'Nous Research' })],
    models: [
      aModel({ id: 'hermes-3-llama-3.1-70b', vendor: 'nousresearch', name: f('Hermes 3 70B Instruct'), family: f('nousresearch') }),
      aModel({ id: 'llama-3.1-70b-instruct', vendor: 'meta', name: f('Llama 3.1 70B Instruct'), family: f('llama') }),
      aModel({ id: 'llama-3.3-70b-instruct', vendor: 'meta', name: f('Llama 3.3 70B Instruct'), family: f('llama') }),
    ],
  });
  // Before the bonus, hermes-3-llama-3.1-70b matched "3" whole (4) where Meta's ids have "3.1"/"3.3" (prefix, 2.4).
  assert.deepEqual(searchModels(tunes, { q: 'llama 3 70b' }).at(-1), 'hermes-3-llama-3.1-70b');
});

test('a number typed as a word is a version: its point releases and variants match, a size or a longer number does not', () => {
  const versions = aDataset({
    developers: [aDeveloper({ id: 'meta', name: 'Meta' }), aDeveloper({ id: 'nvidia', name: 'NVIDIA' }), aDeveloper({ id: 'openai', name: 'OpenAI' }),
      aDeveloper({ id: 'anthropic', name: 'Anthropic' }), aDeveloper({ id: 'alibaba', name: 'Alibaba' })],
    models: [
      // The two models `llama 5` found by a prefix: `5` of the alias's `v1_5` and of `51B`.
      aModel({ id: 'llama-3.3-nemotron-super-49b-v1.5', vendor: 'nvidia', name: f('Llama 3.3 Nemotron Super 49B v1.5'),
        aliases: ['nvidia/Llama-3_3-Nemotron-Super-49B-v1_5'] }),
      aModel({ id: 'llama-3.1-nemotron-51b-instruct', vendor: 'nvidia', name: f('Llama 3.1 Nemotron 51B Instruct') }),
      aModel({ id: 'llama-3.1-405b', vendor: 'meta', name: f('Llama 3.1 405B') }),
      aModel({ id: 'llama-4-scout-17b-16e-instruct', vendor: 'meta', name: f('Llama 4 Scout 17B 16E Instruct') }),
      aModel({ id: 'gpt-5', vendor: 'openai', name: f('GPT-5') }),
      aModel({ id: 'gpt-5.1', vendor: 'openai', name: f('GPT-5.1') }),
      aModel({ id: 'gpt-5.4', vendor: 'openai', name: f('GPT-5.4'), aliases: ['gpt-5-4'] }),
      aModel({ id: 'gpt-4o', vendor: 'openai', name: f('GPT-4o') }),
      aModel({ id: 'gpt-4.1', vendor: 'openai', name: f('GPT-4.1') }),
      aModel({ id: 'claude-sonnet-4-5', vendor: 'anthropic', name: f('Claude Sonnet 4.5') }),
      aModel({ id: 'claude-opus-4-1', vendor: 'anthropic', name: f('Claude Opus 4.1') }),
      aModel({ id: 'claude-3-5-haiku-20241022', vendor: 'anthropic', name: f('Claude 3.5 Haiku') }),
      aModel({ id: 'qwen3.5-27b', vendor: 'alibaba', name: f('Qwen3.5 27B') }),
      aModel({ id: 'qwen3-30b-a3b', vendor: 'alibaba', name: f('Qwen3 30B A3B') }),
      aModel({ id: 'qwen2.5-coder-3b-instruct', vendor: 'alibaba', name: f('Qwen2.5 Coder 3B Instruct') }),
    ],
  });
  const found = (q: string) => searchModels(versions, { q, sort: 'name' });
  // No Llama 5 exists: neither 49B v1.5 nor the 51B is one.
  assert.deepEqual(found('llama 5'), []);
  // Llama 4 is Llama 4 Scout, not the 405B.
  assert.deepEqual(found('llama 4'), ['llama-4-scout-17b-16e-instruct']);
  assert.deepEqual(found('llama 3.3'), ['llama-3.3-nemotron-super-49b-v1.5']);
  // GPT-5 and its point releases; `gpt-5-4` is GPT-5.4, no GPT-4. GPT-4 finds 4o and 4.1.
  assert.deepEqual(found('gpt 5'), ['gpt-5', 'gpt-5.1', 'gpt-5.4']);
  assert.deepEqual(found('gpt 4'), ['gpt-4.1', 'gpt-4o']);
  assert.deepEqual(found('claude 4.5'), ['claude-sonnet-4-5']);
  assert.deepEqual(found('claude 4'), ['claude-opus-4-1', 'claude-sonnet-4-5']);
  assert.deepEqual(found('claude 3'), ['claude-3-5-haiku-20241022']);
  // Qwen 3.5 through the name's `qwen3.5`; Qwen 3 without the 3B size of a Qwen2.5.
  assert.deepEqual(found('qwen 3.5'), ['qwen3.5-27b']);
  assert.deepEqual(found('qwen 3'), ['qwen3-30b-a3b', 'qwen3.5-27b']);
  // A number is no typo of another: 2024 does not find 2025.
  assert.deepEqual(found('qwen 2024'), []);
  assert.deepEqual(tokenize('Llama-3_3-Nemotron-Super-49B-v1_5'), ['llama', '3.3', 'nemotron', 'super', '49b', 'v1.5']);
  assert.deepEqual(tokenize('llama-2-7b gpt-4-0613 gpt-4o-2024-05-13'), ['llama', '2', '7b', 'gpt', '4', '0613', 'gpt', '4o', '2024', '05', '13']);
});

test('a word followed directly by a version is the word whole: Qwen3.7 Plus is a Qwen as much as Qwen Max', () => {
  const qwen = aDataset({
    models: [
      aModel({ id: 'qwen-max', vendor: 'alibaba', name: f('Qwen Max'), family: f('qwen'), release_date: f('2024-04-03') }),
      aModel({ id: 'qwen3.7-plus', vendor: 'alibaba', name: f('Qwen3.7 Plus'), family: f('qwen'), release_date: f('2026-06-02') }),
      // `long` is no version: a prefix match, after both.
      aModel({ id: 'qwenlong-l1', vendor: 'alibaba', name: f('QwenLong L1'), family: f('qwen'), release_date: f('2026-07-01') }),
    ],
    offers: [anOffer({ model_id: 'qwen-max', provider: 'p1' }), anOffer({ model_id: 'qwen3.7-plus', provider: 'p1' }), anOffer({ model_id: 'qwenlong-l1', provider: 'p1' })],
  });
  // By hand: `qwen` is whole in `qwen` and in `qwen3.7` (4 + family 2 each), a prefix of `qwenlong` (0.6 x 4 + 2); of
  // the two equal matches, one word names the line: the newer (2026-06-02) first.
  assert.deepEqual(searchModels(qwen, { q: 'qwen' }), ['qwen3.7-plus', 'qwen-max', 'qwenlong-l1']);
});

test('a model no catalogue files under a family takes the family its developer owns that its name spells', () => {
  const opus = aDataset({
    models: [
      aModel({ id: 'claude-opus-4-6', vendor: 'anthropic', name: f('Claude Opus 4.6'), family: f('claude-opus'), release_date: f('2026-02-05') }),
      aModel({ id: 'claude-opus-5-5', vendor: 'anthropic', name: f('Claude Opus 5.5'), release_date: f('2026-09-23') }),
      // The same words from another vendor: no family of its vendor's, a weaker match.
      aModel({ id: 'opus-tune', vendor: 'someone', name: f('Claude Opus Tune'), release_date: f('2026-09-24') }),
    ],
  });
  const m = textMatches(opus, 'claude opus');
  // By hand: both words whole in the name (4 + 4), the family bonus (2) for Anthropic's two, coverage 2/3 each.
  assert.equal(m.get('claude-opus-5-5'), m.get('claude-opus-4-6'));
  assert.ok(m.get('opus-tune')! < m.get('claude-opus-5-5')!);
});

test('a phrase: the query words side by side and in order, letters and digits read apart, a version as its point release', () => {
  // phraseWords cuts where letters meet digits and keeps a point release whole: `Qwen3 32B` is qwen, 3, 32, b.
  assert.deepEqual(phraseWords('Qwen3 32B'), ['qwen', '3', '32', 'b']);
  assert.deepEqual(phraseWords('claude-3-5-haiku-20241022'), ['claude', '3.5', 'haiku', '20241022']);
  assert.deepEqual(phraseWords('gpt-4o'), ['gpt', '4', 'o']);
  const llama = phraseWords('llama 3');
  assert.equal(holdsPhrase(phraseWords('Llama 3 8B Instruct'), llama), true);
  // `3` is the version of 3.3, never of 35 or 3B's size.
  assert.equal(holdsPhrase(phraseWords('Llama-3.3-70B-Instruct'), llama), true);
  assert.equal(holdsPhrase(phraseWords('Llama 35'), llama), false);
  // Both words, apart or out of order: no phrase.
  assert.equal(holdsPhrase(phraseWords('Llama Guard 3 8B'), llama), false);
  assert.equal(holdsPhrase(phraseWords('Hermes 3 Llama'), llama), false);
  // The last word may be the start of a word, as a typed prefix counts; an earlier one may not.
  assert.equal(holdsPhrase(phraseWords('Claude Sonnet 4.5'), phraseWords('claude son')), true);
  assert.equal(holdsPhrase(phraseWords('Claude Sonnet 4.5'), phraseWords('cla sonnet')), false);
});
