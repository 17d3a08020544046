import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listingGroup, noticeCoversListing, nonEuRouteOf, skuOf } from './skus.ts';

test('SKU markers in provider ids: the ids the sources use for each', () => {
  // genai-prices openai `gpt-4o:extended`; models.dev kilo `stealth/claude-opus-4.6`, openrouter `...:free`,
  // opencode `deepseek-v4-flash-free`, nano-gpt `...:thinking:low`; genai-prices openrouter `openai/gpt-6-luna:batch`.
  assert.equal(skuOf('gpt-4o:extended').sku, 'extended');
  assert.equal(skuOf('stealth/claude-opus-4.6').sku, 'stealth');
  assert.equal(skuOf('cognitivecomputations/dolphin-mistral-24b-venice-edition:free').sku, 'free');
  assert.equal(skuOf('deepseek-v4-flash-free').sku, 'free');
  assert.equal(skuOf('anthropic/claude-opus-4.6:thinking:low').sku, 'thinking');
  assert.equal(skuOf('openai/gpt-6-luna:batch').sku, 'batch');
  assert.equal(skuOf('z-ai/glm-4.6:exacto').sku, 'routing');
  assert.equal(skuOf('gpt-4o').sku, 'standard');
  // Hugging Face's router pinned to a backend is that backend's standard listing, not a SKU.
  assert.equal(skuOf('Qwen/Qwen3-32B:groq').sku, 'standard');
});

test('a SKU and its base are different listings; the base id matches the standard one', () => {
  assert.notEqual(skuOf('gpt-4o:extended').listing + skuOf('gpt-4o:extended').sku, skuOf('gpt-4o').listing + skuOf('gpt-4o').sku);
  assert.equal(skuOf('gpt-4o:extended').listing, skuOf('gpt-4o').listing);
  assert.equal(skuOf('stealth/claude-opus-4.6').listing, skuOf('anthropic/claude-opus-4.6').listing);
});

test('regional endpoints are regional SKUs kept apart from the base; global routing is the standard listing', () => {
  // Bedrock `us.` / `eu.` inference profiles, Bedrock in-region ids (LiteLLM `bedrock/eu-central-1/...`), Azure data zones.
  assert.equal(skuOf('us.anthropic.claude-fable-5').sku, 'regional');
  assert.equal(skuOf('eu.anthropic.claude-opus-4-5-v1').sku, 'regional');
  assert.equal(skuOf('eu-central-1/anthropic.claude-3-haiku-20240307-v1:0').sku, 'regional');
  assert.equal(skuOf('eu/gpt-4o-2024-08-06').sku, 'regional');
  assert.equal(skuOf('global.anthropic.claude-fable-5').sku, 'standard');
  assert.notEqual(skuOf('us.anthropic.claude-fable-5').listing, skuOf('anthropic.claude-fable-5').listing);
  assert.notEqual(skuOf('global.anthropic.claude-fable-5').listing, skuOf('anthropic.claude-fable-5').listing);
});

test("Moonshot's Kimi K2 Turbo is the faster, dearer tier of Kimi K2, not a second standard listing", () => {
  // genai-prices providers-yml/moonshotai.yml, kimi-k2-turbo-preview: "High-speed version of kimi-k2 ... Same model
  // parameters as kimi-k2, output speed up to 60 tokens/sec", $1.15/$8 beside kimi-k2-0905-preview's $0.60/$2.50.
  assert.equal(skuOf('kimi-k2-turbo-preview').sku, 'priority');
  // models.dev's zenmux and abacus list it with the developer's prefix or without.
  assert.equal(skuOf('moonshotai/kimi-k2-turbo-preview').sku, 'priority');
  assert.equal(skuOf('kimi-k2-0905-preview').sku, 'standard');
  // Its readings stay on its own listing, never on the base listing's price.
  assert.notEqual(skuOf('kimi-k2-turbo-preview').listing, skuOf('kimi-k2-0905-preview').listing);
  // Kimi K2 Thinking Turbo is a model of its own in the catalogues (its own models.dev file), and other `turbo` ids
  // name models or listings (OpenAI's gpt-4-turbo, Together's Llama 3.3 70B Instruct Turbo): standard.
  assert.equal(skuOf('kimi-k2-thinking-turbo').sku, 'standard');
  assert.equal(skuOf('gpt-4-turbo').sku, 'standard');
  assert.equal(skuOf('meta-llama/Llama-3.3-70B-Instruct-Turbo').sku, 'standard');
});

