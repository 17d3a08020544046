// Tests of how devices share a decode step, the per-layer floor, and the MoE prefill efficiency, with figures by hand.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Architecture, Hardware } from '../schema/index.ts';
import { QUANTIZATIONS } from './constants.ts';
import { computeClass, decodeLayout, decodeSplit, effectivePrefillEfficiency, layoutBasis, prefillEfficiency } from './decode.ts';
import type { ModelFacts } from './memory.ts';
import { speedOf } from './speed.ts';

const f = <T>(value: T) => ({ value, as_of: '2026-11-25', source: 'test' });
// The link facts as data/curated/accelerator-nvlink.csv and accelerator-peer-fabric.csv give them.
const LINKS: Record<string, Partial<Pick<Hardware, 'class' | 'nvlink' | 'peer_fabric'>>> = {
  'NVIDIA H100 SXM5 80GB': { class: 'server', nvlink: f('switch' as const) },
  'NVIDIA H200 SXM': { class: 'server', nvlink: f('switch' as const) },
  'NVIDIA B200': { class: 'server', nvlink: f('switch' as const) },
  'NVIDIA H100 NVL': { class: 'server', nvlink: f('bridge' as const) },
  'AMD Instinct MI300X': { class: 'server', nvlink: f('none' as const), peer_fabric: f('infinity-fabric' as const) },
  'NVIDIA GeForce RTX 3090': { class: 'desktop', nvlink: f('bridge' as const) },
  'NVIDIA RTX A6000': { class: 'workstation', nvlink: f('bridge' as const) },
  'NVIDIA L40S': { class: 'server', nvlink: f('none' as const) },
};
const machine = (accelerator: string, count: number, bandwidth: number, tflops?: number): Hardware => ({
  id: 'm', name: 'm', class: 'server', accelerator, count, unified_memory: false, memory_gb: f(141 * count), usable_fraction: f(0.95),
  bandwidth_gbs: f(bandwidth), ...(tflops ? { compute_tflops: f(tflops) } : {}), ...LINKS[accelerator],
});

test('NVLink switch boards and Infinity Fabric run tensor parallel; PCIe and bridgeable cards split by layer', () => {
  assert.equal(decodeSplit(machine('NVIDIA H100 SXM5 80GB', 8, 3350)), 'tensor');
  assert.equal(decodeSplit(machine('NVIDIA H200 SXM', 8, 4800)), 'tensor');
  assert.equal(decodeSplit(machine('NVIDIA B200', 4, 7700)), 'tensor');
  assert.equal(decodeSplit(machine('NVIDIA H100 NVL', 2, 3900)), 'layer', 'a bridge connector is not a fitted bridge');
  assert.equal(decodeSplit(machine('AMD Instinct MI300X', 8, 5300)), 'tensor');
  assert.equal(decodeSplit(machine('NVIDIA GeForce RTX 3090', 2, 936)), 'layer');
  assert.equal(decodeSplit(machine('NVIDIA RTX A6000', 2, 768)), 'layer');
  assert.equal(decodeSplit(machine('NVIDIA L40S', 4, 864)), 'layer');
  assert.equal(decodeSplit(machine('NVIDIA GeForce RTX 4090', 1, 1008)), 'single');
});

test('the fabric follows the facts, not the name: a renamed accelerator keeps its split', () => {
  // The same H100 SXM board and MI300X platform under names no pattern would know; and an "SXM" name with no fact.
  const h100 = { ...machine('NVIDIA H100 SXM5 80GB', 8, 3350), accelerator: 'Hopper board, 8 modules' };
  const mi300 = { ...machine('AMD Instinct MI300X', 8, 5300), accelerator: 'CDNA 3 OAM platform' };
  assert.equal(decodeSplit(h100), 'tensor');
  assert.equal(decodeSplit(mi300), 'tensor');
  assert.equal(decodeSplit({ ...machine('NVIDIA L40S', 4, 864), accelerator: 'NVIDIA L40S SXM B200 MI300X' }), 'layer');
  assert.equal(decodeSplit(machine('some SXM module, unreviewed', 8, 3350)), 'layer', 'no fact: PCIe is assumed');
});

