// Readings of one listing's price 2x or more apart: which one the provider's sibling listings support.
import type { OfferObservation } from '../sources/types.ts';
import { roundPrice } from '../sources/catalogue-util.ts';

/** How many times apart two positive values are (1 when equal). */
export function factorApart(a: number, b: number): number {
  return a > b ? a / b : b / a;
}

/** Readings this far apart are two different prices, not one price read at two moments. */
export const APART_FACTOR = 2;

/** One source's reading of a sibling listing: the same provider's other listing of the model, the same price field. */
export type SiblingReading = { source: string; value: number };

/** The reading the choice starts from (the newest set date) and the readings that compete with it. */
type Dated = { value: number; source: string };

/** The npm copy and the repository of genai-prices are one source, not two that agree. */
const family = (source: string) => source.replace(/-npm$/, '');
const alike = (a: number, b: number) => factorApart(a, b) < APART_FACTOR;

/**
 * How a source prices this listing against its own readings of the provider's sibling listings: `alike` when one
 * sibling is within APART_FACTOR of it (Bedrock's eu./us./au. Claude rows differ by a 10% regional uplift), `apart`
 * when the source reads siblings and none is, `none` when it reads no sibling.
 */
export function standing(r: Dated, siblings: readonly SiblingReading[]): 'alike' | 'apart' | 'none' {
  const own = siblings.filter((s) => family(s.source) === family(r.source) && s.value > 0);
  if (!own.length) return 'none';
  return own.some((s) => alike(s.value, r.value)) ? 'alike' : 'apart';
}

/**
 * What the snapshots say about a listing besides its own readings: each source's readings of the same price in the
 * provider's other list-price listings of the model (`siblings`), and in the developer's own (`developer`; empty when
 * the listing is the developer's own).
 */
export type Agreement = { siblings: readonly SiblingReading[]; developer: readonly SiblingReading[] };

export const NO_AGREEMENT: Agreement = { siblings: [], developer: [] };

/**
 * The reading to serve from readings sorted by the date each source set its value, newest first (never by the day a
 * source was read: a re-read of an unchanged snapshot must not change the answer). Only where another source's
 * reading is APART_FACTOR or more from the newest does agreement speak, from the provider's sibling listings and the
 * developer's own price as the snapshots give them (docs/data.md, "Readings 2x apart"):
 * 1. the newest reading stands when its own source prices a sibling alike: a source that prices them all alike has
 *    repriced the model (models.dev's DeepSeek deepseek-chat and deepseek-reasoner both at 0.14);
 * 2. it gives way when its own source reads siblings and prices none of them alike, to the newest reading from
 *    another source, APART_FACTOR or more away, whose own source prices a sibling alike: models.dev's Bedrock au.
 *    Claude Opus 4.6 at 16.5 against its own eu. 5.5 and us. 5, where LiteLLM reads au. 5.5 and eu. 5.5;
 * 3. where its own source reads no sibling, it gives way only when two things speak against it, neither from its
 *    competitor alone: no sibling reading by any source is alike it, and the developer's own listings are priced
 *    like the other reading and none like it. Azure's gpt-4 at models.dev's 60 (GPT-4-32k's price) gives way to
 *    LiteLLM's 30: Azure's gpt-4-0613 is 30, OpenAI's gpt-4 is 30. Sibling readings of the competitor's source alone
 *    are no evidence: a catalogue that lags a repricing reads the old price on every sibling alike (Cloudflare's
 *    llama-2-7b-chat-fp16 at genai-prices' 0.556 against LiteLLM's 1.923 on the fp16 and int8 listings both).
 * Otherwise the newest reading stands. The rule reads values and set dates only, so it gives the same answer for the
 * same snapshots however often, and whenever, they are read.
 */
export function settleApart<R extends Dated>(sorted: readonly R[], evidence: Agreement = NO_AGREEMENT):
  { best: R; why?: string } {
  const { siblings, developer } = evidence;
  const newest = sorted[0];
  if (!(newest.value > 0)) return { best: newest };
  const others = sorted.filter((r) => r.value > 0 && family(r.source) !== family(newest.source) && !alike(r.value, newest.value));
  if (!others.length) return { best: newest };
  const own = standing(newest, siblings);
  if (own === 'alike') return { best: newest };
  if (own === 'apart') {
    const other = others.find((r) => standing(r, siblings) === 'alike');
    if (!other) return { best: newest };
    return { best: other, why: `${newest.source} prices none of the provider's other listings of the model alike `
      + `(nearest ${fmt(nearest(newest, siblings, newest.source))}); ${other.source} prices one alike `
      + `(${fmt(nearest(other, siblings, other.source))})` };
  }
  const sib = siblings.filter((s) => s.value > 0);
  const dev = developer.filter((s) => s.value > 0);
  if (!sib.length || sib.some((s) => alike(s.value, newest.value)) || dev.some((s) => alike(s.value, newest.value))) {
    return { best: newest };
  }
  const other = others.find((r) => dev.some((s) => alike(s.value, r.value)));
  if (!other) return { best: newest };
  return { best: other, why: `the provider's other listings of the model (nearest ${fmt(nearest(newest, sib))}) and the `
    + `developer's own (nearest ${fmt(nearest(other, dev))}) are priced like ${other.source}'s reading, none like this one` };
}

/** The value of the reading (of `source`'s, when given) nearest (by factor) the reading. */
function nearest(r: Dated, readings: readonly SiblingReading[], source?: string): number {
  const own = readings.filter((s) => (source === undefined || family(s.source) === family(source)) && s.value > 0);
  return own.reduce((a, b) => (factorApart(b.value, r.value) < factorApart(a.value, r.value) ? b : a)).value;
}

const fmt = (x: number) => String(Number(x.toPrecision(6)));

type Listing = { provider: string; model_id: string; sku: string; list: ReadonlyArray<{ o: OfferObservation }> };
type PriceField = 'input' | 'output' | 'cache_read' | 'cache_write';

/** List-price SKUs: a batch, flex or free SKU of the same model is another price by design, not a sibling. */
const LIST_SKUS: ReadonlySet<string> = new Set(['standard', 'regional']);

/**
 * Each listing's agreement evidence: every source's reading of the same price field in the same provider's other
 * list-price listings of the model, and in the developer's own list-price listings of it ($0 left out: free tiers,
 * plans). `isDeveloper(provider, model_id)`: whether the provider is the model's developer.
 */
export function agreementOf<G extends Listing>(groups: readonly G[], isDeveloper: (provider: string, modelId: string) => boolean):
  (g: G, field: PriceField) => Agreement {
  const byModel = new Map<string, G[]>();
  for (const g of groups) if (LIST_SKUS.has(g.sku)) byModel.set(g.model_id, [...(byModel.get(g.model_id) ?? []), g]);
  const readingsOf = (gs: readonly G[], field: PriceField) => gs.flatMap((x) => x.list.flatMap(({ o }) => {
    const v = o[field];
    return v !== undefined && v > 0 ? [{ source: o.source, value: roundPrice(v) }] : [];
  }));
  return (g, field) => {
    if (!LIST_SKUS.has(g.sku)) return NO_AGREEMENT;
    const same = byModel.get(g.model_id) ?? [];
    const own = isDeveloper(g.provider, g.model_id);
    return {
      siblings: readingsOf(same.filter((x) => x !== g && x.provider === g.provider), field),
      developer: own ? [] : readingsOf(same.filter((x) => isDeveloper(x.provider, x.model_id)), field),
    };
  };
}
