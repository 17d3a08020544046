// Weights size per quantization: the published GGUF file where the dataset has one, else parameters x bits per weight.
import type { Model } from '../schema/index.ts';
import { GB, QUANTIZATIONS, type Quantization, type QuantizationId } from './constants.ts';

/**
 * One published file the weights are sized by: its bytes and the words that cite it. `same_as`: the file is another
 * model's of the same architecture (ingest/gguf-files-same-architecture.ts), in the words that say whose.
 */
export type PublishedWeights = {
  bytes: number; file: string; url: string; as_of: string; gb: number; same_as?: string;
  /** Not a file: the flat estimate scaled by a published file's ratio (orderedLadder), in the words that say whose. */
  scaled_from?: string;
};

/** A model's published files by quantization; empty when the dataset has none. Frozen, shared. */
export type PublishedSizes = ReadonlyMap<QuantizationId, PublishedWeights>;

const KNOWN = new Set<string>(QUANTIZATIONS.map((q) => q.id));
const NONE: PublishedSizes = new Map();

/**
 * The published files of a model, read once per Model object (a frozen dataset record; a reload brings new ones):
 * the fit sizes every quantization of every request from this map, so no request reads the facts again.
 */
const sizesByModel = new WeakMap<Model, PublishedSizes>();

export function publishedSizes(model: Model): PublishedSizes {
  let s = sizesByModel.get(model);
  if (!s) {
    s = readPublished(model);
    sizesByModel.set(model, s);
  }
  return s;
}

function readPublished(model: Model): PublishedSizes {
  const files = model.gguf_files;
  if (!files || files.length === 0) return NONE;
  const map = new Map<QuantizationId, PublishedWeights>();
  for (const f of files) {
    const id = f.value.quantization;
    // The ingest keeps one row per quantization; a type the fit does not consider is left out rather than mapped.
    if (!KNOWN.has(id) || map.has(id as QuantizationId)) continue;
    const { size_gb, file, url } = f.value;
    const same_as = f.source === 'derived' ? f.note : undefined;
    map.set(id as QuantizationId, { bytes: size_gb * GB, gb: size_gb, file, url, as_of: f.as_of, ...(same_as ? { same_as } : {}) });
  }
  const parameters = model.parameters_total?.value;
  return parameters ? orderedLadder(map, parameters) : map;
}

/** The llama.cpp K-quant ladder by bits per weight; Q8_0 is its top (blocks of 32, no fallback type). */
const LADDER = ['q3_k_m', 'q4_k_m', 'q5_k_m', 'q6_k', 'q8_0'].map((id) => QUANTIZATIONS.find((q) => q.id === id)!);

/**
 * A model with published files for some rungs of the ladder and the flat estimate for the others can read out of
 * order: Nemotron-3-Nano-30B-A3B's Q4_K_M file is 24.66 GB where the flat rule gives 19.30 (its expert tensors' rows,
 * 1,856 and 2,688 wide, are no multiple of a K-quant's 256-weight super-block, so llama.cpp stores them in a wider
 * fallback type), while the flat Q5_K_M is 22.46 GB: a larger quantization would look smaller, and the fit would pick
 * it. Only where the order breaks, every unpublished rung is sized by the flat estimate x the ratio of the published
 * file nearest in bits per weight to its own flat estimate (the same fallback widens every K-quant), never above the
 * Q8_0 rung (published, else flat: Q8_0's blocks of 32 need no fallback and no K-quant falls back to a wider type).
 * A model whose ladder reads in order keeps its figures unchanged.
 */
function orderedLadder(map: Map<QuantizationId, PublishedWeights>, parameters: number): Map<QuantizationId, PublishedWeights> {
  const flat = (q: Quantization) => (parameters * q.bits_per_weight) / 8;
  const size = (q: Quantization) => map.get(q.id)?.bytes ?? flat(q);
  const known = LADDER.filter((q) => map.has(q.id));
  if (known.length === 0 || known.length === LADDER.length) return map;
  if (LADDER.every((q, i) => i === 0 || size(LADDER[i - 1]!) < size(q))) return map;
  const top = LADDER[LADDER.length - 1]!;
  const cap = size(top);
  for (const q of LADDER) {
    if (map.has(q.id)) continue;
    const near = known.reduce((a, b) => (Math.abs(b.bits_per_weight - q.bits_per_weight) < Math.abs(a.bits_per_weight - q.bits_per_weight) ? b : a));
    const p = map.get(near.id)!;
    const ratio = p.bytes / flat(near);
    const bytes = q === top ? Math.min(flat(q), flat(q) * ratio) : Math.min(cap, flat(q) * ratio);
    const r = Math.round(ratio * 1000) / 1000;
    const scaled_from =
      `parameters x ${q.bits_per_weight} bits per weight / 8 x ${r}, the ratio of the published ${near.name} file ` +
      `(${p.gb.toFixed(2)} GB) to its flat estimate${bytes === cap && q !== top ? `, at most the ${top.name} size` : ''}: ` +
      'no published file at this quantization, and the flat figure alone would put it out of order with the published one';
    map.set(q.id, { bytes, gb: bytes / GB, file: p.file, url: p.url, as_of: p.as_of, scaled_from });
  }
  return map;
}

