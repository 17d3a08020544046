// The configuration a self-hosted pick "also fits", on hardware the caller owns or buys: its speed said beside it, at
// the format the usable-speed floor would run it at, so that no machine too slow for the ask is offered unqualified.
import type { Hardware, Model } from '../schema/index.ts';
import type { FitAssessed } from './hardware-fit.ts';
import { OWNED_FIGURE } from './recommend-hosting-named.ts';
import { usableQuantization } from './recommend-quant.ts';
import { SelfFit } from './self-hosting.ts';
import { fastEnough, readsInTime, secondsText, type SpeedFloor } from './recommend-speed.ts';

/**
 * The fit the floor judges a configuration at (docs/trust-and-recommend.md section 2.4, "Usable speed"): the fit
 * engine's own choice where it reaches the floor, else the highest quantization of 4 bits or more that does; where
 * none does, the fit engine's own choice (the largest that fits), the speed an owner would see.
 */
export function atFloor(fit: FitAssessed, floor: number): { quantization: string | null; tokens_per_s: number | null } {
  if (fastEnough(fit, floor)) return fit;
  return usableQuantization(fit, floor) ?? fit;
}

/**
 * Under the floor at every quantization of 4 bits or more that fits, or slower than the floor's limit to read a prompt
 * filling the context (the same at every quantization): the speed step would hold such a pick back.
 */
export function underFloor(fit: FitAssessed, floor: SpeedFloor): boolean {
  if (!readsInTime(fit, floor.prefill_s)) return true;
  return !fastEnough(fit, floor.tokens_per_s) && usableQuantization(fit, floor.tokens_per_s) === null;
}

/**
 * The configuration as the caller would own it: at batch 1, in the formats models_for_hardware uses for it (the
 * pick's `smallest` is sized as a server, which on several cards takes vLLM's formats). Kept per fit shown.
 */
const owned = new WeakMap<FitAssessed, FitAssessed>();
export function ownedFitOf(m: Model, small: { hardware: Hardware; fit: FitAssessed }, context: number): FitAssessed {
  let f = owned.get(small.fit);
  if (!f) owned.set(small.fit, (f = new SelfFit(m, small.hardware, context, OWNED_FIGURE).fit));
  return f;
}

/**
 * `, about 1.4 tokens/s at q4_k_m`: the speed beside an "also fits" configuration where a floor applies (and the time to
 * read a prompt filling the context, where that is over the floor's limit); empty otherwise.
 */
export function alsoSpeed(fit: FitAssessed, floor: SpeedFloor | null): string {
  if (floor === null) return '';
  const f = atFloor(fit, floor.tokens_per_s);
  const t = fit.speed?.time_to_first_token_s;
  const prompt = !readsInTime(fit, floor.prefill_s) && t !== undefined && t !== null ? `, ${secondsText(t)} to read a prompt filling the context` : '';
  return f.tokens_per_s === null ? ', no speed estimated' : `, about ${f.tokens_per_s} tokens/s at ${f.quantization}${prompt}`;
}
