// compare_models' release row says a bound as a member (`bound`), on REST and MCP alike, and the compare page shows
// the bound words the model page shows, never a bounded day as if it were the release.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mcpCall, servedDataset, testApp } from './helpers.ts';

const { dataset } = servedDataset();
const app = testApp({ dataset, today: () => '2026-10-01' });
after(() => app.close());
// Expected values from data/curated/developer-releases.csv: hy3 on or after 2026-07-06 (Tencent's README "Today, we
// are launching Hy3", first committed that day); llama-3.1-nemotron-70b-instruct on or before 2024-10-24 (NVIDIA's card:
// "As of Oct 24th, 2024 the model has Elo Score of 1267"); qwq-32b 2025-03-06 (Qwen's post of that day, no bound).
const MODELS = 'hy3,llama-3.1-nemotron-70b-instruct,qwq-32b';
const EXPECTED = [
  { model_id: 'hy3', value: '2026-07-06', bound: 'on_or_after' },
  { model_id: 'llama-3.1-nemotron-70b-instruct', value: '2024-10-24', bound: 'on_or_before' },
  { model_id: 'qwq-32b', value: '2025-03-06', bound: undefined },
];
const releaseRow = (body: any) => body.rows.find((r: any) => r.field === 'release_date');
const read = (row: any) => row.values.map((v: any) => ({ model_id: v.model_id, value: v.value, bound: v.bound }));

test('REST /compare: the release row carries each value\'s bound; a day has none', async () => {
  const r = await app.inject({ url: `/api/v1/compare?models=${MODELS}` });
  assert.equal(r.statusCode, 200);
  assert.deepEqual(read(releaseRow(r.json())), EXPECTED);
});

test('MCP compare_models: the same bound members as REST', async () => {
  assert.deepEqual(read(releaseRow((await mcpCall(app, 'compare_models', { models: MODELS.split(',') })).structuredContent)), EXPECTED);
});

test('/compare page: a bounded release reads "on or before" / "on or after"; a day reads as the day', async () => {
  const r = await app.inject({ url: `/compare?models=${MODELS}`, headers: { accept: 'text/html' } });
  assert.equal(r.statusCode, 200);
  const row = /<th scope="row"[^>]*>Release date<\/th>([\s\S]*?)<\/tr>/.exec(r.body)?.[1] ?? '';
  const cells = [...row.matchAll(/<td[^>]*>([^<]*)/g)].map((m) => m[1].trim());
  assert.deepEqual(cells, ['on or after 2026-07-06', 'on or before 2024-10-24', '2025-03-06']);
});
