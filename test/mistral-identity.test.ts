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
