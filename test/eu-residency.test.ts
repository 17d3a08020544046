// Contract: on the committed dataset, no EU label on a global price that a source says differs from the EU one.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import type { Dataset } from '../src/dataset/dataset.ts';
import { isEuOffer } from '../src/engines/ranking.ts';
import { cheapest_for } from '../src/ops/cheapest-for.ts';
import { get_trust_profile } from '../src/ops/get-trust-profile.ts';
import { recommend_model } from '../src/ops/recommend-model.ts';
import { BASE_SKUS } from '../src/schema/index.ts';
import { committedDataset } from './committed-dataset.ts';

const noData = !existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json')) && 'no committed dataset';
const ctx = { today: '2026-11-26' };
type Out = Record<string, any>;
/** One load for the file: every test only reads the dataset (a load is about a second of the file's run). */
let loaded: Dataset | undefined;
const committed = (): Dataset => (loaded ??= committedDataset());

test('no global listing is EU-resident at a price its provider\'s EU listing of the model does not have', { skip: noData }, () => {
  const ds = committed();
  const base = ds.offers.filter((o) => BASE_SKUS.includes(o.sku) && o.prices.input && o.prices.output);
  const eu = base.filter((o) => o.region === 'eu');
  const wrong = base.filter((o) => o.region === 'global' && isEuOffer(o)).filter((o) => {
    const twins = eu.filter((e) => e.provider === o.provider && e.model_id === o.model_id);
    const same = (e: (typeof eu)[number]) =>
      e.prices.input!.value === o.prices.input!.value && e.prices.output!.value === o.prices.output!.value;
    return twins.length > 0 && !twins.some(same);
  });
  assert.deepEqual(wrong.map((o) => `${o.provider}/${o.provider_model_id}`), []);
});

test('Claude Opus 4.6: Azure and Vertex global listings are not among its EU offers', { skip: noData }, () => {
  const ds = committed();
  const out = get_trust_profile.handler(ds, get_trust_profile.input.parse({ model_id: 'claude-opus-4-6' }), ctx) as Out;
  const eu = (out.compliance.eu_offers as Out[]).map((o) => `${o.provider}/${o.provider_model_id}`);
  // Anthropic's "Claude in Microsoft Foundry": Global Standard and US Data Zone Standard only. "Claude on Vertex AI":
  // the listed price is the global endpoint's. Bedrock's eu. listing (LiteLLM 5.5/27.5) stays.
  assert.ok(!eu.some((id) => id.startsWith('azure/') || id.startsWith('google-vertex')), eu.join());
  assert.ok(eu.includes('amazon-bedrock/eu.anthropic.claude-opus-4-6-v1'), eu.join());
});

test('where=eu-cloud prices gpt-5.6-luna at EU processing, not the global $0.20/$1.20', { skip: noData }, () => {
  const ds = committed();
  const out = cheapest_for.handler(ds, cheapest_for.input.parse({ use: 'chat', min_rank: 60, where: 'eu-cloud' }), ctx) as Out;
  const luna = (out.items as Out[]).find((i) => i.model.id === 'gpt-5.6-luna');
  assert.ok(luna, 'gpt-5.6-luna meets the floor');
  // genai-prices 0.2/1.2 x LiteLLM regional_processing_uplift_multiplier_eu 1.1 = 0.22/1.32 (by hand).
  assert.ok(luna.offer.prices.input.value >= 0.22 && luna.offer.prices.output.value >= 1.32, JSON.stringify(luna.offer.prices));
  const openaiEu = ds.offers.find((o) => o.provider === 'openai' && o.model_id === 'gpt-5.6-luna' && o.region === 'eu');
  assert.deepEqual([openaiEu?.prices.input?.value, openaiEu?.prices.output?.value], [0.22, 1.32]);
});

test('a European bank keeping data in the EU is never sent to a Claude offer at Azure or Vertex', { skip: noData }, () => {
  const ds = committed();
  const input = { who: 'european bank', data: 'customer financial data', keep: 'eu-only', use: 'documents' };
  const out = recommend_model.handler(ds, recommend_model.input.parse(input), ctx) as Out;
  for (const r of out.recommendations as Out[]) {
    if (!r.offer) continue;
    const at = `${r.model.id} at ${r.offer.provider}`;
    assert.ok(!['azure', 'google-vertex'].includes(r.offer.provider) || !r.model.id.startsWith('claude'), at);
    const o = ds.offers.find((x) =>
      x.provider === r.offer.provider && x.provider_model_id === r.offer.provider_model_id && x.sku === r.offer.sku);
    assert.ok(o && isEuOffer(o), `${r.model.id}: ${r.offer.provider}/${r.offer.provider_model_id} is EU`);
  }
});

