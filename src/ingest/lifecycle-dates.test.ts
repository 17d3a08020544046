import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseLifecycle, namesOtherSnapshot, rollsToNewerSnapshot } from './lifecycle-dates.ts';

test("the developer's notice wins over a newer catalogue copy; the copy stays visible as a conflict", () => {
  // claude-3-opus-20240229: Anthropic's notice (deprecations-rss, read 2026-03-26) shuts it down 2026-01-05; LiteLLM's
  // snapshot of 2026-07-24 gives 2026-05-01.
  const f = chooseLifecycle([
    { value: '2026-05-01', source: 'litellm', as_of: '2026-07-24' },
    { value: '2026-01-05', source: 'deprecations-rss', as_of: '2026-03-26' },
  ]);
  assert.deepEqual(f, { value: '2026-01-05', source: 'deprecations-rss', as_of: '2026-03-26',
    conflicts: [{ value: '2026-05-01', source: 'litellm', as_of: '2026-07-24' }] });
});

test('without a notice the newest copy wins; within the notices the newest notice wins', () => {
  assert.equal(chooseLifecycle([
    { value: '2026-02-01', source: 'models-dev', as_of: '2026-07-02' },
    { value: '2026-03-01', source: 'litellm', as_of: '2026-07-24' },
  ])?.value, '2026-03-01');
  assert.equal(chooseLifecycle([
    { value: '2026-04-20', source: 'deprecations-rss', as_of: '2026-07-21' },
    { value: '2026-03-10', source: 'developer-notices', as_of: '2026-01-01' },
  ])?.value, '2026-04-20');
});

test('a deprecation date after the shutdown date is not served; an earlier one is, with the late one as a conflict', () => {
  const late = { value: '2026-05-01', source: 'litellm', as_of: '2026-07-24' };
  assert.equal(chooseLifecycle([late], { notAfter: '2026-01-05' }), undefined);
  const f = chooseLifecycle([late, { value: '2025-06-30', source: 'deprecations-rss', as_of: '2026-03-26' }], { notAfter: '2026-01-05' });
  assert.deepEqual([f?.value, f?.conflicts?.map((c) => c.value)], ['2025-06-30', ['2026-05-01']]);
});

test('a dated snapshot notice is not read onto another dated snapshot', () => {
  // deprecations-rss: OpenAI gpt-4o-audio-preview-2024-10-01 shut down 2025-10-10; gpt-4o-audio-preview (undated) 2026-05-07.
  assert.equal(namesOtherSnapshot('gpt-4o-audio-preview-2024-10-01', 'gpt-4o-audio-preview-2025-06-03'), true);
  assert.equal(namesOtherSnapshot('gemini-2.0-flash-thinking-exp-01-21', 'gemini-2.0-flash-thinking-exp-1219'), true);
  assert.equal(namesOtherSnapshot('gpt-4o-audio-preview-2024-10-01', 'gpt-4o-audio-preview-2024-10-01'), false);
  // An undated side: the pointer's listing, or a notice naming the model, still takes the notice.
  assert.equal(namesOtherSnapshot('gpt-4o-audio-preview', 'gpt-4o-audio-preview-2025-06-03'), false);
  assert.equal(namesOtherSnapshot('gpt-4o-audio-preview-2024-10-01', 'gpt-4o-audio-preview'), false);
  // A YYMM version is not a snapshot date.
  assert.equal(namesOtherSnapshot('mistral-large-2411', 'mistral-large-2407'), false);
});

test("one snapshot spelt two ways is the same snapshot: OpenAI's gpt-3.5-turbo-0301 notice and the gpt-3.5-0301 listing", () => {
  assert.equal(namesOtherSnapshot('gpt-3.5-turbo-0301', 'gpt-3.5-0301'), false);
  assert.equal(namesOtherSnapshot('o1-preview-2024-09-12', 'o1-preview-20240912'), false);
  assert.equal(namesOtherSnapshot('gpt-4-0613', 'gpt-4-2023-06-13'), false);
  assert.equal(namesOtherSnapshot('gpt-3.5-turbo-0613', 'gpt-3.5-turbo-1106'), true);
});

test('a snapshot retired for a newer snapshot of the same name leaves that undated name served', () => {
  // deprecations-rss, OpenAI: gpt-4o-mini-tts-2025-03-20, replacement gpt-4o-mini-tts-2025-12-15.
  assert.equal(rollsToNewerSnapshot('gpt-4o-mini-tts-2025-03-20', 'gpt-4o-mini-tts-2025-12-15', 'gpt-4o-mini-tts'), true);
  // Another listing, an older replacement, another model or an undated replacement: not this rule.
  assert.equal(rollsToNewerSnapshot('gpt-4o-mini-tts-2025-03-20', 'gpt-4o-mini-tts-2025-12-15', 'gpt-4o-mini-tts-2025-03-20'), false);
  assert.equal(rollsToNewerSnapshot('gpt-4o-mini-tts-2025-12-15', 'gpt-4o-mini-tts-2025-03-20', 'gpt-4o-mini-tts'), false);
  assert.equal(rollsToNewerSnapshot('gpt-3.5-turbo-1106', 'gpt-5.4-mini', 'gpt-3.5-turbo'), false);
  assert.equal(rollsToNewerSnapshot('o3-2025-04-16', 'gpt-5.5', 'o3'), false);
  assert.equal(rollsToNewerSnapshot('o3-2025-04-16', undefined, 'o3'), false);
});
