// A mixture-of-experts model on one GPU with its routed experts in system RAM (llama.cpp --n-cpu-moe / --cpu-moe).
import type { Architecture, Hardware } from '../schema/index.ts';
import {
  DECODE_EFFICIENCY, GB, GIB, KV_READ_EFFICIENCY, LAYER_LATENCY_S, type KvCacheType, type Quantization,
} from './constants.ts';
import { decodeEfficiency } from './decode.ts';
import { levelOf, type FitLevel } from './fit-basis.ts';
import { activeWeightsFor, weightsFor, type PublishedSizes } from './gguf-sizes.ts';
import { kvCacheBytes, overheadBytes, usableBytes } from './memory.ts';
import { isMixtureOfExperts, MOE_MAX_ACTIVE_SHARE, routedExperts } from './moe.ts';

/**
 * Bits a routed-expert weight is stored at where the format keeps the experts narrower than its average: MXFP4's 4.25
 * (32 FP4 values and one 8-bit scale; OpenAI gpt-oss model card, constants.ts `mxfp4`) and Kimi's INT4 4.5 (a BF16 scale
 * per 32; constants.ts `int4`). Every other format spreads its bits over all tensors, so its experts take the average.
 */
const EXPERT_BITS: Partial<Record<Quantization['id'], number>> = { mxfp4: 4.25, int4: 4.5 };

/**
 * Share of peak RAM bandwidth llama.cpp's CPU backend streams the experts at: DECODE_EFFICIENCY, the value the service
 * takes for every batch-1 runtime without a fitted row of its own (constants.ts). No CPU row is in the calibration table;
 * docs/hardware-and-cost.md ("Experts in system RAM") gives what the published offload runs read against it.
 */
export const RAM_READ_EFFICIENCY = DECODE_EFFICIENCY;

/** The system memory the experts are read from: its size, the share of it a model may take, and its bandwidth. */
export type SystemRam = { gb: number; usable_fraction: number; bandwidth_gbs: number };

/** The model's facts the placement reads (memory.ts `ModelFacts`). */
export type OffloadFacts = {
  parameters_total: number;
  parameters_active: number;
  architecture: Architecture;
  published?: PublishedSizes;
};

export type ExpertOffload = {
  /** Layers whose experts are in system RAM: llama.cpp's `--n-cpu-moe N` (all of them: `--cpu-moe`). */
  cpu_moe_layers: number;
  moe_layers: number;
  flag: string;
  /** Bytes on the card: the non-expert weights, the experts of the layers kept there, the KV cache, the buffers. */
  vram: { non_expert_weights: number; experts: number; kv_cache: number; overhead: number; total: number; usable: number };
  vram_fit: Exclude<FitLevel, 'no'>;
  /** Bytes of experts in system RAM, and the RAM a model may take. */
  ram: { experts: number; usable: number };
  /** Bytes one token reads from each memory. */
  read_per_token: { ram: number; vram: number; kv_cache: number };
  tokens_per_s: number;
};

/** An MoE model's bytes as the placement splits them: all experts, the rest, and what one token reads of each. */
type ExpertBytes = { moe_layers: number; experts: number; non_expert: number; active: number; active_experts: number };

/**
 * The split, or undefined without expert geometry that agrees with the counts (moe.ts `moeRouting`'s test). The weights
 * are the fit's figure (the published file where there is one); the experts are experts x layers x 3 x hidden x width
 * parameters at EXPERT_BITS, else at the format's average scaled to the file as the active bytes are (gguf-sizes.ts).
 */
function expertBytes(facts: OffloadFacts, q: Quantization): ExpertBytes | undefined {
  const { parameters_total: total, parameters_active: active, architecture: a } = facts;
  const g = routedExperts(a);
  if (g === undefined) return undefined;
  const routedParameters = g.experts * g.parameters_per_expert;
  if (active - g.per_token * g.parameters_per_expert < 0 || routedParameters > total / MOE_MAX_ACTIVE_SHARE) return undefined;
  const file = weightsFor(total, q, facts.published);
  const bits = EXPERT_BITS[q.id];
  const scale = bits === undefined ? file / ((total * q.bits_per_weight) / 8) : 1;
  const expertBits = bits ?? q.bits_per_weight;
  const experts = Math.min(file, ((routedParameters * expertBits) / 8) * scale);
  const activeRead = activeWeightsFor(active, total, q, facts.published);
  return {
    moe_layers: a.layers - (a.dense_layers ?? 0),
    experts,
    non_expert: file - experts,
    active: activeRead,
    active_experts: Math.min(activeRead, ((g.per_token * g.parameters_per_expert * expertBits) / 8) * scale),
  };
}

