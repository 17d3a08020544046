// When no model fits a configuration: the least memory any model needs there, and the longest standard context that fits one.
import type { Hardware, Model } from '../schema/index.ts';
import type { Quantization } from './constants.ts';
import { UNKNOWN_WINDOW_MAX_CONTEXT } from './context-window.ts';
import { candidatesOn, fitKvCopies, fitLadder, levelOf, weightsKeptWith, weightsOn } from './fit-basis.ts';
import { assessFit, type FitAssessment, type FitOptions } from './hardware-fit.ts';
import { kvLayout, layoutKvBytes, modelFacts, overheadBytes, usableBytes, type KvLayout, type MemoryNeed, type ModelFacts } from './memory.ts';
import type { Candidates } from './quantization.ts';

/**
 * The contexts a shorter one is looked for among: the powers of two from the context parameter's floor (512 tokens)
 * to its ceiling (1,048,576), the sizes runtimes default to and model cards state (2k, 4k, 8k, 32k, 128k). A caller
 * told "at 4,096 tokens one fits" can ask that; a context searched to the token (7,933) would be a figure nobody asks
 * for, and would take a test per token. Longest first: the first that fits one model is the answer.
 */
export const STANDARD_CONTEXTS: readonly number[] = Array.from({ length: 12 }, (_, i) => 2 ** (20 - i));

/**
 * What both searches read of a model that no ask changes, kept per catalogue (built once per dataset): the models with
 * their facts, grouped by native format (the candidate list of an ask is the same within a group), each one's KV
 * layout, the longest context it is assessed at, and its least weights under each candidate list met (kept with the
 * list, weakly). An ask then reads numbers: no candidate key, basis object or ranking per model.
 */
export type NearestTable = { readonly groups: readonly NearestGroup[] };

type NearestGroup = {
  native: string | null;
  models: Model[];
  facts: ModelFacts[];
  layouts: KvLayout[];
  /**
   * Over this context a model is not assessed: its known window (over it, no memory makes it fit), else
   * UNKNOWN_WINDOW_MAX_CONTEXT (context-window.ts: a fit is asserted only up to it). Compared as `context > max`, the
   * ranking's own test (a window that is not a number never compares greater).
   */
  maxContext: number[];
  least: WeakMap<Candidates, Float64Array>;
};

/** The table of a list of models; those lacking facts are left out (neither search can assess them). */
export function nearestTable(models: readonly Model[]): NearestTable {
  const byNative = new Map<string | null, NearestGroup>();
  for (const model of models) {
    const facts = modelFacts(model);
    if ('missing' in facts) continue;
    let g = byNative.get(facts.native_precision);
    if (!g) {
      g = { native: facts.native_precision, models: [], facts: [], layouts: [], maxContext: [], least: new WeakMap() };
      byNative.set(facts.native_precision, g);
    }
    g.models.push(model);
    g.facts.push(facts);
    g.layouts.push(kvLayout(facts.architecture));
    g.maxContext.push(model.context_window === undefined ? UNKNOWN_WINDOW_MAX_CONTEXT : model.context_window.value);
  }
  return { groups: [...byNative.values()] };
}

/**
 * Each model's least weights under a candidate list: the least of the ranking's own weights at its candidates
 * (`weightsOn`). A total at any context is least weights + KV cache + overhead, added in needAt's order: addition
 * rounds monotonically, so the least weights give the least total, and a model fits at some candidate exactly when
 * that total does (the test of `levelOf`).
 */
function leastWeightsOf(g: NearestGroup, c: Candidates): Float64Array {
  let least = g.least.get(c);
  if (!least) {
    least = new Float64Array(g.models.length);
    const byFacts = weightsKeptWith(c);
    for (let i = 0; i < least.length; i++) {
      const w = weightsOn(c, byFacts, g.facts[i]);
      let m = Infinity;
      for (let k = 0; k < w.length; k++) m = Math.min(m, w[k]);
      least[i] = m;
    }
    g.least.set(c, least);
  }
  return least;
}

/** The least memory one model needs at an ask: the model, its quantization needing the least, and that need. */
export type SmallestNeed = { model: Model; quantization: Quantization; need: MemoryNeed; usable: number };

