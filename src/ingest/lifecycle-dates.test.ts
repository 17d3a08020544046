import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseLifecycle } from './lifecycle-dates.ts';

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
