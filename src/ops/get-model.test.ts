// Tests of get_model: aliases, unknown ids, stored and missing facts, developer, offers and ratings per board.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { committedDataset } from '../../test/committed-dataset.ts';
import { aDataset, aDeveloper, aModel, anOffer, aProvider, aRating, f } from '../dataset/fixtures.ts';
import { ServiceError } from '../errors/index.ts';
import { get_model, NO_SOURCE } from './get-model.ts';

const ctx = { today: '2026-10-01' };
const rate = (over: Parameters<typeof aRating>[0]) => aRating({ rating_lower: over.rating! - 10, rating_upper: over.rating! + 10, ...over });

const ds = aDataset({
  developers: [aDeveloper({
    id: 'anthropic', name: 'Anthropic', country: f('US'),
    fmti_scores: [f({ edition: '2024-05', score: 51 }), f({ edition: '2025-12', score: 46 })],
    eu_code: f({ status: 'signatory' as const }),
  })],
  providers: [aProvider({ id: 'bedrock', name: 'Amazon Bedrock' })],
  models: [
    aModel({ id: 'claude-opus-4-8', vendor: 'anthropic', name: f('Claude Opus 4.8'), aliases: ['anthropic/claude-opus-4.8'], variants: ['claude-opus-4-8-thinking'],
      open_weights: f(false), status: f('active' as const), context_window: f(200000), capabilities: { tool_calling: f(true) } }),
    aModel({ id: 'claude-sonnet-4-8', vendor: 'anthropic' }),
  ],
  offers: [
    anOffer({ model_id: 'claude-opus-4-8', provider: 'bedrock', region: 'eu', prices: { input: f(6), output: f(30) }, eu_resident: f('yes' as const) }),
    anOffer({ model_id: 'claude-opus-4-8', provider: 'anthropic', prices: { input: f(5), output: f(25), cache_read: f(0.5) } }),
    anOffer({ model_id: 'claude-opus-4-8', provider: 'nowhere', prices: { input: f(1) } }),
    anOffer({ model_id: 'claude-opus-4-8', provider: 'coding-plan', prices: { input: f(0), output: f(0) } }),
  ],
  ratings: [
    rate({ model_id: 'claude-opus-4-8', variant: 'claude-opus-4-8', rating: 1480 }),
    rate({ model_id: 'claude-opus-4-8', variant: 'claude-opus-4-8-thinking', rating: 1500 }),
    rate({ model_id: 'claude-sonnet-4-8', rating: 1490 }),
    rate({ model_id: 'claude-opus-4-8', category: 'coding', rating: 1510 }),
    rate({ model_id: 'claude-opus-4-8', leaderboard: 'text', rating: 1520 }),
  ],
});

type Sheet = Record<string, any>;
const run = (model_id: string) => get_model.handler(ds, get_model.input.parse({ model_id }), ctx) as Sheet;

test('an alias resolves to the canonical sheet', () => {
  assert.equal(run('anthropic/claude-opus-4.8').id, 'claude-opus-4-8');
  assert.equal(run('Claude-Opus-4.8').id, 'claude-opus-4-8');
});

test('an unknown id is model_not_found with near ids', () => {
  assert.throws(() => run('claude-opus-4-9'), (e: unknown) =>
    e instanceof ServiceError && e.code === 'model_not_found' && e.options.suggestions!.includes('claude-opus-4-8'));
});

test('stored facts come as stored; facts no source gives are null and listed with the reason', () => {
  const s = run('claude-opus-4-8');
  assert.deepEqual(s.context_window, f(200000));
  assert.equal(s.parameters_total, null);
  assert.equal(s.capabilities.tool_calling.value, true);
  assert.equal(s.capabilities.vision, null);
  const missing = new Map((s.missing as Array<{ field: string; reason: string }>).map((m) => [m.field, m.reason]));
  assert.equal(missing.get('parameters_total'), NO_SOURCE);
  assert.equal(missing.get('capabilities.vision'), NO_SOURCE);
  assert.equal(missing.has('context_window'), false);
  assert.match(missing.get('weights_url')!, /not applicable/);
  assert.match(missing.get('deprecation_date')!, /not applicable: status is active/);
  for (const [field] of missing) assert.equal(field.startsWith('capabilities.') ? s.capabilities[field.slice(13)] : s[field], null, field);
});

