// Tests of what cheapest_for tells a buyer about the evidence behind a place: one catalogue's reseller listing, a price
// the sources disagree on by 2x or more, and a first place far down the board when no floor was given.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Dataset } from '../dataset/dataset.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { aDataset, aModel, anOffer, aRating, aSource, f } from '../dataset/fixtures.ts';
import { cheapest_for } from './cheapest-for.ts';
import { conflictWords, ownPageOf, singleCatalogueWords } from './cheapest-for-evidence.ts';

const ctx = { today: '2026-10-01' };
type Out = Record<string, any> & { items: Array<Record<string, any>> };
const catalogue = aSource({ id: 'cat', kind: 'aggregator' });
const sources = (id: string) => (id === 'cat' ? catalogue : id === 'table' ? aSource({ id: 'table', kind: 'curated' }) : undefined);
const closed = { open_weights: f(false) };

test('a closed model\'s reseller listing one catalogue alone gives says so; corroborated, first-party or open-weights ones do not', () => {
  const one = anOffer({ model_id: 'm', provider: 'resell', listed_by: ['cat'], prices: { input: f(1, 'cat'), output: f(2, 'cat') } });
  assert.equal(singleCatalogueWords(one, closed, sources, 'Resell'), ' Listed by one catalogue only (cat); no page of Resell\'s own was read.');
  // No source says whether the weights are open: the listing is called a reseller's, and the words stand.
  assert.match(singleCatalogueWords(one, {}, sources, 'Resell'), /one catalogue only/);
  assert.equal(singleCatalogueWords(one, { open_weights: f(true) }, sources, 'Resell'), '', 'an open model\'s host');
  assert.equal(singleCatalogueWords({ ...one, first_party: true }, closed, sources, 'Resell'), '', 'the developer\'s own');
  assert.equal(singleCatalogueWords({ ...one, listed_by: ['cat', 'other'] }, closed, sources, 'Resell'), '', 'two catalogues');
  assert.equal(singleCatalogueWords({ ...one, listed_by: ['table'] }, closed, sources, 'Resell'), '', 'a reviewed table read a page');
  const confirmed = { ...one, prices: { input: f(1, 'cat'), output: { ...f(2, 'cat'), corroborated_by: ['other'] } } };
  assert.equal(singleCatalogueWords(confirmed, closed, sources, 'Resell'), '', 'a price another source gives too');
});

test('a reseller whose own page was read, but not for this listing\'s price, is named with that page, not "no page read"', () => {
  const one = anOffer({ model_id: 'm', provider: 'resell', listed_by: ['cat'], prices: { input: f(1, 'cat'), output: f(2, 'cat') } });
  const page = { url: 'https://resell.example/trust/', read_on: '2026-11-29' };
  assert.equal(singleCatalogueWords(one, closed, sources, 'Resell', page), ' Listed by one catalogue only (cat); the page of Resell\'s own '
    + 'that was read (https://resell.example/trust/, 2026-11-29) gives no price for this listing.');
  // A page that gives the price corroborates it (developer-prices.csv): no sentence at all, as above.
  const confirmed = { ...one, prices: { input: { ...f(1, 'cat'), corroborated_by: ['developer-prices'] }, output: f(2, 'cat') } };
  assert.equal(singleCatalogueWords(confirmed, closed, sources, 'Resell', page), '');
  // The page is taken from the provider's quoted terms; a provider with no quoted page has none.
  const terms = { ...f('yes' as const, 'inference-providers'), evidence_page: { url: page.url, quote: 'never used to train any model', read_on: page.read_on } };
  assert.deepEqual(ownPageOf({ id: 'resell', name: 'Resell', eu_data_residency: f('unknown' as const), no_training: terms }), page);
  assert.equal(ownPageOf({ id: 'resell', name: 'Resell', eu_data_residency: f('unknown' as const) }), undefined);
  assert.equal(ownPageOf(undefined), undefined);
  assert.match(singleCatalogueWords(one, closed, sources, 'Resell', { read_on: '2026-11-29' }), /own that was read \(2026-11-29\) gives no price/);
});

