// A pointer's listings priced below the developer's own price of the model it serves: a stale price to review.
import type { Model, Offer } from '../schema/index.ts';

type Pair = { input: number; output: number };

/** A served standard per-token price with both figures, or none (held back, free, batch). */
function pair(o: Offer): Pair | undefined {
  const input = o.prices.input?.value;
  const output = o.prices.output?.value;
  if (o.sku !== 'standard' || input === undefined || output === undefined || input <= 0 || output <= 0) return undefined;
  return { input, output };
}

/**
 * docs/data.md, "A moving name's facts". A listing of a pointer (a model with `points_to`) sells the model it points
 * to. Priced below that model at its own developer on both figures, it is a copy of an earlier target's price
 * (Vertex AI's codestral@latest at $0.20/$0.60, the earlier Codestral's, against Codestral 25.08's $0.30/$0.90), and
 * served it would make the pointer the cheaper way to buy its own target. Nothing is changed here: each such listing
 * is reported for review (held-prices.csv holds a price back with its reason). A reseller's own discount on the
 * target is no evidence either way, so only the developer's price is the measure.
 */
export function pointerUndercuts(models: readonly Model[], offers: readonly Offer[]): string[] {
  const byModel = new Map<string, Offer[]>();
  for (const o of offers) byModel.set(o.model_id, [...(byModel.get(o.model_id) ?? []), o]);
  const out: string[] = [];
  for (const m of models) {
    const target = m.points_to?.value;
    if (!target || target === 'none') continue;
    const own = (byModel.get(target) ?? []).filter((o) => o.first_party).map(pair).filter((p): p is Pair => p !== undefined);
    if (!own.length) continue;
    const floor = { input: Math.min(...own.map((p) => p.input)), output: Math.min(...own.map((p) => p.output)) };
    for (const o of byModel.get(m.id) ?? []) {
      const p = pair(o);
      if (!p || p.input >= floor.input || p.output >= floor.output) continue;
      out.push(`${m.id}: ${o.provider}/${o.provider_model_id} $${p.input}/$${p.output} (${o.prices.input!.source}) is below ${target}'s own ` +
        `$${floor.input}/$${floor.output}`);
    }
  }
  return out;
}
