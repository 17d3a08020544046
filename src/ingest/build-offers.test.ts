import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OfferObservation } from '../sources/types.ts';
import { buildOffers, type OfferNotice } from './build-offers.ts';
import { resolveDeveloperPriceConflicts } from './developer-price-conflicts.ts';
import { key0 } from './match-keys.ts';

/** An observation as an adapter gives it; the model it resolves to is the key of its id (tests name it). */
const obs = (o: Partial<OfferObservation> & Pick<OfferObservation, 'source' | 'provider' | 'provider_model_id'>): OfferObservation =>
  ({ region: 'global', as_of: '2026-07-02', ...o });

const MODEL = new Map([
  'gpt-4o', 'gpt-5.6-sol', 'claude-opus-4.6', 'gpt-oss-120b', 'deepseek-chat', 'gpt-4.1', 'llama-3.3-70b-instruct',
].map((id) => [key0(id), id.replace('opus-4.6', 'opus-4-6')]));
const resolve = (o: OfferObservation) => MODEL.get(key0(o.provider_model_id.replace(/^stealth\//, '')));
const VENDOR: Record<string, string> = {
  'gpt-4o': 'openai', 'gpt-5.6-sol': 'openai', 'claude-opus-4-6': 'anthropic', 'gpt-oss-120b': 'openai',
  'deepseek-chat': 'deepseek', 'gpt-4.1': 'openai', 'llama-3.3-70b-instruct': 'meta',
};
const run = (list: OfferObservation[], notices: OfferNotice[] = []) => buildOffers(list, resolve, new Map(), { vendorOf: (id) => VENDOR[id], notices });

test('OpenAI gpt-4o: the :extended SKU is its own offer and the base keeps 2.5/10', () => {
  // genai-prices npm-0.1.8-bundled-providers.json, provider openai: `gpt-4o` 2.5/10, `gpt-4o:extended` 6/18.
  const { offers } = run([
    obs({ source: 'genai-prices-npm', provider: 'openai', provider_model_id: 'gpt-4o', as_of: '2026-09-23', input: 2.5, output: 10 }),
    obs({ source: 'genai-prices-npm', provider: 'openai', provider_model_id: 'gpt-4o:extended', as_of: '2026-09-23', input: 6, output: 18 }),
  ]);
  const bySku = Object.fromEntries(offers.map((o) => [o.sku, [o.prices.input?.value, o.prices.output?.value, o.first_party]]));
  assert.deepEqual(bySku, { standard: [2.5, 10, true], extended: [6, 18, true] });
});

test("Bedrock gpt-5.6-sol: genai-prices' regional. listing and the bare id are one regional offer; global. is standard", () => {
  // genai-prices npm-0.1.8 aws `regional.openai.gpt-5.6-sol` 4.4/22 and `global.openai.gpt-5.6-sol` 4/20; the bare id
  // `openai.gpt-5.6-sol` (the one regional. matches) in LiteLLM 2026-07-24 and genai-prices data-v2 2026-08-10, 5.5/33.
  const { offers } = run([
    obs({ source: 'genai-prices-npm', provider: 'amazon-bedrock', provider_model_id: 'regional.openai.gpt-5.6-sol', as_of: '2026-09-23',
      input: 4.4, output: 22 }),
    obs({ source: 'genai-prices-npm', provider: 'amazon-bedrock', provider_model_id: 'global.openai.gpt-5.6-sol', as_of: '2026-09-23',
      input: 4, output: 20 }),
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'openai.gpt-5.6-sol', as_of: '2026-07-24',
      input: 5.5, output: 33 }),
    obs({ source: 'genai-prices', provider: 'amazon-bedrock', provider_model_id: 'openai.gpt-5.6-sol', as_of: '2026-08-10',
      input: 5.5, output: 33 }),
  ]);
  assert.equal(offers.length, 2);
  const regional = offers.find((o) => o.sku === 'regional');
  assert.deepEqual(regional?.listed_by, ['genai-prices', 'genai-prices-npm', 'litellm']);
  const global = offers.find((o) => o.provider_model_id === 'global.openai.gpt-5.6-sol');
  assert.deepEqual([global?.sku, global?.prices.input?.value, global?.prices.output?.value], ['standard', 4, 20]);
});

test("Kilo's claude-opus-4-6: the stealth/ listing does not overwrite the 5/25 base; a reseller is not first-party", () => {
  // models.dev providers/kilo/models/anthropic/claude-opus-4.6.toml 5/25, .../stealth/claude-opus-4.6.toml 4/20.
  const { offers } = run([
    obs({ source: 'models-dev', provider: 'kilo', provider_model_id: 'anthropic/claude-opus-4.6', input: 5, output: 25 }),
    obs({ source: 'models-dev', provider: 'kilo', provider_model_id: 'stealth/claude-opus-4.6', input: 4, output: 20 }),
  ]);
  const base = offers.find((o) => o.sku === 'standard');
  assert.deepEqual([base?.prices.input?.value, base?.prices.output?.value, base?.first_party], [5, 25, false]);
  assert.equal(offers.find((o) => o.sku === 'stealth')?.prices.input?.value, 4);
});

test('a :free listing at $0 stays beside the paid offer instead of replacing it', () => {
  const { offers } = run([
    obs({ source: 'models-dev', provider: 'openrouter', provider_model_id: 'meta-llama/llama-3.3-70b-instruct', input: 0.1, output: 0.32 }),
    obs({ source: 'models-dev', provider: 'openrouter', provider_model_id: 'meta-llama/llama-3.3-70b-instruct:free', input: 0, output: 0 }),
  ]);
  assert.deepEqual(offers.map((o) => [o.sku, o.prices.input?.value]).sort(), [['free', 0], ['standard', 0.1]]);
});

test('W&B gpt-oss-120b: the 100,000x unit slip is held back and reported with its file and row; 0.15/0.6 is served', () => {
  // LiteLLM wandb/openai/gpt-oss-120b: 0.015 and 0.06 per token (= 15,000 and 60,000 per 1M); models.dev
  // providers/wandb/models/openai/gpt-oss-120b.toml: 0.15 / 0.6. Three other providers at 0.1 to 0.2 per 1M input.
  const file = 'litellm-via-rocry/model_prices_and_context_window-2026-07-24.json';
  const { offers, held } = run([
    obs({ source: 'litellm', provider: 'wandb', provider_model_id: 'openai/gpt-oss-120b', as_of: '2026-07-24', input: 15000, output: 60000, file, row: 'wandb/openai/gpt-oss-120b' }),
    obs({ source: 'models-dev', provider: 'wandb', provider_model_id: 'openai/gpt-oss-120b', input: 0.15, output: 0.6 }),
    obs({ source: 'models-dev', provider: 'groq', provider_model_id: 'openai/gpt-oss-120b', input: 0.15, output: 0.6 }),
    obs({ source: 'models-dev', provider: 'cerebras', provider_model_id: 'gpt-oss-120b', input: 0.2, output: 0.6 }),
    obs({ source: 'models-dev', provider: 'deepinfra', provider_model_id: 'openai/gpt-oss-120b', input: 0.1, output: 0.5 }),
  ]);
  const wandb = offers.find((o) => o.provider === 'wandb')!;
  assert.deepEqual([wandb.prices.input?.value, wandb.prices.output?.value, wandb.prices.input?.source], [0.15, 0.6, 'models-dev']);
  assert.deepEqual(wandb.prices.input?.conflicts, [{ value: 15000, as_of: '2026-07-24', source: 'litellm' }]);
  assert.deepEqual(wandb.held_back?.map((h) => [h.field, h.value, h.source]), [['input', 15000, 'litellm'], ['output', 60000, 'litellm']]);
  assert.deepEqual(held.map((i) => [i.source, i.file, i.row, i.field]), [['litellm', file, 'wandb/openai/gpt-oss-120b', 'input'], ['litellm', file, 'wandb/openai/gpt-oss-120b', 'output']]);
  // The other providers' prices are untouched.
  assert.equal(offers.find((o) => o.provider === 'groq')?.prices.input?.value, 0.15);
});

test("deepseek-chat's readings by their own dates (no history given): the newest is served, the 2025-07-12 check is a conflict", () => {
  // With the sources' histories, models.dev's 0.14/0.28 (set 2026-04-25) is newer evidence: price-dates.test.ts.
  // genai-prices providers-yml/deepseek.yml prices_checked 2025-07-12: 0.27/1.1; LiteLLM 2026-07-24:
  // 2.8e-07/4.2e-07 per token = 0.28/0.42 per 1M; models.dev 2026-07-02 deepseek-chat.toml: 0.14/0.28.
  const { offers } = run([
    obs({ source: 'genai-prices-npm', provider: 'deepseek', provider_model_id: 'deepseek-chat', as_of: '2025-07-12', input: 0.27, output: 1.1 }),
    obs({ source: 'litellm', provider: 'deepseek', provider_model_id: 'deepseek-chat', as_of: '2026-07-24', input: 0.28, output: 0.42 }),
    obs({ source: 'models-dev', provider: 'deepseek', provider_model_id: 'deepseek-chat', input: 0.14, output: 0.28 }),
  ]);
  const o = offers[0];
  assert.deepEqual([o.prices.input?.value, o.prices.output?.value, o.prices.output?.as_of, o.first_party], [0.28, 0.42, '2026-07-24', true]);
  assert.deepEqual(o.prices.output?.conflicts?.map((c) => [c.source, c.value]), [['genai-prices-npm', 1.1], ['models-dev', 0.28]]);
});

test("a reseller's retirement and notice are the offer's status, matched to its listing", () => {
  // LiteLLM azure/gpt-4.1: deprecation_date 2026-11-04 (Azure's shutdown day, as the adapter reads it); a notice of
  // Azure's retirement page for gpt-4.1 with the same day and no deprecation date.
  const notice: OfferNotice = { source: 'deprecations-rss', provider: 'azure', model_id: 'gpt-4.1', source_model_id: 'gpt-4.1', as_of: '2026-07-21', status: 'deprecated', shutdown_date: '2026-11-04', replacement: 'gpt-5' };
  const { offers } = run([
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'gpt-4.1', as_of: '2026-07-24', input: 2, output: 8,
      shutdown_date: '2026-11-04' }),
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-4.1', as_of: '2026-07-24', input: 2, output: 8 }),
  ], [notice]);
  const azure = offers.find((o) => o.provider === 'azure')!;
  assert.deepEqual([azure.status?.value, azure.deprecation_date?.value, azure.shutdown_date?.value, azure.replacement?.value, azure.first_party],
    ['deprecated', undefined, '2026-11-04', 'gpt-5', false]);
  assert.deepEqual([azure.shutdown_date?.source, azure.shutdown_date?.corroborated_by], ['deprecations-rss', ['litellm']]);
  const openai = offers.find((o) => o.provider === 'openai')!;
  assert.deepEqual([openai.status, openai.first_party], [undefined, true]);
});

