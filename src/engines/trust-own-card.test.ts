// Criterion 8 of an open-weights model: the FMTI score is the developer's flagship's, and the model's own card is named.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { committedDataset } from '../../test/committed-dataset.ts';
import { trustProfile } from './trust.ts';

test('committed dataset: Gemma 4 26B A4B\'s criterion 8 says Google\'s 0 is its flagship\'s and names the model\'s card', {
  skip: !existsSync(path.resolve(import.meta.dirname, '../../data/dataset/meta.json')) && 'no committed dataset',
}, () => {
  // FMTI Dec 2025 (data/sources/fmti/Dec2025/Dec2025_scores.csv): Google 0 on "Basic model properties"; Google's report
  // discloses about Gemini 2.5 Pro. Google's card for the model: huggingface.co/google/gemma-4-26B-A4B-it.
  const ds = committedDataset();
  const c8 = (id: string) => trustProfile(ds, ds.modelById.get(id)!).criteria.find((c) => c.number === 8)!;
  const gemma = c8('gemma-4-26b-a4b-it');
  assert.equal(gemma.status, 'not_met', 'the status stays the index\'s (DESIGN.md section 8)');
  assert.equal(gemma.evidence.score, 0);
  assert.match(gemma.evidence.detail, /this score is Google's flagship's, not gemma-4-26b-a4b-it's: for this open-weights model its own card, https:\/\/huggingface\.co\/google\/gemma-4-26B-A4B-it/);
  assert.match(gemma.evidence.detail, /modalities text, image -> text/);
  assert.ok(gemma.evidence.derived_from?.some((d) => d.startsWith('parameters_total (')));
  // A closed model's criterion 8 is the developer's score alone: no card aside.
  const closed = c8('gemini-2.5-pro');
  assert.doesNotMatch(closed.evidence.detail, /flagship's, not/);
  assert.equal(closed.evidence.derived_from, undefined);
});
