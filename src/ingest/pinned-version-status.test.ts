// Tests of the rule that gives an unpinned Vertex id and a batch SKU the status a source gives their pinned version.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OfferObservation } from '../sources/types.ts';
import { buildOffers } from './build-offers.ts';

const obs = (o: Partial<OfferObservation> & Pick<OfferObservation, 'source' | 'provider_model_id'>): OfferObservation =>
  ({ provider: 'google-vertex', region: 'global', as_of: '2026-07-24', ...o });

// models.dev 2026-07-02, providers/google-vertex/models/claude-opus-4-1@20250805.toml: status = "deprecated", cost 15/75
// (set 2026-06-08, e696b33e0f). LiteLLM 2026-07-24: vertex_ai/claude-opus-4-1 and vertex_ai/claude-opus-4-1@20250805 at
// 1.5e-05/7.5e-05 per token with no deprecation_date, and a batch price of each at half (7.5/37.5).
const OPUS_41 = [
  obs({ source: 'models-dev', provider_model_id: 'claude-opus-4-1@20250805', input: 15, output: 75, status: 'deprecated', as_of: '2026-07-02' }),
  obs({ source: 'litellm', provider_model_id: 'claude-opus-4-1@20250805', input: 15, output: 75 }),
  obs({ source: 'litellm', provider_model_id: 'claude-opus-4-1', input: 15, output: 75 }),
  obs({ source: 'litellm', provider_model_id: 'claude-opus-4-1', sku: 'batch', input: 7.5, output: 37.5 }),
  obs({ source: 'litellm', provider_model_id: 'claude-opus-4-1@20250805', sku: 'batch', input: 7.5, output: 37.5 }),
];

test("Vertex's Claude Opus 4.1: the unpinned id and the batch SKUs take models.dev's deprecated of the only pinned version", () => {
  const { offers } = buildOffers(OPUS_41, () => 'claude-opus-4-1', new Map());
  assert.equal(offers.length, 4);
  for (const o of offers) {
    assert.equal(o.status?.value, 'deprecated', `${o.provider_model_id} ${o.sku}`);
    assert.equal(o.status?.source, 'models-dev');
    assert.equal(o.status?.as_of, '2026-07-02');
  }
  const bare = offers.find((o) => o.provider_model_id === 'claude-opus-4-1' && o.sku === 'standard')!;
  assert.equal(bare.status!.note, "the status models-dev gives google-vertex's claude-opus-4-1@20250805, the only version this id pins there");
  const batch = offers.find((o) => o.provider_model_id === 'claude-opus-4-1@20250805' && o.sku === 'batch')!;
  assert.equal(batch.status!.note, "the status models-dev gives google-vertex's claude-opus-4-1@20250805, the same listing at its standard SKU");
});

test('two pinned versions, or another provider, or no status of a source: the unpinned id keeps its own (none)', () => {
  const two = buildOffers([
    obs({ source: 'models-dev', provider_model_id: 'm@20250101', input: 1, output: 2, status: 'deprecated' }),
    obs({ source: 'models-dev', provider_model_id: 'm@20250601', input: 1, output: 2 }),
    obs({ source: 'litellm', provider_model_id: 'm', input: 1, output: 2 }),
  ], () => 'm', new Map()).offers.find((o) => o.provider_model_id === 'm')!;
  assert.equal(two.status, undefined, 'the unpinned id may call either version');
  const apart = buildOffers([
    obs({ source: 'models-dev', provider: 'other', provider_model_id: 'm@20250101', input: 1, output: 2, status: 'deprecated' }),
    obs({ source: 'litellm', provider_model_id: 'm', input: 1, output: 2 }),
  ], () => 'm', new Map()).offers.find((o) => o.provider === 'google-vertex')!;
  assert.equal(apart.status, undefined);
  // A dated id without `@` (Azure's gpt-4.1-2025-04-14) is a deployment of its own, not a pin of the bare name.
  const dated = buildOffers([
    obs({ source: 'models-dev', provider: 'azure', provider_model_id: 'm-2025-04-14', input: 1, output: 2, status: 'deprecated' }),
    obs({ source: 'litellm', provider: 'azure', provider_model_id: 'm', input: 1, output: 2 }),
  ], () => 'm', new Map()).offers.find((o) => o.provider_model_id === 'm')!;
  assert.equal(dated.status, undefined);
});
