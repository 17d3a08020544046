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
  const out = search_models.handler(ds, search_models.input.parse({ sort: 'price', kind: 'any', limit: 20 }), ctx) as { items: Item[] };
  assert.equal(out.items.some((i) => i.id === 'whisper-large-v3-turbo'), false);
  // A speech recogniser: listed with kind=any (the default lists language models only).
  const turbo = search_models.handler(ds, search_models.input.parse({ q: 'whisper-large-v3-turbo', kind: 'any', limit: 5 }), ctx) as { items: Item[] };
  assert.equal(turbo.items.find((i) => i.id === 'whisper-large-v3-turbo')?.cheapest_offer, null);
});

test("Alibaba's qwen3-asr-flash per second of audio, Scaleway's and NEAR AI's Whisper Large v3 are held back, the 0 outputs with them", () => {
  // Alibaba Cloud Model Studio, Qwen audio file recognition: qwen3-asr-flash "$0.000035/second" (Singapore),
  // "$0.000032/second" (Beijing); models.dev's alibaba / alibaba-cn files: 0.035 / 0.032 = those times 1,000.
  // models.dev's scaleway and nearai whisper-large-v3 files: input 0.003 / 0.01, output 0, audio in, text out.
  const expected: Array<[string, string, string, Array<[string, number]>]> = [
    ['qwen3-asr-flash', 'alibaba', 'qwen3-asr-flash', [['input', 0.035], ['output', 0.035]]],
    ['qwen3-asr-flash', 'alibaba-cn', 'qwen3-asr-flash', [['input', 0.032], ['output', 0.032]]],
    ['whisper-large-v3', 'scaleway', 'whisper-large-v3', [['input', 0.003], ['output', 0]]],
    ['whisper-large-v3', 'nearai', 'openai/whisper-large-v3', [['input', 0.01], ['output', 0]]],
  ];
  for (const [id, provider, pid, held] of expected) {
    const sheet = get_model.handler(ds, get_model.input.parse({ model_id: id }), ctx) as { offers: Offer[] };
    const o = sheet.offers.find((x) => x.provider === provider && x.provider_model_id === pid);
    assert.ok(o, `${provider}/${pid} is still listed`);
    assert.deepEqual(o.prices, {}, `${provider}/${pid}: no per-token price`);
    assert.deepEqual(o.held_back?.map((h) => [h.field, h.value]), held);
  }
});

test('sorted by price, the catalogue no longer opens with Whisper Large v3; no speech recogniser is in its first 20', () => {
  // Before: Scaleway's 0.003/0 put Whisper Large v3 first ($0.00225 blended at input share 0.75); qwen3-asr-flash was
  // priced at 0.032/0.032. Whisper's other listings (NVIDIA, Privatemode at $0, Groq unpriced) give no price above $0.
  type Item = { id: string; cheapest_offer: unknown };
  const out = search_models.handler(ds, search_models.input.parse({ sort: 'price', kind: 'any', limit: 20 }), ctx) as { items: Item[] };
  for (const id of ['whisper-large-v3', 'whisper-large-v3-turbo', 'qwen3-asr-flash']) {
    assert.equal(out.items.some((i) => i.id === id), false, `${id} is not among the 20 cheapest`);
  }
  assert.notEqual(out.items[0].id, 'whisper-large-v3');
});
