// Tests that a model whose only price is old and unconfirmed does not lead cheapest_for: it follows every model whose
// price is not so old, its sentence says why, and the note counts such models.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Dataset } from '../dataset/dataset.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { aDataset, aModel, anOffer, aRating } from '../dataset/fixtures.ts';
import { cheapest_for } from './cheapest-for.ts';
import { oldPriceRankNote } from './cheapest-for-old-price.ts';

const ctx = { today: '2026-10-01' };
type Out = Record<string, any> & { items: Array<Record<string, any>>; page: { next_cursor: string | null } };
const run = (ds: Dataset, input: Record<string, unknown>) => cheapest_for.handler(ds, cheapest_for.input.parse(input), ctx) as Out;
const DATA_AS_OF = '2026-09-23';
// A price read on 2026-07-02, set on `set_on` (6 months before 2026-09-23 is 2026-03-23), confirmed by `also` if given.
const priced = (v: number, set_on: string, also?: string[]) =>
  ({ value: v, source: 'test-source', as_of: '2026-07-02', set_on, ...(also ? { corroborated_by: also } : {}) });

const rate = (model_id: string, rating: number) => aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5 });

function fixture(oldConfirmed: boolean) {
  return aDataset({
    data_as_of: DATA_AS_OF,
    models: [aModel({ id: 'old-cheap' }), aModel({ id: 'current-dear' }), aModel({ id: 'current-dearer' })],
    offers: [
      // $0.01/$0.03 set 2025-12-08 (Gemma 2 9B at Helicone, offers.json): 0.75 x 0.01 + 0.25 x 0.03 = $0.015 blended.
      anOffer({ model_id: 'old-cheap', provider: 'a', prices: {
        input: priced(0.01, '2025-12-08', oldConfirmed ? ['test-source'] : undefined), output: priced(0.03, '2025-12-08') } }),
      // $0.02/$0.03 set 2026-05-15: $0.0225 blended; $1/$1 set 2026-06-01: $1.
      anOffer({ model_id: 'current-dear', provider: 'a', prices: { input: priced(0.02, '2026-05-15'), output: priced(0.03, '2026-05-15') } }),
      anOffer({ model_id: 'current-dearer', provider: 'a', prices: { input: priced(1, '2026-06-01'), output: priced(1, '2026-06-01') } }),
    ],
    ratings: [rate('old-cheap', 1300), rate('current-dear', 1290), rate('current-dearer', 1280)],
  });
}

test('a model whose only price is old and unconfirmed follows every model with a current price, however cheap', () => {
  const out = run(fixture(false), {});
  assert.deepEqual(out.items.map((i) => [i.model.id, i.blended_price.value]), [['current-dear', 0.0225], ['current-dearer', 1], ['old-cheap', 0.015]]);
  assert.match(out.items[2].why, /Its price has been listed unchanged since 2025-12-08 .* It is ranked after every model whose price is not so old\./);
  assert.doesNotMatch(out.items[0].why, /ranked after/);
  assert.match(out.note, /1 model ranked has only a price its source set more than 6 months before the data's date and no other source confirms, which may no longer be what is charged: it is ranked after the 2 models with a price that is not so old, cheapest first among themselves, from place 3\./);
});

test('one price of the two confirmed by another source: the price is not old, and the cheapest leads again', () => {
  const out = run(fixture(true), {});
  assert.deepEqual(out.items.map((i) => i.model.id), ['old-cheap', 'current-dear', 'current-dearer']);
  assert.doesNotMatch(out.items[0].why, /ranked after|listed unchanged/);
  assert.doesNotMatch(out.note ?? '', /months before the data's date/);
});

test('the note is said only when some model rests on an old price, and names the first such place', () => {
  assert.equal(oldPriceRankNote(0, 12), null);
  assert.match(oldPriceRankNote(27, 212)!, /^27 models ranked have only .* they are ranked after the 185 models .* from place 186\.$/);
  assert.match(oldPriceRankNote(1, 1)!, /it is ranked after the 0 models .* from place 1\./);
});

const committed = path.resolve(import.meta.dirname, '../../data/dataset/models.json');

test('committed dataset: /cheapest?use=coding no longer opens with Gemma 2 9B at Helicone\'s 2025-12-08 price', {
  skip: !existsSync(committed) && 'no committed dataset',
}, () => {
  const ds = committedDataset();
  assert.equal(ds.meta.data_as_of, DATA_AS_OF);
  const all: Array<Record<string, any>> = [];
  let cursor: string | null | undefined;
  do {
    const page = run(ds, { use: 'coding', limit: 100, ...(cursor ? { cursor } : {}) });
    all.push(...page.items);
    cursor = page.page.next_cursor;
  } while (cursor);
  // offers.json: OpenRouter's Llama 3.1 8B at $0.02 (set 2026-05-15) / $0.03 (set 2026-06-05), both confirmed by
  // genai-prices-npm: 0.75 x 0.02 + 0.25 x 0.03 = $0.0225 blended, the first place.
  assert.deepEqual([all[0].model.id, all[0].offer.provider, all[0].blended_price.value], ['llama-3.1-8b-instruct', 'openrouter', 0.0225]);
  // offers.json, gemma-2-9b-it: every priced offer still served was set before 2026-03-23 and none is confirmed
  // (Helicone $0.01/$0.03 set 2025-12-08, Hugging Face $0.03/$0.09 set 2025-11-24, Novita $0.08 and OpenRouter $0.07
  // set 2025-06-22, Vercel $0.2 set 2025-08-30, Fireworks $0.2 set 2025-12-09): ranked at Helicone's $0.015 blended,
  // after every model whose ranked price is not old.
  const gemma = all.findIndex((i) => i.model.id === 'gemma-2-9b-it');
  assert.deepEqual([all[gemma].offer.provider, all[gemma].blended_price.value], ['helicone', 0.015]);
  assert.match(all[gemma].why, /listed unchanged since 2025-12-08 .* It is ranked after every model whose price is not so old\./);
  // The old prices, judged here from the offer's own dates (set before 2026-03-23, no corroborated_by): all at the end.
  const old = (i: Record<string, any>) => ['input', 'output'].every((k) => {
    const p = i.offer.prices[k];
    return p === undefined || (p.set_on !== undefined && p.set_on < '2026-03-23' && !p.corroborated_by?.length);
  }) && (i.offer.prices.input ?? i.offer.prices.output) !== undefined;
  const first = all.findIndex(old);
  assert.ok(first > 0 && all.slice(first).every(old), 'every item after the first old one is old too');
  assert.ok(all.slice(0, first).every((i) => !old(i)));
  assert.ok(first <= gemma);
  const note = run(ds, { use: 'coding' }).note as string;
  assert.ok(note.includes(`${all.length - first} models ranked have only a price`), note);
  assert.ok(note.includes(`from place ${first + 1}.`), note);
});
