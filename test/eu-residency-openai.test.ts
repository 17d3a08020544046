// Contract: on the committed dataset, EU residency as an EU hospital reads it: OpenAI's per model, each EU offer's
// own source in the trust evidence, and a beta listing said so in a recommendation's reasons.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import type { Dataset } from '../src/dataset/dataset.ts';
import { get_trust_profile } from '../src/ops/get-trust-profile.ts';
import { recommend_model } from '../src/ops/recommend-model.ts';
import { committedDataset } from './committed-dataset.ts';

const noData = !existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json')) && 'no committed dataset';
const ctx = { today: '2026-11-28' };
type Out = Record<string, any>;
let loaded: Dataset | undefined;
const committed = (): Dataset => (loaded ??= committedDataset());
const euHosting = (ds: Dataset, id: string): Out =>
  (get_trust_profile.handler(ds, get_trust_profile.input.parse({ model_id: id }), ctx) as Out).criteria
    .find((c: Out) => c.id === 'eu_hosting');

test('OpenAI: EU residency only for the snapshots its table of supported snapshots names, not for every OpenAI listing', { skip: noData }, () => {
  const ds = committed();
  const openai = (model: string) => ds.offers.filter((o) => o.provider === 'openai' && o.model_id === model && o.region === 'global');
  // OpenAI, "Data controls in the OpenAI platform" (developers.openai.com/api/docs/guides/your-data, read 2026-11-29),
  // Table 1: Europe (EEA + Switzerland), regional processing ticked; Table 2, region "All" for /v1/chat/completions:
  // "gpt-4o-2024-11-20 gpt-4o-2024-08-06 gpt-4o-mini-2024-07-18 ..." -> region.
  assert.ok(openai('gpt-4o').length > 0);
  // Its standard and batch listings (the endpoints the page names; the priority tier: the test below).
  for (const o of openai('gpt-4o').filter((x) => x.sku !== 'priority')) assert.equal(o.eu_resident.value, 'region', o.provider_model_id);
  // gpt-4o-2024-11-20 is a model of its own here (its listings do not resolve to gpt-4o); the page names that snapshot
  // too, so its standard listing is EU-resident by region as well. gpt-4o-2024-05-13, not named, stays unknown.
  const nov = openai('gpt-4o-2024-11-20').filter((x) => x.sku !== 'priority');
  assert.ok(nov.length > 0);
  for (const o of nov) assert.equal(o.eu_resident.value, 'region', o.provider_model_id);
  for (const o of openai('gpt-4o-2024-05-13')) assert.equal(o.eu_resident.value, 'unknown', o.provider_model_id);
  // The same Table 2 names gpt-5-2025-08-07, gpt-4.1-2025-04-14, o3-2025-04-16 and gpt-5.2-2025-12-11 for
  // /v1/chat/completions, and gpt-realtime for /v1/realtime ("US and EU"): region (they were unknown while only the help
  // centre's launch table, of 2025-02-05, had been read).
  for (const m of ['gpt-5', 'gpt-4.1', 'o3', 'gpt-5.2', 'gpt-realtime']) {
    const standard = openai(m).filter((x) => x.sku === 'standard');
    assert.ok(standard.length > 0, m);
    for (const o of standard) assert.equal(o.eu_resident.value, 'region', `${m} ${o.provider_model_id}`);
  }
  // o3-pro (o3-pro-2025-06-10) is in none of the table's rows: not stated, so unknown, not region; no other source
  // places an o3-pro listing in the EU, so its criterion is unknown.
  assert.ok(openai('o3-pro').length > 0);
  for (const o of openai('o3-pro')) assert.equal(o.eu_resident.value, 'unknown', `o3-pro ${o.provider_model_id} ${o.sku}`);
  assert.equal(euHosting(ds, 'o3-pro').status, 'unknown');
  // gpt-5.2-chat-latest is named for /v1/batches only, and the row speaks for standard and batch listings alike: left out.
  for (const o of openai('gpt-5.2-chat-latest')) assert.equal(o.eu_resident.value, 'unknown', o.provider_model_id);
});

