// Bedrock listings as a caller meets them (committed dataset): genai-prices' `regional.` in-region listings are the
// regional SKU, and LiteLLM's stray `anthropic.claude-3-7-sonnet-20240620-v1:0` (a typo copy of a GovCloud row) is no offer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const bedrock = (modelId: string) => (ds.offersByModel.get(modelId) ?? []).filter((o) => o.provider === 'amazon-bedrock');
const listing = (modelId: string, id: string) => bedrock(modelId).find((o) => o.provider_model_id === id);

test('regional.* listings are the regional SKU; global. listings stay standard', () => {
  // genai-prices npm 0.1.8 aws: regional.openai.gpt-5.6-sol 4.4/22 ("10% above global"), global.openai.gpt-5.6-sol 4/20.
  const regional = listing('gpt-5.6-sol', 'regional.openai.gpt-5.6-sol');
  const global = listing('gpt-5.6-sol', 'global.openai.gpt-5.6-sol');
  assert.equal(regional?.sku, 'regional');
  assert.deepEqual([global?.sku, global?.prices.input?.value, global?.prices.output?.value], ['standard', 4, 20]);
  const all = [...ds.offersByModel.values()].flat()
    .filter((o) => o.provider === 'amazon-bedrock' && o.provider_model_id.startsWith('regional.'));
  // 26 regional. ids in the bundle; those of a listing models.dev also lists go by models.dev's bare id (below).
  assert.ok(all.length >= 15, `${all.length} regional. listings`);
  assert.deepEqual(all.filter((o) => o.sku !== 'regional').map((o) => o.provider_model_id), []);
  // models.dev's bare `anthropic.claude-opus-4-8` is the listing genai-prices calls regional.anthropic.claude-opus-4-8.
  assert.equal(listing('claude-opus-4-8', 'anthropic.claude-opus-4-8')?.sku, 'regional');
  assert.equal(listing('claude-opus-4-8', 'global.anthropic.claude-opus-4-8')?.sku, 'standard');
});

test("LiteLLM's anthropic.claude-3-7-sonnet-20240620-v1:0 is no listing; the GovCloud row it copies is kept", () => {
  // LiteLLM history (2025-10-22): the bare key was added with the fields of bedrock/us-gov-west-1/...-20240620-v1:0,
  // which was renamed to ...-20250219-v1:0 the same day: $3.60/$18, GovCloud's 20% over the $3/$15 list price.
  const model = ds.resolveModelId('anthropic.claude-3-7-sonnet-20250219-v1:0');
  assert.equal(model, 'claude-3-7-sonnet-20250219');
  assert.equal(listing(model, 'anthropic.claude-3-7-sonnet-20240620-v1:0'), undefined);
  assert.equal(ds.resolveModelId('anthropic.claude-3-7-sonnet-20240620-v1:0'), undefined);
  const gov = listing(model, 'us-gov-west-1/anthropic.claude-3-7-sonnet-20250219-v1:0');
  assert.deepEqual([gov?.prices.input?.value, gov?.prices.output?.value], [3.6, 18]);
  // No Bedrock listing of Claude 3.7 Sonnet outside GovCloud is priced above the $3/$15 list price.
  const dearer = bedrock(model).filter((o) => !o.provider_model_id.startsWith('us-gov') && (o.prices.input?.value ?? 0) > 3);
  assert.deepEqual(dearer.map((o) => o.provider_model_id), []);
});

test("a cross-Region inference profile's region is its geography, as AWS names the profiles", () => {
  // docs.aws.amazon.com/bedrock/latest/userguide/inference-profiles-support.html: US, EU, APAC, JP and AU
  // geographies, and Global ("all commercial Regions"). LiteLLM 2026-07-24 lists each id below for claude-sonnet-4-6
  // or claude-opus-4-6.
  const regionOf = (modelId: string, id: string) => [...new Set(bedrock(modelId).filter((o) => o.provider_model_id === id).map((o) => o.region))];
  assert.deepEqual(regionOf('claude-sonnet-4-6', 'us.anthropic.claude-sonnet-4-6'), ['us']);
  assert.deepEqual(regionOf('claude-sonnet-4-6', 'eu.anthropic.claude-sonnet-4-6'), ['eu']);
  assert.deepEqual(regionOf('claude-sonnet-4-6', 'global.anthropic.claude-sonnet-4-6'), ['global']);
  assert.deepEqual(regionOf('claude-opus-4-6', 'au.anthropic.claude-opus-4-6-v1'), ['apac']);
});

test("an in-Region id's region is its Region's geography, as AWS names its Regions", () => {
  // LiteLLM 2026-07-24 lists bedrock/us-east-1/, us-west-2/ and eu-west-3/mistral.mixtral-8x7b-instruct-v0:1; AWS's
  // Region list (docs.aws.amazon.com/global-infrastructure/latest/regions/aws-regions.html) names us-east-1 "US East
  // (N. Virginia)", us-west-2 "US West (Oregon)", eu-west-3 "Europe (Paris)".
  const regionOf = (modelId: string, id: string) => [...new Set(bedrock(modelId).filter((o) => o.provider_model_id === id).map((o) => o.region))];
  assert.deepEqual(regionOf('mixtral-8x7b', 'us-east-1/mistral.mixtral-8x7b-instruct-v0:1'), ['us']);
  assert.deepEqual(regionOf('mixtral-8x7b', 'us-west-2/mistral.mixtral-8x7b-instruct-v0:1'), ['us']);
  assert.deepEqual(regionOf('mixtral-8x7b', 'eu-west-3/mistral.mixtral-8x7b-instruct-v0:1'), ['eu']);
  const inRegion = [...ds.offersByModel.values()].flat().filter((o) => o.provider === 'amazon-bedrock' && /^[a-z]{2}(?:-gov)?-[a-z]+-\d\//.test(o.provider_model_id));
  // No US or Asia-Pacific Region's id reads global; Canada, Sao Paulo and London, which no value names, do.
  const wrong = inRegion.filter((o) => (/^us-/.test(o.provider_model_id) && o.region !== 'us') || (/^ap-/.test(o.provider_model_id) && o.region !== 'apac'));
  assert.deepEqual(wrong.map((o) => o.provider_model_id), []);
  assert.deepEqual([...new Set(inRegion.filter((o) => o.region === 'global').map((o) => o.provider_model_id.split('/')[0]))].sort(),
    ['ca-central-1', 'eu-west-2', 'sa-east-1']);
});
