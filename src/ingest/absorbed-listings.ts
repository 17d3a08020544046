// The other SKUs of a developer's listing that gave way to another listing of the same model go with it: stale.
import type { HeldBackPrice, Offer } from '../schema/index.ts';
import type { IngestIssue } from '../sources/types.ts';

const FIELDS = ['input', 'output', 'cache_read', 'cache_write'] as const;
const listingOf = (o: Offer) => `${o.provider}|${o.model_id}|${o.provider_model_id.toLowerCase()}`;
const skuOf = (o: Offer) => `${o.provider}|${o.model_id}|${o.region}|${o.sku}`;

/**
 * When the developer-price rule (developer-price-conflicts.ts) takes one of the developer's listings out of the offers,
 * its figures giving way to another listing of the same model (OpenAI's `gpt-5.6`, which genai-prices prices as
 * gpt-5.6-sol, at LiteLLM's $5/$30 beside gpt-5.6-sol's $4/$20), the same listing's batch, flex, priority and
 * EU-regional offers were set beside, or derived from, the figures that gave way: they go too. A source's price among
 * them is held back on the kept listing's offer of the same SKU, with the reason (not served: no source gives that SKU's
 * price after the change); a price we derived (the EU uplift) is derived again from the kept listing. Where the kept
 * listing has no offer of that SKU, the offer stays with its prices held back. `before` is the offer list the rule was
 * given, `offers` what it left (changed in place); returns the ingest issues.
 */
export function dropAbsorbedSiblings(before: readonly Offer[], offers: Offer[]): IngestIssue[] {
  const kept = new Set(offers);
  const gone = before.filter((o) => !kept.has(o) && o.sku === 'standard');
  if (!gone.length) return [];
  const goneListings = new Map(gone.map((o) => [listingOf(o), o]));
  const bySku = new Map<string, Offer[]>();
  for (const o of offers) bySku.set(skuOf(o), [...(bySku.get(skuOf(o)) ?? []), o]);
  const issues: IngestIssue[] = [];
  const drop = new Set<Offer>();
  for (const s of offers) {
    const absorbed = goneListings.get(listingOf(s));
    if (!absorbed) continue;
    // The listing that took its place: the developer's offer of the same model, provider, region and SKU left.
    const winner = offers.find((o) => o !== s && o.first_party && o.model_id === absorbed.model_id && o.provider === absorbed.provider
      && o.region === absorbed.region && o.sku === absorbed.sku);
    if (!winner) continue;
    const twin = (bySku.get(skuOf(s)) ?? []).find((o) => o !== s && listingOf(o) === listingOf(winner));
    const reason = `${s.sku} price of listing ${s.provider_model_id}, set beside its standard price `
      + `${absorbed.prices.input?.value}/${absorbed.prices.output?.value}, which gave way to listing ${winner.provider_model_id} at `
      + `${winner.prices.input?.value}/${winner.prices.output?.value} (the developer's price when its sources disagree): stale`;
    const held: HeldBackPrice[] = [];
    for (const f of FIELDS) {
      const p = s.prices[f];
      if (!p || p.source === 'derived') continue;
      held.push({ field: f, value: p.value, as_of: p.as_of, source: p.source, reason });
      issues.push({ source: p.source, file: '(offers)', row: `${s.provider}/${s.provider_model_id}:${s.sku}`, field: f,
        message: `price ${p.value} per 1M tokens held back, not served: ${reason}` });
    }
    if (twin) {
      if (held.length) twin.held_back = [...(twin.held_back ?? []), ...held];
      drop.add(s);
      continue;
    }
    for (const f of FIELDS) delete s.prices[f];
    delete s.prices.tiers;
    if (held.length) s.held_back = [...(s.held_back ?? []), ...held];
  }
  for (let i = offers.length - 1; i >= 0; i--) if (drop.has(offers[i])) offers.splice(i, 1);
  return issues;
}
