// Answers on the committed dataset: a vLLM/SGLang figure is never given a GGUF K-quant; a desktop card still is.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { estimate_cost } from './estimate-cost.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ctx = { today: '2026-11-26' };
type Out = Record<string, any>;
const hasCommitted = existsSync(DEFAULT_DATA_DIR);
let real: Dataset | undefined;
const committed = () => (real ??= committedDataset());
const cost = (input: Record<string, unknown>) => estimate_cost.handler(committed(), estimate_cost.input.parse(input), ctx) as Out;
const onHardware = (hardware_id: string) =>
  models_for_hardware.handler(committed(), models_for_hardware.input.parse({ hardware_id, limit: 100 }), ctx) as Out;

// llama.cpp's GGUF types (tools/quantize) by id and by name, as the wire and the words write them.
const K_QUANT_IDS = new Set(['q8_0', 'q6_k', 'q5_k_m', 'q4_k_m', 'q3_k_m']);
const K_QUANT_WORDS = /\bQ[3-8]_(0|K)\b/;
// Data-centre accelerators in the catalogue (ids by family), and any configuration of several cards: their servers run
// vLLM or SGLang.
const SERVED_BY_VLLM = /^(h100|h200|b200|a100|mi300x|mi325x|mi250|l40s|l40|l4|a10|a10g|a40|t4)(-|$)|-x[248]$/;

const skip = { skip: !hasCommitted };

test('estimate_cost on 8 x H100: Llama 3.3 70B in FP8 W8A8 and DeepSeek-V3.2 in INT4 W4A16, never a K-quant', skip, () => {
  // Llama 3.3 70B: 70,553,706,496 parameters x 8.24 / 8 = 72.67 GB, comfortable in 8 x 81.60 GB.
  const llama = cost({ model_id: 'llama-3.3-70b-instruct', tokens_millions: 1000, hardware: 'h100-80gb-x8' }).self_hosting.options[0];
  assert.equal(llama.hardware_id, 'h100-80gb-x8');
  assert.equal(llama.quantization, 'fp8_w8a8');
  // DeepSeek-V3.2 ships FP8: 671e9 x 8 / 8 = 671 GB is over the 652.83 GB usable, so the next format down, INT4 W4A16:
  // 671e9 x 4.51 / 8 = 378.28 GB.
  const ds = cost({ model_id: 'deepseek-v3.2', tokens_millions: 1000, hardware: 'h100-80gb-x8' }).self_hosting.options[0];
  assert.equal(ds.quantization, 'int4_w4a16');
  for (const o of [llama, ds]) {
    assert.equal(o.serving.split, 'tensor');
    for (const d of o.derived_from as string[]) assert.ok(!K_QUANT_WORDS.test(d), `${o.hardware_id}: ${d}`);
    assert.ok((o.derived_from as string[]).some((d) => /^runtime: vLLM or SGLang/.test(d)));
  }
});

test('estimate_cost over every catalogued configuration: data-centre and multi-card servers never cost a K-quant', skip, () => {
  for (const model_id of ['llama-3.3-70b-instruct', 'deepseek-v3.2', 'qwen3-8b']) {
    const sh = cost({ model_id, tokens_millions: 1000 }).self_hosting;
    const served = [...sh.options, ...sh.owned_options].filter((o: Out) => SERVED_BY_VLLM.test(o.hardware_id));
    assert.ok(served.length > 0, model_id);
    for (const o of served) assert.ok(!K_QUANT_IDS.has(o.quantization), `${model_id} on ${o.hardware_id}: ${o.quantization}`);
  }
});

test('models_for_hardware: 8 x H100 (tensor parallel) names no K-quant; an RTX 4090 (llama.cpp) still does', skip, () => {
  const dc = onHardware('h100-80gb-x8');
  assert.ok(dc.items.length > 0);
  for (const i of dc.items) {
    assert.ok(!K_QUANT_IDS.has(i.quantization), `${i.model.id}: ${i.quantization}`);
    for (const a of i.alternatives ?? []) assert.ok(!K_QUANT_IDS.has(a.quantization), `${i.model.id}: ${a.quantization}`);
  }
  const desk = onHardware('rtx-4090');
  assert.ok(desk.items.some((i: Out) => K_QUANT_IDS.has(i.quantization)));
  for (const i of desk.items) assert.ok(!['fp8_w8a8', 'int4_w4a16'].includes(i.quantization), `${i.model.id}: ${i.quantization}`);
});

test('models_for_hardware on PCIe cards: K-quants at concurrency 1 (llama.cpp by layer), a server\'s formats above it', skip, () => {
  const at = (concurrency: number) =>
    models_for_hardware.handler(committed(), models_for_hardware.input.parse({ hardware_id: 'l40s-x4', concurrency, limit: 100 }), ctx) as Out;
  const one = at(1);
  assert.ok(one.items.length > 0 && one.items.every((i: Out) => i.speed.split === 'layer'));
  assert.ok(one.items.some((i: Out) => K_QUANT_IDS.has(i.quantization)));
  // Fifty users on four L40S: the speed is quoted tensor parallel as vLLM or SGLang serve it, so its formats are too.
  const many = at(50);
  assert.ok(many.items.length > 0);
  for (const i of many.items) {
    assert.equal(i.speed.split, 'tensor', i.model.id);
    assert.ok(!K_QUANT_IDS.has(i.quantization), `${i.model.id}: ${i.quantization}`);
    for (const a of i.alternatives ?? []) assert.ok(!K_QUANT_IDS.has(a.quantization), `${i.model.id}: ${a.quantization}`);
  }
});

test('Ampere (no FP8 tensor cores): models_for_hardware and estimate_cost name the FP8 checkpoint W8A16, never W8A8', skip, () => {
  // Two RTX 3090s at eight users are quoted as vLLM serves them; vLLM runs FP8 there weight-only (FP8 Marlin).
  const desk = models_for_hardware.handler(
    committed(), models_for_hardware.input.parse({ hardware_id: 'rtx-3090-x2', concurrency: 8, limit: 100 }), ctx,
  ) as Out;
  const labels = desk.items.flatMap((i: Out) => [i.quantization, ...(i.alternatives ?? []).map((a: Out) => a.quantization)]);
  assert.ok(labels.includes('fp8_w8a16'), `${[...new Set(labels)]}`);
  assert.ok(!labels.includes('fp8_w8a8'), `${[...new Set(labels)]}`);
  // Llama 3.3 70B on 8 x A100 80 GB (Ampere, tensor parallel): 70,553,706,496 x 8.24 / 8 = 72.67 GB of FP8 weights,
  // comfortable in 8 x 81.60 GB, served weight-only.
  const a100 = cost({ model_id: 'llama-3.3-70b-instruct', tokens_millions: 1000, hardware: 'a100-80gb-x8' }).self_hosting.options[0];
  assert.equal(a100.hardware_id, 'a100-80gb-x8');
  assert.equal(a100.quantization, 'fp8_w8a16');
  assert.ok((a100.derived_from as string[]).some((d) => d.includes('FP8 weight-only (W8A16 via FP8 Marlin)')));
});