test('the layout: summed bandwidth and 64 us a layer in tensor parallel; one card, 45 us a layer and hand-offs by layer', () => {
  // Tensor parallel: 45 us + 19 us of all-reduces a layer. Layer split: 45 us a layer and 0.21 ms at each of the
  // count - 1 boundaries between cards (constants.ts, fitted on XiongjieDai's llama-bench runs).
  const tp = decodeLayout(machine('NVIDIA H200 SXM', 8, 4800), 36);
  assert.equal(tp.bandwidth, 8 * 4800e9);
  assert.ok(Math.abs(tp.step_latency_s - 36 * 64e-6) < 1e-12);
  const pcie = decodeLayout(machine('NVIDIA GeForce RTX 3090', 2, 936), 80);
  assert.equal(pcie.bandwidth, 936e9);
  assert.ok(Math.abs(pcie.step_latency_s - (80 * 45e-6 + 0.21e-3)) < 1e-12);
  const four = decodeLayout(machine('NVIDIA GeForce RTX 4090', 4, 1008), 80);
  assert.equal(four.bandwidth, 1008e9);
  assert.ok(Math.abs(four.step_latency_s - (80 * 45e-6 + 3 * 0.21e-3)) < 1e-12);
  assert.equal(decodeLayout(machine('NVIDIA GeForce RTX 4090', 1, 1008), 80).step_latency_s, 80 * 45e-6);
});

