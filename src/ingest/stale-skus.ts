// Service-tier SKUs (batch, flex, priority) priced beside a standard price that a newer price has replaced are stale.
import type { Fact, HeldBackPrice, Offer } from '../schema/index.ts';
import type { IngestIssue } from '../sources/types.ts';

const TIERS: ReadonlySet<Offer['sku']> = new Set(['batch', 'flex', 'priority']);
const FIELDS = ['input', 'output', 'cache_read', 'cache_write'] as const;

/**
 * A source gives a listing's batch, flex and priority prices beside its standard price, as that standard price
 * times the tier's factor (LiteLLM: batch and flex half, priority about twice). When the same source's standard price
 * lost to a newer, different one (the served standard price is another source's, and this source's reading sits in
 * its `conflicts` with another value), the tier prices still follow the old price: OpenAI cut gpt-5.6-luna from
 * 1/6 to 0.2/1.2 (genai-prices, from 2026-07-30) while LiteLLM's batch and flex stayed at 0.5/3, above the new
 * standard price. Such tier prices are held back (the offer's `held_back`, an ingest issue), not served: no
 * source gives the tier's price after the change, and a factor applied by us would be a guess.
 * Returns the issues; the offers are changed in place.
 */
export function holdBackStaleTiers(offers: Offer[]): IngestIssue[] {
  const base = new Map<string, Offer>();
  for (const o of offers) if (o.sku === 'standard' || o.sku === 'regional') base.set(listingOf(o), o);
  const issues: IngestIssue[] = [];
  for (const t of offers) {
    if (!TIERS.has(t.sku)) continue;
    const b = base.get(listingOf(t));
    if (!b) continue;
    const stale = staleSource(t, b);
    if (!stale) continue;
    const held: HeldBackPrice[] = [...(t.held_back ?? [])];
    for (const f of FIELDS) {
      const p = t.prices[f];
      if (!p || p.source !== stale.source) continue;
      const reason = reasonFor(t.sku, f, stale, b);
      held.push({ field: f, value: p.value, as_of: p.as_of, source: p.source, reason });
      issues.push({ source: p.source, file: '(offers)', row: `${t.provider}/${t.provider_model_id}:${t.sku}`, field: f,
        message: `price ${p.value} per 1M tokens held back, not served: ${reason}` });
      delete t.prices[f];
    }
    if (held.length) t.held_back = held;
  }
  return issues;
}

/** The same product at the same provider: the tier SKUs carry the standard listing's id. */
const listingOf = (o: Offer) => `${o.provider}|${o.model_id}|${o.region}|${o.provider_model_id.toLowerCase()}`;

type Stale = { source: string; field: 'input' | 'output'; old: number; by: Fact<number> };

/**
 * Why one field of a tier is held back, in that field's own figures: the tier's source's standard price of the same
 * field and the newer price that replaced it (output 15 -> 12, not the input's 2.5 -> 2). A field whose standard price
 * the source does not contradict (no reading of its own beside another's) cites the field that showed the staleness.
 */
function reasonFor(sku: Offer['sku'], f: (typeof FIELDS)[number], stale: Stale, b: Offer): string {
  const own = replaced(b.prices[f], stale.source);
  const [field, old, by] = own ? [f, own.old, own.by] : [stale.field, stale.old, stale.by];
  return `${sku} ${f} price from ${stale.source}, set beside its standard ${field} price ${old}, which ${by.source} replaced `
    + `with ${by.value} (as of ${by.as_of}): stale`;
}

/** The source's own reading of a served standard price when another source's different value replaced it. */
function replaced(served: Fact<number> | undefined, source: string): { old: number; by: Fact<number> } | undefined {
  if (!served || served.source === source) return undefined;
  const own = served.conflicts?.find((c) => c.source === source);
  return own && own.value !== served.value ? { old: own.value, by: served } : undefined;
}

/** The tier's source, when its own reading of the base price (input or output) lost to another source's different one. */
function staleSource(t: Offer, b: Offer): Stale | undefined {
  for (const f of ['input', 'output'] as const) {
    const tier = t.prices[f];
    const own = tier && replaced(b.prices[f], tier.source);
    if (own) return { source: tier!.source, field: f, ...own };
  }
  return undefined;
}
