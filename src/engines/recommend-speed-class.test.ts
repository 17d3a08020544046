// A self-hosted pick's pace against a reader: under reading, at reading pace (said first), or faster than skimming.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aHardware } from '../dataset/fixtures.ts';
import { SKIMMING_TOKENS_PER_S, slowPickFirst, speedClassOf } from './recommend-speed-class.ts';

test('the two paces are the published reading rates in tokens: 238 and 500 words a minute at 0.75 words a token', () => {
  // Brysbaert (2019): 238 words a minute, silent reading of non-fiction; Rayner et al. (2016): "from around 250 to
  // 500-750 words per minute" is doubling or tripling it, skimming. OpenAI: 1 token ~= 3/4 words.
  assert.equal(Math.round(SKIMMING_TOKENS_PER_S * 100) / 100, 11.11); // 500 / 60 / 0.75
  assert.equal(speedClassOf(5.2), 'under_reading'); // under 238 / 60 / 0.75 = 5.29
  assert.equal(speedClassOf(5.3), 'reading_pace');
  assert.equal(speedClassOf(11.1), 'reading_pace');
  assert.equal(speedClassOf(11.2), 'faster_than_skimming');
  assert.equal(speedClassOf(null), null);
});

test('a slow self-hosted pick names its pace and the machine first; a fast one and an API pick add nothing', () => {
  const f = (v: number) => ({ value: v, as_of: '2026-11-30', source: 't' });
  const box = aHardware({ id: 'box-32', name: 'Mini PC with a test chip, 32 GB unified memory', unified_memory: true, purchase_price_usd: f(1269) });
  const slow = slowPickFirst({ path: 'self_hosted', self: { hardware: box, fit: { tokens_per_s: 8.6, quantization: 'q4_k_m' } } });
  assert.equal(slow.length, 1);
  assert.match(slow[0], /^Slow to read from: about 8\.6 tokens\/s at q4_k_m on box-32 \(Mini PC with a test chip, 32 GB unified memory, \$1,269 to buy\), above the 5\.3 tokens\/s .* under the 11\.1 tokens\/s/);
  const crawl = slowPickFirst({ path: 'self_hosted', self: { hardware: box, fit: { tokens_per_s: 4.2, quantization: 'q8_0' } } });
  assert.match(crawl[0], /^Slower than reading: about 4\.2 tokens\/s .*its reader waits on every line\.$/);
  // A card's price is the card's alone: not said as the machine's.
  const card = aHardware({ id: 'card-24', name: 'Desktop with one test card (24 GB)', unified_memory: false, purchase_price_usd: f(999) });
  assert.doesNotMatch(slowPickFirst({ path: 'self_hosted', self: { hardware: card, fit: { tokens_per_s: 9, quantization: 'q4_k_m' } } })[0], /to buy/);
  assert.deepEqual(slowPickFirst({ path: 'self_hosted', self: { hardware: box, fit: { tokens_per_s: 52.8, quantization: 'q5_k_m' } } }), []);
  assert.deepEqual(slowPickFirst({ path: 'api', self: null }), []);
});

test('on the caller\'s own machine the pace is said without a price to buy it at', () => {
  const f = (v: number) => ({ value: v, as_of: '2026-11-30', source: 't' });
  const mine = aHardware({ id: 'mac-64', name: 'Mac with a test chip, 64 GB unified memory', unified_memory: true, purchase_price_usd: f(1999) });
  const [r] = slowPickFirst({ path: 'self_hosted', self: { hardware: mine, own_machine: true, fit: { tokens_per_s: 5.9, quantization: 'q6_k' } } });
  assert.match(r, /^Slow to read from: about 5\.9 tokens\/s at q6_k on mac-64 \(Mac with a test chip, 64 GB unified memory\), above/);
});
