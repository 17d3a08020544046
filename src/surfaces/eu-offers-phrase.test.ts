// Tests of the EU offers phrase the trust page and the MCP text share.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { euOffersPhrase } from './eu-offers-phrase.ts';

test('served in the EU, EU regions to choose and EU regions on conditions are said apart', () => {
  // gpt-5: Azure's EU listing (yes) and OpenAI's two listings for eligible organisations (region on condition).
  assert.equal(euOffersPhrase({ total: 39, eu_resident: 3, eu_resident_providers: 2, eu_resident_yes: 1, eu_region: 2, eu_region_on_condition: 2 }),
    '1 EU-resident, 2 in an EU region on conditions, of 39 offers, at 2 providers');
  // Bedrock's EU regions are the customer's choice, with no condition of eligibility.
  assert.equal(euOffersPhrase({ total: 8, eu_resident: 2, eu_resident_providers: 1, eu_resident_yes: 1, eu_region: 1, eu_region_on_condition: 0 }),
    '1 EU-resident, 1 in an EU region to choose, of 8 offers, at 1 provider');
  assert.equal(euOffersPhrase({ total: 5, eu_resident: 3, eu_resident_providers: 3, eu_resident_yes: 0, eu_region: 3, eu_region_on_condition: 1 }),
    '0 EU-resident, 3 in an EU region to choose (1 of them on conditions), of 5 offers');
});

test('no counts, no phrase; an answer without the split keeps the combined count', () => {
  assert.equal(euOffersPhrase(undefined), undefined);
  assert.equal(euOffersPhrase({ total: 'x' }), undefined);
  assert.equal(euOffersPhrase({ total: 1, eu_resident: 1 }), '1 EU-resident of 1 offer');
});
