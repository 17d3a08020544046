// Tests of compare_models: best marking per row, ties, absent values, duplicates and unknown ids.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { committedDataset } from '../../test/committed-dataset.ts';
import { aDataset, aModel, anOffer, aRating, aSource, f, FIXTURE_DATE } from '../dataset/fixtures.ts';
import { ServiceError } from '../errors/index.ts';
import { compare_models } from './compare-models.ts';

const ctx = { today: '2026-10-01' };
const lic = (id: string, osi: boolean | null) => f({ id, name: id, osi_approved: osi, commercial_use: true });
const rate = (model_id: string, rating: number, over: object = {}) =>
  aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5, ...over });

const ds = aDataset({
  models: [
    aModel({ id: 'open-a', aliases: ['vendor/open-a'], open_weights: f(true), licence: lic('apache-2.0', true), context_window: f(128000), release_date: f('2025-01-01'), parameters_total: f(70e9) }),
    aModel({ id: 'open-b', open_weights: f(true), licence: lic('mit', true), context_window: f(128000), release_date: f('2025-06-01'), parameters_total: f(671e9), parameters_active: f(37e9) }),
    aModel({ id: 'closed-c', open_weights: f(false), licence: lic('proprietary', false), context_window: f(200000) }),
  ],
  offers: [
    anOffer({ model_id: 'open-a', provider: 'p1', prices: { input: f(0.5), output: f(1) } }),
    anOffer({ model_id: 'open-b', provider: 'p1', prices: { input: f(0.5), output: f(2) } }),
    anOffer({ model_id: 'closed-c', provider: 'p2', prices: { input: f(3), output: f(15) } }),
  ],
  ratings: [
    rate('open-a', 1300), rate('open-b', 1380), rate('open-b', 1390, { variant: 'open-b-thinking' }), rate('closed-c', 1390),
    rate('open-a', 1350, { category: 'coding' }),
  ],
});

type Out = {
  models: Array<{ id: string }>;
  rows: Array<{
    field: string; best: string[]; direction: string; leaderboard?: string; rule: string;
    values: Array<{ model_id: string; value: unknown; detail?: string; bound?: string }>;
  }>;
};
const run = (models: string[]) => compare_models.handler(ds, compare_models.input.parse({ models }), ctx) as Out;
const row = (out: Out, field: string) => out.rows.find((r) => r.field === field)!;

test('each row marks the best value by its documented direction; ties share best', () => {
  const out = run(['open-a', 'open-b', 'closed-c']);
  assert.deepEqual(out.models.map((m) => m.id), ['open-a', 'open-b', 'closed-c']);
  assert.deepEqual(row(out, 'context_window').best, ['closed-c']);
  assert.deepEqual(row(out, 'input_price').best, ['open-a', 'open-b'], 'equal lowest prices tie');
  assert.deepEqual(row(out, 'output_price').best, ['open-a']);
  assert.deepEqual(row(out, 'overall_rating').best, ['open-b', 'closed-c'], 'best variant 1390 ties the other 1390');
  assert.match(row(out, 'overall_rating').values[1].detail!, /variant open-b-thinking/);
  assert.deepEqual(row(out, 'open_weights').best, ['open-a', 'open-b']);
  assert.deepEqual(row(out, 'licence').best, ['open-a', 'open-b']);
  assert.deepEqual(row(out, 'release_date').best, ['open-b']);
  assert.deepEqual(row(out, 'parameters').best, [], 'parameters have no better direction');
  assert.match(row(out, 'parameters').values[1].detail!, /active/);
});

test('an absent value is null and never best', () => {
  const out = run(['open-a', 'closed-c']);
  const coding = row(out, 'coding_rating');
  assert.deepEqual(coding.values.map((v) => v.value), [1350, null]);
  assert.deepEqual(coding.best, ['open-a']);
  assert.deepEqual(row(out, 'release_date').values.map((v) => v.value), ['2025-01-01', null]);
  assert.deepEqual(row(out, 'release_date').best, ['open-a']);
  // The undated model may be the newest: the rule and its value say so instead of passing over it.
  assert.equal(row(out, 'release_date').rule, 'most recent date among the dated models; closed-c has no release date and may be newer');
  assert.match(row(out, 'release_date').values[1].detail!, /no source in the dataset dates its release/);
  assert.equal(row(run(['open-a', 'open-b']), 'release_date').rule, 'most recent date', 'every model dated: the plain rule');
  assert.deepEqual(row(out, 'max_output').best, [], 'no value, no best');
  assert.ok(compare_models.output.safeParse(out).success);
});

