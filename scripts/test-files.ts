// The test files `npm test` runs, in the order it starts them: the slowest first, then every other one by path.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The files that take longest, longest first (seconds of their tests in CI run 37 on the 2-core machine, beside the
 * other slot: the dataset builds 115, the pages in chromium 70, the soak 51 after its server's start, the reload 37,
 * the lint 17, the REST/MCP parity 14, faults 12, partial file paths 11, socket timeouts 10, scale-out 9, limits 9).
 * `npm test` runs two files at a time in the order given. Sorted by path, the chromium pages (the last file) and the
 * soak started within the last minute, and the other slot ran out of files while they ran: the machine's second core
 * idled for tens of seconds at the end. Started first, the long files run beside the short ones, which fill both
 * slots to the end. Only the order changes: every file still runs, in its own process, as before.
 */
export const SLOWEST: readonly string[] = [
  'test/dataset-builds.test.ts', 'test/web.test.ts', 'test/soak.test.ts', 'test/reload.test.ts', 'test/lint.test.ts',
  'test/parity.test.ts', 'test/faults.test.ts', 'test/partial-file-paths.test.ts', 'src/lifecycle/socket-timeout.test.ts',
  'test/scale-out.test.ts', 'test/limits.test.ts',
];

const FOLDERS = ['src', 'test', 'bench'];

/** Every `*.test.ts` under src, test and bench, relative to `root` with `/`: SLOWEST first, then by path. */
export function testFiles(root: string): string[] {
  const all = FOLDERS.flatMap((folder) => readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${folder}/${f.split(path.sep).join('/')}`))
    .sort();
  const present = new Set(all);
  // A file named here that is gone (renamed, split) fails `npm test` rather than dropping out of the order unseen.
  const missing = SLOWEST.filter((f) => !present.has(f));
  if (missing.length) throw new Error(`scripts/test-files.ts names test files that do not exist: ${missing.join(', ')}`);
  const first = new Set(SLOWEST);
  return [...SLOWEST, ...all.filter((f) => !first.has(f))];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(testFiles(path.resolve(import.meta.dirname, '..')).join('\n'));
}
