import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Provider } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';
import { translateOfferResidency } from '../sources/offer-residency.ts';
import type { OfferObservation } from '../sources/types.ts';
import { buildOffers } from './build-offers.ts';
import { key0 } from './match-keys.ts';

const obs = (o: Partial<OfferObservation> & Pick<OfferObservation, 'source' | 'provider' | 'provider_model_id'>): OfferObservation =>
  ({ region: 'global', as_of: '2026-07-24', ...o });

// The providers' rows as data/curated/inference-providers.csv gives them: all four sell in EU regions.
const provider = (id: string): [string, Provider] =>
  [id, { id, name: id, eu_data_residency: fact('region' as const, '2026-11-21', 'inference-providers') }];
const PROVIDERS = new Map(['azure', 'amazon-bedrock', 'google-vertex', 'openai', 'nebius'].map(provider));

const MODELS = ['claude-opus-4-6', 'claude-opus-4-8', 'claude-opus-4-1', 'gpt-5', 'gpt-4o', 'gpt-5.6-luna', 'gemma-3-4b-it',
  'gemma-4-31b', 'qwen3-coder-next', 'qwen3-32b', 'gpt-oss-120b', 'llama-3.3-70b-instruct', 'gemini-2.5-pro', 'gemini-3-pro-preview'];
const resolve = (o: OfferObservation) => MODELS.find((m) => key0(o.provider_model_id).includes(key0(m)));
const vendorOf = (id: string) => (id.startsWith('claude') ? 'anthropic' : /^(gemma|gemini)/.test(id) ? 'google' : id.startsWith('qwen') ? 'alibaba'
  : id.startsWith('llama') ? 'meta' : 'openai');
// The real reviewed table, so that a row edited away fails these tests.
const TABLE = readFileSync(new URL('../../data/curated/offer-residency.csv', import.meta.url), 'utf8');
const { rules, issues } = translateOfferResidency(TABLE);
const run = (list: OfferObservation[]) => buildOffers(list, resolve, PROVIDERS, { vendorOf, residency: rules }).offers;
const residency = (offers: ReturnType<typeof run>, provider: string, id: string) =>
  offers.find((o) => o.provider === provider && o.provider_model_id === id && o.sku !== 'batch')?.eu_resident;

test('the reviewed table reads without issues and every row cites a page and a day', () => {
  assert.deepEqual(issues, []);
  assert.ok(rules.length >= 5);
  for (const r of rules) assert.match(`${r.url} ${r.as_of}`, /^https:\/\/\S+ \d{4}-\d{2}-\d{2}$/);
});

test('Claude at Azure is not EU-resident: Foundry offers it in Global Standard and US Data Zone Standard only', () => {
  // LiteLLM 2026-07-24 [azure_ai/claude-opus-4-6] 5/25; Anthropic's "Claude in Microsoft Foundry" page names no EU zone.
  const offers = run([obs({ source: 'litellm', provider: 'azure', provider_model_id: 'claude-opus-4-6', input: 5, output: 25 })]);
  const r = residency(offers, 'azure', 'claude-opus-4-6');
  assert.equal(r?.value, 'no');
  assert.equal(r?.source, 'offer-residency');
  assert.match(r?.note ?? '', /Global Standard and US Data Zone Standard/);
  assert.match(r?.note ?? '', /platform\.claude\.com\/docs\/en\/build-with-claude\/claude-in-microsoft-foundry/);
});

test('Azure: an unprefixed listing is the Global Standard deployment; the azure/eu/ Data Zone listing is EU-resident', () => {
  // LiteLLM [azure/gpt-5] and [azure/eu/gpt-5]: Microsoft's deployment types page, "Global types: may be processed in any
  // Azure region"; Data Zone types stay in the zone.
  const offers = run([
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'gpt-5', input: 1.25, output: 10 }),
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'eu/gpt-5', region: 'eu', input: 1.375, output: 11 }),
  ]);
  assert.equal(residency(offers, 'azure', 'gpt-5')?.value, 'no');
  assert.match(residency(offers, 'azure', 'gpt-5')?.note ?? '', /Global Standard/);
  assert.equal(residency(offers, 'azure', 'eu/gpt-5')?.value, 'yes');
});

