// vLLM's KV cache budget against the published startup logs it was fitted on and one held out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Hardware } from '../schema/index.ts';
import { GIB } from './constants.ts';
import {
  VLLM_GPU_MEMORY_UTILIZATION, VLLM_RESERVE_GIB_PER_CARD, vllmBudgetApplies, vllmBudgetBasis, vllmKvCacheBytes, vllmReserveGib, vllmTooSmallWords,
} from './vllm-memory.ts';

const f = <T>(value: T) => ({ value, as_of: '2026-11-28', source: 'test' });
const h100 = (count: number): Hardware => ({
  id: `h100-x${count}`, name: `${count} x H100`, class: 'server', accelerator: 'NVIDIA H100 SXM5 80 GB', count,
  unified_memory: false, memory_gb: f(80 * count), usable_fraction: f(0.95), bandwidth_gbs: f(3350), nvlink: f('switch' as const),
});
// A bare memory size: no bandwidth, so llama.cpp's sums (runtime.ts), never vLLM's.
const bare: Hardware = { ...h100(1), id: 'bare', accelerator: 'unnamed', bandwidth_gbs: undefined, nvlink: undefined };

/** Per card, in GiB, from the weights vLLM logged ("Model loading took X GiB", one card's share). */
const perCard = (cards: number, loadedGiB: number) => vllmKvCacheBytes(h100(cards), loadedGiB * cards * GIB) / cards / GIB;

test('the rule: 0.9 of each card less 6 GiB less its share of the weights', () => {
  assert.equal(VLLM_GPU_MEMORY_UTILIZATION, 0.9);
  assert.equal(VLLM_RESERVE_GIB_PER_CARD, 6);
  // By hand: 0.9 x 80 = 72 GiB a card; 72 - 6 - 10 = 56 GiB; two cards 112 GiB.
  assert.equal(vllmKvCacheBytes(h100(2), 20 * GIB), 112 * GIB);
});

test('llm-d\'s H100 startup logs: "Available KV cache memory" within about half a GiB a card', () => {
  // llm-d/llm-d-benchmark config_explorer/empirical-vllm-memory-results.md (commit 2593348), vLLM at
  // gpu_memory_utilization 0.9 on H100 80 GB: [cards, "Model loading took" GiB a card, "Available KV cache memory" GiB].
  const logs: [string, number, number, number][] = [
    ['Qwen3-0.6B', 1, 1.12, 64.45],
    ['Llama-3.1-8B-Instruct', 1, 14.99, 51.38],
    ['Qwen3-32B', 1, 61.03, 4.45],
    ['Llama-3.3-70B-Instruct-FP8-dynamic', 2, 33.88, 32.0],
  ];
  // The estimates by hand, 72 - 6 - loaded: 64.88, 51.01, 4.97, 32.12.
  const expected = [64.88, 51.01, 4.97, 32.12];
  logs.forEach(([name, cards, loaded, measured], i) => {
    const estimate = perCard(cards, loaded);
    assert.ok(Math.abs(estimate - expected[i]) < 1e-9, `${name}: ${estimate}`);
    assert.ok(Math.abs(estimate - measured) < 0.53, `${name}: ${estimate.toFixed(2)} against ${measured}`);
  });
  // The MoE gpt-oss-20b profiles 7.38 GiB of activations: 72 - 6 - 13.47 = 52.53 against 50.28, 4.5% over.
  assert.ok(Math.abs(perCard(1, 13.47) / 50.28 - 1.045) < 0.001);
});

test('no room where the weights fill vLLM\'s budget: the one-card Llama-3.3-70B FP8 run did not start', () => {
  // The same page: 67.72 GiB loaded on one H100, "Available KV cache memory: -1.44 GiB", "No available memory for the
  // cache blocks". By hand: 72 - 6 - 67.72 = -1.72 GiB.
  assert.ok(Math.abs(perCard(1, 67.72) + 1.72) < 1e-9);
});

