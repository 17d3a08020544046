// Tests of quality evidence: own rating, benchmark places among rated peers, and family ratings scaled by size.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, aRating, f } from '../dataset/fixtures.ts';
import type { Model } from '../schema/index.ts';
import { modelLine, qualityEvidence } from './recommend-quality.ts';
import { boardForUse } from './use-categories.ts';
import { interpret } from './interpret.ts';
import { recommend } from './recommend.ts';

// Intervals of +-5 points, so every lower bound is rating - 5.
const rated = (model_id: string, rating: number) => aRating({ model_id, category: 'coding', rating, rating_lower: rating - 5, rating_upper: rating + 5 });
const sized = (id: string, params: number, over: Partial<Model> = {}) => aModel({ id, parameters_total: f(params), ...over });
const bench = (name: string, score: number) => f({ name, score, metric: 'resolved', url: 'https://example.org/leaderboard' });

test('the model line is the id before its first size word', () => {
  assert.equal(modelLine('qwen3-coder-30b-a3b-instruct'), 'qwen3-coder');
  assert.equal(modelLine('gemma-4-e4b-it'), 'gemma-4');
  assert.equal(modelLine('llama-3.1-8b-instruct'), 'llama-3.1');
  assert.equal(modelLine('claude-opus-4-6'), undefined, 'no size word: no line, renamings are not siblings');
  assert.equal(modelLine('8b-model'), undefined, 'a size word first leaves no line');
});

test('family rating: the nearest-sized rated sibling, from its lower bound less the board\'s median gap per halving', () => {
  // Rated pairs at least 2x apart and their gap per halving:
  //   fam-32b/fam-8b: 40 points over 2 halvings = 20; fam-128b/fam-32b: 60 / 2 = 30; fam-128b/fam-8b: 100 / 4 = 25;
  //   oth-40b/oth-10b: 40 / 2 = 20. Median of [20, 20, 25, 30] = 22.5 points per halving.
  const ds = aDataset({
    models: [
      sized('fam-8b', 8e9), sized('fam-32b', 32e9), sized('fam-128b', 128e9), sized('oth-10b', 10e9), sized('oth-40b', 40e9),
      sized('fam-2b-instruct', 2e9), sized('fam-256b', 256e9), sized('fam-3b', 3e9, { vendor: 'someone-else' }), aModel({ id: 'fam-1b' }),
    ],
    ratings: [rated('fam-8b', 1300), rated('fam-32b', 1340), rated('fam-128b', 1400), rated('oth-10b', 1250), rated('oth-40b', 1290)],
  });
  const ub = boardForUse(ds, 'coding');
  const ev = (id: string) => qualityEvidence(ds, ub, ds.modelById.get(id)!);

  // fam-2b: nearest sibling fam-8b (2 halvings larger): 1295 - 2 x 22.5 = 1250.
  const small = ev('fam-2b-instruct')!;
  assert.equal(small.basis, 'family');
  assert.equal(small.rating, 1250);
  if (small.basis === 'family') assert.deepEqual([small.family.sibling.id, small.family.line, small.family.halvings, small.family.points_per_halving, small.family.pairs], ['fam-8b', 'fam', 2, 22.5, 4]);
  // fam-256b: nearest is fam-128b, smaller than it: its lower bound, 1395, with no size discount (and no bonus).
  assert.deepEqual([ev('fam-256b')!.basis, ev('fam-256b')!.rating], ['family', 1395]);
  // Another developer's model of the same name, and a sibling with no parameter count, have no family rating.
  assert.equal(ev('fam-3b'), undefined);
  assert.equal(ev('fam-1b'), undefined);
  // A rated model keeps its own rating.
  assert.deepEqual([ev('fam-32b')!.basis, ev('fam-32b')!.rating], ['rating', 1340]);
});

test('without enough rated pairs to measure the gap per halving, a larger sibling is no evidence; a smaller one is', () => {
  const ds = aDataset({
    models: [sized('line-8b', 8e9), sized('line-2b', 2e9), sized('line-70b', 70e9)],
    ratings: [rated('line-8b', 1300)],
  });
  const ub = boardForUse(ds, 'coding');
  assert.equal(qualityEvidence(ds, ub, ds.modelById.get('line-2b')!), undefined);
  // line-70b is larger than its rated sibling: the sibling's lower bound, 1300 - 5 = 1295, is a floor for it.
  const big = qualityEvidence(ds, ub, ds.modelById.get('line-70b')!)!;
  assert.deepEqual([big.basis, big.rating], ['family', 1295]);
});

