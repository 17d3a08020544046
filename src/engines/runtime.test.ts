// Tests of the runtime a figure assumes and its formats: GGUF for llama.cpp, BF16/FP8/INT4 W4A16 for vLLM, by accelerator.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Architecture, Hardware, Model } from '../schema/index.ts';
import { QUANTIZATIONS } from './constants.ts';
import { fitModel, type FitAssessed } from './hardware-fit.ts';
import { candidateQuantizations } from './quantization.ts';
import { fp8Support, int4Support, ladderFor, runtimeFor, servingComputeShare } from './runtime.ts';

const f = <T>(value: T) => ({ value, as_of: '2026-11-26', source: 'test' });

function machine(id: string, accelerator: string, count: number, perDeviceGb: number, bandwidth: number): Hardware {
  return {
    id, name: id, class: 'server', accelerator, count, unified_memory: false,
    memory_gb: f(perDeviceGb * count), usable_fraction: f(0.95), bandwidth_gbs: f(bandwidth),
  };
}

// Accelerator names as the catalogue spells them (data/dataset/hardware.json).
// The fabric facts as the catalogue gives them (data/curated/accelerator-nvlink.csv: SXM modules `switch`;
// accelerator-peer-fabric.csv: AMD Instinct's Infinity Fabric): the split is read from them, never from the name.
const switched = (h: Hardware): Hardware => ({ ...h, nvlink: f('switch' as const) });
const xgmi = (h: Hardware): Hardware => ({ ...h, peer_fabric: f('infinity-fabric' as const) });
const h100 = switched(machine('h100-80gb-x1', 'NVIDIA H100 SXM5 80GB', 1, 80, 3350));
const h100x8 = switched(machine('h100-80gb-x8', 'NVIDIA H100 SXM5 80GB', 8, 80, 3350));
const a100x8 = switched(machine('a100-80gb-x8', 'NVIDIA A100 SXM4 80 GB', 8, 80, 2039));
const mi300x8 = xgmi(machine('mi300x-x8', 'AMD Instinct MI300X', 8, 192, 5300));
const mi250x4 = xgmi(machine('mi250-x4', 'AMD Instinct MI250 128GB', 4, 128, 3277));
const rtx4090 = machine('rtx-4090', 'NVIDIA GeForce RTX 4090', 1, 24, 1008);
const rtx4090x2 = machine('rtx-4090-x2', 'NVIDIA GeForce RTX 4090', 2, 24, 1008);
const rtx3090x2 = machine('rtx-3090-x2', 'NVIDIA GeForce RTX 3090', 2, 24, 936);
const l40s = machine('l40s', 'NVIDIA L40S', 1, 48, 864);
const t4 = machine('t4', 'NVIDIA Tesla T4', 1, 16, 320);
const mac: Hardware = { ...machine('m4-max-128gb', 'Apple M4 Max (16-core CPU / 40-core GPU)', 1, 128, 546), unified_memory: true };

const ids = (h: Hardware, figure: 'batch' | 'serving', native: string | null = null, minBits?: number) =>
  candidateQuantizations(native, { min_bits_per_weight: minBits }, ladderFor(h, figure)).list.map((q) => q.id);
const GGUF = new Set(QUANTIZATIONS.filter((q) => q.runtime === 'llama.cpp').map((q) => q.id));

