// The expert placement's sums on a small made-up MoE model, each worked by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QUANTIZATIONS } from './constants.ts';
import { expertOffload, offloadTokensPerSecond, type OffloadFacts } from './expert-offload.ts';
import type { Architecture, Hardware } from '../schema/index.ts';

const q8 = QUANTIZATIONS.find((q) => q.id === 'q8_0')!;
// 2 layers, hidden 10,000, 10 experts of width 10,000, 2 a token: one expert is 2 x 3 x 10,000 x 10,000 = 0.6B, all
// of them 6B; 1B of the rest (attention and head), so 7B in all and 2 x 0.6 + 1 = 2.2B active.
const arch = {
  attention: 'gqa', layers: 2, hidden_size: 10000, attention_heads: 10, kv_heads: 2, head_dim: 100,
  experts: 10, experts_per_token: 2, moe_intermediate_size: 10000, hf_repo: 'example/moe',
} as unknown as Architecture;
const moe: OffloadFacts = { parameters_total: 7e9, parameters_active: 2.2e9, architecture: arch };
const card = (over: object = {}) => ({
  id: 'card', accelerator: 'NVIDIA Example', count: 1, unified_memory: false,
  memory_gb: { value: 6 }, usable_fraction: { value: 1 }, bandwidth_gbs: { value: 100 }, ...over,
}) as unknown as Hardware;
const ram = { gb: 4, usable_fraction: 0.8, bandwidth_gbs: 50 };
const at512 = { context: 512, concurrency: 1 };

test('the fewest layers of experts in RAM that leave the card comfortable, and the decode from both memories', () => {
  const o = expertOffload(moe, q8, card(), ram, at512)!;
  // Q8_0 (8.5 bits): experts 6e9 x 8.5 / 8 = 6.375 GB (3.1875 a layer), the rest 1.0625 GB. KV: 2 layers x 2 x 2 heads x
  // 100 x 512 tokens x 2 B = 0.82 MB; buffers 0.75 GB. The card: 6 GiB = 6.442 GB, comfortable to 5.476. Both layers on
  // it: 8.19 GB, no; one in RAM: 1.0625 + 3.1875 + 0.0008 + 0.75 = 5.0008 GB, comfortable. RAM: 4 GiB x 0.8 = 3.436 GB.
  assert.equal(o.cpu_moe_layers, 1);
  assert.equal(o.flag, '--n-cpu-moe 1');
  assert.equal(o.vram_fit, 'comfortable');
  assert.ok(Math.abs(o.vram.total - 5.0008e9) < 1e5, `${o.vram.total}`);
  assert.equal(o.ram.experts, 3.1875e9);
  // A token: 2.2e9 x 8.5 / 8 = 2.3375 GB, its experts 2 x 0.6e9 x 8.5 / 8 = 1.275 GB, half of them (1 of 2 layers) in RAM:
  // 0.6375 / (0.44 x 50) = 28.98 ms (0.44: RAM_READ_EFFICIENCY, fitted in calibration-offload.test.ts); 1.7 GB /
  // (0.81 x 100) = 20.99 ms; KV 0.82 MB / 82 GB/s = 0.01 ms; 2 x 45 us. 50.07 ms: 19.97 tokens/s.
  assert.ok(Math.abs(o.tokens_per_s! - 19.97) < 0.01, `${o.tokens_per_s}`);
  // The same run at a stated N (all layers, --cpu-moe): 1.275 / 22 = 57.95 ms + 1.0625 / 81 = 13.12 ms + 0.09 ms.
  assert.ok(Math.abs(offloadTokensPerSecond(moe, q8, card(), 50, 2)! - 1 / 0.07116) < 0.01);
});

test('no placement: a dense model, RAM too small, several cards, unified memory, no card at all that holds the rest', () => {
  const dense: OffloadFacts = { parameters_total: 7e9, parameters_active: 7e9, architecture: arch };
  assert.equal(expertOffload(dense, q8, card(), ram, at512), undefined);
  // 3 GiB x 0.8 = 2.577 GB is under one layer's 3.1875 GB of experts.
  assert.equal(expertOffload(moe, q8, card(), { ...ram, gb: 3 }, at512), undefined);
  assert.equal(expertOffload(moe, q8, card({ count: 2 }), ram, at512), undefined);
  assert.equal(expertOffload(moe, q8, card({ unified_memory: true }), ram, at512), undefined);
  // 1 GiB: the 1.0625 GB of non-expert weights alone are over it.
  assert.equal(expertOffload(moe, q8, card({ memory_gb: { value: 1 } }), { ...ram, gb: 64 }, at512), undefined);
  // No geometry: the experts are not told apart from the rest, so none is placed.
  const bare = { ...moe, architecture: { ...arch, experts: undefined, experts_per_token: undefined } as unknown as Architecture };
  assert.equal(expertOffload(bare, q8, card(), ram, at512), undefined);
});

