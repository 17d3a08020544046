// A mixture-of-experts model on one GPU with its routed experts in system RAM (llama.cpp --n-cpu-moe / --cpu-moe).
import type { Architecture, Hardware } from '../schema/index.ts';
import {
  GB, GIB, KV_READ_EFFICIENCY, LAYER_LATENCY_S, type KvCacheType, type Quantization,
} from './constants.ts';
import { decodeEfficiency } from './decode.ts';
import { linearAttentionStepSeconds } from './decode-hybrid.ts';
import { levelOf, type FitLevel } from './fit-basis.ts';
import { activeBitsOf } from './active-bits.ts';
import { activeWeightsFor, weightsFor, type PublishedSizes } from './gguf-sizes.ts';
import { kvCacheBytes, overheadBytes, usableBytes } from './memory.ts';
import { isMixtureOfExperts, MOE_MAX_ACTIVE_SHARE, routedExperts } from './moe.ts';


/**
 * Share of the RAM's peak bandwidth the experts in RAM are read at, fitted on the seven published offload runs of
 * data/curated/speed-measurements.csv (kind `offload`, four hosts): the geometric mean over the hosts of the share each
 * host's runs imply, 0.440 (calibration-offload.test.ts). It is the CPU's rate more than the RAM's: llama.cpp's CPU
 * backend multiplies the experts there, and the hosts imply 0.33 (i9-10900X, quad-channel DDR4) to 0.57 (Ryzen 9
 * 9950X, dual DDR5-4800), so the runs read 0.76x-1.32x at it. Until 2026-11-30 it was DECODE_EFFICIENCY (0.67), the
 * share taken for a runtime without a fitted row, which every run whose RAM is stated read slower (1.23-1.75x).
 */
export const RAM_READ_EFFICIENCY = 0.44;

/**
 * What the published runs read against the fitted share, said beside every decode with experts in RAM: estimate / run
 * is 0.76-1.32 over the seven, so the runs decoded up to 1.32x slower and up to 1.32x (1 / 0.76) faster than the estimate.
 */
export const RAM_READ_SPREAD =
  'the share fitted on seven published runs on four desktops, which decoded within about 1.3x of the estimate either way: '
  + 'estimate / run 0.76-1.32, the CPU that multiplies the experts moving it as much as the RAM does';

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
  /**
   * The RAM's level by the card's rule (comfortable up to 85% of what a model may take, tight to 100%): Qwen3.5-35B-A3B
   * at Q8_0 beside 32 GB puts 25.67 of 27.49 GB there (93%), which leaves the OS and its programs no slack.
   */
  ram_fit: Exclude<FitLevel, 'no'>;
  /** Bytes one token reads from each memory. */
  read_per_token: { ram: number; vram: number; kv_cache: number };
  /** Null where the card's bandwidth is not known (an unnamed `16 GB GPU`): the placement is a fit, not a speed. */
  tokens_per_s: number | null;
};

/** An MoE model's bytes as the placement splits them: all experts, the rest, and what one token reads of each. */
type ExpertBytes = { moe_layers: number; experts: number; non_expert: number; active: number; active_experts: number };

/**
 * Parameters outside the routed experts from the configuration, where the dataset holds every shape they take: the
 * embeddings and the output head (2 x vocab x hidden; no tied flag is in the dataset, and every model this is used on
 * has untied ones), attention in every layer (2 x (heads + KV heads) x head_dim x hidden: q and o, k and v), and per
 * MoE layer the shared experts (3 x hidden x width each) and the router (experts x hidden); norms and biases left out.
 * Undefined for MLA, hybrid and Gemma 4 global-layer attention and for dense layers (their shapes, a dense layer's
 * width, are not in the dataset). Checked against exact counts (safetensors, llmfit): Qwen3-30B-A3B 30,531,911,680 and
 * Qwen3-235B-A22B 235,093,634,560 to the parameter less norms (non-expert 1.541B, 7.996B), Qwen3-Coder-480B 12.070B
 * of 12.071B, Mixtral-8x7B 1.605B of 1.606B, 8x22B 5.338B of 5.339B, gpt-oss-20b 1.797B of 1.800B (card's 20.91B).
 * It misses where the dataset lacks a shape: Sarvam-30B (+83%), Laguna XS.2 (+31%), Qwen3-VL (-6.7%, the vision tower),
 * and GLM-4.7 while its 3 dense layers were not in the dataset (+28%); hence used only against a rounded total it agrees with to that total's
 * last place (expertBytes): MiniMax-M2's 228.69B against its card's 230B, Phi-3.5-MoE's 41.872B against 41.9B; not
 * Hy3 preview's 297.0B against 295B, Llama 4 Scout's 107.8B against 109B.
 */
