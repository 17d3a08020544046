// recommend_model's `context`: the tokens the fit, the context-window filter and the API prices are computed for.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { perDataset } from '../engines/per-dataset.ts';
import { ServiceError } from '../errors/index.ts';

/** The smallest context a fit is computed at (models_for_hardware's and estimate_cost's lower bound). */
const MIN_CONTEXT = 512;
const RANGE = `a whole number of tokens from ${MIN_CONTEXT} to the largest context window in the dataset`;

export const RecommendContext = z
  .number()
  .int(`context must be ${RANGE}`)
  .min(MIN_CONTEXT, `context must be ${RANGE}`)
  // The dataset's largest window (10,485,760 tokens today) is checked in the handler; this bound only keeps the
  // schema finite for the OpenAPI document.
  .max(1_000_000_000, `context must be ${RANGE}`)
  .optional()
  .describe('Tokens of context the answer is for (default: 8,192, or 32,768 for use=documents): models need a context window at least '
    + 'that long, self-hosting fits are computed at it, and API offers are priced for prompts of that size (an offer whose own context '
    + 'window, as its source states it, is shorter is not considered; an offer whose long-context tier starts below it is priced at the tier). From 512 to the largest context window in the dataset.');

/** The largest context window any model has, and which model, once per dataset. */
const largestWindow = perDataset((ds: Dataset) => {
  let best = { tokens: 0, model: '' };
  for (const m of ds.models) {
    const w = m.context_window?.value ?? 0;
    if (w > best.tokens) best = { tokens: w, model: m.id };
  }
  return best;
});

/** The context asked, refused when no model in the dataset reads that many tokens (no answer could meet it). */
export function contextWithinCatalogue(ds: Dataset, context: number | undefined): number | undefined {
  if (context === undefined) return undefined;
  const largest = largestWindow(ds);
  if (context > largest.tokens) {
    const allowed = `${MIN_CONTEXT} to ${largest.tokens.toLocaleString('en-US')} `
      + `(${largest.model}'s context window, the largest in the dataset)`;
    const detail = `context: ${context} tokens is more than any model in the dataset reads; allowed: ${allowed}.`;
    throw new ServiceError('invalid_parameter', detail, {
      errors: [{ parameter: 'context', message: 'longer than every context window in the dataset', allowed }],
    });
  }
  return context;
}