/** Seconds a token takes with the experts of `n` layers in RAM: each memory's bytes at its share of its bandwidth, and the floor. */
function tokenSeconds(b: ExpertBytes, n: number, card: Hardware, ramBandwidthGbs: number, kvPerToken: number, layers: number) {
  const fromRam = (b.active_experts * n) / b.moe_layers;
  const cardBandwidth = card.bandwidth_gbs!.value * GB;
  const seconds =
    fromRam / (RAM_READ_EFFICIENCY * ramBandwidthGbs * GB) + (b.active - fromRam) / (decodeEfficiency(card) * cardBandwidth) +
    kvPerToken / (KV_READ_EFFICIENCY * cardBandwidth) + layers * LAYER_LATENCY_S;
  return { seconds, fromRam, fromCard: b.active - fromRam };
}

/**
 * The placement of `q` with the experts of as few layers as possible in system RAM: llama.cpp's `--n-cpu-moe N` keeps the
 * expert tensors (ffn_*_exps) of the first N MoE layers in RAM and everything else (attention, the shared expert, dense
 * layers, embeddings, head, KV cache) on the card. N is the least that leaves the card comfortable (85%), else tight;
 * undefined where the model is not a mixture of experts with its expert geometry in the dataset (a dense model never gets
 * this placement: each token reads every weight, so nothing stays idle in RAM), where the geometry disagrees with the
 * parameter counts, where no N fits the card, or where the experts of N layers do not fit the RAM's usable share.
 *
 * Decode reads, per token, the active experts of the N layers from RAM at RAM_READ_EFFICIENCY x its bandwidth, and the
 * rest of the active weights and the KV cache from the card as a card-only decode does (decode.ts, memory.ts), plus the
 * per-layer floor: the two memories take turns within each layer, so the times add.
 */
export function expertOffload(
  facts: OffloadFacts, q: Quantization, card: Hardware, ram: SystemRam,
  opts: { context: number; concurrency: number; kv_cache?: KvCacheType },
): ExpertOffload | undefined {
  const a = facts.architecture;
  if (card.count !== 1 || card.unified_memory || !card.bandwidth_gbs || !isMixtureOfExperts(facts.parameters_active, facts.parameters_total)) return undefined;
  const b = expertBytes(facts, q);
  if (b === undefined) return undefined;
  const perLayer = b.experts / b.moe_layers;
  const kv = kvCacheBytes(a, opts.context, opts.concurrency, opts.kv_cache);
  const overhead = overheadBytes(1);
  const usable = usableBytes(card);
  const vramAt = (n: number) => b.non_expert + (b.moe_layers - n) * perLayer + kv + overhead;
  let n = leastLayers(b.moe_layers, (k) => levelOf(vramAt(k), usable) === 'comfortable');
  if (n === undefined) n = leastLayers(b.moe_layers, (k) => levelOf(vramAt(k), usable) !== 'no');
  if (n === undefined) return undefined;
  const ramUsable = ram.gb * GIB * ram.usable_fraction;
  if (n * perLayer > ramUsable) return undefined;
  const t = tokenSeconds(b, n, card, ram.bandwidth_gbs, kv / opts.concurrency, a.layers);
  const onCard = vramAt(n);
  return {
    cpu_moe_layers: n,
    moe_layers: b.moe_layers,
    flag: n === b.moe_layers ? '--cpu-moe' : `--n-cpu-moe ${n}`,
    vram: { non_expert_weights: b.non_expert, experts: (b.moe_layers - n) * perLayer, kv_cache: kv, overhead, total: onCard, usable },
    vram_fit: levelOf(onCard, usable) as Exclude<FitLevel, 'no'>,
    ram: { experts: n * perLayer, usable: ramUsable },
    read_per_token: { ram: t.fromRam, vram: t.fromCard, kv_cache: kv / opts.concurrency },
    tokens_per_s: 1 / t.seconds,
  };
}

/** The least k in 1..max for which `fits` holds (it holds for every larger k once it holds), else undefined. */
function leastLayers(max: number, fits: (k: number) => boolean): number | undefined {
  if (!fits(max)) return undefined;
  let lo = 1;
  let hi = max;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fits(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Decode tokens/s of a measured offload run (`n` of the model's MoE layers in RAM), for the validation table: the same
 * sums as `expertOffload` at a stated N rather than the least that fits.
 */
export function offloadTokensPerSecond(
  facts: OffloadFacts, q: Quantization, card: Hardware, ramBandwidthGbs: number, n: number, kvPerToken = 0,
): number | undefined {
  const b = card.bandwidth_gbs ? expertBytes(facts, q) : undefined;
  if (b === undefined) return undefined;
  return 1 / tokenSeconds(b, Math.min(n, b.moe_layers), card, ramBandwidthGbs, kvPerToken, facts.architecture.layers).seconds;
}
