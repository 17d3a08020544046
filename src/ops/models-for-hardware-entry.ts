// models_for_hardware entries: each model's own facts and figures, the lines every entry shares stated once.
import type { Dataset } from '../dataset/dataset.ts';
import { DECODE_EFFICIENCY, QUANTIZATIONS } from '../engines/constants.ts';
import { computeClass, layoutBasis } from '../engines/decode.ts';
import { assessFit, describeFit, fitLadder, type FitAssessment, type FitOptions } from '../engines/hardware-fit.ts';
import type { RankedFit } from '../engines/hardware-rank.ts';
import { hasBandwidth } from '../engines/memory.ts';
import { isMixtureOfExperts } from '../engines/moe.ts';
import { candidateQuantizations } from '../engines/quantization.ts';
import { PREFILL_RATE } from '../engines/speed.ts';
import { speedLayout } from '../engines/speed-layout.ts';
import { overallRating } from '../engines/ranking.ts';
import type { Hardware } from '../schema/index.ts';
import { kept, stitched } from './json-fragment.ts';
import type { Entry } from './models-for-hardware-shapes.ts';
import { toModelRef, toRankedRating } from './shapes.ts';

const quantizationName = new Map(QUANTIZATIONS.map((q) => [q.id, q.name]));

/** A model's reference and rating, the same at every context and on every configuration: kept as prepared text. */
export type Heading = { model: Entry['model']; rating: Entry['rating'] };

function headingOf(ds: Dataset, headings: Map<string, Heading>, id: string): Heading {
  let h = headings.get(id);
  if (!h) {
    const rated = overallRating(ds, id);
    h = { model: kept(toModelRef(ds, ds.modelById.get(id)!)), rating: rated ? kept(toRankedRating(rated.board, rated.entry)) : null };
    headings.set(id, h);
  }
  return h;
}

/**
 * How a model without a native format is quantized at this ask: the answer's `quantization_rule`. An entry states its
 * own rule only where it differs (a model shipped in MXFP4 or FP8). The same text the engine gives each such model.
 */
export function sharedQuantizationRule(hardware: Hardware, opts: FitOptions): string {
  return candidateQuantizations(null, opts, fitLadder(hardware, opts)).rule;
}

/**
 * The speed method on one configuration, for the answer's assumptions: what every entry's speed figures share (the
 * bandwidth read, the layout and its per-token floor, the prefill rate). Null without a bandwidth (no speed estimated).
 * The same words the engine's per-model `basis` uses, with each model's own counts named instead of stated.
 */
export function configurationSpeedLine(hardware: Hardware, context: number, concurrency: number): string | null {
  if (!hasBandwidth(hardware)) return null;
  // The layout's split and bandwidth do not depend on the layer count; its latency does, and the entry states it. PCIe
  // cards serving several sequences are quoted tensor parallel, as a server runs them (speed-layout.ts).
  const { layout, serving } = speedLayout(hardware, 1, concurrency, 'each model\'s');
  const prefill = hardware.compute_tflops
    ? `prefill compute-bound: speed.prefill_efficiency x ${layout.split === 'layer' ? 'one card\'s ' : ''}` +
      `${PREFILL_RATE[computeClass(hardware)]} / (2 x active parameters) (a mixture-of-experts model runs at a lower ` +
      'efficiency: a prompt batch is scattered over the experts, so each multiplies small matrices; calibrated on llama.cpp ' +
      'MoE prompt-processing measurements); time to first token = context / prefill tokens/s'
    : 'prefill not estimated: the dataset has no compute (TFLOPS) figure for this hardware';
  const bandwidth = `${DECODE_EFFICIENCY} x ${layout.split === 'tensor' ? 'the summed' : 'one card\'s'} memory bandwidth`;
  const layoutWords = serving ?? layoutBasis(hardware, layout, 'each model\'s');
  const perToken = '(speed.efficiency x speed.decode_bandwidth_gbs) + speed.per_token_latency_ms / 1000)';
  if (concurrency > 1) return concurrentSpeedLine(context, concurrency, bandwidth, layoutWords, perToken, prefill);
  return (
    `speed on this configuration: decode at batch 1 reads each model's active weights at its quantization + the KV cache ` +
    `of one sequence at ${context} tokens at ${bandwidth} (speed.decode_bandwidth_gbs), ${layoutWords}: tokens/s = 1 / ` +
    `(speed.bytes_per_token_gb / ${perToken}; ${prefill}`
  );
}

