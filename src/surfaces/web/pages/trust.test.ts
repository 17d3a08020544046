// The trust page lists each EU offer with its SKU, so one provider's several products of a model are told apart.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildApp } from '../../../app.ts';
import { servedDataset, testAccess, testConfig } from '../../../../test/helpers.ts';

const { dataset } = servedDataset();
const app = buildApp({ config: testConfig(), dataset, access: testAccess(), today: () => '2026-10-01' });
after(() => app.close());

test('/trust/gpt-4o: OpenAI lists gpt-4o as batch and standard, each shown once with its SKU; not its priority tier', async () => {
  const res = await app.inject({ method: 'GET', url: '/trust/gpt-4o', headers: { accept: 'text/html' } });
  assert.equal(res.statusCode, 200);
  const items = [...res.body.matchAll(/<li>OpenAI <code>gpt-4o<\/code>\s*([^<(]*?) SKU\s*\(/g)].map((m) => m[1]);
  // data/dataset/offers.json: openai's gpt-4o offers carry sku batch, priority and standard. OpenAI's help page names
  // gpt-4o's snapshots among the models its EU residency serves, for /v1/chat/completions and /v1/batches
  // (data/curated/offer-residency.csv, skus "standard batch"): batch and standard read `region`, priority `unknown`, so
  // the priority SKU is not listed. The list is sorted by provider, region, provider model id, then SKU.
  assert.deepEqual(items, ['batch', 'standard']);
  // gpt-5 is named in OpenAI's "Data controls in the OpenAI platform" Table 2 (gpt-5-2025-08-07 for
  // /v1/chat/completions, region All; data/curated/offer-residency.csv, the openai,openai row): its OpenAI offer is
  // listed as EU-resident (region). o3-pro is not named there, so it is not listed.
  const five = await app.inject({ method: 'GET', url: '/trust/gpt-5', headers: { accept: 'text/html' } });
  assert.match(five.body, /<li>OpenAI <code>gpt-5<\/code>\s*standard SKU \(/);
  const pro = await app.inject({ method: 'GET', url: '/trust/o3-pro', headers: { accept: 'text/html' } });
  assert.doesNotMatch(pro.body, /<li>OpenAI <code>o3-pro<\/code>/);
  // Azure's EU-regional SKU says so beside its SKU name (litellm: azure eu/gpt-5-2025-08-07, sku regional, region eu).
  assert.match(five.body, /<code>eu\/gpt-5-2025-08-07<\/code>\s*regional SKU, EU region \(/);
});

test('/trust/llama-4-maverick-17b-instruct: the licence\'s EU exclusion is shown beside commercial use, with the clause', async () => {
  const res = await app.inject({ method: 'GET', url: '/trust/llama-4-maverick-17b-instruct', headers: { accept: 'text/html' } });
  assert.equal(res.statusCode, 200);
  // The Llama 4 acceptable use policy (meta-llama/llama-models models/llama4/USE_POLICY.md), data/curated/licence-territories.csv.
  assert.match(res.body, /<dt>Licence excludes<\/dt><dd>European Union:\s*<q>With respect to any multimodal models included in Llama 4, the rights granted under Section 1\(a\)/);
  const text = await app.inject({ method: 'GET', url: '/trust/llama-3.2-3b-instruct', headers: { accept: 'text/html' } });
  assert.doesNotMatch(text.body, /Licence excludes/);
});
