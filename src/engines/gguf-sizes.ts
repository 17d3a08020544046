// Weights size per quantization: the published GGUF file where the dataset has one, else parameters x bits per weight.
import type { Model } from '../schema/index.ts';
import { GB, QUANTIZATIONS, type Quantization, type QuantizationId } from './constants.ts';

/**
 * One published file the weights are sized by: its bytes and the words that cite it. `same_as`: the file is another
 * model's of the same architecture (ingest/gguf-files-same-architecture.ts), in the words that say whose.
 */
export type PublishedWeights = { bytes: number; file: string; url: string; as_of: string; gb: number; same_as?: string };

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
  return map;
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
 * (`active_bits_per_weight` where the format keeps some tensors wider than its average, else the average), scaled to
 * the published file where `published` has one, by the file's ratio to the flat estimate of all the weights. The fit,
 * the serving batch and the bytes a token reads thus stand on one figure: a dense model reads its whole file (Llama 3.3
 * 70B Q4_K_M: the 42.52 GB file, not 70.55e9 x 4.89 / 8 = 43.13 GB), an MoE model its active share of it (DeepSeek-V3.2
 * Q4_K_M: 37e9 x 4.89 / 8 = 22.62 GB x 404.43 / 410.2 = 22.30 GB). The share is a reading: a K-quant's wider tensors
 * (attention, some feed-forward down projections) are not spread evenly over the active and the routed parts.
 */
export function activeWeightsFor(activeParameters: number, totalParameters: number, q: Quantization, published?: PublishedSizes): number {
  const read = (activeParameters * (q.active_bits_per_weight?.value ?? q.bits_per_weight)) / 8;
  const file = published?.get(q.id)?.bytes;
  return file === undefined ? read : (read * file) / ((totalParameters * q.bits_per_weight) / 8);
}

/** What the weights figure at `q` rests on, in words: the file and where its size was read, or the flat estimate. */
export function weightsBasis(q: Quantization, published?: PublishedSizes): string {
  const p = published?.get(q.id);
  // Two decimals as cards print them; a row read from the file's exact byte count keeps its exactness in the fit.
  const gb = p && Math.round(p.gb * 100) / 100;
  if (p?.same_as) return `weights ${q.name} = ${gb} GB, the ${p.same_as}: the file ${p.file} (${p.url}, read ${p.as_of})`;
  if (p) return `weights ${q.name} = ${gb} GB, the published file ${p.file} (${p.url}, read ${p.as_of})`;
  const flat = `weights ${q.name} = parameters x ${q.bits_per_weight} bits per weight / 8, an estimate (${q.basis})`;
  // A vLLM checkpoint format is never a GGUF file: the GGUF table has nothing to say about it.
  if (q.runtime === 'vllm') return `${flat}; the checkpoint's own size is not in the dataset`;
  return `${flat}; no published file size for this model in data/curated/gguf-file-sizes.csv`;
}
