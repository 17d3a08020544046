// The regional premium rule: Claude's regional Bedrock listings serve the reading 1.1x the global price, older ones do not.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { OfferObservation } from '../sources/types.ts';
import { translateOfferResidency } from '../sources/offer-residency.ts';
import { buildOffers } from './build-offers.ts';
import { key0 } from './match-keys.ts';
import { isGlobalListing, isRegionalListing, REGIONAL_PREMIUM, regionalPremiumOf } from './regional-premium.ts';
import { skuOf } from './skus.ts';

type Price = { input: number; output: number; cache_read: number; cache_write: number };
const p = (input: number, output: number, cache_read: number, cache_write: number): Price => ({ input, output, cache_read, cache_write });
const bedrock = (source: string, id: string, price: Price, as_of: string): OfferObservation =>
  ({ source, provider: 'amazon-bedrock', provider_model_id: id, region: id.startsWith('eu.') ? 'eu' : 'global', as_of, ...price });

const MODELS = ['claude-opus-4-8', 'claude-opus-4-7', 'claude-sonnet-4-6', 'claude-sonnet-4-0', 'claude-sonnet-5', 'claude-opus-4-5'];
const resolve = (o: OfferObservation) =>
  MODELS.find((m) => key0(o.provider_model_id).includes(key0(m.replace('sonnet-4-0', 'sonnet-4-2025'))));
/**
 * The day each source's history last set the price (price-dates.ts). In the 2026 build models.dev's us. rows of these
 * models are set later than LiteLLM's, which is why models.dev's global-priced reading was served before this rule.
 */
const LATER: Record<string, string> = { 'models-dev': '2026-04-17', litellm: '2026-02-17', 'genai-prices-npm': '2026-06-30' };
const run = (list: OfferObservation[], later = LATER) =>
  buildOffers(list, resolve, new Map(), { vendorOf: () => 'anthropic', evidence: (o) => later[o.source] }).offers;
const price = (offers: ReturnType<typeof run>, id: string) => {
  const o = offers.find((x) => x.provider_model_id === id)!;
  return [o.prices.input?.value, o.prices.output?.value, o.prices.cache_read?.value, o.prices.cache_write?.value];
};

