// Tests of the reviewed developer-releases table: rows to release observations; a bad row is an issue, not a fact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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

test('the committed table: Anthropic\'s reliable cutoffs for Claude 4 and 3.7 Sonnet, read on its Transparency Hub', () => {
  const { models, issues } = translateDeveloperReleases(readFileSync(new URL('../../data/curated/developer-releases.csv', import.meta.url), 'utf8'));
  assert.deepEqual(issues, []);
  const by = new Map(models.map((m) => [m.source_model_id, m]));
  // anthropic.com/transparency, Claude 4 model report: "Claude Opus 4 and Claude Sonnet 4 have a knowledge cutoff date
  // of January 2025"; the models overview's "training data cut-off" for both is March 2025 (models.dev's 2025-03-31).
  for (const id of ['claude-opus-4-0', 'claude-sonnet-4-0']) {
    assert.equal(by.get(id)?.knowledge_cutoff, '2025-01', id);
    assert.equal(by.get(id)?.url, 'https://www.anthropic.com/transparency', id);
  }
  // The same hub's Claude 3.7 Sonnet table: "Claude 3.7 Sonnet has a knowledge cutoff date of October 2024."
  assert.equal(by.get('claude-3-7-sonnet-20250219')?.knowledge_cutoff, '2024-10');
  // Anthropic's own overview (zh-CN edition): Sonnet 4.5 可靠知识截止日期 2025 年 1 月, Opus 4.6 2025 年 5 月.
  assert.equal(by.get('claude-sonnet-4-5')?.knowledge_cutoff, '2025-01');
  assert.equal(by.get('claude-opus-4-6')?.knowledge_cutoff, '2025-05');
  assert.match(by.get('claude-opus-4-6')!.url!, /^https:\/\/platform\.claude\.com\/docs\/zh-CN\//);
  // Mistral's model page for Saba (docs.mistral.ai source): releaseDate 2025-02-17.
  assert.equal(by.get('mistral-saba')?.release_date, '2025-02-17');
});

test('a bound column carries the row\'s bound into the observation; empty is the day; a bound needs a day', () => {
  // Hy3: Tencent's README saying 'Today, we are launching Hy3' was first committed 2026-07-06: no launch before that day.
  const head = 'model_id,release_date,url,read_on,note,knowledge_cutoff,bound\n';
  const rows = 'hy3,2026-07-06,https://github.com/Tencent-Hunyuan/Hy3,2026-11-28,commit,,on_or_after\n'
    + 'qwq-32b,2025-03-06,https://qwenlm.github.io/blog/qwq-32b/,2026-11-26,March 6 2025,,\n'
    + 'x-model,2025-03-06,https://x.example/,2026-11-26,n,,sometime\n'
    + 'y-model,,https://y.example/,2026-11-26,n,2024-06,on_or_before\n';
  const { models, issues } = translateDeveloperReleases(`${head}${rows}`);
  assert.deepEqual(models.map((m) => [m.source_model_id, m.release_date, m.release_bound]),
    [['hy3', '2026-07-06', 'on_or_after'], ['qwq-32b', '2025-03-06', undefined]]);
  assert.deepEqual(issues.map((i) => [i.row.split(' ')[0], i.field]), [['x-model', 'bound'], ['y-model', 'bound']]);
});

test('the committed table marks Hy3\'s commit-dated release as a lower bound and the dated announcements as days', () => {
  const { models } = translateDeveloperReleases(readFileSync(new URL('../../data/curated/developer-releases.csv', import.meta.url), 'utf8'));
  const by = new Map(models.map((m) => [m.source_model_id, m]));
  assert.equal(by.get('hy3')?.release_bound, 'on_or_after');
  // Qwen's blog post is dated March 6, 2025: the day itself.
  assert.equal(by.get('qwq-32b')?.release_bound, undefined);
});
