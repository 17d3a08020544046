// Tests of shutdown events from deprecation notices: past shutdowns only, at the provider, merged with catalogue events.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChangeEvent } from '../schema/index.ts';
import type { ModelObservation } from '../sources/types.ts';
import { dedupe } from './build-changes.ts';
import { noticeEvents } from './build-notice-events.ts';

// deprecations.json row 146: Anthropic claude-3-haiku-20240307, deprecated 2026-02-19, shutdown 2026-04-20,
// replacement claude-haiku-4-5-20251001, last observed 2026-04-21.
const HAIKU: ModelObservation = {
  source: 'deprecations-rss', source_model_id: 'claude-3-haiku-20240307', provider: 'anthropic', as_of: '2026-04-21',
  url: 'https://platform.claude.com/docs/en/about-claude/model-deprecations#2026-02-19-claude-haiku-3-model',
  status: 'deprecated', deprecation_date: '2026-02-19', shutdown_date: '2026-04-20', replacement: 'claude-haiku-4-5-20251001',
};
// Row 330: Azure gpt-5.5, retirement 2027-04-23, last observed 2026-04-28.
const AZURE_GPT55: ModelObservation = {
  source: 'deprecations-rss', source_model_id: 'gpt-5.5', provider: 'azure', as_of: '2026-04-28', deprecation_date: '2027-04-23', shutdown_date: '2027-04-23',
};
const resolve = (o: ModelObservation) => ({ 'claude-3-haiku-20240307': 'claude-3-haiku', 'gpt-5.5': 'gpt-5.5' } as Record<string, string>)[o.source_model_id];

test('a past shutdown is a hosting event at the provider on the shutdown day, a real change', () => {
  const { events, ahead, unresolved } = noticeEvents([HAIKU, AZURE_GPT55], resolve);
  assert.equal(ahead, 1, 'Azure gpt-5.5 retires after the page was read: no event yet');
  assert.equal(unresolved, 0);
  assert.deepEqual(events.map((e) => [e.date, e.model_id, e.kind, e.field, e.provider, e.old, e.new, e.source, e.correction]), [
    ['2026-04-20', 'claude-3-haiku', 'hosting', 'offered', 'anthropic', true, false, 'deprecations-rss', false],
  ]);
  assert.match(events[0].subject ?? '', /claude-3-haiku-20240307.*deprecated 2026-02-19.*replacement claude-haiku-4-5-20251001/);
  assert.equal(events[0].variant, 'claude-3-haiku-20240307', 'the dated snapshot withdrawn, not every form of the model');
});

test('a notice under the model\'s own id names no variant, and merges with a catalogue\'s record of the same withdrawal', () => {
  const own = { ...HAIKU, source_model_id: 'claude-3-haiku' };
  const catalogue: ChangeEvent = {
    id: '', date: '2026-04-22', model_id: 'claude-3-haiku', kind: 'hosting', field: 'offered', provider: 'anthropic',
    old: true, new: false, source: 'models-dev', correction: null, commit: 'abc1234',
  };
  const ev = noticeEvents([own], (o) => (o.source_model_id === 'claude-3-haiku' ? 'claude-3-haiku' : undefined)).events;
  assert.equal(ev[0].variant, undefined);
  const merged = dedupe([catalogue, ...ev]);
  assert.equal(merged.length, 1);
  assert.equal(merged[0].date, '2026-04-20', 'the earlier record is kept: the notice');
  assert.deepEqual(merged[0].corroborated_by, ['models-dev']);
});

test('notices of models not in the dataset, or without a shutdown date, make no event', () => {
  const other = { ...HAIKU, source_model_id: 'claude-instant-1.2' };
  const noDate = { ...HAIKU, shutdown_date: undefined };
  const { events, unresolved } = noticeEvents([other, noDate], resolve);
  assert.deepEqual(events, []);
  assert.equal(unresolved, 1);
});
