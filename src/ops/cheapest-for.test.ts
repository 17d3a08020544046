// Tests of cheapest_for: floors, counts, filters, where (EU cloud, on premises), the use board and the why sentence.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Dataset } from '../dataset/dataset.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { aDataset, aModel, anOffer, aProvider, aRating, f } from '../dataset/fixtures.ts';
import { ServiceError } from '../errors/index.ts';
import { cheapest_for } from './cheapest-for.ts';

const ctx = { today: '2026-10-01' };
const rate = (model_id: string, rating: number, over: object = {}) =>
  aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5, ...over });
const price = (input: number, output: number) => ({ input: f(input), output: f(output) });

// top (1500, $10), mid (1400, $2 / EU $3 / first party $2.5), low (1300, $0.5 / first party $0.6), tiny (1200, open,
// no offer), big-open (1450 through its thinking variant, open, $1). Every interval is the rating +-5.
const ds = aDataset({
  providers: [aProvider({ id: 'euro', name: 'Euro Cloud' })],
  models: [
    aModel({ id: 'top', context_window: f(200000), capabilities: { tool_calling: f(true) } }),
    aModel({ id: 'mid', context_window: f(128000), capabilities: { tool_calling: f(true) } }),
    aModel({ id: 'low', context_window: f(32000) }),
    aModel({ id: 'tiny', open_weights: f(true), parameters_total: f(8e9) }),
    aModel({ id: 'big-open', open_weights: f(true), parameters_total: f(70e9), context_window: f(128000) }),
  ],
  offers: [
    anOffer({ model_id: 'top', provider: 'a', prices: price(10, 10) }),
    anOffer({ model_id: 'mid', provider: 'a', prices: price(2, 2) }),
    anOffer({ model_id: 'mid', provider: 'euro', prices: price(3, 3), eu_resident: f('yes' as const) }),
    anOffer({ model_id: 'low', provider: 'a', prices: price(0.5, 0.5) }),
    anOffer({ model_id: 'big-open', provider: 'a', prices: price(1, 1) }),
    // First-party offers (every fixture model's developer is `acme`; the ingest flags its listings): dearer than the resellers'.
    anOffer({ model_id: 'mid', provider: 'acme', first_party: true, prices: price(2.5, 2.5) }),
    anOffer({ model_id: 'low', provider: 'acme-eu', first_party: true, prices: price(0.6, 0.6), eu_resident: f('no' as const) }),
  ],
  ratings: [
    rate('top', 1500), rate('mid', 1400), rate('low', 1300), rate('tiny', 1200), rate('big-open', 1440), rate('big-open', 1450, { variant: 'big-open-thinking' }),
    rate('top', 1500, { category: 'instruction_following' }), rate('mid', 1410, { category: 'instruction_following' }), rate('low', 1420, { category: 'instruction_following' }),
  ],
});

type Out = Record<string, any> & { items: Array<Record<string, any>> };
const run = (input: Record<string, unknown>) => cheapest_for.handler(ds, cheapest_for.input.parse(input), ctx) as Out;
const ids = (out: Out) => out.items.map((i) => i.model.id);

test('without a floor: every rated model with a price, cheapest first; the floor used and the counts are stated', () => {
  const out = run({});
  assert.deepEqual(ids(out), ['low', 'big-open', 'mid', 'top']);
  assert.deepEqual(out.counts, { rated: 5, met_floor: 5, matched: 4, deprecated_left_out: 0, shut_down_left_out: 0, existing_customers_only_left_out: 0 });
  assert.deepEqual([out.leaderboard, out.category, out.floor.min_elo, out.floor.min_rank], ['text_style_control', 'overall', null, null]);
  assert.ok(cheapest_for.output.safeParse(out).success);
});

test('min_elo floor counts the best variant; min_rank is the rank among models', () => {
  const elo = run({ min_elo: 1450 });
  assert.deepEqual(ids(elo), ['big-open', 'top'], 'big-open qualifies through its thinking variant');
  assert.equal(elo.items[0].rating.variant, 'big-open-thinking');
  assert.deepEqual(elo.counts, { rated: 5, met_floor: 2, matched: 2, deprecated_left_out: 0, shut_down_left_out: 0, existing_customers_only_left_out: 0 });
  assert.match(elo.floor.rule, />= 1450/);
  const rank = run({ min_rank: 3 });
  assert.deepEqual(ids(rank), ['big-open', 'mid', 'top']);
});