/**
 * The speed line at a concurrency above 1. It leads with the figures that ask is about, each user's and the total
 * (speed.at_concurrency), in the layout a server runs at that batch; tokens_per_s stays one sequence decoding alone in
 * that same layout, and says so, since on PCIe cards it is no longer the llama.cpp batch-1 figure of concurrency 1.
 */
function concurrentSpeedLine(
  context: number, n: number, bandwidth: string, layoutWords: string, perToken: string, prefill: string,
): string {
  return (
    `speed on this configuration at concurrency ${n}, ${n} sequences decoded together: speed.at_concurrency gives what each ` +
    `user sees (tokens_per_s_per_stream) and the total of the ${n} sequences (tokens_per_s_total); each decode step reads ` +
    `each model's weights at its quantization once for all ${n} sequences (a mixture-of-experts model: active weights x ${n}, ` +
    `at most all its weights) + the KV cache of each sequence at ${context} tokens, at ${bandwidth} ` +
    `(speed.decode_bandwidth_gbs), ${layoutWords}: tokens_per_s_total = ${n} / (step bytes / ${perToken}, at most the ` +
    `compute-bound rate (speed.prefill_tokens_per_s) where the compute is known, and tokens_per_s_per_stream = ` +
    `tokens_per_s_total / ${n}; speed.tokens_per_s is one sequence decoding alone (batch 1) in the same layout: 1 / ` +
    `(speed.bytes_per_token_gb / ${perToken}; ${prefill}`
  );
}

/** What is particular to one model's speed: the quantization it reads, its layers, its prefill efficiency. */
function speedBasis(a: FitAssessment, quantizationName: string, hardware: Hardware): string {
  const { facts } = a;
  const moe = isMixtureOfExperts(facts.parameters_active, facts.parameters_total);
  const prefill = !hardware.compute_tflops ? 'prefill not estimated' : moe ? 'mixture-of-experts prefill efficiency' : 'dense prefill efficiency';
  return `${quantizationName} weights; ${facts.architecture.layers} layers; ${prefill}`;
}

/**
 * One ranked model written out: the engine's figures, with only the lines particular to the model (its facts, its
 * weights and KV cache; its quantization rule where it differs from the answer's).
 */
export function toEntry(
  ds: Dataset, headings: Map<string, Heading>, r: RankedFit, hardware: Hardware, opts: FitOptions, sharedRule: string,
): Entry {
  const { model, rating } = headingOf(ds, headings, r.model.id);
  const a = assessFit(r.model, hardware, opts) as FitAssessment;
  const d = describeFit(a, hardware, opts, 'own');
  // The engine lists only fitting models, which always carry a quantization.
  const q = d.quantization!;
  const name = quantizationName.get(q) ?? q;
  // The speed object is this call's own: its basis is rewritten in place, not copied.
  if (d.speed) d.speed.basis = speedBasis(a, name, hardware);
  // Written member by member: the model and its rating are copied as text, the figures of this ask serialized.
  return stitched({
    rank: r.rank,
    model,
    rating,
    fit: d.fit as 'comfortable' | 'tight',
    quantization: q,
    // Every entry keeps its rule (the API only grows); most are the answer's `quantization_rule`, said once there too.
    quantization_rule: d.quantization_rule ?? sharedRule,
    alternatives: d.by_quantization,
    kv_cache: d.kv_cache as Entry['kv_cache'],
    quantization_name: name,
    bits_per_weight: d.bits_per_weight!,
    memory: d.memory,
    tokens_per_s: d.tokens_per_s ?? null,
    speed: d.speed ?? null,
    estimate: true,
    derived_from: d.derived_from,
  });
}
