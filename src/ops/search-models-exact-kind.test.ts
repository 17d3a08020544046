// search_models: a query that is a model's id exactly finds it whatever its kind; a looser query keeps the default kind.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { search_models } from './search-models.ts';

const skip = !existsSync(DEFAULT_DATA_DIR) && 'the committed dataset is not built';
type Out = { items: Array<{ id: string; kind: string }>; other_kinds?: { count: number; models: string[] } };
const ask = (input: object) => search_models.handler(committedDataset(), search_models.input.parse(input), { today: '2026-11-29' }) as Out;

test('q=text-embedding-3-small (an embedder by its id) is found by name; q=whisper (no id) names the speech models aside', { skip }, () => {
  // models.json: text-embedding-3-small, OpenAI's embeddings model, which models.dev files as text in, text out: an
  // embedder by its name ("embed"); the three Whisper models (whisper-1, whisper-large-v3, whisper-large-v3-turbo) take
  // audio in and give text: speech recognisers.
  const exact = ask({ q: 'text-embedding-3-small' });
  assert.deepEqual(exact.items.map((i) => [i.id, i.kind]), [['text-embedding-3-small', 'embedder']]);
  const loose = ask({ q: 'whisper' });
  assert.equal(loose.items.length, 0);
  assert.deepEqual(loose.other_kinds?.models, ['whisper-1', 'whisper-large-v3', 'whisper-large-v3-turbo']);
  // Asked for a kind, the kind holds even for an exact id.
  assert.equal(ask({ q: 'text-embedding-3-small', kind: 'language_model' }).items.length, 0);
});
