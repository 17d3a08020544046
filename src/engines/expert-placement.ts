// One model's placement with its experts in system RAM: the quantization and llama.cpp layers both models_for_hardware
// (experts_in_system_ram) and recommend_model (a pick on the caller's card beside RAM) state, chosen one way.
import type { Hardware, Model } from '../schema/index.ts';
import type { Quantization } from './constants.ts';
import { windowUnknownAt } from './context-window.ts';
import { attentionUnsupported, usesSparseAttention } from './attention-support.ts';
import { expertOffload, type ExpertOffload, type SystemRam } from './expert-offload.ts';
import { candidatesFor, chooseIndex, fitLadder, type FitOptions } from './fit-basis.ts';
import { modelFacts } from './memory.ts';

/**
 * The placement's level: the worse of the card's and the RAM's. A placement that fills the RAM to 86% is tight however
 * much room the card has (until 2026-11-29 models_for_hardware's `fit` showed the card's level alone).
 */
export const placementLevel = (o: Pick<ExpertOffload, 'vram_fit' | 'ram_fit'>): 'comfortable' | 'tight' =>
  o.vram_fit === 'tight' || o.ram_fit === 'tight' ? 'tight' : 'comfortable';

export type ExpertPlacement = {
  quantization: Quantization;
  offload: ExpertOffload;
  /** The quantization the memory chose, passed over because its decode is under `minTokensPerS`; absent otherwise. */
  slower?: { quantization: Quantization; tokens_per_s: number };
};

/**
 * The model on one card with its routed experts in `ram`, or undefined where it has not the facts, its window is
 * shorter than the context (or unknown there), the runtime has no kernel for its attention on the card (DSA before
 * Hopper), or no quantization of `opts` places it. The quantization is the fit's order (highest precision comfortable,
 * then tight; native formats first), by the worse of the card's level and the RAM's, as a card-only fit prefers
 * comfortable to tight: a quantization that fills the RAM to 93% gives way to one that leaves both comfortable.
 */
export function placeExperts(
  m: Model, hardware: Hardware, ram: SystemRam, opts: FitOptions, minTokensPerS?: number,
): ExpertPlacement | undefined {
  const facts = modelFacts(m);
  if ('missing' in facts || windowUnknownAt(m, opts.context)) return undefined;
  const window = m.context_window?.value;
  if (window !== undefined && opts.context > window) return undefined;
  if (usesSparseAttention(m) && attentionUnsupported(m, hardware, fitLadder(hardware, opts).runtime)) return undefined;
  const list = candidatesFor(facts.native_precision, opts, hardware).list;
  const tried = list.map((q) => expertOffload(facts, q, hardware, ram, opts));
  const k = chooseIndex(list, (i) => {
    const t = tried[i];
    return t === undefined ? 'no' : placementLevel(t);
  });
  if (k < 0) return undefined;
  const chosen = { quantization: list[k], offload: tried[k]! };
  const t = chosen.offload.tokens_per_s;
  // A floor asked (recommend_model on the caller's card): under it, the highest lower quantization that places and
  // reaches it, as a card-only pick is lowered (recommend-quant.ts); none: the memory's choice, under the floor.
  if (minTokensPerS === undefined || t === null || t >= minTokensPerS) return chosen;
  for (let i = k + 1; i < list.length; i++) {
    const o = tried[i];
    if (o && o.tokens_per_s !== null && o.tokens_per_s >= minTokensPerS) {
      return { quantization: list[i], offload: o, slower: { quantization: list[k], tokens_per_s: t } };
    }
  }
  return chosen;
}
