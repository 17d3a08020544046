// Tests of the memory model against llama.cpp's published sizes and the textbook KV-cache figure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { Architecture, Hardware } from '../schema/index.ts';
import { GB, GIB, QUANTIZATIONS, type QuantizationId } from './constants.ts';
import {
  activeBitsWords, activeWeightsBytes, aggregateBandwidth, kvCacheBytes, memoryNeeded, overheadBytes, splitNote, usableBytes, weightsBytes,
} from './memory.ts';

const q = (id: QuantizationId) => QUANTIZATIONS.find((x) => x.id === id)!;
const f = <T>(value: T) => ({ value, as_of: '2026-05-12', source: 'test' });

// Parameter counts of meta-llama/Llama-3.1-{8B,70B,405B} as the llmfit snapshot of Hugging Face gives them
// (sources/llmfit-hf-models/hf_models-2026-05-12.json, `parameters_raw`); the last test re-reads them there.
const LLAMA_31 = { '8b': 8_030_261_248, '70b': 70_553_706_496, '405b': 405_853_388_800 };

/** Relative error of `actual` against `expected`. */
const rel = (actual: number, expected: number) => Math.abs(actual - expected) / expected;

const gqa = (over: Partial<Architecture> = {}): Architecture => ({
  layers: 32,
  kv_heads: 8,
  head_dim: 128,
  attention: 'gqa',
  hf_repo: 'test/model',
  ...over,
});

test('Llama-3.1-8B weights match llama.cpp: Q4_K_M 4.58 GiB and Q8_0 7.95 GiB within 0.5%', () => {
  const q4 = weightsBytes(LLAMA_31['8b'], q('q4_k_m')) / GIB;
  const q8 = weightsBytes(LLAMA_31['8b'], q('q8_0')) / GIB;
  assert.ok(rel(q4, 4.58) < 0.005, `Q4_K_M ${q4} GiB`);
  assert.ok(rel(q8, 7.95) < 0.005, `Q8_0 ${q8} GiB`);
});

test('Llama-3.1-70B Q4_K_M is about 43.1 GB and 405B about 249.1 GB (llama.cpp), within 0.5%', () => {
  const b70 = weightsBytes(LLAMA_31['70b'], q('q4_k_m')) / GB;
  const b405 = weightsBytes(LLAMA_31['405b'], q('q4_k_m')) / GB;
  assert.ok(rel(b70, 43.1) < 0.005, `70B ${b70} GB`);
  assert.ok(rel(b405, 249.1) < 0.005, `405B ${b405} GB`);
});

test('KV cache of Llama-2-7B at 2,048 tokens in FP16 is 1.07 GB (32 layers x 32 KV heads x 128)', () => {
  const kv = kvCacheBytes(gqa({ attention: 'full', kv_heads: 32 }), 2048, 1);
  assert.equal(kv, 2 * 32 * 32 * 128 * 2048 * 2);
  assert.equal(Math.round((kv / GB) * 100) / 100, 1.07);
});

test('GQA shrinks the cache by the KV-head ratio, and concurrency multiplies it', () => {
  const full = kvCacheBytes(gqa({ kv_heads: 32 }), 4096, 1);
  assert.equal(kvCacheBytes(gqa({ kv_heads: 8 }), 4096, 1), full / 4);
  assert.equal(kvCacheBytes(gqa(), 4096, 3), 3 * kvCacheBytes(gqa(), 4096, 1));
});

test('MLA caches kv_lora_rank + rope_dim per layer per token, not per head (DeepSeek-V3: 61 x 576 values)', () => {
  const mla = gqa({ attention: 'mla', layers: 61, kv_heads: 128, head_dim: 128, kv_lora_rank: 512, rope_dim: 64 });
  assert.equal(kvCacheBytes(mla, 1000, 1), 61 * (512 + 64) * 2 * 1000);
  // Far below what 128 full heads would need: the reason MLA is modelled apart.
  assert.ok(kvCacheBytes(mla, 1000, 1) * 50 < kvCacheBytes({ ...mla, attention: 'gqa' }, 1000, 1));
});

test('sliding-window layers stop growing at the window; the other layers keep growing', () => {
  const swa = gqa({ attention: 'sliding', layers: 10, sliding_layers: 8, sliding_window: 1024 });
  const perTokenLayer = 2 * 8 * 128 * 2;
  assert.equal(kvCacheBytes(swa, 512, 1), perTokenLayer * 10 * 512);
  assert.equal(kvCacheBytes(swa, 8192, 1), perTokenLayer * (2 * 8192 + 8 * 1024));
  assert.equal(kvCacheBytes(swa, 16384, 1) - kvCacheBytes(swa, 8192, 1), perTokenLayer * 2 * 8192);
});