test('the runtime follows the figure: tensor parallel over a fabric and data-centre serving are vLLM, desktops llama.cpp', () => {
  assert.equal(runtimeFor(h100x8, 'batch'), 'vllm');
  assert.equal(runtimeFor(h100x8, 'serving'), 'vllm');
  // One H100 at batch 1 is quoted with llama.cpp's calibration; as a server it runs vLLM.
  assert.equal(runtimeFor(h100, 'batch'), 'llama.cpp');
  assert.equal(runtimeFor(h100, 'serving'), 'vllm');
  // Two RTX 4090s: split by layer at batch 1 (llama.cpp), tensor parallel when serving (vLLM): one ladder per figure.
  assert.equal(runtimeFor(rtx4090x2, 'batch'), 'llama.cpp');
  assert.equal(runtimeFor(rtx4090x2, 'serving'), 'vllm');
  assert.equal(runtimeFor(rtx4090, 'serving'), 'llama.cpp');
  assert.equal(runtimeFor(mac, 'serving'), 'llama.cpp');
  // A bare memory size ("2 x 24 GB GPU") has no bandwidth, so no figure is quoted for any runtime: GGUF as before.
  const { bandwidth_gbs: _b, ...unnamed } = machine('gpu-2x24', 'unnamed GPU', 2, 24, 0);
  assert.equal(runtimeFor(unnamed, 'serving'), 'llama.cpp');
  // Nor does an accelerator vLLM's support table does not name (Intel Arc in pairs, a test device): GGUF as before.
  assert.equal(runtimeFor(machine('arc-x2', 'Intel Arc B580 12GB', 2, 12, 456), 'serving'), 'llama.cpp');
  assert.equal(runtimeFor(machine('rx-7900-xtx-x2', 'AMD Radeon RX 7900 XTX', 2, 24, 960), 'serving'), 'vllm');
});

test('FP8 support by accelerator, as vLLM documents it: W8A8 from compute capability 8.9, weight-only on Turing and Ampere', () => {
  // vLLM docs, features/quantization/fp8: W8A8 on Ada, Hopper, Blackwell and MI300x; W8A16 via FP8 Marlin from 7.5.
  assert.equal(fp8Support(h100), 'w8a8');
  assert.equal(fp8Support(l40s), 'w8a8');
  assert.equal(fp8Support(rtx4090), 'w8a8');
  assert.equal(fp8Support(machine('b200-x8', 'NVIDIA B200', 8, 180, 8000)), 'w8a8');
  assert.equal(fp8Support(machine('rtx-6000-ada', 'NVIDIA RTX 6000 Ada Generation', 1, 48, 960)), 'w8a8');
  assert.equal(fp8Support(mi300x8), 'w8a8');
  assert.equal(fp8Support(a100x8), 'weight_only');
  assert.equal(fp8Support(rtx3090x2), 'weight_only');
  assert.equal(fp8Support(t4), 'weight_only');
  assert.equal(fp8Support(mi250x4), 'none');
  assert.equal(fp8Support(machine('rx-7900-xtx-x2', 'AMD Radeon RX 7900 XTX', 2, 24, 960)), 'none');
  // vLLM's support table: AWQ and GPTQ "no" on AMD GPUs, yes on NVIDIA from Turing.
  assert.equal(int4Support(h100x8), true);
  assert.equal(int4Support(a100x8), true);
  assert.equal(int4Support(t4), true);
  assert.equal(int4Support(mi300x8), false);
});

