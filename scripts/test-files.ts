// The test files `npm test` runs, in the order it starts them: the slowest first, then every other one by path; the
// test files of the shared folders below run through one entry file a folder, in one process.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The files that take longest, longest first (seconds of their tests in CI run 37 on the 2-core machine, beside the
 * other slot: the dataset builds 115, the pages in chromium 70, the soak 51 after its server's start, the reload 37,
 * the lint 17, the REST/MCP parity 14, faults 12, partial file paths 11, socket timeouts 10, scale-out 9, limits 9;
 * the shared entries measured on 2026-11-29 at a load of 3: src/ops 48, src/engines 34, src/sources 20).
 * `npm test` runs two files at a time in the order given. Sorted by path, the chromium pages (the last file) and the
 * soak started within the last minute, and the other slot ran out of files while they ran: the machine's second core
 * idled for tens of seconds at the end. Started first, the long files run beside the short ones, which fill both
 * slots to the end.
 */
export const SLOWEST: readonly string[] = [
  'test/dataset-builds.test.ts', 'test/web.test.ts', 'test/soak.test.ts', 'test/shared-process/src-ops.test.ts',
  'test/reload.test.ts', 'test/shared-process/src-engines.test.ts', 'test/shared-process/src-sources.test.ts',
  'test/lint.test.ts', 'test/parity.test.ts', 'test/faults.test.ts', 'test/partial-file-paths.test.ts',
  'src/lifecycle/socket-timeout.test.ts', 'test/scale-out.test.ts', 'test/limits.test.ts',
];

/**
 * Folders of pure tests (engines, operations on a dataset, source adapters, ingest steps, schemas) whose test files
 * share one process under `npm test`. Each file in its own process paid 0.6 to 0.9 s of CPU for Node and tsx before a
 * line of it ran, and a load of the committed dataset besides: src/engines' 98 files took 144 s of CPU one process a
 * file and 33 s in one (same 567 tests, measured with `time` on 2026-11-29), so these ~300 files were a third of the
 * suite's time spent starting. A file that changes what the others would see stays in its own process (ownProcess).
 * Each folder's entry is test/shared-process/<folder with - for />.test.ts; a file still runs alone with
 * `node --import tsx --test <file>`.
 */
export const SHARED_FOLDERS: readonly string[] = [
  'bench', 'bench/lib', 'src/access', 'src/dataset', 'src/engines', 'src/errors', 'src/ingest', 'src/ops', 'src/schema',
  'src/sources', 'src/surfaces', 'src/surfaces/mcp', 'src/surfaces/rest', 'src/surfaces/web',
];

const FOLDERS = ['src', 'test', 'bench'];

/** The entry file that runs `folder`'s shared test files. */
export function sharedEntry(folder: string): string {
  return `test/shared-process/${folder.split('/').join('-')}.test.ts`;
}

/**
 * Why a test file must keep its own process, or undefined. In one process, a hook at a file's top level is the
 * process's root test's, so a top-level beforeEach would run before every other file's tests and a before/after pair
 * would hold its server across them all; a change to process.env, the working folder, a global mock or a process
 * listener would be seen by the files after it; and a test that times itself would count the others' collections.
 */
export function ownProcess(source: string): string | undefined {
  if (/^(?:before|after|beforeEach|afterEach)\(/m.test(source)) return 'a top-level hook';
  if (/process\.env(?:\.\w+|\[[^\]]*\])\s*=[^=]|delete process\.env|process\.chdir\(/.test(source)) return 'changes process.env or the working folder';
  if (/(?:^|[^.\w])mock\.(?:method|timers|getter|setter|property)\b/m.test(source)) return 'a global mock';
  if (/process\.(?:on|once)\(|process\.exitCode/.test(source)) return 'a process listener or exit code';
  if (/Date\.now\(\)|performance\.now\(\)|memoryUsage\(/.test(source)) return 'times itself or reads memory';
  return undefined;
}

/** The test files of `folder` (its own, not its subfolders') that share its process, by path. */
export function sharedFiles(root: string, folder: string): string[] {
  const dir = path.join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.test.ts')).sort()
    .filter((f) => ownProcess(readFileSync(path.join(dir, f), 'utf8')) === undefined)
    .map((f) => `${folder}/${f}`);
}

/** Every `*.test.ts` under src, test and bench but the shared ones, relative to `root` with `/`: SLOWEST first, then by path. */
export function testFiles(root: string): string[] {
  const all = FOLDERS.flatMap((folder) => readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${folder}/${f.split(path.sep).join('/')}`))
    .sort();
  const shared = new Set(SHARED_FOLDERS.flatMap((folder) => sharedFiles(root, folder)));
  const present = new Set(all);
  // A shared folder without its entry would run none of its files: that fails `npm test` instead.
  const entries = SHARED_FOLDERS.filter((folder) => sharedFiles(root, folder).length > 0).map(sharedEntry);
  // A file named here that is gone (renamed, split) fails `npm test` rather than dropping out of the order unseen.
  const missing = [...new Set([...SLOWEST, ...entries])].filter((f) => !present.has(f));
  if (missing.length) throw new Error(`scripts/test-files.ts names test files that do not exist: ${missing.join(', ')}`);
  const first = new Set(SLOWEST);
  return [...SLOWEST, ...all.filter((f) => !first.has(f) && !shared.has(f))];
}

/** Import `folder`'s shared test files one after another, so their tests register in this process (an entry's body). */
export async function importShared(folder: string): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..');
  for (const file of sharedFiles(root, folder)) await import(pathToFileURL(path.join(root, file)).href);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(testFiles(path.resolve(import.meta.dirname, '..')).join('\n'));
}
