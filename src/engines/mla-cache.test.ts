// An MLA model's latent cache is held whole on every tensor-parallel card: the serving batch and the fit count it so.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Architecture, Hardware } from '../schema/index.ts';
import { QUANTIZATIONS } from './constants.ts';
import { estimateCost } from './cost.ts';
import { fitKvCopies } from './fit-basis.ts';
import { kvCacheCopies, mlaTooSmallWords } from './mla-cache.ts';
import { kvCacheBytes, memoryNeeded, type ModelFacts } from './memory.ts';
import { servingAt, servingConstants } from './serving.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const f = <T>(value: T) => ({ value, as_of: '2026-11-25', source: 'test' });

// deepseek-ai/DeepSeek-V3 config.json (data/curated/model-architecture.csv): 61 layers, 128 heads, MLA with
// kv_lora_rank 512 and qk_rope_head_dim 64, so a token caches 61 x (512 + 64) x 2 bytes = 70,272 B.
const deepseek: Architecture = {
  layers: 61, kv_heads: 128, head_dim: 128, attention: 'mla', kv_lora_rank: 512, rope_dim: 64, hf_repo: 'deepseek-ai/DeepSeek-V3',
};
// moonshotai/Kimi-K2-Thinking config.json: the same 61 layers and 512 + 64 latent, 64 heads.
const kimi: Architecture = { ...deepseek, kv_heads: 64, hf_repo: 'moonshotai/Kimi-K2-Thinking' };
// Llama 3.3 70B's shape: 80 layers, 8 KV heads x 128 (GQA), split across the ranks.
const gqa: Architecture = { layers: 80, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/test' };

// Eight H100 SXM 80 GB on their NVLink switch (3.35 TB/s each), and the same eight on PCIe only.
const h100x8: Hardware = {
  id: 'h100-x8', name: '8 x H100', class: 'server', accelerator: 'NVIDIA H100 SXM5 80 GB', count: 8, unified_memory: false,
  memory_gb: f(640), usable_fraction: f(0.95), bandwidth_gbs: f(3350), nvlink: f('switch' as const),
};
const pcie = { ...h100x8, id: 'h100-pcie-x8', nvlink: undefined };
const one = { ...h100x8, id: 'h100-x1', count: 1, memory_gb: f(80) };

test('the cache is held once a card for MLA under vLLM tensor parallelism, once in all for GQA, one card, or a layer split', () => {
  assert.equal(kvCacheCopies(deepseek, h100x8, 'vllm'), 8);
  assert.equal(kvCacheCopies(gqa, h100x8, 'vllm'), 1);
  assert.equal(kvCacheCopies(deepseek, one, 'vllm'), 1);
  // llama.cpp splits cards by layer: each card holds its own layers' latent.
  assert.equal(kvCacheCopies(deepseek, pcie, 'llama.cpp'), 1);
  // The fit follows its runtime: a batch-1 figure on the NVLink machine is vLLM's (8 copies), on PCIe llama.cpp's (1);
  // a cost (the serving figure) runs the PCIe cards tensor parallel too.
  assert.equal(fitKvCopies(deepseek, h100x8, { concurrency: 1 }), 8);
  assert.equal(fitKvCopies(deepseek, pcie, { concurrency: 1 }), 1);
  assert.equal(fitKvCopies(deepseek, pcie, { concurrency: 1, figure: 'serving' }), 8);
});

test('fewer KV heads than cards: vLLM keeps one a card, so the cache is held cards / KV heads times', () => {
  // vLLM's get_num_kv_heads: max(1, kv_heads // tensor_parallel_size) a card. Qwen/Qwen3-235B-A22B config.json: 94
  // layers, 4 KV heads x 128: on 8 cards each keeps 1 head, 8 heads held for 4, 2 copies; on 4 cards 1 each, 1 copy.
  const qwen235: Architecture = { layers: 94, kv_heads: 4, head_dim: 128, attention: 'gqa', hf_repo: 'Qwen/Qwen3-235B-A22B' };
  assert.equal(kvCacheCopies(qwen235, h100x8, 'vllm'), 2);
  assert.equal(kvCacheCopies(qwen235, { ...h100x8, count: 4 }, 'vllm'), 1);
  // nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B: 2 KV heads on its 6 attention layers; on 4 cards, 2 copies.
  const nano: Architecture = { layers: 52, kv_heads: 2, head_dim: 128, attention: 'hybrid', kv_layers: 6, hf_repo: 'nvidia/x' };
  assert.equal(kvCacheCopies(nano, { ...h100x8, count: 4 }, 'vllm'), 2);
  // Llama 3.3 70B's 8 KV heads on 8 cards: one each, no copy; llama.cpp's layer split never copies.
  assert.equal(kvCacheCopies(gqa, h100x8, 'vllm'), 1);
  assert.equal(kvCacheCopies(qwen235, pcie, 'llama.cpp'), 1);
  // A decode step reads every copy, each card its own: at batch 1 and 8,192 tokens Qwen3-235B's cache is 94 x 2 x 4 x 128
  // x 2 B x 8,192 = 1.5770 GB, read twice over the summed 8 x 3,350 GB/s at 0.82: 3.1541 / 21,976 = 0.1435 ms, one card's
  // 0.3943 GB (a quarter of the 4 heads' cache, 2 of them on each pair) over 3,350 x 0.82 is the same 0.1435 ms.
  const bytes = kvCacheBytes(qwen235, 8192, 1);
  assert.ok(Math.abs(bytes / 1e9 - 1.5770) < 0.0001, `${bytes}`);
  assert.ok(Math.abs((bytes * kvCacheCopies(qwen235, h100x8, 'vllm')) / (0.82 * 8 * 3350e9) * 1e3 - 0.1435) < 0.0001);
});

test('the published Kimi-K2-Thinking run on 8 x H100: 32,768 tokens need a whole 2.30 GB cache on one card, not an eighth', () => {
  // jwt625/PlayGround 20251107_kimi_k2_thinking/README.md (vLLM 0.11.1, INT4, 8 x H100 80GB): "32k tokens: fails -
  // needs 2.14 GiB KV cache". By hand: 61 x 576 x 2 B x 32,768 = 2,302,672,896 B = 2.30 GB = 2.14 GiB, one card's need.
  const sequence = kvCacheBytes(kimi, 32768, 1);
  assert.equal(sequence, 2_302_672_896);
  assert.equal(Math.round((sequence / 2 ** 30) * 100) / 100, 2.14);
  // The fit on the eight cards counts it on each: 8 x 2,302,672,896 = 18,421,383,168 B, not 2,302,672,896 shared out.
  const need = memoryNeeded({
    parameters_total: 1e12, architecture: kimi, quantization: QUANTIZATIONS.find((q) => q.id === 'int4')!, context: 32768,
    concurrency: 1, devices: 8, kv_copies: fitKvCopies(kimi, h100x8, { concurrency: 1 }),
  });
  assert.equal(need.kv_cache, 18_421_383_168);
});

test('DeepSeek V3 INT4 on 8 x H100: the batch is one card\'s leftover over one sequence\'s latent, not the sum\'s', () => {
  // By hand. vLLM's budget (vllm-memory.ts): 640 x 2^30 B x 0.9 = 618,475,290,624 B less 8 x 6 GiB of reserve
  // (51,539,607,552 B); weights at INT4 W4A16 671e9 x 4.51 / 8 = 378,276,250,000 B; room 188,659,433,072 B in all,
  // 23,582,429,134 B on each card. A request of 8,192 tokens at 75% input holds 6,144 + 2,048 / 2 + 7.5 (half a 16-token
  // block) = 7,175.5 tokens on average: 7,175.5 x 70,272 B = 504,236,736 B. One card holds floor(23,582,429,134 /
  // 504,236,736) = floor(46.77) = 46 (66 while the room was the service's 0.95 less 0.75 GB a card); the sum over one
  // copy would have held floor(188,659,433,072 / 504,236,736) = 374, eight times too many.
  const facts: ModelFacts = {
    parameters_total: 671e9, parameters_active: 37e9, architecture: deepseek, native_precision: null, derived_from: [],
  };
  const c = servingConstants(facts, QUANTIZATIONS.find((q) => q.id === 'int4_w4a16')!, h100x8);
  assert.equal(c.kv_copies, 8);
  const ask = { context: 8192, input_share: 0.75, max_sequences: 1024 };
  assert.equal(servingAt(c, deepseek, ask).batch, 46);
  assert.equal(servingAt(c, deepseek, ask).bound, 'memory');
  // A GQA model on the same cards keeps the sum: Llama 3.3 70B's shape (70.55e9 parameters) at INT4:
  // 70.55e9 x 4.51 / 8 = 39,772,562,500 B of weights, room 618,475,290,624 - 51,539,607,552 - 39,772,562,500 =
  // 527,163,120,572 B; 2 x 8 x 128 x 80 x 2 B = 327,680 B a token x 7,175.5 = 2,351,267,840 B a sequence:
  // floor(224.20) = 224 (258 at the service's former 0.95 less 0.75 GB a card).
  const llama: ModelFacts = { ...facts, parameters_total: 70.55e9, parameters_active: 70.55e9, architecture: gqa };
  const g = servingConstants(llama, QUANTIZATIONS.find((q) => q.id === 'int4_w4a16')!, h100x8);
  assert.equal(g.kv_copies, 1);
  assert.equal(servingAt(g, gqa, ask).batch, 224);
});

test('Kimi K2.6 INT4 on 8 x H100: no vLLM server at any length, and the answer says why', () => {
  // The committed dataset: Kimi K2.6's INT4 weights 612.66 GB (docs/hardware-and-cost.md). vLLM's budget (vllm-memory.ts):
  // 640 x 2^30 B x 0.9 = 618.48 GB, less 8 x 6 GiB (51.54 GB) of activations, non-torch memory and graphs = 566.94 GB,
  // below the weights: vLLM reports no memory for its cache blocks and does not start, at 8,192 tokens as at 65,536.
  // It was 8 sequences of 8,192 tokens and 2 of 32,768 while the room was the service's 0.95 less 0.75 GB a card
  // (34.18 GB, 4.27 GB a card). A published Kimi-K2-Thinking INT4 deployment on 8 x H100 (jwt625/PlayGround,
  // 20251107_kimi_k2_thinking/README.md) starts only at gpu_memory_utilization 0.95 with CUDA graphs off. The fit
  // (models_for_hardware, the service's 0.95 less 0.75 GB) still holds 8,192 tokens: the cost answer counts the skip.
  const ds = committedDataset();
  const model = ds.modelById.get('kimi-k2.6')!;
  const h = ds.hardware.find((x) => x.id === 'h100-80gb-x8')!;
  assert.ok(model && h);
  const at = (context: number) => estimateCost(model, [], [h], { tokens_millions: 1000, input_share: 0.75, context });
  for (const context of [8192, 32768, 65536]) {
    const none = at(context).self_hosting;
    assert.deepEqual([none.options.length, none.skipped.does_not_fit], [0, 1]);
    assert.match(none.reason!, /a vLLM server takes 0\.9 of each card's memory/);
  }
  // At 65,536 the fit fails too: 612.66 + 8 x 4.61 (61 x 576 x 2 B x 65,536 = 4,605,345,792 B on each card) + 6 =
  // 655.5 GB, over the 652.84 usable; the answer names the latent held on every card.
  assert.match(at(65536).self_hosting.reason!, /one sequence of 65536 tokens needs its 4\.61 GB on each card/);
  assert.equal(mlaTooSmallWords(gqa, 65536, [h]), '');
});
