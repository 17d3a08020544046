import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ModelObservation } from '../sources/types.ts';
import { noticeYearSpelling, readNoticeYears } from './notice-year.ts';

type Obs = Partial<ModelObservation> & Pick<ModelObservation, 'source' | 'source_model_id'>;
const m = (x: Obs): ModelObservation => ({ as_of: '2026-07-22', ...x });

// deprecations-rss/deprecations.json: Google, "gemini-2.5-flash-preview-09-25", shutdown 2026-02-17, replacement gemini-3.6-flash;
// models.dev lists google/gemini-2.5-flash-preview-09-2025 (release 2025-09-25).
test('a notice\'s -MM-YY tail reads as the listed -MM-20YY id', () => {
  const out = readNoticeYears([
    m({ source: 'deprecations-rss', source_model_id: 'gemini-2.5-flash-preview-09-25', provider: 'google', shutdown_date: '2026-02-17' }),
    m({ source: 'models-dev', source_model_id: 'gemini-2.5-flash-preview-09-2025', provider: 'google' }),
    m({ source: 'deprecations-rss', source_model_id: 'gemini-2.5-flash-preview-05-20', provider: 'google', shutdown_date: '2025-11-18' }),
  ], []);
  assert.deepEqual(out.models.map((o) => o.source_model_id),
    ['gemini-2.5-flash-preview-09-2025', 'gemini-2.5-flash-preview-09-2025', 'gemini-2.5-flash-preview-05-20']);
  assert.deepEqual([...out.spellings], [['gemini-2.5-flash-preview-09-25', 'gemini-2.5-flash-preview-09-2025']]);
});

test('the month-and-day reading stands where no source lists the long spelling, and for ids that are not notices', () => {
  const out = readNoticeYears([m({ source: 'deprecations-rss', source_model_id: 'imagen-4.0-generate-preview-06-06', provider: 'google' }),
    m({ source: 'models-dev', source_model_id: 'x-preview-09-25', provider: 'google' })],
  [{ source: 'litellm', provider: 'google', provider_model_id: 'x-preview-09-2025', region: 'global', as_of: '2026-07-24' }]);
  assert.deepEqual(out.models.map((o) => o.source_model_id), ['imagen-4.0-generate-preview-06-06', 'x-preview-09-25']);
  assert.deepEqual(['a-09-25', 'a-13-25', 'a-09-15', 'a-0925'].map(noticeYearSpelling), ['a-09-2025', undefined, undefined, undefined]);
});
