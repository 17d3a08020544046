// Tests of get_model_changes: the default window ends today, filters and their errors, pagination, the stale-data notice.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { aDataset, aDeveloper, aModel } from '../dataset/fixtures.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { ServiceError } from '../errors/index.ts';
import type { ChangeEvent } from '../schema/index.ts';
import { get_model_changes } from './get-model-changes.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

/** The committed dataset, loaded once for the tests here that read it: it is frozen, and each load costs 1.5 s of CPU. */
let shared: Dataset | undefined;
const committedOnce = (): Dataset => (shared ??= committedDataset());

type Out = Record<string, any> & { items: Array<Record<string, any>> };
const ev = (i: number, date: string, over: Partial<ChangeEvent> = {}): ChangeEvent => ({
  id: i.toString(16).padStart(16, '0'), date, model_id: 'acme-7b', kind: 'price', field: 'input', provider: 'acme',
  old: 1, new: 0.5, source: 'test-source', correction: null, ...over,
});
const ds = aDataset({
  models: [aModel({ id: 'acme-7b', aliases: ['acme/Acme-7B'] }), aModel({ id: 'zeta-1', vendor: 'zeta' })],
  developers: [aDeveloper({ id: 'acme', name: 'Acme' }), aDeveloper({ id: 'zeta', name: 'Zeta' })],
  changes: [
    ev(1, '2026-07-01'), ev(2, '2026-07-15', { correction: true, subject: 'fix: price was per 1K tokens' }),
    ev(3, '2026-07-20', { model_id: 'zeta-1', kind: 'elo', field: 'rating', provider: undefined, leaderboard: 'text', variant: 'zeta-1', old: 1300, new: 1320 }),
    ev(4, '2026-07-25'), ev(5, '2026-07-31', { kind: 'hosting', field: 'offered', old: false, new: true }),
  ],
  data_as_of: '2026-08-01',
});
const run = (input: Record<string, unknown>, today = '2026-08-01', d = ds) => get_model_changes.handler(d, get_model_changes.input.parse(input), { today }) as Out;

test('the default window is the 30 days ending today, newest first, each event with its values, source and correction flag', () => {
  const out = run({});
  assert.deepEqual(out.window, { from: '2026-07-03', until: '2026-08-01', days: 30 });
  assert.deepEqual(out.items.map((i) => i.date), ['2026-07-31', '2026-07-25', '2026-07-20', '2026-07-15']);
  assert.equal(out.notice, null);
  assert.equal(out.data_ends, null, 'the window ends on data_as_of: the data cover it');
  const fix = out.items.find((i) => i.correction === true)!;
  assert.deepEqual([fix.old, fix.new, fix.source, fix.as_of, fix.subject], [1, 0.5, 'test-source', '2026-07-15', 'fix: price was per 1K tokens']);
  assert.match(fix.correction_basis, /fixed the catalogue/);
  assert.deepEqual(out.counts, { total: 4, by_kind: { price: 2, elo: 1, licence: 0, hosting: 1 }, corrections: 1, renames: 0 });
  assert.doesNotThrow(() => get_model_changes.output.parse(out));
});

test('when today is past the data, the window is said to lie after data_as_of rather than silently empty', () => {
  const out = run({}, '2026-11-21');
  assert.equal(out.items.length, 0);
  assert.match(out.notice, /The data end on 2026-08-01 \(data_as_of\).*entirely after it.*until=2026-08-01/);
  assert.equal(out.latest_matching, '2026-07-31');
  assert.equal(out.data_ends, '2026-08-01');
});

test('a window reaching past the data says where they end, as a field beside the notice', () => {
  // days=90 ending 2026-08-20: 2026-05-23 to 2026-08-20, of which 2026-08-02 onwards lies after data_as_of.
  const out = run({ days: 90 }, '2026-08-20');
  assert.deepEqual(out.window, { from: '2026-05-23', until: '2026-08-20', days: 90 });
  assert.equal(out.data_ends, '2026-08-01');
  assert.match(out.notice, /The data end on 2026-08-01/);
  assert.equal(out.items.length, 5, 'every event of the data is still in the window');
  assert.doesNotThrow(() => get_model_changes.output.parse(out));
  assert.equal(run({ days: 90, until: '2026-08-01' }, '2026-08-20').data_ends, null);
});

