// Tests of the models.dev `[[benchmarks]]` reader: shape, checks that keep a bad score out, and the real snapshot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBenchmarks } from './catalogue-models-dev-benchmarks.ts';
import { modelsDev } from './models-dev.ts';
import type { IngestIssue } from './types.ts';

const shared = path.resolve(fileURLToPath(import.meta.url), '../../../../shared/data');
const haveShared = existsSync(path.join(shared, 'sources', 'models.dev'));
const WHERE = { source: 'models-dev', file: 'models.dev/x.tar.gz', row: 'models/stepfun/step-3.5-flash.toml' };

test('a benchmark keeps name, score, metric, the page as url, its qualifiers and its own date', () => {
  const issues: IngestIssue[] = [];
  const out = readBenchmarks(
    [
      { name: 'SciCode', score: 40.4, metric: 'percent correct', source: 'https://openrouter.ai/stepfun/step-3.5-flash/benchmarks', date: '2026-06-02' },
      { name: 'Terminal-Bench', score: 74.6, metric: 'success rate', harness: 'Terminus-2', version: '2.1', source: 'https://www.anthropic.com/news/claude-opus-4-8' },
    ],
    '2026-07-02',
    WHERE,
    issues,
  );
  assert.deepEqual(issues, []);
  assert.deepEqual(out, [
    { name: 'SciCode', score: 40.4, metric: 'percent correct', url: 'https://openrouter.ai/stepfun/step-3.5-flash/benchmarks', date: '2026-06-02' },
    { name: 'Terminal-Bench', score: 74.6, metric: 'success rate', url: 'https://www.anthropic.com/news/claude-opus-4-8', harness: 'Terminus-2', version: '2.1' },
  ]);
});

test('malformed or impossible scores are issues with the file and field, and stay out', () => {
  const issues: IngestIssue[] = [];
  const out = readBenchmarks(
    [
      { name: 'SWE Bench Pro', score: 59.0, source: 'https://console.sakana.ai/models' }, // no metric
      { name: 'SciCode', score: '40', metric: 'percent', source: 'https://x.example' }, // score as text
      { name: 'SciCode', score: 140, metric: 'percent correct', source: 'https://x.example' }, // over 100 %
      { name: 'SciCode', score: 40, metric: 'percent correct', source: 'not a url' },
      { name: 'SciCode', score: 40, metric: 'percent correct', source: 'https://x.example', date: '2026-08-01' }, // after the snapshot
      { name: 'SciCode', score: 40, metric: 'percent correct', source: 'https://x.example', unit: 'pct' }, // unknown key
      { name: 'SciCode', score: 40, metric: 'percent correct', source: 'https://x.example' },
    ],
    '2026-07-02',
    WHERE,
    issues,
  );
  assert.deepEqual(
    issues.map((i) => i.field),
    ['benchmarks[0].metric', 'benchmarks[1].score', 'benchmarks[2].score', 'benchmarks[3].source', 'benchmarks[4].date', 'benchmarks[5]'],
  );
  for (const i of issues) assert.equal(i.row, 'models/stepfun/step-3.5-flash.toml');
  assert.equal(out?.length, 1);
});

test('benchmarks that are not an array of tables are one issue', () => {
  const issues: IngestIssue[] = [];
  assert.equal(readBenchmarks({ name: 'x' }, '2026-07-02', WHERE, issues), undefined);
  assert.deepEqual(issues.map((i) => i.field), ['benchmarks']);
});

test('the real snapshot: benchmarks of models/ files only, dated and with their page', { skip: !haveShared }, async () => {
  const r = await modelsDev.read({ sources: path.join(shared, 'sources'), curated: path.join(shared, 'curated') });
  const withB = (r.models ?? []).filter((m) => m.benchmarks);
  // `grep -l '^\[\[benchmarks\]\]'` over models/ of models.dev-toml-HEAD-2026-07-02.tar.gz: 97 files, 288 entries;
  // models/sakana/fugu.toml and fugu-ultra.toml give no metric for any of their 24 scores.
  assert.equal(withB.length, 95);
  assert.ok(withB.every((m) => m.provider === undefined), 'provider files inheriting a models/ file do not repeat its scores');
  assert.equal(withB.reduce((n, m) => n + (m.benchmarks?.length ?? 0), 0), 288 - 24);
  const noMetric = r.issues.filter((i) => /benchmarks\[\d+\]\.metric/.test(i.field ?? ''));
  assert.equal(noMetric.length, 24);
  assert.ok(noMetric.every((i) => /models\/sakana\/fugu(-ultra)?\.toml/.test(i.row)));
  // models/stepfun/step-3.5-flash.toml: [[benchmarks]] name = "SciCode", score = 40.4, metric = "percent correct",
  // source = "https://openrouter.ai/stepfun/step-3.5-flash/benchmarks", date = "2026-06-02".
  const step = withB.find((m) => m.source_model_id === 'stepfun/step-3.5-flash');
  assert.deepEqual(step?.benchmarks?.find((b) => b.name === 'SciCode'), {
    name: 'SciCode', score: 40.4, metric: 'percent correct', url: 'https://openrouter.ai/stepfun/step-3.5-flash/benchmarks', date: '2026-06-02',
  });
  // models/anthropic/claude-opus-4-7.toml: SWE-Bench Pro 44.9 pass@1, harness Claude Code, variant max, dataset hard-aa.
  const opus = withB.find((m) => m.source_model_id === 'anthropic/claude-opus-4-7');
  assert.deepEqual(opus?.benchmarks?.find((b) => b.name === 'SWE-Bench Pro' && b.variant === 'max'), {
    name: 'SWE-Bench Pro', score: 44.9, metric: 'pass@1', url: 'https://artificialanalysis.ai/agents/coding-agents', harness: 'Claude Code', variant: 'max', dataset: 'hard-aa',
  });
});
