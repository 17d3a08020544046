// Tests of get_podium: best variants, statistical ties, the open_weights filter and category validation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, aRating, f } from '../dataset/fixtures.ts';
import { ServiceError } from '../errors/index.ts';
import { get_podium } from './get-podium.ts';

const ctx = { today: '2026-10-01' };
const rate = (model_id: string, rating: number, half: number, over: object = {}) =>
  aRating({ model_id, rating, rating_lower: rating - half, rating_upper: rating + half, ...over });

const ds = aDataset({
  models: [
    aModel({ id: 'gem', open_weights: f(false) }), aModel({ id: 'opus', open_weights: f(false) }),
    aModel({ id: 'qwen', open_weights: f(true) }), aModel({ id: 'llama', open_weights: f(true) }), aModel({ id: 'mist' }),
  ],
  ratings: [
    rate('gem', 1500, 8), rate('opus', 1480, 5), rate('opus', 1495, 6, { variant: 'opus-thinking', as_of: '2026-08-19' }),
    rate('qwen', 1450, 4), rate('llama', 1420, 30), rate('mist', 1300, 5),
    rate('llama', 1390, 5, { leaderboard: 'webdev', category: 'webdev_html' }),
  ],
});

type Out = Record<string, any> & { podium: Array<Record<string, any>> };
const run = (input: Record<string, unknown>) => get_podium.handler(ds, get_podium.input.parse(input), ctx) as Out;

test('defaults: text with style control, overall; top 3 by best variant, named, with interval, votes, as_of and source', () => {
  const out = run({});
  assert.deepEqual([out.leaderboard, out.category, out.as_of, out.rated_models], ['text_style_control', 'overall', '2026-08-19', 5]);
  assert.deepEqual(out.podium.map((p) => [p.place, p.model.id, p.rating.variant]), [[1, 'gem', 'gem'], [2, 'opus', 'opus-thinking'], [3, 'qwen', 'qwen']]);
  const second = out.podium[1].rating;
  assert.deepEqual([second.rating, second.rating_lower, second.rating_upper, second.votes, second.as_of, second.source], [1495, 1489, 1501, 5000, '2026-08-19', 'test-source']);
  assert.ok(get_podium.output.safeParse(out).success);
});

test('overlapping 95% intervals are flagged as statistical ties; third place is checked against the fourth', () => {
  const out = run({});
  assert.deepEqual(out.podium.map((p) => [p.tie_with_next, p.statistical_tie, p.ties_with]), [
    [true, true, ['opus']],
    [false, true, ['gem']],
    [true, false, []], // qwen 1446..1454 overlaps only the fourth, llama 1390..1450
  ]);
  assert.equal(out.next.model.id, 'llama');
  assert.match(out.tie_rule, /95% intervals overlap/);
});

test('open_weights filters the podium; ranks stay those of the whole board', () => {
  const out = run({ open_weights: true });
  assert.deepEqual(out.podium.map((p) => [p.model.id, p.rank]), [['qwen', 3], ['llama', 4]]);
  assert.equal(out.considered, 2);
  // Of the five rated (gem, opus, qwen, llama, mist), qwen and llama are the open ones: three left by the filter, gem and
  // opus classed closed by the fixture (open_weights false), mist classed by none.
  assert.equal(out.considered_note, '2 of 5 rated models considered; left out: 2 whose weights a source says are unpublished '
    + '(open_weights=true); 1 no source classes either way. Of these, the deprecated and unclassed ones rated above the last place shown are listed in `left_out`.');
  assert.equal(out.next, null);
  assert.equal(out.podium[0].tie_with_next, true, 'qwen and llama overlap');
  assert.deepEqual(out.podium[0].ties_with, ['llama']);
});

test('categories are matched loosely (webdev-html) and an unknown one lists the allowed ones', () => {
  assert.equal(run({ leaderboard: 'webdev', category: 'webdev-html' }).podium[0].model.id, 'llama');
  assert.throws(() => run({ category: 'poetry' }), (e: unknown) =>
    e instanceof ServiceError && e.code === 'invalid_parameter' && e.options.errors![0].parameter === 'category' && e.options.errors![0].allowed === 'overall');
  assert.throws(() => run({ leaderboard: 'vision' }), (e: unknown) =>
    e instanceof ServiceError && e.options.errors![0].parameter === 'leaderboard' && /text_style_control/.test(e.options.errors![0].allowed!));
});

