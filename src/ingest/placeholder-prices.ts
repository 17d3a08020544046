// A catalogue that lists a provider's models all at one price when it adds them wrote a placeholder: the listing's first
// own price replaces it, and that event is a correction, not a price change.
import type { ChangeEvent } from '../schema/index.ts';
import type { CatalogueChange } from '../sources/types.ts';
import { roundPrice } from '../sources/catalogue-util.ts';
import { toDate } from './ids.ts';

/**
 * One commit adding this many listings of one provider, of as many different models, every one at the same input and
 * output price, wrote a placeholder. models.dev e6ab0814e2 ("Feat: Add Nano-GPT provider models", 2025-12-27) added 21
 * nano-gpt listings, Llama 3.3 70B to Kimi K2 Thinking, all at 1 input / 2 output, and 8cb462f29b ("sync nano-gpt
 * models with live API catalog", 2026-02-17) gave each its own (Llama 3.3 70B 0.05 / 0.23). Prices alike by right come
 * in smaller sets: one model's endpoints (Bedrock's 4 Claude Opus 4.6 listings at 5/25), a family priced alike (Vultr's
 * 5 models at 0.2/0.2, 5 of 7 Cohere models at 2.5/10); no other commit in the histories adds 10 alike.
 */
export const PLACEHOLDER_LISTINGS = 10;

const FIELDS = ['input', 'output'] as const;
/** A commit's placeholder: where and when, how many listings, and the two figures. */
export type Placeholder = {
  source: string; provider: string; commit: string; date: string; listings: number; models: number; input: number; output: number;
};

/**
 * The listings (`source|provider|source id`) that a placeholder commit added, with the placeholder. A listing's price
 * when added is the one its arrival record gives, else the old value of its first input and output rows (the
 * histories give a listing's prices only when they change); the commit counts only if every listing it added at the
 * provider shows one and the same pair.
 */
export function placeholderListings(changes: readonly CatalogueChange[], resolve: (c: CatalogueChange) => string | undefined):
  Map<string, Placeholder> {
  const addedBy = new Map<string, { commit: string; date: string; model?: string }>();
  const first = new Map<string, Map<string, unknown>>();
  for (const c of changes) {
    if (!c.provider || !c.commit) continue;
    const listing = `${c.source}|${c.provider}|${c.source_model_id}`;
    if (c.field === 'offered' && c.change === 'added' && c.new === true) {
      addedBy.set(listing, { commit: c.commit, date: toDate(c.date), model: resolve(c) });
      // The record of the listing's arrival gives its prices where the source's history carries them (models.dev).
      first.set(listing, new Map(FIELDS.filter((f) => c.prices?.[f] !== undefined).map((f) => [f, roundPrice(c.prices![f])])));
    } else if ((FIELDS as readonly string[]).includes(c.field)) {
      const seen = first.get(listing) ?? new Map<string, unknown>();
      first.set(listing, seen);
      if (!seen.has(c.field)) seen.set(c.field, roundPrice(c.old));
    }
  }
  const byCommit = new Map<string, string[]>();
  for (const [listing, { commit }] of addedBy) {
    const k = `${listing.slice(0, listing.lastIndexOf('|'))}|${commit}`;
    byCommit.set(k, [...(byCommit.get(k) ?? []), listing]);
  }
  const out = new Map<string, Placeholder>();
  for (const listings of byCommit.values()) {
    const models = new Set(listings.map((l) => addedBy.get(l)!.model ?? l));
    if (listings.length < PLACEHOLDER_LISTINGS || models.size < PLACEHOLDER_LISTINGS) continue;
    const pairs = new Set(listings.map((l) => JSON.stringify(FIELDS.map((f) => first.get(l)?.get(f) ?? null))));
    if (pairs.size !== 1) continue;
    const [input, output] = JSON.parse([...pairs][0]) as [unknown, unknown];
    if (typeof input !== 'number' || typeof output !== 'number' || input <= 0 || output <= 0) continue;
    const [source, provider] = listings[0].split('|');
    const { commit, date } = addedBy.get(listings[0])!;
    const p: Placeholder = { source, provider, commit, date, listings: listings.length, models: models.size, input, output };
    for (const l of listings) out.set(l, p);
  }
  return out;
}

/**
 * docs/data.md, "Change events". Marks the first input or output event of each listing a placeholder commit added,
 * where it moves the price off the placeholder figure: the source giving the listing its own price. `listingOf` gives
 * the event's listing as `placeholderListings` keys it. Events already corrections keep their reading. Mutates and
 * returns the events.
 */
export function markPlaceholders(
  events: ChangeEvent[],
  listingOf: (e: ChangeEvent) => string | undefined,
  placeholders: ReadonlyMap<string, Placeholder>,
): ChangeEvent[] {
  const done = new Set<string>();
  const sorted = events.filter((e) => e.kind === 'price').sort((a, b) => a.date.localeCompare(b.date));
  for (const e of sorted) {
    const listing = listingOf(e);
    const p = listing ? placeholders.get(listing) : undefined;
    if (!p || (e.field !== 'input' && e.field !== 'output') || done.has(`${listing}|${e.field}`)) continue;
    done.add(`${listing}|${e.field}`);
    if (e.old !== p[e.field] || e.correction === true) continue;
    e.correction = true;
    e.correction_note = `${p.source} added ${p.listings} ${p.provider} listings of ${p.models} models at one price, ${p.input} input and ` +
      `${p.output} output (commit ${p.commit}, ${p.date}): a placeholder, not the provider's price; ${e.old} -> ${e.new} is the ` +
      'listing given its own price, not a price change';
  }
  return events;
}
