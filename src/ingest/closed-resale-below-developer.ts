// A reseller's listing of a closed model priced far below the developer's own price: doubtful, held back.
import type { HeldBackPrice, Offer } from '../schema/index.ts';
import { BASE_SKUS } from '../schema/index.ts';
import type { IngestIssue } from '../sources/types.ts';
import { holdBack } from './doubtful-prices.ts';

type Field = HeldBackPrice['field'];
const FIELDS: readonly Field[] = ['input', 'output', 'cache_read', 'cache_write'];

/**
 * The share of the developer's lowest own price under which a reseller's price of a closed model is doubtful: a
 * quarter. A closed model's weights are the developer's alone, so every resale is the developer's API bought and
 * sold on; the deepest discounts the developer gives on the same tokens are half (batch, flex, DeepSeek's off-peak
 * hours: their own SKUs or notes, not a base listing's price), and its own regional prices are in the reference (the
 * lowest of the developer's base listings, Alibaba Cloud China's beside Alibaba's). The lowest price a reseller lists
 * that a developer's price of its own explains sits near 0.29x (OrcaRouter's Qwen3.5 Plus at $0.115/$0.688, the
 * yuan figures Alibaba's China price converts to, against the international $0.40/$2.40), so a quarter leaves that
 * margin. Under it no discount of the developer's explains the price: it is another (cheaper) model, a unit or
 * currency slip, or a promotional or unverifiable offer.
 */
export const CLOSED_RESALE_SHARE = 0.25;

const fmt = (x: number) => String(Number(x.toPrecision(6)));

/** The developer's lowest price of a field over its own base listings of the model (above $0: plans list $0). */
function lowestOwn(own: readonly Offer[], f: Field): Offer | undefined {
  const priced = own.filter((d) => (d.prices[f]?.value ?? 0) > 0);
  return priced.length ? priced.reduce((a, b) => (b.prices[f]!.value < a.prices[f]!.value ? b : a)) : undefined;
}

/**
 * A reseller's base listing of a closed model (`closed(model_id)`: a source says the weights are not open) whose input
 * and output are both under CLOSED_RESALE_SHARE of the developer's lowest own price for them has its prices held back
 * with the reason: the input and output, the long-context tiers of the same source with the input (they extend it),
 * and each cache price under the share of the developer's (or with no developer's cache price to weigh, from the same
 * source as the input: the listing's figures stand or fall together). The offer stays listed, unpriced. Both input and
 * output must be under it, as in the regional rule: one price alone that low is a pricing scheme of its own (a cheap
 * input with a dear output), not a listing in doubt. Open-weights models are left alone: anyone may serve the weights
 * at any price. Returns the issues; the offers change in place. Run after the developer's own price is settled
 * (developer-price-conflicts.ts), so the reference is the price served.
 */
export function holdBackClosedResalesBelowDeveloper(offers: Offer[], closed: (modelId: string) => boolean): IngestIssue[] {
  const own = new Map<string, Offer[]>();
  for (const o of offers) {
    if (o.first_party && BASE_SKUS.includes(o.sku)) own.set(o.model_id, [...(own.get(o.model_id) ?? []), o]);
  }
  const found: Array<{ o: Offer; fields: Field[]; reason: string; tiers: boolean }> = [];
  for (const o of offers) {
    if (o.first_party || !BASE_SKUS.includes(o.sku) || !closed(o.model_id)) continue;
    const dev = own.get(o.model_id) ?? [];
    const under = (f: Field) => {
      const v = o.prices[f]?.value;
      const d = lowestOwn(dev, f);
      return v !== undefined && v > 0 && d && v < d.prices[f]!.value * CLOSED_RESALE_SHARE ? d : undefined;
    };
    const [di, dout] = [under('input'), under('output')];
    if (!di || !dout) continue;
    const [i, out] = [o.prices.input!, o.prices.output!];
    const ratio = (0.75 * i.value + 0.25 * out.value) / (0.75 * di.prices.input!.value + 0.25 * dout.prices.output!.value);
    const reason = `a reseller's price of a closed model under ${CLOSED_RESALE_SHARE}x the developer's own: input ${fmt(i.value)} `
      + `and output ${fmt(out.value)} against ${fmt(di.prices.input!.value)} (${di.provider}/${di.provider_model_id}) and `
      + `${fmt(dout.prices.output!.value)} (${dout.provider}/${dout.provider_model_id}), ${fmt(ratio)}x blended at 75% input; `
      + 'the weights are the developer\'s alone and no discount of its own (batch and flex at half) comes this low, so this is '
      + 'another model, a unit or currency slip, or an unverifiable offer, doubtful until a source corroborates it';
    const fields = FIELDS.filter((f) => {
      if (f === 'input' || f === 'output') return true;
      const p = o.prices[f];
      if (!p || p.value <= 0) return false;
      return lowestOwn(dev, f) ? under(f) !== undefined : p.source === i.source;
    });
    found.push({ o, fields, reason, tiers: o.prices.tiers?.source === i.source });
  }
  // Decided on the prices as served before any is held back.
  return found.flatMap(({ o, fields, reason, tiers }) => {
    const issues = fields.map((f) => holdBack(o, f, reason));
    if (tiers) {
      const source = o.prices.tiers!.source;
      delete o.prices.tiers;
      issues.push({ source, file: '(offers)', row: `${o.provider}/${o.provider_model_id}:${o.sku}`, field: 'tiers',
        message: `long-context tiers held back with the input price they extend: ${reason}` });
    }
    return issues;
  });
}