test('a price is kept to 10 significant digits: the float noise of a source file is trimmed', () => {
  // models.dev providers/helicone/models/llama-3.3-70b-versatile.toml: output 0.7899999999999999 (Groq's $0.79);
  // A value with more digits than any published price (1/12 = 0.08333333333333334) is kept to 10 significant digits.
  const { offers } = run([obs({ source: 'models-dev', provider: 'helicone', provider_model_id: 'llama-3.3-70b-instruct',
    input: 0.59, output: 0.7899999999999999, next_prices: { starts: '2027-01-01', input: 0.08333333333333334 } })]);
  assert.deepEqual([offers[0].prices.input?.value, offers[0].prices.output?.value], [0.59, 0.79]);
  assert.equal(offers[0].next_prices?.value.input, 0.08333333333);
});

test("Mistral Nemo end to end: one live developer offer at $0.15/$0.15, LiteLLM's $0.30 of open-mistral-nemo-2407 beside it", () => {
  // models.dev providers/mistral/models/mistral-nemo.toml 0.15/0.15 and open-mistral-nemo.toml 0.15/0.15 status
  // deprecated (2026-07-02); genai-prices mistral.yml mistral-nemo 0.15/0.15, prices_checked 2025-07-04, provider
  // page https://mistral.ai/pricing/api; LiteLLM 2026-07-24 mistral/open-mistral-nemo and -2407: 3e-07 per token both.
  const ids = new Map([['mistral-nemo', 'mistral-nemo'], ['open-mistral-nemo', 'mistral-nemo'], ['open-mistral-nemo-2407', 'mistral-nemo']]);
  const nemo = (source: string, id: string, v: number, as_of: string, more: Partial<OfferObservation> = {}) =>
    obs({ source, provider: 'mistral', provider_model_id: id, input: v, output: v, as_of, ...more });
  const built = buildOffers([
    nemo('models-dev', 'mistral-nemo', 0.15, '2026-07-02'),
    nemo('models-dev', 'open-mistral-nemo', 0.15, '2026-07-02', { status: 'deprecated' }),
    nemo('genai-prices-npm', 'mistral-nemo', 0.15, '2025-07-04', { url: 'https://mistral.ai/pricing/api' }),
    nemo('litellm', 'open-mistral-nemo', 0.3, '2026-07-24', { url: 'https://mistral.ai/technology/' }),
    nemo('litellm', 'open-mistral-nemo-2407', 0.3, '2026-07-24', { url: 'https://mistral.ai/technology/' }),
  ], (o) => ids.get(o.provider_model_id), new Map(), { vendorOf: () => 'mistral' });
  resolveDeveloperPriceConflicts(built.offers, '2026-09-23', (o) => built.readings.get(o));
  const live = built.offers.filter((o) => o.status?.value !== 'deprecated');
  assert.deepEqual(live.map((o) => [o.provider_model_id, o.prices.input?.value, o.prices.output?.value]), [['mistral-nemo', 0.15, 0.15]]);
  assert.deepEqual(live[0].prices.input?.conflicts?.map((c) => [c.source, c.value]), [['litellm', 0.3]]);
});

