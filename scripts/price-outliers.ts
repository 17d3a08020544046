// Lists served input and output prices 5x or more above, or 5x or more below, the median of the same price in the
// model's other offers (models with 3 or more offers, $0 left out as the 20x outlier rule leaves it out), for review
// against the provider's own page. Usage: npx tsx scripts/price-outliers.ts [offers.json] > outliers.tsv
// A review aid, not a check: 5x is far inside the 20x bound that holds readings back (docs/data.md, "Outliers need
// corroboration"), so most rows are real (a premium host, a tier, a router's markup) and each needs a page read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/config/env.ts';

const FACTOR = 5;
type Price = { value: number; source: string };
type Offer = { model_id: string; provider: string; provider_model_id: string; sku: string; prices: Partial<Record<'input' | 'output', Price>> };

const file = process.argv[2] ?? join(PROJECT_ROOT, 'data/dataset/offers.json');
const offers = JSON.parse(readFileSync(file, 'utf8')) as Offer[];
const byModel = new Map<string, Offer[]>();
for (const o of offers) byModel.set(o.model_id, [...(byModel.get(o.model_id) ?? []), o]);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

console.log(['model', 'offer', 'field', 'value', 'source', 'median_of_others', 'others', 'factor'].join('\t'));
let n = 0;
for (const [model, list] of byModel) {
  if (list.length < 3) continue;
  for (const field of ['input', 'output'] as const) {
    for (const o of list) {
      const p = o.prices[field];
      if (!p || p.value === 0) continue;
      const others = list.filter((x) => x !== o).map((x) => x.prices[field]?.value ?? 0).filter((v) => v > 0);
      if (others.length < 2) continue;
      const ref = median(others);
      const factor = p.value / ref;
      if (factor < FACTOR && factor > 1 / FACTOR) continue;
      n += 1;
      console.log([model, `${o.provider}/${o.provider_model_id}:${o.sku}`, field, p.value, p.source, ref, others.length,
        factor.toFixed(2)].join('\t'));
    }
  }
}
console.error(`${n} prices ${FACTOR}x or more from the median of the model's other offers`);
