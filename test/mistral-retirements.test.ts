// Mistral's retirements read on its own model pages: the retired listings are retired offers, open weights stay active.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cheapest_for } from '../src/ops/cheapest-for.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const mistralOffers = (id: string) => (ds.offersByModel.get(id) ?? []).filter((o) => o.provider === 'mistral');

test('Mistral Medium 1.0 is retired: deprecated 2024-11-30, shut down 2025-06-16, replaced by Mistral Medium 3.5', () => {
  // https://docs.mistral.ai/models/mistral-medium-1-0-23-12: "API names: mistral-medium-2312", "Status: Retired",
  // "Deprecation date: 2024-11-30", "Retirement date: 2025-06-16", "Replacement: Mistral Medium 3.5".
  const m = ds.modelById.get('mistral-medium-2312')!;
  assert.equal(m.status?.value, 'deprecated');
  assert.equal(m.shutdown_date?.value, '2025-06-16');
  assert.equal(m.replacement?.value, 'mistral-medium-2604');
  const offers = mistralOffers('mistral-medium-2312');
  assert.ok(offers.length > 0 && offers.every((o) => o.status?.value === 'deprecated'));
});

test("Pixtral Large's Mistral listings are retired on 2026-05-31; the open-weights model is not", () => {
  // https://docs.mistral.ai/models/pixtral-large-24-11: "API names: pixtral-large-2411, pixtral-large-latest",
  // "Deprecation date: 2026-02-27", "Retirement date: 2026-05-31"; "Open weights: ... Pixtral-Large-Instruct-2411".
  const offers = mistralOffers('pixtral-large-latest');
  assert.deepEqual(offers.map((o) => o.provider_model_id).sort(), ['pixtral-large', 'pixtral-large-2411', 'pixtral-large-latest']);
  for (const o of offers) {
    assert.equal(o.status?.value, 'deprecated', o.provider_model_id);
    assert.equal(o.shutdown_date?.value, '2026-05-31', o.provider_model_id);
  }
  assert.notEqual(ds.modelById.get('pixtral-large-latest')!.status?.value, 'deprecated');
});