test('eu_hosting cites each EU offer\'s own residency source; SAP AI Core, quoting no page, counts for none', { skip: noData }, () => {
  const ds = committed();
  const c = euHosting(ds, 'claude-sonnet-4-5');
  assert.equal(c.status, 'met');
  // Sources differ (models-dev for Bedrock's eu. SKU, inference-providers for cortecs): derived.
  assert.equal(c.evidence.source, 'derived');
  // inference-providers.csv, cortecs: residency_url https://docs.cortecs.ai/security-and-compliance, read 2026-11-28.
  // `region`, not `yes`, since 2026-11-29: the page's default is "within Europe" (the UK, Switzerland, Norway too); only
  // its Sovereign Cloud setting, chosen by the customer, restricts routing to "providers based and regulated within the EU".
  assert.match(c.evidence.detail, /cortecs \(region: inference-providers, 2026-11-28, https:\/\/docs\.cortecs\.ai\/security-and-compliance\)/);
  // Bedrock's eu. SKU holds on a condition since 2026-11-29: AWS's inference-profiles page routes an eu. profile among EU
  // Regions only when it is called from one (from eu-west-2, London, it may route there too).
  assert.match(c.evidence.detail, /Amazon Bedrock \(yes: models-dev, 2026-07-02, on the condition its note gives\)/);
  // inference-providers.csv, sap-ai-core: `unknown` with its residency_note (no SAP page says where the generative AI hub
  // processes a partner model's requests); docs/data.md: "The 26 offers went `region` -> `unknown`".
  assert.doesNotMatch(c.evidence.detail, /SAP AI Core/);
  const sap = ds.offers.filter((o) => o.provider === 'sap-ai-core');
  assert.equal(sap.length, 26);
  for (const o of sap) assert.equal(o.eu_resident.value, 'unknown', o.provider_model_id);
});

