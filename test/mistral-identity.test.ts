// Mistral's API names read against its own model records: one model per version, pointers that moved said so.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
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

test('ministral-3b-latest, a pointer Mistral moved from Ministral 3B 24.10 to Ministral 3 3B, names 3 3B, its stale listing left out', () => {
  // Mistral's records: ministral-3b-24-1.ts had apiNames ['ministral-3b-2410', 'ministral-3b-latest'] until 2025-12-02
  // (platform-docs-public 4422b455); ministral-3-3b-25-12.ts has ['ministral-3b-2512', 'ministral-3b-latest'] since
  // (4975b095 to 222f4ba9), at $0.10/$0.10. Its one listing, models.dev's providers/mistral/models/ministral-3b-latest.toml
  // of 2026-07-02, still gives 24.10's $0.04/$0.04 and 128,000 tokens: it is held unmatched, as ministral-8b-latest is.
  // The name still resolves, to the model the pointer means today (data/curated/aliases.csv, row lookup,ministral-3b-latest),
  // while the listing of the name stays unmatched.
  assert.equal(ds.resolveModelId('ministral-3b-latest'), 'ministral-3b-2512');
  assert.equal(ds.resolveModelId('mistral/ministral-3b-latest'), 'ministral-3b-2512', 'the vendor-prefixed spelling, as callers send it');
  for (const id of ['ministral-3b', 'ministral-3b-2512']) {
    assert.ok(!(ds.offersByModel.get(id) ?? []).some((o) => o.provider_model_id === 'ministral-3b-latest'), id);
  }
  // Ministral 3B 24.10's date is its record's (ministral-3b-24-1.ts: releaseDate '2024-10-09'), not the pointer listing's 2024-10-01.
  assert.equal(ds.modelById.get('ministral-3b')?.release_date?.value, '2024-10-09');
  // Ministral 3 3B keeps Mistral's own listing under its dated name.
  assert.deepEqual((ds.offersByModel.get('ministral-3b-2512') ?? []).filter((o) => o.provider === 'mistral').map((o) => o.provider_model_id), ['ministral-3-3b-2512']);
});

test('magistral-small and magistral-small-latest are the moving pointer, a model apart from Magistral Small 1.0', () => {
  // Mistral's records: magistral-small-1-0-25-06.ts apiNames ['magistral-small-2506'] (40k); magistral-small-1-2-25-09.ts
  // ['magistral-small-2509', 'magistral-small-latest'] (128k) since 2025-10-20; public/llms-full.txt: "magistral-small-latest:
  // currently points to magistral-small-2507". No record lists a bare magistral-small.
  assert.equal(ds.resolveModelId('magistral-small'), 'magistral-small-latest');
  assert.equal(ds.resolveModelId('mistral/magistral-small-latest'), 'magistral-small-latest');
  assert.equal(ds.resolveModelId('magistral-small-2506'), 'magistral-small-2506');
  assert.equal(ds.modelById.get('magistral-small'), undefined);
});

test("a pointer's window copied from the version it served before is set aside, and the served version's stands", () => {
  // LiteLLM 2026-07-24: mistral/magistral-small-latest max_input_tokens 40000, max_tokens 40000 (Magistral Small 1.0's and
  // 1.1's contextLength '40k' in Mistral's records); Magistral Small 1.2, which the pointer serves, reads '128k', and
  // models.dev's mistral/magistral-small gives limit.context 128_000, limit.output 128_000.
  const m = ds.modelById.get('magistral-small-latest')!;
  assert.deepEqual([m.context_window?.value, m.context_window?.source], [128000, 'models-dev']);
  assert.deepEqual([m.max_output?.value, m.max_output?.source], [128000, 'models-dev']);
  assert.equal(m.context_window?.conflicts, undefined);
});