test('the words of a no-option answer name vLLM\'s budget only where a configuration is served by vLLM', () => {
  assert.match(vllmTooSmallWords(8192, [h100(8)]), /takes 0\.9 of each card's memory .* about 6 GiB a card .* one sequence of 8192 tokens/);
  assert.equal(vllmTooSmallWords(8192, [bare]), '');
});

test('every card is sized in vLLM\'s budget: under 70 GiB, as on an A100, the reserve is 2 GiB a card', () => {
  // vLLM batches 2,048 tokens on cards under 70 GiB (vllm/engine/arg_utils.py), as on an A100; the small cards' logs:
  // an RTX 3090 (vllm-project/vllm issue 10517) 0.9 x 24 - 14.99 - 3.81 = 2.80 GiB, an A100 40GB (ilseokoh/vllm-gce)
  // 0.9 x 40 - 14.99 - 19.28 = 1.73 GiB; mean 2.27, rounded 2.
  const l40s: Hardware = { ...h100(4), id: 'l40s-x4', accelerator: 'NVIDIA L40S', memory_gb: f(192), nvlink: undefined };
  const t4: Hardware = { ...h100(1), id: 't4', accelerator: 'NVIDIA T4', memory_gb: f(16), nvlink: undefined };
  assert.deepEqual([vllmBudgetApplies(h100(1)), vllmBudgetApplies(l40s), vllmBudgetApplies(t4)], [true, true, true]);
  assert.deepEqual([vllmReserveGib(h100(1)), vllmReserveGib(l40s), vllmReserveGib(t4)], [6, 2, 2]);
  // A T4 by hand: 0.9 x 16 = 14.4 GiB less 2 GiB = 12.4 GiB (13.31 GB) for weights and cache. Gemma 4 26B-A4B at INT4
  // W4A16, 26,544,131,376 parameters x 4.51 bits / 8 = 14.96 GB (13.94 GiB), leaves none: vLLM would not start.
  assert.ok(Math.abs(vllmKvCacheBytes(t4, 0) / 1e9 - 13.315) < 0.001);
  assert.ok(vllmKvCacheBytes(t4, (26_544_131_376 * 4.51) / 8) < 0);
  assert.match(vllmTooSmallWords(8192, [l40s]), /about 6 GiB a card \(2 on an A100 and on cards under 70 GiB\)/);
});

test('an option\'s derivation says its batch is sized in vLLM\'s budget, not the usable memory the fit states', () => {
  // 8 x H100: 0.9 x 640 GiB less 8 x 6 GiB (what the batch of DeepSeek V3.2 INT4 on h100-80gb-x8, 46, is sized in).
  assert.match(vllmBudgetBasis(h100(8)) ?? '', /not the usable memory above: 0\.9 x 640 GiB .* less 8 x 6 GiB .* less the weights/);
  const l40s: Hardware = { ...h100(4), id: 'l40s-x4', accelerator: 'NVIDIA L40S', memory_gb: f(192), nvlink: undefined };
  assert.match(vllmBudgetBasis(l40s) ?? '', /0\.9 x 192 GiB .* less 4 x 2 GiB/);
  assert.equal(vllmBudgetBasis(bare), null);
});

test("an A100 80GB keeps 2 GiB a card, read from two A100 startup logs; other 80 GB cards keep the H100's 6", () => {
  const a100 = (count: number): Hardware => ({ ...h100(count), id: `a100-x${count}`, accelerator: 'NVIDIA A100 SXM4 80 GB' });
  // myoceane.fr, vLLM 0.19.0 on one A100 80GB: Gemma 4 26B-A4B at 0.9 loaded 48.5 GiB and left 21.5 GiB of cache;
  // the rule by hand 72 - 2 - 48.5 = 21.5 GiB (with the H100's 6: 17.5). gpt-oss-20b at 0.65 (52 GiB) loaded 13.72
  // and left 36.56: 52 - 2 - 13.72 = 36.28, 0.28 GiB short of it.
  assert.equal(vllmKvCacheBytes(a100(1), 48.5 * GIB) / GIB, 21.5);
  // Eight cards: 8 x (72 - 2) - 100 = 460 GiB; the H100's 8 x (72 - 6) - 100 = 428.
  assert.equal(vllmKvCacheBytes(a100(8), 100 * GIB) / GIB, 460);
  assert.equal(vllmKvCacheBytes(h100(8), 100 * GIB) / GIB, 428);
  assert.match(vllmBudgetBasis(a100(2))!, /less 2 x 2 GiB/);
  assert.match(vllmBudgetBasis(h100(2))!, /less 2 x 6 GiB/);
});
