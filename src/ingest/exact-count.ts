// A model card's rounded parameter count (14,000,000,000) gives way to an exact count of a copy of the same weights.
import type { Fact } from '../schema/index.ts';
import type { ModelObservation } from '../sources/types.ts';

/** A count that is a whole number of hundreds of millions is a card's rounded figure, not a tensor count. */
const ROUNDED = 1e8;
/** A copy's exact count stands in only when it is this close to the rounded one (phi-4: 14.66B for 14B, 4.7%). */
const NEAR = 0.1;

/**
 * llmfit gives microsoft/phi-4 as 14,000,000,000 (its card's figure, no config read) and unsloth/phi-4, the
 * same weights re-uploaded, as 14,659,507,200. An exact count is the better fact for memory estimates; the
 * rounded one stays where no copy has an exact count.
 */
export function preferExactCount(f: Fact<number> | undefined, copies: readonly ModelObservation[]): Fact<number> | undefined {
  if (!f || f.value % ROUNDED !== 0) return f;
  const exact = copies
    .filter((o) => o.parameters_total !== undefined && o.parameters_total % ROUNDED !== 0 && Math.abs(o.parameters_total / f.value - 1) <= NEAR)
    .sort((a, b) => a.source_model_id.localeCompare(b.source_model_id))[0];
  if (!exact) return f;
  return {
    value: exact.parameters_total!, as_of: exact.as_of, source: exact.source,
    note: `exact count of ${exact.source_model_id}, a copy of the same weights; the model's own repo gives the rounded ${f.value / 1e9}B`,
  };
}

/**
 * An active count within the rounding margin of the total is the same dense count written by another source (llmfit's
 * google/gemma-3-12b-it card says 12,000,000,000 where a copy counts 12,187,325,040; phi-4's card 14B beside the
 * reviewed 14,659,507,200): the model reads all its weights, so its active count is the total. Pairing the rounded
 * figure with the exact one would read as a mixture of experts. Mixture-of-experts shares sit far below (Mixtral
 * 8x7B 0.28), src/engines/moe.ts.
 */
export function denseActive(total: Fact<number> | undefined, active: Fact<number> | undefined): Fact<number> | undefined {
  if (!total || !active || active.value === total.value || Math.abs(active.value / total.value - 1) > NEAR) return active;
  return { ...total, note: `dense: ${active.source} gives ${active.value}, the total counted another way; active = total` };
}
