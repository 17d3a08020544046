// Why a cost sizes a smaller context than asked: the model's window caps it, and offers that serve more are named.
import type { Model, Offer } from '../schema/index.ts';
import { DEFAULT_CONTEXT } from './constants.ts';

/**
 * estimate_cost sizes each request at the context asked, at most the model's window (self-hosted-cost.ts, costContext):
 * a KV cache or a prompt beyond the window the model states is not one the model reads. Capping is a change of the ask,
 * so the answer says so: the window and its source, and the offers whose own stated window is larger (hosts serving
 * Qwen3 at 131,072 tokens with YaRN beside its native 32,768), which the figures do not use. Null when nothing is capped.
 */
/** One formatter for every call: `toLocaleString` builds a new one each time, a cost per offer on a cold ask. */
const GROUPED = new Intl.NumberFormat('en-US');

export function contextCapNote(model: Pick<Model, 'context_window'>, offers: readonly Offer[], asked: number): string | null {
  const window = model.context_window?.value;
  if (window === undefined || asked <= window) return null;
  return `context capped: ${GROUPED.format(asked)} tokens asked, ${capTail(model, offers, window)}`;
}

/**
 * The note's words after the tokens asked, which only the model and its offers decide: kept per model and frozen list
 * of offers (estimate_cost's kept offers, cost-offers.ts), so an ask over the window formats its own figure only. The
 * offers' filter, sort and grouped numbers were some 5% of a call at the widest context (docs/performance.md,
 * twenty-eighth round). A list that is not frozen could change after: its words are made each time.
 */
const tails = new WeakMap<object, WeakMap<readonly Offer[], string>>();

function capTail(model: Pick<Model, 'context_window'>, offers: readonly Offer[], window: number): string {
  const frozen = Object.isFrozen(offers) && Object.isFrozen(model);
  let byOffers = frozen ? tails.get(model) : undefined;
  let t = byOffers?.get(offers);
  if (t !== undefined) return t;
  const fmt = (n: number) => GROUPED.format(n);
  const larger = offers
    .filter((o) => (o.context_window?.value ?? 0) > window)
    .map((o) => `${o.provider} ${fmt(o.context_window!.value)}`);
  const unique = [...new Set(larger)].sort();
  const shown = unique.length <= 4 ? unique.join(', ') : `${unique.slice(0, 4).join(', ')} and ${unique.length - 4} more`;
  const offersPart = unique.length
    ? `; ${unique.length} ${unique.length === 1 ? 'offer states' : 'offers state'} a larger window of their own (${shown}), `
      + 'which these figures do not use'
    : '';
  t = `${fmt(window)} costed, the model's context window `
    + `(${model.context_window!.source}, ${model.context_window!.as_of}): the self-hosted KV cache and the API prompt are sized `
    + `at the window${offersPart}`;
  if (frozen) {
    if (!byOffers) tails.set(model, (byOffers = new WeakMap()));
    byOffers.set(offers, t);
  }
  return t;
}

/**
 * Tokens per sequence the cost model sizes the KV cache for: the requested context, at most the model's window. An
 * unknown window does not cap it: selfHostingCosts then costs nothing above the context a fit is asserted at
 * without a window (context-window.ts) rather than size a context the model may not read.
 */
export function costContext(model: Pick<Model, 'context_window'>, opts: { context?: number }): number {
  return Math.min(opts.context ?? DEFAULT_CONTEXT, model.context_window?.value ?? Infinity);
}