test('an unknown leaderboard is refused by the input schema', () => {
  assert.equal(get_podium.input.safeParse({ leaderboard: 'chess' }).success, false);
});

test('podiums are kept per board and filter: calls in any order give what a fresh dataset gives', () => {
  const fresh = (input: Record<string, unknown>) => {
    const d = aDataset({ models: ds.models.map((m) => structuredClone(m)), ratings: ds.ratings.map((r) => ({ ...r })) });
    return get_podium.handler(d, get_podium.input.parse(input), ctx);
  };
  const inputs = [{}, { open_weights: true }, { open_weights: false }, {}, { open_weights: true }];
  for (const input of inputs) assert.deepEqual(run(input), fresh(input), JSON.stringify(input));
  assert.deepEqual(run({ open_weights: true }).podium.map((p) => p.model.id), ['qwen', 'llama']);
  assert.deepEqual(run({ open_weights: false }).podium.map((p) => p.model.id), ['gem', 'opus']);
});

test('a model its developer shut down is left out by default and listed with why; include_deprecated keeps the board as published', () => {
  // Dataset dated 2026-09-23; gem shut down 2026-03-09 (as Google's deprecations table says of gemini-3-pro-preview).
  const lc = aDataset({
    models: [aModel({ id: 'gem', shutdown_date: f('2026-03-09') }), aModel({ id: 'opus' }), aModel({ id: 'qwen' }),
      aModel({ id: 'llama' }), aModel({ id: 'mist' })],
    ratings: [rate('gem', 1500, 8), rate('opus', 1480, 5), rate('qwen', 1450, 4), rate('llama', 1420, 3), rate('mist', 1300, 5)],
    data_as_of: '2026-09-23',
  });
  const go = (input: Record<string, unknown>) => get_podium.handler(lc, get_podium.input.parse(input), ctx) as Out;
  const out = go({});
  assert.deepEqual(out.podium.map((p) => [p.place, p.rank, p.model.id]), [[1, 2, 'opus'], [2, 3, 'qwen'], [3, 4, 'llama']]);
  assert.deepEqual(out.left_out.map((l: Record<string, any>) => [l.rank, l.model.id, l.reason]), [[1, 'gem', 'shut down on 2026-03-09 (test-source)']]);
  assert.equal(out.considered, 4);
  assert.match(out.considered_note, /^4 of 5 rated models considered; left out: 1 deprecated or shut down by 2026-09-23 \(include_deprecated=true keeps them\)\. Of these, the deprecated or shut-down ones /);
  const all = go({ include_deprecated: true });
  assert.equal(all.considered_note, 'All 5 rated models considered.');
  assert.deepEqual(all.podium.map((p) => p.model.id), ['gem', 'opus', 'qwen']);
  assert.deepEqual(all.left_out, []);
  assert.ok(get_podium.output.safeParse(out).success);
});

test('a model deprecated with its shutdown still to come stays on the podium, its scheduled shutdown said; past it, it is left out', () => {
  // deprecations-rss (OpenAI): o3-2025-04-16 deprecated 2026-06-11, shutdown 2026-12-11. Judged on the load day
  // 2026-11-27 it is still served; on 2026-12-11 it is shut down. A model marked deprecated without a date is out.
  const o3 = aModel({ id: 'o3', status: f('deprecated'), deprecation_date: f('2026-06-11'), shutdown_date: f('2026-12-11') });
  const at = (day: string) => aDataset({
    models: [o3, aModel({ id: 'opus' }), aModel({ id: 'qwen' }), aModel({ id: 'old', status: f('deprecated') }), aModel({ id: 'mist' })],
    ratings: [rate('o3', 1500, 8), rate('old', 1490, 5), rate('opus', 1480, 5), rate('qwen', 1450, 4), rate('mist', 1300, 5)],
    data_as_of: day,
  });
  const served = get_podium.handler(at('2026-11-27'), get_podium.input.parse({}), ctx) as Out;
  assert.deepEqual(served.podium.map((p) => [p.model.id, p.lifecycle_note]), [
    ['o3', 'deprecated, scheduled to shut down on 2026-12-11 (test-source); served until then'], ['opus', null], ['qwen', null]]);
  assert.deepEqual(served.left_out.map((l: Record<string, any>) => l.model.id), ['old']);
  assert.ok(get_podium.output.safeParse(served).success);
  const gone = get_podium.handler(at('2026-12-11'), get_podium.input.parse({}), ctx) as Out;
  assert.deepEqual(gone.podium.map((p) => p.model.id), ['opus', 'qwen', 'mist']);
  assert.deepEqual(gone.left_out.map((l: Record<string, any>) => [l.model.id, l.reason]).slice(0, 1), [['o3', 'shut down on 2026-12-11 (test-source)']]);
});

