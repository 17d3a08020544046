// Contract: on the committed dataset, an Amazon Bedrock EU listing says where it stays in the EU: an eu. cross-Region
// profile routes only to EU Regions when called from one, and may route to London, Zurich or Tel Aviv when called there.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { get_trust_profile } from '../src/ops/get-trust-profile.ts';
import { committedDataset } from './committed-dataset.ts';

const noData = !existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json')) && 'no committed dataset';

test('a Bedrock eu. profile is EU-resident on the condition of an EU source Region, said in its note and trust detail', { skip: noData }, () => {
  const ds = committedDataset();
  // AWS, "Supported Regions and models for inference profiles" (read 2026-11-29): EU Anthropic Claude Sonnet 4.5, source
  // eu-central-1 -> eu-central-1, eu-north-1, eu-south-1, eu-south-2, eu-west-1, eu-west-3 (all EU); source eu-west-2 ->
  // the same and eu-west-2 (London); source eu-central-2 -> the same and eu-central-2 (Zurich).
  const eu = ds.offers.filter((o) => o.provider === 'amazon-bedrock' && o.region === 'eu');
  assert.ok(eu.length > 0);
  for (const o of eu) {
    assert.equal(o.eu_resident.value, 'yes', o.provider_model_id);
    assert.match(o.eu_resident.note ?? '', /on condition: the request made in an EU Region/, o.provider_model_id);
    assert.match(o.eu_resident.note ?? '', /eu-west-2 is London and eu-central-2 Zurich, outside the EU/, o.provider_model_id);
  }
  const sonnet = eu.find((o) => o.provider_model_id.startsWith('eu.anthropic.claude-sonnet-4-5'));
  assert.ok(sonnet, 'eu.anthropic.claude-sonnet-4-5 is listed');
  const detail = (get_trust_profile.handler(ds, get_trust_profile.input.parse({ model_id: sonnet.model_id }), { today: '2026-11-29' }) as any)
    .criteria.find((c: any) => c.id === 'eu_hosting').evidence.detail as string;
  assert.match(detail, /Amazon Bedrock \(yes: [a-z-]+, \d{4}-\d{2}-\d{2}, on the condition its note gives\)/);
});