test('Vertex: Claude from Sonnet 4.5 on is listed at the global endpoint price; older Claude is placed by no page read', () => {
  // Anthropic's "Claude on Vertex AI" page: global and regional endpoint types apply to Claude Sonnet 4.5 and later;
  // older models keep their pricing. Opus 4.1 (2025-08-05) is older, and "model availability varies by region": no
  // page read places it in an EU region, so the Vertex AI rule (Google's Data residency page) leaves it unknown.
  const offers = run([
    obs({ source: 'litellm', provider: 'google-vertex', provider_model_id: 'claude-opus-4-8@default', input: 5, output: 25 }),
    obs({ source: 'litellm', provider: 'google-vertex', provider_model_id: 'claude-opus-4-1@20250805', input: 15, output: 75 }),
  ]);
  assert.equal(residency(offers, 'google-vertex', 'claude-opus-4-8@default')?.value, 'no');
  assert.equal(residency(offers, 'google-vertex', 'claude-opus-4-1@20250805')?.value, 'unknown');
});

test('Vertex: each model as Google\'s pages place it, never the provider\'s europe-* regions by default', () => {
  // LiteLLM 2026-07-24 lists these without supported_regions. Google: "Llama 3.3" page, us-central1 only; "Data
  // residency" page, Gemini 2.5 Pro processed in the region of the request; "Deployments and endpoints", Gemini 3 Pro
  // (Preview) among the global endpoint's models; gpt-oss: no page read places it.
  const vertex = (id: string) => obs({ source: 'litellm', provider: 'google-vertex', provider_model_id: id, input: 1, output: 2 });
  const ids = ['meta/llama-3.3-70b-instruct-maas', 'gemini-2.5-pro', 'gemini-3-pro-preview', 'openai/gpt-oss-120b-maas'];
  const offers = run(ids.map(vertex));
  assert.deepEqual(ids.map((id) => residency(offers, 'google-vertex', id)?.value), ['no', 'region', 'no', 'unknown']);
  assert.match(residency(offers, 'google-vertex', 'openai/gpt-oss-120b-maas')?.note ?? '', /no page read places this model in an EU region/);
});

test('Bedrock: the in-region id at $5/$25 is not the EU offer when eu. costs $5.50/$27.50; at the EU price it stays region', () => {
  // LiteLLM 2026-07-24: [anthropic.claude-opus-4-8] 5/25, [eu.anthropic.claude-opus-4-8] 5.5/27.5;
  // genai-prices aws [anthropic.claude-opus-4-6-v1] 5.5/27.5, LiteLLM [eu.anthropic.claude-opus-4-6-v1] 5.5/27.5.
  const bedrock = (source: string, id: string, input: number, output: number, more: Partial<OfferObservation> = {}) =>
    obs({ source, provider: 'amazon-bedrock', provider_model_id: id, input, output, ...more });
  const offers = run([
    bedrock('litellm', 'anthropic.claude-opus-4-8', 5, 25),
    bedrock('litellm', 'anthropic.claude-opus-4-8', 2.5, 12.5, { sku: 'batch' }),
    bedrock('litellm', 'eu.anthropic.claude-opus-4-8', 5.5, 27.5, { region: 'eu' }),
    bedrock('litellm', 'global.anthropic.claude-opus-4-8', 5, 25),
    bedrock('genai-prices-npm', 'anthropic.claude-opus-4-6-v1', 5.5, 27.5),
    bedrock('litellm', 'eu.anthropic.claude-opus-4-6-v1', 5.5, 27.5, { region: 'eu' }),
  ]);
  const inRegion = residency(offers, 'amazon-bedrock', 'anthropic.claude-opus-4-8');
  assert.equal(inRegion?.value, 'no');
  assert.match(inRegion?.note ?? '', /eu\.anthropic\.claude-opus-4-8 \(region eu\) at \$5\.5\/\$27\.5/);
  assert.equal(residency(offers, 'amazon-bedrock', 'eu.anthropic.claude-opus-4-8')?.value, 'yes');
  assert.equal(residency(offers, 'amazon-bedrock', 'global.anthropic.claude-opus-4-8')?.value, 'no');
  assert.equal(residency(offers, 'amazon-bedrock', 'anthropic.claude-opus-4-6-v1')?.value, 'region');
  // The listing's batch SKU follows its standard SKU.
  const batch = offers.find((o) => o.provider_model_id === 'anthropic.claude-opus-4-8' && o.sku === 'batch');
  assert.equal(batch?.eu_resident.value, 'no');
});

