// Tests of promotions still running: the price in force stays, each promotional field says so and names the list price.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { ChangeEvent, Offer } from '../schema/index.ts';
import { applyRunningPromotions, loadRunningPromotions, type RunningPromotion } from './running-promotions.ts';

const TABLE = path.join(import.meta.dirname, '..', '..', 'data', 'curated', 'running-promotions.csv');
const price = (value: number) => ({ value, as_of: '2026-09-23', source: 'genai-prices-npm' });
const offer = (provider: string, id: string, sku: Offer['sku'], input: number, output: number): Offer => ({
  model_id: 'gpt-5.6-sol', provider, provider_model_id: id, region: 'global', sku, first_party: provider === 'openai',
  prices: { input: price(input), output: price(output) }, eu_resident: { value: 'unknown', as_of: '2026-09-23', source: 'x' },
  listed_by: ['genai-prices-npm'],
});
const change = (field: string, old: number, nu: number): ChangeEvent => ({
  id: '0123456789abcdef', date: '2026-08-21', model_id: 'gpt-5.6-sol', kind: 'price', field, provider: 'openai',
  provider_model_ids: ['gpt-5.6-sol'], old, new: nu, source: 'genai-prices-npm', correction: null,
});

test('the reviewed table records OpenAI\'s GPT-5.6 Sol promotion: $4/$20 in force, $5/$30 list', () => {
  const { rows, issues } = loadRunningPromotions(TABLE);
  assert.deepEqual(issues, []);
  const r = rows.find((x) => x.provider === 'openai' && x.provider_model_id === 'gpt-5.6-sol' && x.sku === 'standard');
  // CultivateLabs/raif#545 (OpenAI's pricing page): "$4.00 input / $20.00 output ... down from the $5.00 / $30.00",
  // "promotional pricing available at least through November 21, 2026"; genai-prices c28fc0ad7e: launch $5/$30.
  assert.equal(r?.input, 4);
  assert.equal(r?.output, 20);
  assert.equal(r?.list_input, 5);
  assert.equal(r?.list_output, 30);
  assert.match(r?.through ?? '', /2026-11-21/);
  // OpenRouter's $2/$10 is its own 50% gateway promotion on top (Portkey-AI/models#899, Kilo-Org/cloud#5934).
  const or = rows.find((x) => x.provider === 'openrouter');
  assert.equal(or?.input, 2);
  assert.equal(or?.list_input, 5);
});

test('a promotional price stays served, says it is promotional and names the list price; its change says so too', () => {
  const { rows } = loadRunningPromotions(TABLE);
  const offers = [offer('openai', 'gpt-5.6-sol', 'standard', 4, 20), offer('azure', 'gpt-5.6-sol', 'standard', 5, 30)];
  const changes = [change('output', 30, 20), change('input', 5, 4)];
  applyRunningPromotions(offers, changes, rows);
  assert.equal(offers[0].prices.input?.value, 4);
  assert.match(offers[0].prices.input?.note ?? '', /^promotional price since 2026-08-21, available at least through 2026-11-21 .*the list price is \$5 per 1M/);
  assert.match(offers[0].prices.output?.note ?? '', /the list price is \$30 per 1M/);
  // Azure's listing at $5/$30 is no row's: untouched.
  assert.equal(offers[1].prices.input?.note, undefined);
  for (const c of changes) {
    assert.equal(c.correction, false);
    assert.match(c.correction_note ?? '', /^a real change to a promotional price/);
  }
});

test('a row whose listing no longer has the promotional price applies nothing and is reported', () => {
  const row: RunningPromotion = {
    provider: 'openai', provider_model_id: 'gpt-5.6-sol', sku: 'standard', from: '2026-08-21', through: 'at least through 2026-11-21',
    input: 4, output: 20, cache_read: '', cache_write: '', list_input: 5, list_output: 30, list_cache_read: '', list_cache_write: '',
    stated_by: 'OpenAI\'s pricing page', url: 'https://example.org/', read_on: '2026-11-28', note: 'n',
  };
  // The source moved back to the list price: the row must not call $5 promotional.
  const offers = [offer('openai', 'gpt-5.6-sol', 'standard', 5, 30)];
  const issues = applyRunningPromotions(offers, [], [row]);
  assert.equal(offers[0].prices.input?.note, undefined);
  assert.match(issues[0]?.message ?? '', /applies nothing/);
});

test('a note the price already carries follows the promotion\'s sentences as a sentence of its own', () => {
  const { rows } = loadRunningPromotions(TABLE);
  const o = offer('openai', 'gpt-5.6-sol', 'standard', 4, 20);
  o.prices.input!.note = 'dated 2026-09-23 by the npm bundle';
  applyRunningPromotions([o], [], rows);
  // The promotion's note ends its last sentence with a full stop; the earlier note, a clause, opens the next one.
  assert.match(o.prices.input!.note!, /\. Dated 2026-09-23 by the npm bundle$/);
});
