// Each model's least memory need at a context, kept per dataset: whether a model fits one device is then one comparison.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware } from '../schema/index.ts';
import { windowUnknownAt } from './context-window.ts';
import { usesSparseAttention } from './attention-support.ts';
import { candidatesOn, fitLadder, levelOf, weightsKeptWith, weightsOn, type FitOptions } from './fit-basis.ts';
import { kvCacheBytes, modelFacts, overheadBytes, usableBytes } from './memory.ts';
import { perDataset } from './per-dataset.ts';

/**
 * How many (runtime ladder, context, options) tables are kept per dataset. A table is one number a model (882 today,
 * 7 KB); the service's own asks use two contexts (8,192 and the documents context) on the one ladder a memory size
 * gets, but a caller may send any context, so past the bound the tables are dropped and made again as asked.
 */
const MAX_KEPT_TABLES = 8;

const tables = perDataset(() => new Map<string, Float64Array>());

/**
 * Per model (by its place in ds.models), on one device of `hardware`'s runtime ladder at the ask's options: the least
 * of its weights at the candidates assessFit tries, plus its KV cache at the context (needAt's sum, in its order,
 * without the overhead). Infinity where no memory makes it fit (facts missing, the window unknown above the context a
 * fit is asserted at, or the context over its window: fitsAtAll's null and false); NaN where the configuration decides
 * (a sparse-attention model, which a runtime may not run on the accelerator at all: attention-support.ts).
 *
 * It reads the configuration only through the ladder (the candidates) and one device's KV copies (one), so every
 * one-device configuration of a ladder shares the table: a machine named by its memory alone is a new configuration
 * on each new size, and this turns its first ask from a fit per model into a comparison per model.
 */
export function leastNeeds(ds: Dataset, hardware: Hardware, opts: FitOptions): Float64Array {
  if (hardware.count !== 1) throw new Error(`leastNeeds: ${hardware.id} has ${hardware.count} devices; the table is for one`);
  const ladder = fitLadder(hardware, opts);
  const key = `${ladder.key}|${opts.context}|${opts.concurrency}|${opts.min_bits_per_weight}|${opts.kv_cache ?? ''}|${opts.quantization ?? ''}`;
  const kept = tables(ds);
  let needs = kept.get(key);
  if (!needs) {
    needs = new Float64Array(ds.models.length);
    ds.models.forEach((model, i) => {
      const facts = modelFacts(model);
      const window = model.context_window?.value;
      if ('missing' in facts || windowUnknownAt(model, opts.context) || (window !== undefined && opts.context > window)) {
        needs![i] = Infinity;
      } else if (usesSparseAttention(model)) {
        needs![i] = NaN;
      } else {
        const c = candidatesOn(facts.native_precision, opts, ladder);
        const w = weightsOn(c, weightsKeptWith(c), facts);
        let least = Infinity;
        for (let k = 0; k < w.length; k++) least = Math.min(least, w[k]);
        // headroomAt adds each candidate's weights to the KV cache, then the overhead: addition rounds monotonically,
        // so the least weights give the least total, and some candidate fits exactly when that total does.
        needs![i] = least + kvCacheBytes(facts.architecture, opts.context, opts.concurrency, opts.kv_cache);
      }
    });
    if (kept.size >= MAX_KEPT_TABLES) kept.clear();
    kept.set(key, needs);
  }
  return needs;
}

/**
 * Whether the model at place `i` fits one device of `hardware` at some candidate (fitsAtAll === true), from its least
 * need: true or false, or undefined where the table leaves it to the configuration (NaN: ask fitsAtAll).
 */
export function fitsByLeastNeed(needs: Float64Array, i: number, hardware: Hardware): boolean | undefined {
  const need = needs[i];
  if (Number.isNaN(need)) return undefined;
  return levelOf(need + overheadBytes(hardware.count), usableBytes(hardware)) !== 'no';
}