test('a conflicting reading 2x or more from the ranked price is said with its ratio; a nearer one is not', () => {
  // 0.027 / 0.005 = 5.4; 0.201 / 0.01 = 20.1; 0.012 / 0.01 = 1.2 (not said); 0.002 / 0.005 = 0.4 (said).
  const o = anOffer({ model_id: 'm', prices: {
    input: { ...f(0.005, 'a'), conflicts: [{ value: 0.027, as_of: '2026-07-02', source: 'b' }, { value: 0.002, as_of: '2026-05-01', source: 'c' }] },
    output: { ...f(0.01, 'a'), conflicts: [{ value: 0.201, as_of: '2026-07-02', source: 'b' }, { value: 0.012, as_of: '2026-07-02', source: 'd' }] },
  } });
  // 0.002 / 0.005 = 0.4: said the other way, 0.005 / 0.002 = 2.5x lower.
  assert.equal(conflictWords(o), ' The sources disagree on this price: b gives $0.027 input (2026-07-02, 5.4x); c gives $0.002 input '
    + '(2026-05-01, 2.5x lower); b gives $0.201 output (2026-07-02, 20.1x).');
  assert.equal(conflictWords(anOffer({ model_id: 'm', prices: { input: f(1), output: f(1) } })), '');
});

test('no floor and a first place in the lower half of the board: the answer warns; a floor or an upper-half first place does not', () => {
  // Five models rated 1500..1100 (ranks 1..5); the cheapest is the one rated last.
  const ids = ['a', 'b', 'c', 'd', 'e'];
  const build = (offered: string[]) => aDataset({
    models: ids.map((id) => aModel({ id })),
    offers: offered.map((id) => anOffer({ model_id: id, provider: 'acme', first_party: true,
      prices: { input: f(10 - 2 * ids.indexOf(id)), output: f(10 - 2 * ids.indexOf(id)) } })),
    ratings: ids.map((id, i) => aRating({ model_id: id, rating: 1500 - 100 * i, rating_lower: 1495 - 100 * i, rating_upper: 1505 - 100 * i })),
  });
  const ds = build(ids);
  const go = (input: object) => cheapest_for.handler(ds, cheapest_for.input.parse(input), ctx) as Out;
  const bare = go({});
  assert.equal(bare.items[0].model.id, 'e');
  assert.match(bare.note, /^No floor was given, so every rated model qualifies: the first place, .+, is rank 5 of 5 on text_style_control\/overall, in the lower half/);
  assert.doesNotMatch(go({ min_rank: 5 }).note ?? '', /No floor/, 'a floor, even one that lets it in');
  // Without d and e offered, the first place is c at rank 3 of 5: still the lower half (3 > 5 / 2); with only a and b
  // offered, b at rank 2 of 5 is the upper half: no warning.
  assert.match((cheapest_for.handler(build(['a', 'b', 'c']), cheapest_for.input.parse({}), ctx) as Out).note, /rank 3 of 5/);
  assert.equal((cheapest_for.handler(build(['a', 'b']), cheapest_for.input.parse({}), ctx) as Out).note, null);
  // A page after the first does not start at the first place: no warning there.
  const first = go({ limit: 1 });
  assert.match(first.note, /^No floor was given/);
  assert.doesNotMatch(go({ limit: 1, cursor: first.page.next_cursor }).note ?? '', /No floor/);
});

const dataDir = path.resolve(import.meta.dirname, '../../data/dataset');
let shared: Dataset | undefined;
const committedOnce = (): Dataset => (shared ??= committedDataset());
const noData = !existsSync(path.join(dataDir, 'meta.json')) && 'no committed dataset';