test('include_deprecated keeps shut-down models on the podium, each with its note, as left_out would say it', () => {
  // gemini-3-pro-preview (shut down 2026-03-09) stood on the vision podium with lifecycle_note null beside gemini-2.5-pro's
  // scheduled shutdown. Here: o3 shut down on 2026-12-11, `old` deprecated with no date, `opus` served.
  const o3 = aModel({ id: 'o3', status: f('deprecated'), deprecation_date: f('2026-06-11'), shutdown_date: f('2026-12-11') });
  const ds = aDataset({
    models: [o3, aModel({ id: 'opus' }), aModel({ id: 'old', status: f('deprecated') })],
    ratings: [rate('o3', 1500, 8), rate('old', 1490, 5), rate('opus', 1480, 5)],
    data_as_of: '2026-12-11',
  });
  const kept = get_podium.handler(ds, get_podium.input.parse({ include_deprecated: true }), ctx) as Out;
  const left = get_podium.handler(ds, get_podium.input.parse({}), ctx) as Out;
  const reason = (id: string) => left.left_out.find((l: Record<string, any>) => l.model.id === id).reason;
  assert.deepEqual(kept.podium.map((p) => [p.model.id, p.lifecycle_note]), [
    ['o3', 'shut down on 2026-12-11 (test-source)'], ['old', reason('old')], ['opus', null]]);
  assert.equal(reason('o3'), 'shut down on 2026-12-11 (test-source)');
  assert.match(reason('old'), /^deprecated \(test-source, /);
  assert.ok(get_podium.output.safeParse(kept).success);
});

test('a board whose newest rating is more than 90 days older than the data says so', () => {
  const old = aDataset({ models: [aModel({ id: 'gem' })], ratings: [rate('gem', 1500, 8, { leaderboard: 'vision', as_of: '2025-12-17' })],
    data_as_of: '2026-09-23' });
  const out = get_podium.handler(old, get_podium.input.parse({ leaderboard: 'vision' }), ctx) as Out;
  // 2025-12-17 to 2026-09-23: 14 + 31 + 28 + 31 + 30 + 31 + 30 + 31 + 31 + 23 = 280 days.
  assert.match(out.notice, /^The newest rating on this board is of 2025-12-17, 280 days before the data's date \(2026-09-23\)/);
  assert.equal(run({}).notice, null);
});

test('under open_weights=true a model no source classes is left out and listed with why, its licence named', () => {
  // As the arena of 2026-08-19: glm-5.3 (MIT per LMArena's catalogue, open_weights unknown) at 1483.77 above
  // glm-5.2 (open weights per models.dev) at 1470.42; without the list the open leader vanished silently.
  const mit = { id: 'mit', name: 'MIT License', osi_approved: true, commercial_use: true };
  const ow = aDataset({
    models: [aModel({ id: 'glm-5.3', licence: f(mit, 'test-source', '2026-08-19') }), aModel({ id: 'glm-5.2', open_weights: f(true) }),
      aModel({ id: 'gem', open_weights: f(false) })],
    ratings: [rate('glm-5.3', 1483.77, 9), rate('glm-5.2', 1470.42, 6), rate('gem', 1500, 5)],
  });
  const go = (input: Record<string, unknown>) => get_podium.handler(ow, get_podium.input.parse(input), ctx) as Out;
  const out = go({ open_weights: true });
  assert.deepEqual(out.podium.map((p) => p.model.id), ['glm-5.2']);
  assert.deepEqual(out.left_out.map((l: Record<string, any>) => [l.rank, l.model.id]), [[2, 'glm-5.3']]);
  assert.equal(out.left_out[0].reason,
    'no source says its weights are downloadable; licence on record: MIT License (as of 2026-08-19)');
  // Closed only: gem (rank 1) is the one place and glm-5.3 ranks below it, so nothing above the podium was dropped.
  assert.deepEqual(go({ open_weights: false }).left_out, []);
  assert.deepEqual(go({}).left_out, []);
  assert.ok(get_podium.output.safeParse(out).success);
});

test('a closed model with only a "Proprietary" label is left out with what is on record, not as if it might be open', () => {
  // As Claude Opus 5 on the arena of 2026-08-19: LMArena's catalogue says "Proprietary", no source speaks of its weights.
  const prop = { id: 'proprietary', name: 'Proprietary', osi_approved: false, commercial_use: null };
  const ow = aDataset({
    models: [aModel({ id: 'opus-5', licence: f(prop, 'test-source', '2026-08-19') }), aModel({ id: 'mystery' }),
      aModel({ id: 'glm-5.2', open_weights: f(true) })],
    ratings: [rate('opus-5', 1520, 5), rate('mystery', 1510, 5), rate('glm-5.2', 1470.42, 6)],
  });
  const out = get_podium.handler(ow, get_podium.input.parse({ open_weights: true }), ctx) as Out;
  assert.deepEqual(out.left_out.map((l: Record<string, any>) => [l.model.id, l.reason]), [
    ['opus-5', 'no source says its weights are downloadable; licence on record: Proprietary (as of 2026-08-19)'],
    ['mystery', 'no source says its weights are downloadable; no licence on record'],
  ]);
  for (const l of out.left_out) assert.doesNotMatch(l.reason, /unknown|whether/);
});

test('under open_weights=false a model no source classes is left out for want of evidence that its weights are unpublished', () => {
  // As the arena of 2026-08-19: muse-spark-1.2 (rank 4, LMArena's catalogue says "Proprietary", no source speaks of its
  // weights) above claude-opus-5 (open_weights false per the closed-developers table). The closed podium needs a
  // source saying the weights are not published; "no source says its weights are downloadable" would be a reason to
  // include it there, so the reason names the evidence the closed filter lacks.
  const prop = { id: 'proprietary', name: 'Proprietary', osi_approved: false, commercial_use: null };
  const ds = aDataset({
    models: [aModel({ id: 'muse-spark-1.2', licence: f(prop, 'test-source', '2026-08-19') }), aModel({ id: 'opus-5', open_weights: f(false) })],
    ratings: [rate('muse-spark-1.2', 1497.8, 10), rate('opus-5', 1493.49, 6)],
  });
  const out = get_podium.handler(ds, get_podium.input.parse({ open_weights: false }), ctx) as Out;
  assert.deepEqual(out.podium.map((p) => p.model.id), ['opus-5']);
  assert.deepEqual(out.left_out.map((l: Record<string, any>) => [l.rank, l.model.id, l.reason]), [
    [1, 'muse-spark-1.2', 'no source says its weights are unpublished; licence on record: Proprietary (as of 2026-08-19)']]);
  assert.ok(get_podium.output.safeParse(out).success);
});

test('a board within 90 days of the data but more than 90 days before today says the dataset, not the board, is old', () => {
  // The board's newest rating is of 2026-08-19, the data of 2026-09-23 (35 days: not stale against the data).
  // 2026-08-19 to 2026-11-29: 12 + 30 + 31 + 29 = 102 days.
  const d = aDataset({ models: [aModel({ id: 'gem' })], ratings: [rate('gem', 1500, 8, { as_of: '2026-08-19' })], data_as_of: '2026-09-23' });
  const late = get_podium.handler(d, get_podium.input.parse({}), { today: '2026-11-29' }) as Out;
  assert.equal(late.notice, 'The newest rating on this board is of 2026-08-19, 102 days before today (2026-11-29); the dataset was '
    + 'taken on 2026-09-23, so ratings LMArena has published since, and models released since, are not in it.');
  // 2026-08-19 to 2026-11-17: 90 days, not more.
  assert.equal((get_podium.handler(d, get_podium.input.parse({}), { today: '2026-11-17' }) as Out).notice, null);
});