/** Mistral's model records behind docs.mistral.ai/models/<slug> (github.com/mistralai/platform-docs-public, commit 222f4ba9, src/schema/models/models/). */
const RETIRED: Array<{ model: string; listings: string[]; deprecated: string; shutdown: string; replacement: string; openWeights: boolean }> = [
  // mistral-7b-0-3.ts: apiNames ['open-mistral-7b'], status 'Retired', 2024-11-30 / 2025-03-30, replacement 'Ministral 3 8B'; Apache 2.0 weights.
  { model: 'mistral-7b', listings: ['mistral-7b', 'open-mistral-7b'], deprecated: '2024-11-30', shutdown: '2025-03-30', replacement: 'ministral-8b-2512', openWeights: true },
  // mixtral-8x7b-0-1.ts: apiNames ['open-mixtral-8x7b'], 'Retired', 2024-11-30 / 2025-03-30, 'Mistral Small 4'; Apache 2.0 weights.
  { model: 'mixtral-8x7b', listings: ['mixtral-8x7b', 'open-mixtral-8x7b'], deprecated: '2024-11-30', shutdown: '2025-03-30', replacement: 'mistral-small-2603', openWeights: true },
  // mixtral-8x22b-0-1-0-3.ts: apiNames ['open-mixtral-8x22b'], 'Retired', 2024-11-30 / 2025-03-30, 'Mistral Small 4'.
  { model: 'mixtral-8x22b', listings: ['open-mixtral-8x22b'], deprecated: '2024-11-30', shutdown: '2025-03-30', replacement: 'mistral-small-2603', openWeights: true },
  // mistral-large-1-0-24-02.ts: apiNames ['mistral-large-2402'], 'Retired', 2024-11-30 / 2025-06-16, 'Mistral Large 3'; type 'Premier', no weights.
  { model: 'mistral-large-2402', listings: ['mistral-large-2402'], deprecated: '2024-11-30', shutdown: '2025-06-16', replacement: 'mistral-large-2512', openWeights: false },
  // pixtral-12b-24-09.ts: apiNames ['pixtral-12b-2409'], 2025-12-02 / 2025-12-31, 'Ministral 3 14B'; Apache 2.0 weights.
  { model: 'pixtral-12b', listings: ['pixtral-12b', 'pixtral-12b-2409'], deprecated: '2025-12-02', shutdown: '2025-12-31', replacement: 'ministral-14b-2512', openWeights: true },
  // ministral-8b-24-1.ts: apiNames ['ministral-8b-2410'], 2025-12-02 / 2025-12-31, 'Ministral 3 8B'; MRL weights.
  { model: 'ministral-8b-2410', listings: ['ministral-8b'], deprecated: '2025-12-02', shutdown: '2025-12-31', replacement: 'ministral-8b-2512', openWeights: true },
  // mistral-nemo-12b-24-07.ts: apiNames ['open-mistral-nemo-2407', 'open-mistral-nemo'], 2026-05-22 / 2026-07-31, 'Ministral 3 8B'.
  { model: 'mistral-nemo', listings: ['mistral-nemo', 'open-mistral-nemo', 'open-mistral-nemo-2407'], deprecated: '2026-05-22', shutdown: '2026-07-31',
    replacement: 'ministral-8b-2512', openWeights: true },
  // mistral-large-2-1-24-11.ts: apiNames ['mistral-large-2411'], 2026-02-27 / 2026-05-31, 'Mistral Medium 3.5'; MRL weights.
  { model: 'mistral-large-2411', listings: ['mistral-large-2411'], deprecated: '2026-02-27', shutdown: '2026-05-31', replacement: 'mistral-medium-2604', openWeights: true },
  // mistral-small-3-2-25-06.ts: apiNames ['mistral-small-2506'], 2026-04-30 / 2026-07-31, 'Mistral Small 4'; Apache 2.0 weights.
  { model: 'mistral-small-2506', listings: ['mistral-small-2506', 'mistral-small-3-2-2506'], deprecated: '2026-04-30', shutdown: '2026-07-31',
    replacement: 'mistral-small-2603', openWeights: true },
  // magistral-medium-1-0-25-06.ts: apiNames ['magistral-medium-2506'], 'Retired', 2025-10-31 / 2025-11-30, 'Mistral Medium 3.5'; 'Premier'.
  { model: 'magistral-medium-2506', listings: ['magistral-medium-2506'], deprecated: '2025-10-31', shutdown: '2025-11-30', replacement: 'mistral-medium-2604', openWeights: false },
  // magistral-small-1-0-25-06.ts: apiNames ['magistral-small-2506'], 'Retired', 2025-10-31 / 2025-11-30, 'Mistral Small 4'; Apache 2.0 weights.
  { model: 'magistral-small-2506', listings: ['magistral-small-2506'], deprecated: '2025-10-31', shutdown: '2025-11-30', replacement: 'mistral-small-2603', openWeights: true },
  // magistral-medium-1-2-25-09.ts: apiNames ['magistral-medium-2509', 'magistral-medium-latest'], 2026-05-22 / 2026-07-31; 'Premier'.
  { model: 'magistral-medium-latest', listings: ['magistral-medium', 'magistral-medium-latest'], deprecated: '2026-05-22', shutdown: '2026-07-31',
    replacement: 'mistral-medium-2604', openWeights: false },
  // magistral-small-1-2-25-09.ts: apiNames ['magistral-small-2509', 'magistral-small-latest'], 'April 30, 2026' / 'July 31, 2026'.
  // The pointer names no weights of its own (Magistral-Small-2509 is magistral-small-1-2-2509's): it retires with its API name.
  { model: 'magistral-small-latest', listings: ['magistral-small', 'magistral-small-latest'], deprecated: '2026-04-30', shutdown: '2026-07-31',
    replacement: 'mistral-small-2603', openWeights: false },
  // mistral-large-2-0-24-07.ts: apiNames ['mistral-large-2407'], 'Retired', 2024-11-30 / 2025-03-30, 'Mistral Large 3'; MRL weights
  // (https://huggingface.co/mistralai/Mistral-Large-Instruct-2407).
  { model: 'mistral-large-2407', listings: ['mistral-large-2407'], deprecated: '2024-11-30', shutdown: '2025-03-30', replacement: 'mistral-large-2512', openWeights: true },
  // codestral-24-05.ts: apiNames ['codestral-2405'], 'Retired', 2024-12-02 / 2025-06-16, 'Codestral' (codestral-25-08.ts: apiNames
  // ['codestral-2508', 'codestral-latest']); MNPL weights (https://huggingface.co/mistralai/Codestral-22B-v0.1).
  { model: 'codestral-2405', listings: ['codestral-2405'], deprecated: '2024-12-02', shutdown: '2025-06-16', replacement: 'codestral-2508', openWeights: true },
  // codestral-mamba-7b-0-1.ts: apiNames ['open-codestral-mamba'], 'Retired', 2025-06-06 / 2025-06-06, 'Codestral'; Apache 2.0 weights.
  { model: 'codestral-mamba', listings: ['codestral-mamba-latest', 'open-codestral-mamba'], deprecated: '2025-06-06', shutdown: '2025-06-06',
    replacement: 'codestral-2508', openWeights: true },
  // mistral-medium-3-25-05.ts: apiNames ['mistral-medium-2505'], 'Deprecated', 2026-05-22 / 2026-08-31, 'Mistral Medium 3.5'; 'Premier', weights [].
  { model: 'mistral-medium-2505', listings: ['mistral-medium-2505'], deprecated: '2026-05-22', shutdown: '2026-08-31', replacement: 'mistral-medium-2604', openWeights: false },
  // mistral-medium-3-1-25-08.ts: apiNames ['mistral-medium-2508'], 'Deprecated', 2026-05-22 / 2026-08-31, 'Mistral Medium 3.5'; 'Premier', weights [].
  { model: 'mistral-medium-3-1', listings: ['mistral-medium-2508', 'mistral-medium-3-1', 'mistral-medium-3-1-2508'], deprecated: '2026-05-22',
    shutdown: '2026-08-31', replacement: 'mistral-medium-2604', openWeights: false },
];

