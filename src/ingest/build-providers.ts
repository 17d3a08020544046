// The providers of the dataset: the reviewed residency table's rows, then every provider an offer names, with what their
// own pages say (terms, whether they host the weights they sell, their serving role).
import type { Provider } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';
import type { ProviderObservation } from '../sources/types.ts';
import { WEIGHT_HOSTS_SOURCE_ID, type WeightHost } from './weight-hosts.ts';
import { PROVIDER_ROLES_SOURCE_ID, type ProviderRole } from './provider-roles.ts';
import { canonicalSlug } from './match-keys.ts';
import { pageFact, withTerms } from './provider-facts.ts';

/** Providers: the reviewed residency table first; providers it does not list are `unknown`, never guessed. */
export function buildProviders(
  obs: readonly ProviderObservation[],
  names: Readonly<Record<string, string>>,
  offered: Iterable<string>,
  derivedAsOf: string,
  weightHosts: readonly WeightHost[] = [],
  roles: readonly ProviderRole[] = [],
): Provider[] {
  const out = new Map<string, Provider>();
  for (const o of obs) {
    const id = canonicalSlug(o.id);
    const p: Provider = { id, name: o.name, eu_data_residency: pageFact(o.eu_data_residency, o.residency_page, o.residency_note, o) };
    if (o.hq_country) p.hq_country = fact(o.hq_country, o.as_of, o.source);
    if (o.jurisdiction) p.jurisdiction = fact(o.jurisdiction, o.as_of, o.source);
    withTerms(p, o);
    out.set(id, p);
  }
  for (const id of offered) {
    if (out.has(id)) continue;
    out.set(id, { id, name: names[id] ?? id, eu_data_residency: fact('unknown' as const, derivedAsOf, 'derived', { note: 'provider not in the reviewed residency table' }) });
  }
  // A provider that runs the models it sells itself (weight-hosting-providers.csv): its offers of a closed model follow
  // its own lifecycle notices, not the developer's shutdown (past-shutdowns.ts).
  for (const h of weightHosts) {
    const p = out.get(canonicalSlug(h.provider_id));
    if (p) p.hosts_weights = fact(true, h.read_on, WEIGHT_HOSTS_SOURCE_ID, { note: `${h.note} (${h.url})` });
  }
  // Whether it runs open weights itself or forwards to a provider that does (provider-roles.csv), as its page says:
  // what estimate_cost and cheapest_for call the seller of an open-weights model's listing.
  for (const r of roles) {
    const p = out.get(canonicalSlug(r.provider_id));
    if (p) {
      p.serving_role = fact(r.role, r.read_on, PROVIDER_ROLES_SOURCE_ID,
        { note: r.note, evidence_page: { url: r.url, quote: r.quote, read_on: r.read_on } });
    }
  }
  return [...out.values()].sort((a, b) => a.id.localeCompare(b.id));
}
