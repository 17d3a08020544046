// A provider's listing giving way to another listing of the same model in one source: a rename, no hosting change.
import type { CatalogueChange, HeldListing } from '../sources/types.ts';
import { roundPrice } from '../sources/catalogue-util.ts';
import { toDate } from './ids.ts';

/** A price row that moved its listing to the price of a listing of the same model that went the same day. */
export type PriceTaken = { from: string; value: number };

export type ListingRenames = {
  /**
   * `offered` rows that move no model's hosting at the provider, in the same source: a listing that stops while another
   * listing of the same model at the same provider is still (or newly) offered at the end of that day, or that starts
   * while another was already offered when the day began.
   */
  unchanged: ReadonlySet<CatalogueChange>;
  /**
   * Price rows whose new value is the price a listing stopped this way held when it went (`from`, the provider's id of
   * it), where the two are one listing under two ids (`sameName`).
   */
  taken: ReadonlyMap<CatalogueChange, PriceTaken>;
};

/**
 * Two ids of one listing: the same name once a vendor prefix is dropped (`llama-3.3-70b-instruct`,
 * `meta-llama/llama-3.3-70b-instruct`). Hugging Face's `Qwen/Qwen3-235B-A22B:together` and `...:novita` are two
 * backends priced apart: genai-prices' 2026-03-20 release (9ebd466b6a) dropped the first and raised the second 25%
 * (0.16 -> 0.2, as it raised every novita route, Llama-3.3-70B 0.108 -> 0.135) to the first one's price by chance.
 */
const sameName = (a: string, b: string) => a.split('/').pop()!.toLowerCase() === b.split('/').pop()!.toLowerCase();
const PRICE_FIELDS = new Set(['input', 'output', 'cache_read', 'cache_write']);
const time = (c: CatalogueChange) => Date.parse(c.date.length === 10 ? `${c.date}T00:00:00Z` : c.date);

/**
 * genai-prices' OpenRouter sync cee9e74c11 (2026-06-15) removed 103 listings, among them unprefixed duplicates
 * (`llama-3.3-70b-instruct` at 0.05/0.24) of prefixed listings it kept (`meta-llama/llama-3.3-70b-instruct`, whose 0.1/0.25
 * it set to the duplicate's 0.05/0.24): the provider went on offering every one of those models, and the prefixed
 * listing's "cut" is the duplicate's price giving way to it. Listings are a source's rows (`source_model_id`) of one
 * provider resolved to one model; a scheduled row or one of no provider or model is no listing's. Within a day the rows
 * apply in time order, so a listing removed and added back the same day counts as offered at its end.
 */
export function listingRenames(
  changes: readonly CatalogueChange[],
  modelOf: (c: CatalogueChange) => string | undefined,
  /** Listings the source's history never adds nor removes, though its newest snapshot has them: listed all along. */
  heldListings: readonly HeldListing[] = [],
  heldModelOf: (h: HeldListing) => string | undefined = () => undefined,
): ListingRenames {
  const groups = new Map<string, CatalogueChange[]>();
  for (const c of changes) {
    if (c.scheduled || !c.provider || (c.field !== 'offered' && !PRICE_FIELDS.has(c.field))) continue;
    const model = modelOf(c);
    if (!model) continue;
    const k = JSON.stringify([c.source, c.provider, model]);
    const list = groups.get(k);
    if (list) list.push(c); else groups.set(k, [c]);
  }
  // LiteLLM's `gpt-3.5-turbo` at openai, listed before its history begins (a line that names no key) and ever since, has no
  // row, while its removal of gpt-3.5-turbo-0301 (30ebcad55e, 2026-03-11) has one: the model stayed offered there.
  const heldBy = new Map<string, string[]>();
  for (const h of heldListings) {
    const model = heldModelOf(h);
    if (!model) continue;
    const k = JSON.stringify([h.source, h.provider, model]);
    heldBy.set(k, [...(heldBy.get(k) ?? []), h.source_model_id]);
  }
  const unchanged = new Set<CatalogueChange>();
  const taken = new Map<CatalogueChange, PriceTaken>();
  for (const [k, rows] of groups) {
    const sorted = rows.map((c, i) => ({ c, i })).sort((a, b) => time(a.c) - time(b.c) || a.i - b.i).map((x) => x.c);
    const offered = new Set<string>();
    for (const id of heldBy.get(k) ?? []) offered.add(id);
    /** Each listing's id as the provider names it. */
    const idOf = new Map<string, string>();
    /** Each listing's last price per field: a row taking the field to none leaves the price it took away. */
    const held = new Map<string, Map<string, number>>();
    for (let i = 0; i < sorted.length;) {
      const day = toDate(sorted[i].date);
      let j = i;
      while (j < sorted.length && toDate(sorted[j].date) === day) j++;
      const today = sorted.slice(i, j);
      const before = new Set(offered);
      for (const c of today) {
        idOf.set(c.source_model_id, c.provider_model_id ?? c.source_model_id);
        if (c.field === 'offered') {
          if (c.prices) held.set(c.source_model_id, new Map(Object.entries(c.prices).map(([f, v]) => [f, roundPrice(v) as number])));
          if (c.new === true) offered.add(c.source_model_id);
          else if (c.new === false) offered.delete(c.source_model_id);
          continue;
        }
        const [old, now] = [roundPrice(c.old), roundPrice(c.new)];
        const value = typeof now === 'number' ? now : old;
        if (typeof value !== 'number') continue;
        const prices = held.get(c.source_model_id) ?? new Map<string, number>();
        held.set(c.source_model_id, prices);
        prices.set(c.field, value);
      }
      /** Listings that stopped today while another listing of the model stays offered. */
      const renamed: string[] = [];
      for (const c of today) {
        if (c.field !== 'offered' || c.old === c.new) continue;
        // A stop against the listings offered at the end of the day, a start against those offered before it began:
        // the model's hosting moves only when the last listing goes or the first one comes.
        const stop = c.new === false;
        if (stop && offered.has(c.source_model_id)) continue;
        if (![...(stop ? offered : before)].some((id) => id !== c.source_model_id)) continue;
        unchanged.add(c);
        if (stop) renamed.push(c.source_model_id);
      }
      for (const c of today) {
        const [old, now] = [roundPrice(c.old), roundPrice(c.new)];
        if (c.field === 'offered' || typeof old !== 'number' || typeof now !== 'number' || old === now) continue;
        if (!offered.has(c.source_model_id)) continue;
        const from = renamed.find((id) => id !== c.source_model_id && held.get(id)?.get(c.field) === now &&
          sameName(idOf.get(id)!, idOf.get(c.source_model_id) ?? c.provider_model_id ?? c.source_model_id));
        if (from) taken.set(c, { from: idOf.get(from)!, value: now });
      }
      i = j;
    }
  }
  return { unchanged, taken };
}