test('ladders: llama.cpp keeps the GGUF types; vLLM offers FP8 and INT4 W4A16 where supported, never a K-quant', () => {
  assert.deepEqual(ids(rtx4090, 'batch'), ['q8_0', 'q6_k', 'q5_k_m', 'q4_k_m', 'q3_k_m']);
  assert.deepEqual(ids(h100x8, 'batch'), ['fp8_w8a8', 'int4_w4a16']);
  // An A100 is Ampere (compute capability 8.0): the FP8 checkpoint runs weight-only, and is named so.
  assert.deepEqual(ids(a100x8, 'serving'), ['fp8_w8a16', 'int4_w4a16']);
  assert.deepEqual(ids(rtx3090x2, 'serving'), ['fp8_w8a16', 'int4_w4a16']);
  assert.deepEqual(ids(rtx4090x2, 'serving'), ['fp8_w8a8', 'int4_w4a16']);
  // No INT4 kernel on AMD: FP8 only on MI300X; no 8-bit format on MI250, so BF16 is what vLLM serves there.
  assert.deepEqual(ids(mi300x8, 'serving'), ['fp8_w8a8']);
  assert.deepEqual(ids(mi250x4, 'serving'), ['bf16']);
  // BF16 only when asked, as on the GGUF ladder.
  assert.deepEqual(ids(h100x8, 'serving', null, 9), ['bf16']);
  assert.deepEqual(ids(h100x8, 'serving', null, 8), ['fp8_w8a8']);
  // A floor between FP8's 8.24 bits and Q8_0's 8.5 leaves BF16 under vLLM (and Q8_0 under llama.cpp), not an error.
  assert.deepEqual(ids(h100x8, 'serving', null, 8.3), ['bf16']);
  assert.deepEqual(ids(rtx4090, 'serving', null, 8.3), ['q8_0']);
  // Native formats: DeepSeek's FP8 and below it INT4; Kimi's INT4 alone (INT4 W4A16 would re-quantize the shipped
  // INT4); gpt-oss's MXFP4 alone.
  assert.deepEqual(ids(h100x8, 'serving', 'fp8'), ['fp8', 'int4_w4a16']);
  assert.deepEqual(ids(h100x8, 'serving', 'int4'), ['int4']);
  assert.deepEqual(ids(h100x8, 'serving', 'mxfp4'), ['mxfp4']);
  for (const h of [h100, h100x8, a100x8, mi300x8, mi250x4, rtx4090x2, rtx3090x2, l40s, t4]) {
    for (const native of [null, 'fp8', 'int4', 'mxfp4', 'bf16']) {
      const got = ids(h, 'serving', native);
      assert.ok(!got.some((id) => GGUF.has(id)), `${h.id} ${native}: ${got}`);
    }
  }
});

