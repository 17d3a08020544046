import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leadingDate, wordsEarliest } from './earliest-date.ts';

test('dates as providers write them', () => {
  assert.equal(leadingDate('October 16, 2026, a firm date to follow'), '2026-10-16');
  assert.equal(leadingDate('16 October 2026'), '2026-10-16');
  assert.equal(leadingDate('2026-10-16.'), '2026-10-16');
  assert.equal(leadingDate('Oct 6 2026'), '2026-10-06');
  assert.equal(leadingDate('the next release'), undefined);
});

test('an earliest day is a bound of the date it names, and only of that date', () => {
  // Google Cloud's e-mail on Vertex AI (gcpstudyhub.com, 2026): "Gemini 2.5 Pro, Gemini 2.5 Flash, and Gemini 2.5
  // Flash Lite will be discontinued no earlier than October 16, 2026".
  const vertex = 'Gemini 2.5 Pro, Gemini 2.5 Flash, and Gemini 2.5 Flash Lite will be discontinued no earlier than October 16, 2026.';
  assert.equal(wordsEarliest(vertex, '2026-10-16'), true);
  assert.equal(wordsEarliest(vertex, '2026-12-01'), false);
  assert.equal(wordsEarliest('The model will be shut down not before 2026-10-16.', '2026-10-16'), true);
  assert.equal(wordsEarliest('Requests are refused on or after 1 December 2026.', '2026-12-01'), true);
  assert.equal(wordsEarliest('It shuts down on October 16, 2026 at the earliest.', '2026-10-16'), true);
  // deprecations.json, OpenAI gpt-3.5-turbo-0301 (shutdown_date 2024-09-13): the earliest words bound June 2024, not
  // the date the row gives.
  const openai = 'The three original versions will be retired in June 2024 at the earliest. As of January 10, 2024, only existing users';
  assert.equal(wordsEarliest(openai, '2024-09-13'), false);
  // A firm date: Google's table as deprecations.info writes it.
  assert.equal(wordsEarliest('Gemini deprecations table: Gemini 2.5 Pro models. Release date: 2025-06-17. Shutdown date: 2026-10-16.', '2026-10-16'), false);
});