test("a notice of another id of the model does not give a listing its dates: gpt-3.5-turbo-1106 keeps its own", () => {
  // deprecations-rss, OpenAI (both read 2026-03-26): gpt-3.5-turbo-1106 deprecated 2025-09-26, shut down 2026-09-28;
  // gpt-3.5-turbo-0613 deprecated 2023-11-06, shut down 2024-09-13 (no listing of its own, so it reaches the base
  // listings of the model). LiteLLM gpt-3.5-turbo-1106 deprecation_date 2026-09-28 (read as its shutdown day).
  const notice = (id: string, dep: string, shut: string): OfferNotice => ({ source: 'deprecations-rss', provider: 'openai',
    model_id: 'gpt-3.5-turbo', source_model_id: id, as_of: '2026-03-26', status: 'deprecated', deprecation_date: dep, shutdown_date: shut });
  const { offers } = buildOffers([
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-3.5-turbo-1106', as_of: '2026-07-24', input: 1, output: 2,
      shutdown_date: '2026-09-28' }),
  ], () => 'gpt-3.5-turbo', new Map(), { vendorOf: () => 'openai',
    notices: [notice('gpt-3.5-turbo-1106', '2025-09-26', '2026-09-28'), notice('gpt-3.5-turbo-0613', '2023-11-06', '2024-09-13')] });
  const o = offers.find((x) => x.provider_model_id === 'gpt-3.5-turbo-1106')!;
  assert.deepEqual([o.deprecation_date?.value, o.shutdown_date?.value, o.shutdown_date?.source], ['2025-09-26', '2026-09-28', 'deprecations-rss']);
  assert.deepEqual(o.shutdown_date?.corroborated_by, ['litellm']);
});