for (const r of RETIRED) {
  test(`${r.model}: Mistral's listings retired on ${r.shutdown} (deprecated ${r.deprecated}), replacement ${r.replacement}`, () => {
    const offers = mistralOffers(r.model);
    assert.deepEqual(offers.map((o) => o.provider_model_id).sort(), r.listings);
    for (const o of offers) {
      assert.equal(o.status?.value, 'deprecated', o.provider_model_id);
      assert.equal(o.deprecation_date?.value, r.deprecated, o.provider_model_id);
      assert.equal(o.shutdown_date?.value, r.shutdown, o.provider_model_id);
      assert.equal(o.replacement?.value, r.replacement, o.provider_model_id);
    }
    // Open weights stay runnable: only the API listing retires. A model with none published retires with it.
    const m = ds.modelById.get(r.model)!;
    if (r.openWeights) assert.notEqual(m.status?.value, 'deprecated');
    else assert.equal(m.status?.value, 'deprecated');
  });
}

test("Ministral 3B 24.10 is retired by Mistral's record: deprecated 2025-12-02, shut down 2025-12-31, replaced by Ministral 3 3B", () => {
  // mistralai/platform-docs-public 038807d6, src/schema/models/models/ministral-3b-24-1.ts: status 'Deprecated',
  // apiNames ['ministral-3b-2410'], metadata { deprecationDate: 'December 2, 2025', retirementDate: 'December 31, 2025',
  // replacement: 'Ministral 3 3B' }, type 'Premier', weights []. No weights: the model retires with its API name.
  const m = ds.modelById.get('ministral-3b')!;
  assert.deepEqual([m.status?.value, m.deprecation_date?.value, m.shutdown_date?.value, m.replacement?.value],
    ['deprecated', '2025-12-02', '2025-12-31', 'ministral-3b-2512']);
  assert.equal(m.shutdown_date?.source, 'developer-notices');
  // Resellers of Mistral's API (OpenRouter, Vercel) are past the shutdown on the data date (2026-09-23).
  const status = Object.fromEntries((ds.offersByModel.get('ministral-3b') ?? []).map((o) => [o.provider, o.status?.value]));
  assert.equal(status.openrouter, 'deprecated');
  assert.equal(status.vercel, 'deprecated');
});