test('Vertex AI listings LiteLLM pins to us-central1 or global are never EU offers, in trust or in recommend', { skip: noData }, () => {
  const ds = committed();
  // LiteLLM 2026-07-24 supported_regions: deepseek-v3.1-maas ["us-central1"], gemma-4-26b-a4b-it-maas ["global"],
  // qwen3-235b-a22b-instruct-2507-maas ["global","us-south1"]: no EU region.
  for (const id of ['deepseek-ai/deepseek-v3.1-maas', 'google/gemma-4-26b-a4b-it-maas', 'qwen/qwen3-235b-a22b-instruct-2507-maas']) {
    const o = ds.offers.find((x) => x.provider === 'google-vertex' && x.provider_model_id === id && x.sku === 'standard');
    assert.ok(o && !isEuOffer(o), `${id}: ${o?.eu_resident.value}`);
  }
  const trust = get_trust_profile.handler(ds, get_trust_profile.input.parse({ model_id: 'deepseek-v3.1' }), ctx) as Out;
  const eu = (trust.compliance.eu_offers as Out[]).map((o) => o.provider);
  assert.ok(!eu.includes('google-vertex'), eu.join());
  const hosting = (trust.criteria as Out[]).find((c) => c.id === 'eu_hosting');
  assert.doesNotMatch(JSON.stringify(hosting), /Google Vertex/);
  const input = { who: 'hospital', use: 'chat', data: 'patient records', keep: 'eu-only,open-weights', where: 'eu-cloud' };
  const out = recommend_model.handler(ds, recommend_model.input.parse(input), ctx) as Out;
  const at = (out.recommendations as Out[]).map((r) => `${r.model.id} at ${r.offer?.provider}/${r.offer?.provider_model_id}`);
  assert.ok(!at.some((a) => /google-vertex\/(deepseek-ai|google|qwen|zai-org)\//.test(a)), at.join('; '));
});

test('a Bedrock or Nebius listing reads region only where a listing of the same model is in an EU region or AWS\'s model table lists one', { skip: noData }, () => {
  const ds = committed();
  const byTable = (o: (typeof ds.offers)[number]) => o.eu_resident.source === 'offer-residency' && /models-supported\.html/.test(o.eu_resident.note ?? '');
  const wrong = ds.offers.filter((o) => ['amazon-bedrock', 'nebius'].includes(o.provider) && o.region !== 'eu'
    && o.eu_resident.value === 'region' && !byTable(o)
    && !ds.offers.some((e) => e.provider === o.provider && e.model_id === o.model_id && e.region === 'eu'));
  assert.deepEqual(wrong.map((o) => `${o.provider}/${o.provider_model_id}`), []);
  // LiteLLM 2026-07-24 lists [eu.anthropic.claude-sonnet-4-6] (bedrock_converse) beside [anthropic.claude-sonnet-4-6].
  const sonnet = ds.offers.find((o) => o.provider === 'amazon-bedrock' && o.provider_model_id === 'anthropic.claude-sonnet-4-6');
  assert.equal(sonnet?.eu_resident.value, 'region');
  assert.match(sonnet?.eu_resident.note ?? '', /eu\.anthropic\.claude-sonnet-4-6/);
  // AWS, "Supported foundation models in Amazon Bedrock" (copy fetched 2026-02-15): 19 in-Region ids with an EU Region
  // among them, from openai.gpt-oss-120b-1:0 (eu-central-1, eu-north-1, eu-south-1, eu-west-1) to the Nemotron Nanos.
  assert.equal(ds.offers.filter((o) => o.provider === 'amazon-bedrock' && o.eu_resident.value === 'region' && byTable(o)).length, 19);
  assert.ok(ds.offers.every((o) => o.provider !== 'nebius' || o.eu_resident.value === 'unknown'));
});

test('Gemma 4 31B on Bedrock: no source places it in an EU Region, so no EU user is sent there; Gemma 3 4B AWS\'s table places', { skip: noData }, () => {
  const ds = committed();
  // LiteLLM 2026-07-24 [bedrock_mantle/google.gemma-4-31b], with no eu. or bedrock/eu-*/ key; AWS's model table read
  // (a copy of 2026-02-15) predates Gemma 4. The same table lists google.gemma-3-4b-it in eu-south-1 and eu-west-1.
  const at = (id: string) => ds.offers.find((x) => x.provider === 'amazon-bedrock' && x.provider_model_id === id && x.sku === 'standard');
  const gemma4 = at('google.gemma-4-31b');
  assert.equal(gemma4?.eu_resident.value, 'unknown');
  assert.match(gemma4?.eu_resident.note ?? '', /differ in their Regional support/);
  assert.ok(gemma4 && !isEuOffer(gemma4));
  assert.equal(at('google.gemma-3-4b-it')?.eu_resident.value, 'region');
  // Llama 3.3 70B: the table lists US Regions only, and AWS's Meta page says the model is geofenced to them.
  assert.equal(at('meta.llama3-3-70b-instruct-v1:0')?.eu_resident.value, 'no');
  for (const keep of ['EU only', 'eu-only,open-weights']) {
    const out = recommend_model.handler(ds, recommend_model.input.parse({ who: 'hospital', where: 'eu-cloud', keep }), ctx) as Out;
    const recs = (out.recommendations as Out[]).map((r) => `${r.model.id} at ${r.offer?.provider}/${r.offer?.provider_model_id}`);
    assert.ok(recs.length > 0);
    assert.ok(!recs.some((a) => /amazon-bedrock\/google\.gemma-4/.test(a)), recs.join('; '));
  }
});

test('Vertex AI: Llama 3.3 70B (us-central1 only) is no EU offer; a model Google\'s pages do not place stays unknown', { skip: noData }, () => {
  const ds = committed();
  const vertex = (id: string) => ds.offers.find((x) => x.provider === 'google-vertex' && x.provider_model_id === id && x.sku === 'standard');
  // Google's "Llama 3.3" partner-model page: availability us-central1, ML processing "United States, Multi-region".
  const llama = vertex('meta/llama-3.3-70b-instruct-maas');
  assert.equal(llama?.eu_resident.value, 'no');
  assert.match(llama?.eu_resident.note ?? '', /partner-models\/llama\/llama3-3/);
  // No page read places Llama 4, gpt-oss or Grok on Vertex in an EU region: unknown, not the provider's europe-* regions.
  for (const id of ['meta/llama-4-maverick-17b-128e-instruct-maas', 'openai/gpt-oss-120b-maas', 'xai/grok-4.1-fast-reasoning']) {
    assert.equal(vertex(id)?.eu_resident.value, 'unknown', id);
  }
  // Google's "Data residency" page lists Gemini 2.5 Pro among the models processed in the region of the request.
  assert.equal(vertex('gemini-2.5-pro')?.eu_resident.value, 'region');
  // Gemini 3 Pro (Preview): listed among the global endpoint's models, not in the Data residency tables.
  assert.equal(vertex('gemini-3-pro-preview')?.eu_resident.value, 'no');
  const trust = get_trust_profile.handler(ds, get_trust_profile.input.parse({ model_id: 'llama-3.3-70b-instruct' }), ctx) as Out;
  const eu = (trust.compliance.eu_offers as Out[]).map((o) => `${o.provider}/${o.provider_model_id}`);
  assert.ok(!eu.some((id) => id.startsWith('google-vertex')), eu.join());
  const hosting = (trust.criteria as Out[]).find((c) => c.id === 'eu_hosting');
  assert.doesNotMatch(JSON.stringify(hosting), /Vertex/);
});

test('where=eu-cloud and keep=eu-only never answer with a Vertex AI partner model the pages do not place in the EU', { skip: noData }, () => {
  const ds = committed();
  const placed = (provider: string, id: string) => ds.offers.some((o) => o.provider === provider && o.provider_model_id === id && isEuOffer(o));
  const cheap = cheapest_for.handler(ds, cheapest_for.input.parse({ use: 'chat', min_rank: 200, where: 'eu-cloud' }), ctx) as Out;
  for (const i of cheap.items as Out[]) {
    if (i.offer?.provider === 'google-vertex') assert.ok(placed('google-vertex', i.offer.provider_model_id), i.offer.provider_model_id);
    assert.notEqual(`${i.offer?.provider}/${i.model.id}`, 'google-vertex/llama-3.3-70b-instruct');
  }
  const rec = recommend_model.handler(ds, recommend_model.input.parse({ who: 'startup', use: 'chat', keep: 'eu-only', where: 'eu-cloud' }), ctx) as Out;
  for (const r of rec.recommendations as Out[]) {
    if (r.offer?.provider === 'google-vertex') assert.match(r.model.id, /^gemini-2\.[05]/, r.model.id);
  }
});
