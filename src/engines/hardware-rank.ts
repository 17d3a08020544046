// Ranking per configuration: every open-weights language model that runs on it, best first, written out per page.
import type { Hardware, Model } from '../schema/index.ts';
import {
  assessFit, describeFit, FIT_ASSUMPTIONS, headroomRanker,
  type FitAssessed, type FitAssessment, type FitNotAssessable, type FitOptions,
} from './hardware-fit.ts';
import { isLanguageModel } from './language-model.ts';
import { usesSparseAttention } from './attention-support.ts';
import { windowUnknownReason } from './context-window.ts';
import { hardwareSummary, type HardwareSummary } from './hardware-summary.ts';
import { modelFacts, toGb } from './memory.ts';

export type RankedModel = FitAssessed & { rank: number; rating: number | null };

export type ModelsForHardwareResult = {
  hardware: HardwareSummary;
  context: number;
  concurrency: number;
  /** Models that run (fit comfortable or tight), best first: arena rating, then memory headroom. */
  models: RankedModel[];
  /** Open-weight models the dataset lacks the facts for: listed, never guessed. */
  not_assessable: Array<{ model_id: string; reason: string; missing: string[] }>;
  /** Open-weight, assessable models that do not fit at any quantization (or exceed their context window). */
  does_not_fit: number;
  /**
   * Models left out: weights not downloadable (false) or not known to be (unknown), and open-weights models that are
   * not language models (speech, image, video, embedding): a language-model answer does not rank or list them.
   */
  excluded: Excluded;
  estimate: true;
  assumptions: string[];
};


/** A fitting model in ranking order, its figures not yet written out (see `describeRanked`). */
/** A model's place on a configuration: what the order reads; `describeRanked` assesses and writes it out. */
export type RankedFit = { rank: number; rating: number | null; headroom_gb: number; model: Model };

export type Excluded = { closed_weights: number; open_weights_unknown: number; not_language_models: number };

/**
 * The models a fit is assessed for (open-weight language models) and the count of the rest: closed or unknown
 * weights, and open models that read or write no text. Depends on the models alone, so callers may keep it.
 */
export function fitCandidates(models: readonly Model[]): { candidates: Model[]; excluded: Excluded } {
  const candidates: Model[] = [];
  const excluded: Excluded = { closed_weights: 0, open_weights_unknown: 0, not_language_models: 0 };
  for (const model of models) {
    const open = model.open_weights?.value;
    if (open === false) excluded.closed_weights++;
    else if (open === undefined) excluded.open_weights_unknown++;
    else if (!isLanguageModel(model)) excluded.not_language_models++;
    else candidates.push(model);
  }
  return { candidates, excluded };
}

export type FitRanking = Omit<ModelsForHardwareResult, 'models'> & { ranked: RankedFit[] };

/**
 * The candidates of a ranking as a caller keeps them per dataset: `fitCandidates`' split, and optionally each
 * candidate's known context window (`knownWindows`, in the same order).
 */
export type CandidateSplit = { candidates: readonly Model[]; excluded: Excluded; windows?: Float64Array };

/**
 * Each model's context window where the ranking would read it (the model has the facts and the window is known),
 * NaN elsewhere. A ranking at a context over such a window counts the model as not fitting without reading its facts:
 * the same answer as `headroomAt`'s first test, which no memory figure can change. Most asks of a wide context are
 * over most windows, so this skips most of the catalogue.
 */
export function knownWindows(models: readonly Model[]): Float64Array {
  const windows = new Float64Array(models.length);
  for (let i = 0; i < models.length; i++) {
    const window = models[i].context_window?.value;
    windows[i] = window === undefined || 'missing' in modelFacts(models[i]) ? NaN : window;
  }
  return windows;
}

/**
 * Every open-weight model that runs on `hardware`, best first: arena rating (higher first, unrated last), then
 * memory headroom, then id (a stable order). Closed or unknown weights and models that are not language models
 * are counted, not listed. Only the arithmetic is done for every model; `describeRanked` writes out the ones a
 * caller shows.
 */
export function rankForHardware(
  models: readonly Model[],
  hardware: Hardware,
  opts: FitOptions,
  ratingOf: (modelId: string) => number | null | undefined,
  // A caller that keeps the split per dataset passes it: it reads every model's name and facts, the same on every ask.
  split: CandidateSplit = fitCandidates(models),
): FitRanking {
  const fits: Array<Omit<RankedFit, 'rank'>> = [];
  const not_assessable: ModelsForHardwareResult['not_assessable'] = [];
  const { candidates, excluded, windows } = split;
  const context = opts.context;
  let does_not_fit = 0;
  const headroomOf = headroomRanker(hardware, opts);
  let windowReason: string | undefined;
  for (let i = 0; i < candidates.length; i++) {
    // Over its known window a model fits at no quantization (NaN, a window not read, never compares greater).
    if (windows !== undefined && context > windows[i]) {
      does_not_fit++;
      continue;
    }
    const model = candidates[i];
    const headroom = headroomOf(model);
    if (headroom === undefined) {
      const facts = modelFacts(model);
      // No facts, or no kernel for the model's attention here: assessFit's reason.
      if ('missing' in facts || usesSparseAttention(model)) {
        const a = assessFit(model, hardware, opts) as FitNotAssessable;
        not_assessable.push({ model_id: a.model_id, reason: a.reason, missing: a.missing });
      } else {
        // The window is unknown above the context a fit is asserted at: assessFit's reason, the same for every such
        // model of the ask, worded once (it formats numbers, which takes microseconds).
        windowReason ??= windowUnknownReason(opts.context);
        not_assessable.push({ model_id: model.id, reason: windowReason, missing: ['context_window'] });
      }
    } else if (headroom === null) does_not_fit++;
    // The order uses the headroom as the wire shows it (rounded), as the written-out memory report has it.
    else fits.push({ rating: ratingOf(model.id) ?? null, headroom_gb: toGb(headroom), model });
  }
  fits.sort(
    (a, b) =>
      (b.rating ?? -Infinity) - (a.rating ?? -Infinity) ||
      b.headroom_gb - a.headroom_gb ||
      (a.model.id < b.model.id ? -1 : a.model.id > b.model.id ? 1 : 0),
  );
  not_assessable.sort((a, b) => (a.model_id < b.model_id ? -1 : 1));
  return {
    hardware: hardwareSummary(hardware),
    context: opts.context,
    concurrency: opts.concurrency,
    // Built member by member: an object spread followed by a member is slow on Node 20 (docs/performance.md).
    ranked: fits.map((f, i) => ({ rating: f.rating, headroom_gb: f.headroom_gb, model: f.model, rank: i + 1 })),
    not_assessable,
    does_not_fit,
    excluded,
    estimate: true,
    assumptions: [...FIT_ASSUMPTIONS],
  };
}

/** One ranked model with every figure written out. */
export function describeRanked(r: RankedFit, hardware: Hardware, opts: FitOptions): RankedModel {
  return { ...describeFit(assessFit(r.model, hardware, opts) as FitAssessment, hardware, opts), rating: r.rating, rank: r.rank };
}

/** The whole ranking written out (`rankForHardware` then `describeRanked` for every model). */
export function modelsForHardware(
  models: readonly Model[],
  hardware: Hardware,
  opts: FitOptions,
  ratingOf: (modelId: string) => number | null | undefined,
): ModelsForHardwareResult {
  const { ranked, ...rest } = rankForHardware(models, hardware, opts, ratingOf);
  return { ...rest, models: ranked.map((r) => describeRanked(r, hardware, opts)) };
}