test('magistral-small-latest, an API name Mistral retires on 2026-07-31, is not open weights and is retired with its offers', () => {
  // magistral-small-1-2-25-09.ts: status 'Deprecated', apiNames ['magistral-small-2509', 'magistral-small-latest'],
  // metadata { deprecationDate: 'April 30, 2026', retirementDate: 'July 31, 2026' }; its weights (Magistral-Small-2509,
  // Apache 2.0) are Magistral Small 1.2's, a model of its own. models.dev's mistral/magistral-small said open_weights = true.
  const m = ds.modelById.get('magistral-small-latest')!;
  assert.deepEqual([m.open_weights?.value, m.open_weights?.source], [false, 'developer-weights']);
  assert.equal(m.status?.value, 'deprecated');
  assert.equal(m.shutdown_date?.value, '2026-07-31');
  // Closed weights: used under Mistral's Terms of Service (data/curated/developer-terms.csv), not Magistral Small 1.2's Apache 2.0.
  assert.deepEqual([m.licence?.value.id, m.licence?.source], ['proprietary', 'developer-terms']);
  // Vercel's listing (models.dev 2026-07-02, vercel/mistral/magistral-small) resells Mistral's API: no longer sold after the shutdown.
  const vercel = (ds.offersByModel.get('magistral-small-latest') ?? []).find((o) => o.provider === 'vercel')!;
  assert.equal(vercel.status?.value, 'deprecated');
  const v12 = ds.modelById.get('magistral-small-1-2-2509')!;
  assert.deepEqual([v12.open_weights?.value, v12.licence?.value.id, v12.name.value], [true, 'apache-2.0', 'Magistral Small 1.2']);
  assert.equal(v12.weights_url?.value, 'https://huggingface.co/mistralai/Magistral-Small-2509');
});

test("Magistral 1.2's dated names keep no 40,000-token window: LiteLLM's is Magistral 1.0's and 1.1's", () => {
  // Mistral's records: magistral-{medium,small}-1-2-25-09.ts contextLength '128k'; -1-0-25-06.ts and -1-1-25-07.ts '40k'.
  // LiteLLM 2026-07-24 gives mistral/magistral-medium-2509, -medium-1-2-2509 and -small-1-2-2509 max_input_tokens 40000.
  for (const id of ['magistral-medium-2509', 'magistral-small-1-2-2509', 'magistral-medium-latest']) {
    const m = ds.modelById.get(id)!;
    assert.notEqual(m.context_window?.value, 40000, id);
    assert.notEqual(m.max_output?.value, 40000, id);
  }
  assert.equal(ds.modelById.get('magistral-small-1-2-2509')!.context_window?.value, 128000);
  assert.equal(ds.modelById.get('magistral-medium-latest')!.context_window?.value, 128000);
});

test("retired Mistral API names read their names, licences, release days and sizes from Mistral's records", () => {
  // codestral-24-05.ts: name 'Codestral', version '24.05', releaseDate 'May 29, 2024', weights license 'MNPL',
  // parameters '22'; llms-full.txt: 'Codestral 2405' (legacy table), 'Codestral-22B-v0.1 | 22.2B | 22.2B'.
  const c = ds.modelById.get('codestral-2405')!;
  assert.equal(c.name.value, 'Codestral 2405');
  assert.equal(c.release_date?.value, '2024-05-29');
  assert.deepEqual([c.licence?.value.id, c.licence?.value.commercial_use], ['mnpl', false]);
  assert.equal(c.parameters_total?.value, 22.2e9);
  // codestral-mamba-7b-0-1.ts: name 'Codestral Mamba 7B', releaseDate '2024-07-16', license 'Apache 2.0';
  // llms-full.txt: 'Codestral-Mamba-7B-v0.1 | 7.3B | 7.3B'.
  const mamba = ds.modelById.get('codestral-mamba')!;
  assert.equal(mamba.name.value, 'Codestral Mamba 7B');
  assert.equal(mamba.release_date?.value, '2024-07-16');
  assert.equal(mamba.licence?.value.id, 'apache-2.0');
  assert.equal(mamba.parameters_total?.value, 7.3e9);
  // magistral-medium-1-2-25-09.ts: name 'Magistral Medium 1.2'; mistral-medium-3-1-25-08.ts: name 'Mistral Medium 3.1'
  // (genai-prices' "Mistral Medium 3 and 3.1" names two models; Mistral Medium 3 is mistral-medium-2505).
  assert.equal(ds.modelById.get('magistral-medium-2509')!.name.value, 'Magistral Medium 1.2');
  assert.equal(ds.modelById.get('mistral-medium-3-1')!.name.value, 'Mistral Medium 3.1');
});