test('overhead is 0.75 GB of compute buffers per accelerator, whatever the size of the model', () => {
  assert.equal(overheadBytes(1), 0.75 * GB);
  assert.equal(overheadBytes(4), 3 * GB);
  const at = { architecture: gqa(), quantization: q('q4_k_m'), context: 1024, concurrency: 1, devices: 1 };
  assert.equal(memoryNeeded({ ...at, parameters_total: 1e9 }).overhead, memoryNeeded({ ...at, parameters_total: 70e9 }).overhead);
  const need = memoryNeeded({ parameters_total: 1e9, architecture: gqa(), quantization: q('bf16'), context: 1024, concurrency: 1, devices: 1 });
  assert.equal(need.total, need.weights + need.kv_cache + need.overhead);
  assert.equal(need.weights, 2e9);
});

const hw = (over: Partial<Hardware> = {}): Hardware => ({
  id: 'h',
  name: 'H',
  class: 'server',
  accelerator: 'H100 80GB',
  count: 1,
  unified_memory: false,
  memory_gb: f(80),
  usable_fraction: f(0.95),
  bandwidth_gbs: f(3350),
  ...over,
});

test('usable memory is memory x usable fraction; unified memory counts only its fraction', () => {
  // A stated "GB" of device memory is a binary GB, 2^30 bytes (GIB): a 128 GB Mac at 0.75 offers 128 x 0.75 = 96 GiB
  // = 96 x 1,073,741,824 = 103,079,215,104 bytes (103.08 GB); eight 80 GB H100s at 0.95 offer 640 x 0.95 = 608 GiB
  // = 652,835,028,992 bytes (652.84 GB), not 608e9.
  assert.equal(usableBytes(hw({ unified_memory: true, memory_gb: f(128), usable_fraction: f(0.75) })), 96 * GIB);
  assert.equal(usableBytes(hw({ unified_memory: true, memory_gb: f(128), usable_fraction: f(0.75) })), 103_079_215_104);
  assert.equal(usableBytes(hw({ count: 8, memory_gb: f(640) })), 608 * GIB);
  assert.equal(usableBytes(hw({ count: 8, memory_gb: f(640) })), 652_835_028_992);
});