test('Bedrock places each model in its own Regions: with no EU listing of the model and no row, its listing is unknown', () => {
  // LiteLLM 2026-07-24 [bedrock_mantle/google.gemma-4-31b]: no eu. profile and no bedrock/eu-*/ key of the model in the
  // file, and AWS's model table read (a copy of 2026-02-15) predates Gemma 4. AWS, "Model support by AWS Region":
  // "Amazon Bedrock foundation models differ in their Regional support", so the provider's EU Regions place nothing.
  const offers = run([obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'google.gemma-4-31b', input: 0.14, output: 0.4 })]);
  const r = residency(offers, 'amazon-bedrock', 'google.gemma-4-31b');
  assert.equal(r?.value, 'unknown');
  assert.equal(r?.source, 'offer-residency');
  assert.match(r?.note ?? '', /differ in their Regional support/);
  assert.match(r?.note ?? '', /docs\.aws\.amazon\.com\/bedrock\/latest\/userguide\/models-regions\.html/);
});

test('Bedrock: AWS\'s model table places gpt-oss-120b and Gemma 3 in EU Regions and keeps Llama 3.3 70B out of them', () => {
  // AWS, "Supported foundation models in Amazon Bedrock" (copy fetched 2026-02-15), single-region model support:
  // openai.gpt-oss-120b-1:0 ... eu-central-1 eu-north-1 eu-south-1 eu-west-1 eu-west-2 ...; google.gemma-3-4b-it ...
  // eu-south-1 eu-west-1 eu-west-2 ...; meta.llama3-3-70b-instruct-v1:0 us-east-2 (cross-Region us-east-1 us-east-2
  // us-west-2). None of the three has an eu. profile or an EU Region id in any source.
  const offers = run([
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'openai.gpt-oss-120b-1:0', input: 0.15, output: 0.6 }),
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'google.gemma-3-4b-it', input: 0.04, output: 0.08 }),
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'meta.llama3-3-70b-instruct-v1:0', input: 0.72, output: 0.72 }),
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'us.meta.llama3-3-70b-instruct-v1:0', input: 0.72, output: 0.72 }),
  ]);
  for (const id of ['openai.gpt-oss-120b-1:0', 'google.gemma-3-4b-it']) {
    const r = residency(offers, 'amazon-bedrock', id);
    assert.equal(r?.value, 'region', id);
    assert.match(r?.note ?? '', /Supported foundation models in Amazon Bedrock/);
    assert.match(r?.note ?? '', /models-supported\.html/);
  }
  const llama = residency(offers, 'amazon-bedrock', 'meta.llama3-3-70b-instruct-v1:0');
  assert.equal(llama?.value, 'no');
  assert.match(llama?.note ?? '', /use geofencing/);
  // The us. profile is outside the EU by its id, before any row is read.
  assert.equal(residency(offers, 'amazon-bedrock', 'us.meta.llama3-3-70b-instruct-v1:0')?.value, 'no');
});

test('Bedrock: an eu. profile of the same model places it in EU Regions, and the note names the listing', () => {
  // LiteLLM 2026-07-24 [anthropic.claude-opus-4-6-v1] 5.5e-06/2.75e-05 and [eu.anthropic.claude-opus-4-6-v1] the same.
  const offers = run([
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'anthropic.claude-opus-4-6-v1', input: 5.5, output: 27.5 }),
    obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'eu.anthropic.claude-opus-4-6-v1', region: 'eu', input: 5.5, output: 27.5 }),
  ]);
  const r = residency(offers, 'amazon-bedrock', 'anthropic.claude-opus-4-6-v1');
  assert.equal(r?.value, 'region');
  assert.equal(r?.source, 'derived');
  assert.match(r?.note ?? '', /as eu\.anthropic\.claude-opus-4-6-v1 \(litellm, 2026-07-24\)/);
  assert.ok(r?.derived_from?.some((d) => /^offer-residency \(2026-11-27\): eu_resident unknown, .*\(https:\/\/docs\.aws\.amazon\.com\/bedrock\/latest\/userguide\/models-regions\.html\)$/.test(d)), r?.derived_from?.join(' | '));
});