test("a snapshot retired for a newer one of the same name does not date the undated listing: gpt-4o-mini-tts", () => {
  // deprecations-rss, OpenAI gpt-4o-mini-tts-2025-03-20 (read 2026-05-16): deprecated 2026-04-22, shutdown 2026-07-23,
  // replacement_models ["gpt-4o-mini-tts-2025-12-15"]; genai-prices lists openai/gpt-4o-mini-tts. The undated name calls
  // the 2025-12-15 snapshot now, so it is served. gpt-3.5-turbo-0613's notice (replacement gpt-3.5-turbo, an undated
  // name) still reaches the base listing, as above.
  const notice = (model_id: string, id: string, replacement: string): OfferNotice => ({ source: 'deprecations-rss', provider: 'openai',
    model_id, source_model_id: id, as_of: '2026-05-16', status: 'deprecated', deprecation_date: '2026-04-22', shutdown_date: '2026-07-23', replacement });
  const { offers } = buildOffers([
    obs({ source: 'genai-prices-npm', provider: 'openai', provider_model_id: 'gpt-4o-mini-tts', as_of: '2026-09-23', input: 0.6, output: 12 }),
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-3.5-turbo', as_of: '2026-07-24', input: 0.5, output: 1.5 }),
  ], (o) => o.provider_model_id, new Map(), { vendorOf: () => 'openai', notices: [
    notice('gpt-4o-mini-tts', 'gpt-4o-mini-tts-2025-03-20', 'gpt-4o-mini-tts-2025-12-15'),
    notice('gpt-3.5-turbo', 'gpt-3.5-turbo-0613', 'gpt-3.5-turbo'),
  ] });
  const tts = offers.find((x) => x.provider_model_id === 'gpt-4o-mini-tts')!;
  assert.deepEqual([tts.status, tts.deprecation_date, tts.shutdown_date], [undefined, undefined, undefined]);
  const turbo = offers.find((x) => x.provider_model_id === 'gpt-3.5-turbo')!;
  assert.deepEqual([turbo.status?.value, turbo.shutdown_date?.value], ['deprecated', '2026-07-23']);
});

test("Bedrock's end of life for a model id dates its eu. and apac. profiles too, not the developer's retirement", () => {
  // deprecations-rss deprecations.json, AWS Bedrock `anthropic.claude-3-5-sonnet-20241022-v2:0`: legacy 2026-01-30,
  // end of life 2026-07-30 (last read 2026-04-07; https://docs.aws.amazon.com/bedrock/latest/userguide/model-lifecycle.html).
  // LiteLLM 2026-07-24 lists bedrock/eu.… and bedrock/apac.… at $3/$15, genai-prices regional.… at $3.3/$16.5.
  const bare = 'anthropic.claude-3-5-sonnet-20241022-v2:0';
  const notice: OfferNotice = { source: 'deprecations-rss', provider: 'amazon-bedrock', model_id: 'claude-3-5-sonnet-20241022',
    source_model_id: bare, as_of: '2026-04-07', status: 'deprecated', deprecation_date: '2026-01-30', shutdown_date: '2026-07-30' };
  const { offers } = buildOffers([
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: `eu.${bare}`, region: 'eu', as_of: '2026-07-24', input: 3, output: 15 }),
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: `apac.${bare}`, as_of: '2026-07-24', input: 3, output: 15 }),
    obs({ source: 'genai-prices-npm', provider: 'amazon-bedrock', provider_model_id: `regional.${bare}`, as_of: '2026-09-23', input: 3.3, output: 16.5 }),
  ], () => 'claude-3-5-sonnet-20241022', new Map(), { vendorOf: () => 'anthropic', notices: [notice] });
  assert.equal(offers.length, 3);
  for (const o of offers) {
    assert.deepEqual([o.provider_model_id, o.status?.value, o.deprecation_date?.value, o.shutdown_date?.value, o.shutdown_date?.source],
      [o.provider_model_id, 'deprecated', '2026-01-30', '2026-07-30', 'deprecations-rss']);
  }
});