test('aliases resolve; the same model twice is invalid_parameter', () => {
  assert.equal(run(['vendor/open-a', 'open-b']).models[0].id, 'open-a');
  assert.throws(() => run(['open-a', 'vendor/open-a']), (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter' && /open-a/.test(e.detail));
});

test('an unknown id is model_not_found naming which one, with suggestions', () => {
  assert.throws(() => run(['open-a', 'open-bb']), (e: unknown) =>
    e instanceof ServiceError && e.code === 'model_not_found' && /"open-bb"/.test(e.detail) && e.options.suggestions!.includes('open-b'));
});

test('2 to 5 models', () => {
  assert.equal(compare_models.input.safeParse({ models: ['open-a'] }).success, false);
  assert.equal(compare_models.input.safeParse({ models: ['a', 'b', 'c', 'd', 'e', 'f'] }).success, false);
});

test("the developer's own price has rows of its own; a reseller's discount stays in the cheapest-offer rows", () => {
  // A reseller lists closed-c at a seventh of the developer's price (as QiHang lists Claude Sonnet 4.5 at $0.43/$2.14
  // against Anthropic's $3/$15): the list-price rows show the developer's $3/$15, the cheapest rows the reseller's.
  const d = aDataset({
    models: [aModel({ id: 'closed-c', vendor: 'dev' }), aModel({ id: 'closed-d', vendor: 'dev2' })],
    offers: [
      anOffer({ model_id: 'closed-c', provider: 'dev', first_party: true, prices: { input: f(3), output: f(15) } }),
      anOffer({ model_id: 'closed-c', provider: 'relay', first_party: false, prices: { input: f(0.43), output: f(2.14) } }),
      anOffer({ model_id: 'closed-d', provider: 'relay', first_party: false, prices: { input: f(1), output: f(2) } }),
    ],
  });
  const out = compare_models.handler(d, compare_models.input.parse({ models: ['closed-c', 'closed-d'] }), ctx) as Out;
  const value = (field: string, id: string) => out.rows.find((r) => r.field === field)!.values.find((v) => v.model_id === id)!;
  assert.equal(value('list_input_price', 'closed-c').value, 3);
  assert.equal(value('list_output_price', 'closed-c').value, 15);
  assert.equal(value('input_price', 'closed-c').value, 0.43);
  assert.equal(value('list_input_price', 'closed-d').value, null);
  assert.match(value('list_input_price', 'closed-d').detail!, /no offer from the developer/);
  assert.deepEqual(out.rows.find((r) => r.field === 'list_input_price')!.best, ['closed-c']);
  // The one priced model is the lowest of one: the rule names the model without a price, so it does not read as the
  // cheaper of the two.
  assert.equal((out.rows.find((r) => r.field === 'list_input_price') as { rule: string }).rule,
    'lowest value among the models with a value; closed-d has none, so cannot be ranked on this row');
  assert.equal((out.rows.find((r) => r.field === 'input_price') as { rule: string }).rule, 'lowest value', 'both priced: the plain rule');
});

test('status and shutdown rows; an own offer shut down by the data date is no list price, and no cheapest offer', () => {
  // As deprecations-rss has Google shutting gemini-3-pro-preview down on 2026-03-09 (dataset dated 2026-09-23):
  // its own $2/$12 offer can no longer be bought, a reseller's $2.5/$15 still can.
  const shut = f('2026-03-09');
  const d = aDataset({
    data_as_of: '2026-09-23',
    models: [
      aModel({ id: 'preview', vendor: 'dev', status: f('deprecated' as const), shutdown_date: shut, replacement: f('next-pro') }),
      aModel({ id: 'next-pro', vendor: 'dev', status: f('active' as const) }),
    ],
    offers: [
      anOffer({ model_id: 'preview', provider: 'dev', provider_model_id: 'preview', first_party: true,
        prices: { input: f(2), output: f(12) }, shutdown_date: shut }),
      anOffer({ model_id: 'preview', provider: 'relay', prices: { input: f(2.5), output: f(15) } }),
      anOffer({ model_id: 'next-pro', provider: 'dev', first_party: true, prices: { input: f(2), output: f(12) } }),
    ],
  });
  const out = compare_models.handler(d, compare_models.input.parse({ models: ['preview', 'next-pro'] }), ctx) as Out;
  const value = (field: string, id: string) => row(out, field).values.find((v) => v.model_id === id)!;
  assert.deepEqual([value('status', 'preview').value, value('status', 'next-pro').value], ['deprecated', 'active']);
  assert.equal(value('status', 'preview').detail, 'shutdown 2026-03-09 (test-source), replacement next-pro');
  assert.deepEqual([value('shutdown_date', 'preview').value, value('shutdown_date', 'next-pro').value], ['2026-03-09', null]);
  assert.deepEqual(row(out, 'status').best, [], 'a status is no better in itself');
  assert.equal(value('list_input_price', 'preview').value, null);
  assert.match(value('list_input_price', 'preview').detail!,
    /own offer \(preview\) is shut down on 2026-03-09 \(test-source\), no longer served/);
  assert.equal(value('input_price', 'preview').value, 2.5, 'the reseller\'s offer, not the shut-down $2');
  assert.equal((out.models[0] as { cheapest_offer?: { provider: string } }).cheapest_offer?.provider, 'relay');
  assert.ok(compare_models.output.safeParse(out).success);
});

test('price rows carry the price the offer\'s source schedules next, with its day', () => {
  // genai-prices (npm 0.1.8) google.yml gemini-3.7-flash: $0.75/$3.75 until 2027-01-01, then $1.5/$7.5.
  const d = aDataset({
    data_as_of: '2026-09-23',
    models: [aModel({ id: 'flash' }), aModel({ id: 'other' })],
    offers: [
      anOffer({ model_id: 'flash', provider: 'google', first_party: true, prices: { input: f(0.75), output: f(3.75) },
        next_prices: f({ starts: '2027-01-01', input: 1.5, output: 7.5 }) }),
      anOffer({ model_id: 'other', provider: 'p1', prices: { input: f(1), output: f(2) } }),
    ],
  });
  const out = compare_models.handler(d, compare_models.input.parse({ models: ['flash', 'other'] }), ctx) as Record<string, any>;
  const rowOf = (field: string) => out.rows.find((r: { field: string }) => r.field === field);
  assert.deepEqual(rowOf('list_output_price').values[0].next, { starts: '2027-01-01', value: 7.5 });
  assert.deepEqual(rowOf('input_price').values[0].next, { starts: '2027-01-01', value: 1.5 });
  assert.match(rowOf('list_input_price').values[0].detail, /from 2027-01-01 the source lists \$1\.5$/);
  assert.equal(rowOf('input_price').values[1].next, undefined);
  assert.deepEqual(compare_models.output.parse(out), out);
});

test("a developer's own offer listed at $0 is named in the list-price rows, not called absent", () => {
  // models.dev providers/llama/models/llama-3.3-70b-instruct.toml: Meta's Llama API lists the model at $0/$0.
  const d = aDataset({
    models: [aModel({ id: 'llama' }), aModel({ id: 'other' })],
    offers: [
      anOffer({ model_id: 'llama', provider: 'meta', first_party: true, prices: { input: f(0), output: f(0) } }),
      anOffer({ model_id: 'llama', provider: 'nano', prices: { input: f(0.05), output: f(0.23) } }),
    ],
  });
  const out = compare_models.handler(d, compare_models.input.parse({ models: ['llama', 'other'] }), ctx) as Record<string, any>;
  const list = out.rows.find((r: { field: string }) => r.field === 'list_input_price');
  assert.equal(list.values[0].value, null);
  assert.match(list.values[0].detail, /developer's own offer \(meta, llama\) is listed at \$0/);
  assert.equal(list.values[1].detail, 'no offer from the developer itself in the dataset');
});

test("a developer's own offer listed without a price is named in the list-price rows, not called absent", () => {
  // genai-prices' bundle of 2026-09-23 lists google/gemma-4-31b-it under Google with no price (the committed dataset).
  const d = aDataset({
    models: [aModel({ id: 'gemma' }), aModel({ id: 'other' })],
    offers: [
      anOffer({ model_id: 'gemma', provider: 'google', provider_model_id: 'gemma-4-31b-it', first_party: true, prices: {} }),
      anOffer({ model_id: 'gemma', provider: 'nano', prices: { input: f(0.1), output: f(0.3) } }),
    ],
  });
  const out = compare_models.handler(d, compare_models.input.parse({ models: ['gemma', 'other'] }), ctx) as Record<string, any>;
  const list = out.rows.find((r: { field: string }) => r.field === 'list_input_price');
  assert.equal(list.values[0].value, null);
  assert.match(list.values[0].detail, /^the developer's own offer \(google, gemma-4-31b-it\) has no per-token price in the dataset/);
});

test('rating rows: best is the leader and every model whose 95% interval overlaps it, said to be a tie', () => {
  // lead 1485 (1482..1489); near 1482 (1478..1486): 1486 >= 1482, overlaps; far 1474 (1470..1477): 1477 < 1482, apart.
  const tie = aDataset({
    models: [aModel({ id: 'lead' }), aModel({ id: 'near' }), aModel({ id: 'far' })],
    ratings: [
      aRating({ model_id: 'lead', rating: 1485, rating_lower: 1482, rating_upper: 1489 }),
      aRating({ model_id: 'near', rating: 1482, rating_lower: 1478, rating_upper: 1486 }),
      aRating({ model_id: 'far', rating: 1474, rating_lower: 1470, rating_upper: 1477 }),
    ],
  });
  const out = compare_models.handler(tie, compare_models.input.parse({ models: ['near', 'far', 'lead'] }), ctx) as Out;
  const r = out.rows.find((x) => x.field === 'overall_rating')! as Out['rows'][number] & { rule: string };
  assert.deepEqual(r.best, ['near', 'lead'], 'near ties the leader; far is below beyond the uncertainty');
  assert.match(r.rule, /a statistical tie; lead leads at 1485 \(1482\.\.1489\) and the interval of near overlaps it$/);
  const alone = compare_models.handler(tie, compare_models.input.parse({ models: ['far', 'lead'] }), ctx) as Out;
  const a = alone.rows.find((x) => x.field === 'overall_rating')! as Out['rows'][number] & { rule: string };
  assert.deepEqual(a.best, ['lead']);
  assert.match(a.rule, /: lead leads beyond the uncertainty$/);
});

test('a licence that grants no rights in the EU says so in its detail', () => {
  // Tencent Hunyuan Community License: "THIS LICENSE AGREEMENT DOES NOT APPLY IN THE EUROPEAN UNION, UNITED KINGDOM AND SOUTH KOREA".
  const hunyuan = f({
    id: 'tencent-hunyuan-community', name: 'Tencent Hunyuan Community License Agreement', osi_approved: false, commercial_use: true,
    territory_exclusion: {
      excludes_eu: true, territories: ['European Union', 'United Kingdom', 'South Korea'], applies_to: 'all' as const,
      clause: 'THIS LICENSE AGREEMENT DOES NOT APPLY IN THE EUROPEAN UNION, UNITED KINGDOM AND SOUTH KOREA',
      evidence_url: 'https://github.com/Tencent-Hunyuan/Hunyuan-A13B/blob/main/LICENSE', read: '2026-11-27',
    },
  });
  const two = aDataset({ models: [aModel({ id: 'hy', licence: hunyuan }), aModel({ id: 'open-a', licence: lic('apache-2.0', true) })] });
  const out = compare_models.handler(two, compare_models.input.parse({ models: ['hy', 'open-a'] }), ctx) as Out;
  const [hy, a] = row(out, 'licence').values;
  assert.equal(hy.detail, 'Tencent Hunyuan Community License Agreement, not OSI-approved, commercial use allowed, '
    + 'no rights in European Union, United Kingdom, South Korea (licence.territory_exclusion)');
  assert.doesNotMatch(a.detail!, /no rights in/);
});

test('a null value says why, in the words get_model uses for the same field', () => {
  const out = compare_models.handler(ds, compare_models.input.parse({ models: ['open-a', 'closed-c'] }), ctx) as Out;
  const value = (field: string, id: string) => out.rows.find((r) => r.field === field)!.values.find((v) => v.model_id === id) as Record<string, unknown>;
  // closed-c: no parameter count and no status in the fixture, so no source gives either (get_model: NO_SOURCE).
  assert.deepEqual(value('parameters', 'closed-c'), { model_id: 'closed-c', value: null, detail: 'no source in the dataset gives it' });
  assert.deepEqual(value('status', 'closed-c'), { model_id: 'closed-c', value: null, detail: 'no source in the dataset gives it' });
  // open-a has open weights: a shutdown date is the offers' matter, not the model's (model-status.ts).
  assert.equal(value('shutdown_date', 'open-a').detail, "not applicable: open weights stay runnable; retirement is the offers'");
  // Every null value of every row carries a reason.
  for (const r of out.rows) for (const v of r.values) if (v.value === null) assert.ok(typeof (v as { detail?: string }).detail === 'string', `${r.field} ${v.model_id}`);
});

test('a release known only by a bound is the most recent only where the bound proves it', () => {
  // By hand: day-a 2026-08-10 (the day); up-b "on or before 2026-09-23" (may be from 2025); up-c "on or before 2026-07-01";
  // low-d "on or after 2026-10-05". day-a vs up-b: neither proven newer. day-a vs up-c: day-a proven (08-10 >= 07-01).
  // low-d vs day-a, up-b: low-d proven (10-05 >= 08-10 and >= 09-23).
  const bounded = aDataset({
    models: [
      aModel({ id: 'day-a', release_date: f('2026-08-10') }),
      aModel({ id: 'up-b', release_date: { ...f('2026-09-23'), bound: 'on_or_before' as const } }),
      aModel({ id: 'up-c', release_date: { ...f('2026-07-01'), bound: 'on_or_before' as const } }),
      aModel({ id: 'low-d', release_date: { ...f('2026-10-05', undefined, '2026-11-20'), bound: 'on_or_after' as const } }),
      // A repository created 2023-10-26 and read public on 2026-05-12 (zephyr-7b-beta, llmfit's snapshot): released by then.
      aModel({ id: 'low-e', release_date: { ...f('2023-10-26', undefined, '2026-05-12'), bound: 'on_or_after' as const } }),
    ],
  });
  const rel = (models: string[]) => row(compare_models.handler(bounded, compare_models.input.parse({ models }), ctx) as Out, 'release_date');
  // The old reading marked up-b, the latest value, though day-a may be the newer.
  const open = rel(['day-a', 'up-b']);
  assert.deepEqual(open.best, []);
  assert.match(open.rule, /a release known only by a bound \(up-b\) is the most recent only where the bound proves it, and no model's is proven the most recent$/);
  assert.equal(open.values[1].detail, 'on or before 2026-09-23: an upper bound of the release, not the day');
  assert.deepEqual(rel(['day-a', 'up-c']).best, ['day-a']);
  const low = rel(['day-a', 'up-b', 'low-d']);
  assert.deepEqual(low.best, ['low-d']);
  assert.equal(low.values[2].detail, 'on or after 2026-10-05: a lower bound of the release, not the day');
  assert.equal(rel(['day-a', 'up-c']).values[0].detail, undefined, 'a day carries no bound words');
  // The bound is a member too (as get_model's release_date.bound), so no reader parses the detail.
  assert.deepEqual(low.values.map((v) => v.bound), [undefined, 'on_or_before', 'on_or_after']);
  // 2026-08-10 is after the snapshot that saw low-e's weights public (2026-05-12): day-a is proven the newer.
  assert.deepEqual(rel(['day-a', 'low-e']).best, ['day-a']);
});

test('a max output that is only the model\'s window is shown but not crowned; the rule names it', () => {
  // The reported comparison: LiteLLM gives DeepSeek-V3.2 163,840 output tokens, its 163,840-token window (config.json's
  // max_position_embeddings); Meta's card states Llama 3.3 70B's 128k window and no output limit (131,072 = its window);
  // A closed model capped at 64,000 output tokens (Claude Sonnet 4.5's cap); models.dev gives gpt-oss-120b 32,768 of 131,072.
  const models = [
    aModel({ id: 'dsv', open_weights: f(true), context_window: f(163840), max_output: f(163840) }),
    aModel({ id: 'llama', open_weights: f(true), context_window: f(131072), max_output: f(131072) }),
    aModel({ id: 'sonnet', open_weights: f(false), context_window: f(1000000), max_output: f(64000) }),
    aModel({ id: 'oss', open_weights: f(true), context_window: f(131072), max_output: f(32768) }),
  ];
  const out = compare_models.handler(aDataset({ models }), compare_models.input.parse({ models: ['oss', 'llama', 'dsv', 'sonnet'] }), ctx) as Out;
  const r = row(out, 'max_output');
  assert.deepEqual(r.best, ['sonnet'], '64,000, the highest stated cap, not the 163,840-token window');
  // A window in the value column read as a cap tying with a stated one (Kimi K2's 131,072 beside GLM-4.6's crowned
  // 131,072): the window-only figures are null there, and the detail gives the figure, its source and date.
  assert.deepEqual(r.values.map((v) => v.value), [32768, null, null, 64000], 'only stated caps stand in the value column');
  assert.equal(r.rule, 'highest value; llama, dsv give only the context window, not an output cap, so cannot be ranked on this row');
  assert.match(r.values[2].detail!, new RegExp(`^the sources' figure, 163840 \\(test-source, ${FIXTURE_DATE}\\), `
    + 'is the model\'s context window \\(163840 tokens\\), not an output cap'));
  assert.match(r.values[1].detail!, /figure, 131072 .*is the model's context window \(131072 tokens\)/);
  assert.equal(r.values[0].detail, undefined);
  // DeepSeek's API cap (its pricing page: deepseek-reasoner "MAXIMUM: 64K", 65,536) is a cap and is ranked.
  const withCap = [aModel({ id: 'dsv', open_weights: f(true), context_window: f(163840), max_output: f(65536, 'developer-max-output') }), models[2]];
  // DeepSeek lists the model on its own API: the detail says the cap is that API's.
  const ownApi = [anOffer({ model_id: 'dsv', provider: 'deepseek', first_party: true })];
  const capped = row(compare_models.handler(aDataset({ models: withCap, offers: ownApi, sources: [aSource(), aSource({ id: 'developer-max-output' })] }),
    compare_models.input.parse({ models: ['dsv', 'sonnet'] }), ctx) as Out, 'max_output');
  assert.deepEqual([capped.best, capped.rule], [['dsv'], 'highest value']);
  assert.match(capped.values[0].detail!, /^the output cap the developer's own API states/);
  // With no API of the developer in the dataset, the cap is its page's, and the detail says so.
  const paged = row(compare_models.handler(aDataset({ models: withCap, sources: [aSource(), aSource({ id: 'developer-max-output' })] }),
    compare_models.input.parse({ models: ['dsv', 'sonnet'] }), ctx) as Out, 'max_output');
  assert.match(paged.values[0].detail!, /^the output cap the developer's own page states; the developer serves the model on no API of the dataset/);
  const onlyWindows = row(compare_models.handler(aDataset({ models }), compare_models.input.parse({ models: ['llama', 'oss'] }), ctx) as Out, 'max_output');
  assert.deepEqual(onlyWindows.best, ['oss']);
  const none = row(run(['open-a', 'open-b']), 'max_output');
  assert.deepEqual(none.best, []);
  assert.ok(compare_models.output.safeParse(out).success);
});

test('a closed model\'s max output equal to its window is its vendor\'s cap and ranks (gpt-4 over gpt-4-turbo)', () => {
  // OpenAI's gpt-4: 8,192-token window, 8,192 max output tokens; gpt-4-turbo: 128,000 window, 4,096 max output
  // (models.dev's openai listings). Only OpenAI serves them, so 8,192 is a stated cap and the higher one.
  const models = [
    aModel({ id: 'gpt-4', open_weights: f(false), context_window: f(8192), max_output: f(8192) }),
    aModel({ id: 'gpt-4-turbo', open_weights: f(false), context_window: f(128000), max_output: f(4096) }),
  ];
  const r = row(compare_models.handler(aDataset({ models }), compare_models.input.parse({ models: ['gpt-4', 'gpt-4-turbo'] }), ctx) as Out,
    'max_output');
  assert.deepEqual([r.best, r.rule, r.values[0].detail], [['gpt-4'], 'highest value', undefined]);
});

test('a developer cap of an API that no longer serves the model is shown in the past tense and not crowned', () => {
  // DeepSeek's deepseek-reasoner capped V3.2 at 64K (65,536) until 2026-04-24, when both names moved to V4 Flash
  // (developer-notices.csv); a closed model capped at 64,000 today (Claude Sonnet 4.5's cap).
  const note = "the developer's API's cap while it served the model, until 2026-04-24 (read 2026-11-28); deepseek-reasoner, ...";
  const models = [
    aModel({ id: 'dsv', vendor: 'deepseek', open_weights: f(true), context_window: f(163840),
      max_output: { ...f(65536, 'developer-max-output'), note } }),
    aModel({ id: 'sonnet', open_weights: f(false), context_window: f(1000000), max_output: f(64000) }),
  ];
  const r = row(compare_models.handler(aDataset({ models, sources: [aSource(), aSource({ id: 'developer-max-output' })] }),
    compare_models.input.parse({ models: ['dsv', 'sonnet'] }), ctx) as Out, 'max_output');
  assert.deepEqual(r.best, ['sonnet'], '64,000 is a cap in force; 65,536 was one');
  assert.deepEqual(r.values.map((v) => v.value), [65536, 64000]);
  assert.match(r.values[0].detail!, /'s API's cap while it served the model, until 2026-04-24; hosts today set their own/);
  assert.match(r.rule, /dsv gives the cap of its developer's API while it served the model, which it no longer does/);
});

test('a price row whose best is held by a model its developer shuts down says so in the rule and the value', () => {
  // gpt-5-mini beside claude-haiku-4-5 on 2026-11-28: OpenAI's own $0.25 is the lowest list price, and OpenAI shuts the
  // model down on 2026-12-11 (its deprecation notice). The fixture's day judged is 2026-08-01; the shutdown is later.
  const ending = aDataset({
    models: [aModel({ id: 'mini', vendor: 'acme' }), aModel({ id: 'haiku', vendor: 'other' })],
    offers: [
      anOffer({ model_id: 'mini', provider: 'acme', first_party: true, prices: { input: f(0.25), output: f(2) }, shutdown_date: f('2026-12-11') }),
      anOffer({ model_id: 'haiku', provider: 'other', first_party: true, prices: { input: f(1), output: f(5) } }),
    ],
  });
  const out = compare_models.handler(ending, compare_models.input.parse({ models: ['mini', 'haiku'] }), ctx) as Out;
  const list = row(out, 'list_input_price');
  assert.deepEqual(list.best, ['mini'], 'the price is still the lowest one a buyer can pay today');
  assert.match(list.rule, /the best is held by mini \(the developer shuts it down on 2026-12-11\)/);
  assert.match(list.values[0].detail!, /the developer shuts the model down on 2026-12-11 \(test-source\); this offer ends with it$/);
  assert.doesNotMatch(list.values[1].detail!, /shuts/);
});

test('capabilities are rows of their own, as get_model states them: tool calling for an agent, vision, with sources', () => {
  // Fixture facts: `tools` calls tools (source models-dev, 2026-07-02), `no-tools` does not, `unstated` says nothing.
  const caps = aDataset({
    sources: [aSource(), aSource({ id: 'models-dev' }), aSource({ id: 'litellm' })],
    models: [
      aModel({ id: 'tools', capabilities: { tool_calling: f(true, 'models-dev', '2026-07-02'), vision: f(false, 'models-dev', '2026-07-02') } }),
      aModel({ id: 'no-tools', capabilities: { tool_calling: f(false, 'litellm', '2026-07-24'), vision: f(true, 'litellm', '2026-07-24') } }),
      aModel({ id: 'unstated', capabilities: {} }),
    ],
  });
  const out = compare_models.handler(caps, compare_models.input.parse({ models: ['tools', 'no-tools', 'unstated'] }), ctx) as Out;
  const tools = row(out, 'tool_calling');
  assert.equal(tools.direction, 'true');
  assert.deepEqual(tools.best, ['tools'], 'only a stated true is marked; false and unknown are not');
  assert.deepEqual(tools.values.map((v) => v.value), [true, false, null]);
  assert.deepEqual((tools.values[0] as { source?: string; as_of?: string }).source, 'models-dev');
  assert.equal(tools.values[2]!.detail, 'no source in the dataset gives it');
  assert.match(tools.rule, /unstated has none/);
  assert.deepEqual(row(out, 'vision').best, ['no-tools']);
  // Appended after the earlier rows: the first fourteen keep their order.
  assert.deepEqual(out.rows.slice(-4).map((r) => r.field), ['tool_calling', 'reasoning', 'vision', 'structured_output']);
  assert.equal(out.rows[0]!.field, 'context_window');
});

test('committed dataset: Kimi K2\'s window is no max-output value beside GLM-4.6\'s crowned 131,072', {
  skip: !existsSync(path.resolve(import.meta.dirname, '../../data/dataset/meta.json')) && 'no committed dataset',
}, () => {
  // data/dataset/models.json: kimi-k2 max_output 131072 (litellm, 2026-07-24) equal to its 131072 context window, open
  // weights, models-dev's 16384 in conflicts; glm-4.6 max_output 131072 (models-dev, 2026-07-02), window 204800.
  const r = row(compare_models.handler(committedDataset(), compare_models.input.parse({ models: ['kimi-k2', 'glm-4.6'] }), ctx) as Out, 'max_output');
  assert.deepEqual(r.best, ['glm-4.6']);
  assert.deepEqual(r.values.map((v) => v.value), [null, 131072], 'the window is not shown as a tying cap');
  assert.match(r.values[0].detail!, /^the sources' figure, 131072 \(litellm, 2026-07-24\), is the model's context window \(131072 tokens\)/);
});

test("the developer's price row keeps the price's note, as get_model and estimate_cost show it (DeepSeek's off-peak price)", () => {
  // data/curated/developer-prices.csv, deepseek-v4-pro: $0.66/$1.98 off-peak, twice that at peak hours on weekdays. A
  // row that ranks $0.66 without the hours would read a part-time price as the price.
  const note = "the off-peak price, for 133 of the 168 hours of a week: DeepSeek's page lists peak hours 01:00-04:00 and "
    + '06:00-10:00 UTC Monday through Friday, at twice the price ($1.32 input and $3.96 output per 1M tokens); weekends are off-peak all day';
  const d = aDataset({
    models: [aModel({ id: 'v4-pro', open_weights: f(true) }), aModel({ id: 'other', open_weights: f(true) })],
    offers: [
      anOffer({ model_id: 'v4-pro', provider: 'deepseek', first_party: true, prices: { input: { ...f(0.66), note }, output: { ...f(1.98), note } } }),
      anOffer({ model_id: 'other', provider: 'dev', first_party: true, prices: { input: f(1), output: f(3) } }),
    ],
  });
  const out = compare_models.handler(d, compare_models.input.parse({ models: ['v4-pro', 'other'] }), ctx) as Out;
  for (const field of ['list_input_price', 'list_output_price', 'input_price', 'output_price']) {
    const [v4, other] = row(out, field).values as Array<{ note?: string }>;
    assert.equal(v4!.note, note, `${field}: the note beside DeepSeek's price`);
    assert.equal(other!.note, undefined, `${field}: a price without a note has none`);
  }
  assert.deepEqual(compare_models.output.parse(out), out);
});