// meta-llama/Llama-3.1-70B: 70,553,706,496 parameters (Hugging Face), 80 layers, 8 KV heads x 128 (config.json).
const llama70b: Model = {
  id: 'llama-3.1-70b', vendor: 'meta', name: f('Llama 3.1 70B'), aliases: [], variants: [], capabilities: {}, open_weights: f(true),
  parameters_total: f(70_553_706_496),
  architecture: f<Architecture>({ layers: 80, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/Llama-3.1-70B' }),
  context_window: f(131072),
};
const ok = (r: ReturnType<typeof fitModel>) => {
  assert.equal(r.assessable, true);
  return r as FitAssessed;
};

test('Llama-3.1-70B on one H100 served by vLLM: FP8 fits tightly (72.67 GB of weights), so INT4 W4A16 is chosen', () => {
  // By hand: FP8 W8A8 weights 70.5537e9 x 8.24 / 8 = 72.670 GB; KV at 8,192 tokens 2 x 80 x 8 x 128 x 8,192 x 2 B =
  // 2.684 GB; overhead 0.75 GB: 76.10 GB of 80 x 2^30 x 0.95 = 81.60 GB usable (93.3%): tight. INT4 W4A16:
  // 70.5537e9 x 4.51 / 8 = 39.775 GB + 2.684 + 0.75 = 43.21 GB (53%): comfortable, chosen (comfortable at 4 bits or
  // more before tight).
  const r = ok(fitModel(llama70b, h100, { context: 8192, concurrency: 1, figure: 'serving' }));
  assert.equal(r.quantization, 'int4_w4a16');
  assert.equal(r.fit, 'comfortable');
  assert.ok(Math.abs(r.memory.total_gb - 43.21) < 0.02, `${r.memory.total_gb}`);
  const fp8 = r.by_quantization.find((q) => q.quantization === 'fp8_w8a8')!;
  assert.equal(fp8.memory_fit, 'tight');
  assert.ok(Math.abs(fp8.weights_gb - 72.67) < 0.01, `${fp8.weights_gb}`);
  assert.ok(Math.abs(fp8.total_gb - 76.1) < 0.02, `${fp8.total_gb}`);
  assert.match(r.quantization_rule, /vLLM\/SGLang's formats/);
  // At batch 1 the same card is quoted with llama.cpp: a GGUF type (Q4_K_M: 43.13 + 2.684 + 0.75 = 46.56 GB).
  const b = ok(fitModel(llama70b, h100, { context: 8192, concurrency: 1 }));
  assert.ok(GGUF.has(b.quantization!), `${b.quantization}`);
});

test('Llama-3.1-70B on 8 x H100 (tensor parallel, vLLM): FP8 W8A8 fits comfortably, and a K-quant is taken only as asked', () => {
  // 72.670 + 2.684 + 8 x 0.75 = 81.35 GB of 8 x 81.60 = 652.83 GB: comfortable.
  const r = ok(fitModel(llama70b, h100x8, { context: 8192, concurrency: 1 }));
  assert.equal(r.quantization, 'fp8_w8a8');
  assert.ok(Math.abs(r.memory.total_gb - 81.35) < 0.02, `${r.memory.total_gb}`);
  assert.deepEqual(r.by_quantization.map((q) => q.quantization), ['fp8_w8a8', 'int4_w4a16']);
  const asked = ok(fitModel(llama70b, h100x8, { context: 8192, concurrency: 1, quantization: 'q4_k_m' }));
  assert.equal(asked.quantization, 'q4_k_m');
  assert.match(asked.quantization_rule, /Q4_K_M as asked \(a llama\.cpp GGUF type; this figure assumes vLLM\/SGLang/);
});

test('On Ampere the FP8 checkpoint is FP8 weight-only (W8A16): the W8A8 bytes, never labelled W8A8', () => {
  // vLLM docs, features/quantization/fp8: "FP8 models will run on compute capability >= 7.5 (Turing) as weight-only
  // W8A16, utilizing FP8 Marlin". Two RTX 3090s serving (split by layer, so vLLM's figure): the same 8.24 bits as
  // W8A8, so Llama-3.1-70B's weights are 70.5537e9 x 8.24 / 8 = 72.670 GB, as on an H100 above.
  const r = ok(fitModel(llama70b, rtx3090x2, { context: 8192, concurrency: 8, figure: 'serving' }));
  const labels = r.by_quantization.map((q) => q.quantization);
  assert.ok(!labels.includes('fp8_w8a8'), `${labels}`);
  const w8a16 = r.by_quantization.find((q) => q.quantization === 'fp8_w8a16')!;
  assert.ok(Math.abs(w8a16.weights_gb - 72.67) < 0.01, `${w8a16.weights_gb}`);
  assert.match(r.quantization_rule, /FP8 weight-only \(W8A16, FP8 Marlin: no FP8 tensor cores\)/);
  const q = QUANTIZATIONS.find((x) => x.id === 'fp8_w8a16')!;
  assert.equal(q.name, 'FP8 weight-only (W8A16)');
  assert.equal(q.bits_per_weight, QUANTIZATIONS.find((x) => x.id === 'fp8_w8a8')!.bits_per_weight);
  // Asked by the other name, the format is taken as asked and the rule says what the card runs.
  const asked = ok(fitModel(llama70b, rtx3090x2, { context: 8192, concurrency: 8, figure: 'serving', quantization: 'fp8_w8a8' }));
  assert.match(asked.quantization_rule, /weight-only here \(fp8_w8a16: no FP8 tensor cores\), the same bytes/);
});

test('servingComputeShare: half on a GeForce card under vLLM, whole under llama.cpp and on other classes', () => {
  // NVIDIA's Ada whitepaper: RTX 4090 330.3 dense TFLOPS with FP16 accumulate, 165.2 with FP32; workstation parts both full.
  const geforce = { accelerator: 'NVIDIA GeForce RTX 4090' } as Hardware;
  const ada = { accelerator: 'NVIDIA RTX 6000 Ada' } as Hardware;
  assert.equal(servingComputeShare(geforce, 'vllm'), 0.5);
  assert.equal(servingComputeShare(geforce, 'llama.cpp'), 1);
  assert.equal(servingComputeShare(ada, 'vllm'), 1);
});