test("a routed listing that a notice names by its own id keeps that notice, not the bare id's", () => {
  // Two notices of one provider, dates made up for the rule: the bare id 2026-07-30, its eu. profile 2026-10-01.
  const bare = 'anthropic.claude-3-5-sonnet-20241022-v2:0';
  const n = (id: string, shut: string): OfferNotice => ({ source: 'deprecations-rss', provider: 'amazon-bedrock',
    model_id: 'claude-3-5-sonnet-20241022', source_model_id: id, as_of: '2026-04-07', shutdown_date: shut });
  const { offers } = buildOffers([
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: `eu.${bare}`, region: 'eu', input: 3, output: 15 }),
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: `us.${bare}`, input: 3, output: 15 }),
  ], () => 'claude-3-5-sonnet-20241022', new Map(), { vendorOf: () => 'anthropic', notices: [n(bare, '2026-07-30'), n(`eu.${bare}`, '2026-10-01')] });
  const at = Object.fromEntries(offers.map((o) => [o.provider_model_id.slice(0, 3), o.shutdown_date?.value]));
  // us. is named by no notice of its own: the bare id's notice reaches it (no exact listing of the bare id, so the
  // notice falls to the base listings). eu. keeps its own.
  assert.deepEqual(at, { 'eu.': '2026-10-01', 'us.': '2026-07-30' });
});

test("Azure's notice of a bare name dates its dated deployments; OpenAI's notices of the name reach no Azure listing", () => {
  // deprecations-rss deprecations.json: Azure row ef2463b7724c3cb2 `gpt-5.1-codex`, deprecation and shutdown 2027-05-15
  // (read 2026-04-25); Azure names no dated gpt-5.1-codex. LiteLLM 2026-07-24 lists azure/gpt-5.1-codex,
  // azure/eu/gpt-5.1-codex and azure/gpt-5.1-codex-2025-11-13. OpenAI's notice of its own gpt-5.1-codex-2025-11-13
  // (shutdown 2026-07-23, as in the dataset's OpenAI offer) is another provider's and stays off Azure's listings.
  const n = (provider: string, id: string, shut: string): OfferNotice => ({ source: 'deprecations-rss', provider,
    model_id: 'gpt-5.1-codex', source_model_id: id, as_of: '2026-04-25', deprecation_date: shut, shutdown_date: shut });
  const azure = ['gpt-5.1-codex', 'eu/gpt-5.1-codex', 'gpt-5.1-codex-2025-11-13'];
  const { offers } = buildOffers([
    ...azure.map((id) => obs({ source: 'litellm', provider: 'azure', provider_model_id: id, as_of: '2026-07-24', input: 1.25, output: 10 })),
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-5.1-codex-2025-11-13', as_of: '2026-07-24', input: 1.25, output: 10 }),
  ], () => 'gpt-5.1-codex', new Map(), { vendorOf: () => 'openai',
    notices: [n('Azure', 'gpt-5.1-codex', '2027-05-15'), n('openai', 'gpt-5.1-codex-2025-11-13', '2026-07-23')] });
  const at = Object.fromEntries(offers.map((o) => [`${o.provider}:${o.provider_model_id}`, o.shutdown_date?.value]));
  assert.deepEqual(at, {
    'azure:gpt-5.1-codex': '2027-05-15', 'azure:eu/gpt-5.1-codex': '2027-05-15', 'azure:gpt-5.1-codex-2025-11-13': '2027-05-15',
    'openai:gpt-5.1-codex-2025-11-13': '2026-07-23',
  });
});

test("a provider that dates a version itself keeps its bare notice off its dated listings", () => {
  // deprecations-rss deprecations.json, OpenAI rows 76209c2aeb02fe3c `gpt-audio-mini` (shutdown 2027-01-20) and
  // e902de424f32319a `gpt-audio-mini-2025-10-06` (2026-07-23). The 2025-12-15 listing is named by no notice: with a
  // dated notice of the name at the provider, the bare notice does not speak for it, and neither does the other date's.
  const n = (id: string, shut: string): OfferNotice => ({ source: 'deprecations-rss', provider: 'openai',
    model_id: 'gpt-audio-mini', source_model_id: id, as_of: '2026-07-24', shutdown_date: shut });
  const ids = ['gpt-audio-mini', 'gpt-audio-mini-2025-10-06', 'gpt-audio-mini-2025-12-15'];
  const { offers } = buildOffers(ids.map((id) => obs({ source: 'litellm', provider: 'openai', provider_model_id: id, input: 0.6, output: 2.4 })),
    () => 'gpt-audio-mini', new Map(), { vendorOf: () => 'openai',
      notices: [n('gpt-audio-mini', '2027-01-20'), n('gpt-audio-mini-2025-10-06', '2026-07-23')] });
  const at = Object.fromEntries(offers.map((o) => [o.provider_model_id, o.shutdown_date?.value]));
  assert.deepEqual(at, { 'gpt-audio-mini': '2027-01-20', 'gpt-audio-mini-2025-10-06': '2026-07-23', 'gpt-audio-mini-2025-12-15': undefined });
});