test('a hospital sent to a beta listing is told it is beta', { skip: noData }, () => {
  const ds = committed();
  const input = { who: 'hospital', use: 'documents', data: 'patient data', keep: 'eu-only', where: 'eu-cloud' };
  const rec = recommend_model.handler(ds, recommend_model.input.parse(input), ctx) as Out;
  const betaPicks = (rec.recommendations as Out[]).filter((r) => {
    const o = ds.offers.find((x) => x.provider === r.offer?.provider && x.provider_model_id === r.offer?.provider_model_id);
    return o?.status?.value === 'beta' || o?.status?.value === 'alpha';
  });
  // models-dev (2026-07-02) gives Scaleway's gemma-4-26b-a4b-it `status: beta`; it is among the picks today.
  assert.ok(betaPicks.length > 0, 'a beta pick to check');
  for (const r of betaPicks) assert.ok((r.reasons as string[]).some((s) => /lists this offer as (beta|alpha) \(/.test(s)), r.model.id);
  for (const r of rec.recommendations as Out[]) {
    if (betaPicks.includes(r)) continue;
    assert.ok(!(r.reasons as string[]).some((s) => /lists this offer as beta/.test(s)), r.model.id);
  }
});

test('OpenAI\'s page speaks for the standard and batch endpoints it names, not the priority tier', { skip: noData }, () => {
  const ds = committed();
  // offer-residency.csv, the OpenAI row's skus "standard batch": the data controls page's Table 2 names
  // /v1/chat/completions, /v1/responses and /v1/batches for gpt-4o-2024-08-06 and the other snapshots; no tier beside them.
  const gpt4o = ds.offers.filter((o) => o.provider === 'openai' && o.model_id === 'gpt-4o' && o.region === 'global');
  const bySku = (sku: string) => gpt4o.filter((o) => o.sku === sku);
  assert.ok(bySku('standard').length > 0 && bySku('priority').length > 0);
  for (const o of bySku('standard')) assert.equal(o.eu_resident.value, 'region', o.provider_model_id);
  for (const o of bySku('priority')) {
    assert.equal(o.eu_resident.value, 'unknown', o.provider_model_id);
    assert.match(o.eu_resident.note ?? '', /names standard and batch requests, not the priority tier/);
  }
});

test('OpenAI\'s EU processing is for eligible organizations: its EU offers say so, and eu_hosting names the condition', { skip: noData }, () => {
  const ds = committed();
  // developers.openai.com/api/docs/guides/data-residency (read 2026-11-28): "Eligible organizations can enable data
  // residency when creating a project in the API Platform"; "a 10% uplift for models released on or after March 5,
  // 2026" (LiteLLM's regional_processing_uplift_multiplier_eu 1.1 on gpt-5.4): the EU SKU is `yes`, on that condition.
  const eu = ds.offers.find((o) => o.provider === 'openai' && o.provider_model_id === 'gpt-5.4' && o.region === 'eu');
  assert.equal(eu?.eu_resident.value, 'yes');
  assert.match(eu?.eu_resident.note ?? '', /on condition: an eligible organization/);
  assert.match(eu?.eu_resident.note ?? '', /"Eligible organizations can enable data residency when creating a project in the API Platform"/);
  assert.match(eu?.eu_resident.note ?? '', /eu\.api\.openai\.com/);
  // OpenAI's region is "Europe (EEA + Switzerland)" (the data controls page's Table 1): wider than the EU, the
  // condition says so in the answer's words.
  assert.match(eu?.eu_resident.note ?? '', /"Europe \(EEA \+ Switzerland\)", wider than the EU/);
  // The trust detail says OpenAI's EU offer holds on a condition; Azure's EU Data Zone SKU carries no such words.
  const c = euHosting(ds, 'gpt-5.4');
  assert.equal(c.status, 'met');
  assert.match(c.evidence.detail, /OpenAI \(yes: litellm, \d{4}-\d{2}-\d{2}, on the condition its note gives\)/);
  assert.match(c.evidence.detail, /Microsoft Azure OpenAI \/ AI Foundry \(yes: litellm, \d{4}-\d{2}-\d{2}\)/);
  // gpt-4o's standard listing: `region` from the data controls page's Table 2 (gpt-4o-2024-08-06 ... "All"); its note
  // still dates the help centre's older table by the launch post of 2025-02-05; on the same condition; so its trust detail too.
  const gpt4o = ds.offers.find((o) => o.provider === 'openai' && o.model_id === 'gpt-4o' && o.region === 'global' && o.sku === 'standard');
  assert.equal(gpt4o?.eu_resident.value, 'region');
  assert.match(gpt4o?.eu_resident.note ?? '', /2025-02-05/);
  assert.match(gpt4o?.eu_resident.note ?? '', /on condition: an eligible organization/);
  assert.match(euHosting(ds, 'gpt-4o').evidence.detail, /OpenAI \(region: offer-residency, 2026-11-29, on the condition its note gives\)/);
  // The data controls page adds, for any region other than the US: "you must be approved for abuse monitoring
  // controls, and execute a Zero Data Retention amendment": the condition says so.
  assert.match(gpt4o?.eu_resident.note ?? '', /execute a Zero Data Retention amendment/);
  // A model the table does not name (o3-pro) stays unknown, and a condition on nothing is not said.
  for (const o of ds.offers.filter((x) => x.provider === 'openai' && x.model_id === 'o3-pro' && x.region === 'global')) {
    assert.equal(o.eu_resident.value, 'unknown');
    assert.doesNotMatch(o.eu_resident.note ?? '', /on condition/);
  }
});

test('Anthropic\'s own API keeps no inference in the EU: its listings read no, quoting its data-residency page', { skip: noData }, () => {
  const ds = committed();
  // platform.claude.com/docs/en/manage-claude/data-residency (read 2026-11-28): inference_geo "global" (default: "may run
  // in any available geography") or "us" ("only in US-based infrastructure"); no EU value -> no (was unknown, no page).
  const own = ds.offers.filter((o) => o.provider === 'anthropic');
  assert.ok(own.length > 0);
  for (const o of own) {
    assert.equal(o.eu_resident.value, 'no', o.provider_model_id);
    assert.equal(o.eu_resident.evidence_page?.url, 'https://platform.claude.com/docs/en/manage-claude/data-residency');
    assert.equal(o.eu_resident.evidence_page?.read_on, '2026-11-28');
  }
  // Claude in the EU is another provider's listing: Opus 4.6 stays met through Bedrock's eu. profile.
  const c = euHosting(ds, 'claude-opus-4-6');
  assert.equal(c.status, 'met');
  assert.match(c.evidence.detail, /Amazon Bedrock/);
  assert.doesNotMatch(c.evidence.detail, /Anthropic \(/);
});

test('Google AI Studio\'s `no` quotes Google\'s page; Vertex AI is a provider of its own', { skip: noData }, () => {
  const ds = committed();
  // inference-providers.csv, google (read 2026-11-29): Firebase AI Logic, "Specify the location for accessing the
  // model", tab "Gemini Developer API": "The Gemini Developer API provides global access to models, which means your
  // request will be handled by an available model anywhere in the global pool."
  const studio = ds.providerById.get('google')!.eu_data_residency;
  assert.equal(studio.value, 'no');
  assert.equal(studio.evidence_page?.url, 'https://firebase.google.com/docs/ai-logic/locations');
  assert.match(studio.evidence_page?.quote ?? '', /anywhere in the global pool/);
  // Gemini 2.5 Pro at AI Studio and at Vertex AI are different listings: the Vertex AI one keeps its EU regions
  // (the Data residency page's EU multi-region table), the AI Studio one reads `no`.
  const gemini = (provider: string) => ds.offers.filter((o) => o.provider === provider && o.model_id === 'gemini-2.5-pro' && o.sku === 'standard');
  assert.ok(gemini('google').length > 0 && gemini('google-vertex').length > 0);
  for (const o of gemini('google')) assert.equal(o.eu_resident.value, 'no', o.provider_model_id);
  assert.ok(gemini('google-vertex').some((o) => o.eu_resident.value === 'region'));
});
