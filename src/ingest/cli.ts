// The dataset CLI: `build` compiles data/dataset from the sources; `verify` checks the committed dataset.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from '../config/env.ts';
import { loadDataset } from '../dataset/load.ts';
import { coverageReport } from './coverage.ts';
import { checkGoldenFacts, formatGoldenMismatches, GOLDEN_FILE, loadGoldenFacts, type GoldenView } from './golden.ts';
import { defaultRoots, runIngest, sourcesPresent } from './run.ts';
import { diffDataset, writeDataset } from './write.ts';

/** Check a loaded dataset against data/golden/facts.csv; prints the mismatches and returns false on any. */
function goldenHolds(ds: GoldenView): boolean {
  const facts = loadGoldenFacts(path.join(PROJECT_ROOT, GOLDEN_FILE));
  const mismatches = checkGoldenFacts(ds, facts);
  if (mismatches.length) console.error(formatGoldenMismatches(mismatches, facts.length));
  else console.log(`golden facts: all ${facts.length} hold`);
  return mismatches.length === 0;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<number> {
  const verb = process.argv[2];
  const roots = defaultRoots(PROJECT_ROOT, arg('sources'));
  const out = path.resolve(arg('out') ?? DEFAULT_DATA_DIR);
  if (verb === 'build') {
    if (!sourcesPresent(roots)) { console.error(`Source snapshots not found at ${roots.sources} (data/sources/manifest.json, or --sources DIR).`); return 2; }
    const { data, report } = await runIngest(PROJECT_ROOT, roots, out);
    writeDataset(out, data);
    console.log(coverageReport(data, report));
    const issuesFile = arg('issues');
    if (issuesFile) writeFileSync(issuesFile, JSON.stringify({ issues: report.issues, unmatched: report.unmatched }, null, 1));
    console.log(`written to ${out}`);
    // The dataset stays written so that a mismatch can be inspected; the exit code fails the build.
    return goldenHolds(loadDataset(out)) ? 0 : 1;
  }
  if (verb === 'verify') {
    const ds = loadDataset(out);
    console.log(`${out}: valid (${ds.models.length} models, ${ds.offers.length} offers, data as of ${ds.meta.data_as_of})`);
    const golden = goldenHolds(ds);
    if (!sourcesPresent(roots)) { console.log('source snapshots absent: drift not checked'); return golden ? 0 : 1; }
    const { data } = await runIngest(PROJECT_ROOT, roots, out);
    const drift = diffDataset(out, data);
    if (drift.length) { console.error(`drift: ${drift.join(', ')} differ from a fresh build (run npm run data:build)`); return 1; }
    console.log('no drift: a fresh build is byte-identical');
    return golden ? 0 : 1;
  }
  console.error('usage: tsx src/ingest/cli.ts build|verify [--sources DIR] [--out DIR] [--issues FILE]');
  return 2;
}

main().then((code) => { process.exitCode = code; }, (err: unknown) => { console.error(err instanceof Error ? err.message : err); process.exitCode = 1; });
