// Identity and dating facts read on the developers' own records where the listings err: weights, release days, notices.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { trustProfile } from '../src/engines/trust.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const model = (id: string) => {
  const m = ds.modelById.get(id);
  assert.ok(m, id);
  return m;
};
const status = (id: string, criterion: string) => trustProfile(ds, model(id)).criteria.find((c) => c.id === criterion)?.status;

test('Ministral 3B 24.10 is closed: Mistral published no weights for it, only for the 8B of the same release', () => {
  // mistralai/platform-docs-public 038807d6, src/schema/models/models/ministral-3b-24-1.ts: type 'Premier', weights: [],
  // apiNames ['ministral-3b-2410']; ministral-8b-24-1.ts: weights [{ license: 'MRL', url: '.../Ministral-8B-Instruct-2410' }].
  // models.dev (2026-07-02) had served ministral-3b as open.
  const m = model('ministral-3b');
  assert.deepEqual([m.open_weights?.value, m.open_weights?.source, m.weights_url], [false, 'developer-weights', undefined]);
  assert.equal(status('ministral-3b', 'open_weights'), 'not_met');
  // The 8B of the same release keeps its research-licence weights.
  assert.equal(model('ministral-8b-2410').open_weights?.value, true);
});

test("Gemini 2.5 Flash Image is dated by Google's GA day, not by the preview's announcement that catalogues copied", () => {
  // Google's Gemini deprecations table (ai.google.dev/gemini-api/docs/deprecations, deprecations-rss snapshot of
  // 2026-05-01): "gemini-2.5-flash-image ... Release date: 2025-10-02". models.dev's Google entry gave 2025-08-26.
  const r = model('gemini-2.5-flash-image').release_date;
  assert.deepEqual([r?.value, r?.source], ['2025-10-02', 'developer-releases']);
  assert.ok(r?.conflicts?.some((c) => c.value === '2025-08-26'), 'the catalogue day stays visible as a conflict');
});

test("the GA Gemini 3 image models keep a reseller's date, said to be one: no Google page dating them was read", () => {
  // Google's deprecations notice of 2026-05-29 names gemini-3-pro-image and gemini-3.1-flash-image as the previews'
  // replacements but gives the GA models no release date; OpenRouter's and Vercel's listings are the only dates.
  for (const id of ['gemini-3-pro-image', 'gemini-3.1-flash-image']) {
    const r = model(id).release_date;
    assert.notEqual(r?.source, 'developer-releases', id);
    assert.match(r?.note ?? '', /only resellers' listings give a release date/, id);
  }
});

test("Hy3 is dated and open by Tencent's own repository, apart from Hy3 preview", () => {
  // github.com/Tencent-Hunyuan/Hy3, README first committed 2026-07-06 +0800 (76a6687): "Today, we are launching Hy3";
  // "We open-source Hy3 and Hy3-FP8 model weights on Hugging Face" (huggingface.co/tencent/Hy3); Apache License 2.0.
  const m = model('hy3');
  assert.deepEqual([m.release_date?.value, m.release_date?.source], ['2026-07-06', 'developer-releases']);
  // A commit's day shows the launch text written then, not the repository public then: a lower bound, not the day.
  assert.equal(m.release_date?.bound, 'on_or_after');
  assert.deepEqual([m.open_weights?.value, m.weights_url?.value], [true, 'https://huggingface.co/tencent/Hy3']);
  assert.equal(status('hy3', 'open_weights'), 'met');
  // The README: "295B-parameter Mixture-of-Experts (MoE) model with 21B active parameters"; Supported Precisions: BF16.
  assert.deepEqual([m.parameters_total?.value, m.parameters_active?.value, m.native_precision?.value], [295e9, 21e9, 'bf16']);
  // The preview is another model (released 2026-04-23 per Tencent's announcement of Hy3 preview).
  assert.notEqual(ds.resolveModelId('hy3-preview'), 'hy3');
});

test("Llama 3.1 Nemotron 70B is public by NVIDIA's card's 2024-10-24, an upper bound; models.dev's 2025-04-15 is a listing day", () => {
  // NVIDIA's card (huggingface.co/nvidia/Llama-3.1-Nemotron-70B-Instruct-HF): "As of Oct 24th, 2024 the model has Elo
  // Score of 1267(+-7), rank 9 ... on ChatBot Arena leaderboard"; the arena history (lmarena-history-nakasyou) rates
  // it from 2024-10-23. No dated announcement of NVIDIA's was found, so the day is a bound, not the release.
  const r = model('llama-3.1-nemotron-70b-instruct').release_date;
  assert.deepEqual([r?.value, r?.bound, r?.source], ['2024-10-24', 'on_or_before', 'developer-releases']);
  assert.ok(r?.conflicts?.some((c) => c.value === '2025-04-15'), "the catalogue's day stays visible as a conflict");
});
