// Mistral's API names read against its own model records: one model per version, pointers that moved said so.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { loadDataset } from '../src/dataset/load.ts';

const ds = loadDataset(DEFAULT_DATA_DIR);
const resolve = (id: string) => ds.resolveModelId(id);

test('Magistral Medium 1.2 is one model: LiteLLM\'s magistral-medium-1-2-2509 is Mistral\'s magistral-medium-2509', () => {
  // Mistral's record (platform-docs-public 222f4ba9, src/schema/models/models/magistral-medium-1-2-25-09.ts):
  // name 'Magistral Medium 1.2', version '25.09', apiNames ['magistral-medium-2509', 'magistral-medium-latest'].
  // LiteLLM 2026-07-24 lists both mistral/magistral-medium-2509 and mistral/magistral-medium-1-2-2509 at $2/$5, 40,000.
  assert.equal(ds.modelById.get('magistral-medium-1-2-2509'), undefined);
  assert.equal(resolve('magistral-medium-1-2-2509'), 'magistral-medium-2509');
  const listings = (ds.offersByModel.get('magistral-medium-2509') ?? []).filter((o) => o.provider === 'mistral').map((o) => o.provider_model_id).sort();
  assert.deepEqual(listings, ['magistral-medium-1-2-2509', 'magistral-medium-2509']);
  const m = ds.modelById.get('magistral-medium-2509')!;
  assert.equal(m.release_date?.value, '2025-09-18');
  assert.equal(m.shutdown_date?.value, '2026-07-31');
  assert.equal(m.open_weights?.value, false);
});

test('ministral-3b-latest, a pointer Mistral moved from Ministral 3B 24.10 to Ministral 3 3B, is not given to 24.10', () => {
  // Mistral's records: ministral-3b-24-1.ts had apiNames ['ministral-3b-2410', 'ministral-3b-latest'] until 2025-12-02
  // (platform-docs-public 4422b455); ministral-3-3b-25-12.ts has ['ministral-3b-2512', 'ministral-3b-latest'] since
  // (4975b095 to 222f4ba9), at $0.10/$0.10. Its one listing, models.dev's providers/mistral/models/ministral-3b-latest.toml
  // of 2026-07-02, still gives 24.10's $0.04/$0.04 and 128,000 tokens: it is held unmatched, as ministral-8b-latest is.
  assert.equal(ds.resolveModelId('ministral-3b-latest'), undefined);
  assert.equal(ds.resolveModelId('mistral/ministral-3b-latest'), undefined);
  for (const id of ['ministral-3b', 'ministral-3b-2512']) {
    assert.ok(!(ds.offersByModel.get(id) ?? []).some((o) => o.provider_model_id === 'ministral-3b-latest'), id);
  }
  // Ministral 3 3B keeps Mistral's own listing under its dated name.
  assert.deepEqual((ds.offersByModel.get('ministral-3b-2512') ?? []).filter((o) => o.provider === 'mistral').map((o) => o.provider_model_id), ['ministral-3-3b-2512']);
});
