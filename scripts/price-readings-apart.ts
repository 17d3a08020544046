// Lists price fields whose readings of one listing, from different sources, are 2x or more apart, with every reading.
// Usage: npx tsx scripts/price-readings-apart.ts [--sources DIR] > apart.tsv (a review aid, not a check).
// Each field: the listing, the served reading and how the 2x-apart rule (src/ingest/price-agreement.ts) settled it,
// every reading as source=value (read date, set date), the provider's sibling listings and the developer's own
// listings of the model as each source reads them (the agreement the rule weighs).
import { PROJECT_ROOT } from '../src/config/env.ts';
import { allAdapters } from '../src/ingest/adapters.ts';
import { build } from '../src/ingest/build.ts';
import type { PriceTrace } from '../src/ingest/build-offers.ts';
import { factorApart } from '../src/ingest/precedence.ts';
import { APART_FACTOR, standing, type SiblingReading } from '../src/ingest/price-agreement.ts';
import { defaultRoots } from '../src/ingest/run.ts';
import { loadTables } from '../src/ingest/tables.ts';

type Trace = Parameters<PriceTrace>[0];

const i = process.argv.indexOf('--sources');
const roots = defaultRoots(PROJECT_ROOT, i > 0 ? process.argv[i + 1] : undefined);
const results = [];
for (const a of allAdapters()) results.push(await a.read(roots));
const { tables } = await loadTables(PROJECT_ROOT, roots);
const traces: Trace[] = [];
build(results, tables, { onPrice: (t) => traces.push(t) });

const apart = (t: Trace) => {
  const vs = t.readings.filter((r) => r.value > 0);
  return vs.some((a) => vs.some((b) => a.source !== b.source && factorApart(a.value, b.value) >= APART_FACTOR));
};
/** The served reading has another source's reading 2x or more away that was read later. */
const newerApart = (t: Trace) => t.fact !== undefined && t.readings.some((r) => r.source !== t.fact!.source && r.value > 0 &&
  t.fact!.value > 0 && r.as_of > t.fact!.as_of && factorApart(r.value, t.fact!.value) >= APART_FACTOR);
/** How the field was settled: a reading held back as an outlier, the newest passed over, or the newest standing (why). */
function settled(t: Trace): string {
  const note = t.fact?.note ?? '';
  if (note.includes('passed over')) return 'passed over';
  if (note.includes('held back')) return 'outlier held back';
  const served = t.readings.find((r) => r.source === t.fact?.source && r.value === t.fact?.value);
  if (!served) return 'none served';
  const own = standing(served, t.agreement.siblings);
  return own === 'alike' ? 'newest, siblings alike' : own === 'apart' ? 'newest, no alternative' : 'newest, no evidence against';
}
const list = (rs: readonly SiblingReading[]) => rs.map((r) => `${r.source}=${r.value}`).join(',') || '-';

const fields = traces.filter(apart);
const marked = fields.filter(newerApart);
console.log(`# ${fields.length} price fields with readings of one listing ${APART_FACTOR}x or more apart (of ${traces.length}); `
  + `${marked.length} served with a later-read reading ${APART_FACTOR}x or more away (marked *)`);
const tally = new Map<string, number>();
for (const t of fields) tally.set(settled(t), (tally.get(settled(t)) ?? 0) + 1);
console.log(`# settled: ${[...tally].map(([k, n]) => `${k} ${n}`).join('; ')}`);
console.log('provider\tmodel\tlisting\tsku\tfield\tserved\tsettled\treadings (read date, set date)\tsiblings\tdeveloper');
for (const t of fields) {
  const readings = t.readings.map((r) => `${r.source}=${r.value} (${r.as_of}, ${r.evidence ?? 'no set date'})`).join('; ');
  const served = t.fact ? `${newerApart(t) ? '* ' : ''}${t.fact.value} ${t.fact.source}` : '(none)';
  console.log([t.provider, t.model_id, t.listing, t.sku, t.field, served, settled(t), readings, list(t.agreement.siblings),
    list(t.agreement.developer)].join('\t'));
}
