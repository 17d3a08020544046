// Tests of the models_for_hardware answer's shape: lines shared by every entry stated once, each figure still workable.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { KV_READ_EFFICIENCY, SERVING_KV_READ_EFFICIENCY } from '../engines/constants.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { aDataset, aHardware, aModel, f } from '../dataset/fixtures.ts';
import type { Architecture } from '../schema/index.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

type J = Record<string, any>;
const ctx = { today: '2026-10-01' };
const run = (ds: Dataset, input: Record<string, unknown>) => models_for_hardware.handler(ds, models_for_hardware.input.parse(input), ctx) as J;

// Llama 3.1 8B as Hugging Face gives it: 8,030,261,248 parameters, 32 layers of 8 KV heads x 128.
const llama8b = aModel({
  id: 'llama-8b', open_weights: f(true), parameters_total: f(8_030_261_248), context_window: f(131072),
  architecture: f<Architecture>({ layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/test' }),
});
// openai/gpt-oss-120b (model card, config.json): 116.83B parameters, 5.13B active, 36 layers, shipped in MXFP4.
const gptOss = aModel({
  id: 'gpt-oss-120b', open_weights: f(true), parameters_total: f(116_830_000_000), parameters_active: f(5_130_000_000),
  architecture: f<Architecture>({
    layers: 36, kv_heads: 8, head_dim: 64, attention: 'sliding', sliding_window: 128, sliding_layers: 18, hf_repo: 'openai/gpt-oss-120b',
  }),
  context_window: f(131072), native_precision: f('mxfp4' as const),
});
const noArch = (id: string) => aModel({ id, open_weights: f(true), parameters_total: f(7e9) });
const ds = aDataset({
  models: [llama8b, gptOss, noArch('no-arch-b'), noArch('no-arch-a'), aModel({ id: 'no-params', open_weights: f(true) })],
  hardware: [
    aHardware({ id: 'card-16', memory_gb: f(16), bandwidth_gbs: f(288) }),
    aHardware({ id: 'card-80', memory_gb: f(80), bandwidth_gbs: f(3350), compute_tflops: f(989.4) }),
  ],
});

test('an entry derives from its model\'s own facts and sums; the configuration and the method are stated once', () => {
  const out = run(ds, { hardware_id: 'card-16' });
  const e = out.items.find((i: J) => i.model.id === 'llama-8b');
  // The fixture's rows (test-source, 2026-08-01), the Q8_0 weights line (8.5 bits, llama.cpp's quantize table) and the
  // KV cache of 32 full GQA layers: nothing about card-16, the overhead, the fit levels or the decode method.
  assert.deepEqual(e.derived_from, [
    'parameters_total = 8030261248 (test-source, 2026-08-01)',
    'parameters_active: not in the dataset, parameters_total used (exact for a dense model; for a mixture of experts whose ' +
      'active count no source gives, decode speed is the dense lower bound)',
    'architecture = gqa, 32 layers, 8 KV heads x 128 (meta-llama/test) (test-source, 2026-08-01)',
    'context_window = 131072 (test-source, 2026-08-01)',
    'weights Q8_0 = parameters x 8.5 bits per weight / 8, an estimate (llama.cpp tools/quantize, Llama-3.1-8B: 8.5008); no ' +
      'published file size for this model in data/curated/gguf-file-sizes.csv',
    'KV cache F16 (2 bytes per value), gqa: 32 layers hold the context',
  ]);
  // What left the entry is in the top level, once: the card's facts with their dates, the overhead, the fit levels.
  assert.equal(out.hardware.memory_gb.value, 16);
  assert.equal(out.hardware.memory_gb.as_of, '2026-08-01');
  assert.equal(out.hardware.bandwidth_gbs.value, 288);
  assert.ok(out.assumptions.some((s: string) => s.startsWith('overhead = 0.75 GB per accelerator')));
  assert.ok(out.assumptions.some((s: string) => s.startsWith('fit: comfortable when the total is at most 85% of usable memory')));
  // No compute figure for card-16: the basis and the configuration's speed line say prefill is not estimated.
  assert.equal(e.speed.basis, 'Q8_0 weights; 32 layers; prefill not estimated');
  assert.equal(e.speed.prefill_tokens_per_s, null);
  assert.match(out.assumptions.at(-1), /^speed on this configuration: .* one card's memory bandwidth .* prefill not estimated/);
});

test('the quantization rule is the answer\'s; a model shipped in a native format states its own', () => {
  const out = run(ds, { hardware_id: 'card-80' });
  const byId = new Map(out.items.map((i: J) => [i.model.id, i]));
  // quantization.ts: the default ladder's rule, capped at Q8_0.
  assert.match(out.quantization_rule, /^the highest precision that fits, up to Q8_0/);
  // Each entry keeps its rule (the API only grows): the answer's, for a model without a native format.
  assert.equal((byId.get('llama-8b') as J).quantization_rule, out.quantization_rule);
  const oss = byId.get('gpt-oss-120b') as J;
  assert.equal(oss.quantization, 'mxfp4');
  assert.match(oss.quantization_rule, /^the model ships MXFP4 weights, so MXFP4 is the highest precision offered/);
  // 5.13B active of 116.83B: a mixture of experts, so its prefill runs at the MoE efficiency.
  // gpt-oss reads its attention and head at 8 bits (constants.ts, MXFP4's active_bits_per_weight), and its basis says so.
  assert.match(oss.speed.basis, /^MXFP4 weights; 36 layers; mixture-of-experts prefill efficiency; a token reads its active parameters at 5\.53 bits, not the file's 4\.47: /);
  assert.equal((byId.get('llama-8b') as J).speed.basis, 'Q8_0 weights; 32 layers; dense prefill efficiency');
});

test('models not assessable: every one, A to Z, with what it lacks, on every page of an ask', () => {
  const first = run(ds, { hardware_id: 'card-80', limit: 1 });
  assert.equal(first.not_assessable.count, 3);
  assert.deepEqual(first.not_assessable.models, [
    { model_id: 'no-arch-a', missing: ['architecture'] },
    { model_id: 'no-arch-b', missing: ['architecture'] },
    { model_id: 'no-params', missing: ['parameters_total', 'architecture'] },
  ]);
  const second = run(ds, { hardware_id: 'card-80', limit: 1, cursor: first.page.next_cursor });
  assert.deepEqual(second.not_assessable, first.not_assessable);
});

const hasCommitted = existsSync(DEFAULT_DATA_DIR);
let real: Dataset | undefined;
const committed = () => (real ??= committedDataset());

test('committed dataset: every figure of every entry follows from the entry and the answer\'s top level', { skip: !hasCommitted }, () => {
  for (const input of [{ hardware_id: 'rtx-4090', context: 16384 }, { hardware_id: '2x 3090' }, { hardware_id: 'h100-80gb-x8', concurrency: 16 }]) {
    const out = run(committed(), { ...input, limit: 100 });
    const hw = out.hardware;
    const near = (got: number, want: number, tol: number, what: string) =>
      assert.ok(Math.abs(got - want) <= tol, `${input.hardware_id} ${what}: ${got} against ${want} worked out`);
    assert.ok(out.items.length > 10, input.hardware_id);
    for (const e of out.items) {
      const m = e.memory;
      const id = e.model.id;
      // Memory (assumptions: overhead 0.75 GB per accelerator; comfortable <= 85% of usable, tight <= 100%).
      assert.equal(m.usable_gb, hw.usable_memory_gb.value, id);
      near(m.overhead_gb, 0.75 * hw.count, 0.005, `${id} overhead`);
      near(m.total_gb, m.weights_gb + m.kv_cache_gb + m.overhead_gb, 0.015, `${id} total`);
      near(m.headroom_gb, m.usable_gb - m.total_gb, 0.015, `${id} headroom`);
      near(m.used_fraction, m.total_gb / m.usable_gb, 0.0015, `${id} used fraction`);
      assert.equal(e.fit, m.used_fraction <= 0.85 ? 'comfortable' : 'tight', id);
      // Speed (the assumptions' line for this configuration): 1 / (weights / (efficiency x bandwidth) + cache / (the
      // line's KV efficiency x bandwidth) + latency).
      const s = e.speed;
      near(s.bytes_per_token_gb, s.active_weights_gb + s.kv_read_gb, 0.015, `${id} bytes per token`);
      const perToken = s.active_weights_gb / (s.efficiency * s.decode_bandwidth_gbs) +
        s.kv_read_gb / (KV_READ_EFFICIENCY * s.decode_bandwidth_gbs) + s.per_token_latency_ms / 1000;
      // Both byte figures are shown to 0.01 GB: each may be 0.005 GB off, which moves the time by at most this.
      const rounding = 0.005 / (s.efficiency * s.decode_bandwidth_gbs) + 0.005 / (KV_READ_EFFICIENCY * s.decode_bandwidth_gbs);
      near(s.tokens_per_s, 1 / perToken, (rounding / perToken) * s.tokens_per_s + 0.05, `${id} tokens/s`);
      // Prefill: efficiency x compute (one card's under a layer split) / (2 x active parameters); TTFT = context / prefill.
      // The efficiency is shown to 2 decimals (a MoE model on a data-centre card: 0.19 x 0.83 = 0.1577, shown 0.16), so
      // the figure is workable to within half a unit of that last decimal: 3.2% at 0.16.
      const cards = s.split === 'layer' ? 1 : hw.count;
      near(s.prefill_tokens_per_s, (s.prefill_efficiency * hw.compute_tflops.value * 1e12 * cards) / (2 * s.active_parameters),
        (0.005 / s.prefill_efficiency) * s.prefill_tokens_per_s + 1, `${id} prefill`);
      // TTFT = context / prefill + the prompt's attention: 4 x query heads x head_dim FLOPs per full-attention layer
      // per earlier token, context^2 / 2 positions in all (window layers: w^2 / 2 + w x (context - w)), at the share
      // llama.cpp's attention kernels reach for the layer's head width (docs/hardware-and-cost.md, fitted on the DGX Spark
      // depth runs: 64 wide 0.27, 128 wide 0.58, 256 or wider 0.21, other widths the dense 0.42) x the class's share (1
      // on a GeForce card, 0.72 on a data-centre one) of the compute the prefill reads.
      const arch = committed().modelById.get(id)!.architecture!.value;
      const full = arch.attention === 'hybrid' && arch.kv_layers !== undefined ? arch.kv_layers
        : arch.layers - (arch.attention === 'sliding' ? arch.sliding_layers ?? 0 : 0);
      const heads = arch.attention_heads ?? arch.hidden_size! / arch.head_dim;
      const w = Math.min(out.context, arch.sliding_window ?? 0);
      const slidingLayers = arch.attention === 'sliding' ? arch.sliding_layers ?? 0 : 0;
      const share = (dim: number) => (dim <= 64 ? 0.27 : dim === 128 ? 0.58 : dim >= 256 ? 0.21 : 0.42);
      const globalDim = arch.global_head_dim ?? arch.head_dim;
      const fullShare = arch.attention === 'mla' ? 0.42 : share(globalDim);
      const factor = /GeForce/.test(hw.accelerator) ? 1 : 0.72;
      const flops = factor * hw.compute_tflops.value * 1e12 * cards;
      // MLA (GLM-4.7-Flash, DeepSeek V3) as prefill runs it, the latent expanded into heads: scores over head_dim +
      // rope_dim, values over head_dim, 2 FLOPs a multiply-add each.
      const perHead = arch.attention === 'mla' && arch.rope_dim !== undefined ? 2 * (arch.head_dim + arch.rope_dim) + 2 * arch.head_dim
        : 4 * globalDim;
      const attentionSeconds = heads * perHead * full * out.context ** 2 / 2 / (fullShare * flops) +
        4 * heads * arch.head_dim * slidingLayers * (w * w / 2 + w * (out.context - w)) / (share(arch.head_dim) * flops);
      near(s.time_to_first_token_s, out.context / s.prefill_tokens_per_s + attentionSeconds,
        0.006 + 0.001 * s.time_to_first_token_s, `${id} ttft`);
      // The layers the per-token floor counts: 45 us each (+ 19 us of all-reduces under tensor parallelism; + 0.21 ms per
      // hand-off between cards split by layer), as the assumptions' speed line says.
      const layers = Number(/; (\d+) layers;/.exec(s.basis)![1]);
      const perLayer = s.split === 'tensor' ? 0.045 + 0.019 : 0.045;
      // A hybrid model's recurrent layers and an MLA mixture of experts split tensor parallel: the per-layer time the
      // entry's basis names, times the layers it names. Which time applies (61 us, 113 us on Ampere; 69 us for MLA under
      // tensor parallelism) is not chosen here: the literal figures of the test below pin it, worked by hand.
      // A time the basis says holds "when split tensor parallel" counts only on such a split.
      const extra = /; (\d+) (?:linear-attention \(Gated DeltaNet\)|Mamba-2 state-space|lightning-attention \(linear attention\)|MLA mixture-of-experts) layers x (\d+\.\d+) ms( when split tensor parallel)?/.exec(s.basis);
      const added = extra && (extra[3] === undefined || s.split === 'tensor') ? Number(extra[1]) * Number(extra[2]) : 0;
      near(s.per_token_latency_ms, layers * perLayer + added + (s.split === 'layer' ? (hw.count - 1) * 0.21 : 0), 0.0015, `${id} latency`);
      // The model's architecture line names the same layer count.
      assert.ok(e.derived_from.some((d: string) => d.startsWith('architecture = ') && d.includes(`${layers} layers`)), id);
      assert.ok(!e.derived_from.some((d: string) => d.startsWith(`${hw.id}.`)), `${id}: a configuration fact repeated`);
    }
  }
});

test('committed dataset: the per-token floor of a hybrid and an MLA model, on Ampere, Ada and Hopper, worked by hand', { skip: !hasCommitted }, () => {
  // Each figure by hand from the published rows behind the per-layer times (constants-step.ts): 45 us a layer; 19 us of
  // all-reduces a layer under tensor parallelism (TensorRT-LLM, gpt-oss-120b on 8 x B200 at batch 1); 0.21 ms a hand-off
  // between two cards split by layer; 61 us a Gated DeltaNet layer, 113 us on an Ampere card (two June 2026 RTX 3090
  // runs of Qwen3.5/3.6-35B-A3B, 123 and 105 us a layer, their minimax); 69 us an MLA mixture-of-experts layer under tensor
  // parallelism (TensorRT-LLM's DeepSeek-R1 on 8 x B200, 133 us a layer, less gpt-oss-120b's 64 us).
  const latency = (input: object, id: string) =>
    run(committed(), { ...input, limit: 100 }).items.find((e: J) => e.model.id === id)!.speed.per_token_latency_ms as number;
  const near = (got: number, want: number, what: string) => assert.ok(Math.abs(got - want) < 1e-9, `${what}: ${got} against ${want}`);
  // Qwen3.5-35B-A3B on one RTX 4090 (Ada): 40 layers x 0.045 + 30 Gated DeltaNet layers x 0.061 = 1.8 + 1.83 = 3.63 ms.
  near(latency({ hardware_id: 'rtx-4090', context: 16384 }, 'qwen3.5-35b-a3b'), 3.63, 'qwen3.5-35b-a3b on an RTX 4090');
  // Qwen3-Next-80B-A3B on two RTX 3090s (Ampere), split by layer: 48 x 0.045 + 36 x 0.113 + 1 hand-off x 0.21
  // = 2.16 + 4.068 + 0.21 = 6.438 ms.
  near(latency({ hardware_id: '2x 3090' }, 'qwen3-next-80b-a3b-instruct'), 6.438, 'qwen3-next on 2 x RTX 3090');
  // GLM-4.7-Flash (MLA) on the same pair: split by layer, so no MLA term: 47 x 0.045 + 0.21 = 2.115 + 0.21 = 2.325 ms.
  near(latency({ hardware_id: '2x 3090' }, 'glm-4.7-flash'), 2.325, 'glm-4.7-flash on 2 x RTX 3090');
  // DeepSeek-V3 on 8 x H100, tensor parallel: 61 x (0.045 + 0.019 + 0.069) = 61 x 0.133 = 8.113 ms.
  near(latency({ hardware_id: 'h100-80gb-x8', concurrency: 16 }, 'deepseek-v3'), 8.113, 'deepseek-v3 on 8 x H100');
  // Qwen3-Next-80B-A3B on 8 x H100 (Hopper, not Ampere): 48 x (0.045 + 0.019) + 36 x 0.061 = 3.072 + 2.196 = 5.268 ms.
  near(latency({ hardware_id: 'h100-80gb-x8', concurrency: 16 }, 'qwen3-next-80b-a3b-instruct'), 5.268, 'qwen3-next on 8 x H100');
});

test('the speed line says what the figures are: batch 1 at concurrency 1, each user and the total above it', () => {
  // Concurrency 1 keeps its words: card-16 is one card (288 GB/s) with no compute figure.
  assert.equal(
    run(ds, { hardware_id: 'card-16' }).assumptions.at(-1),
    'speed on this configuration: decode at batch 1 reads each model\'s active weights at its quantization + the KV cache of ' +
      'one sequence at 8192 tokens at 0.67 (weights, speed.efficiency: the share of a runtime with no fitted row of its ' +
      'own: a serving runtime, llama.cpp on ROCm or Vulkan) and 0.82 (KV cache) x one card\'s memory bandwidth ' +
      '(speed.decode_bandwidth_gbs), plus a per-token floor of each model\'s layers x 45 us (kernel launches and small ' +
      'kernels) (a hybrid model adds 0.061 ms a step per recurrent layer, the recurrent_layers its architecture line ' +
      'names (Gated DeltaNet, Mamba-2 or lightning attention, all at the rate fitted on Gated DeltaNet): their ' +
      'recurrent kernels): tokens/s = 1 / (speed.active_weights_gb / (speed.efficiency x speed.decode_bandwidth_gbs) + speed.kv_read_gb / ' +
      '(0.82 x speed.decode_bandwidth_gbs) + speed.per_token_latency_ms / 1000); prefill not estimated: the ' +
      'dataset has no compute (TFLOPS) figure for this hardware',
  );
  // At 16 sequences the line leads with the per-user and total figures and names tokens_per_s for what it is.
  const out = run(ds, { hardware_id: 'card-80', concurrency: 16, quantization: 'q8_0' });
  const line: string = out.assumptions.at(-1);
  assert.match(line, /^speed on this configuration at concurrency 16, 16 sequences decoded together: speed\.at_concurrency gives /);
  assert.match(line, /what each user sees \(tokens_per_s_per_stream\) and the total of the 16 sequences \(tokens_per_s_total\)/);
  assert.match(line, /speed\.tokens_per_s is one sequence decoding alone \(batch 1\) in the same layout/);
  assert.doesNotMatch(line, /decode at batch 1/);
  // The batch's cache at the serving runtime's read efficiency, one sequence alone at the single stream's.
  assert.match(line, /0\.67 \(weights, a batched server's; 0\.67 for one sequence alone, speed\.efficiency\) and 0\.73 \(KV cache, read by a batched server\)/);
  assert.match(line, /step cache bytes \/ \(0\.73 x speed\.decode_bandwidth_gbs\)/);
  assert.match(line, /its cache read at 0\.82 as a single stream: 1 \/ \(.*speed\.kv_read_gb \/ \(0\.82 x /);
  // Worked by hand for Llama 3.1 8B at Q8_0 on card-80 (3,350 GB/s): weights 8,030,261,248 x 8.5 / 8 = 8,532,152,576 B,
  // KV of one sequence at 8,192 tokens 2 x 8 x 128 x 32 x 2 x 8,192 = 1,073,741,824 B. A step of 16 reads
  // the weights at 0.67 x 3,350 GB/s (3.8014 ms) and 16 x 1,073,741,824 B of cache at a batched server's 0.73 x 3,350
  // GB/s (7.0251 ms; 0.69 before the refit with vLLM's memory budget), + 32 x 45 us = 12.2665 ms: 16 / 12.2665 ms =
  // 1,304.4 tokens/s in all, 81.5 per user (1,262.5 and 78.9 at 0.69). Alone, the
  // cache read as a single stream at 0.82: 3.8014 + 0.3909 + 1.44 = 5.6323 ms, 177.5 tokens/s (the test card names no
  // vendor, so its weights are read at 0.67 alone too).
  const e = out.items.find((i: J) => i.model.id === 'llama-8b');
  assert.deepEqual(e.speed.at_concurrency, { concurrency: 16, tokens_per_s_per_stream: 81.5, tokens_per_s_total: 1304.4 });
  assert.equal(e.speed.tokens_per_s, 177.5);
});

test('committed dataset: at concurrency 50 on 4 x L40S each entry\'s per-user and total figures follow the speed line', {
  skip: !hasCommitted,
}, () => {
  const n = 50;
  const out = run(committed(), { hardware_id: 'l40s-x4', concurrency: n, limit: 100 });
  assert.match(out.assumptions.at(-1), /^speed on this configuration at concurrency 50, .* the 4 PCIe cards in tensor parallel/);
  assert.ok(out.items.length > 10);
  for (const e of out.items) {
    const s = e.speed;
    const id = e.model.id;
    // The line: a step reads the weights once for all sequences (a mixture of experts: its shared part once, and of the
    // routed part the share n tokens touch, 1 - (1 - p)^n. With the config's expert geometry one expert is (layers -
    // dense layers) x 3 x hidden x expert width, p = top-k / experts and the shared part active - top-k experts, where
    // that is not negative and all experts are within total / 0.9; otherwise the attention projections,
    // layers x hidden x head_dim x (2 x heads + 2 x KV heads) (none for MLA or hybrid attention), and
    // p = (active - shared) / (total - shared)), at most
    // all of them; all of them is the active weights scaled by total / active parameters and, for MXFP4, by the file's
    // 4.47 bits over the 5.53 a token reads, its attention and head being 8-bit: constants.ts) + n KV caches, at efficiency x
    // bandwidth (the cache at a batched server's KV efficiency), plus the per-token floor; the total at most the compute-bound rate;
    // each user gets total / n.
    const total = Number(/parameters_total = (\d+)/.exec(e.derived_from.join('\n'))![1]);
    const widths = e.quantization === 'mxfp4' ? 4.47 / 5.53 : 1;
    const a = committed().modelById.get(id)!.architecture!.value;
    const active = s.active_parameters;
    const moe = active < 0.9 * total;
    const attention = a.attention === 'mla' || a.attention === 'hybrid' ? 0 : a.layers * a.hidden_size! * a.head_dim * (2 * a.attention_heads! + 2 * a.kv_heads);
    const expert = a.experts && a.experts_per_token && a.moe_intermediate_size && a.hidden_size
      ? (a.layers - (a.dense_layers ?? 0)) * 3 * a.hidden_size * a.moe_intermediate_size : undefined;
    const geometric = expert !== undefined && active - a.experts_per_token! * expert >= 0 && a.experts! * expert <= total / 0.9;
    const shared = geometric ? active - a.experts_per_token! * expert! : Math.min(attention, active / 2);
    const p = geometric ? a.experts_per_token! / a.experts! : (active - shared) / (total - shared);
    const read = moe ? shared / active + ((active - shared) / active / p) * (1 - (1 - p) ** n) : n;
    const weights = Math.min(s.active_weights_gb * (total / active) * widths, s.active_weights_gb * read);
    const step = weights / (s.efficiency * s.decode_bandwidth_gbs) +
      (n * s.kv_read_gb) / (SERVING_KV_READ_EFFICIENCY * s.decode_bandwidth_gbs) +
      s.per_token_latency_ms / 1000;
    // A mixture of experts under vLLM (an L40S server's runtime) pays the step's read and compute in turn (the line's
    // own words; serving.ts batchDecodeRate): 1 / (1 / memory + 1 / compute).
    const want = moe ? 1 / (step / n + 1 / s.prefill_tokens_per_s) : Math.min(n / step, s.prefill_tokens_per_s);
    const t = s.at_concurrency;
    assert.ok(Math.abs(t.tokens_per_s_total - want) <= 0.02 * want, `${id}: total ${t.tokens_per_s_total} against ${want} worked out`);
    assert.ok(Math.abs(t.tokens_per_s_per_stream - t.tokens_per_s_total / n) <= 0.06, `${id}: per user`);
  }
});