test('Bedrock: a London-only listing places no model in the EU; an EU Region id does, then the price decides', () => {
  // LiteLLM 2026-07-24: [qwen.qwen3-coder-next] 5e-07/1.2e-06, [bedrock/eu-west-2/qwen.qwen3-coder-next] 7.8e-07/1.86e-06
  // (London: Europe, not the EU), [bedrock/eu-central-1/qwen.qwen3-coder-next] 6e-07/1.44e-06 (Frankfurt).
  const bare = obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'qwen.qwen3-coder-next', input: 0.5, output: 1.2 });
  const london = obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'eu-west-2/qwen.qwen3-coder-next', input: 0.78, output: 1.86 });
  const onlyLondon = run([bare, london]);
  assert.equal(residency(onlyLondon, 'amazon-bedrock', 'eu-west-2/qwen.qwen3-coder-next')?.value, 'no');
  assert.equal(residency(onlyLondon, 'amazon-bedrock', 'qwen.qwen3-coder-next')?.value, 'unknown');
  const frankfurt = obs({ source: 'litellm', provider: 'amazon-bedrock', provider_model_id: 'eu-central-1/qwen.qwen3-coder-next', region: 'eu',
    input: 0.6, output: 1.44 });
  const withFrankfurt = run([bare, london, frankfurt]);
  // Placed in the EU by the Frankfurt listing, then priced apart from it ($0.5/$1.2 is not $0.6/$1.44): not the EU offer.
  const r = residency(withFrankfurt, 'amazon-bedrock', 'qwen.qwen3-coder-next');
  assert.equal(r?.value, 'no');
  assert.match(r?.note ?? '', /eu-central-1\/qwen\.qwen3-coder-next \(region eu\) at \$0\.6\/\$1\.44/);
  assert.ok(r?.derived_from?.some((d) => /^offer-residency /.test(d)), r?.derived_from?.join(' | '));
});

test('Nebius: a per-token listing is unknown; Token Factory places only dedicated endpoints in a chosen region', () => {
  // LiteLLM 2026-07-24 [nebius/Qwen/Qwen3-32B] 1e-07/3e-07; Nebius's dedicated-endpoints page: region eu-north1,
  // eu-west1 or us-central1, chosen per endpoint.
  const offers = run([obs({ source: 'litellm', provider: 'nebius', provider_model_id: 'Qwen/Qwen3-32B', input: 0.1, output: 0.3 })]);
  const r = residency(offers, 'nebius', 'Qwen/Qwen3-32B');
  assert.equal(r?.value, 'unknown');
  assert.match(r?.note ?? '', /dedicated endpoint/);
  assert.match(r?.note ?? '', /docs\.tokenfactory\.nebius\.com/);
});

test('a developer with no rule at a provider keeps the provider row; a provider outside the table stays unknown', () => {
  const offers = run([
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-4o', input: 2.5, output: 10 }),
    obs({ source: 'models-dev', provider: 'someone', provider_model_id: 'gpt-4o', input: 3, output: 12 }),
  ]);
  assert.equal(residency(offers, 'openai', 'gpt-4o')?.value, 'region');
  assert.equal(residency(offers, 'someone', 'gpt-4o')?.value, 'unknown');
});

test('bad rows of the reviewed table are issues naming the row, and stay out', () => {
  const text = 'provider,developer,models,eu_resident,url,read_on,note\n'
    + 'azure,anthropic,*,maybe,https://example.org/a,2026-11-26,a note\n'
    + 'azure,anthropic,*,no,not a url,2026-11-26,a note\n'
    + 'google-vertex,anthropic,claude-opus-4-8 claude-sonnet-5,no,https://example.org/b,2026-11-26,two models\n';
  const r = translateOfferResidency(text);
  assert.deepEqual(r.issues.map((i) => [i.row, i.field]),
    [['azure/anthropic (line 2)', 'eu_resident'], ['azure/anthropic (line 3)', 'url']]);
  assert.deepEqual(r.rules.map((x) => x.models), [['claude-opus-4-8', 'claude-sonnet-5']]);
});

