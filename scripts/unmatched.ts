// Writes docs/unmatched.md: the priced listings the build leaves unmatched, grouped by reason.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { defaultRoots, runIngest, sourcesPresent } from '../src/ingest/run.ts';
import { unmatchedMarkdown } from '../src/ingest/unmatched.ts';

const roots = defaultRoots(PROJECT_ROOT);
if (!sourcesPresent(roots)) {
  console.error(`Source snapshots not found at ${roots.sources}.`);
  process.exit(2);
}
const { data, report } = await runIngest(PROJECT_ROOT, roots);
const out = path.join(PROJECT_ROOT, 'docs', 'unmatched.md');
writeFileSync(out, unmatchedMarkdown(report.unmatched, data.meta.data_as_of));
console.log(`written to ${out}`);
