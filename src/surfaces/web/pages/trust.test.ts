// The trust page lists each EU offer with its SKU, so one provider's several products of a model are told apart.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildApp } from '../../../app.ts';
import { servedDataset, testAccess, testConfig } from '../../../../test/helpers.ts';

const { dataset } = servedDataset();
const app = buildApp({ config: testConfig(), dataset, access: testAccess(), today: () => '2026-10-01' });
after(() => app.close());

test('/trust/gpt-5: OpenAI lists gpt-5 as flex, priority and standard, each shown once with its SKU', async () => {
  const res = await app.inject({ method: 'GET', url: '/trust/gpt-5', headers: { accept: 'text/html' } });
  assert.equal(res.statusCode, 200);
  const items = [...res.body.matchAll(/<li>OpenAI <code>gpt-5<\/code>\s*([^<(]*?) SKU\s*\(/g)].map((m) => m[1]);
  // data/dataset/offers.json: openai's gpt-5 offers carry sku flex, priority and standard (source inference-providers),
  // all EU residency `region`; the list is sorted by provider, region, provider model id, then SKU.
  assert.deepEqual(items, ['flex', 'priority', 'standard']);
  // Azure's EU-regional SKU says so beside its SKU name (litellm: azure eu/gpt-5-2025-08-07, sku regional, region eu).
  assert.match(res.body, /<code>eu\/gpt-5-2025-08-07<\/code>\s*regional SKU, EU region \(/);
});
