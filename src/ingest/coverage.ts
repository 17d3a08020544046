// The coverage report the ingest prints: what the dataset covers and which source ids stayed unmatched.
import type { DatasetData } from '../schema/index.ts';
import type { BuildReport } from './context.ts';
import { UNMATCHED_REASONS, unmatchedReason } from './unmatched.ts';

export function coverageReport(data: DatasetData, report: BuildReport, opts: { listUnmatched?: number } = {}): string {
  const m = data.models;
  const priced = new Set(data.offers.filter((o) => o.prices.input || o.prices.output).map((o) => o.model_id));
  const rated = new Set(data.ratings.map((r) => r.model_id));
  const pct = (n: number) => `${n} (${m.length ? Math.round((100 * n) / m.length) : 0}%)`;
  const lines = [
    `dataset as of ${data.meta.data_as_of}`,
    `models: ${m.length}`,
    `  with a price:          ${pct(priced.size)}`,
    `  with an arena rating:  ${pct(rated.size)}`,
    `  with a licence:        ${pct(m.filter((x) => x.licence).length)}`,
    `  with open_weights:     ${pct(m.filter((x) => x.open_weights).length)} (true for ${m.filter((x) => x.open_weights?.value).length})`,
    `  with parameters:       ${pct(m.filter((x) => x.parameters_total).length)}`,
    `  with architecture:     ${pct(m.filter((x) => x.architecture).length)}`,
    `  with release date:     ${pct(m.filter((x) => x.release_date).length)}`,
    `offers: ${data.offers.length} at ${data.providers.length} providers (${data.offers.filter((o) => o.prices.input?.corroborated_by?.length).length} input prices corroborated, ${data.offers.filter((o) => o.prices.input?.conflicts?.length || o.prices.output?.conflicts?.length).length} offers with a price conflict)`,
    `ratings: ${data.ratings.length} rows; hardware: ${data.hardware.length}; developers: ${data.developers.length}; change events: ${data.changes.length}`,
    `canonical models created by rule: ${Object.entries(report.created).map(([k, v]) => `${k} ${v}`).join('; ')}`,
    `source ids matched by rule: ${Object.entries(report.matchedBy).sort().map(([k, v]) => `${k} ${v}`).join('; ')}`,
    ...report.notes,
  ];
  const groups = new Map<string, number>();
  for (const u of report.unmatched) groups.set(`${u.source} ${u.what}`, (groups.get(`${u.source} ${u.what}`) ?? 0) + 1);
  lines.push(`unmatched source ids: ${report.unmatched.length}`);
  for (const [k, v] of [...groups.entries()].sort()) lines.push(`  ${k}: ${v}`);
  const pricedUnmatched = report.unmatched.filter((u) => u.what === 'priced offer');
  // The unmatched priced listings by reason (each one listed in docs/unmatched.md, `npm run data:unmatched`).
  lines.push(`unmatched priced listings: ${pricedUnmatched.length}`);
  const byReason = new Map<string, number>();
  for (const u of pricedUnmatched) byReason.set(unmatchedReason(u), (byReason.get(unmatchedReason(u)) ?? 0) + 1);
  for (const r of UNMATCHED_REASONS) if (byReason.get(r)) lines.push(`  ${r}: ${byReason.get(r)}`);
  const n = opts.listUnmatched ?? 40;
  if (pricedUnmatched.length) {
    lines.push(`priced offers with no model (first ${Math.min(n, pricedUnmatched.length)}; why: ${pricedUnmatched[0].why}):`);
    for (const u of pricedUnmatched.slice(0, n)) lines.push(`  ${u.source} ${u.source_id}`);
  }
  lines.push(`ingest issues (bad source rows left out): ${report.issues.length}`);
  const bySource = new Map<string, number>();
  for (const i of report.issues) bySource.set(i.source, (bySource.get(i.source) ?? 0) + 1);
  for (const [k, v] of [...bySource.entries()].sort()) lines.push(`  ${k}: ${v}`);
  return lines.join('\n');
}
