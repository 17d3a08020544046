// A reseller's listing of a closed model priced far below the developer's own price: doubtful, held back.
import type { HeldBackPrice, Offer } from '../schema/index.ts';
type PriceTier = NonNullable<Offer['prices']['tiers']>['value'][number];
import { BASE_SKUS } from '../schema/index.ts';
import type { IngestIssue } from '../sources/types.ts';
import { holdBack } from './doubtful-prices.ts';
import type { ReadingsOf } from './developer-price-conflicts.ts';
import { figureOn, tiersOn, type PriceHistory, type PriceSide, type TierHistory } from './developer-price-on.ts';

type Field = HeldBackPrice['field'];
type Pair = { input: number; output: number };
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

/** What the rule weighs beside the offers; without them it compares today's figures on the base tier only. */
export type ClosedResaleContext = {
  /** Each source's reading of an offer (buildOffers' readings): the reseller's day, the developer's figures. */
  readings?: ReadingsOf;
  /** The sources' recorded moves of a listing's price: the developer's figure walked back to the reseller's day. */
  history?: PriceHistory;
  /** The sources' recorded moves of a listing's long-context tiers: the developer's tiers walked back the same way. */
  tierHistory?: TierHistory;
  /** The model's window, for a listing that states none of its own. */
  modelWindow?: (modelId: string) => number | undefined;
};

const fmt = (x: number) => String(Number(x.toPrecision(6)));

/** The developer's lowest price of a field over its own base listings of the model (above $0: plans list $0). */
function lowestOwn(own: readonly Offer[], f: Field): Offer | undefined {
  const priced = own.filter((d) => (d.prices[f]?.value ?? 0) > 0);
  return priced.length ? priced.reduce((a, b) => (b.prices[f]!.value < a.prices[f]!.value ? b : a)) : undefined;
}

/**
 * The day a reseller's price speaks for: when its source's own history last set it (the reading's `since`), else the
 * day the source was read.
 */
function dayOf(o: Offer, ctx: ClosedResaleContext): string {
  const input = o.prices.input!;
  const r = ctx.readings?.(o)?.find((x) => x.source === input.source);
  return r?.since ?? r?.as_of ?? input.as_of;
}

/**
 * A developer's listing's figure on `day`: its served figure walked back through the moves each source that gives it
 * recorded after that day, the lowest where the sources date the move apart (one recorded it later than the other).
 */
function ownOn(d: Offer, side: PriceSide, day: string, ctx: ClosedResaleContext): number | undefined {
  const f = d.prices[side];
  if (!f || f.value <= 0) return undefined;
  if (!ctx.history) return f.value;
  const found = [f.source, ...(f.corroborated_by ?? [])]
    .map((s) => figureOn(f.value, ctx.history!(s, d.provider, d.provider_model_id, side), day))
    .filter((v): v is number => v !== undefined);
  return found.length ? Math.min(...found) : undefined;
}

/** The tier of `tiers` that prices a prompt just above `threshold` (the highest at or under it), if any. */
const tierAt = (tiers: readonly PriceTier[] | undefined, threshold: number) =>
  (tiers ?? []).filter((t) => t.above_tokens <= threshold).sort((a, b) => b.above_tokens - a.above_tokens)[0];

/**
 * How close two shares must be for a flat price to read as one tier of the developer's divided by one factor: a
 * scheme that converts or divides the developer's figures (a yuan-for-dollar credit, a discount) moves input and
 * output alike, while a tier's own input-to-output ratio differs from the base's (Gemini 3 Pro Preview: $2/$12 up to
 * 200k, $4/$18 above, 6 against 4.5).
 */
export const TIER_MATCH = 1.05;

/** Whether `r` is `d` divided by one factor, input and output within TIER_MATCH of each other's share. */
function matches(r: Pair, d: Pair): boolean {
  const [a, b] = [r.input / d.input, r.output / d.output];
  return Math.max(a, b) / Math.min(a, b) <= TIER_MATCH;
}