test('deprecated models are left out by default and counted; offers shut down by the data date are never ranked', () => {
  // Dataset dated 2026-09-23. old: its developer deprecated it. gone: developer's shutdown 2025-09-29, one reseller
  // still lists it at $1. cheap: its $0.1 offer shut down 2025-09-29 (cheaper than its live $4), shut: only an offer
  // its provider retired. Each offer's blended price at 75% input equals its one price.
  const shutOn = (d: string) => ({ shutdown_date: f(d) });
  const lc = aDataset({
    data_as_of: '2026-09-23',
    models: [
      aModel({ id: 'live' }), aModel({ id: 'old', status: f('deprecated' as const) }), aModel({ id: 'gone', ...shutOn('2025-09-29') }),
      aModel({ id: 'cheap' }), aModel({ id: 'shut' }),
    ],
    offers: [
      anOffer({ model_id: 'live', provider: 'a', prices: price(3, 3) }),
      anOffer({ model_id: 'old', provider: 'a', prices: price(0.2, 0.2) }),
      anOffer({ model_id: 'gone', provider: 'a', prices: price(1, 1) }),
      anOffer({ model_id: 'cheap', provider: 'acme', first_party: true, prices: price(0.1, 0.1), ...shutOn('2025-09-29') }),
      anOffer({ model_id: 'cheap', provider: 'b', prices: price(4, 4) }),
      anOffer({ model_id: 'shut', provider: 'a', prices: price(0.3, 0.3), status: f('deprecated' as const) }),
    ],
    ratings: [rate('live', 1300), rate('old', 1300), rate('gone', 1300), rate('cheap', 1300), rate('shut', 1300)],
  });
  const go = (input: Record<string, unknown>) => cheapest_for.handler(lc, cheapest_for.input.parse(input), ctx) as Out;
  const out = go({});
  assert.deepEqual(out.items.map((i) => [i.model.id, i.blended_price.value]), [['live', 3], ['cheap', 4]]);
  assert.deepEqual(out.counts, { rated: 5, met_floor: 5, matched: 2, deprecated_left_out: 2, shut_down_left_out: 1, existing_customers_only_left_out: 0 });
  assert.match(out.note, /2 models are left out as deprecated or shut down by the developer by 2026-09-23/);
  assert.match(out.note, /1 model is left out because every priced offer fitting the filters is shut down by 2026-09-23/);
  const all = go({ include_deprecated: true });
  assert.deepEqual(all.items.map((i) => [i.model.id, i.blended_price.value, i.model_status?.value ?? null]),
    [['old', 0.2, 'deprecated'], ['gone', 1, null], ['live', 3, null], ['cheap', 4, null]]);
  assert.equal(all.counts.deprecated_left_out, 0);
  assert.equal(go({ first_party_only: true }).counts.shut_down_left_out, 1, 'cheap\'s own offer is shut down');
  assert.ok(cheapest_for.output.safeParse(all).success);
});

test('a price the source schedules is shown with the day it starts', () => {
  // genai-prices npm 0.1.8, google/gemini-3.6-flash: $0.75/$3.75 now, $1.5/$7.5 from 2027-01-01.
  const next = { value: { starts: '2027-01-01', input: 1.5, output: 7.5 }, as_of: '2026-09-23', source: 'test-source' };
  const d = aDataset({
    models: [aModel({ id: 'flash' })],
    offers: [anOffer({ model_id: 'flash', provider: 'acme', first_party: true, prices: price(0.75, 3.75), next_prices: next })],
    ratings: [rate('flash', 1300)],
  });
  const out = cheapest_for.handler(d, cheapest_for.input.parse({}), ctx) as Out;
  assert.deepEqual(out.items[0].offer.next_prices, next);
  assert.match(out.items[0].why, /\$0\.75 input .*\. From 2027-01-01 the source lists \$1\.5 input and \$7\.5 output\.$/);
  assert.ok(cheapest_for.output.safeParse(out).success);
});