test('the developer carries country, EU Code status and the latest FMTI score', () => {
  const d = run('claude-opus-4-8').developer;
  assert.equal(d.name, 'Anthropic');
  assert.equal(d.country.value, 'US');
  assert.equal(d.eu_code.value.status, 'signatory');
  assert.deepEqual(d.fmti.value, { edition: '2025-12', score: 46 });
});

test('offers: cheapest blended first, then $0 plans, unpriceable last, with provider name, prices as stored and EU residency', () => {
  const offers = run('claude-opus-4-8').offers as Array<Record<string, any>>;
  assert.deepEqual(offers.map((o) => o.provider), ['anthropic', 'bedrock', 'coding-plan', 'nowhere']);
  assert.equal(offers[0].blended_price.value, 10);
  assert.equal(offers[0].prices.cache_read.value, 0.5);
  assert.equal(offers[1].provider_name, 'Amazon Bedrock');
  assert.equal(offers[1].eu_resident.value, 'yes');
  assert.equal(offers[3].blended_price, null);
});

test('ratings per board: best variant named, every variant listed, rank among models, overall first', () => {
  const groups = run('claude-opus-4-8').ratings as Array<Record<string, any>>;
  assert.deepEqual(groups.map((g) => `${g.leaderboard}/${g.category}`), ['text_style_control/overall', 'text_style_control/coding', 'text/overall']);
  const overall = groups[0];
  assert.equal(overall.best.variant, 'claude-opus-4-8-thinking');
  assert.deepEqual(overall.variants.map((v: { variant: string }) => v.variant), ['claude-opus-4-8-thinking', 'claude-opus-4-8']);
  assert.deepEqual([overall.rank, overall.rated_models], [1, 2]);
});

test('the sheet matches the declared output schema', () => {
  assert.ok(get_model.output.safeParse(run('claude-opus-4-8')).success);
  assert.ok(get_model.output.safeParse(run('claude-sonnet-4-8')).success);
});

test('benchmarks: each score a fact with its date, source and page; an empty list when no source gives one', () => {
  // models/anthropic/claude-opus-4-8.toml (models.dev 2026-07-02): Terminal-Bench 74.6, success rate, harness
  // Terminus-2, version 2.1, source https://www.anthropic.com/news/claude-opus-4-8, date 2026-05-28.
  const tb = { name: 'Terminal-Bench', score: 74.6, metric: 'success rate', url: 'https://www.anthropic.com/news/claude-opus-4-8', harness: 'Terminus-2', version: '2.1' };
  const withScores = aDataset({ models: [aModel({ id: 'claude-opus-4-8', benchmarks: [f(tb, 'test-source', '2026-05-28')] }), aModel({ id: 'other' })] });
  const sheet = (id: string) => get_model.handler(withScores, get_model.input.parse({ model_id: id }), ctx) as Sheet;
  assert.deepEqual(sheet('claude-opus-4-8').benchmarks, [{ value: tb, as_of: '2026-05-28', source: 'test-source' }]);
  assert.deepEqual(sheet('other').benchmarks, []);
  assert.ok(get_model.output.safeParse(sheet('claude-opus-4-8')).success);
});