test('filters: kinds (deduplicated), a model by alias, a vendor by developer id', () => {
  assert.deepEqual(run({ kind: ['hosting', 'elo', 'hosting'] }).filters.kind, ['elo', 'hosting']);
  const byAlias = run({ model: 'acme/Acme-7B', days: 60 });
  assert.deepEqual([byAlias.filters.model, byAlias.items.length], ['acme-7b', 4]);
  assert.deepEqual(run({ vendor: 'Zeta' }).items.map((i) => i.model.id), ['zeta-1']);
  assert.match(run({ model: 'zeta-1', vendor: 'acme' }).notice, /zeta-1 is a model of zeta, not acme/);
});

test('unknown model, unknown vendor: coded errors with near ids', () => {
  assert.throws(() => run({ model: 'acme-8b' }), (e: unknown) => e instanceof ServiceError && e.code === 'model_not_found'
    && e.options.errors?.[0].parameter === 'model' && e.options.suggestions?.includes('acme-7b') === true);
  assert.throws(() => run({ vendor: 'acmee' }), (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter'
    && e.options.errors?.[0].parameter === 'vendor' && /acme/.test(e.options.errors[0].allowed ?? '') && e.options.suggestions?.[0] === 'acme');
});

test('out-of-range days, impossible dates and unknown kinds are refused by the input schema', () => {
  for (const bad of [{ days: 0 }, { days: 3651 }, { until: '2026-02-30' }, { until: '01/08/2026' }, { kind: ['prices'] }]) {
    assert.equal(get_model_changes.input.safeParse(bad).success, false, JSON.stringify(bad));
  }
});

test('pages follow one another without gaps or repeats; totals count the whole window', () => {
  const first = run({ limit: 3, days: 60 });
  assert.deepEqual([first.items.length, first.page.total], [3, 5]);
  const second = run({ limit: 3, days: 60, cursor: first.page.next_cursor });
  assert.deepEqual([...first.items, ...second.items].map((i) => i.id), ['5', '4', '3', '2', '1'].map((n) => n.padStart(16, '0')));
  assert.equal(second.page.next_cursor, null);
});

const committed = existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json'));

test('committed dataset: a year of changes is newest first and the coverage names each source of history', { skip: !committed && 'no committed dataset' }, () => {
  const real = committedOnce();
  const out = run({ until: real.meta.data_as_of, days: 365, limit: 100 }, '2026-11-21', real);
  assert.ok(out.page.total > 100);
  for (let i = 1; i < out.items.length; i++) assert.ok(out.items[i - 1].date >= out.items[i].date);
  assert.ok(out.coverage.every((c: Record<string, any>) => c.history_until <= real.meta.data_as_of));
  assert.match(run({}, '2026-11-21', real).notice, new RegExp(`until=${real.meta.data_as_of}`));
});

test('committed dataset: shutdowns announced for days after data_as_of are listed apart from the changes, with their notice', { skip: !committed && 'no committed dataset' }, () => {
  const real = committedOnce();
  assert.equal(real.meta.data_as_of, '2026-09-23');
  const out = run({ kind: ['hosting'], until: '2027-12-31', days: 500 }, '2026-11-26', real);
  // The window (2026-08-19 to 2027-12-31) starts before the data end: its first weeks hold changes, the rest cannot.
  assert.match(out.notice, /the part of this window after that date \(to 2027-12-31\) is not covered/);
  assert.ok(out.items.every((i: Record<string, any>) => i.date <= '2026-09-23'));
  assert.match(out.notice, /scheduled_shutdowns lists them/);
  const s = out.scheduled_shutdowns;
  assert.ok(s.total > 0 && s.items.length === Math.min(s.total, 100));
  // deprecations-rss (deprecations.json): OpenAI, gpt-3.5-turbo-instruct, announced 2026-03-26, shutdown 2026-09-28,
  // replacements ["gpt-5.4-mini", "gpt-5-mini"]: the first day after the data date with a shutdown on it.
  const first = s.items.find((i: Record<string, any>) => i.model.id === 'gpt-3.5-turbo-instruct' && i.provider === 'openai');
  assert.deepEqual([first.date, first.as_of, first.source, first.replacement], ['2026-09-28', '2026-03-26', 'deprecations-rss', 'gpt-5.4-mini']);
  // AWS Bedrock, anthropic.claude-opus-4-1-20250805-v1:0, announced 2026-07-09, shutdown 2027-01-08, no replacement.
  const bedrock = s.items.find((i: Record<string, any>) => i.model.id === 'claude-opus-4-1' && i.provider === 'amazon-bedrock');
  assert.deepEqual([bedrock.date, bedrock.provider_model_ids, bedrock.replacement], ['2027-01-08', ['anthropic.claude-opus-4-1-20250805-v1:0',
    // AWS's notice names the bare id; its eu. and us. cross-region profiles share it (src/ingest/skus.ts noticeCoversListing).
    'eu.anthropic.claude-opus-4-1-20250805-v1:0', 'us.anthropic.claude-opus-4-1-20250805-v1:0'], null]);
  // offers.json: OpenAI lists `o4-mini` three times (standard $1.10, flex/batch $0.55, priority $2 input), each
  // retired 2026-10-23 by the same notice: the entry names the id once.
  const o4 = s.items.find((i: Record<string, any>) => i.model.id === 'o4-mini' && i.provider === 'openai');
  assert.deepEqual([o4.date, o4.provider_model_ids], ['2026-10-23', ['o4-mini', 'o4-mini-2025-04-16']]);
  for (const i of s.items) assert.equal(new Set(i.provider_model_ids).size, i.provider_model_ids.length, `${i.model.id} ids once`);
  const dates = s.items.map((i: Record<string, any>) => i.date);
  assert.deepEqual(dates, [...dates].sort(), 'soonest first');
  assert.ok(dates.every((d: string) => d > '2026-09-23'), 'only days after the data date: earlier shutdowns are changes in the feed');
  assert.doesNotThrow(() => get_model_changes.output.parse(out));
  // Anthropic's own Opus 4.1 shutdown (2026-08-05) lies before the data date: an event, never an announcement.
  const opus = run({ model: 'claude-opus-4-1', until: '2027-12-31', days: 600 }, '2026-11-26', real);
  assert.deepEqual(opus.scheduled_shutdowns.items.map((i: Record<string, any>) => `${i.provider} ${i.date}`), ['amazon-bedrock 2027-01-08']);
  assert.match(opus.notice, /one shutdown on a later day in this window: scheduled_shutdowns lists it \(/);
  assert.equal(run({ kind: ['price'], until: '2027-12-31', days: 400 }, '2026-11-26', real).scheduled_shutdowns.total, 0, 'not a price change');
  assert.equal(run({ until: '2026-09-23', days: 365 }, '2026-11-26', real).scheduled_shutdowns.total, 0, 'window within the data');
});

test('committed dataset: one Azure notice is one scheduled shutdown, naming both provider ids it is listed under', { skip: !committed && 'no committed dataset' }, () => {
  const real = committedOnce();
  // offers.json: codex-mini at `azure` and at `azure-cognitive-services`, each with shutdown_date 2026-11-15 from
  // deprecations-rss (read 2026-04-25): Azure's one retirement notice, models.dev listing the service under two ids.
  const out = run({ model: 'codex-mini', until: '2027-12-31', days: 600 }, '2026-11-26', real);
  assert.deepEqual(out.scheduled_shutdowns.items.map((i: Record<string, any>) => [i.date, i.provider, i.listed_under, i.provider_model_ids]),
    [['2026-11-15', 'azure', ['azure', 'azure-cognitive-services'], ['codex-mini']]]);
  assert.equal(out.scheduled_shutdowns.total, 1);
  assert.match(out.notice, /one shutdown on a later day in this window/);
  // Across the catalogue no (model, day) is listed twice for Azure any more; a provider without a second id keeps
  // its own id alone (Bedrock's Claude Opus 4.1, 2027-01-08).
  const all = run({ kind: ['hosting'], until: '2027-12-31', days: 500 }, '2026-11-26', real).scheduled_shutdowns.items;
  const keys = all.map((i: Record<string, any>) => `${i.model.id} ${i.date} ${i.provider}`);
  assert.equal(new Set(keys).size, keys.length);
  assert.equal(all.some((i: Record<string, any>) => i.provider === 'azure-cognitive-services'), false);
  const bedrock = all.find((i: Record<string, any>) => i.model.id === 'claude-opus-4-1');
  assert.deepEqual(bedrock.listed_under, ['amazon-bedrock']);
});

test('committed dataset: one change is one item: a unit error a commit fixed, Azure under two ids, a start recorded late', { skip: !committed && 'no committed dataset' }, () => {
  const real = committedOnce();
  // LiteLLM d9116bbc9e (2025-10-17), litellm-field-changes-2025-02..2026-07.jsonl: watsonx granite-3-3-8b-instruct
  // input_cost_per_token 0.00025 -> 2e-07, i.e. 250 -> 0.2 USD per 1M, the fix of cda8b3d5f8's per-thousand figure.
  const prices = run({ kind: ['price'], model: 'granite-3.3-8b-instruct', until: '2026-09-23', days: 365 }, '2026-11-26', real).items
    .filter((i) => i.provider === 'watsonx' && i.date === '2025-10-17');
  assert.deepEqual(prices.map((i) => [i.field, i.old, i.new, i.correction]).sort(), [['input', 250, 0.2, true], ['output', 1000, 0.2, true]]);
  assert.ok(prices.every((i) => /^unit error corrected: .* litellm commit d9116bbc9e moved 20 other watsonx prices down/.test(i.correction_basis)));
  // OpenAI's deprecations page retired o3-deep-research and o3-deep-research-2025-06-26 on 2026-07-23: one item.
  const o3 = run({ kind: ['hosting'], model: 'o3-deep-research', until: '2026-09-23', days: 365, limit: 100 }, '2026-11-26', real).items
    .filter((i) => i.date === '2026-07-23' && i.provider === 'openai');
  assert.deepEqual(o3.map((i) => i.provider_model_ids), [['o3-deep-research', 'o3-deep-research-2025-06-26']]);
  // genai-prices listed deepseek-v4-flash at deepseek on 2026-05-14 (9275f6b122), LiteLLM on 2026-06-21: one start.
  const v4 = run({ kind: ['hosting'], model: 'deepseek-v4-flash', until: '2026-09-23', days: 365, limit: 100 }, '2026-11-26', real).items
    .filter((i) => i.provider === 'deepseek' && i.new === true && i.correction !== true);
  assert.deepEqual(v4.map((i) => [i.date, i.source, i.recorded_later]), [['2026-05-14', 'genai-prices', [{ as_of: '2026-06-21', source: 'litellm' }]]]);
  // Across the year no provider's start or stop of a model is two items of one day, Azure's two ids counted as one.
  const year = real.changes.filter((e) => e.kind === 'hosting' && e.date > '2025-09-23' && e.date <= '2026-09-23');
  const keys = year.map((e) => `${e.date} ${e.model_id} ${e.provider === 'azure-cognitive-services' ? 'azure' : e.provider} ${e.new}`);
  assert.equal(new Set(keys).size, keys.length);
  assert.ok(year.some((e) => e.provider === 'azure' && e.listed_under?.includes('azure-cognitive-services')));
  assert.doesNotThrow(() => get_model_changes.output.parse(run({ kind: ['hosting'], until: '2026-09-23', days: 365, limit: 100 }, '2026-11-26', real)));
});

test('committed dataset: shutdowns announced in notices read after the data date say when they were read', { skip: !committed && 'no committed dataset' }, () => {
  const real = committedOnce();
  const out = run({ until: '2026-12-31', days: 90, limit: 100 }, '2026-11-29', real);
  // data/curated/developer-notices.csv: Google's Gemini API rows for gemini-2.5-flash and -pro read 2026-11-10 (shutdown
  // 2026-12-01), the Vertex AI rows read 2026-11-27 (on or after 2026-10-16): the newest reading is 2026-11-27, not the
  // data's date 2026-09-23, which the notice named before.
  assert.match(out.notice, /Providers had announced, by 2026-11-27 \(\d+ of \d+ notices read after 2026-09-23, the data's date: each item's as_of says when\), \d+ shutdowns/);
  assert.doesNotMatch(out.notice, /announced, by 2026-09-23/);
  const g = (provider: string, id: string) => out.scheduled_shutdowns.items.find((i: Record<string, any>) => i.provider === provider && i.model.id === id);
  // deprecations-rss read Google's page on 2026-07-22 with gemini-2.5-flash's shutdown on 2026-10-16: what the data's
  // date knew, given beside the 2026-12-01 read later.
  const api = g('google', 'gemini-2.5-flash');
  assert.deepEqual([api.date, api.as_of, api.bound, api.read_by_data_date], ['2026-12-01', '2026-11-10', null,
    { date: '2026-10-16', source: 'deprecations-rss', as_of: '2026-07-22' }]);
  // Vertex AI's table: "`gemini-2.5-flash` | June 17, 2025 | October 16, 2026", never moved earlier: an earliest day,
  // missing from the list while it read exact days only.
  const vertex = g('google-vertex', 'gemini-2.5-flash');
  assert.deepEqual([vertex.date, vertex.as_of, vertex.bound, vertex.read_by_data_date], ['2026-10-16', '2026-11-27', 'on_or_after', null]);
  // Notices all read by the data date keep the words as they were: o4-mini's two, Azure's (2026-10-16, read
  // 2026-04-28) and OpenAI's (2026-10-23, read 2026-07-23).
  const o4 = run({ model: 'o4-mini', until: '2026-12-31', days: 90 }, '2026-11-29', real);
  assert.ok(o4.scheduled_shutdowns.items.every((i: Record<string, any>) => i.as_of <= '2026-09-23'));
  assert.match(o4.notice, /Providers had announced, by 2026-09-23, 2 shutdowns/);
  assert.doesNotThrow(() => get_model_changes.output.parse(out));
});

test('committed dataset: a day of arena renames counts them apart from the elo changes they are listed among', { skip: !committed && 'no committed dataset' }, () => {
  // data/dataset/changes.json, read apart (python over the file): 2026-08-12 holds 15 events, all elo, 12 of them
  // with `renamed_from` (LMArena renamed the thinking variants that day: claude-opus-4-8-thinking ->
  // claude-opus-4-8-high, rating 1481.1 -> 1481.9), none a correction; the whole feed holds 16 such events (4 more on
  // 2026-08-02). Every kind, one kind and one model (the walked path) count them alike.
  const day = run({ days: 1, until: '2026-08-12' }, '2026-09-23', committedOnce());
  assert.deepEqual([day.counts.total, day.counts.by_kind.elo, day.counts.renames, day.counts.corrections], [15, 15, 12, 0]);
  const elo = run({ days: 1, until: '2026-08-12', kind: ['elo'] }, '2026-09-23', committedOnce());
  assert.equal(elo.counts.renames, 12);
  assert.equal(run({ days: 1, until: '2026-08-12', kind: ['price'] }, '2026-09-23', committedOnce()).counts.renames, 0);
  // claude-opus-4-8: 6 elo events over the feed, 2 of them renames.
  const opus = run({ days: 365, until: '2026-09-23', model: 'claude-opus-4-8', kind: ['elo'] }, '2026-09-23', committedOnce());
  assert.deepEqual([opus.counts.by_kind.elo, opus.counts.renames], [6, 2]);
  const all = run({ days: 365, until: '2026-09-23' }, '2026-09-23', committedOnce());
  assert.equal(all.counts.renames, 16);
  // A fixture's elo event without a rename counts none.
  assert.equal(run({}).counts.renames, 0);
});

test('since: the window from that day to until, both included; with days, reversed or too long, a clear error', () => {
  // 2026-07-15 to 2026-08-01: 17 days of July (15..31) and 1 of August, 18 days; the events of 07-15, 07-20, 07-25, 07-31.
  const out = run({ since: '2026-07-15' });
  assert.deepEqual(out.window, { from: '2026-07-15', until: '2026-08-01', days: 18 });
  assert.deepEqual(out.items.map((i) => i.date), ['2026-07-31', '2026-07-25', '2026-07-20', '2026-07-15']);
  // One day: since = until.
  assert.deepEqual(run({ since: '2026-07-20', until: '2026-07-20' }).items.map((i) => i.date), ['2026-07-20']);
  const refused = (input: Record<string, unknown>, message: RegExp) => assert.throws(() => run(input), (e: unknown) =>
    e instanceof ServiceError && e.code === 'invalid_parameter' && message.test(e.message));
  refused({ since: '2026-07-01', days: 10 }, /`since` or `days`, not both/);
  refused({ since: '2026-08-02' }, /since 2026-08-02 is after until 2026-08-01/);
  // 2016-08-03 to 2026-08-01: 3,650 days apart (ten years of 365, plus the 29 Februaries of 2020 and 2024, less the two
  // days from 08-01 to 08-03), so 3,651 with both ends included.
  refused({ since: '2016-08-03' }, /3651 days; the window holds at most 3650/);
  assert.equal(run({ since: '2016-08-04' }).window.days, 3650);
});
