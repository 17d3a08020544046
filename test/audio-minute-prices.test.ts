// Prices per minute of audio are not served as prices per 1M tokens: evroc's Whisper listings on the committed dataset.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { get_model } from '../src/ops/get-model.ts';
import { search_models } from '../src/ops/search-models.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const ctx = { today: ds.lifecycleDate };
type Offer = { provider: string; provider_model_id: string; prices: Record<string, unknown>; held_back?: Array<{ field: string; value: number }> };

test('evroc\'s Whisper Large v3 and v3 Turbo at 0.0023 "per audio minute" are held back, not served per 1M tokens', () => {
  // models.dev providers/evroc/models/openai/whisper-large-v3{,-turbo}.toml (commit f3fc692299, 2026-07-02):
  // "[cost] # per audio minute / input = 0.0023 / output = 0.0023": a price per minute of audio, not per 1M tokens.
  for (const id of ['whisper-large-v3', 'whisper-large-v3-turbo']) {
    const sheet = get_model.handler(ds, get_model.input.parse({ model_id: id }), ctx) as { offers: Offer[] };
    const evroc = sheet.offers.find((o) => o.provider === 'evroc');
    assert.ok(evroc, `${id}: evroc's listing is still listed`);
    assert.deepEqual(evroc.prices, {}, `${id}: no per-token price from the per-minute figures`);
    assert.deepEqual(evroc.held_back?.map((h) => [h.field, h.value]), [['input', 0.0023], ['output', 0.0023]]);
  }
});

test('sorted by price, Whisper Large v3 Turbo is no longer the catalogue\'s second cheapest model', () => {
  // Before: evroc's 0.0023/0.0023 gave it $0.0023 blended, second only to Whisper Large v3; its other listing (Groq,
  // models.dev 2026-07-02) has no [cost], so it has no per-token offer left and a price sort cannot place it first.
  type Item = { id: string; cheapest_offer: unknown };
  const out = search_models.handler(ds, search_models.input.parse({ sort: 'price', limit: 20 }), ctx) as { items: Item[] };
  assert.equal(out.items.some((i) => i.id === 'whisper-large-v3-turbo'), false);
  const turbo = search_models.handler(ds, search_models.input.parse({ q: 'whisper-large-v3-turbo', limit: 5 }), ctx) as { items: Item[] };
  assert.equal(turbo.items.find((i) => i.id === 'whisper-large-v3-turbo')?.cheapest_offer, null);
});