test("offers: those sold first, base SKUs first whatever their price, then other SKUs; each says its SKU, first party and the provider's listing status", () => {
  // Kilo's claude-opus-4.6 (models.dev providers/kilo/models/): anthropic/ 5/25 and stealth/ 4/20; the stealth
  // listing is cheaper but is another product, so it comes after the base listing. A listing its provider marks
  // deprecated with no date is no longer sold (models.dev's word: "no longer served by the provider's public API";
  // docs/data.md, "Deprecated with no date"), so it comes after every listing still sold, its state `shut_down`.
  const d = aDataset({
    models: [aModel({ id: 'claude-opus-4-6', vendor: 'anthropic' })],
    offers: [
      anOffer({ model_id: 'claude-opus-4-6', provider: 'kilo', provider_model_id: 'stealth/claude-opus-4.6', sku: 'stealth', prices: { input: f(4), output: f(20) } }),
      anOffer({ model_id: 'claude-opus-4-6', provider: 'kilo', provider_model_id: 'anthropic/claude-opus-4.6', prices: { input: f(5), output: f(25) } }),
      anOffer({ model_id: 'claude-opus-4-6', provider: 'anthropic', provider_model_id: 'claude-opus-4-6', first_party: true, prices: { input: f(5), output: f(25) } }),
      anOffer({ model_id: 'claude-opus-4-6', provider: 'opencode', provider_model_id: 'claude-opus-4-6', prices: { input: f(5), output: f(25) }, status: f('deprecated' as const) }),
    ],
  });
  const sheet = get_model.handler(d, get_model.input.parse({ model_id: 'claude-opus-4-6' }), ctx) as Sheet;
  assert.deepEqual(sheet.offers.map((o: Sheet) => [o.provider, o.sku, o.first_party, o.status?.value ?? null]), [
    ['anthropic', 'standard', true, null], ['kilo', 'standard', false, null], ['kilo', 'stealth', false, null], ['opencode', 'standard', false, 'deprecated'],
  ]);
  assert.deepEqual(sheet.offers.map((o: Sheet) => o.lifecycle_state ?? null), [null, null, null, 'shut_down']);
  assert.match(sheet.offers[3].lifecycle_note, /: no longer sold$/);
  assert.equal(get_model.output.safeParse(sheet).success, true);
});

test('lifecycle facts: the shutdown date and the replacement are shown; not applicable to an active model', () => {
  const d = aDataset({
    models: [
      aModel({ id: 'old-pro', status: f('deprecated' as const), shutdown_date: f('2026-06-25'), replacement: f('new-pro') }),
      aModel({ id: 'live', status: f('active' as const) }),
    ],
  });
  const sheet = (id: string) => get_model.handler(d, get_model.input.parse({ model_id: id }), ctx) as Sheet;
  const old = sheet('old-pro');
  assert.deepEqual([old.status.value, old.shutdown_date.value, old.replacement.value], ['deprecated', '2026-06-25', 'new-pro']);
  const missing = new Map((sheet('live').missing as Array<{ field: string; reason: string }>).map((m) => [m.field, m.reason]));
  assert.match(missing.get('shutdown_date')!, /not applicable: status is active/);
  assert.match(missing.get('replacement')!, /not applicable: status is active/);
  assert.ok(get_model.output.safeParse(old).success);
});

const dataDir = path.resolve(import.meta.dirname, '../../data/dataset');
const noData = !existsSync(path.join(dataDir, 'meta.json')) && 'no committed dataset';
test('committed dataset: Google\'s shutdown notices show, and a passed one retires the model', { skip: noData }, () => {
  const real = committedDataset();
  const sheet = (id: string) => get_model.handler(real, get_model.input.parse({ model_id: id }), ctx) as Sheet;
  // The Gemini API deprecations page as read 2026-11-10 (developer-notices, quoted at dev.to/aideprecations/...-5gg9):
  // "gemini-2.5-pro | Jun 17, 2025 | Dec 1, 2026 | gemini-3.8-flash", over deprecations-rss's earlier 2026-10-16 read
  // 2026-05-07 (then an earliest day), which stays a conflict.
  const pro = sheet('gemini-2.5-pro');
  assert.deepEqual([pro.shutdown_date?.value, pro.shutdown_date?.source, pro.replacement?.value],
    ['2026-12-01', 'developer-notices', 'gemini-3.8-flash']);
  assert.ok(pro.shutdown_date?.conflicts?.some((c: { value: string; source: string }) => c.value === '2026-10-16' && c.source === 'deprecations-rss'));
  // Google's notice read 2026-05-29: gemini-3-pro-image-preview shut down 2026-06-25, before the data date 2026-09-23.
  const image = sheet('gemini-3-pro-image-preview');
  assert.deepEqual([image.status?.value, image.status?.source, image.shutdown_date?.value], ['deprecated', 'derived', '2026-06-25']);
  assert.match(image.status.derived_from[0], /^deprecations-rss \(2026-05-29\): shutdown_date 2026-06-25$/);
});

