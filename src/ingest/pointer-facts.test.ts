import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aModel } from '../dataset/fixtures.ts';
import { pointerVersionFacts } from './pointer-facts.ts';

const pointsTo = { value: 'codestral-2508', as_of: '2026-08-21', source: 'version-pointers' };

test('a version fact the target lacks is withheld; one it has is the target\'s, cited to the pointer table', () => {
  // models.dev's codestral-latest: open_weights true, weights Codestral-22B-v0.1 (the 2405 target's, 22.2B); Codestral
  // 25.08 (codestral-2508) is closed and its size unpublished.
  const pointer = aModel({
    id: 'codestral-latest', points_to: pointsTo,
    open_weights: { value: true, as_of: '2026-07-02', source: 'models-dev' },
    parameters_total: { value: 22.2e9, as_of: '2026-11-27', source: 'model-architecture' },
    benchmarks: [
      { value: { name: 'Aider Polyglot', score: 11.1, metric: 'percent correct' }, as_of: '2025-01-13', source: 'models-dev' },
      { value: { name: 'Later score', score: 50, metric: 'percent correct' }, as_of: '2025-09-01', source: 'models-dev' },
    ],
  });
  const target = aModel({ id: 'codestral-2508', open_weights: { value: false, as_of: '2026-07-02', source: 'models-dev' },
    knowledge_cutoff: { value: '2025-03-31', as_of: '2026-07-02', source: 'models-dev' },
    release_date: { value: '2025-08-01', as_of: '2026-07-02', source: 'models-dev' } });
  const notes = pointerVersionFacts([pointer, target]);
  assert.equal(notes.length, 1);
  assert.deepEqual(pointer.open_weights, {
    value: false, as_of: '2026-08-21', source: 'version-pointers',
    note: "codestral-2508's open_weights (models-dev, 2026-07-02): codestral-latest serves codestral-2508 as of 2026-08-21 (version-pointers.csv)",
    conflicts: [{ value: true, as_of: '2026-07-02', source: 'models-dev' }],
  });
  assert.equal(pointer.parameters_total, undefined);
  // No listing gave the pointer a cutoff: the target's is not copied onto it.
  assert.equal(pointer.knowledge_cutoff, undefined);
  // 2025-01-13 is before 25.08's release (2025-08-01): an earlier target's score; 2025-09-01 stays.
  assert.deepEqual(pointer.benchmarks?.map((b) => b.value.name), ['Later score']);
  assert.deepEqual(pointer.withheld?.map((w) => [w.field, w.value, w.source]), [
    ['parameters_total', '22200000000', 'model-architecture'], ['benchmarks', 'Aider Polyglot 11.1', 'models-dev'],
  ]);
  // The target is untouched, and a concrete model with no points_to is left alone.
  assert.equal(target.open_weights?.source, 'models-dev');
  assert.deepEqual(pointerVersionFacts([target]), []);
});

test('without a target release date, scores before the pointer row\'s evidence are withheld', () => {
  const pointer = aModel({ id: 'p-latest', points_to: { value: 't', as_of: '2026-07-02', source: 'version-pointers' },
    benchmarks: [{ value: { name: 'Old', score: 1, metric: 'x' }, as_of: '2026-07-01', source: 'models-dev' }] });
  pointerVersionFacts([pointer, aModel({ id: 't' })]);
  assert.equal(pointer.benchmarks, undefined);
  assert.match(pointer.withheld![0].reason, /dated before t \(evidence of 2026-07-02\)/);
});

test("a pointer's limits are its target's: an output limit the target lacks is withheld", () => {
  // models.dev's claude-opus-latest file (2026-07-02) gives 128,000 output tokens, Claude Opus 4.7's figure, and
  // genai-prices 1,000,000 tokens of window; the name serves Claude Opus 5.5 (version-pointers.csv), for which a
  // window of 1,000,000 is listed and no source gives an output limit.
  const pointer = aModel({
    id: 'claude-opus-latest', points_to: { value: 'claude-opus-5-5', as_of: '2026-09-23', source: 'version-pointers' },
    context_window: { value: 1_000_000, as_of: '2026-09-23', source: 'genai-prices-npm' },
    max_output: { value: 128_000, as_of: '2026-07-02', source: 'models-dev' },
  });
  const target = aModel({ id: 'claude-opus-5-5', context_window: { value: 1_000_000, as_of: '2026-09-23', source: 'genai-prices-npm' } });
  delete target.max_output;
  pointerVersionFacts([pointer, target]);
  assert.equal(pointer.max_output, undefined);
  assert.deepEqual(pointer.withheld?.map((w) => [w.field, w.value, w.source]), [['max_output', '128000', 'models-dev']]);
  assert.equal(pointer.context_window?.value, 1_000_000);
  assert.equal(pointer.context_window?.source, 'version-pointers');
});
