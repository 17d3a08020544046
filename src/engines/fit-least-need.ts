// Each model's least memory need at a context, kept per dataset: whether a model fits a configuration is then one
// comparison, on one device or several.
import type { Dataset } from '../dataset/dataset.ts';
import type { Architecture, Hardware } from '../schema/index.ts';
import { windowUnknownAt } from './context-window.ts';
import { usesSparseAttention } from './attention-support.ts';
import { candidatesOn, fitLadder, levelOf, weightsKeptWith, weightsOn, type FitOptions } from './fit-basis.ts';
import { kvCacheBytes, modelFacts, overheadBytes, usableBytes } from './memory.ts';
import { kvCacheCopies } from './mla-cache.ts';
import { perDataset } from './per-dataset.ts';
import type { Runtime } from './runtime.ts';

/**
 * How many (runtime ladder, context, options) tables are kept per dataset. A table is two numbers and an architecture
 * a model (882 today, 21 KB); the service's own asks use two contexts (8,192 and the documents context) on the few
 * ladders of the catalogue (llama.cpp's, and vLLM's by the cards' FP8 and FP4 support), but a caller may send any
 * context, so past the bound the tables are dropped and made again as asked.
 */
const MAX_KEPT_TABLES = 16;

/**
 * Per model (by its place in ds.models), on a runtime ladder at the ask's options: `weights`, the least of its weights
 * at the candidates assessFit tries, and `kv`, one copy of its KV cache at the context and concurrency (needAt's parts,
 * without the copies a configuration holds and the overhead). `weights` is Infinity where no memory makes it fit
 * (facts missing, the window unknown above the context a fit is asserted at, or the context over its window:
 * fitsAtAll's null and false), NaN where the configuration decides (a sparse-attention model, which a runtime may not
 * run on the accelerator at all: attention-support.ts).
 */
export type LeastNeeds = {
  readonly runtime: Runtime;
  readonly weights: Float64Array;
  readonly kv: Float64Array;
  /** The architecture read for the KV copies several cards hold under vLLM (mla-cache.ts); undefined without facts. */
  readonly architectures: ReadonlyArray<Architecture | undefined>;
};

const tables = perDataset(() => new Map<string, LeastNeeds>());

/**
 * The table reads the configuration only through its ladder (the candidates and the runtime), so every configuration
 * of a ladder shares it: a machine named by its memory alone is a new configuration on each new size, and a catalogue
 * machine asked at a new context a new key of kept verdicts; this turns either first ask from a fit per model into a
 * comparison per model (fitsByLeastNeed).
 */
export function leastNeeds(ds: Dataset, hardware: Hardware, opts: FitOptions): LeastNeeds {
  const ladder = fitLadder(hardware, opts);
  const key = `${ladder.key}|${opts.context}|${opts.concurrency}|${opts.min_bits_per_weight}|${opts.kv_cache ?? ''}|${opts.quantization ?? ''}`;
  const kept = tables(ds);
  let needs = kept.get(key);
  if (!needs) {
    const weights = new Float64Array(ds.models.length);
    const kv = new Float64Array(ds.models.length);
    const architectures: Array<Architecture | undefined> = [];
    ds.models.forEach((model, i) => {
      const facts = modelFacts(model);
      const window = model.context_window?.value;
      architectures.push('missing' in facts ? undefined : facts.architecture);
      if ('missing' in facts || windowUnknownAt(model, opts.context) || (window !== undefined && opts.context > window)) {
        weights[i] = Infinity;
      } else if (usesSparseAttention(model)) {
        weights[i] = NaN;
      } else {
        const c = candidatesOn(facts.native_precision, opts, ladder);
        const w = weightsOn(c, weightsKeptWith(c), facts);
        let least = Infinity;
        for (let k = 0; k < w.length; k++) least = Math.min(least, w[k]);
        weights[i] = least;
        kv[i] = kvCacheBytes(facts.architecture, opts.context, opts.concurrency, opts.kv_cache);
      }
    });
    if (kept.size >= MAX_KEPT_TABLES) kept.clear();
    kept.set(key, (needs = { runtime: ladder.runtime, weights, kv, architectures }));
  }
  return needs;
}

/**
 * Whether the model at place `i` fits `hardware` at some candidate (fitsAtAll === true), from its least need: true or
 * false, or undefined where the table leaves it to the configuration (NaN: ask fitsAtAll). `needs` must be the table
 * of `hardware`'s ladder (leastNeeds with the same options).
 *
 * headroomAt's sum in its order: the weights, plus the KV cache times the copies the cards hold (fitKvCopies: one on
 * one device or under llama.cpp, one a card for MLA under vLLM, cards / KV heads for a GQA model with fewer KV heads
 * than cards), plus the overhead a device. Addition rounds monotonically, so the least weights give the least total,
 * and some candidate fits exactly when that total does (chooseIndex takes any candidate that fits at all).
 */
export function fitsByLeastNeed(needs: LeastNeeds, i: number, hardware: Hardware): boolean | undefined {
  const least = needs.weights[i];
  if (Number.isNaN(least)) return undefined;
  if (least === Infinity) return false;
  const copies = hardware.count > 1 ? kvCacheCopies(needs.architectures[i]!, hardware, needs.runtime) : 1;
  return levelOf(least + needs.kv[i] * copies + overheadBytes(hardware.count), usableBytes(hardware)) !== 'no';
}
