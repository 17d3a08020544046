// Tests of the reviewed table of listings that are not language models, and of the rule that they create no model.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { ModelObservation } from '../sources/types.ts';
import { buildModels } from './build-models.ts';
import { newReport } from './context.ts';
import { Matcher } from './matcher.ts';
import { NOT_A_LANGUAGE_MODEL_WHY, parseNotLanguageModels } from './not-language-models.ts';

const HEADER = 'model_id,task,url,read_on,quote,note';
const TABLE = readFileSync(path.join(import.meta.dirname, '../../data/curated/not-language-models.csv'), 'utf8');
const obs = (o: Partial<ModelObservation> & { source_model_id: string }): ModelObservation => ({ source: 'models-dev', as_of: '2026-07-02', ...o });

function run(observations: ModelObservation[], notLanguage: string[]) {
  const ctx = { matcher: new Matcher(), report: newReport(), resolveDeveloper: () => undefined, notLanguageModels: new Set(notLanguage) };
  const mb = buildModels(observations, [], ctx, () => undefined);
  return { ids: mb.models.map((m) => m.id), unmatched: ctx.report.unmatched };
}

test("NVIDIA's NIM listing of a perception model creates no model; its language models beside it still do", () => {
  // models.dev 2026-07-02: providers/nvidia/models/nvidia/bevformer.toml and meta/esmfold.toml (both filed as
  // text or video in, text out), beside nvidia/nemotron-mini-4b-instruct.toml, a language model.
  const { ids, unmatched } = run([
    obs({ source_model_id: 'nvidia/nvidia/bevformer', provider: 'nvidia', name: 'bevformer' }),
    obs({ source_model_id: 'nvidia/meta/esmfold', provider: 'nvidia', name: 'esmfold' }),
    obs({ source_model_id: 'nvidia/nvidia/nemotron-mini-4b-instruct', provider: 'nvidia', name: 'Nemotron Mini 4B Instruct' }),
  ], ['bevformer', 'esmfold']);
  assert.deepEqual(ids, ['nemotron-mini-4b-instruct']);
  assert.deepEqual(unmatched.map((u) => [u.source_id, u.why]), [
    ['nvidia/nvidia/bevformer', NOT_A_LANGUAGE_MODEL_WHY],
    ['nvidia/meta/esmfold', NOT_A_LANGUAGE_MODEL_WHY],
  ]);
});

test('a models.dev catalogue entry named in the table creates no model either, and without the table it does', () => {
  const entry = [obs({ source_model_id: 'nvidia/streampetr', name: 'streampetr' })];
  assert.deepEqual(run(entry, ['streampetr']).ids, []);
  assert.deepEqual(run(entry, []).ids, ['streampetr']);
});

test('a row needs a page, the day read, the words quoted and a task; a second row for an id is not applied', () => {
  const { rows, issues } = parseNotLanguageModels(`${HEADER}
a,protein folding task,https://example.com/a,2026-11-29,,x
b,protein folding task,http://example.com/b,2026-11-29,the words of the page,x
c,protein folding task,https://example.com/c,2026-11-29,the words of the page,x
c,speech enhancement,https://example.com/c2,2026-11-29,the words of the page,x`);
  assert.deepEqual(rows.map((r) => [r.model_id, r.task]), [['c', 'protein folding task']]);
  assert.deepEqual(issues.map((i) => i.field ?? i.message), ['quote', 'url', 'a second row for c; the first is kept']);
});

test('the committed table: the NIM catalogue\'s perception, biology, audio-enhancement and tagging models, no language model', () => {
  const { rows, issues } = parseNotLanguageModels(TABLE);
  assert.deepEqual(issues, []);
  // Read 2026-11-29 on NVIDIA's NIM pages, Meta's ESM cards and the SparseDrive abstract (the note of each row).
  assert.deepEqual(rows.map((r) => r.model_id).sort(), ['active-speaker-detection', 'bevformer', 'esm2-650m', 'esmfold', 'gliner-pii',
    'sparsedrive', 'streampetr', 'studiovoice', 'synthetic-video-detector']);
  // Generators prompted in language stay in the catalogue, as FLUX and the TTS models do; so do embedders and rerankers.
  for (const kept of ['cosmos-predict1-5b', 'magpie-tts-zeroshot', 'nv-embed-v1', 'bge-m3', 'nemotron-mini-4b-instruct']) {
    assert.ok(!rows.some((r) => r.model_id === kept), kept);
  }
});