test('cheapest_for with first_party_only ranks none of the retired Mistral listings', () => {
  const ctx = { today: '2026-11-27' };
  const retired = new Set(RETIRED.map((r) => r.model));
  const ranked: string[] = [];
  let cursor: string | undefined;
  do {
    const out = cheapest_for.handler(ds, cheapest_for.input.parse({ use: 'chat', first_party_only: true, limit: 100, ...(cursor ? { cursor } : {}) }), ctx) as {
      items: Array<{ model: { id: string } }>; page: { next_cursor: string | null };
    };
    ranked.push(...out.items.map((i) => i.model.id));
    cursor = out.page.next_cursor ?? undefined;
  } while (cursor);
  // Before these rows Mistral's own mixtral-8x7b, open-mixtral-8x22b, mistral-large-2402 and -2411 listings ranked here.
  assert.ok(ranked.length > 0);
  assert.deepEqual(ranked.filter((id) => retired.has(id)), []);
});

test('open weights whose API name Mistral retired stay served by the hosts that run them', () => {
  // Mistral-Large-Instruct-2407 (MRL) is published: Bedrock, Azure, Vertex AI, kilo, OpenRouter and Ollama keep their listings.
  for (const id of ['mistral-large-2407', 'codestral-2405', 'codestral-mamba']) {
    const m = ds.modelById.get(id)!;
    assert.equal(m.open_weights?.value, true, id);
    assert.equal(m.open_weights?.source, 'developer-weights', id);
    const others = (ds.offersByModel.get(id) ?? []).filter((o) => o.provider !== 'mistral');
    assert.ok(others.length > 0 && others.every((o) => o.status?.value !== 'deprecated'), id);
  }
  assert.equal(ds.modelById.get('codestral-mamba')!.weights_url?.value, 'https://huggingface.co/mistralai/Mamba-Codestral-7B-v0.1');
});

test('Mistral Medium 3 past its 2026-08-31 retirement: the clouds that host it keep it, resellers of the API do not', () => {
  // weight-hosting-providers.csv lists azure, azure-cognitive-services and google-vertex, not watsonx: Mistral's page for
  // IBM watsonx speaks of Mistral Large as "a fully managed solution" and no stored page says IBM runs Medium 3 itself.
  const status = Object.fromEntries((ds.offersByModel.get('mistral-medium-2505') ?? []).map((o) => [o.provider, o.status?.value ?? 'none']));
  for (const p of ['azure', 'azure-cognitive-services', 'google-vertex']) assert.equal(status[p], 'active', p);
  for (const p of ['mistral', 'openrouter', 'watsonx', 'github-models']) assert.equal(status[p], 'deprecated', p);
});

test("Mistral Saba's replacement is the newest version of its record's: Mistral Small 4, not Mistral Small 3.2", () => {
  // mistral-saba-25-02.ts: "replacement: 'Mistral Small 3.2'" from 4422b455 (2025-10-20) to 734d8105 (2026-05-28),
  // "replacement: 'Mistral Small 4'" from d61abb88 (2026-06-25) to 222f4ba9 (2026-08-21); Mistral Small 4 is mistral-small-2603.
  const m = ds.modelById.get('mistral-saba')!;
  assert.equal(m.replacement?.value, 'mistral-small-2603');
  assert.equal(m.shutdown_date?.value, '2025-09-30');
  assert.equal(ds.modelById.get('mistral-small-2603')?.name.value.includes('Small 4'), true);
});
