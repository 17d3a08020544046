// Tests that search_models sorted by price puts a model whose cheapest offer rests on an old, unconfirmed price after the
// models of its kind whose price is not so old, and names them in `old_prices`.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { committedDataset } from '../../test/committed-dataset.ts';
import { aDataset, aModel, anOffer } from '../dataset/fixtures.ts';
import { search_models } from './search-models.ts';

const ctx = { today: '2026-10-01' };
type Out = { items: Array<{ id: string; cheapest_offer: { provider: string; blended_price: { value: number } } | null }>;
  old_prices?: { count: number; models: string[]; placed: string; note: string }; page: { next_cursor: string | null } };
const run = (ds: ReturnType<typeof aDataset>, input: Record<string, unknown>) => search_models.handler(ds, search_models.input.parse(input), ctx) as Out;
// A price read on 2026-07-02 and set on `set_on`: 6 months before the data's date, 2026-09-23, is 2026-03-23.
const priced = (v: number, set_on: string) => ({ value: v, source: 'test-source', as_of: '2026-07-02', set_on });

test('sorted by price, a model priced only at an old unconfirmed price follows the current ones, and old_prices names it', () => {
  const ds = aDataset({
    data_as_of: '2026-09-23',
    models: [aModel({ id: 'old-cheap' }), aModel({ id: 'current' }), aModel({ id: 'unpriced' })],
    offers: [
      // 0.75 x 0.01 + 0.25 x 0.03 = $0.015 blended, set 2025-12-08; 0.75 x 0.02 + 0.25 x 0.03 = $0.0225, set 2026-05-15.
      anOffer({ model_id: 'old-cheap', provider: 'a', prices: { input: priced(0.01, '2025-12-08'), output: priced(0.03, '2025-12-08') } }),
      anOffer({ model_id: 'current', provider: 'a', prices: { input: priced(0.02, '2026-05-15'), output: priced(0.03, '2026-05-15') } }),
    ],
  });
  const out = run(ds, { sort: 'price' });
  assert.deepEqual(out.items.map((i) => [i.id, i.cheapest_offer?.blended_price.value ?? null]), [['current', 0.0225], ['old-cheap', 0.015], ['unpriced', null]]);
  assert.deepEqual([out.old_prices?.count, out.old_prices?.models, out.old_prices?.placed], [1, ['old-cheap'], 'after_current']);
  assert.match(out.old_prices!.note, /^1 result's cheapest offer has only a price its source set more than 6 months before the data's date \(2026-09-23\)/);
  assert.equal(run(ds, { sort: 'elo' }).old_prices, undefined, 'said only where the price sort placed them');
  assert.ok(search_models.output.safeParse(out).success);
});

const committed = path.resolve(import.meta.dirname, '../../data/dataset/models.json');

test('committed dataset: Gemma 2 9B and Qwen2.5 Coder 7B no longer sit among the first prices of sort=price', {
  skip: !existsSync(committed) && 'no committed dataset',
}, () => {
  const ds = committedDataset();
  const all: Out['items'] = [];
  let old: Out['old_prices'];
  let cursor: string | null = null;
  do {
    const page = run(ds, { sort: 'price', limit: 100, ...(cursor ? { cursor } : {}) });
    all.push(...page.items);
    old ??= page.old_prices;
    cursor = page.page.next_cursor;
  } while (cursor);
  // offers.json: NVIDIA's Llama 3.1 Nemotron Safety Guard 8B v3 at Vultr, $0.01/$0.01 set 2026-05-23: $0.01 blended.
  assert.deepEqual([all[0].id, all[0].cheapest_offer?.provider, all[0].cheapest_offer?.blended_price.value], ['llama-3.1-nemotron-safety-guard-8b-v3', 'vultr', 0.01]);
  // offers.json: every priced offer of gemma-2-9b-it (Helicone $0.01/$0.03 set 2025-12-08, the cheapest) and of
  // qwen2-5-coder-7b-instruct (Hugging Face $0.01/$0.03 set 2025-11-24, Nebius the same set 2026-03-03, Nscale set
  // 2025-05-08) was set before 2026-03-23 and none is confirmed by another source: both were 3rd and 5th, at $0.015.
  assert.ok(old && old.models.includes('gemma-2-9b-it') && old.models.includes('qwen2-5-coder-7b-instruct'));
  const gemma = all.findIndex((i) => i.id === 'gemma-2-9b-it');
  assert.deepEqual([all[gemma].cheapest_offer?.provider, all[gemma].cheapest_offer?.blended_price.value], ['helicone', 0.015]);
  // The models named follow in the order shown; before the first of them, none is named.
  const named = new Set(old.models);
  const first = all.findIndex((i) => named.has(i.id));
  assert.ok(first > 100, `the first old price is at ${first + 1}`);
  assert.deepEqual(all.filter((i) => named.has(i.id)).map((i) => i.id), old.models);
});
