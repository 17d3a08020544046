// Calibration: every published measurement in data/curated/speed-measurements.csv against the engine's estimate.
// Set CALIBRATION_TABLE=1 to print the table docs/hardware-and-cost.md shows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import type { Architecture, Hardware } from '../schema/index.ts';
import { DECODE_EFFICIENCY, GIB, PREFILL_EFFICIENCY, QUANTIZATIONS } from './constants.ts';
import { aggregateBandwidth, computeBoundTokensPerSecond, decodeTokensPerSecond, type ModelFacts } from './memory.ts';
import { servingThroughput } from './serving.ts';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../data/curated/speed-measurements.csv');
type Row = Record<string, string>;
const rows: Row[] = parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true });
const num = (s: string) => (s === '' ? undefined : Number(s));

/**
 * Bytes of weights a row's model holds: the file size llama-bench printed where the row gives it, else parameters x
 * the engine's bits per weight for the quantization. Active bytes scale with active parameters (MoE).
 */
function weights(r: Row): { total: number; active: number } {
  const total = num(r.weights_gib) !== undefined
    ? num(r.weights_gib)! * GIB
    : (Number(r.parameters_total) * QUANTIZATIONS.find((q) => q.name.toLowerCase() === r.quantization.toLowerCase())!.bits_per_weight) / 8;
  return { total, active: (total * Number(r.parameters_active)) / Number(r.parameters_total) };
}

/** A Hardware record from the row's spec-sheet figures (memory is not what these rows test). */
function hardwareOf(r: Row): Hardware {
  const cite = <T>(value: T) => ({ value, as_of: r.read_on, source: r.spec_url });
  return {
    id: r.id, name: r.hardware, class: 'server', accelerator: r.hardware, count: Number(r.accelerators), unified_memory: false,
    memory_gb: cite(94), usable_fraction: cite(0.95), bandwidth_gbs: cite(Number(r.bandwidth_gbs)),
    ...(num(r.compute_tflops) !== undefined ? { compute_tflops: cite(Number(r.compute_tflops)) } : {}),
  };
}

/** The engine's estimate for the row, or undefined when the row lacks the hardware figure it needs (said in the table). */
function estimate(r: Row): number | undefined {
  const h = hardwareOf(r);
  const w = weights(r);
  const bandwidth = aggregateBandwidth(h);
  if (r.kind === 'decode') {
    // tg128 starts from an empty cache: the KV cache read per token is under 1% of the weights, left out.
    return decodeTokensPerSecond({ total_weights: w.total, active_weights: w.active, kv_per_sequence: 0, batch: 1, bandwidth });
  }
  if (!h.compute_tflops) return undefined;
  const flops = h.compute_tflops.value * 1e12 * h.count;
  if (r.kind === 'prefill') return computeBoundTokensPerSecond(flops, Number(r.parameters_active));
  // serving: the KV geometry is given per token; a GQA architecture with that many values per token reproduces it.
  const input = Number(r.input_tokens);
  const output = Number(r.output_tokens);
  const requests = 1000;
  const perToken = Number(r.kv_bytes_per_token);
  const arch: Architecture = { layers: 1, kv_heads: 1, head_dim: perToken / 4, attention: 'gqa', hf_repo: r.model };
  const facts: ModelFacts = { parameters_total: Number(r.parameters_total), parameters_active: Number(r.parameters_active), architecture: arch, native_precision: null, derived_from: [] };
  const bf16 = QUANTIZATIONS.find((q) => q.id === 'bf16')!;
  const s = servingThroughput({
    facts, quantization: bf16, hardware: h, context: Math.round((input + output) / requests),
    input_share: input / (input + output), max_sequences: Number(r.max_sequences),
  });
  return s.tokens_per_s;
}

const assessed = rows.map((r) => {
  const e = estimate(r);
  const measured = Number(r.tokens_per_s);
  return { r, measured, estimate: e, ratio: e === undefined ? undefined : e / measured };
});

test('the table holds at least 20 published measurements, each with its URL, hardware, model, quantization and tokens/s', () => {
  assert.ok(rows.length >= 20, `${rows.length} rows`);
  for (const r of rows) {
    assert.match(r.url, /^https:\/\//, r.id);
    assert.match(r.spec_url, /^https:\/\//, r.id);
    for (const k of ['hardware', 'model', 'quantization', 'test', 'runtime']) assert.ok(r[k], `${r.id}: ${k}`);
    assert.ok(Number(r.tokens_per_s) > 0, r.id);
    assert.ok(['decode', 'prefill', 'serving'].includes(r.kind), r.id);
  }
  const kinds = new Set(rows.map((r) => r.kind));
  assert.deepEqual([...kinds].sort(), ['decode', 'prefill', 'serving']);
});

test('every estimate is within 0.6x-1.6x of its measurement', () => {
  const off = assessed.filter((a) => a.ratio !== undefined && (a.ratio < 0.6 || a.ratio > 1.6));
  assert.deepEqual(off.map((a) => `${a.r.id}: ${a.ratio!.toFixed(2)}`), []);
  assert.ok(assessed.filter((a) => a.ratio !== undefined).length >= 20, 'at least 20 rows are estimated');
});

test('the efficiencies are the calibrated optimum: the geometric middle of the lowest and highest implied efficiency', () => {
  // The implied efficiency of a row is measured / (estimate at efficiency 1); the value that minimises the largest
  // ratio error is sqrt(lowest x highest). The constants must sit within 0.02 of it.
  for (const [kind, constant] of [['decode', DECODE_EFFICIENCY], ['prefill', PREFILL_EFFICIENCY]] as const) {
    const implied = assessed.filter((a) => a.r.kind === kind && a.estimate !== undefined).map((a) => (a.measured / a.estimate!) * constant);
    const optimum = Math.sqrt(Math.min(...implied) * Math.max(...implied));
    assert.ok(Math.abs(optimum - constant) <= 0.02, `${kind}: optimum ${optimum.toFixed(3)}, constant ${constant}`);
  }
});

if (process.env.CALIBRATION_TABLE) {
  const lines = ['| measurement | hardware | model, quantization | test | measured tok/s | estimate tok/s | estimate / measured | source |', '|---|---|---|---|---|---|---|---|'];
  for (const a of assessed) {
    const est = a.estimate === undefined ? 'not estimated (no compute figure)' : a.estimate.toFixed(a.estimate < 100 ? 1 : 0);
    const ratio = a.ratio === undefined ? '—' : `${a.ratio.toFixed(2)}x`;
    lines.push(`| ${a.r.kind} | ${a.r.hardware} | ${a.r.model} ${a.r.quantization} (${a.r.runtime}) | ${a.r.test} | ${a.measured} | ${est} | ${ratio} | [link](${a.r.url}) |`);
  }
  console.log(lines.join('\n'));
}
