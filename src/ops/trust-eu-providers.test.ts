// get_trust_profile counts the providers that host a model in the EU beside the offers: Mistral lists Mistral Large 3
// under three ids, so "4 EU-resident offers" read as four places to host it where there are two.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { get_trust_profile } from './get-trust-profile.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const shipped = existsSync(`${DEFAULT_DATA_DIR}/models.json`);
const ds = shipped ? committedDataset() : null;

test('Mistral Large 3: four EU-resident offers, two providers (cortecs, and Mistral under three ids)', { skip: !shipped }, () => {
  const r = get_trust_profile.handler(ds!, get_trust_profile.input.parse({ model_id: 'mistral-large-2512' }), { today: '2026-11-27' }) as any;
  // Mistral's own API serves mistral-large-2512, its alias mistral-large-latest and mistral-large-3 (models.dev's
  // mistral provider files), all in its EU region (inference-providers.csv: "Process requests in the EU or..."); cortecs
  // counts as EU regions to choose (`region`): its page's default is "within Europe", and only its Sovereign Cloud
  // setting restricts routing to "providers based and regulated within the EU" (docs.cortecs.ai/security-and-compliance).
  assert.deepEqual(r.compliance.eu_offers.map((o: { provider: string; provider_model_id: string }) => `${o.provider}/${o.provider_model_id}`),
    ['cortecs/mistral-large-2512', 'mistral/mistral-large-2512', 'mistral/mistral-large-3', 'mistral/mistral-large-latest']);
  assert.equal(r.compliance.offers.eu_resident, 4);
  assert.equal(r.compliance.offers.eu_resident_providers, 2);
});