test('multi-GPU: bandwidth adds up across cards and the split is stated; one card has no split note', () => {
  const node = hw({ count: 4, memory_gb: f(320) });
  assert.equal(aggregateBandwidth(node), 4 * 3350 * GB);
  // A PCIe card (the catalogue names no fabric) is split by layer; an SXM module runs tensor parallel.
  assert.match(splitNote(node) ?? '', /split across 4 x H100 80GB \(by layer, over PCIe\)/);
  assert.match(splitNote(hw({ count: 4, accelerator: 'NVIDIA H100 SXM5 80GB', nvlink: f('switch' as const) })) ?? '', /\(tensor parallel over/);
  assert.equal(splitNote(hw()), null);
});

test('property: a longer context never needs less memory, at any quantization and attention kind', () => {
  const arch = fc.oneof(
    fc.record({
      layers: fc.integer({ min: 1, max: 128 }),
      kv_heads: fc.integer({ min: 1, max: 64 }),
      head_dim: fc.constantFrom(64, 128, 256),
    }).map((a) => gqa(a)),
    fc.record({ window: fc.integer({ min: 128, max: 32768 }), sliding: fc.integer({ min: 0, max: 40 }) }).map((a) =>
      gqa({ attention: 'sliding', layers: 40, sliding_window: a.window, sliding_layers: a.sliding }),
    ),
    fc.constant(gqa({ attention: 'mla', layers: 61, kv_lora_rank: 512, rope_dim: 64 })),
  );
  fc.assert(
    fc.property(
      arch,
      fc.integer({ min: 512, max: 1_048_576 }),
      fc.integer({ min: 0, max: 100_000 }),
      fc.integer({ min: 1, max: 256 }),
      fc.constantFrom(...QUANTIZATIONS),
      (architecture, context, extra, concurrency, quantization) => {
        const base = { parameters_total: 7e9, architecture, quantization, concurrency, devices: 1 };
        const shorter = memoryNeeded({ ...base, context });
        const longer = memoryNeeded({ ...base, context: context + extra });
        return longer.total >= shorter.total && longer.kv_cache >= shorter.kv_cache;
      },
    ),
  );
});

// The snapshot sits beside the project as ../shared/data; resolve it from the project root, not from cwd.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data');
const hfModels = path.join(root, 'sources/llmfit-hf-models/hf_models-2026-05-12.json');

test('real snapshot: the Llama 3.1 parameter counts the reference tests use are the ones Hugging Face publishes', { skip: !existsSync(hfModels) }, () => {
  const rows = JSON.parse(readFileSync(hfModels, 'utf8')) as Array<{ name: string; parameters_raw: number | null }>;
  const count = (name: string) => rows.find((r) => r.name === name)?.parameters_raw;
  assert.equal(count('meta-llama/Llama-3.1-8B'), LLAMA_31['8b']);
  assert.equal(count('meta-llama/Llama-3.1-70B'), LLAMA_31['70b']);
  assert.equal(count('meta-llama/Llama-3.1-405B'), LLAMA_31['405b']);
});

test('KV cache per layer: MLA caches kv_lora_rank + rope_dim values per layer (DeepSeek-V3: 61 x 576 x 2 bytes a token)', () => {
  // deepseek-ai/DeepSeek-V3 config.json: num_hidden_layers 61, kv_lora_rank 512, qk_rope_head_dim 64.
  const mla: Architecture = { layers: 61, kv_heads: 128, head_dim: 128, attention: 'mla', kv_lora_rank: 512, rope_dim: 64, hf_repo: 'deepseek-ai/DeepSeek-V3' };
  assert.equal(kvCacheBytes(mla, 1, 1), 61 * 576 * 2);
  assert.equal(kvCacheBytes(mla, 8192, 2), 61 * 576 * 2 * 8192 * 2);
});

test('KV cache per layer: sliding layers hold min(window, context), global layers the whole context (gpt-oss-120b)', () => {
  // openai/gpt-oss-120b config.json: 36 layers alternating sliding (window 128) and full; 8 KV heads x 64.
  const oss: Architecture = { layers: 36, kv_heads: 8, head_dim: 64, attention: 'sliding', sliding_window: 128, sliding_layers: 18, hf_repo: 'openai/gpt-oss-120b' };
  const perLayerToken = 2 * 8 * 64 * 2; // K and V, F16: 2,048 bytes
  assert.equal(kvCacheBytes(oss, 8192, 1), 18 * perLayerToken * 8192 + 18 * perLayerToken * 128);
  assert.equal(kvCacheBytes(oss, 100, 1), 36 * perLayerToken * 100, 'below the window every layer holds the context');
});

test('KV cache per layer: global layers with their own geometry (Gemma-style num_global_key_value_heads, global_head_dim)', () => {
  // A Gemma-style fixture: 60 layers, 50 sliding (window 1024, 16 KV heads x 256), 10 global (4 KV heads x 512).
  const arch = { layers: 60, kv_heads: 16, head_dim: 256, attention: 'sliding', sliding_window: 1024, sliding_layers: 50, global_kv_heads: 4, global_head_dim: 512, hf_repo: 'test/gemma-style' } as Architecture;
  const sliding = 50 * 2 * 16 * 256 * 1024 * 2; // 0.839 GB
  const global = 10 * 2 * 4 * 512 * 8192 * 2; // 0.671 GB
  assert.equal(kvCacheBytes(arch, 8192, 1), sliding + global);
  // The flat reading (every layer 16 x 256 at the full context) is 8.05 GB: 5.3 times as much.
  const flat = kvCacheBytes(gqa({ layers: 60, kv_heads: 16, head_dim: 256 }), 8192, 1);
  assert.ok(flat / (sliding + global) > 5, `${flat / (sliding + global)}`);
});

test('KV cache per layer: a hybrid model caches only its kv_layers (the others keep a fixed-size state)', () => {
  // Qwen3-Next-style: 48 layers of which 12 are full attention.
  const hybrid = { ...gqa({ layers: 48, kv_heads: 2, head_dim: 256 }), kv_layers: 12 } as Architecture;
  assert.equal(kvCacheBytes(hybrid, 4096, 1), 12 * 2 * 2 * 256 * 4096 * 2);
  assert.equal(kvCacheBytes(hybrid, 4096, 1) * 4, kvCacheBytes(gqa({ layers: 48, kv_heads: 2, head_dim: 256 }), 4096, 1));
});

test('KV cache types: Q8_0 is 34/32 bytes and Q4_0 18/32 bytes per value (ggml block_q8_0, block_q4_0)', () => {
  const a = gqa();
  const f16 = kvCacheBytes(a, 8192, 1);
  assert.equal(kvCacheBytes(a, 8192, 1, 'q8_0'), (f16 / 2) * (34 / 32));
  assert.equal(kvCacheBytes(a, 8192, 1, 'q4_0'), (f16 / 2) * (18 / 32));
});

test('a token of gpt-oss reads its attention and head at 8 bits: MXFP4 active bytes are not the file\'s average', () => {
  // OpenAI's gpt-oss model card: gpt-oss-120b's 5.13B active are 3.585B of routed experts (MXFP4, 4.25 bits) and 1.545B
  // of attention and output head (Q8_0 in llama.cpp's GGUF, 8.5 bits): 3.585e9 x 4.25 / 8 + 1.545e9 x 8.5 / 8 = 1.905 +
  // 1.642 = 3.546 GB a token. The file's 4.47 bits would say 2.866 GB, the 0.81x that read gpt-oss on a DGX Spark at
  // 1.16-1.19x of llama.cpp's tg32. The resident weights stay at the file's average (116.83e9 x 4.47 / 8 = 65.28 GB).
  const mxfp4 = QUANTIZATIONS.find((q) => q.id === 'mxfp4')!;
  assert.ok(Math.abs(activeWeightsBytes(5.13e9, mxfp4) / GB - 3.546) < 0.005, `${activeWeightsBytes(5.13e9, mxfp4)}`);
  assert.ok(Math.abs(weightsBytes(116.83e9, mxfp4) / GB - 65.28) < 0.01);
  assert.match(activeBitsWords(mxfp4), /^a token reads its active parameters at 5\.53 bits, not the file's 4\.47: /);
  // Formats that quantize every block linear alike read their active parameters at the file's average, and say nothing.
  const q4 = QUANTIZATIONS.find((q) => q.id === 'q4_k_m')!;
  assert.equal(activeWeightsBytes(8e9, q4), weightsBytes(8e9, q4));
  assert.equal(activeBitsWords(q4), '');
});

test('a token of Kimi K2 Thinking reads its attention, shared expert and head in BF16: INT4 active bytes are 8.33 bits', () => {
  // Kimi K2's config.json: 8 of 384 routed experts of 3 x 7,168 x 2,048 in 60 layers = 480 x 44,040,192 = 21.139B read
  // at INT4 with a BF16 scale per 32 (4.5 bits); the rest a token reads, left BF16 by the checkpoint's
  // quantization_config (ignore: lm_head, self_attn, shared_experts, the dense MLP): attention 61 x 101,122,048 =
  // 6.168B, shared experts 60 x 44,040,192 = 2.642B, dense MLP 3 x 7,168 x 18,432 = 0.396B, routers 60 x 384 x 7,168 =
  // 0.165B, output head 163,840 x 7,168 = 1.174B: 10.547B at 16 bits. 21.139e9 x 4.5 / 8 + 10.547e9 x 2 = 11.891 +
  // 21.094 = 32.985 GB for 31.686B read, 8.33 bits a parameter; the card's 32B at 8.33 bits = 33.32 GB a token, where
  // the file's 4.63 said 18.52 GB. The resident weights stay at the file's average (1,026.4B x 4.63 / 8 = 594.0 GB).
  const int4 = QUANTIZATIONS.find((q) => q.id === 'int4')!;
  assert.ok(Math.abs(activeWeightsBytes(32e9, int4) / GB - 33.32) < 0.005, `${activeWeightsBytes(32e9, int4)}`);
  assert.ok(Math.abs(weightsBytes(1026.4e9, int4) / GB - 594.0) < 0.05);
  assert.match(activeBitsWords(int4), /^a token reads its active parameters at 8\.33 bits, not the file's 4\.63: Kimi K2/);
});

test("a GGUF type's weights leave out a multi-token-prediction module llama.cpp never holds; a vLLM format keeps the total", () => {
  // Qwen3-Next-80B-A3B (data/curated/model-architecture.csv): 81,324,862,720 parameters in the checkpoint, 1,650,471,424
  // of them its MTP module, which llama.cpp's converter drops: 79,674,391,296 held. At Q3_K_M (3.9 bits):
  // 79,674,391,296 x 3.9 / 8 = 38.8413e9 bytes (39.6459e9 with the module counted).
  const arch = gqa({ layers: 48, mtp_parameters: 1_650_471_424 });
  const at = (id: QuantizationId) =>
    memoryNeeded({ parameters_total: 81_324_862_720, architecture: arch, quantization: q(id), context: 4096, concurrency: 1, devices: 1 }).weights;
  assert.ok(Math.abs(at('q3_k_m') - 38.8413e9) < 1e5, String(at('q3_k_m')));
  // FP8 W8A8 is a vLLM format (8.24 bits): the whole 81,324,862,720 x 8.24 / 8 = 83.7646e9 bytes, the safe side.
  assert.ok(Math.abs(at('fp8_w8a8') - 83.7646e9) < 1e5, String(at('fp8_w8a8')));
  // A model with no module counts its total as before.
  const none = memoryNeeded({
    parameters_total: 81_324_862_720, architecture: gqa({ layers: 48 }), quantization: q('q3_k_m'), context: 4096, concurrency: 1, devices: 1,
  });
  assert.ok(Math.abs(none.weights - 39.6459e9) < 1e5, String(none.weights));
});
