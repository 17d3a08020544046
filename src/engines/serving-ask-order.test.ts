// servingAt keeps the last ask's sequence occupancy and cache bytes (one per ask, not one per configuration): an
// answer must not depend on the ask before it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QUANTIZATIONS, type KvCacheType } from './constants.ts';
import { modelFacts, type ModelFacts } from './memory.ts';
import { H100_SXM, QWEN3_8B } from './serving-fixtures.ts';
import { servingAt, servingConstants } from './serving.ts';

// Qwen3-8B on one H100 SXM 80 GB (serving-fixtures.ts), served by vLLM in FP8 W8A8.
const [qwen3_8b, h100] = [QWEN3_8B, H100_SXM];
const facts = modelFacts(qwen3_8b) as ModelFacts;
const constants = servingConstants(facts, QUANTIZATIONS.find((q) => q.id === 'fp8_w8a8')!, h100);
const batchAt = (context: number, input_share: number, kv_cache?: KvCacheType) =>
  servingAt(constants, facts.architecture, { context, input_share, max_sequences: 256, kv_cache }).batch;

test('each ask is sized on its own context, input share and KV type, whatever was asked before', () => {
  // By hand: vLLM's budget leaves 80 x 2^30 x 0.9 - 6 x 2^30 - 8.436e9 of FP8 weights = 62.43e9 B for caches; an F16
  // cache is 2 x 36 x 8 x 128 x 2 = 147,456 B a token (serving.test.ts's worked example).
  // 8,192 tokens at 75% input: the blocks hold 6,144 + 2,048 / 2 + 7.5 = 7,175.5 tokens, 1.0581e9 B: 59 sequences.
  // 16,384 at 75%: 12,288 + 2,048 + 7.5 = 14,343.5 tokens, 2.1150e9 B: 29.5, 29 sequences.
  // 8,192 at 50%: 4,096 + 2,048 + 7.5 = 6,151.5 tokens, 0.9071e9 B: 68.8, 68 sequences.
  // 8,192 at 75% with a Q8_0 cache (34 bytes a block of 32 values: 78,336 B a token): 0.5621e9 B: 111.1, 111.
  const expected: [number, number, KvCacheType | undefined, number][] = [
    [8192, 0.75, undefined, 59], [16384, 0.75, undefined, 29], [8192, 0.5, undefined, 68], [8192, 0.75, 'q8_0', 111],
  ];
  // Every ask after every other (and after itself): the kept occupancy must follow each member of the ask.
  for (const [c1, s1, kv1, b1] of expected) {
    for (const [c2, s2, kv2, b2] of expected) {
      assert.equal(batchAt(c1, s1, kv1), b1, `${c1} ${s1} ${kv1}`);
      assert.equal(batchAt(c2, s2, kv2), b2, `${c2} ${s2} ${kv2} after ${c1} ${s1} ${kv1}`);
    }
  }
  // 'f16' named is the default's figure.
  assert.equal(batchAt(8192, 0.75, 'f16'), 59);
});
