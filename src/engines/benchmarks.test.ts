// Tests of the benchmark index: names as most scores spell them, spellings compared loosely, each model's best score.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, f } from '../dataset/fixtures.ts';
import { benchmarkNames, bestScores, knownBenchmark } from './benchmarks.ts';

// models.dev snapshot 2026-07-02: 38 entries spell it "SWE-Bench Pro", 2 (Sakana) "SWE Bench Pro";
// models/google/gemini-3.1-pro-preview.toml has SWE-Bench Pro 54.2 (2026-05-28) and 46.1 (public subset).
const score = (name: string, s: number, as_of = '2026-07-02') => f({ name, score: s, metric: 'resolve rate' }, 'test-source', as_of);
const ds = aDataset({
  models: [
    aModel({ id: 'gemini-3.1-pro-preview', benchmarks: [score('SWE-Bench Pro', 46.1), score('SWE-Bench Pro', 54.2, '2026-05-28')] }),
    aModel({ id: 'gpt-5.5', benchmarks: [score('SWE-Bench Pro', 58.6)] }),
    aModel({ id: 'fugu', benchmarks: [score('SWE Bench Pro', 59.0), score('SciCode', 60.1)] }),
  ],
});

test('one name per benchmark, the spelling most scores use, A to Z', () => {
  assert.deepEqual(benchmarkNames(ds), ['SciCode', 'SWE-Bench Pro']);
});

test('a name is known whatever its case, spaces or hyphens', () => {
  assert.equal(knownBenchmark(ds, 'swe bench pro'), true);
  assert.equal(knownBenchmark(ds, 'SWEBENCHPRO'), true);
  assert.equal(knownBenchmark(ds, 'mmlu'), false);
});

test('each model\'s highest score on the benchmark', () => {
  const best = bestScores(ds, 'swe-bench-pro');
  assert.deepEqual([...best.entries()].map(([id, s]) => [id, s.value.score]).sort(), [['fugu', 59], ['gemini-3.1-pro-preview', 54.2], ['gpt-5.5', 58.6]]);
  assert.equal(best.get('gemini-3.1-pro-preview')?.as_of, '2026-05-28');
  assert.equal(bestScores(ds, 'mmlu').size, 0);
});