test('committed dataset: QuickSilver Pro\'s Gemini 3.7 Flash, first for chat in the top 10, is said to rest on one catalogue', { skip: noData }, () => {
  const out = cheapest_for.handler(committedOnce(), cheapest_for.input.parse({ use: 'chat', min_rank: 10, limit: 1 }), ctx) as Out;
  // data/dataset/offers.json: quicksilverpro gemini-3.7-flash at $0.6375/$3.1875 (0.85 x Google's $0.75/$3.75),
  // listed_by ["genai-prices-npm"] alone, no price corroborated; gemini-3.7-flash's open_weights false (closed-developers).
  const i = out.items[0];
  assert.deepEqual([i.model.id, i.offer.provider, i.offer.prices.input.value, i.offer.prices.output.value],
    ['gemini-3.7-flash', 'quicksilverpro', 0.6375, 3.1875]);
  // Its trust page was read (data/curated/inference-providers.csv, its no-training terms), its Gemini 3.7 Flash price not.
  assert.match(i.why, /Listed by one catalogue only \(genai-prices-npm\); the page of QuickSilver Pro's own that was read \(https:\/\/quicksilverpro-5js\.pages\.dev\/trust\/, 2026-11-29\) gives no price for this listing\./);
  assert.doesNotMatch(out.note ?? '', /No floor/);
});

test('committed dataset: coding without a floor warns of the first place\'s rank; a model priced only at an old unconfirmed price does not head it', { skip: noData }, () => {
  const out = cheapest_for.handler(committedOnce(), cheapest_for.input.parse({ use: 'coding', limit: 1 }), ctx) as Out;
  // offers.json: Llama 3.2 1B's cheapest listing is inference.net's meta/llama-3.2-1b-instruct at models.dev's $0.01/$0.01
  // (providers/inference/models/meta/llama-3.2-1b-instruct.toml, set 2025-07-09), which no other source prices: set more
  // than six months before the data's date (2026-09-23), it is passed over for Cloudflare Workers AI's $0.027/$0.201
  // (genai-prices, confirmed by litellm and models.dev), $0.07 blended, so the model no longer heads the list. Gemma 2 9B
  // does not either: its cheapest offer, Helicone's gemma2-9b-it at models.dev's $0.01/$0.03 (set 2025-12-08, $0.015
  // blended), is as old, and so is every other offer of the model (Hugging Face's $0.03/$0.09 set 2025-11-24, OpenRouter's
  // $0.07 and Novita's $0.08 of 2025-06-22, Fireworks' $0.2 of 2025-12-09, none confirmed): it is ranked after every model
  // whose price is not old (cheapest-for-old-price.test.ts). Llama 3.1 8B heads it at OpenRouter's $0.02 (set 2026-05-15)
  // / $0.03 (set 2026-06-05), both confirmed by genai-prices: 0.75 x 0.02 + 0.25 x 0.03 = $0.0225 blended.
  const i = out.items[0];
  assert.deepEqual([i.model.id, i.offer.provider, i.offer.prices.input.value, i.offer.prices.output.value], ['llama-3.1-8b-instruct', 'openrouter', 0.02, 0.03]);
  assert.doesNotMatch(i.why, /listed unchanged since/);
  // Its coding rank (ratings.json, text_style_control/coding of 2026-08-19): llama-3.1-8b-instruct rated 1259.81, 284th of
  // the 358 models rated on the board (each model's best variant): in the lower half.
  assert.match(out.note, /^No floor was given, .+the first place, Llama-3.1-8B-Instruct, is rank 284 of 358 on text_style_control\/coding/);
});

test('committed dataset: Qwen3 235B 2507 is ranked at OpenRouter\'s price, and Kilo Gateway\'s lower, old one is named beside it', { skip: noData }, () => {
  // offers.json, qwen3-235b-a22b-2507: kilo at models.dev's $0.071/$0.10, set 2026-02-16, no other source (0.75 x 0.071
  // + 0.25 x 0.1 = 0.07825, written 0.0783); openrouter at $0.09/$0.10, set 2026-06-07 and 2026-05-15, confirmed by
  // genai-prices: 0.0925 blended.
  const out = cheapest_for.handler(committedOnce(), cheapest_for.input.parse({ use: 'coding', limit: 30 }), ctx) as Out;
  const i = out.items.find((x) => x.model.id === 'qwen3-235b-a22b-2507');
  assert.ok(i, 'Qwen3 235B 2507 is among the first 30 places');
  assert.deepEqual([i.offer.provider, i.blended_price.value], ['openrouter', 0.0925]);
  assert.match(i.why, / Kilo Gateway lists it for less \(\$0\.071 input and \$0\.1 output: \$0\.0783 blended\), but its price has been listed unchanged since 2026-02-16 .* so it is not the price ranked\./);
  // At the same blended price nothing is said to be cheaper: DeepInfra's Llama 3.1 8B at $0.02/$0.03 (litellm, set
  // 2025-10-04) is OpenRouter's price too.
  const llama = out.items.find((x) => x.model.id === 'llama-3.1-8b-instruct');
  assert.ok(llama);
  assert.doesNotMatch(llama.why, /lists it for less/);
});