test('a rounded total: the non-expert weights from the configuration where they agree with it, else total less experts', () => {
  // The made-up model with a 10,000-token vocabulary: embeddings and head 2 x 10,000 x 10,000 = 200M; attention
  // 2 layers x 2 x (10 + 2 heads) x 100 x 10,000 = 48M; routers 2 layers x 10 experts x 10,000 = 0.2M: 248.2M beside
  // the 6B of experts, 6.2482B in all. At Q8_0 (8.5 bits, 1.0625 bytes a parameter) that is 263.71 MB on the card.
  const counted = { ...arch, vocab_size: 10000 } as Architecture;
  const nonExpert = (total: number) =>
    expertOffload({ ...moe, parameters_total: total, architecture: counted }, q8, card(), { ...ram, gb: 64 }, at512)!.vram.non_expert_weights;
  // A card's "6.2B" (a whole number of ten millions, so rounded to its last place, 0.1B) is 48.2M under 6.2482B, within
  // the 50M that rounding allows: 263.71 MB, where 6.2B less 6B of experts would have said 0.2B x 1.0625 = 212.5 MB.
  assert.ok(Math.abs(nonExpert(6.2e9) - 263.7125e6) < 1, `${nonExpert(6.2e9)}`);
  // "6.3B" is 51.8M over, past its rounding: the configuration misses a shape, so the total less experts stands:
  // 0.3B x 1.0625 = 318.75 MB; "6.4B" likewise 425 MB.
  assert.ok(Math.abs(nonExpert(6.3e9) - 318.75e6) < 1);
  assert.ok(Math.abs(nonExpert(6.4e9) - 425e6) < 1);
  // An exact count (6,248,200,123, not a whole number of ten millions) is used as it is: 248,200,123 x 1.0625.
  assert.ok(Math.abs(nonExpert(6248200123) - 248200123 * 1.0625) < 1);
  // Without the vocabulary the configuration does not count the head, so the total less experts stands: 212.5 MB.
  const bare = expertOffload({ ...moe, parameters_total: 6.2e9 }, q8, card(), { ...ram, gb: 64 }, at512)!;
  assert.ok(Math.abs(bare.vram.non_expert_weights - 212.5e6) < 1);
});

test('a multi-token-prediction module the total counts is not placed on the card: llama.cpp never loads it', () => {
  // The made-up model's 7B counting a 0.5B MTP module as well: 7.5B in all, 7B of it loaded. Non-expert on the card: 7.5e9
  // - 0.5e9 - 6e9 = 1e9 at 8.5 bits = 1.0625 GB, the same as the model without the module (5.0008 GB in all, N = 1);
  // counted, the module would add 0.5e9 x 8.5 / 8 = 0.53125 GB (1.59375 GB of non-expert weights), and one layer on the
  // card would be 1.59375 + 3.1875 + 0.0008 + 0.75 = 5.532 GB, over the comfortable 5.476: both layers' experts (6.375 GB)
  // in RAM, which takes 16 GiB (13.74 GB usable) rather than 4.
  const withMtp: OffloadFacts = { parameters_total: 7.5e9, parameters_active: 2.2e9, architecture: { ...arch, mtp_parameters: 0.5e9 } as Architecture };
  const o = expertOffload(withMtp, q8, card(), ram, at512)!;
  assert.equal(o.vram.non_expert_weights, 1.0625e9);
  assert.equal(o.cpu_moe_layers, 1);
  assert.equal(expertOffload({ ...withMtp, architecture: arch }, q8, card(), ram, at512), undefined);
  const counted = expertOffload({ ...withMtp, architecture: arch }, q8, card(), { ...ram, gb: 16 }, at512)!;
  assert.deepEqual([counted.vram.non_expert_weights, counted.flag], [1.59375e9, '--cpu-moe']);
});