test('benchmarks: placed among the rated models that publish the same benchmark, read at their lower bounds', () => {
  // Five rated peers publish SWE-Bench Verified: scores 10..50, ratings 1300..1340 (lower bounds 1295..1335).
  const peers = [10, 20, 30, 40, 50].map((score, i) => sized(`peer${i}-10b`, 10e9, { benchmarks: [bench('SWE-Bench Verified', score), bench('Aider Polyglot', score)] }));
  const ds = aDataset({
    models: [
      ...peers,
      aModel({ id: 'newcomer', benchmarks: [bench('SWE-bench verified', 35), bench('MMLU', 90)] }),
      aModel({ id: 'two-scores', benchmarks: [bench('SWE-Bench Verified', 35), bench('Aider Polyglot', 50)] }),
      aModel({ id: 'unrelated', benchmarks: [bench('MMLU', 90)] }),
    ],
    ratings: peers.map((m, i) => rated(m.id, 1300 + 10 * i)),
  });
  const ub = boardForUse(ds, 'coding');
  // 35 is above 3 of the 5 peers: the place between the 3rd and 4th lower bounds, (1315 + 1325) / 2 = 1320.
  const ev = qualityEvidence(ds, ub, ds.modelById.get('newcomer')!)!;
  assert.equal(ev.basis, 'benchmarks');
  assert.equal(ev.rating, 1320);
  if (ev.basis === 'benchmarks') {
    assert.deepEqual(ev.places.map((p) => [p.benchmark.value.name, p.peers, p.below, p.estimate]), [['SWE-bench verified', 5, 3, 1320]], 'names match loosely; MMLU does not measure coding');
  }
  // Aider 50 ties the best peer: 4.5 below, the place of the 5th lower bound, 1335. Median of 1320 and 1335 = 1327.5.
  assert.equal(qualityEvidence(ds, ub, ds.modelById.get('two-scores')!)!.rating, 1327.5);
  assert.equal(qualityEvidence(ds, ub, ds.modelById.get('unrelated')!), undefined);
  // Chat has no benchmark of its own in the vocabulary: the same scores are no evidence there.
  const chat = aDataset({
    models: ds.models as Model[],
    ratings: peers.map((m, i) =>
      aRating({ model_id: m.id, rating: 1300 + 10 * i, rating_lower: 1295 + 10 * i, rating_upper: 1305 + 10 * i })),
  });
  assert.equal(qualityEvidence(chat, boardForUse(chat, 'chat'), chat.modelById.get('newcomer')!), undefined);
});

test('a score whose metric is better when lower (a rank, an error rate) places nobody: the mapping assumes higher is better', () => {
  const peers = [1, 2, 3, 4, 5].map((score, i) => aModel({ id: `p${i}`, benchmarks: [f({ name: 'SWE-Bench Pro', score, metric: 'rank' })] }));
  const ds = aDataset({ models: [...peers, aModel({ id: 'x', benchmarks: [f({ name: 'SWE-Bench Pro', score: 2, metric: 'rank' })] })], ratings: peers.map((m, i) => rated(m.id, 1300 + i)) });
  assert.equal(qualityEvidence(ds, boardForUse(ds, 'coding'), ds.modelById.get('x')!), undefined);
});

test('fewer than five rated peers on a benchmark place nobody', () => {
  const peers = [10, 20, 30, 40].map((score, i) => aModel({ id: `p${i}`, benchmarks: [bench('SWE-Bench Pro', score)] }));
  const ds = aDataset({ models: [...peers, aModel({ id: 'x', benchmarks: [bench('SWE-Bench Pro', 25)] })], ratings: peers.map((m, i) => rated(m.id, 1300 + i)) });
  assert.equal(qualityEvidence(ds, boardForUse(ds, 'coding'), ds.modelById.get('x')!), undefined);
});

test('recommend: an unrated model ranks by its family rating among rated ones, and its reason says it is a family rating', () => {
  // API-only models, same price and trust, so the order is the quality order. Gaps per halving: kin-32b/kin-8b
  // 40 / 2 = 20, kin-128b/kin-32b 40 / 2 = 20, kin-128b/kin-8b 80 / 4 = 20: 20 points. kin-16b's nearest sibling is
  // kin-8b or kin-32b (1 halving each way); the tie goes to the lower figure: kin-8b's lower bound 1295 (a smaller
  // sibling, no discount) against kin-32b's 1335 - 20 = 1315. So 1295: below kin-8b (1300), above far-1200.
  const models = [sized('kin-8b', 8e9), sized('kin-16b', 16e9), sized('kin-32b', 32e9), sized('kin-128b', 128e9), aModel({ id: 'far-1200' })];
  const ds = aDataset({
    models,
    offers: models.map((m) => ({ model_id: m.id, provider: 'acme', provider_model_id: m.id, region: 'global' as const, sku: 'standard' as const, first_party: false, prices: { input: f(1), output: f(1) }, eu_resident: f('unknown' as const), listed_by: ['test-source'] })),
    ratings: [rated('kin-8b', 1300), rated('kin-32b', 1340), rated('kin-128b', 1380), rated('far-1200', 1200)],
  });
  const r = recommend(ds, interpret(ds, { use: 'coding' }), 10);
  assert.deepEqual(r.recommendations.map((x) => x.model.id), ['kin-128b', 'kin-32b', 'kin-8b', 'kin-16b', 'far-1200']);
  const kin16 = r.recommendations[3];
  assert.deepEqual([kin16.evidence.basis, kin16.evidence.rating], ['family', 1295]);
  assert.match(kin16.reasons[0], /is not rated on text_style_control\/coding; its family rating comes from kin-8b, a sibling in the kin line/);
});
