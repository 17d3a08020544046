// Lists first-party prices that another source gives differently, and models the developer lists at two live prices.
// Usage: npx tsx scripts/first-party-price-audit.ts [data/dataset/offers.json] > audit.txt (a review aid, not a check).
import { readFileSync } from 'node:fs';
import type { Offer } from '../src/schema/index.ts';

const file = process.argv[2] ?? 'data/dataset/offers.json';
const raw = JSON.parse(readFileSync(file, 'utf8')) as Offer[] | { offers: Offer[] };
const offers = Array.isArray(raw) ? raw : raw.offers;
const live = (o: Offer) => o.first_party && o.status?.value !== 'deprecated';
const pair = (o: Offer) => `${o.prices.input?.value}/${o.prices.output?.value}`;

console.log('# first-party offers whose served price another source gives differently (input or output)');
for (const o of offers.filter((x) => x.first_party)) {
  const other = (['input', 'output'] as const)
    .flatMap((f) => (o.prices[f]?.conflicts ?? []).map((c) => `${f} ${c.source} ${c.value} (${c.as_of})`));
  if (!other.length) continue;
  const state = live(o) ? 'live' : 'retired';
  console.log(`${o.model_id}\t${o.provider}/${o.provider_model_id}\t${state}\t${pair(o)} from ${o.prices.input?.source}\t${other.join('; ')}`);
}

console.log('\n# models with two or more live first-party standard offers at different prices');
const groups = new Map<string, Offer[]>();
for (const o of offers) {
  if (!live(o) || o.sku !== 'standard' || o.prices.input === undefined) continue;
  const k = `${o.model_id}|${o.provider}|${o.region}`;
  groups.set(k, [...(groups.get(k) ?? []), o]);
}
for (const [k, g] of groups) {
  if (new Set(g.map(pair)).size < 2) continue;
  console.log(`${k}\t${g.map((o) => `${o.provider_model_id} ${pair(o)} [${o.listed_by.join(',')}]`).join('  |  ')}`);
}
