// Price ceilings on the committed dataset: a model matches on an offer a caller can buy, the kind its cheapest offer is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { search_models } from '../src/ops/search-models.ts';
import { committedDataset } from './committed-dataset.ts';

// Judged on a day after Gemini 2.5 Pro's shutdown on the Gemini API (2026-12-01), as the service would judge it then.
const ds = committedDataset({ judgedOn: '2026-12-02' });
type Price = { value: number } | undefined;
type Item = { id: string; cheapest_offer: { provider: string; sku: string; prices: { input?: Price; output?: Price } } | null };
const search = (input: Record<string, unknown>) =>
  (search_models.handler(ds, search_models.input.parse({ limit: 100, ...input }), { today: ds.lifecycleDate }) as { items: Item[] }).items;
const ids = (input: Record<string, unknown>) => search(input).map((i) => i.id);

test('gpt-4.1-mini: the batch SKU under $0.30 is no match; the standard $0.40 is', () => {
  // LiteLLM 2026-07-24, `gpt-4.1-mini`: input_cost_per_token 4e-07 ($0.40), input_cost_per_token_batches 2e-07 ($0.20);
  // no reseller lists it under $0.36 (Poe, models.dev 2026-07-02), so nothing a caller can buy is at or under $0.30.
  assert.equal(ids({ q: 'gpt-4.1-mini', max_input_price: 0.3 }).includes('gpt-4.1-mini'), false);
  const hit = search({ q: 'gpt-4.1-mini', max_input_price: 0.4 }).find((i) => i.id === 'gpt-4.1-mini');
  assert.ok(hit, 'OpenAI\'s standard $0.40 meets a $0.40 ceiling');
  assert.equal(hit.cheapest_offer!.sku, 'standard');
  assert.ok(hit.cheapest_offer!.prices.input!.value <= 0.4, 'the offer shown meets the ceiling it matched on');
});

test('gemini 3.1 pro: Google\'s batch $1/$6 meets no $1/$6 ceiling; the $2/$12 standard meets $2/$12', () => {
  // LiteLLM 2026-07-24, `gemini/gemini-3.1-pro-preview`: input_cost_per_token 2e-06, output 1.2e-05 ($2/$12);
  // input_cost_per_token_batches 1e-06, output 6e-06 ($1/$6). The cheapest reseller is $1.70/$10.20.
  assert.equal(ids({ q: 'gemini 3.1 pro', max_input_price: 1, max_output_price: 6 }).includes('gemini-3.1-pro-preview'), false);
  assert.ok(ids({ q: 'gemini 3.1 pro', max_input_price: 2, max_output_price: 12 }).includes('gemini-3.1-pro-preview'));
});

test('gemini 2.5 pro, shut down on the Gemini API on 2026-12-01: only Vertex AI\'s listing, with no firm day, meets a ceiling', () => {
  // developer-notices: Google's gemini-2.5-pro shut down 2026-12-01 (the Gemini API's page read 2026-11-10); Vertex AI
  // gave only an earliest day, 2026-10-16 ("they won't be moved to an earlier date than what is listed"), so its
  // $1.25/$10 listing is still served, its retirement announced; Poe's $0.87/$7 (models.dev 2026-07-02) forwards to the
  // Gemini API, shut down.
  const hit = search({ q: 'gemini 2.5 pro', max_input_price: 1.3, max_output_price: 10 }).find((i) => i.id === 'gemini-2.5-pro');
  assert.equal((hit?.cheapest_offer as { provider?: string } | null)?.provider, 'google-vertex');
  assert.equal(ids({ q: 'gemini 2.5 pro', max_input_price: 0.9, max_output_price: 7 }).includes('gemini-2.5-pro'), false);
  assert.ok(ids({ q: 'gemini 2.5 pro' }).includes('gemini-2.5-pro'), 'the model is still found without a ceiling');
});

test('every model a ceiling keeps shows a cheapest offer a caller can buy', () => {
  // A model matched on a buyable offer has one, so its summary names one: none matches with `cheapest_offer: null`.
  for (const item of search({ max_input_price: 0.5, max_output_price: 2 })) assert.notEqual(item.cheapest_offer, null, item.id);
});