test('a tensor-parallel answer names the run its floor is fitted on and states the held-out runs\' spread', () => {
  // The floor is fitted on one TensorRT-LLM run (8 x B200, gpt-oss-120b, batch 1); the nine held-out vLLM and SGLang runs
  // read from 0.88x (DeepSeek-R1-0528 FP8, 8 x H200, SGLang at 8 sequences: 69.0 estimated a stream against 1,000 /
  // 12.8 ms = 78.1) to 1.93x (the same at 4 on another runner: 84.7 against 1,000 / 22.73 ms = 44.0), so the basis states
  // that spread and names the section of docs/hardware-and-cost.md that tables them, which must exist.
  const h200 = machine('NVIDIA H200 SXM', 8, 4800);
  const basis = layoutBasis(h200, decodeLayout(h200, 61), 61);
  assert.match(basis, /61 layers x 45 us and 19 us of all-reduces per layer, fitted on TensorRT-LLM's batch-1 run of gpt-oss-120b/);
  assert.match(basis, /the 9 published vLLM and SGLang runs held out of that fit \(8 GPUs, 1 to 64 sequences/);
  assert.match(basis, /read 0\.88x-1\.93x of their measured speed/);
  assert.match(basis, /divided by 0\.88 to 1\.93, a figure here gives the range those runs measured/);
  const section = basis.match(/"([^"]+)"/)![1];
  const doc = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs/hardware-and-cost.md'), 'utf8');
  assert.ok(doc.includes(`#### ${section}`), section);
});

test('Llama 3 70B Q4_K_M on 2 x RTX 3090: one card\'s bandwidth and compute, near the published llama-bench figures', () => {
  // 70.55B parameters x 4.89 bits / 8 = 43.12 GB (llama-bench's file: 39.59 GiB = 42.51 GB); 80 layers, 8 KV heads x 128.
  // KV at 512 tokens: 2 x 80 x 8 x 128 x 512 x 2 = 0.168 GB. Decode (llama.cpp CUDA): 43.12 GB / (0.81 x 936 GB/s) =
  // 56.88 ms + 0.168 GB / (0.82 x 936 GB/s) = 0.22 ms, plus 80 x 45 us + 0.21 ms = 3.81 ms: 60.91 ms, 16.4 tokens/s;
  // XiongjieDai measured 16.57 (tg512); at the single 0.67 it read 13.7. Prefill: one card's
  // dense FP16 tensor rate with FP16 accumulate (GA102 whitepaper: 142 TFLOPS), 0.42 x 142e12 / (2 x 70.55e9) = 423
  // tokens/s; measured 357 (pp512). Summed compute would say 845, 2.4x too fast.
  const arch: Architecture = { layers: 80, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/Meta-Llama-3-70B' };
  const facts: ModelFacts = { parameters_total: 70.55e9, parameters_active: 70.55e9, architecture: arch, native_precision: null, derived_from: [] };
  const q4 = QUANTIZATIONS.find((q) => q.id === 'q4_k_m')!;
  const s = speedOf(facts, q4, machine('NVIDIA GeForce RTX 3090', 2, 936, 142), { context: 512, concurrency: 1 });
  assert.equal(s.split, 'layer');
  assert.equal(s.decode_bandwidth_gbs, 936);
  assert.equal(s.per_token_latency_ms, 3.81);
  assert.ok(Math.abs(s.tokens_per_s - 16.4) <= 0.1, `${s.tokens_per_s}`);
  assert.ok(Math.abs(s.prefill_tokens_per_s! - 423) <= 1, `${s.prefill_tokens_per_s}`);
  assert.match(s.basis, /split by layer \(llama\.cpp's default --split-mode layer/);
  assert.match(s.basis, /1 card-to-card hand-off of 0\.21 ms/);
  assert.match(s.basis, /0\.42 x one card's dense FP16 tensor FLOP\/s with FP16 accumulate/);
});

test('gpt-oss-120b on 8 x H200 decodes at about 408 tokens/s at batch 1, not thousands', () => {
  // gpt-oss-120b: 116.83B total, 5.13B active (model card), MXFP4's 5.53 bits a token reads (experts 4.25, attention and
  // head 8.5): 5.13e9 x 5.53 / 8 = 3.5461 GB of weights a token. 36 layers, 8 KV heads x 64, every second layer a
  // 128-token window: at 8,192 tokens the cache is
  // 18 x 2 x 8 x 64 x 8,192 x 2 + 18 x 2 x 8 x 64 x 128 x 2 = 301,989,888 + 4,718,592 bytes = 0.3067 GB.
  // 3.5461 GB / (0.67 x 38,400 GB/s) = 0.1378 ms + 0.3067 GB / (0.82 x 38,400 GB/s) = 0.0097 ms, plus 36 x (45 + 19) us
  // = 2.304 ms: 2.452 ms a token, 407.9 tokens/s (412 at the checkpoint's average 4.47 bits).
  // openai/gpt-oss-120b config.json: hidden 2,880, 128 experts of width 2,880, 4 a token.
  const arch: Architecture = {
    layers: 36, kv_heads: 8, head_dim: 64, attention: 'sliding', sliding_window: 128, sliding_layers: 18, hf_repo: 'openai/gpt-oss-120b',
    hidden_size: 2880, experts: 128, experts_per_token: 4, moe_intermediate_size: 2880,
  };
  const facts: ModelFacts = {
    parameters_total: 116.83e9, parameters_active: 5.13e9, architecture: arch, native_precision: 'mxfp4', derived_from: [],
  };
  const mxfp4 = QUANTIZATIONS.find((q) => q.id === 'mxfp4')!;
  const s = speedOf(facts, mxfp4, machine('NVIDIA H200 SXM', 8, 4800, 989.5), { context: 8192, concurrency: 1 });
  assert.ok(Math.abs(s.tokens_per_s - 407.9) <= 0.2, `${s.tokens_per_s}`);
  assert.equal(s.split, 'tensor');
  assert.equal(s.per_token_latency_ms, 2.304);
  assert.match(s.basis, /tensor parallel.*\(vLLM, SGLang or TensorRT-LLM.*all-reduces/);
  // Prefill at the MoE share of the tokens an expert gets in llama.cpp's default ubatch: 512 x 4 / 128 = 16, 0.176 x
  // (16 / 64)^0.29 = 0.1177 on a GeForce card, x 0.87 on a data-centre accelerator = 0.1024 (shown 0.1) of the rated
  // compute (prefill-moe.ts; the DGX Spark's gpt-oss-120b at that ubatch measured 1,397.07 tokens/s, 0.115 of its
  // rating, llama.cpp#17906): 0.1024 x 8 x 989.5e12 / (2 x 5.13e9) = 79,030 tokens/s (121,672 at the flat 0.19 x 0.83).
  assert.equal(s.prefill_efficiency, 0.1);
  assert.ok(Math.abs(s.prefill_tokens_per_s! - 79030) <= 1, `${s.prefill_tokens_per_s}`);
  assert.match(s.basis, /mixture-of-experts/);
});

test('Kimi K2 Thinking on 8 x H200 and 8 x H100 decodes at the bytes its BF16 attention and head add', () => {
  // 32B active (card) at INT4's 8.33 bits a token reads (routed experts 4.5 bits, attention, shared expert, dense MLP,
  // routers and head BF16; constants.ts): 32e9 x 8.33 / 8 = 33.32 GB a token. MLA cache of 61 layers x (512 + 64)
  // values x 2 bytes x 8,192 tokens = 575,668,224 bytes = 0.5757 GB, held whole on each of the 8 cards run tensor
  // parallel (vLLM keeps MLA's one latent head on every rank) and read by each: 8 x 0.5757 = 4.6053 GB a step over the
  // summed bandwidth, one card's 0.5757 GB over its own.
  // 8 x H200: 33.32 GB / (0.67 x 38,400 GB/s) = 1.2951 ms + 4.6053 GB / (0.82 x 38,400) = 0.1463 ms + 61 x (45 + 19) us
  // = 3.904 ms: 5.3453 ms, + 61 x 69 us = 4.209 ms of MLA mixture-of-experts layer time under tensor parallelism
  // (decode-mla.ts; Kimi K2 has DeepSeek-V3's layer): 9.5543 ms, 104.7 tokens/s (187.1 before that term).
  // 8 x H100: 33.32 / (0.67 x 26,800) = 1.8557 ms + 4.6053 / (0.82 x 26,800) = 0.2096 ms + 3.904 ms = 5.9692 ms,
  // + 4.209 ms = 10.1782 ms, 98.2 tokens/s (167.5 before).
  const arch: Architecture = {
    layers: 61, kv_heads: 64, head_dim: 128, attention: 'mla', kv_lora_rank: 512, rope_dim: 64, hf_repo: 'moonshotai/Kimi-K2-Thinking',
  };
  const facts: ModelFacts = { parameters_total: 1000e9, parameters_active: 32e9, architecture: arch, native_precision: 'int4', derived_from: [] };
  const int4 = QUANTIZATIONS.find((q) => q.id === 'int4')!;
  const h200 = speedOf(facts, int4, machine('NVIDIA H200 SXM', 8, 4800, 989.5), { context: 8192, concurrency: 1 });
  assert.ok(Math.abs(h200.tokens_per_s - 104.7) <= 0.1, `${h200.tokens_per_s}`);
  assert.equal(h200.active_weights_gb, 33.32);
  assert.match(h200.basis, /a token reads its active parameters at 8\.33 bits, not the file's 4\.63/);
  const h100 = speedOf(facts, int4, machine('NVIDIA H100 SXM5 80GB', 8, 3350, 989.4), { context: 8192, concurrency: 1 });
  assert.ok(Math.abs(h100.tokens_per_s - 98.25) <= 0.1, `${h100.tokens_per_s}`);
  assert.match(h200.basis, /plus 61 layers x 69 us of MLA mixture-of-experts layer time under tensor parallelism/);
  // SemiAnalysis InferenceX (reprinted at kimi-capacity-report.pages.dev): Kimi K2.5 INT4, vLLM TP 8 on 8 x H200, 8,192
  // prompt + 1,024 answer tokens, 4 requests at once: 91.2 tokens/s a request. The engine at 4 sequences of 8,704
  // tokens (prompt + half the answer): MLA counts no shared part, so the routed share is 32 / 1,000 = 0.032 and the 4
  // tokens touch 1 - 0.968^4 = 0.12199 of the routed 33.32 / 0.032 = 1,041.25 GB: 127.02 GB / (0.67 x 38,400) = 4.9370
  // ms (133.28 GB, 5.1804 ms, with no overlap); cache 4 x 61 x 576 x 2 x 8,704 = 2.4466 GB on each of the 8 cards,
  // 19.5727 GB / (0.73 x 38,400) = 0.6982 ms; + 3.904 ms = 9.5392 ms a step of 4 tokens (+ the MLA term's 4.209 ms:
  // 13.7482 ms, 290.95 tokens/s; 419.3 and 104.8 a sequence before it, 1.15x the measurement). The serving cache
  // read is 0.73 since the serving batch is sized on vLLM's memory budget (constants.ts SERVING_KV_READ_EFFICIENCY; at
  // the former 0.69: 0.7387 ms, 104.4 a sequence, 1.14x). Under vLLM an MoE batch's step pays that read and its compute
  // in turn (serving.ts batchDecodeRate, as estimate_cost's serving figure): compute 989.5 TFLOPS x 8 x 0.72 (the
  // data-centre class's dense factor) = 5,699.5 TFLOPS at the class's MoE share 0.19 x 0.83 / 0.72 = 0.2190, / (2 x
  // 32e9) = 19,505 tokens/s; 1 / (1 / 290.95 + 1 / 19,505) = 286.7 tokens/s, 71.7 a sequence, 0.79x the measurement
  // (102.6 and 1.13x before the MLA term, fitted on DeepSeek-R1's 128-head layer: Kimi's 64 heads run a lighter one,
  // so this held-out run reads slower than it ran; docs/hardware-and-cost.md, "Tensor parallel at low concurrency").
  const c4 = speedOf(facts, int4, machine('NVIDIA H200 SXM', 8, 4800, 989.5), { context: 8704, concurrency: 4 });
  assert.ok(Math.abs(c4.at_concurrency.tokens_per_s_per_stream - 71.7) <= 0.1, `${c4.at_concurrency.tokens_per_s_per_stream}`);
  const ratio = c4.at_concurrency.tokens_per_s_per_stream / 91.2;
  assert.ok(ratio > 0.75 && ratio < 0.82, `${ratio}`);
});

test('an MoE prompt takes its class\'s MoE share: NVIDIA workstation parts and the RX 7900 XTX their own, other AMD parts the dense factor', () => {
  // Qwen3-30B-A3B (3.3B of 30.5B; config.json: 48 layers, hidden 2,048, 128 experts of width 768, 8 a token). llama.cpp's
  // default ubatch of 512 gives each expert 512 x 8 / 128 = 32 tokens: 0.176 x (32 / 64)^0.29 = 0.176 x 0.8180 = 0.1440
  // on a GeForce card, shown 0.14; NVIDIA workstation and data-centre 0.1440 x 0.87 = 0.1252, shown 0.13 (the factor the
  // six DGX Spark pp2048 runs fix); an RX 7900 XTX 0.1440 x 1.16 = 0.1670, shown 0.17 (its two ROCm runs, calibration.test.ts;
  // 0.1 until 2026-11-30); another AMD part, the RX 7900 XT, with no MoE row in any fit, 0.1440 x 0.72 = 0.1036, shown 0.1.
  // Without the architecture (a serving runtime's prompts) the flat share at its own factor: 0.19, 0.19 x 0.83 = 0.1577
  // (0.16), 0.19 x 0.72 = 0.1368 (0.14) on either Radeon. Dense: 0.42 x 0.72.
  const [a, t] = [3.3e9, 30.5e9];
  const qwen3: Architecture = {
    layers: 48, attention_heads: 32, kv_heads: 4, head_dim: 128, hidden_size: 2048, attention: 'gqa', hf_repo: 'Qwen/Qwen3-30B-A3B',
    experts: 128, experts_per_token: 8, moe_intermediate_size: 768,
  };
  const geforce = machine('NVIDIA GeForce RTX 4090', 1, 1008, 330.3);
  const pro = machine('NVIDIA RTX PRO 6000 Blackwell', 1, 1792, 500);
  const amd = machine('AMD Radeon RX 7900 XTX', 1, 960, 122.88);
  const xt = machine('AMD Radeon RX 7900 XT', 1, 800, 103.2);
  assert.equal(effectivePrefillEfficiency(geforce, a, t, qwen3), 0.14);
  assert.equal(effectivePrefillEfficiency(pro, a, t, qwen3), 0.13);
  assert.equal(effectivePrefillEfficiency(amd, a, t, qwen3), 0.17);
  assert.equal(effectivePrefillEfficiency(xt, a, t, qwen3), 0.1);
  assert.equal(effectivePrefillEfficiency(xt, a, t), 0.14);
  assert.equal(effectivePrefillEfficiency(geforce, a, t), 0.19);
  assert.equal(effectivePrefillEfficiency(pro, a, t), 0.16);
  assert.equal(effectivePrefillEfficiency(amd, a, t), 0.14);
  assert.equal(effectivePrefillEfficiency(amd, 8e9, 8e9), 0.3);
  assert.equal(effectivePrefillEfficiency(pro, 8e9, 8e9), 0.3);
});

test('a mixture-of-experts model prefills at its own efficiency; a dense model at the dense one', () => {
  assert.equal(prefillEfficiency(3.3e9, 30.5e9), 0.19);
  assert.equal(prefillEfficiency(8e9, 8e9), 0.42);
});

test('each class of accelerator reaches its own share of its rated compute', () => {
  // GeForce 0.42; workstation and data-centre 0.42 x 0.72 = 0.3024; Apple 0.42 x 1.52 = 0.6384 of the FP32 rate.
  assert.equal(computeClass(machine('NVIDIA GeForce RTX 4090', 1, 1008)), 'geforce');
  assert.equal(computeClass(machine('NVIDIA RTX 6000 Ada Generation', 1, 960)), 'professional');
  assert.equal(computeClass(machine('NVIDIA H100 SXM5 80GB', 8, 3350)), 'professional');
  assert.equal(computeClass(machine('Apple M4 Max', 1, 546)), 'apple');
  assert.equal(effectivePrefillEfficiency(machine('NVIDIA GeForce RTX 4090', 1, 1008), 8e9, 8e9), 0.42);
  assert.equal(effectivePrefillEfficiency(machine('NVIDIA RTX 6000 Ada Generation', 1, 960), 8e9, 8e9), 0.3);
  assert.equal(effectivePrefillEfficiency(machine('Apple M4 Max', 1, 546), 8e9, 8e9), 0.64);
});

test('Llama 3 8B on an RTX 6000 Ada prefills below an RTX 4090 though its rated compute is higher, as measured', () => {
  // Rated dense FP16 with FP16 accumulate: 364.25 and 330.3 TFLOPS. Prefill: 0.3024 x 364.25e12 / (2 x 8.03e9) =
  // 6,859 tokens/s and 0.42 x 330.3e12 / (2 x 8.03e9) = 8,638: 0.79 of it. llama-bench pp512 (Q4_K_M): 5,792 against
  // 7,139, 0.81. On the FP32-accumulate figure the 4090 had before (165.2), the 6000 Ada read 2.2 x the 4090.
  const arch: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/Meta-Llama-3-8B' };
  const facts: ModelFacts = {
    parameters_total: 8.03e9, parameters_active: 8.03e9, architecture: arch, native_precision: null, derived_from: [],
  };
  const q4 = QUANTIZATIONS.find((q) => q.id === 'q4_k_m')!;
  const ada = speedOf(facts, q4, machine('NVIDIA RTX 6000 Ada Generation', 1, 960, 364.25), { context: 512, concurrency: 1 });
  const gf = speedOf(facts, q4, machine('NVIDIA GeForce RTX 4090', 1, 1008, 330.3), { context: 512, concurrency: 1 });
  assert.ok(Math.abs(ada.prefill_tokens_per_s! - 6859) <= 1, `${ada.prefill_tokens_per_s}`);
  assert.ok(Math.abs(gf.prefill_tokens_per_s! - 8638) <= 1, `${gf.prefill_tokens_per_s}`);
  assert.match(ada.basis, /workstation or data-centre accelerator/);
  assert.match(gf.basis, /FP16 accumulate/);
});
