// The developer's own price when its sources disagree: one offer, chosen by evidence, the other readings flagged beside it.
import type { Fact, Offer } from '../schema/index.ts';
import { isShutDownListing } from './past-shutdowns.ts';

/**
 * One source's reading of a listing, as buildOffers had it: the figures, when the source was read (`as_of`), when its
 * own history last set the price (`since`, price-dates.ts), and the page it cites (`url`).
 */
export type PriceReading = { source: string; input?: number; output?: number; as_of: string; since?: string; url?: string };
export type ReadingsOf = (o: Offer) => readonly PriceReading[] | undefined;

const priced = (o: Offer) => o.prices.input !== undefined && o.prices.output !== undefined;
const pair = (o: Offer) => `${o.prices.input!.value}/${o.prices.output!.value}`;
/** The npm copy and the repository of genai-prices are one source, not two that agree. */
const family = (source: string) => source.replace(/-npm$/, '');

/**
 * A page of the developer's own: a host whose labels include the provider's id (mistral.ai, api-docs.deepseek.com,
 * openai.com), not a reseller's or an aggregator's.
 */
export function citesDeveloper(url: string | undefined, provider: string): boolean {
  if (!url) return false;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  const id = provider.toLowerCase().replace(/[^a-z0-9]/g, '');
  return host.split('.').slice(0, -1).some((label) => label.replace(/[^a-z0-9]/g, '') === id);
}

type Claim = { offer: Offer; source: string; pair: string; as_of: string; since: string; cites: boolean };

/** Each source's reading of the offer: from buildOffers when given, else from the served facts and their conflicts. */
function claimsOf(o: Offer, readings: ReadingsOf | undefined): Claim[] {
  const given = readings?.(o);
  const list: PriceReading[] = given ? [...given] : fromFacts(o);
  return list.flatMap((r) => (r.input === undefined || r.output === undefined ? [] : [{
    offer: o, source: r.source, pair: `${r.input}/${r.output}`, as_of: r.as_of, since: r.since ?? r.as_of,
    cites: citesDeveloper(r.url, o.provider),
  }]));
}

function fromFacts(o: Offer): PriceReading[] {
  const by = new Map<string, PriceReading>();
  for (const side of ['input', 'output'] as const) {
    const f = o.prices[side]!;
    const all = [{ source: f.source, value: f.value, as_of: f.as_of },
      ...(f.corroborated_by ?? []).map((source) => ({ source, value: f.value, as_of: f.as_of })), ...(f.conflicts ?? [])];
    for (const r of all) by.set(r.source, { ...(by.get(r.source) ?? { source: r.source, as_of: r.as_of }), [side]: r.value });
  }
  return [...by.values()];
}

type Standing = { pair: string; families: Set<string>; cites: boolean; since: string; read: string };

/** Best first: more independent sources, one citing the developer's page, the later date set, the later read, the figures. */
function better(a: Standing, b: Standing): number {
  return b.families.size - a.families.size || Number(b.cites) - Number(a.cites) || b.since.localeCompare(a.since)
    || b.read.localeCompare(a.read) || a.pair.localeCompare(b.pair);
}

/**
 * docs/data.md, "The developer's price when its sources disagree". Two or more of the developer's own listings of one
 * model (same provider, region and SKU), still served on `dataAsOf` (isShutDownListing: a listing deprecated with
 * its shutdown date still to come is served) and fully priced, at different prices, and no source prices two of them
 * apart (models.dev lists gpt-4o at $2.5/$10 and gpt-4o-2024-05-13 at $5/$15: a dated snapshot sold apart from the
 * alias, so both stay). The sources then price one product differently, and the price the developer's page
 * states is the one with the most evidence, in this order:
 * 1. agreement: the figures more independent sources give, across all those listings (genai-prices' npm copy and
 *    repository count once): Mistral Nemo's $0.15/$0.15 (models.dev, genai-prices) over LiteLLM's 2024 $0.30 under
 *    the older id `open-mistral-nemo-2407`;
 * 2. a reading that cites a page of the developer's own (LiteLLM's `source`, genai-prices' reference);
 * 3. the later date the source's own history set the price (price-dates.ts), where it has one;
 * 4. only then the later read date: a snapshot date is when a source was read, not when a price took effect, and a
 *    source read later is not newer evidence by that alone.
 * The listing serving those figures is the developer's offer (most sources listing it, then the id); the other
 * listings leave the offer list, their readings kept in its prices' `conflicts` and `note`, with source and date, so
 * an older id at an old price does not stand as a second live price. Removes them from `offers` in place; returns one
 * line per conflict for the build report.
 */
