// Tests of the benchmark selection: one fact per measurement, dated by the score's date, exact entry first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BenchmarkObservation, ModelObservation } from '../sources/types.ts';
import { buildBenchmarks } from './build-benchmarks.ts';

function anObservation(id: string, benchmarks: BenchmarkObservation[], over: Partial<ModelObservation> = {}): ModelObservation {
  return { source: 'models-dev', source_model_id: id, as_of: '2026-07-02', benchmarks, ...over };
}

// Values of models/stepfun/step-3.5-flash.toml and step-3.5-flash-2603.toml (models.dev snapshot 2026-07-02):
// Artificial Analysis Coding Index 31.6 and 34.6 (index), both dated 2026-06-02; SWE-Bench Verified 74.4 (resolved,
// no date) in the first file only.
const AA = 'https://openrouter.ai/stepfun/step-3.5-flash/benchmarks';
const FLASH = anObservation('stepfun/step-3.5-flash', [
  { name: 'Artificial Analysis Coding Index', score: 31.6, metric: 'index', url: AA, date: '2026-06-02' },
  { name: 'SWE-Bench Verified', score: 74.4, metric: 'resolved', url: 'https://arxiv.org/abs/2602.10604' },
]);
const FLASH_2603 = anObservation('stepfun/step-3.5-flash-2603', [{ name: 'Artificial Analysis Coding Index', score: 34.6, metric: 'index', url: AA, date: '2026-06-02' }]);

test('each score is a fact dated by its own date, sourced, with the page as url; undated ones say so', () => {
  const facts = buildBenchmarks('step-3.5-flash', [FLASH]);
  assert.deepEqual(facts, [
    { value: { name: 'Artificial Analysis Coding Index', score: 31.6, metric: 'index', url: AA }, as_of: '2026-06-02', source: 'models-dev' },
    {
      value: { name: 'SWE-Bench Verified', score: 74.4, metric: 'resolved', url: 'https://arxiv.org/abs/2602.10604' },
      as_of: '2026-07-02',
      source: 'models-dev',
      note: 'models-dev gives no date for this score: dated by the snapshot that reports it',
    },
  ]);
});

test('the same measurement from an entry merged into the model: the entry spelled like the model wins', () => {
  const facts = buildBenchmarks('step-3.5-flash', [FLASH_2603, FLASH]) ?? [];
  const aa = facts.filter((f) => f.value.name === 'Artificial Analysis Coding Index');
  assert.deepEqual(aa.map((f) => f.value.score), [31.6]);
});

test('scores that differ in harness, effort or subset are separate facts; spellings of one name are one benchmark', () => {
  // models/anthropic/claude-opus-4-7.toml: SWE-Bench Pro 64.3 (resolve rate, Anthropic, 2026-05-28) and 44.9 / 36.4
  // (pass@1, Claude Code, max / medium, hard-aa).
  const url = 'https://artificialanalysis.ai/agents/coding-agents';
  const facts = buildBenchmarks('claude-opus-4-7', [
    anObservation('anthropic/claude-opus-4-7', [
      { name: 'SWE-Bench Pro', score: 64.3, metric: 'resolve rate', url: 'https://www.anthropic.com/news/claude-opus-4-8', date: '2026-05-28' },
      { name: 'SWE-Bench Pro', score: 44.9, metric: 'pass@1', harness: 'Claude Code', variant: 'max', dataset: 'hard-aa', url },
      { name: 'SWE-Bench Pro', score: 36.4, metric: 'pass@1', harness: 'Claude Code', variant: 'medium', dataset: 'hard-aa', url },
    ]),
    anObservation('anthropic/claude-opus-4-7-20260416', [{ name: 'SWE Bench Pro', score: 60, metric: 'Resolve Rate', url: 'https://x.example', date: '2026-06-01' }]),
  ]);
  assert.deepEqual(facts?.map((f) => f.value.score), [64.3, 44.9, 36.4]);
});

test('no scores: no benchmarks field', () => {
  assert.equal(buildBenchmarks('x', [anObservation('a/x', [])]), undefined);
  assert.equal(buildBenchmarks('x', [{ source: 'lmarena', source_model_id: 'x', as_of: '2026-07-02' }]), undefined);
});
