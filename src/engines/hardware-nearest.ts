// When no model fits a configuration: the least memory any model needs there, and the longest standard context that fits one.
import type { Hardware, Model } from '../schema/index.ts';
import type { Quantization } from './constants.ts';
import { windowUnknownAt } from './context-window.ts';
import { fitBasis, type FitBasis } from './fit-basis.ts';
import { assessFit, headroomRanker, type FitAssessment, type FitOptions } from './hardware-fit.ts';
import { kvCacheBytes, modelFacts, type MemoryNeed, type ModelFacts } from './memory.ts';

/**
 * The contexts a shorter one is looked for among: the powers of two from the context parameter's floor (512 tokens)
 * to its ceiling (1,048,576), the sizes runtimes default to and model cards state (2k, 4k, 8k, 32k, 128k). A caller
 * told "at 4,096 tokens one fits" can ask that; a context searched to the token (7,933) would be a figure nobody asks
 * for, and would cost a ranking per step. Longest first: the first that fits one model is the answer.
 */
export const STANDARD_CONTEXTS: readonly number[] = Array.from({ length: 12 }, (_, i) => 2 ** (20 - i));

/** The least memory one model needs at an ask: the model, its quantization needing the least, and that need. */
export type SmallestNeed = { model: Model; quantization: Quantization; need: MemoryNeed; usable: number };

/**
 * Of the models the engine can assess at this ask (their facts known, the context within their window), the one
 * needing the least memory at the smallest quantization the ask allows (the ladder assessFit tries), with that need;
 * ties to the lower id. Null when no model is assessable at the context. Every model is read from its kept weights at
 * each candidate (`fitBasis`), as the ranking reads it; only the one found is assessed, so its figures are assessFit's:
 * those the same model shows as an alternative in any answer at this ask.
 */
export function smallestNeed(models: readonly Model[], hardware: Hardware, opts: FitOptions): SmallestNeed | null {
  let best: { model: Model; total: number } | null = null;
  for (const model of models) {
    // Over its known window no memory makes a model fit at this context; an unknown one is assessed up to a limit.
    const window = model.context_window?.value;
    if ((window !== undefined && opts.context > window) || windowUnknownAt(model, opts.context)) continue;
    const basis = fitBasis(model, hardware, opts);
    if (!basis) continue;
    const facts = modelFacts(model) as ModelFacts;
    // needAt's sum, in its order: the KV cache and overhead are the same at every quantization, the least weights win.
    const total = leastWeights(basis) + kvCacheBytes(facts.architecture, opts.context, opts.concurrency, opts.kv_cache) + basis.overhead;
    if (best === null || total < best.total || (total === best.total && model.id < best.model.id)) best = { model, total };
  }
  if (best === null) return null;
  const a = assessFit(best.model, hardware, opts) as FitAssessment;
  const t = a.tried.reduce((x, y) => (y.need.total < x.need.total ? y : x));
  return { model: best.model, quantization: t.q, need: t.need, usable: a.usable };
}

/** The least weights of a model's candidates, bytes. */
function leastWeights(basis: FitBasis): number {
  let w = Infinity;
  for (let i = 0; i < basis.list.length; i++) w = Math.min(w, basis.weights[i]);
  return w;
}

/**
 * The longest standard context below the ask's at which at least one model fits (comfortable or tight), every other
 * setting of the ask kept, and how many fit there: the ranking's own test (`headroomRanker`: within the window, the
 * facts known, some quantization within usable memory). Null when none fits even at 512 tokens, or the ask is at 512.
 * At most eleven contexts, each a pass of sums over the models that could fit at some context.
 */
export function longestFittingContext(
  models: readonly Model[], hardware: Hardware, opts: FitOptions,
): { context: number; models_that_fit: number } | null {
  // A model whose least weights and the overhead exceed usable memory fits at no context: read once, left out of every
  // pass (on a small machine, most of the catalogue).
  const possible = models.filter((m) => {
    const basis = fitBasis(m, hardware, opts);
    return basis !== undefined && leastWeights(basis) + basis.overhead <= basis.usable;
  });
  for (const context of STANDARD_CONTEXTS) {
    if (context >= opts.context) continue;
    const headroomOf = headroomRanker(hardware, { ...opts, context });
    let fit = 0;
    for (const model of possible) {
      const h = headroomOf(model);
      if (h !== undefined && h !== null) fit++;
    }
    if (fit > 0) return { context, models_that_fit: fit };
  }
  return null;
}