/**
 * The tiers of the developer's a reseller's price is weighed against, like with like: `above` 0 is the base (the
 * developer's base figures in force on the reseller's day); a long-context threshold of the developer's weighs its
 * tier there against the reseller's own tier at the same size, or, for a flat price, against the flat price where it
 * matches that tier and not the base (`matches`: a seventh of the tier above 200k is caught, where a seventh of it
 * would read as 0.29x the base). A tier above the reseller's window is never charged by it and not weighed.
 */
type Band = { above: number; reseller: Pair; developer: Pair; input: Offer; output: Offer; flat?: boolean };

function bands(o: Offer, own: readonly Offer[], ctx: ClosedResaleContext): Band[] {
  const reseller = { input: o.prices.input!.value, output: o.prices.output!.value };
  const day = dayOf(o, ctx);
  const lowest = (price: (d: Offer) => number | undefined) => {
    let best: { d: Offer; v: number } | undefined;
    for (const d of own) {
      const v = price(d);
      if (v !== undefined && v > 0 && (!best || v < best.v)) best = { d, v };
    }
    return best;
  };
  const out: Band[] = [];
  const [bi, bo] = [lowest((d) => ownOn(d, 'input', day, ctx)), lowest((d) => ownOn(d, 'output', day, ctx))];
  const base = bi && bo ? { input: bi.v, output: bo.v } : undefined;
  if (base) out.push({ above: 0, reseller, developer: base, input: bi!.d, output: bo!.d });
  const window = o.context_window?.value ?? ctx.modelWindow?.(o.model_id);
  // A developer's tiers extend the input price of their own source: tiers from another source than the base price
  // served (LiteLLM's tiers beside genai-prices' newer base, LiteLLM's own base set aside as stale) are not weighed.
  // They are the tiers in force on the reseller's day, as the base is: today's walked back through the moves their
  // source recorded after it (a tier the developer dropped later was charged then; LiteLLM records none: today's).
  // A listing with no tiers today is walked back through its base's source (one that dropped a tier had it then).
  // Tiers served from another source but corroborated by the base's are the base's source's own too (MiniMax's
  // MiniMax-M3: LiteLLM's 512k tier, which the genai-prices bundle that prices its base gives alike), walked back
  // through the base source's history (the bundle's is the genai-prices repository's: developer-price-on.ts).
  const tiersOf = (d: Offer) => {
    const t = d.prices.tiers;
    const source = d.prices.input?.source;
    if (source === undefined || (t && t.source !== source && !(t.corroborated_by ?? []).includes(source))) return undefined;
    return ctx.tierHistory ? tiersOn(t?.value, ctx.tierHistory(source, d.provider, d.provider_model_id), day) : t?.value;
  };
  const thresholds = [...new Set(own.flatMap((d) => (tiersOf(d) ?? []).map((t) => t.above_tokens)))].sort((a, b) => a - b);
  for (const above of thresholds) {
    if (window === undefined || window <= above) continue;
    // A developer's listing with no tier at this size charges its base there (in force on the reseller's day).
    const at = (d: Offer, side: PriceSide) => tierAt(tiersOf(d), above)?.[side] ?? ownOn(d, side, day, ctx);
    const [ti, to] = [lowest((d) => at(d, 'input')), lowest((d) => at(d, 'output'))];
    if (!ti || !to) continue;
    const developer = { input: ti.v, output: to.v };
    const mine = tierAt(o.prices.tiers?.value, above);
    if (mine?.input !== undefined && mine.output !== undefined) {
      out.push({ above, reseller: { input: mine.input, output: mine.output }, developer, input: ti.d, output: to.d });
    } else if (!mine && matches(reseller, developer) && !(base && matches(reseller, base))
      // A flat price is read as a divided tier only when it is far under the base too on one side at least: an ordinary
      // discount (0.45x and 0.33x of a $2/$12 base) whose ratio happens to be the tier's is no scheme.
      && (!base || reseller.input < base.input * CLOSED_RESALE_SHARE || reseller.output < base.output * CLOSED_RESALE_SHARE)) {
      out.push({ above, reseller, developer, input: ti.d, output: to.d, flat: true });
    }
  }
  return out;
}

