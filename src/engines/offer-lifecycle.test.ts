import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Model, Offer } from '../schema/index.ts';
import { isDeprecatedModel, isShutDownOffer, retiredText } from './offer-lifecycle.ts';

// Rows of /work/shared/data/sources/deprecations-rss/deprecations.json (shared/data snapshot), read as ingested:
// AWS Bedrock, model_id anthropic.claude-opus-4-1-20250805-v1:0: deprecation_date 2026-07-08 (legacy),
// shutdown_date 2027-01-08, first_observed 2026-07-09.
const opus41 = {
  provider: 'amazon-bedrock', provider_model_id: 'anthropic.claude-opus-4-1-20250805-v1:0',
  status: { value: 'deprecated', source: 'deprecations-rss', as_of: '2026-07-09' },
  deprecation_date: { value: '2026-07-08', source: 'deprecations-rss', as_of: '2026-07-09' },
  shutdown_date: { value: '2027-01-08', source: 'deprecations-rss', as_of: '2026-07-09' },
} as unknown as Offer;

test('a legacy listing is served until its stated end of life, shut down on and after it', () => {
  assert.equal(isShutDownOffer(opus41, '2026-09-23'), false); // the dataset's date: legacy, still sold
  assert.equal(isShutDownOffer(opus41, '2027-01-07'), false);
  assert.equal(isShutDownOffer(opus41, '2027-01-08'), true); // the end-of-life day itself
  assert.equal(isShutDownOffer(opus41, '2027-03-01'), true);
});

test('a listing marked retired with no date is shut down; an unmarked one with no date is served', () => {
  const { shutdown_date: _s, ...undated } = opus41 as unknown as Record<string, unknown>;
  assert.equal(isShutDownOffer(undated as unknown as Offer, '2026-09-23'), true);
  const { status: _t, ...plain } = undated;
  assert.equal(isShutDownOffer(plain as unknown as Offer, '2026-09-23'), false);
});

// deprecations-rss (OpenAI): o3-2025-04-16 deprecated 2026-06-11, shutdown 2026-12-11, first observed 2026-07-23.
const o3 = {
  id: 'o3',
  status: { value: 'deprecated', source: 'deprecations-rss', as_of: '2026-07-23' },
  deprecation_date: { value: '2026-06-11', source: 'deprecations-rss', as_of: '2026-07-23' },
  shutdown_date: { value: '2026-12-11', source: 'deprecations-rss', as_of: '2026-07-23' },
} as unknown as Model;

test('a model whose deprecation is announced is served until its shutdown date, and never called retired before it', () => {
  assert.equal(isDeprecatedModel(o3, '2026-11-27'), false); // the load day: announced, still served
  assert.equal(retiredText(o3, '2026-11-27'), 'deprecated, scheduled to shut down on 2026-12-11 (deprecations-rss); served until then');
  assert.equal(isDeprecatedModel(o3, '2026-12-11'), true);
  assert.equal(retiredText(o3, '2026-12-11'), 'shut down on 2026-12-11 (deprecations-rss)');
  const { shutdown_date: _s, ...undated } = o3 as unknown as Record<string, unknown>;
  assert.equal(isDeprecatedModel(undated as unknown as Model, '2026-11-27'), true); // marked deprecated, no date given
});

test('a bare deprecated with no date reads as retired by its source\'s word, never as an announcement', () => {
  // models.dev's Mistral file providers/scaleway/models/devstral-2-123b-instruct-2512.toml (snapshot f3fc692 of
  // 2026-07-02): status "deprecated", no date. models.dev's README: "deprecated - Indicate the model is no longer served
  // by the provider's public API" (data/curated/deprecation-readings.csv).
  const scaleway = { status: { value: 'deprecated', source: 'models-dev', as_of: '2026-07-02' } } as unknown as Offer;
  assert.equal(isShutDownOffer(scaleway, '2026-09-23'), true);
  assert.equal(retiredText(scaleway, '2026-09-23'), 'retired with no shutdown date given (models-dev\'s `deprecated`, read 2026-07-02)');
  // Mistral's own listing, dated by Mistral's record (devstral-2-25-12.ts: retirementDate '2026-07-31'): the day is said.
  const own = { ...scaleway, shutdown_date: { value: '2026-07-31', source: 'developer-notices', as_of: '2026-11-30' } } as unknown as Offer;
  assert.equal(retiredText(own, '2026-09-23'), 'shut down on 2026-07-31 (developer-notices)');
});