/**
 * Of the models the engine can assess at this ask (their facts known, the context within their window), the one
 * needing the least memory at the smallest quantization the ask allows (the ladder assessFit tries), with that need;
 * ties to the lower id. Null when no model is assessable at the context. Every model is read from its kept least
 * weights under the ask's candidate list, as the ranking reads it; only the one found is assessed, so its figures are
 * assessFit's: those the same model shows as an alternative in any answer at this ask.
 */
export function smallestNeed(table: NearestTable, hardware: Hardware, opts: FitOptions): SmallestNeed | null {
  const ladder = fitLadder(hardware, opts);
  const overhead = overheadBytes(hardware.count);
  let best: Model | null = null;
  let bestTotal = Infinity;
  for (const g of table.groups) {
    const least = leastWeightsOf(g, candidatesOn(g.native, opts, ladder));
    for (let i = 0; i < least.length; i++) {
      // Over its window no memory makes a model fit at this context; an unknown one is assessed up to a limit.
      if (opts.context > g.maxContext[i]) continue;
      // needAt's sum, in its order: the KV cache and overhead are the same at every quantization, the least weights win.
      const kv = layoutKvBytes(g.layouts[i], opts.context, opts.concurrency, opts.kv_cache) * fitKvCopies(g.facts[i].architecture, hardware, opts);
      const total = least[i] + kv + overhead;
      const model = g.models[i];
      if (best === null || total < bestTotal || (total === bestTotal && model.id < best.id)) {
        best = model;
        bestTotal = total;
      }
    }
  }
  if (best === null) return null;
  const a = assessFit(best, hardware, opts) as FitAssessment;
  const t = a.tried.reduce((x, y) => (y.need.total < x.need.total ? y : x));
  return { model: best, quantization: t.q, need: t.need, usable: a.usable };
}

/**
 * The longest standard context below the ask's at which at least one model fits (comfortable or tight), every other
 * setting of the ask kept, and how many fit there: the ranking's own test (`headroomRanker`: within the window, the
 * facts known, some quantization within usable memory). Null when none fits even at 512 tokens, or the ask is at 512.
 *
 * One pass over the models. A model that fits at a context fits at every shorter one (the KV cache only shrinks, the
 * window and the unknown-window limit only admit more), so each model is tried first at the longest context found so
 * far (or 512): not fitting there, it changes nothing; fitting, it is tried at the longer ones in turn. A model of the
 * pass costs a sum or two, not a ranking per context.
 */
export function longestFittingContext(table: NearestTable, hardware: Hardware, opts: FitOptions): { context: number; models_that_fit: number } | null {
  // The standard contexts below the ask's: indices first..last of STANDARD_CONTEXTS (longest first).
  const last = STANDARD_CONTEXTS.length - 1;
  let first = 0;
  while (first <= last && STANDARD_CONTEXTS[first] >= opts.context) first++;
  if (first > last) return null;
  const ladder = fitLadder(hardware, opts);
  const usable = usableBytes(hardware);
  const overhead = overheadBytes(hardware.count);
  // The longest context at which a model fits so far (an index; -1: none yet), and how many fit there.
  let best = -1;
  let count = 0;
  for (const g of table.groups) {
    const least = leastWeightsOf(g, candidatesOn(g.native, opts, ladder));
    for (let i = 0; i < least.length; i++) {
      const w = least[i];
      const layout = g.layouts[i];
      const max = g.maxContext[i];
      let k = best < 0 ? last : best;
      const copies = fitKvCopies(g.facts[i].architecture, hardware, opts);
      if (!fitsAt(STANDARD_CONTEXTS[k], w, layout, copies, max, usable, overhead, opts)) continue;
      while (k > first && fitsAt(STANDARD_CONTEXTS[k - 1], w, layout, copies, max, usable, overhead, opts)) k--;
      if (k === best) count++;
      else {
        best = k;
        count = 1;
      }
    }
  }
  return best < 0 ? null : { context: STANDARD_CONTEXTS[best], models_that_fit: count };
}

/** headroomRanker's test at one context: the model assessed there (within its window), its least total within usable. */
function fitsAt(
  context: number, least: number, layout: KvLayout, copies: number, max: number, usable: number, overhead: number, opts: FitOptions,
): boolean {
  const kv = layoutKvBytes(layout, context, opts.concurrency, opts.kv_cache) * copies;
  return !(context > max) && levelOf(least + kv + overhead, usable) !== 'no';
}
