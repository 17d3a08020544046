// Mistral's retirements read on its own model pages: the retired listings are retired offers, open weights stay active.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { loadDataset } from '../src/dataset/load.ts';

const ds = loadDataset(DEFAULT_DATA_DIR);
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