test('a SKU the source states wins over the id', () => {
  assert.equal(skuOf('gpt-4o', 'batch').sku, 'batch');
});

test('a listing pinned outside the EU names its zone; EU zones and unpinned ids name none', () => {
  // Bedrock inference profiles (AWS docs "Supported Regions and models for inference profiles": us., apac., jp., au.,
  // us-gov., global.), Azure data zones (`us/`, `eu/`) and in-region ids as LiteLLM spells them.
  assert.equal(nonEuRouteOf('us.anthropic.claude-sonnet-4-5-20250929-v1:0'), 'us');
  assert.equal(nonEuRouteOf('au.anthropic.claude-sonnet-4-5-20250929-v1:0'), 'au');
  assert.equal(nonEuRouteOf('jp.anthropic.claude-sonnet-4-5-20250929-v1:0'), 'jp');
  assert.equal(nonEuRouteOf('global.anthropic.claude-sonnet-4-5-20250929-v1:0'), 'global');
  assert.equal(nonEuRouteOf('us-gov-east-1/anthropic.claude-3-haiku-20240307-v1:0'), 'us-gov-east-1');
  assert.equal(nonEuRouteOf('us/gpt-5-2025-08-07'), 'us');
  assert.equal(nonEuRouteOf('eu.anthropic.claude-sonnet-4-5-20250929-v1:0'), undefined);
  assert.equal(nonEuRouteOf('eu-central-1/anthropic.claude-3-haiku-20240307-v1:0'), undefined);
  // AWS's region list: eu-west-2 is Europe (London), eu-central-2 Europe (Zurich): outside the EU.
  assert.equal(nonEuRouteOf('eu-west-2/minimax.minimax-m2.5'), 'eu-west-2');
  assert.equal(nonEuRouteOf('eu-central-2/anthropic.claude-3-haiku-20240307-v1:0'), 'eu-central-2');
  assert.equal(nonEuRouteOf('eu/gpt-4o-2024-08-06'), undefined);
  assert.equal(nonEuRouteOf('anthropic.claude-sonnet-4-5-20250929-v1:0'), undefined);
});

test("genai-prices' Bedrock `regional.` ids are the in-region listing: regional, with the bare id's listing", () => {
  // genai-prices npm 0.1.8, provider aws: `regional.openai.gpt-5.6-sol` ($4.40/$22, "In-Region and Geo inference, 10% above
  // global", matching ids that start with `openai.gpt-5.6-sol`) beside `global.openai.gpt-5.6-sol` ($4/$20).
  assert.equal(skuOf('regional.openai.gpt-5.6-sol').sku, 'regional');
  assert.equal(skuOf('regional.anthropic.claude-3-7-sonnet-20250219-v1:0').sku, 'regional');
  assert.equal(skuOf('regional.amazon.nova-2-lite-v1:0').sku, 'regional');
  assert.equal(skuOf('global.openai.gpt-5.6-sol').sku, 'standard');
  // The listing is the bare id's (LiteLLM `openai.gpt-5.6-sol`, models.dev `anthropic.claude-opus-4-8`), not global's.
  assert.equal(skuOf('regional.openai.gpt-5.6-sol').listing, skuOf('openai.gpt-5.6-sol').listing);
  assert.equal(skuOf('regional.anthropic.claude-opus-4-8-v1:0').listing, skuOf('anthropic.claude-opus-4-8').listing);
  assert.notEqual(skuOf('regional.openai.gpt-5.6-sol').listing, skuOf('global.openai.gpt-5.6-sol').listing);
  // The caller picks the region: no zone is pinned, so no route outside the EU is named.
  assert.equal(nonEuRouteOf('regional.openai.gpt-5.6-sol'), undefined);
});

test('standard and regional readings of one listing are one offer; other SKUs stay apart', () => {
  assert.equal(listingGroup('regional'), listingGroup('standard'));
  assert.notEqual(listingGroup('batch'), listingGroup('standard'));
  assert.notEqual(listingGroup('free'), listingGroup('regional'));
});

