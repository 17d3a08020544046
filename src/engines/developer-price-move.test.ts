// Tests of the words said of a resale at the developer's own price before a change made after the resale was read.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { aDataset, aModel, anOffer, aProvider, f } from '../dataset/fixtures.ts';
import type { ChangeEvent } from '../schema/index.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { followedDeveloperClause, followedDeveloperWords } from './developer-price-move.ts';

const move = (field: 'input' | 'output', old: number, next: number, over: Partial<ChangeEvent> = {}): ChangeEvent => ({
  id: (field === 'input' ? 'a' : 'b').repeat(16), date: '2026-08-17', kind: 'price', model_id: 'm', field, old, new: next,
  provider: 'dev', source: 'test-source', correction: false, ...over,
} as ChangeEvent);

const parts = (changes: ChangeEvent[] = [move('input', 0.435, 0.66), move('output', 0.87, 1.98)], resale = { input: 0.435, output: 0.87 }) => ({
  data_as_of: '2026-09-23',
  models: [aModel({ id: 'm' })],
  providers: [aProvider({ id: 'dev', name: 'Dev' }), aProvider({ id: 'shop', name: 'Shop' })],
  offers: [
    anOffer({ model_id: 'm', provider: 'dev', first_party: true, prices: { input: f(0.66, 'test-source', '2026-09-23'), output: f(1.98, 'test-source', '2026-09-23') } }),
    anOffer({ model_id: 'm', provider: 'shop', prices: { input: f(resale.input, 'test-source', '2026-07-02'), output: f(resale.output, 'test-source', '2026-07-02') } }),
  ],
  changes,
});
const ds = (changes: ChangeEvent[], resale = { input: 0.435, output: 0.87 }) => aDataset(parts(changes, resale));
const shop = (d: ReturnType<typeof ds>) => d.offers.find((o) => o.provider === 'shop')!;

test('a resale read before the developer\'s change, at the developer\'s old price, says so', () => {
  const d = ds([move('input', 0.435, 0.66), move('output', 0.87, 1.98)]);
  assert.equal(followedDeveloperWords(d, shop(d), 'Shop'), ' Shop\'s price equals Dev\'s own before Dev changed it on 2026-08-17 '
    + '($0.435 to $0.66 input, $0.87 to $1.98 output) and was read before that (2026-07-02): it may have followed since.');
  assert.equal(followedDeveloperClause(d, d.offers.find((o) => o.first_party)!), '', 'the developer\'s own offer');
});

test('nothing is said of a price of its own, a reading after the change, a correction, or one side only matching', () => {
  assert.equal(followedDeveloperClause(...(() => { const d = ds([move('input', 0.435, 0.66), move('output', 0.87, 1.98)], { input: 0.35, output: 0.8 }); return [d, shop(d)] as const; })()), '');
  const after = ds([move('input', 0.435, 0.66, { date: '2026-06-30' }), move('output', 0.87, 1.98, { date: '2026-06-30' })]);
  assert.equal(followedDeveloperClause(after, shop(after)), '', 'changed before the resale was read');
  const fixed = ds([move('input', 0.435, 0.66, { correction: true }), move('output', 0.87, 1.98, { correction: true })]);
  assert.equal(followedDeveloperClause(fixed, shop(fixed)), '', 'a source correcting its own error is no price change');
  const half = ds([move('input', 0.435, 0.66), move('output', 0.9, 1.98)]);
  assert.equal(followedDeveloperClause(half, shop(half)), '', 'the output does not match the old price');
  // The developer's listing back at the resale's price (0.435/0.87 in force again): the resale is at today's price.
  const back = aDataset({ ...parts(), offers: [
    anOffer({ model_id: 'm', provider: 'dev', first_party: true, prices: { input: f(0.435, 'test-source', '2026-09-23'), output: f(0.87, 'test-source', '2026-09-23') } }),
    anOffer({ model_id: 'm', provider: 'shop', prices: { input: f(0.435, 'test-source', '2026-07-02'), output: f(0.87, 'test-source', '2026-07-02') } }),
  ] });
  assert.equal(followedDeveloperClause(back, shop(back)), '', 'the developer\'s price is the resale\'s again');
  // Another source giving the same resale price may have read it after the change.
  const seen = aDataset({ ...parts(), offers: [parts().offers[0], anOffer({ model_id: 'm', provider: 'shop', prices: {
    input: { ...f(0.435, 'test-source', '2026-07-02'), corroborated_by: ['test-source'] }, output: f(0.87, 'test-source', '2026-07-02') } })] });
  assert.equal(followedDeveloperClause(seen, shop(seen)), '', 'corroborated by another source');
});

test('committed dataset: DeepSeek V4 Pro at Auriko is DeepSeek\'s price before 2026-08-17; CrofAI\'s own is not', {
  skip: !existsSync(DEFAULT_DATA_DIR) && 'the committed dataset is not built',
}, () => {
  // changes.json: DeepSeek's scheduled change of 2026-08-17 (genai-prices' start_date) 0.435 -> 0.66 input, 0.87 -> 1.98
  // output; models.dev's tree of 2026-07-02 lists Auriko at 0.435/0.87 and CrofAI at 0.35/0.80.
  const c = committedDataset();
  const of = (p: string) => c.offersByModel.get('deepseek-v4-pro')!.find((o) => o.provider === p)!;
  assert.equal(followedDeveloperClause(c, of('auriko')), 'its price equals DeepSeek\'s own before DeepSeek changed it on 2026-08-17 '
    + '($0.435 to $0.66 input, $0.87 to $1.98 output) and was read before that (2026-07-02): it may have followed since');
  assert.equal(followedDeveloperClause(c, of('crof')), '');
});
