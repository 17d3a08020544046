// The bits a token reads a model's active parameters at, where a format keeps its routed experts narrower than the rest.
import type { Architecture } from '../schema/index.ts';
import type { ActiveSplit, Quantization } from './constants.ts';
import { routedExperts } from './moe.ts';

export type ActiveBits = { value: number; basis: string };

/** What a model's own split is read from: its active count and its expert geometry. */
export type ActiveBitsFacts = { parameters_active: number; architecture: Architecture };

/** Per facts object (one per Model of a frozen dataset, so bounded by it) and quantization id: read once. */
const byFacts = new WeakMap<ActiveBitsFacts, Map<string, ActiveBits>>();

/**
 * The width a token reads its active parameters at, or undefined where the format reads them at its average. A format
 * with a `split` (MXFP4: experts at 4.25 bits, attention and output head at Q8_0's 8.5) gives each model its own
 * figure from its configuration: gpt-oss-20b routes 4 x 24 x 3 x 2,880 x 2,880 = 2.389B of its 3.61B active, so
 * (2.389 x 4.25 + 1.221 x 8.5) / 3.61 = 5.69 bits, where gpt-oss-120b's 3.583B of 5.13B read 5.53 (the format's
 * reference figure, which a model without known geometry keeps). Without a split (Kimi's INT4: its card's 32B active
 * is a rounded count, and K2.5's and K2.6's rows hold no geometry) the format's figure stands for every model.
 */
export function activeBitsOf(facts: ActiveBitsFacts, q: Quantization): ActiveBits | undefined {
  const a = q.active_bits_per_weight;
  if (!a?.split) return a;
  let byQ = byFacts.get(facts);
  if (!byQ) byFacts.set(facts, (byQ = new Map()));
  let bits = byQ.get(q.id);
  if (!bits) byQ.set(q.id, (bits = ownSplit(facts, a, a.split, q.expert_bits ?? q.bits_per_weight)));
  return bits;
}

function ownSplit(facts: ActiveBitsFacts, reference: ActiveBits, s: ActiveSplit, expertBits: number): ActiveBits {
  const g = routedExperts(facts.architecture);
  const active = facts.parameters_active;
  const routed = g === undefined ? undefined : g.per_token * g.parameters_per_expert;
  // Geometry that does not fit inside the active count is not this model's reading: the reference stands.
  if (routed === undefined || routed <= 0 || routed >= active) return reference;
  const rest = active - routed;
  const value = Math.round(((routed * expertBits + rest * s.rest_bits) / active) * 100) / 100;
  const b = (n: number) => `${Number((n / 1e9).toFixed(3))}B`;
  return {
    value,
    basis: `${b(routed)} routed-expert parameters at ${expertBits} bits and ${b(rest)} of ${s.rest} ${s.rest_bits} (${s.source}) over ${b(active)} active`,
  };
}
