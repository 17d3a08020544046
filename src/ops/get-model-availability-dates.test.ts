// Release dates are the day the developer made the model available (docs/data.md, "A day announced is not a day
// released"). Expected values from the developers' own pages, read 2026-11-30:
// - Google's Gemini API release notes (ai.google.dev/gemini-api/docs/changelog): "February 5, 2025 ... Released
//   gemini-2.0-flash-001, a generally available (GA) version of Gemini 2.0 Flash"; "December 11, 2024 ... Released
//   Gemini 2.0 Flash Experimental for public preview" (gemini-2.0-flash-exp, the day models.dev gave).
//   Google's model page for gemini-2.0-flash: "Knowledge cutoff August 2024" (models.dev gave 2024-06).
// - OpenAI's SDK changelog (openai/openai-python CHANGELOG.md): "1.67.0 (2025-03-19) ... o1-pro now available through
//   the API".
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { get_model } from './get-model.ts';
import { search_models } from './search-models.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const skip = !existsSync(DEFAULT_DATA_DIR) && 'the committed dataset is not built';
type Any = Record<string, any>;
const ds = () => committedDataset();
const ctx = { today: '2026-11-30' };
const sheet = (id: string) => get_model.handler(ds(), get_model.input.parse({ model_id: id }), ctx) as Any;

test('gemini-2.0-flash is dated by its general availability, 2025-02-05, not the experimental preview of 2024-12-11', { skip }, () => {
  const m = sheet('gemini-2.0-flash');
  assert.deepEqual([m.release_date.value, m.release_date.source], ['2025-02-05', 'developer-releases']);
  assert.ok(m.release_date.conflicts.some((c: Any) => c.value === '2024-12-11'), 'the preview\'s day kept as a disagreeing listing');
  assert.deepEqual([m.knowledge_cutoff.value, m.knowledge_cutoff.source], ['2024-08', 'developer-releases']);
});

test('gemini-2.0-flash-001, the GA snapshot\'s id, reaches the same sheet and day', { skip }, () => {
  const m = sheet('gemini-2.0-flash-001');
  assert.equal(m.id, 'gemini-2.0-flash');
  assert.equal(m.release_date.value, '2025-02-05');
});

test('o1-pro is dated by its API release, 2025-03-19, on OpenAI\'s word', { skip }, () => {
  const m = sheet('o1-pro');
  assert.deepEqual([m.release_date.value, m.release_date.source], ['2025-03-19', 'developer-releases']);
});

// Before, with models.dev's 2024-12-11, the search found only Flash-Lite and its preview.
test('search_models released_after=2025-01-01 finds Gemini 2.0 Flash (GA in February 2025)', { skip }, () => {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const out = search_models.handler(ds(), search_models.input.parse({ q: 'gemini 2.0 flash', released_after: '2025-01-01', limit: 100, ...(cursor ? { cursor } : {}) }), ctx) as Any;
    ids.push(...out.items.map((i: Any) => i.id));
    cursor = out.page.next_cursor;
  } while (cursor);
  assert.ok(ids.includes('gemini-2.0-flash'), ids.join(', '));
});
