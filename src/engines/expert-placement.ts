// One model's placement with its experts in system RAM: the quantization and llama.cpp layers both models_for_hardware
// (experts_in_system_ram) and recommend_model (a pick on the caller's card beside RAM) state, chosen one way.
import type { Hardware, Model } from '../schema/index.ts';
import type { Quantization } from './constants.ts';
import { windowUnknownAt } from './context-window.ts';
import { attentionUnsupported, usesSparseAttention } from './attention-support.ts';
import { besideRam, cardSide, ramUsableBytes, type CardSide, type ExpertOffload, type SystemRam } from './expert-offload.ts';
import { candidatesFor, chooseIndex, fitLadder, levelOf, type FitLevel, type FitOptions } from './fit-basis.ts';
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

/** What the choice reads of a format's placement on the card: the experts the RAM must hold, the card's level, the decode. */
export type CardFigures = Pick<CardSide, 'ram_experts' | 'vram_fit' | 'tokens_per_s'>;

/** The formats a model may be placed at on a card at a context, in the fit's order, and each one's card side (undefined: none). */
export type PlacementBasis<S extends CardFigures = CardSide> = { list: readonly Quantization[]; sides: ReadonlyArray<S | undefined> };

/**
 * The placement's basis before the RAM's size is read, or undefined where the model has not the facts, its window is
 * shorter than the context (or unknown there), or the runtime has no kernel for its attention on the card (DSA before
 * Hopper). It rests on the model, the card, the options and the RAM's bandwidth alone.
 */
export function placementBasis(m: Model, hardware: Hardware, ramBandwidthGbs: number, opts: FitOptions): PlacementBasis | undefined {
  const facts = modelFacts(m);
  if ('missing' in facts || windowUnknownAt(m, opts.context)) return undefined;
  const window = m.context_window?.value;
  if (window !== undefined && opts.context > window) return undefined;
  if (usesSparseAttention(m) && attentionUnsupported(m, hardware, fitLadder(hardware, opts).runtime)) return undefined;
  const list = candidatesFor(facts.native_precision, opts, hardware).list;
  return { list, sides: list.map((q) => cardSide(facts, q, hardware, ramBandwidthGbs, opts)) };
}

/** The format chosen beside the RAM (its place in the basis's list) and, where a floor lowered it, the memory's own choice. */
export type RamChoice = { at: number; slower?: number };

/**
 * The quantization is the fit's order (highest precision comfortable, then tight; native formats first), by the worse of
 * the card's level and the RAM's, as a card-only fit prefers comfortable to tight: a quantization that fills the RAM to
 * 93% gives way to one that leaves both comfortable. A format places where its card side does and the experts it puts
 * in RAM fit the RAM's usable share (expert-offload.ts `besideRam`). Undefined where none places.
 */
export function chooseBesideRam(b: PlacementBasis<CardFigures>, ram: SystemRam, minTokensPerS?: number): RamChoice | undefined {
  const usable = ramUsableBytes(ram);
  const placed = (i: number) => {
    const c = b.sides[i];
    return c !== undefined && c.ram_experts <= usable ? c : undefined;
  };
  const k = chooseIndex(b.list, (i): FitLevel => {
    const c = placed(i);
    return c === undefined ? 'no' : c.vram_fit === 'tight' || levelOf(c.ram_experts, usable) === 'tight' ? 'tight' : 'comfortable';
  });
  if (k < 0) return undefined;
  const t = b.sides[k]!.tokens_per_s;
  // A floor asked (recommend_model on the caller's card): under it, the highest lower quantization that places and
  // reaches it, as a card-only pick is lowered (recommend-quant.ts); none: the memory's choice, under the floor.
  if (minTokensPerS === undefined || t === null || t >= minTokensPerS) return { at: k };
  for (let i = k + 1; i < b.list.length; i++) {
    const c = placed(i);
    if (c && c.tokens_per_s !== null && c.tokens_per_s >= minTokensPerS) return { at: i, slower: k };
  }
  return { at: k };
}

/**
 * The model on one card with its routed experts in `ram`, or undefined where it has no basis there (placementBasis) or
 * no quantization of `opts` places it (chooseBesideRam).
 */
export function placeExperts(
  m: Model, hardware: Hardware, ram: SystemRam, opts: FitOptions, minTokensPerS?: number,
): ExpertPlacement | undefined {
  const b = placementBasis(m, hardware, ram.bandwidth_gbs, opts);
  const c = b && chooseBesideRam(b, ram, minTokensPerS);
  if (!b || !c) return undefined;
  const chosen = { quantization: b.list[c.at], offload: besideRam(b.sides[c.at]!, ram)! };
  if (c.slower === undefined) return chosen;
  return { ...chosen, slower: { quantization: b.list[c.slower], tokens_per_s: b.sides[c.slower]!.tokens_per_s! } };
}