test("a provider's notice of a bare name outranks a catalogue's date for its dated deployment", () => {
  // LiteLLM 2026-07-24 gives azure/o3-2025-04-16 deprecation_date 2026-04-16; Azure's o3 notice (deprecations-rss,
  // deprecation and shutdown 2026-10-16, read 2026-04-25) names only the bare o3, and Azure dates no o3 version itself.
  // Azure's model retirement table (MicrosoftDocs/azure-ai-docs includes/retirement/models.md at 00b1f65, ms.date
  // 2025-12-16): "o3 | 2025-04-16 | Generally Available | 2026-04-16 | 2026-10-16": LiteLLM's date is the deprecation
  // (no new customers), the retirement is the notice's. LiteLLM's reading stays as a conflict.
  const { offers } = buildOffers([
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'o3-2025-04-16', as_of: '2026-07-24', input: 2, output: 8,
      shutdown_date: '2026-04-16' }),
  ], () => 'o3', new Map(), { vendorOf: () => 'openai', notices: [{ source: 'deprecations-rss', provider: 'Azure',
    model_id: 'o3', source_model_id: 'o3', as_of: '2026-04-25', deprecation_date: '2026-10-16', shutdown_date: '2026-10-16' }] });
  assert.equal(offers[0].shutdown_date?.value, '2026-10-16');
  assert.equal(offers[0].shutdown_date?.source, 'deprecations-rss');
  assert.deepEqual(offers[0].shutdown_date?.conflicts?.map((c) => [c.source, c.value]), [['litellm', '2026-04-16']]);
});

test("a provider's notice of a bare name reaches its listing of a dated version the catalogue holds as another model", () => {
  // deprecations-rss deprecations.json: Azure row `gpt-audio-mini`, deprecation and shutdown 2026-09-21 (read on
  // Azure's model-lifecycle-retirement page, announced 2026-04-25); Azure names no dated gpt-audio-mini. LiteLLM lists
  // azure/gpt-audio-mini-2025-10-06, which the catalogue holds apart as model gpt-audio-mini-2025-10-06 because OpenAI
  // dates that version itself (OpenAI row `gpt-audio-mini-2025-10-06`, shutdown 2026-07-23): OpenAI's own notice stays
  // on OpenAI's listing, and Azure's notice dates Azure's only deployment of the name.
  const n = (provider: string, id: string, shut: string, as_of: string): OfferNotice => ({ source: 'deprecations-rss', provider,
    model_id: id, source_model_id: id, as_of, deprecation_date: shut, shutdown_date: shut });
  const { offers } = buildOffers([
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'gpt-audio-mini-2025-10-06', as_of: '2026-07-24', input: 0.6, output: 2.4 }),
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-audio-mini-2025-10-06', as_of: '2026-07-24', input: 0.6, output: 2.4 }),
  ], (o) => o.provider_model_id, new Map(), { vendorOf: () => 'openai', notices: [
    n('Azure', 'gpt-audio-mini', '2026-09-21', '2026-07-24'), n('openai', 'gpt-audio-mini-2025-10-06', '2026-07-23', '2026-07-24'),
  ] });
  const at = Object.fromEntries(offers.map((o) => [`${o.provider}:${o.model_id}`, o.shutdown_date?.value]));
  assert.deepEqual(at, { 'azure:gpt-audio-mini-2025-10-06': '2026-09-21', 'openai:gpt-audio-mini-2025-10-06': '2026-07-23' });
});

test('a reviewed notice of the whole model at a provider covers every SKU of it, batch too', () => {
  // data/curated/developer-notices.csv, row azure,gpt-4.5-preview: Azure's retired-models page gives gpt-4.5-preview
  // the retirement date July 14, 2025. LiteLLM lists azure/gpt-4.5-preview at 75/150 and its batch tier at 37.5/75.
  const { offers } = buildOffers([
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'gpt-4.5-preview', as_of: '2026-07-24', input: 75, output: 150 }),
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'gpt-4.5-preview', as_of: '2026-07-24', input: 37.5, output: 75, sku: 'batch' }),
  ], () => 'gpt-4.5-preview', new Map(), { vendorOf: () => 'openai', notices: [{ source: 'developer-notices', provider: 'azure',
    model_id: 'gpt-4.5-preview', source_model_id: 'gpt-4.5-preview', as_of: '2026-11-27', status: 'deprecated', shutdown_date: '2025-07-14',
    notice_scope: 'model' }] });
  const at = Object.fromEntries(offers.map((o) => [o.sku, [o.shutdown_date?.value, o.status?.value]]));
  assert.deepEqual(at, { standard: ['2025-07-14', 'deprecated'], batch: ['2025-07-14', 'deprecated'] });
});