export function resolveDeveloperPriceConflicts(offers: Offer[], dataAsOf: string, readings?: ReadingsOf): string[] {
  const groups = new Map<string, Offer[]>();
  for (const o of offers) {
    // The rule the answers use (isShutDownOffer), so the price kept is one they serve.
    if (!o.first_party || isShutDownListing(o, dataAsOf) || !priced(o)) continue;
    const k = `${o.model_id}|${o.provider}|${o.region}|${o.sku}`;
    groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  const drop = new Set<Offer>();
  const lines: string[] = [];
  for (const group of groups.values()) {
    if (group.length < 2 || new Set(group.map(pair)).size < 2) continue;
    const claims = group.flatMap((o) => claimsOf(o, readings));
    if (pricesApart(claims)) continue;
    const standing = new Map<string, Standing>();
    for (const c of claims) {
      const s = standing.get(c.pair) ?? { pair: c.pair, families: new Set<string>(), cites: false, since: '', read: '' };
      s.families.add(family(c.source));
      s.cites ||= c.cites;
      if (c.since > s.since) s.since = c.since;
      if (c.as_of > s.read) s.read = c.as_of;
      standing.set(c.pair, s);
    }
    // The figures of a listing's served price: a reading its own listing already outweighed is not a candidate here.
    const served = new Set(group.map(pair));
    const ranked = [...standing.values()].filter((s) => served.has(s.pair)).sort(better);
    const best = ranked[0];
    const [winner] = group.filter((o) => pair(o) === best.pair)
      .sort((a, b) => b.listed_by.length - a.listed_by.length || a.provider_model_id.localeCompare(b.provider_model_id));
    const others = group.filter((o) => pair(o) !== best.pair);
    // Each reading with its source in a citation, `(models-dev, 2026-07-02)`, which the partial tier reads `(as of
    // 2026-07-02)`: a sentence opening each reading with its source read "a listed source lists ...; a listed source
    // lists ..." there, as if one source gave both figures.
    const said = (o: Offer) => `${o.provider_model_id} at $${pair(o).replace('/', '/$')} (${o.prices.input!.source}, ${o.prices.input!.as_of})`;
    const why = reason(best, ranked.find((s) => s.pair !== best.pair)!);
    const note = `the developer's sources disagree: ${[winner, ...others].map(said).join('; ')}; ${why}`;
    for (const side of ['input', 'output'] as const) {
      const f = winner.prices[side] as Fact<number>;
      const known = new Set([f.source, ...(f.conflicts ?? []).map((c) => `${c.source}|${c.value}`)]);
      const conflicts = others.map((o) => ({ value: o.prices[side]!.value, as_of: o.prices[side]!.as_of, source: o.prices[side]!.source }))
        .filter((c) => !known.has(`${c.source}|${c.value}`) && c.value !== f.value);
      winner.prices[side] = { ...f, ...(f.conflicts || conflicts.length ? { conflicts: [...(f.conflicts ?? []), ...conflicts] } : {}), note };
    }
    for (const o of others) drop.add(o);
    lines.push(`${winner.model_id} (${winner.provider}): ${note}`);
  }
  for (let i = offers.length - 1; i >= 0; i--) if (drop.has(offers[i])) offers.splice(i, 1);
  return lines;
}

/** Whether one source gives two of the listings different figures: it tells them apart, so they are two products. */
function pricesApart(claims: readonly Claim[]): boolean {
  const seen = new Map<string, Map<Offer, string>>();
  for (const c of claims) {
    const by = seen.get(c.source) ?? new Map<Offer, string>();
    by.set(c.offer, c.pair);
    seen.set(c.source, by);
  }
  return [...seen.values()].some((by) => new Set(by.values()).size > 1);
}

/** Which step of the order settled it, said plainly in the note. */
function reason(best: Standing, next: Standing): string {
  if (best.families.size !== next.families.size) {
    // The sources stay out of the sentence: a tier that hides source ids would read "a listed source" twice.
    return `the price ${best.families.size} independent sources agree on is taken`;
  }
  if (best.cites !== next.cites) return "the price read from the developer's own page is taken";
  if (best.since !== next.since) return `the price its source set later (${best.since}) is taken`;
  return `the price read later (${best.read}) is taken`;
}
