// The developer's own price when its sources disagree: one offer, the newest-dated price, the other flagged beside it.
import type { Fact, Offer } from '../schema/index.ts';

const isRetired = (o: Offer) => o.status?.value === 'deprecated';
const priced = (o: Offer) => o.prices.input !== undefined && o.prices.output !== undefined;
const dated = (o: Offer) => [o.prices.input!.as_of, o.prices.output!.as_of].sort().at(-1)!;
const pair = (o: Offer) => `${o.prices.input!.value}/${o.prices.output!.value}`;

/**
 * docs/data.md, "The developer's price when its sources disagree". Two or more of the developer's own listings of one
 * model (same provider, region and SKU), still served and fully priced, each listed by sources that list none of the
 * others, at different prices: the sources price one product differently (models.dev lists Mistral's
 * `mistral-small-2506` at $0.10/$0.30 on 2026-07-02, LiteLLM `mistral-small-3-2-2506` at $0.06/$0.18 on 2026-07-24,
 * citing mistral.ai/pricing). A source that lists two of them tells them apart (a dated snapshot priced apart from
 * the alias, gpt-4o-2024-05-13), so those stay. The newest-dated price is the developer's (ties: more sources listing
 * it, then the id); the others leave the offer list and stand in its prices' `conflicts` and `note`, with source and
 * date. Removes them from `offers` in place; returns one line per conflict for the build report.
 */
export function resolveDeveloperPriceConflicts(offers: Offer[]): string[] {
  const groups = new Map<string, Offer[]>();
  for (const o of offers) {
    if (!o.first_party || isRetired(o) || !priced(o)) continue;
    const k = `${o.model_id}|${o.provider}|${o.region}|${o.sku}`;
    groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  const drop = new Set<Offer>();
  const lines: string[] = [];
  for (const group of groups.values()) {
    if (group.length < 2 || new Set(group.map(pair)).size < 2) continue;
    const sources = group.map((o) => new Set(o.listed_by));
    const disjoint = sources.every((a, i) => sources.every((b, j) => i === j || [...a].every((s) => !b.has(s))));
    if (!disjoint) continue;
    const [winner, ...losers] = [...group].sort((a, b) => dated(b).localeCompare(dated(a))
      || b.listed_by.length - a.listed_by.length || a.provider_model_id.localeCompare(b.provider_model_id));
    const others = losers.filter((o) => pair(o) !== pair(winner));
    if (!others.length) continue;
    const said = (o: Offer) => `${o.prices.input!.source} lists ${o.provider_model_id} at $${pair(o).replace('/', '/$')} (${dated(o)})`;
    const note = `the developer's sources disagree: ${[winner, ...others].map(said).join('; ')}; the newest-dated price is taken`;
    for (const side of ['input', 'output'] as const) {
      const f = winner.prices[side] as Fact<number>;
      const conflicts = others.map((o) => ({ value: o.prices[side]!.value, as_of: o.prices[side]!.as_of, source: o.prices[side]!.source }));
      winner.prices[side] = { ...f, conflicts: [...(f.conflicts ?? []), ...conflicts], note };
    }
    // A listing at the winner's price agrees with it and stays.
    for (const o of others) drop.add(o);
    lines.push(`${winner.model_id} (${winner.provider}): ${note}`);
  }
  for (let i = offers.length - 1; i >= 0; i--) if (drop.has(offers[i])) offers.splice(i, 1);
  return lines;
}
