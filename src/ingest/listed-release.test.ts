// Tests of the release date derived from the developer's first listing in a dated history (listed-release.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChangeEvent } from '../schema/index.ts';
import { isFirstParty } from './first-party.ts';
import { listedRelease } from './listed-release.ts';

const vendor: Record<string, string> = { 'gpt-5.6-sol': 'openai', moderation: 'openai', 'claude-v1': 'anthropic', 'kimi-k3': 'moonshotai' };
const isDeveloper = (provider: string, id: string) => isFirstParty(provider, vendor[id]);
const names: Record<string, string> = { openai: 'OpenAI', anthropic: 'Anthropic', moonshotai: 'Moonshot AI' };
const name = (id: string) => names[id];

let n = 0;
const listed = (model_id: string, date: string, provider: string, source: string, extra: Partial<ChangeEvent> = {}): ChangeEvent => ({
  id: (n++).toString(16).padStart(16, '0'), date, model_id, kind: 'hosting', field: 'offered', provider, old: false, new: true,
  source, correction: null, commit: 'c28fc0ad7e', ...extra,
});
const rated = (model_id: string, date: string): ChangeEvent => ({
  id: (n++).toString(16).padStart(16, '0'), date, model_id, kind: 'elo', field: 'rating', leaderboard: 'text', old: null, new: 1450,
  source: 'lmarena', correction: null,
});

test('gpt-5.6-sol: OpenAI listed in genai-prices on 2026-07-09 (commit c28fc0ad7e), litellm the same listing: derived, an upper bound', () => {
  // genai-prices price-changes-from-git.jsonl: {"commit": "c28fc0ad7e", "date": "2026-07-09T15:31:19-06:00",
  // "subject": "feat: add GPT-5.6 pricing (#461)", "provider": "openai", "model": "gpt-5.6-sol", "change": "added"}.
  const f = listedRelease({ id: 'gpt-5.6-sol', vendor: 'openai' }, [
    listed('gpt-5.6-sol', '2026-07-12', 'azure', 'litellm', { commit: 'd5859c41cd' }),
    listed('gpt-5.6-sol', '2026-07-09', 'openai', 'genai-prices', { corroborated_by: ['litellm'], provider_model_ids: ['gpt-5.6', 'gpt-5.6-sol'] }),
  ], isDeveloper, name);
  assert.equal(f?.value, '2026-07-09');
  assert.equal(f?.source, 'derived');
  assert.deepEqual(f?.derived_from, ['genai-prices: openai listing added 2026-07-09 (commit c28fc0ad7e): gpt-5.6, gpt-5.6-sol',
    'litellm: azure listing added 2026-07-12', 'litellm: the same openai listing, recorded']);
  assert.match(f!.note!, /^first listed by OpenAI in the history of genai-prices on 2026-07-09, and seen by another source within 7 days/);
  assert.match(f!.note!, /upper bound of the release, not an announced date$/);
  assert.equal(f?.bound, 'on_or_before');
});

test("a reseller's listing alone gives no date, however many catalogues record it", () => {
  const f = listedRelease({ id: 'gpt-5.6-sol', vendor: 'openai' }, [
    listed('gpt-5.6-sol', '2026-07-12', 'azure', 'litellm'), listed('gpt-5.6-sol', '2026-07-12', 'openrouter', 'genai-prices'),
  ], isDeveloper, name);
  assert.equal(f, undefined);
});

test('kimi-k3: the arena debut the same day (2026-07-16) corroborates Moonshot listing it', () => {
  const f = listedRelease({ id: 'kimi-k3', vendor: 'moonshotai' }, [
    listed('kimi-k3', '2026-07-16', 'moonshotai', 'genai-prices', { commit: 'ba8093719f' }), rated('kimi-k3', '2026-07-16'),
  ], isDeveloper, name);
  assert.equal(f?.value, '2026-07-16');
  assert.match(f!.note!, /^first listed by Moonshot AI in the history of genai-prices on 2026-07-16/);
  assert.deepEqual(f?.derived_from?.slice(1), ['lmarena: rated 2026-07-16']);
});

test('moderation: a listing no other source saw near it is a catalogue filling in, not a launch', () => {
  assert.equal(listedRelease({ id: 'moderation', vendor: 'openai' }, [listed('moderation', '2025-11-07', 'openai', 'genai-prices')], isDeveloper, name), undefined);
});

test('claude-v1: rated on the arena in May 2023, so its 2025-11-07 listing is no release', () => {
  const f = listedRelease({ id: 'claude-v1', vendor: 'anthropic' }, [
    rated('claude-v1', '2023-05-08'), listed('claude-v1', '2025-11-07', 'anthropic', 'genai-prices', { corroborated_by: ['litellm'] }),
  ], isDeveloper, name);
  assert.equal(f, undefined);
});

test('a correction (a catalogue adding a provider it had not tracked) and a listing without a commit give no date', () => {
  const events = [rated('gpt-5.6-sol', '2026-07-10')];
  assert.equal(listedRelease({ id: 'gpt-5.6-sol', vendor: 'openai' }, [...events,
    listed('gpt-5.6-sol', '2026-07-09', 'openai', 'litellm', { correction: true })], isDeveloper, name), undefined);
  assert.equal(listedRelease({ id: 'gpt-5.6-sol', vendor: 'openai' }, [...events,
    listed('gpt-5.6-sol', '2026-07-09', 'openai', 'litellm', { commit: undefined })], isDeveloper, name), undefined);
});