export function nonExpertParameters(a: Architecture): number | undefined {
  if (a.attention === 'mla' || a.attention === 'hybrid' || (a.dense_layers ?? 0) > 0) return undefined;
  if (a.global_kv_heads !== undefined || a.global_head_dim !== undefined) return undefined;
  const { attention_heads: heads, hidden_size: h, vocab_size: vocab, experts, moe_intermediate_size: width } = a;
  if (heads === undefined || h === undefined || vocab === undefined || experts === undefined || width === undefined) return undefined;
  const attention = a.layers * 2 * (heads + a.kv_heads) * a.head_dim * h;
  return 2 * vocab * h + attention + a.layers * ((a.shared_experts ?? 0) * 3 * width + experts) * h;
}

/**
 * Half the last place of a card's rounded total (a whole number of ten millions: MiniMax-M2's 230e9, Phi-3.5-MoE's
 * 41.9e9), the most the exact count can differ from it; undefined for an exact count read from a checkpoint (one in
 * ten million lands on such a number). Total less experts of a rounded total carries the rounding whole into the
 * non-expert part: MiniMax-M2 230e9 - 224.68e9 = 5.32B against the 4.008B its configuration counts.
 */
function roundingOf(total: number): number | undefined {
  if (total % 1e7 !== 0) return undefined;
  let place = 1e7;
  while (total % (place * 10) === 0) place *= 10;
  return place / 2;
}

/**
 * The split, or undefined without expert geometry that agrees with the counts (moe.ts `moeRouting`'s test). The weights
 * are the fit's figure (the published file where there is one); the experts are experts x layers x 3 x hidden x width
 * parameters at the format's `expert_bits` (constants.ts), else at the format's average scaled to the file as the active bytes are (gguf-sizes.ts);
 * the rest is the file less the experts, or `nonExpertParameters` at the average where the total is rounded and agrees.
 */
function expertBytes(facts: OffloadFacts, q: Quantization): ExpertBytes | undefined {
  const { parameters_total: total, parameters_active: active, architecture: a } = facts;
  const g = routedExperts(a);
  if (g === undefined || !geometryAgrees(facts, g)) return undefined;
  const routedParameters = g.experts * g.parameters_per_expert;
  // The weights llama.cpp holds: the total less a multi-token-prediction module it never loads (schema/model.ts
  // `mtp_parameters`: Qwen3-Next's 1.650B its converter drops, GLM-4.6's and 4.7's NextN layer its loader skips). A
  // published file is a measurement and is taken as it is (no GGUF of a model with such a module is in the dataset).
  const loaded = total - (a.mtp_parameters ?? 0);
  const file = weightsFor(loaded, q, facts.published);
  const bits = q.expert_bits;
  const scale = bits === undefined ? file / ((loaded * q.bits_per_weight) / 8) : 1;
  const expertBits = bits ?? q.bits_per_weight;
  const experts = Math.min(file, ((routedParameters * expertBits) / 8) * scale);
  const activeRead = activeWeightsFor(active, loaded, q, facts.published, activeBitsOf(facts, q)?.value);
  // The flat estimate from a rounded total (no published file, a format that spreads its bits evenly) takes the
  // non-expert part from the configuration where it agrees with that total; a published file is a measurement, and
  // MXFP4's and INT4's averages are exact counts' (constants.ts), so those keep file less experts.
  const counted = nonExpertParameters(a);
  const rounding = roundingOf(total);
  const fromShapes = counted !== undefined && rounding !== undefined && bits === undefined && facts.published?.get(q.id) === undefined
    && Math.abs(routedParameters + counted - total) <= rounding;
  return {
    moe_layers: a.layers - (a.dense_layers ?? 0),
    experts,
    non_expert: fromShapes ? (counted * q.bits_per_weight) / 8 : file - experts,
    active: activeRead,
    active_experts: Math.min(activeRead, ((g.per_token * g.parameters_per_expert * expertBits) / 8) * scale),
  };
}

/** Whether the routed experts' geometry agrees with the counts: no more active than the model's, no more than its total allows. */
function geometryAgrees(facts: OffloadFacts, g: NonNullable<ReturnType<typeof routedExperts>>): boolean {
  return !(facts.parameters_active - g.per_token * g.parameters_per_expert < 0
    || g.experts * g.parameters_per_expert > facts.parameters_total / MOE_MAX_ACTIVE_SHARE);
}

/**
 * Whether any format of the model can be placed with its experts in RAM on some card: a mixture of experts whose expert
 * geometry agrees with its counts (what `cardSide` asks of the model before any format, card or context). Most open
 * models are dense, so recommend_model asks this of a model before it tries each format on the card.
 */
export function splitsExperts(facts: OffloadFacts): boolean {
  if (!isMixtureOfExperts(facts.parameters_active, facts.parameters_total)) return false;
  const g = routedExperts(facts.architecture);
  return g !== undefined && geometryAgrees(facts, g);
}

/** Bytes a token reads from RAM (the active experts of the `n` layers there) and from the card (the rest of the active weights). */
function tokenBytes(b: ExpertBytes, n: number) {
  const fromRam = (b.active_experts * n) / b.moe_layers;
  return { fromRam, fromCard: b.active - fromRam };
}