test('a rule\'s condition is said beside a yes or region, and on the EU SKU its provider prices; never beside unknown', () => {
  // A table in the form of offer-residency.csv's OpenAI rows: gpt-4o named (region), every other model unknown; both
  // with OpenAI's eligibility condition ("Eligible organizations can enable data residency ...").
  const text = 'provider,developer,models,eu_resident,url,read_on,note,skus,condition\n'
    + 'openai,openai,gpt-4o,region,https://example.org/named,2026-11-28,the page names gpt-4o,,eligible organizations only\n'
    + 'openai,*,*,unknown,https://example.org/all,2026-11-28,no page names this model,,eligible organizations only\n';
  const t = translateOfferResidency(text);
  assert.deepEqual(t.issues, []);
  assert.equal(t.rules[0].condition, 'eligible organizations only');
  const offers = buildOffers([
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-4o', input: 2.5, output: 10 }),
    // LiteLLM's EU uplift 1.1 on gpt-5.6-luna: an EU SKU of its own at $1.10/$6.60 ($1/$6 x 1.1).
    obs({ source: 'litellm', provider: 'openai', provider_model_id: 'gpt-5.6-luna', input: 1, output: 6, eu_uplift: 1.1 }),
  ], resolve, PROVIDERS, { vendorOf, residency: t.rules }).offers;
  const gpt4o = residency(offers, 'openai', 'gpt-4o');
  assert.equal(gpt4o?.value, 'region');
  assert.equal(gpt4o?.note, 'the page names gpt-4o; on condition: eligible organizations only (https://example.org/named)');
  const luna = offers.filter((o) => o.provider === 'openai' && o.provider_model_id === 'gpt-5.6-luna');
  const eu = luna.find((o) => o.region === 'eu');
  assert.equal(eu?.prices.input?.value, 1.1);
  assert.equal(eu?.eu_resident.value, 'yes');
  assert.match(eu?.eu_resident.note ?? '', /; on condition: eligible organizations only \(https:\/\/example\.org\/all, read 2026-11-28\)$/);
  // The global listing: unknown by the `*` row, then `no` (priced apart from its EU SKU); no condition said of it.
  const global = luna.find((o) => o.region === 'global' && o.sku === 'standard');
  assert.equal(global?.eu_resident.value, 'no');
  assert.doesNotMatch(JSON.stringify(global?.eu_resident), /on condition/);
});

test('a provider served in one EU place: its unprefixed listing reads region global beside yes, and the note says the place is the page\'s', () => {
  // Scaleway's Generative APIs FAQ (read 2026-11-28): "All models are currently hosted in a secure data center located in
  // Paris, France, operated by OPCORE." Its ids (devstral-2-123b-instruct-2512) carry no routing prefix, so region is global.
  const page = { url: 'https://www.scaleway.com/en/docs/generative-apis/faq', read_on: '2026-11-28',
    quote: 'All models are currently hosted in a secure data center located in Paris, France, operated by OPCORE.' };
  const scaleway: Provider = { id: 'scaleway', name: 'Scaleway', eu_data_residency: fact('yes' as const, '2026-11-28', 'inference-providers',
    { note: 'every Generative APIs model served in Paris, France (its FAQ)', evidence_page: page }) };
  const offers = buildOffers([obs({ source: 'litellm', provider: 'scaleway', provider_model_id: 'gpt-oss-120b', input: 0.15, output: 0.6 })],
    resolve, new Map([['scaleway', scaleway]]), { vendorOf, residency: rules }).offers;
  const o = offers.find((x) => x.provider === 'scaleway')!;
  assert.equal(o.region, 'global');
  assert.equal(o.eu_resident.value, 'yes');
  assert.deepEqual(o.eu_resident.evidence_page, page);
  assert.match(o.eu_resident.note!, /^every Generative APIs model served in Paris, France \(its FAQ\); the offer's region `global` says only/);
  // A provider whose row says `region` (EU regions to choose) is not told so: its global listing may well run outside the EU.
  const nebius = run([obs({ source: 'litellm', provider: 'nebius', provider_model_id: 'Qwen/Qwen3-32B', input: 0.1, output: 0.3 })]);
  assert.doesNotMatch(residency(nebius, 'nebius', 'Qwen/Qwen3-32B')?.note ?? '', /pins no routing zone/);
});
