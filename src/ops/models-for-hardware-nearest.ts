// models_for_hardware's `nearest`: when no model fits the configuration, the least memory one needs and a context that fits one.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { tokens } from '../engines/context-window.ts';
import { memoryReport, type FitOptions } from '../engines/hardware-fit.ts';
import { longestFittingContext, smallestNeed, type NearestTable } from '../engines/hardware-nearest.ts';
import { roundTo } from '../engines/memory.ts';
import type { Hardware } from '../schema/index.ts';
import { MemoryReport } from './models-for-hardware-shapes.ts';
import { ModelRef, toModelRef } from './shapes.ts';

export const Nearest = z
  .object({
    smallest: z
      .object({
        model: ModelRef,
        quantization_name: z.string().describe('The name users know the quantization by (e.g. Q3_K_M).'),
        memory: MemoryReport.describe('Its memory at that quantization against the configuration\'s (headroom_gb negative: short by that much).'),
      })
      .nullable()
      .describe('The model needing the least memory at this context and concurrency, at the smallest quantization the ask allows '
        + '(the last of the quantizations an entry\'s alternatives list); null when no model can be assessed at this context '
        + '(each is over its context window or lacks facts).'),
    shorter_context: z
      .object({
        context: z.number().int().describe('Tokens per sequence: ask again with this `context` to see them.'),
        models_that_fit: z.number().int().describe('Models that fit (comfortable or tight) at that context, every other setting of the ask kept.'),
      })
      .nullable()
      .describe('The longest standard context (a power of two from 512 to 1,048,576 tokens) below the one asked at which at '
        + 'least one model fits, assessed as the ranking assesses; null when none does down to 512 tokens.'),
    summary: z.string().describe('The same, in a sentence.'),
  })
  .describe('Present only when no model fits at this ask (`items` is empty on every page, `page.total` 0): what would. '
    + 'Absent from any answer that lists a model.');
export type Nearest = z.infer<typeof Nearest>;

/** Made once per ranking (the op keeps a few): a caller asking again or paging an empty answer reads it. */
const nearests = new WeakMap<object, Nearest>();

/**
 * `nearest` of an ask at which no model fits: the smallest need at the ask and the longest standard context that fits
 * one, from the fit engine's own sums over the models a ranking assesses (their table, kept per catalogue). Only an
 * empty ranking calls it.
 */
export function nearestOf(ds: Dataset, ranking: object, table: NearestTable, hardware: Hardware, opts: FitOptions): Nearest {
  let n = nearests.get(ranking);
  if (n) return n;
  const s = smallestNeed(table, hardware, opts);
  const smallest = s && {
    model: toModelRef(ds, s.model),
    quantization_name: s.quantization.name,
    memory: memoryReport(s.quantization, s.need, s.usable),
  };
  const shorter = longestFittingContext(table, hardware, opts);
  // Not marked kept: made per empty ask (most cold asks), its kept text would outlive young collections (as above).
  n = { smallest, shorter_context: shorter, summary: summaryOf(smallest, shorter, opts) };
  nearests.set(ranking, n);
  return n;
}

function summaryOf(smallest: Nearest['smallest'], shorter: Nearest['shorter_context'], opts: FitOptions): string {
  const at = `${tokens(opts.context)} tokens${opts.concurrency > 1 ? ` per sequence at concurrency ${opts.concurrency}` : ''}`;
  let s: string;
  if (smallest) {
    const m = smallest.memory;
    // Short by usable - total, rounded from the unrounded figures (memoryReport's headroom), so it matches the field.
    s = `No assessable model fits at ${at}: the least memory any of them needs here is ${m.total_gb} GB, ${smallest.model.id} at ` +
      `${smallest.quantization_name} (weights ${m.weights_gb} + KV cache ${m.kv_cache_gb} + overhead ${m.overhead_gb} GB), ` +
      `against ${m.usable_gb} GB usable: short by ${roundTo(-m.headroom_gb, 2)} GB.`;
  } else {
    s = `No model can be assessed at ${at} here: each is over its context window or lacks the facts.`;
  }
  if (shorter) {
    const fit = shorter.models_that_fit === 1 ? '1 model fits' : `${shorter.models_that_fit} models fit`;
    return `${s} At ${tokens(shorter.context)} tokens ${fit}: ask with context=${shorter.context}.`;
  }
  return opts.context > 512 ? `${s} No shorter standard context, down to 512 tokens, makes one fit.` : s;
}