test('a name with spaces, as an agent first guesses it, reads as the hyphenated id or gets near ids, never a bare refusal', () => {
  const named = aDataset({ models: [aModel({ id: 'llama-3.1-70b-instruct' }), aModel({ id: 'gpt-4o' })] });
  const get = (id: string) => get_model.handler(named, get_model.input.parse({ model_id: id }), ctx) as Sheet;
  assert.equal(get('gpt 4o').id, 'gpt-4o');
  try {
    get('llama 3.1 70b');
    assert.fail('expected model_not_found');
  } catch (e) {
    assert.ok(e instanceof ServiceError);
    assert.equal(e.code, 'model_not_found');
    assert.deepEqual(e.options.suggestions, ['llama-3.1-70b-instruct']);
  }
});

test('a sheet reads the same at every ask: its first, its second (by alias) and its third (the kept sheet)', () => {
  // A fresh dataset: the sheets kept per dataset start empty. Expected order, by hand from the fixture's prices: base
  // SKUs by blended price (anthropic 5/25 under bedrock 6/30), then the $0 plan, then the offer missing an output price.
  const fresh = aDataset({ developers: [aDeveloper({ id: 'anthropic' })], models: [aModel({ id: 'claude-opus-4-8', vendor: 'anthropic', aliases: ['anthropic/claude-opus-4.8'] })],
    offers: [
      anOffer({ model_id: 'claude-opus-4-8', provider: 'bedrock', prices: { input: f(6), output: f(30) } }),
      anOffer({ model_id: 'claude-opus-4-8', provider: 'anthropic', prices: { input: f(5), output: f(25) } }),
      anOffer({ model_id: 'claude-opus-4-8', provider: 'nowhere', prices: { input: f(1) } }),
      anOffer({ model_id: 'claude-opus-4-8', provider: 'coding-plan', prices: { input: f(0), output: f(0) } }),
    ] });
  const ask = (model_id: string) => JSON.stringify(get_model.handler(fresh, get_model.input.parse({ model_id }), ctx));
  const first = ask('claude-opus-4-8');
  assert.deepEqual((JSON.parse(first) as Sheet).offers.map((o: Sheet) => o.provider), ['anthropic', 'bedrock', 'coding-plan', 'nowhere']);
  assert.equal(ask('anthropic/claude-opus-4.8'), first);
  assert.equal(ask('claude-opus-4-8'), first);
});

