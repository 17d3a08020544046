// The unknown-window rule: how far a fit or a cost is asserted for a model whose context window no source gives.
import type { Model } from '../schema/index.ts';

/**
 * The longest context a fit is asserted at when the dataset has no context window for the model. Of the 162
 * open-weights models with parameter and architecture facts whose window is known (dataset of 2026-11), 161 accept at
 * least 4,096 tokens (phi-2: 2,048), 11 stop exactly there (Llama 2, Phi-3 4k, Yi-1.5, SOLAR...) and 12 are below
 * 8,192: above 4,096 an unknown window may well be shorter than the context, and a fit there would claim the model
 * reads a context it may not. Up to it the fit is given, saying what it assumes.
 */
export const UNKNOWN_WINDOW_MAX_CONTEXT = 4096;

/**
 * A token count as toLocaleString('en-US') writes it (1,048,576). A context is a whole number, grouped here by hand:
 * toLocaleString takes a microsecond or more a call, and a cold ask above the limit words two reasons with it.
 */
export function tokens(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return n.toLocaleString('en-US');
  const digits = String(n);
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}
// Formatted once: toLocaleString takes microseconds, and the reasons below are written on every ask above the limit.
const MAX_CONTEXT_WORDS = tokens(UNKNOWN_WINDOW_MAX_CONTEXT);

/** Whether the window is unknown and the context is above what a fit is asserted at without one. */
export function windowUnknownAt(model: Model, context: number): boolean {
  return model.context_window === undefined && context > UNKNOWN_WINDOW_MAX_CONTEXT;
}

/** Why a model with an unknown window is not assessed at `context` (above UNKNOWN_WINDOW_MAX_CONTEXT). */
export function windowUnknownReason(context: number): string {
  return (
    `not assessable at ${tokens(context)} tokens: the dataset has no context window for this model, and a fit is asserted ` +
    `only up to ${MAX_CONTEXT_WORDS} tokens without one (the service does not guess the window)`
  );
}

/** Why a list of models is left unassessed at `context` for want of their windows. */
export function windowUnknownListReason(context: number): string {
  return (
    `those missing context_window have their other facts, but are not assessed at ${tokens(context)} tokens: without a ` +
    `context window a fit is asserted only up to ${MAX_CONTEXT_WORDS} tokens`
  );
}

/** The line a fit or cost of a model with an unknown window cites in place of the window. */
export const UNKNOWN_WINDOW_INPUT =
  `context_window: not in the dataset; the fit assumes the model accepts the context, and is asserted only up to ` +
  `${tokens(UNKNOWN_WINDOW_MAX_CONTEXT)} tokens (above, the model is listed as not assessable)`;

/** The rule in one sentence, for the assumptions every fit answer lists. */
export const UNKNOWN_WINDOW_RULE =
  `context window: a context above the model's window does not fit; where the dataset has no window, the fit is ` +
  `asserted only up to ${tokens(UNKNOWN_WINDOW_MAX_CONTEXT)} tokens (every open-weights model with a known window but one ` +
  `accepts that many) and the model is not assessable above it`;