test("Bedrock us. Claude Opus 4.8 serves LiteLLM's 5.5/27.5 (1.1x global), models.dev's 5/25 kept as a conflict", () => {
  // LiteLLM 2026-07-24 "us.anthropic.claude-opus-4-8": input_cost_per_token 5.5e-06, output 2.75e-05, cache read
  // 5.5e-07, cache creation 6.875e-06; "global.anthropic.claude-opus-4-8": 5e-06, 2.5e-05, 5e-07, 6.25e-06.
  // models.dev 2026-07-02 providers/amazon-bedrock/models/us.… and global.anthropic.claude-opus-4-8.toml: [cost]
  // input = 5, output = 25, cache_read = 0.5, cache_write = 6.25.
  const offers = run([
    bedrock('models-dev', 'us.anthropic.claude-opus-4-8', p(5, 25, 0.5, 6.25), '2026-07-02'),
    bedrock('litellm', 'us.anthropic.claude-opus-4-8', p(5.5, 27.5, 0.55, 6.875), '2026-07-24'),
    bedrock('models-dev', 'global.anthropic.claude-opus-4-8', p(5, 25, 0.5, 6.25), '2026-07-02'),
    bedrock('litellm', 'global.anthropic.claude-opus-4-8', p(5, 25, 0.5, 6.25), '2026-07-24'),
  ]);
  assert.deepEqual(price(offers, 'us.anthropic.claude-opus-4-8'), [5.5, 27.5, 0.55, 6.875]);
  assert.deepEqual(price(offers, 'global.anthropic.claude-opus-4-8'), [5, 25, 0.5, 6.25], 'the global listing is unchanged');
  const input = offers.find((o) => o.provider_model_id === 'us.anthropic.claude-opus-4-8')!.prices.input!;
  assert.equal(input.source, 'litellm');
  assert.deepEqual(input.conflicts, [{ value: 5, as_of: '2026-07-02', source: 'models-dev' }]);
  assert.match(input.note ?? '', /^models-dev's 5, set later, passed over: regional endpoint of a Claude model from Sonnet 4\.5 on: /);
  assert.match(input.note ?? '', /5\.5 = 1\.1 x the global listing's 5 \("Regional endpoints include a 10% pricing premium/);
  assert.match(input.note ?? '', /claude-on-amazon-bedrock\)$/);
});

test('Bedrock us. and jp. Claude Sonnet 4.6 serve 3.3/16.5 and cache 0.33/4.125, not the global 3/15', () => {
  // LiteLLM 2026-07-24 "us.anthropic.claude-sonnet-4-6": 3.3e-06, 1.65e-05, 3.3e-07, 4.125e-06; "global.…": 3e-06,
  // 1.5e-05, 3e-07, 3.75e-06. models.dev us.… and jp.anthropic.claude-sonnet-4-6.toml: input = 3, output = 15.
  const offers = run([
    bedrock('models-dev', 'us.anthropic.claude-sonnet-4-6', p(3, 15, 0.3, 3.75), '2026-07-02'),
    bedrock('litellm', 'us.anthropic.claude-sonnet-4-6', p(3.3, 16.5, 0.33, 4.125), '2026-07-24'),
    bedrock('models-dev', 'jp.anthropic.claude-sonnet-4-6', p(3, 15, 0.3, 3.75), '2026-07-02'),
    bedrock('litellm', 'jp.anthropic.claude-sonnet-4-6', p(3.3, 16.5, 0.33, 4.125), '2026-07-24'),
    bedrock('litellm', 'global.anthropic.claude-sonnet-4-6', p(3, 15, 0.3, 3.75), '2026-07-24'),
  ]);
  assert.deepEqual(price(offers, 'us.anthropic.claude-sonnet-4-6'), [3.3, 16.5, 0.33, 4.125]);
  assert.deepEqual(price(offers, 'jp.anthropic.claude-sonnet-4-6'), [3.3, 16.5, 0.33, 4.125]);
});

test('where the usual choice already serves 1.1x, the rule adds nothing (Bedrock us. Claude Opus 4.7, LiteLLM set later)', () => {
  // LiteLLM 2026-07-24 "us.anthropic.claude-opus-4-7" 5.5e-06 / 2.75e-05; models.dev us.anthropic.claude-opus-4-7.toml
  // input = 5, output = 25; global.anthropic.claude-opus-4-7 5/25 in both.
  const offers = run([
    bedrock('models-dev', 'us.anthropic.claude-opus-4-7', p(5, 25, 0.5, 6.25), '2026-07-02'),
    bedrock('litellm', 'us.anthropic.claude-opus-4-7', p(5.5, 27.5, 0.55, 6.875), '2026-07-24'),
    bedrock('litellm', 'global.anthropic.claude-opus-4-7', p(5, 25, 0.5, 6.25), '2026-07-24'),
  ], { litellm: '2026-05-01', 'models-dev': '2026-04-16' });
  const input = offers.find((o) => o.provider_model_id === 'us.anthropic.claude-opus-4-7')!.prices.input!;
  assert.deepEqual([input.value, input.source, input.note], [5.5, 'litellm', undefined]);
  assert.deepEqual(input.conflicts, [{ value: 5, as_of: '2026-07-02', source: 'models-dev' }]);
});

test('an older Claude (Sonnet 4) keeps the usual choice: no premium is chosen for its regional listing', () => {
  // LiteLLM 2026-07-24 "us.anthropic.claude-sonnet-4-20250514-v1:0" and "global.…": 3e-06 / 1.5e-05 (no premium:
  // "Older models (Claude Sonnet 4, Opus 4, and earlier) maintain their existing pricing structures"). The 3.3 reading
  // is what a source wrongly applying the premium to Sonnet 4 would give, set earlier than LiteLLM's: were the rule to
  // cover Sonnet 4, it would be served.
  const offers = run([
    bedrock('litellm', 'us.anthropic.claude-sonnet-4-20250514-v1:0', p(3, 15, 0.3, 3.75), '2026-07-24'),
    bedrock('models-dev', 'us.anthropic.claude-sonnet-4-20250514-v1:0', p(3.3, 16.5, 0.33, 4.125), '2026-07-02'),
    bedrock('litellm', 'global.anthropic.claude-sonnet-4-20250514-v1:0', p(3, 15, 0.3, 3.75), '2026-07-24'),
  ], { litellm: '2026-05-01', 'models-dev': '2026-01-01' });
  assert.deepEqual(price(offers, 'us.anthropic.claude-sonnet-4-20250514-v1:0'), [3, 15, 0.3, 3.75]);
  assert.equal(REGIONAL_PREMIUM.models.includes('claude-sonnet-4-0'), false);
});

test('where no source gives 1.1x the global price, the usual choice stands (Bedrock in-region Claude Opus 4.5)', () => {
  // models.dev providers/amazon-bedrock/models/anthropic.claude-opus-4-5-20251101-v1:0.toml: input = 5, output = 25;
  // no other source lists that id, so 5.5 is no reading and the rule has nothing to choose.
  const offers = run([
    bedrock('models-dev', 'anthropic.claude-opus-4-5-20251101-v1:0', p(5, 25, 0.5, 6.25), '2026-07-02'),
    bedrock('litellm', 'global.anthropic.claude-opus-4-5-20251101-v1:0', p(5, 25, 0.5, 6.25), '2026-07-24'),
  ]);
  assert.deepEqual(price(offers, 'anthropic.claude-opus-4-5-20251101-v1:0'), [5, 25, 0.5, 6.25]);
  assert.equal(offers.find((o) => o.provider_model_id === 'anthropic.claude-opus-4-5-20251101-v1:0')!.prices.input!.note, undefined);
});

test("Bedrock in-region Claude Sonnet 5 is 2.2 whichever source's reading is set later (a read after 2026-09-01 included)", () => {
  // LiteLLM 2026-07-24 "anthropic.claude-sonnet-5" and "global.anthropic.claude-sonnet-5": 2e-06 / 1e-05 / 2e-07 /
  // 2.5e-06. genai-prices npm 0.1.8 aws "regional.anthropic.claude-sonnet-5-v1:0" (matches the bare id) 2.2/11/0.22/2.75,
  // "global.anthropic.claude-sonnet-5-v1:0" 2/10/0.2/2.5. Read before 2026-09-01 the npm rows share the repository's
  // check day (2026-06-30); read on or after it, the repository's scheduled $3.3/$16.5 differs from npm's, so the npm
  // rows are dated by the bundle (2026-09-23). Either way 1.1 x the global 2 is 2.2.
  const list = [
    bedrock('litellm', 'anthropic.claude-sonnet-5', p(2, 10, 0.2, 2.5), '2026-07-24'),
    bedrock('genai-prices-npm', 'regional.anthropic.claude-sonnet-5-v1:0', p(2.2, 11, 0.22, 2.75), '2026-06-30'),
    bedrock('litellm', 'global.anthropic.claude-sonnet-5', p(2, 10, 0.2, 2.5), '2026-07-24'),
    bedrock('genai-prices-npm', 'global.anthropic.claude-sonnet-5-v1:0', p(2, 10, 0.2, 2.5), '2026-06-30'),
  ];
  const before = run(list, { litellm: '2026-07-24', 'genai-prices-npm': '2026-06-30' });
  const after = run(list, { litellm: '2026-07-24', 'genai-prices-npm': '2026-09-23' });
  for (const offers of [before, after]) {
    // One offer: genai-prices' regional. row and LiteLLM's bare id are the same in-region listing (skus.ts).
    const bare = offers.filter((o) => !o.provider_model_id.startsWith('global.'));
    assert.deepEqual(bare.map((o) => [o.sku, o.prices.input?.value, o.prices.output?.value, o.prices.cache_read?.value]),
      [['regional', 2.2, 11, 0.22]]);
  }
});

test('which listings are regional: geographic profiles and the bare in-region id; not global., not GovCloud', () => {
  const at = (id: string, provider = 'amazon-bedrock', model_id = 'claude-opus-4-8') => ({ provider, model_id, ...skuOf(id) });
  for (const id of ['us.anthropic.claude-opus-4-8', 'eu.anthropic.claude-opus-4-8', 'jp.anthropic.claude-opus-4-8',
    'au.anthropic.claude-opus-4-8', 'apac.anthropic.claude-opus-4-8', 'anthropic.claude-opus-4-8',
    'regional.anthropic.claude-opus-4-8', 'eu-central-1/anthropic.claude-opus-4-8']) {
    assert.equal(isRegionalListing(at(id)), true, id);
  }
  for (const id of ['global.anthropic.claude-opus-4-8', 'us-gov.anthropic.claude-opus-4-8', 'us-gov-west-1/anthropic.claude-opus-4-8']) {
    assert.equal(isRegionalListing(at(id)), false, id);
  }
  assert.equal(isGlobalListing(at('global.anthropic.claude-opus-4-8')), true);
  assert.equal(isRegionalListing(at('us.anthropic.claude-opus-4-8', 'openrouter')), false, 'other providers');
  assert.equal(isRegionalListing(at('us.anthropic.claude-opus-4-1', 'amazon-bedrock', 'claude-opus-4-1')), false, 'Opus 4.1');
  assert.equal(isRegionalListing({ ...at('us.anthropic.claude-opus-4-8'), sku: 'batch' }), false, 'batch is priced apart');
});

test('global listings that disagree give no price to count from: the rule says nothing', () => {
  const g = (listing: string) => ({ provider: 'amazon-bedrock', model_id: 'claude-opus-4-8', sku: 'standard', listing });
  const groups = [g('global.a'), g('global.b'), g('us.a')];
  const rule = regionalPremiumOf(groups, (x) => (x.listing === 'global.a' ? 5 : 6));
  assert.equal(rule(groups[2], 'input'), undefined);
  const agreeing = regionalPremiumOf(groups, () => 5);
  const chosen = agreeing(groups[2], 'input')?.([{ value: 5, source: 'a', as_of: 'x' }, { value: 5.5, source: 'b', as_of: 'x' }]);
  assert.equal(chosen?.best.value, 5.5);
});

test("the model list is the documented generation: the Vertex rows' list, and every newer Anthropic model on Bedrock", () => {
  const vertex = translateOfferResidency(readFileSync(new URL('../../data/curated/offer-residency.csv', import.meta.url), 'utf8'))
    .rules.find((r) => r.provider === 'google-vertex' && r.developer === 'anthropic');
  assert.deepEqual([...REGIONAL_PREMIUM.models].sort(), [...(vertex?.models ?? [])].sort());
  // Anthropic's page: "Starting with Claude Sonnet 4.5 and all future models"; Sonnet 4.5 was released 2025-09-29.
  const read = (f: string) => JSON.parse(readFileSync(new URL(`../../data/dataset/${f}`, import.meta.url), 'utf8'));
  const onBedrock = new Set((read('offers.json') as Array<{ provider: string; model_id: string }>)
    .filter((o) => o.provider === 'amazon-bedrock').map((o) => o.model_id));
  const newer = (read('models.json') as Array<{ id: string; vendor: string; release_date?: { value: string } }>)
    .filter((m) => m.vendor === 'anthropic' && onBedrock.has(m.id) && (m.release_date?.value ?? '') >= '2025-09-29').map((m) => m.id);
  assert.ok(newer.length >= 9);
  for (const id of newer) assert.ok(REGIONAL_PREMIUM.models.includes(id), `${id} is missing from the rule`);
});
