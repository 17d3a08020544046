// The evidence date of a price reading: when the source's own history last set it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CatalogueChange, OfferObservation } from '../sources/types.ts';
import { choosePrice } from './precedence.ts';
import { evidenceDates } from './price-dates.ts';

const change = (x: Partial<CatalogueChange> & Pick<CatalogueChange, 'source' | 'date' | 'source_model_id' | 'change' | 'field'>): CatalogueChange =>
  ({ commit: 'c', old: null, new: null, ...x });
const offer = (x: Partial<OfferObservation> & Pick<OfferObservation, 'source' | 'provider' | 'provider_model_id' | 'as_of'>): OfferObservation =>
  ({ region: 'global', ...x });

test('grok-4.20: LiteLLM\'s launch price in a newer snapshot loses to the price models.dev changed and genai-prices checked later', () => {
  // models.dev history: providers/xai/models/grok-4.20-0309-reasoning.toml cost.input 2 -> 1.25 on 2026-05-20.
  // LiteLLM history: the key xai/grok-4.20-0309-reasoning added 2026-03-10 at 2/6, never changed; snapshot 2026-07-24.
  // genai-prices: 1.25, prices_checked 2026-06-09 (its own date, not re-dated by any history).
  const evidence = evidenceDates([
    change({ source: 'litellm', date: '2025-02-06', source_model_id: 'openai/gpt-4o', change: 'changed', field: 'input' }),
    change({ source: 'litellm', date: '2026-03-10', provider: 'xai', source_model_id: 'xai/grok-4.20-0309-reasoning', change: 'added', field: 'offered' }),
    change({ source: 'models-dev', date: '2025-06-04', provider: 'openai', source_model_id: 'openai/gpt-4o', change: 'changed', field: 'input' }),
    change({ source: 'models-dev', date: '2026-05-20', provider: 'xai', source_model_id: 'xai/grok-4.20-0309-reasoning', change: 'changed', field: 'input' }),
  ]);
  const litellm = offer({ source: 'litellm', provider: 'xai', provider_model_id: 'grok-4.20-0309-reasoning', as_of: '2026-07-24', input: 2 });
  const modelsDev = offer({ source: 'models-dev', provider: 'xai', provider_model_id: 'grok-4.20-0309-reasoning', as_of: '2026-07-02', input: 1.25 });
  const genai = offer({ source: 'genai-prices', provider: 'xai', provider_model_id: 'grok-4.20-0309-reasoning', as_of: '2026-06-09', input: 1.25 });
  assert.equal(evidence(litellm, 'input'), '2026-03-10');
  assert.equal(evidence(modelsDev, 'input'), '2026-05-20');
  assert.equal(evidence(genai, 'input'), '2026-06-09');
  const readings = [litellm, modelsDev, genai].map((o) => ({ value: o.input!, source: o.source, as_of: o.as_of, evidence: evidence(o, 'input') }));
  const chosen = choosePrice(readings, undefined).fact!;
  assert.deepEqual([chosen.value, chosen.source, chosen.as_of], [1.25, 'genai-prices', '2026-06-09']);
  assert.deepEqual(chosen.conflicts?.map((c) => [c.source, c.value]), [['litellm', 2]]);
  // A listing the history never touched dates from the history's first day: before any later check.
  assert.equal(evidence(offer({ source: 'litellm', provider: 'acme', provider_model_id: 'old', as_of: '2026-07-24' }), 'input'), '2025-02-06');
});