const under = (b: Band) => b.reseller.input < b.developer.input * CLOSED_RESALE_SHARE
  && b.reseller.output < b.developer.output * CLOSED_RESALE_SHARE;

function reasonOf(b: Band, day: string): string {
  const blend = (p: Pair) => 0.75 * p.input + 0.25 * p.output;
  const where = b.above === 0 ? `on the developer's price in force on ${day} (the reseller's reading)`
    : `in its tier above ${b.above.toLocaleString('en-US')} tokens (`
      + `${b.flat ? 'the reseller\'s flat price is that tier divided by one factor' : 'against the reseller\'s own tier there'})`;
  return `a reseller's price of a closed model under ${CLOSED_RESALE_SHARE}x the developer's own ${where}: input `
    + `${fmt(b.reseller.input)} and output ${fmt(b.reseller.output)} against ${fmt(b.developer.input)} `
    + `(${b.input.provider}/${b.input.provider_model_id}) and ${fmt(b.developer.output)} (${b.output.provider}/`
    + `${b.output.provider_model_id}), ${fmt(blend(b.reseller) / blend(b.developer))}x blended at 75% input; `
    + 'the weights are the developer\'s alone and no discount of its own (batch and flex at half) comes this low, so this is '
    + 'another model, a unit or currency slip, or an unverifiable offer, doubtful until a source corroborates it';
}

/**
 * A reseller's base listing of a closed model (`closed(model_id)`: a source says the weights are not open) whose input
 * and output are both under CLOSED_RESALE_SHARE of the developer's lowest own price for them, in one band of prompt
 * sizes (`bands`: the base on the developer's figures in force on the reseller's day, and each long-context tier of the
 * developer's against the reseller's price for the same prompts), has its prices held back with the reason: the input
 * and output, the long-context tiers of the same source with the input (they extend it), and each cache price under
 * the share of the developer's (or with no developer's cache price to weigh, from the same source as the input: the
 * listing's figures stand or fall together). The offer stays listed, unpriced. Both input and output must be under
 * it, as in the regional rule: one price alone that low is a pricing scheme of its own (a cheap input with a dear
 * output), not a listing in doubt. Open-weights models are left alone: anyone may serve the weights at any price.
 * Returns the issues; the offers change in place. Run after the developer's own price is settled
 * (developer-price-conflicts.ts), so the reference is the price served.
 */
export function holdBackClosedResalesBelowDeveloper(offers: Offer[], closed: (modelId: string) => boolean,
  ctx: ClosedResaleContext = {}): IngestIssue[] {
  const own = new Map<string, Offer[]>();
  for (const o of offers) {
    if (o.first_party && BASE_SKUS.includes(o.sku)) own.set(o.model_id, [...(own.get(o.model_id) ?? []), o]);
  }
  const found: Array<{ o: Offer; fields: Field[]; reason: string; tiers: boolean }> = [];
  for (const o of offers) {
    if (o.first_party || !BASE_SKUS.includes(o.sku) || !closed(o.model_id)) continue;
    const i = o.prices.input;
    if (!i || i.value <= 0 || !((o.prices.output?.value ?? 0) > 0)) continue;
    const dev = own.get(o.model_id) ?? [];
    const band = bands(o, dev, ctx).find(under);
    if (!band) continue;
    const cacheUnder = (f: Field) => {
      const d = lowestOwn(dev, f);
      return d ? o.prices[f]!.value < d.prices[f]!.value * CLOSED_RESALE_SHARE : o.prices[f]!.source === i.source;
    };
    const fields = FIELDS.filter((f) => f === 'input' || f === 'output' || ((o.prices[f]?.value ?? 0) > 0 && cacheUnder(f)));
    found.push({ o, fields, reason: reasonOf(band, dayOf(o, ctx)), tiers: o.prices.tiers?.source === i.source });
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