/** Seconds a token takes with the experts of `n` layers in RAM: each memory's bytes at its share of its bandwidth, and the floor. */
function tokenSeconds(
  b: ExpertBytes, n: number, card: Hardware, ramBandwidthGbs: number, kvPerToken: number, a: Architecture, ramShare = RAM_READ_EFFICIENCY,
) {
  const { fromRam } = tokenBytes(b, n);
  const cardBandwidth = card.bandwidth_gbs!.value * GB;
  // A hybrid model's recurrent layers run on the card, as in its card-only speed (decode-hybrid.ts): Qwen3-Next's 36
  // Gated DeltaNet layers add 36 x 61 us on an RTX 4090 (113 us on an RTX 3090) whether its experts are in RAM or not.
  const seconds =
    fromRam / (ramShare * ramBandwidthGbs * GB) + (b.active - fromRam) / (decodeEfficiency(card) * cardBandwidth) +
    kvPerToken / (KV_READ_EFFICIENCY * cardBandwidth) + a.layers * LAYER_LATENCY_S + linearAttentionStepSeconds(a, card);
  return { seconds };
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
  const c = cardSide(facts, q, card, ram.bandwidth_gbs, opts);
  return c && besideRam(c, ram);
}

/**
 * The placement on the card, before the RAM's size is read: everything `expertOffload` gives but the RAM's room and
 * level, and `ram_experts`, the bytes of experts the RAM must then hold. It rests on the model, the format, the card,
 * the context and the RAM's bandwidth, not on how much RAM there is, so recommend_model keeps it per machine
 * (expert-placement-kept.ts) and reads each ask's RAM against it.
 */
export type CardSide = Omit<ExpertOffload, 'ram' | 'ram_fit'> & { ram_experts: number };

export function cardSide(
  facts: OffloadFacts, q: Quantization, card: Hardware, ramBandwidthGbs: number,
  opts: { context: number; concurrency: number; kv_cache?: KvCacheType },
): CardSide | undefined {
  const a = facts.architecture;
  // A card without a bandwidth (an unnamed `16 GB GPU`) still gets the placement, a question of memory alone; only its
  // decode is left unestimated, as the card-only fit leaves its speed (machine-memory.ts).
  if (card.count !== 1 || card.unified_memory || !isMixtureOfExperts(facts.parameters_active, facts.parameters_total)) return undefined;
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
  const read = tokenBytes(b, n);
  const t = card.bandwidth_gbs ? tokenSeconds(b, n, card, ramBandwidthGbs, kv / opts.concurrency, a) : undefined;
  const onCard = vramAt(n);
  return {
    cpu_moe_layers: n,
    moe_layers: b.moe_layers,
    flag: n === b.moe_layers ? '--cpu-moe' : `--n-cpu-moe ${n}`,
    vram: { non_expert_weights: b.non_expert, experts: (b.moe_layers - n) * perLayer, kv_cache: kv, overhead, total: onCard, usable },
    vram_fit: levelOf(onCard, usable) as Exclude<FitLevel, 'no'>,
    read_per_token: { ram: read.fromRam, vram: read.fromCard, kv_cache: kv / opts.concurrency },
    tokens_per_s: t === undefined ? null : 1 / t.seconds,
    ram_experts: n * perLayer,
  };
}

/** The RAM a model may take of `ram`, bytes: its size at the usable share. */
export const ramUsableBytes = (ram: SystemRam): number => ram.gb * GIB * ram.usable_fraction;

/** The card's placement beside `ram`: undefined where the experts it puts there do not fit the RAM's usable share. */
export function besideRam(c: CardSide, ram: SystemRam): ExpertOffload | undefined {
  const ramUsable = ramUsableBytes(ram);
  if (c.ram_experts > ramUsable) return undefined;
  return {
    cpu_moe_layers: c.cpu_moe_layers,
    moe_layers: c.moe_layers,
    flag: c.flag,
    vram: c.vram,
    vram_fit: c.vram_fit,
    ram: { experts: c.ram_experts, usable: ramUsable },
    ram_fit: levelOf(c.ram_experts, ramUsable) as Exclude<FitLevel, 'no'>,
    read_per_token: c.read_per_token,
    tokens_per_s: c.tokens_per_s,
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
 * Decode tokens/s of a measured offload run (`n` of the model's MoE layers in RAM), for the calibration: the same sums
 * as `expertOffload` at a stated N rather than the least that fits, at `ramShare` of the RAM's bandwidth (the fitted
 * RAM_READ_EFFICIENCY unless the fit itself asks for another).
 */
export function offloadTokensPerSecond(
  facts: OffloadFacts, q: Quantization, card: Hardware, ramBandwidthGbs: number, n: number, kvPerToken = 0, ramShare = RAM_READ_EFFICIENCY,
): number | undefined {
  const b = card.bandwidth_gbs ? expertBytes(facts, q) : undefined;
  if (b === undefined) return undefined;
  return 1 / tokenSeconds(b, Math.min(n, b.moe_layers), card, ramBandwidthGbs, kvPerToken, facts.architecture, ramShare).seconds;
}