test('a reviewed row of one listing dates that listing only, never the provider\'s other builds of the model', () => {
  // data/curated/developer-notices.csv: Cloudflare's changelog of 2026-05-08 retires @cf/meta/llama-3.1-8b-instruct on
  // 2026-05-30 and says "the -fast and -lora variants of models will remain active"; genai-prices lists the plain and
  // the -fp8-fast builds of Llama 3.1 8B at Cloudflare. Only the named listing takes the date.
  const { offers } = buildOffers([
    obs({ source: 'genai-prices-npm', provider: 'cloudflare-workers-ai', provider_model_id: '@cf/meta/llama-3.1-8b-instruct', input: 0.28, output: 0.83 }),
    obs({ source: 'genai-prices-npm', provider: 'cloudflare-workers-ai', provider_model_id: '@cf/meta/llama-3.1-8b-instruct-fp8-fast', input: 0.045, output: 0.384 }),
  ], () => 'llama-3.1-8b-instruct', new Map(), { vendorOf: () => 'meta', notices: [{ source: 'developer-notices', provider: 'cloudflare-workers-ai',
    model_id: 'llama-3.1-8b-instruct', source_model_id: '@cf/meta/llama-3.1-8b-instruct', as_of: '2026-11-27', status: 'deprecated',
    shutdown_date: '2026-05-30', notice_scope: 'listing' }] });
  const at = Object.fromEntries(offers.map((o) => [o.provider_model_id, o.shutdown_date?.value ?? null]));
  assert.deepEqual(at, { '@cf/meta/llama-3.1-8b-instruct': '2026-05-30', '@cf/meta/llama-3.1-8b-instruct-fp8-fast': null });
});

test("a reviewed row of one Azure deployment leaves the bare name's notice on the other dated versions", () => {
  // Azure's retirement table at 31c50ba: gpt-4o 2024-08-06 "Standard deployment type retires on 2026-03-31 ... For other
  // deployment types, including ALL Provisioned, Global Standard, and Data Zone Standard, the retirement date has been
  // moved to 2026-10-01". deprecations.info's Azure gpt-4o notice gives 2026-03-31. The row for the EU Data Zone
  // deployment dates it 2026-10-01; the Standard gpt-4o-2024-05-13 deployment keeps the bare name's 2026-03-31.
  const { offers } = buildOffers([
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'eu/gpt-4o-2024-08-06', as_of: '2026-07-24', input: 2.75, output: 11 }),
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'gpt-4o-2024-05-13', as_of: '2026-07-24', input: 5, output: 15 }),
  ], (o) => (o.provider_model_id.includes('05-13') ? 'gpt-4o-2024-05-13' : 'gpt-4o'), new Map(), { vendorOf: () => 'openai', notices: [
    { source: 'deprecations-rss', provider: 'Azure', model_id: 'gpt-4o', source_model_id: 'gpt-4o', as_of: '2026-06-23', shutdown_date: '2026-03-31' },
    { source: 'developer-notices', provider: 'azure', model_id: 'gpt-4o', source_model_id: 'eu/gpt-4o-2024-08-06', as_of: '2026-11-27',
      status: 'deprecated', deprecation_date: '2025-08-06', shutdown_date: '2026-10-01', notice_scope: 'listing' },
  ] });
  const at = Object.fromEntries(offers.map((o) => [o.provider_model_id, o.shutdown_date?.value]));
  assert.deepEqual(at, { 'eu/gpt-4o-2024-08-06': '2026-10-01', 'gpt-4o-2024-05-13': '2026-03-31' });
});

test("Azure's notices date its listings under azure-cognitive-services; Vertex AI's its google-vertex-anthropic listings", () => {
  // deprecations-rss deprecations.json: Azure `o4-mini`, deprecation and shutdown 2026-10-16, last observed 2026-04-28;
  // Google Vertex `claude-3-5-haiku`, deprecated 2026-01-05, shutdown 2026-07-05, last observed 2026-07-08. models.dev
  // lists azure-cognitive-services/o4-mini at 1.1/4.4 and google-vertex-anthropic/claude-3-5-haiku@20241022 at 0.8/4;
  // LiteLLM lists azure/o4-mini and vertex_ai/claude-3-5-haiku@20241022 at the same prices.
  const notice = (provider: string, model_id: string, dep: string, shut: string, as_of: string): OfferNotice => ({ source: 'deprecations-rss',
    provider, model_id, source_model_id: model_id, as_of, deprecation_date: dep, shutdown_date: shut });
  const { offers } = buildOffers([
    obs({ source: 'models-dev', provider: 'azure-cognitive-services', provider_model_id: 'o4-mini', input: 1.1, output: 4.4 }),
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'o4-mini', as_of: '2026-07-24', input: 1.1, output: 4.4 }),
    obs({ source: 'models-dev', provider: 'google-vertex-anthropic', provider_model_id: 'claude-3-5-haiku@20241022', input: 0.8, output: 4 }),
    obs({ source: 'litellm', provider: 'google-vertex', provider_model_id: 'claude-3-5-haiku@20241022', as_of: '2026-07-24', input: 0.8, output: 4 }),
  ], (o) => (o.provider_model_id === 'o4-mini' ? 'o4-mini' : 'claude-3-5-haiku'), new Map(), { vendorOf: (id) => (id === 'o4-mini' ? 'openai' : 'anthropic'),
    notices: [notice('Azure', 'o4-mini', '2026-10-16', '2026-10-16', '2026-04-28'),
      notice('google-vertex', 'claude-3-5-haiku', '2026-01-05', '2026-07-05', '2026-07-08')] });
  const at = Object.fromEntries(offers.map((o) => [o.provider, [o.shutdown_date?.value, o.shutdown_date?.source]]));
  assert.deepEqual(at, {
    'azure-cognitive-services': ['2026-10-16', 'deprecations-rss'], azure: ['2026-10-16', 'deprecations-rss'],
    'google-vertex-anthropic': ['2026-07-05', 'deprecations-rss'], 'google-vertex': ['2026-07-05', 'deprecations-rss'],
  });
});