test("a provider's notice about a model id speaks for that id's routed and version-pinned listings, not for other ids", () => {
  // deprecations-rss, AWS Bedrock: `anthropic.claude-3-5-sonnet-20241022-v2:0`, end of life 2026-07-30. LiteLLM lists
  // the eu. and apac. cross-region profiles of that id, and us-gov-east-1/ in-region ids; genai-prices `regional.`.
  const bare = 'anthropic.claude-3-5-sonnet-20241022-v2:0';
  for (const id of [`eu.${bare}`, `apac.${bare}`, `us.${bare}`, `global.${bare}`, `us-gov-east-1/${bare}`, `regional.${bare}`, bare]) {
    assert.equal(noticeCoversListing(bare, skuOf(id).listing, [id], [bare]), true, id);
  }
  // Another model id, and a notice that names a route itself, speak for nothing else.
  assert.equal(noticeCoversListing(bare, skuOf('eu.anthropic.claude-3-5-sonnet-20240620-v1:0').listing, [], [bare]), false);
  assert.equal(noticeCoversListing(`eu.${bare}`, skuOf(`us.${bare}`).listing, [], [`eu.${bare}`]), false);
  assert.equal(noticeCoversListing(`eu.${bare}`, skuOf(bare).listing, [], [`eu.${bare}`]), false);
  // Vertex AI: the `claude-3-haiku` notice (shut down 2026-08-23) speaks for `claude-3-haiku@20240307`, not for
  // `claude-3-5-haiku@20241022`.
  assert.equal(noticeCoversListing('claude-3-haiku', skuOf('claude-3-haiku@20240307').listing, ['claude-3-haiku@20240307'], ['claude-3-haiku']), true);
  assert.equal(noticeCoversListing('claude-3-haiku', skuOf('claude-3-5-haiku@20241022').listing, ['claude-3-5-haiku@20241022'], ['claude-3-haiku']), false);
});

test("a provider's notice of a bare name speaks for its dated versions unless its notices date a version themselves", () => {
  // /work/shared/data/sources/deprecations-rss/deprecations.json, Azure rows ef2463b7724c3cb2 (`gpt-5.1-codex`,
  // shutdown 2027-05-15) and 9b8d95ef843226f4 (`gpt-5.1-codex-mini`, 2027-05-15): Azure names no dated id of either,
  // and LiteLLM lists Azure's `gpt-5.1-codex-2025-11-13` and `gpt-5.1-codex-mini-2025-11-13` deployments.
  const azure = ['gpt-5.1-codex', 'gpt-5.1-codex-mini', 'gpt-5.1-codex-max'];
  for (const id of ['gpt-5.1-codex-2025-11-13', 'gpt-5.1-codex-20251113', 'eu/gpt-5.1-codex-2025-11-13']) {
    assert.equal(noticeCoversListing('gpt-5.1-codex', skuOf(id).listing, [id], azure), true, id);
  }
  // `gpt-5.1-codex-mini-2025-11-13` is a dated version of `gpt-5.1-codex-mini`, not of `gpt-5.1-codex`.
  const mini = 'gpt-5.1-codex-mini-2025-11-13';
  assert.equal(noticeCoversListing('gpt-5.1-codex', skuOf(mini).listing, [mini], azure), false);
  assert.equal(noticeCoversListing('gpt-5.1-codex-mini', skuOf(mini).listing, [mini], azure), true);
  // Not a date: a month-day tag (`-1113`) or a size is another id.
  assert.equal(noticeCoversListing('gpt-5.1-codex', skuOf('gpt-5.1-codex-1113').listing, [], azure), false);
  // OpenAI rows e902de424f32319a (`gpt-audio-mini-2025-10-06`, shutdown 2026-07-23) and 76209c2aeb02fe3c
  // (`gpt-audio-mini`, 2027-01-20): OpenAI dates that version itself, so the bare notice leaves it to its own notice,
  // and a notice of one dated version never speaks for another.
  const openai = ['gpt-audio-mini', 'gpt-audio-mini-2025-10-06', 'gpt-audio'];
  const dated = 'gpt-audio-mini-2025-10-06';
  assert.equal(noticeCoversListing('gpt-audio-mini', skuOf(dated).listing, [dated], openai), false);
  assert.equal(noticeCoversListing('gpt-audio-mini', skuOf('gpt-audio-mini-2025-12-15').listing, [], openai), false);
  assert.equal(noticeCoversListing(dated, skuOf('gpt-audio-mini-2025-12-15').listing, [], openai), false);
  // Another provider's notices do not count: the caller passes the provider's own ids only, so with Azure's ids
  // OpenAI's dated `gpt-audio-mini-2025-10-06` notice does not keep Azure's bare `gpt-audio-mini` from its version.
  assert.equal(noticeCoversListing('gpt-audio-mini', skuOf(dated).listing, [dated], ['gpt-audio-mini']), true);
});
