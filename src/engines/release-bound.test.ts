// Tests of what a release date proves: a filter admits a bounded release only where its bound proves the condition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayBeAfter, provenAfter, releaseSpan, releaseWords } from './release-bound.ts';

// gpt-6-sol: listed by OpenAI between genai-prices' copies of 2026-08-21 and 2026-09-23, served 2026-09-23 as an upper bound.
const upper = { value: '2026-09-23', bound: 'on_or_before' as const };
// gemma-3n-e4b-it: google/gemma-3n-E4B-it created 2025-06-25, read in llmfit's snapshot of 2026-05-12 (public by then).
const lower = { value: '2025-06-25', as_of: '2026-05-12', bound: 'on_or_after' as const };
// qwen3-32b: Qwen3 released 2025-04-29 (golden row), read as the day.
const day = { value: '2025-04-29' };

test('a day is both ends of its span; a bound leaves one end open', () => {
  assert.deepEqual(releaseSpan(day), { earliest: '2025-04-29', latest: '2025-04-29' });
  assert.deepEqual(releaseSpan(upper), { latest: '2026-09-23' });
  assert.deepEqual(releaseSpan(lower), { earliest: '2025-06-25', latest: '2026-05-12' });
  assert.deepEqual(releaseSpan({ value: '2025-06-25', bound: 'on_or_after' }), { earliest: '2025-06-25' }, 'no snapshot day: open');
  assert.equal(releaseSpan(undefined), undefined);
});

test('released after a day: a day or a lower bound proves it, an upper bound never does', () => {
  // "On or before 2026-09-23" may be 2025: it proves nothing about 2026-08-01, but may lie after it.
  assert.equal(provenAfter(upper, '2026-08-01'), false);
  assert.equal(mayBeAfter(upper, '2026-08-01'), true);
  // Public by 2026-09-23 cannot be after 2026-09-23 (strictly after, as released_after reads).
  assert.equal(mayBeAfter(upper, '2026-09-23'), false);
  // Weights not public before 2025-06-25: released after 2025-06-24 is proven, after 2025-06-25 is open.
  assert.equal(provenAfter(lower, '2025-06-24'), true);
  assert.equal(provenAfter(lower, '2025-06-25'), false);
  assert.equal(mayBeAfter(lower, '2025-06-25'), true);
  // The snapshot of 2026-05-12 saw the weights public: no release after it.
  assert.equal(mayBeAfter(lower, '2026-05-12'), false);
  assert.equal(provenAfter(day, '2025-04-28'), true);
  assert.equal(provenAfter(day, '2025-04-29'), false);
  assert.equal(mayBeAfter(day, '2025-04-29'), false);
  assert.equal(mayBeAfter(undefined, '2025-01-01'), false);
});

test('a bound reads as one', () => {
  assert.equal(releaseWords(upper), 'on or before 2026-09-23');
  assert.equal(releaseWords(lower), 'on or after 2025-06-25');
  assert.equal(releaseWords(day), '2025-04-29');
});

test('a lower bound ends where a source first shows the model public, if before the snapshot', () => {
  // zephyr-7b-beta: HuggingFaceH4/zephyr-7b-beta created 2023-10-26, read in llmfit's snapshot of 2026-05-12; LMArena
  // published its rating on 2023-11-08 (the arena's history): public by then, so not released after 2025-01-01.
  const zephyr = { value: '2023-10-26', as_of: '2026-05-12', bound: 'on_or_after' as const };
  assert.deepEqual(releaseSpan(zephyr, '2023-11-08'), { earliest: '2023-10-26', latest: '2023-11-08' });
  assert.equal(mayBeAfter(zephyr, '2025-01-01'), true, 'by the snapshot alone it may be');
  assert.equal(mayBeAfter(zephyr, '2025-01-01', '2023-11-08'), false);
  assert.equal(mayBeAfter(zephyr, '2023-11-01', '2023-11-08'), true);
  // A day before the bound (another upload's listing) ends nothing; a later one than the snapshot neither.
  assert.deepEqual(releaseSpan(zephyr, '2023-01-01'), { earliest: '2023-10-26', latest: '2026-05-12' });
  assert.deepEqual(releaseSpan(zephyr, '2026-06-01'), { earliest: '2023-10-26', latest: '2026-05-12' });
  assert.deepEqual(releaseSpan({ value: '2023-10-26', bound: 'on_or_after' }, '2023-11-08'), { earliest: '2023-10-26', latest: '2023-11-08' });
  // An upper bound and a day are not moved by it.
  assert.deepEqual(releaseSpan(upper, '2026-01-01'), { latest: '2026-09-23' });
  assert.deepEqual(releaseSpan(day, '2025-01-01'), { earliest: '2025-04-29', latest: '2025-04-29' });
});