/**
 * The parameters a GGUF type's flat estimate counts: the total less a multi-token-prediction module llama.cpp never
 * holds (Architecture `mtp_parameters`: its converter drops Qwen3-Next's `mtp.*` tensors, its loader skips GLM-4.6's
 * and GLM-4.7's NextN layer with TENSOR_SKIP; docs/hardware-and-cost.md, "Totals that hold a multi-token-prediction
 * module"), as the experts-in-RAM placement counts them (expert-offload.ts). A vLLM format keeps the whole total: what
 * vLLM loads of the module is not read here, and the whole is the safe side of a fit.
 */
export function heldParameters(total: number, mtp: number | undefined, q: Quantization): number {
  return q.runtime === 'llama.cpp' && mtp !== undefined && mtp < total ? total - mtp : total;
}

/**
 * Bytes of the weights at `q`: the published file's size when `published` has one (the file is what is loaded:
 * llama.cpp maps it whole, metadata and tokenizer included), else parameters x bits per weight / 8 (MoE: all
 * experts are resident, so total parameters).
 */
export function weightsFor(parameters: number, q: Quantization, published?: PublishedSizes): number {
  return published?.get(q.id)?.bytes ?? (parameters * q.bits_per_weight) / 8;
}

/**
 * Bytes of the weights one decode token reads at `q`: the active parameters at the width a token reads them
 * (`activeBits`, the model's own from active-bits.ts; else the format's `active_bits_per_weight` where it keeps some
 * tensors wider than its average; else the average), scaled to
 * the published file where `published` has one, by the file's ratio to the flat estimate of all the weights. The fit,
 * the serving batch and the bytes a token reads thus stand on one figure: a dense model reads its whole file (Llama 3.3
 * 70B Q4_K_M: the 42.52 GB file, not 70.55e9 x 4.89 / 8 = 43.13 GB), an MoE model its active share of it (DeepSeek-V3.2
 * Q4_K_M: 37e9 x 4.89 / 8 = 22.62 GB x 404.43 / 410.2 = 22.30 GB). The share is a reading: a K-quant's wider tensors
 * (attention, some feed-forward down projections) are not spread evenly over the active and the routed parts.
 */
export function activeWeightsFor(
  activeParameters: number, totalParameters: number, q: Quantization, published?: PublishedSizes, activeBits?: number,
): number {
  const read = (activeParameters * (activeBits ?? q.active_bits_per_weight?.value ?? q.bits_per_weight)) / 8;
  const file = published?.get(q.id)?.bytes;
  return file === undefined ? read : (read * file) / ((totalParameters * q.bits_per_weight) / 8);
}

/** What the weights figure at `q` rests on, in words: the file and where its size was read, or the flat estimate. */
export function weightsBasis(q: Quantization, published?: PublishedSizes): string {
  const p = published?.get(q.id);
  // Two decimals as cards print them; a row read from the file's exact byte count keeps its exactness in the fit.
  const gb = p && Math.round(p.gb * 100) / 100;
  if (p?.scaled_from) return `weights ${q.name} = ${gb} GB, an estimate: ${p.scaled_from} (${p.file}, ${p.url}, read ${p.as_of})`;
  if (p?.same_as) return `weights ${q.name} = ${gb} GB, the ${p.same_as}: the file ${p.file} (${p.url}, read ${p.as_of})`;
  if (p) return `weights ${q.name} = ${gb} GB, the published file ${p.file} (${p.url}, read ${p.as_of})`;
  const flat = `weights ${q.name} = parameters x ${q.bits_per_weight} bits per weight / 8, an estimate (${q.basis})`;
  // A vLLM checkpoint format is never a GGUF file: the GGUF table has nothing to say about it.
  if (q.runtime === 'vllm') return `${flat}; the checkpoint's own size is not in the dataset`;
  return `${flat}; no published file size for this model in data/curated/gguf-file-sizes.csv`;
}
