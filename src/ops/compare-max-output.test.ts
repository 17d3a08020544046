// compare_models' max-output row on the committed dataset: an open model's developer figure that is its window is no cap.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { committedDataset } from '../../test/committed-dataset.ts';
import { compare_models } from './compare-models.ts';

type Row = { field: string; best: string[]; values: Array<{ value: unknown; detail?: string }> };
const ctx = { today: '2026-11-30' };
test('committed dataset: gpt-oss-120b\'s 131,072 is its window, not crowned beside GPT-5 mini\'s and Qwen3.5\'s caps', {
  skip: !existsSync(path.resolve(import.meta.dirname, '../../data/dataset')),
}, () => {
  // OpenAI's page for gpt-oss-120b (developers.openai.com/api/docs/models/gpt-oss-120b, read 2026-11-29): '131,072
  // context window', '131,072 max output tokens'; OpenAI serves it on no API of the dataset, and its weights are open.
  // models.dev (2026-07-02) gives gpt-5-mini 128,000 and qwen3.5-397b-a17b 65,536 output tokens.
  const real = committedDataset();
  const out = compare_models.handler(real, compare_models.input.parse({ models: ['gpt-oss-120b', 'qwen3.5-397b-a17b', 'gpt-5-mini'] }), ctx) as { rows: Row[] };
  const r = out.rows.find((x) => x.field === 'max_output')!;
  assert.deepEqual(r.best, ['gpt-5-mini']);
  assert.deepEqual(r.values.map((v) => v.value), [null, 65536, 128000]);
  assert.match(r.values[0].detail!, /^the sources' figure, 131072 \(developer-max-output, 2026-11-29\), is the model's context window/);
  assert.doesNotMatch(r.values[0].detail!, /developer's own API/);
});
