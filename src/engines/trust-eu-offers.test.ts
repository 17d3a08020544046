// Tests of how a trust profile counts and names EU offers: served in the EU apart from EU regions (some on a
// provider's conditions), shut-down EU listings named where criterion 4 is not met, and FMTI's own questions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aDeveloper, aModel, anOffer, aProvider, aSource, f } from '../dataset/fixtures.ts';
import type { Model } from '../schema/index.ts';
import { trustProfile } from './trust.ts';

function profile(parts: Parameters<typeof aDataset>[0], model: Partial<Model> = {}) {
  const sources = [aSource(), ...['offer-residency', 'deprecations-rss', 'fmti', 'inference-providers'].map((id) => aSource({ id }))];
  const ds = aDataset({ models: [aModel({ id: 'm', ...model })], sources, ...parts });
  return trustProfile(ds, ds.modelById.get('m')!);
}
const criterion = (p: ReturnType<typeof trustProfile>, id: string) => p.criteria.find((c) => c.id === id)!;

test('EU offers are counted as served in the EU apart from EU regions, and regions on a condition apart again', () => {
  // gpt-5's shape: one Azure listing served in the EU (yes), two OpenAI listings with EU processing only for an
  // eligible organisation (region, the offer-residency rule's "; on condition: " in the note), one US listing.
  const onCondition = { ...f('region' as const, 'offer-residency', '2026-07-29'), note: 'EU processing; on condition: An eligible organization' };
  const p = profile({
    offers: [
      anOffer({ model_id: 'm', provider: 'azure', provider_model_id: 'azure/eu/m', eu_resident: f('yes' as const) }),
      anOffer({ model_id: 'm', provider: 'openai', provider_model_id: 'm', eu_resident: onCondition }),
      anOffer({ model_id: 'm', provider: 'openai', provider_model_id: 'm-2025', eu_resident: onCondition }),
      anOffer({ model_id: 'm', provider: 'bedrock', provider_model_id: 'acme.m', eu_resident: f('region' as const) }),
      anOffer({ model_id: 'm', provider: 'groq', provider_model_id: 'm-us', eu_resident: f('no' as const) }),
    ],
  });
  // By hand: 4 EU offers (1 yes + 3 region) at 3 providers; of the 3 region, 2 carry the condition; 0 unknown.
  assert.deepEqual(p.compliance.offers, {
    total: 5, eu_resident: 4, eu_resident_providers: 3, residency_unknown: 0, eu_resident_yes: 1, eu_region: 3, eu_region_on_condition: 2,
  });
  assert.equal(criterion(p, 'eu_hosting').status, 'met', 'the rule of criterion 4 is unchanged: region counts');
});

test('an EU-regional SKU counts as served in the EU, whatever the provider row says', () => {
  const p = profile({ offers: [anOffer({ model_id: 'm', provider: 'openai', region: 'eu', eu_resident: f('region' as const) })] });
  assert.deepEqual([p.compliance.offers.eu_resident_yes, p.compliance.offers.eu_region], [1, 0]);
});

test('criterion 4 not met names the EU offers it left out as shut down, with the day and its source', () => {
  // claude-sonnet-4-0's shape: Bedrock's eu. listing shut down on 2026-10-14 (deprecations-rss); the one listing still
  // served has no established residency. The fixture dataset is dated 2026-08-01, so the shutdown is set before it.
  const p = profile({
    providers: [aProvider({ id: 'amazon-bedrock', name: 'Amazon Bedrock' })],
    offers: [
      anOffer({ model_id: 'm', provider: 'amazon-bedrock', provider_model_id: 'eu.acme.m', region: 'eu', eu_resident: f('yes' as const),
        status: f('deprecated' as const, 'deprecations-rss'), shutdown_date: f('2026-07-14', 'deprecations-rss') }),
      anOffer({ model_id: 'm', provider: 'vertex', provider_model_id: 'm@1' }),
    ],
  });
  const c = criterion(p, 'eu_hosting');
  assert.equal(c.status, 'unknown');
  assert.equal(c.evidence.detail, 'none of the 1 offers still served is known to be EU-resident; the residency of 1 is not established; '
    + 'left out as shut down by 2026-08-01: the EU offer Amazon Bedrock eu.acme.m (yes; shut down on 2026-07-14, deprecations-rss)');
  assert.equal(p.compliance.offers.eu_resident, 0, 'a shut-down listing is not counted');
});

test("FMTI criteria quote the indicator's question; 13 and 14 say the provider's terms on API data answer another one", () => {
  // OpenAI's shape: 0 on "Usage data used in training", while its own API page says API data is not used to train.
  const page = { url: 'https://developers.openai.com/api/docs/guides/your-data', quote: 'not used to train', read_on: '2026-07-29' };
  const p = profile({
    developers: [aDeveloper({ id: 'acme', name: 'Acme', fmti_indicators: {
      'Usage data used in training': f({ score: 0 as const }, 'fmti', '2025-12-09'),
      'Data retention and deletion policy': f({ score: 1 as const }, 'fmti', '2025-12-09'),
    } })],
    providers: [aProvider({ id: 'acme', name: 'Acme API', no_training: { ...f('yes' as const, 'inference-providers', '2026-07-29'), evidence_page: page } })],
  });
  const c13 = criterion(p, 'usage_data_policy_disclosed');
  assert.equal(c13.status, 'not_met');
  assert.equal(c13.title, 'Sources of usage data used in training disclosed');
  // The question is FMTI's Definition column, word for word (data/sources/fmti/Dec2025/Dec2025_indicators.csv.gz).
  assert.ok(c13.evidence.detail.includes('which asks "What are the top-5 sources (by volume) of usage data from the developer\'s products '
    + 'and services that are used for building the model?"'), c13.evidence.detail);
  assert.ok(c13.evidence.detail.includes('not the same question as whether its API data is used to train models: Acme API\'s own terms '
    + `answer that (no_training yes: inference-providers, 2026-07-29, ${page.url})`), c13.evidence.detail);
  // No retention terms quoted for this provider: criterion 14 says FMTI's question and nothing about API data.
  const c14 = criterion(p, 'retention_policy_disclosed');
  assert.match(c14.evidence.detail, /removing particular data from the training set/);
  assert.doesNotMatch(c14.evidence.detail, /not the same question/);
  assert.equal(criterion(p, 'training_data_disclosed').title, 'Data acquisition methods disclosed');
});