test('min_elo and min_rank together are refused', () => {
  assert.throws(() => run({ min_elo: 1300, min_rank: 3 }), (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter');
});

test('eu-cloud keeps only EU offers: the model is priced at its EU offer, others drop out', () => {
  const out = run({ where: 'eu-cloud' });
  assert.deepEqual(ids(out), ['mid']);
  assert.equal(out.items[0].offer.provider, 'euro');
  assert.equal(out.items[0].blended_price.value, 3);
  assert.match(out.items[0].why, /Euro Cloud EU-resident/);
});

test('eu-cloud at a reseller: the developer\'s own offer outside the EU is named, not said to be missing', () => {
  // mid: Euro Cloud (reseller, EU-resident) $3/$3; acme's own $2.5/$2.5 (residency unknown) is kept out by the filter.
  const out = run({ where: 'eu-cloud' });
  assert.equal(out.items[0].developer_offer, null, 'developer_offer stays under the same where');
  assert.match(out.items[0].why, /Sold by a reseller here; the developer's own offer \(acme, \$2\.5\/\$2\.5 input\/output per 1M tokens, /);
  assert.match(out.items[0].why, /, \$2\.5 blended\) is not known to be EU-resident\.$/);
  assert.doesNotMatch(out.items[0].why, /through no offer/);
  // The same with the developer's offer stated outside the EU (eu_resident no): said plainly.
  const notEu = aDataset({ providers: [...ds.providers], models: [...ds.models], ratings: [...ds.ratings],
    offers: ds.offers.map((o) => (o.provider === 'acme' ? { ...o, eu_resident: f('no' as const) } : o)) });
  const why = cheapest_for.handler(notEu, cheapest_for.input.parse({ where: 'eu-cloud' }), ctx) as Out;
  assert.match(why.items[0].why, /the developer's own offer \(acme, \$2\.5\/\$2\.5 input\/output per 1M tokens, /);
  assert.match(why.items[0].why, /, \$2\.5 blended\) is not EU-resident\.$/);
});

test('why cites the rating, variant, rank, floor, prices with dates and the blended price', () => {
  const why = run({ min_elo: 1450, input_share: 0.5 }).items[0].why as string;
  assert.match(why, /rated 1450 \(variant big-open-thinking, 2026-08-01\) on text_style_control\/overall, rank 2 of 5, at or above the floor of 1450/);
  assert.match(why, /\$1 input \(2026-08-01\) and \$1 output \(2026-08-01\) per 1M tokens: \$1 blended at 50% input/);
});

test('a reseller\'s cheapest offer comes with the developer\'s own beside it; the developer\'s own comes alone', () => {
  // Fixture: mid's cheapest is reseller a at $2, its developer acme sells at $2.5; top has only reseller a ($10).
  const out = run({});
  const by = (id: string) => out.items.find((i) => i.model.id === id)!;
  assert.deepEqual([by('mid').offer.provider, by('mid').developer_offer.provider, by('mid').developer_offer.blended_price.value], ['a', 'acme', 2.5]);
  assert.match(by('mid').why, /Sold by a reseller; the developer's own offer \(acme\) is \$2\.5 blended\./);
  assert.equal(by('top').developer_offer, null);
  assert.match(by('top').why, /the developer sells it through no offer in the dataset/);
  const own = run({ first_party_only: true }).items.find((i) => i.model.id === 'mid')!;
  assert.equal(own.developer_offer, null);
  assert.doesNotMatch(own.why, /reseller/);
});

test('a page of resellers\' offers says so, and counts those at under half the developer\'s own price', () => {
  // Fixture: every cheapest offer is reseller a's (low $0.5 against acme-eu's $0.6, mid $2 against acme's $2.5,
  // big-open and top with no developer offer): 4 of 4, none under half (0.5 >= 0.6 / 2, 2 >= 2.5 / 2).
  // After the warning that no floor was given and low, the first place, is rank 4 of 5 (4 > 5 / 2).
  assert.match(run({}).note, /^No floor was given, [^.]*, is rank 4 of 5 [^.]*\. 4 of the 4 places shown are third parties' offers \(resellers, or hosts and routers of open weights\): the dataset lists their prices as their sources give them and does not vouch/);
  // The developer's own at $2 makes low's $0.5 a quarter of it: under half.
  const dear = aDataset({ providers: [...ds.providers], models: [...ds.models], ratings: [...ds.ratings], offers: ds.offers.map((o) => (o.provider === 'acme-eu' ? { ...o, prices: price(2, 2) } : o)) });
  const out = cheapest_for.handler(dear, cheapest_for.input.parse({}), ctx) as Out;
  assert.match(out.note, /\. 4 of the 4 places shown are third parties' offers \(resellers, or hosts and routers of open weights\), 1 of them at under half the developer's own price:/);
  // Only the developers' own offers: nothing to warn of about resellers (the first place, low at acme-eu, is still rank
  // 4 of 5 with no floor given: that warning alone).
  assert.match(run({ first_party_only: true }).note, /^No floor was given, [^.]*, is rank 4 of 5 [^.]*\.$/);
});

test('filters: min_context and open_weights; unknown context is left out', () => {
  assert.deepEqual(ids(run({ min_context: 128000 })), ['big-open', 'mid', 'top']);
  assert.deepEqual(ids(run({ open_weights: true })), ['big-open']);
});

test('agents use instruction_following and require tool calling stated true', () => {
  const out = run({ use: 'agents' });
  assert.equal(out.category, 'instruction_following');
  assert.deepEqual(out.requires, ['tool_calling']);
  assert.deepEqual(ids(out), ['mid', 'top'], 'low is rated but has no tool-calling evidence');
  assert.equal(out.counts.met_floor, 3);
});

test('on-premises ranks open-weights models by total parameters, with no API price', () => {
  const out = run({ where: 'on-premises' });
  assert.equal(out.ranked_by, 'parameters_total');
  assert.deepEqual(ids(out), ['tiny', 'big-open']);
  assert.equal(out.items[0].offer, null);
  assert.equal(out.items[0].blended_price, null);
  assert.match(out.note, /ranks API prices/);
  assert.match(out.items[0].why, /8B total parameters/);
  assert.throws(() => run({ where: 'local', open_weights: false }), (e: unknown) => e instanceof ServiceError && e.options.errors![0].parameter === 'open_weights');
});

test('a fall back to another board is said in the note', () => {
  const out = run({ use: 'translation' });
  assert.deepEqual([out.category, out.fell_back], ['overall', true]);
  assert.match(out.note, /preferred board for translation is absent/);
});

test('a use whose board the dataset lacks answers empty and says so', () => {
  const out = run({ use: 'vision' });
  assert.equal(out.items.length, 0);
  assert.equal(out.counts.rated, 0);
  assert.match(out.note, /no ratings on vision\/overall/);
});

test('pages carry on the position numbers', () => {
  const first = run({ limit: 2 });
  const second = run({ limit: 2, cursor: first.page.next_cursor });
  assert.deepEqual(second.items.map((i) => i.position), [3, 4]);
  assert.equal(second.page.next_cursor, null);
});

test('as_good_as: at least the reference model\'s rating on the same board; itself included at the point', () => {
  const out = run({ as_good_as: 'mid' });
  assert.deepEqual(ids(out), ['big-open', 'mid', 'top'], 'ratings 1450, 1400, 1500 >= 1400, cheapest first');
  assert.deepEqual([out.floor.as_good_as.model.id, out.floor.threshold, out.floor.basis], ['mid', 1400, 'point']);
  assert.match(out.items[0].why, /at or above mid's 1400/);
});

test('floor=lower_bound: the 95% lower bound must reach the floor, so only models better beyond the uncertainty', () => {
  // Lower bounds: top 1495, big-open 1445, mid 1395: mid is not better than itself beyond its own interval.
  assert.deepEqual(ids(run({ as_good_as: 'mid', floor: 'lower_bound' })), ['big-open', 'top']);
  assert.deepEqual(ids(run({ min_elo: 1445, floor: 'lower_bound' })), ['big-open', 'top']);
  assert.deepEqual(ids(run({ min_elo: 1446, floor: 'lower_bound' })), ['top']);
  // Top 2 by rank: top and big-open; at the lower bound the floor is big-open's rating, 1450, which only top's 1495 reaches.
  const rank = run({ min_rank: 2, floor: 'lower_bound' });
  assert.deepEqual([ids(rank), rank.floor.threshold], [['top'], 1450]);
  assert.deepEqual(ids(run({ min_rank: 2 })), ['big-open', 'top'], 'at the point, the rank alone');
});

test('first_party_only: only the developer\'s own offers (the offer\'s first_party flag), priced at them', () => {
  const out = run({ first_party_only: true });
  // mid at acme's $2.5 (not the reseller's $2), low at acme-eu's $0.6; top and big-open have no first-party offer.
  assert.deepEqual(out.items.map((i) => [i.model.id, i.offer.provider, i.blended_price.value, i.first_party]), [['low', 'acme-eu', 0.6, true], ['mid', 'acme', 2.5, true]]);
  assert.equal(run({}).items[0].first_party, false, 'the reseller offer of low is not first party');
  assert.deepEqual(ids(run({ first_party_only: true, where: 'eu-cloud' })), [], 'no first-party offer is EU-resident');
});

test('bad floors are 400s that say what is allowed', () => {
  const bad = (input: Record<string, unknown>, parameter: string, allowed: RegExp) => assert.throws(() => run(input), (e: unknown) =>
    e instanceof ServiceError && e.code === 'invalid_parameter' && e.options.errors![0].parameter === parameter && allowed.test(e.options.errors![0].allowed ?? ''));
  bad({ as_good_as: 'nobody-knows' }, 'as_good_as', /a model id or alias rated on text_style_control\/overall/);
  bad({ as_good_as: 'tiny', use: 'agents' }, 'as_good_as', /rated on text_style_control\/instruction_following, e\.g\. top, low, mid/);
  bad({ as_good_as: 'mid', min_elo: 1300 }, 'as_good_as', /one of min_elo, min_rank, as_good_as/);
  bad({ first_party_only: true, where: 'on-premises' }, 'first_party_only', /where=any-cloud or eu-cloud/);
  assert.equal(cheapest_for.input.safeParse({ floor: 'upper' }).success, false);
});

const dataDir = path.resolve(import.meta.dirname, '../../data/dataset');
/** The committed dataset, loaded once for the tests here that read it: it is frozen, and each load costs 1 to 2 s of CPU. */
let shared: Dataset | undefined;
const committedOnce = (): Dataset => (shared ??= committedDataset());
test('committed dataset: at least as good as GPT-4o for coding, at the point and beyond the uncertainty', { skip: !existsSync(path.join(dataDir, 'meta.json')) && 'no committed dataset' }, () => {
  const real = committedOnce();
  const go = (input: Record<string, unknown>) => cheapest_for.handler(real, cheapest_for.input.parse({ use: 'coding', as_good_as: 'gpt-4o', limit: 100, ...input }), ctx) as Out;
  // LMArena text_style_control/coding, 2026-08-19 (lmarena-hf-text_style_control-2026-08-22.json.gz): gpt-4o serves
  // gpt-4o-2024-08-06, rated 1360.40 (95% interval 1352.50-1368.30; gpt-4o-2024-05-13 is a model of its own);
  // gpt-oss-20b 1369.82 with a 95% interval of 1356.97-1382.67: as good at the point, not beyond the uncertainty.
  const point = go({});
  assert.equal(point.floor.threshold, 1360.4);
  assert.ok(ids(point).includes('gpt-oss-20b'));
  const low = go({ floor: 'lower_bound' });
  assert.ok(!ids(low).includes('gpt-oss-20b') && !ids(low).includes('gpt-4o'));
  for (const i of low.items) assert.ok(i.rating.rating_lower >= 1360.4, i.model.id);
  const own = go({ floor: 'lower_bound', first_party_only: true });
  for (const i of own.items) assert.equal(i.first_party, true, i.model.id);
  assert.ok(own.items.some((i) => i.offer.provider === 'openai'), 'OpenAI sells its own models');
});

const noData = !existsSync(path.join(dataDir, 'meta.json')) && 'no committed dataset';
test('committed dataset: no retired model or shut-down offer ranked; gpt-oss is not OpenAI\'s own offer', { skip: noData }, () => {
  const real = committedOnce();
  const go = (input: Record<string, unknown>) =>
    cheapest_for.handler(real, cheapest_for.input.parse({ use: 'chat', limit: 100, ...input }), ctx) as Out;
  // deprecations-rss: Google shut gemini-1.5-flash down on 2025-09-29, a year before the data date (2026-09-23).
  const chat = go({ min_elo: 1200 });
  assert.ok(!ids(chat).includes('gemini-1.5-flash'));
  for (const i of chat.items) {
    // A deprecation announced with the shutdown still to come is served and ranked (OpenAI's gpt-5-mini: deprecated
    // 2026-06-11, shutdown 2026-12-11, deprecations-rss); a model whose developer's shutdown date has passed is not.
    const m = real.modelById.get(i.model.id)!;
    if (i.model_status?.value === 'deprecated') assert.ok(m.shutdown_date && m.shutdown_date.value > real.lifecycleDate, i.model.id);
    assert.ok(!(i.offer.shutdown_date?.value <= real.meta.data_as_of), `${i.model.id} at ${i.offer.provider}`);
  }
  assert.ok(chat.counts.deprecated_left_out > 0 && /left out as deprecated/.test(chat.note));
  // genai-prices files gpt-oss under openai with "Imported from OpenRouter pricing": not OpenAI's offer.
  const own = go({ min_elo: 1300, first_party_only: true });
  assert.ok(!own.items.some((i) => i.model.id.startsWith('gpt-oss')), ids(own).slice(0, 5).join());
  for (const i of own.items) assert.equal(i.first_party, true);
});