test("a notice naming one id's listing exactly still reaches the other id's listing of the model under another spelling", () => {
  // Azure's `DeepSeek-R1` notice (deprecations.json, shutdown 2026-08-13, last observed 2026-06-19) names LiteLLM's
  // azure_ai/deepseek-r1 exactly; a listing of the model under a spelling of its own at azure-cognitive-services
  // (made up for the rule: `deepseek-r1-v1`) is one of that id's base listings, which the notice covers.
  const { offers } = buildOffers([
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'DeepSeek-R1', as_of: '2026-07-24', input: 1.35, output: 5.4 }),
    obs({ source: 'models-dev', provider: 'azure-cognitive-services', provider_model_id: 'deepseek-r1-v1', input: 1.35, output: 5.4 }),
  ], () => 'deepseek-r1', new Map(), { vendorOf: () => 'deepseek', notices: [{ source: 'deprecations-rss', provider: 'Azure',
    model_id: 'deepseek-r1', source_model_id: 'DeepSeek-R1', as_of: '2026-06-19', deprecation_date: '2026-08-13', shutdown_date: '2026-08-13' }] });
  assert.deepEqual(Object.fromEntries(offers.map((o) => [o.provider, o.shutdown_date?.value])),
    { azure: '2026-08-13', 'azure-cognitive-services': '2026-08-13' });
});

test("a reasoning price is said in the output price's note, and the output price stays the one costed", () => {
  // models.dev 2026-07-02, alibaba qwen-plus: output 1.2, reasoning 4 (the output price with thinking on).
  const MODELS = new Map([['qwen-plus', 'qwen-plus']]);
  const { offers } = buildOffers([obs({ source: 'models-dev', provider: 'alibaba', provider_model_id: 'qwen-plus', input: 0.4, output: 1.2, reasoning_output: 4 })],
    (o) => MODELS.get(o.provider_model_id), new Map(), { vendorOf: () => 'alibaba' });
  const out = offers[0].prices.output;
  assert.equal(out?.value, 1.2);
  assert.match(out?.note ?? '', /^models-dev lists \$4 per 1M reasoning \(thinking\) tokens beside it/);
  assert.equal(offers[0].prices.input?.note, undefined);
  // Without a reasoning price no note is added.
  const plain = buildOffers([obs({ source: 'models-dev', provider: 'alibaba', provider_model_id: 'qwen-plus', input: 0.4, output: 1.2 })],
    (o) => MODELS.get(o.provider_model_id), new Map(), { vendorOf: () => 'alibaba' });
  assert.equal(plain.offers[0].prices.output?.note, undefined);
  // A reseller's copy of the figure is not said: llmgateway's qwen-plus file repeats reasoning 4.
  const resale = buildOffers([obs({ source: 'models-dev', provider: 'llmgateway', provider_model_id: 'qwen-plus', input: 0.4, output: 1.2, reasoning_output: 4 })],
    (o) => MODELS.get(o.provider_model_id), new Map(), { vendorOf: () => 'alibaba' });
  assert.equal(resale.offers[0].first_party, false);
  assert.equal(resale.offers[0].prices.output?.note, undefined);
});

test("a price for part of the day: the developer's page's words on its hours replace a catalogue's that drop a clause", () => {
  // genai-prices npm-0.1.8 lists deepseek-chat's peak windows every day; DeepSeek's page (quoted in
  // github.com/nesquikm/mcp-rubber-duck/pull/148) limits them to Monday through Friday. Same figure, the page's words.
  const catalogue = 'the price for 17 of 24 hours a day (UTC)';
  const page = 'the off-peak price, for 133 of the 168 hours of a week';
  // The catalogue's reading at $0.66/$1.98, and the page's at the prices given.
  const withPage = (input: number, output: number) => run([
    obs({ source: 'genai-prices-npm', provider: 'deepseek', provider_model_id: 'deepseek-chat', as_of: '2026-09-23', input: 0.66,
      output: 1.98, time_of_day_note: catalogue }),
    obs({ source: 'developer-prices', provider: 'deepseek', provider_model_id: 'deepseek-chat', as_of: '2026-09-07', input,
      output, time_of_day_note: page }),
  ]).offers[0];
  const both = withPage(0.66, 1.98);
  assert.deepEqual([both.prices.input?.value, both.prices.input?.note, both.prices.output?.note], [0.66, page, page]);
  // A page read at another figure does not lend its words to the catalogue's price.
  const other = withPage(0.5, 1.5);
  assert.notEqual(other.prices.input?.note, page);
});
