// Tests of the reviewed developer-releases table: rows to release observations; a bad row is an issue, not a fact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translateDeveloperReleases } from './developer-releases.ts';

const HEAD = 'model_id,release_date,url,read_on,note\n';

test('a row becomes a release observation of the canonical model', () => {
  const row = 'magistral-small,2025-06-10,https://mistral.ai/news/magistral,2026-11-26,Jun 10 2025\n';
  const { models, issues } = translateDeveloperReleases(`${HEAD}${row}`);
  assert.deepEqual(issues, []);
  assert.deepEqual(models, [{
    source: 'developer-releases', source_model_id: 'magistral-small', canonical_hint: 'magistral-small', as_of: '2026-11-26',
    url: 'https://mistral.ai/news/magistral', release_date: '2025-06-10',
  }]);
});

test('a row without a date or a page is rejected', () => {
  const rows = 'gemma-3,2025-03,https://x.example/,2026-11-26,n\ngemma-3,2025-03-12,,2026-11-26,n\n';
  const { models, issues } = translateDeveloperReleases(`${HEAD}${rows}`);
  assert.equal(models.length, 0);
  assert.equal(issues.length, 2);
});

test('a row may give the cutoff alone; a row with neither date nor cutoff is rejected', () => {
  // Anthropic's models overview (tables read 2026-07-06): Opus 4.1 'Reliable knowledge cutoff' Jan 2025, no release day.
  const head = 'model_id,release_date,url,read_on,note,knowledge_cutoff\n';
  const rows = 'claude-opus-4-1,,https://platform.claude.com/docs/en/about-claude/models/overview,2026-11-27,Jan 2025,2025-01\n'
    + 'claude-opus-4-1,,https://platform.claude.com/docs/en/about-claude/models/overview,2026-11-27,nothing,\n';
  const { models, issues } = translateDeveloperReleases(`${head}${rows}`);
  assert.deepEqual(models, [{
    source: 'developer-releases', source_model_id: 'claude-opus-4-1', canonical_hint: 'claude-opus-4-1', as_of: '2026-11-27',
    url: 'https://platform.claude.com/docs/en/about-claude/models/overview', knowledge_cutoff: '2025-01',
  }]);
  assert.equal(issues.length, 1);
  assert.match(JSON.stringify(issues[0]), /release_date/);
});
