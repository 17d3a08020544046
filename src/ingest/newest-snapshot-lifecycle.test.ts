// Tests of the rule that gives the developer's undated id the announced shutdown of the newest dated snapshot it calls.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OfferObservation } from '../sources/types.ts';
import { buildOffers, type OfferNotice } from './build-offers.ts';

const obs = (o: Partial<OfferObservation> & Pick<OfferObservation, 'provider_model_id'>): OfferObservation =>
  ({ source: 'genai-prices', provider: 'openai', region: 'global', as_of: '2026-07-24', input: 1.25, output: 10, ...o });

// /work/shared/data/sources/deprecations-rss/deprecations.json: OpenAI, gpt-5-2025-08-07, deprecation_date 2026-06-11,
// shutdown_date 2026-12-11, replacement gpt-5.6-sol, last_observed 2026-07-23: `deprecated`, its deprecation date read
// passed (src/sources/deprecations-rss.ts).
const NOTICE: OfferNotice = {
  source: 'deprecations-rss', provider: 'openai', model_id: 'gpt-5', source_model_id: 'gpt-5-2025-08-07', as_of: '2026-07-23', status: 'deprecated',
  deprecation_date: '2026-06-11', shutdown_date: '2026-12-11', replacement: 'gpt-5.6-sol',
};
const build = (list: OfferObservation[], notices = [NOTICE], vendor = 'openai') =>
  buildOffers(list, () => 'gpt-5', new Map(), { vendorOf: () => vendor, notices }).offers;

test("OpenAI's gpt-5 takes the 2026-12-11 shutdown its notice gives gpt-5-2025-08-07, the only dated snapshot it calls", () => {
  const offers = build([obs({ provider_model_id: 'gpt-5' }), obs({ provider_model_id: 'gpt-5-2025-08-07' })]);
  const bare = offers.find((o) => o.provider_model_id === 'gpt-5')!;
  assert.deepEqual(bare.shutdown_date, { value: '2026-12-11', as_of: '2026-07-23', source: 'deprecations-rss' });
  assert.deepEqual(bare.deprecation_date, { value: '2026-06-11', as_of: '2026-07-23', source: 'deprecations-rss' });
  assert.equal(bare.replacement?.value, 'gpt-5.6-sol');
  assert.equal(bare.status?.value, 'deprecated');
  assert.match(bare.status!.note!, /openai's gpt-5-2025-08-07, the newest dated snapshot this id calls$/);
});

test('a newer snapshot still served, a reseller, or an id with its own word: the undated id keeps its own lifecycle', () => {
  const newer = build([obs({ provider_model_id: 'gpt-5' }), obs({ provider_model_id: 'gpt-5-2025-08-07' }),
    obs({ provider_model_id: 'gpt-5-2026-01-15' })]);
  assert.equal(newer.find((o) => o.provider_model_id === 'gpt-5')!.shutdown_date, undefined);
  // A reseller's listing of the bare id (its own provider, not the developer) is not the developer's pointer.
  const resold = build([obs({ provider: 'openrouter', provider_model_id: 'gpt-5' }), obs({ provider: 'openrouter', provider_model_id: 'gpt-5-2025-08-07' })],
    [{ ...NOTICE, provider: 'openrouter' }]);
  assert.equal(resold.find((o) => o.provider_model_id === 'gpt-5')!.shutdown_date, undefined);
  // The bare id's own notice (gpt-audio-mini at OpenAI: 2027-01-20) stands.
  const own = build([obs({ provider_model_id: 'gpt-5' }), obs({ provider_model_id: 'gpt-5-2025-08-07' })],
    [NOTICE, { ...NOTICE, source_model_id: 'gpt-5', shutdown_date: '2027-01-20', deprecation_date: undefined, status: undefined }]);
  assert.equal(own.find((o) => o.provider_model_id === 'gpt-5')!.shutdown_date?.value, '2027-01-20');
});