test('batch_note: the developer\'s base price with no batch price of its own says the dataset has none, not that none exists', () => {
  const note = (offers: ReturnType<typeof anOffer>[]) => (get_model.handler(aDataset({
    developers: [aDeveloper({ id: 'openai', name: 'OpenAI' })], models: [aModel({ id: 'm', vendor: 'openai' })], offers,
  }), get_model.input.parse({ model_id: 'm' }), ctx) as Sheet).batch_note;
  // gpt-4o at OpenAI, LiteLLM 2026-07-24: standard 2.5e-06/1e-05 per token, `_batches` 1.25e-06/5e-06: $2.50/$10, batch $1.25/$5.
  const own = anOffer({ model_id: 'm', provider: 'openai', first_party: true, prices: { input: f(2.5), output: f(10) } });
  const ownBatch = anOffer({ model_id: 'm', provider: 'openai', first_party: true, sku: 'batch', prices: { input: f(1.25), output: f(5) } });
  assert.equal(note([own]), "No batch price of OpenAI's own for this model is in the dataset: no source lists a batch SKU of it. "
    + "That is not to say OpenAI sells no batch API for it; none of its pages was read for one.");
  assert.equal(note([own, ownBatch]), undefined, 'a priced batch listing of its own speaks for itself');
  // A batch listing of its own with no price (OpenAI's gpt-5.6-luna in the committed dataset) is said to be one.
  assert.match(note([own, { ...ownBatch, prices: {} }])!, /^OpenAI's batch listing of this model is in the dataset without a price/);
  // A reseller's batch price is not the developer's.
  assert.match(note([own, { ...ownBatch, provider: 'bedrock', first_party: false }])!, /^No batch price of OpenAI's own/);
  // No developer base price to read the absence against (a reseller only, or the developer's $0 plan): no note.
  assert.equal(note([{ ...own, provider: 'bedrock', first_party: false }]), undefined);
  assert.equal(note([{ ...own, prices: { input: f(0), output: f(0) } }]), undefined);
});

test('batch_note on the committed dataset: Anthropic\'s Claude Sonnet 4.5 has none listed, OpenAI\'s GPT-4o its $1.25/$5', () => {
  const real = committedDataset();
  const sheet = (model_id: string) => get_model.handler(real, get_model.input.parse({ model_id }), ctx) as Sheet;
  assert.match(sheet('claude-sonnet-4-5').batch_note, /^No batch price of Anthropic's own for this model is in the dataset/);
  const gpt = sheet('gpt-4o');
  assert.equal(gpt.batch_note, undefined);
  // LiteLLM 2026-07-24 gpt-4o: input_cost_per_token_batches 1.25e-06, output_cost_per_token_batches 5e-06.
  const batch = gpt.offers.find((o: Sheet) => o.provider === 'openai' && o.sku === 'batch' && o.provider_model_id === 'gpt-4o');
  assert.deepEqual([batch.prices.input.value, batch.prices.output.value], [1.25, 5]);
});

test('an open-weights model whose developer shut its own API down: developer_retired, dated and sourced, with the other listings', () => {
  // By hand: data of 2026-09-23; the developer's listing shut down on 2026-09-10 (replacement m-next); two relays list
  // the model, one read on 2026-07-24 (before that day), one on 2026-09-23 (after it): 2 other listings, 1 read after.
  const sheetOf = (offers: ReturnType<typeof anOffer>[], status?: ReturnType<typeof f<'active' | 'deprecated'>>) => {
    const d = aDataset({
      data_as_of: '2026-09-23',
      developers: [aDeveloper({ id: 'dev', name: 'Dev Labs' })],
      providers: [aProvider({ id: 'dev', name: 'Dev API' })],
      // The replacement is a model of the dataset: no note that it is outside the catalogue (engines/replacement.ts).
      models: [aModel({ id: 'm', vendor: 'dev', open_weights: f(true), ...(status ? { status } : {}) }), aModel({ id: 'm-next', vendor: 'dev' })],
      offers,
    });
    return get_model.handler(d, get_model.input.parse({ model_id: 'm' }), ctx) as Record<string, any>;
  };
  const own = anOffer({ model_id: 'm', provider: 'dev', first_party: true, prices: { input: f(1), output: f(2) },
    shutdown_date: f('2026-09-10', 'test-source', '2026-11-27'), replacement: f('m-next', 'test-source', '2026-11-27') });
  const early = anOffer({ model_id: 'm', provider: 'relay-a', prices: { input: f(0.5, 'test-source', '2026-07-24') } });
  const late = anOffer({ model_id: 'm', provider: 'relay-b', prices: { input: f(0.5, 'test-source', '2026-09-23') } });
  const sheet = sheetOf([own, early, late]);
  const { note, ...said } = sheet.developer_retired;
  assert.deepEqual(said, {
    provider: 'dev', provider_name: 'Dev API', provider_model_id: 'm',
    shutdown_date: { value: '2026-09-10', source: 'test-source', as_of: '2026-11-27' },
    replacement: { value: 'm-next', source: 'test-source', as_of: '2026-11-27' },
    other_listings: 2, other_listings_read_after: 1,
  });
  assert.equal(note, 'Dev Labs\'s own API no longer serves it: m shut down on 2026-09-10 (test-source); its replacement is m-next. '
    + '2 other provider listings remain in the dataset, 1 of them read after that day: a provider may host the weights itself '
    + 'and go on serving, or relay Dev Labs\'s API and stop with it; which each does is not in the dataset.');
  assert.equal(sheet.status, null, 'open weights keep no model status');
  assert.match(sheet.missing.find((x: { field: string }) => x.field === 'status').reason, /developer's own API no longer serves it \(developer_retired\)/);
  assert.ok(get_model.output.safeParse(sheet).success);
  // The developer still serves it under another listing of its own: nothing to say.
  const still = anOffer({ model_id: 'm', provider: 'dev', provider_model_id: 'm-latest', first_party: true, prices: { input: f(1), output: f(2) } });
  assert.equal(sheetOf([own, still, early]).developer_retired, undefined);
  // The shutdown still to come (a dataset of 2026-09-01 would serve it): covered by developer-retired.test.ts; the
  // model's own status saying deprecated already says it: nothing added.
  assert.equal(sheetOf([own, early], f('deprecated' as const)).developer_retired, undefined);
});

test('committed dataset: DeepSeek V4 Flash says DeepSeek retired it on its API on 2026-09-10, for V4.1 Flash', {
  skip: !existsSync(path.resolve(import.meta.dirname, '../../data/dataset')),
}, () => {
  // data/curated/developer-notices.csv (read 2026-11-27): deepseek, deepseek-v4-flash, shutdown 2026-09-10, replacement
  // deepseek-v4.1-flash (api-docs.deepseek.com/news/news260910 as quoted there). Its weights are open: no model status.
  const real = committedDataset();
  const sheet = get_model.handler(real, get_model.input.parse({ model_id: 'deepseek-v4-flash' }), { today: real.lifecycleDate }) as Record<string, any>;
  const r = sheet.developer_retired;
  assert.equal(r.provider, 'deepseek');
  assert.equal(r.provider_model_id, 'deepseek-v4-flash');
  assert.deepEqual([r.shutdown_date.value, r.shutdown_date.source, r.shutdown_date.as_of], ['2026-09-10', 'developer-notices', '2026-11-27']);
  assert.deepEqual([r.replacement.value, r.replacement.source], ['deepseek-v4.1-flash', 'developer-notices']);
  // No snapshot the dataset is built from makes V4.1 Flash a model (docs/unmatched.md: Doubleword's listing unmatched):
  // the replacement says it is outside the catalogue, as get_model of that id answers 404.
  assert.match(r.replacement.note, /^not in this catalogue under that name/);
  assert.throws(() => get_model.handler(real, get_model.input.parse({ model_id: 'deepseek-v4.1-flash' }), ctx), ServiceError);
  // Other providers still list it (cortecs among them, read 2026-07-02 in models.dev's snapshot).
  assert.ok(r.other_listings > 0 && sheet.offers.some((o: { provider: string }) => o.provider === 'cortecs'));
  assert.match(r.note, /^DeepSeek's own API no longer serves it: deepseek-v4-flash shut down on 2026-09-10 \(developer-notices\); its replacement is deepseek-v4\.1-flash \(not in this catalogue under that name\)\./);
  // A model DeepSeek still serves says nothing of the kind.
  const pro = get_model.handler(real, get_model.input.parse({ model_id: 'deepseek-v4-pro' }), { today: real.lifecycleDate }) as Record<string, any>;
  assert.equal(pro.developer_retired, undefined);
});

test('committed dataset: Devstral 2 and Devstral Small 2 retire on Mistral\'s API on the days Mistral\'s record gives', {
  skip: !existsSync(path.resolve(import.meta.dirname, '../../data/dataset')),
}, () => {
  // Mistral's records (github.com/mistralai/platform-docs-public, src/schema/models/models/, commit 222f4ba9 of
  // 2026-08-21): devstral-2-25-12.ts deprecationDate '2026-05-22', retirementDate '2026-07-31'; devstral-small-2-25-12.ts
  // '2026-02-27', '2026-03-31'; both replacement 'Mistral Medium 3.5' (mistral-medium-2604). models.dev's 'deprecated'
  // on Mistral's Devstral 2 listing, read 2026-07-02, was the announcement: the retirement is dated 2026-07-31.
  const real = committedDataset();
  const sheet = (id: string) => get_model.handler(real, get_model.input.parse({ model_id: id }), { today: real.lifecycleDate }) as Record<string, any>;
  const big = sheet('devstral-2512').developer_retired;
  assert.deepEqual([big.shutdown_date.value, big.replacement.value], ['2026-07-31', 'mistral-medium-2604']);
  assert.match(big.note, /devstral-2512 shut down on 2026-07-31 \(developer-notices\)/);
  assert.doesNotMatch(big.note, /deprecated \(models-dev/);
  const small = sheet('labs-devstral-small-2512');
  assert.deepEqual([small.developer_retired.shutdown_date.value, small.developer_retired.replacement.value], ['2026-03-31', 'mistral-medium-2604']);
  // Vercel's mistral/devstral-small-2 relays Mistral's API at Mistral's $0.1/$0.3: it ends with it, as Vercel's Grok 2 did.
  const relay = small.offers.find((o: Record<string, any>) => o.provider === 'vercel');
  assert.deepEqual([relay.provider_model_id, relay.shutdown_date.value, relay.lifecycle_state], ['mistral/devstral-small-2', '2026-03-31', 'shut_down']);
});
