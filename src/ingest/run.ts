// Runs the whole ingest: every adapter, the reviewed tables, the build, and validation of the result.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateDatasetData } from '../dataset/load.ts';
import type { DatasetData } from '../schema/index.ts';
import type { Adapter, SourceRoots } from '../sources/types.ts';
import { allAdapters } from './adapters.ts';
import { build } from './build.ts';
import type { BuildReport } from './context.ts';
import { appendSnapshotChanges, type DatasetParts } from './snapshot-changes.ts';
import { MANIFEST, materialise } from './snapshot-store.ts';
import { loadTables } from './tables.ts';

/**
 * Where the adapters read: by default the repository's own snapshots (data/sources, verified against their
 * manifest and decompressed into a cache) with data/curated; `--sources DIR` or MDS_SOURCES points at a plain
 * folder of snapshots instead (e.g. ../shared/data/sources), whose curated tables are its sibling `curated/`.
 */
export function defaultRoots(projectRoot: string, sourceRoot: string | undefined = process.env.MDS_SOURCES || undefined): SourceRoots {
  if (sourceRoot !== undefined) {
    const sources = path.resolve(sourceRoot);
    return { sources, curated: path.join(path.dirname(sources), 'curated') };
  }
  const store = path.join(projectRoot, 'data', 'sources');
  const curated = path.join(projectRoot, 'data', 'curated');
  return existsSync(path.join(store, MANIFEST)) ? { sources: materialise(store), curated } : { sources: store, curated };
}

export function sourcesPresent(roots: SourceRoots): boolean {
  return existsSync(roots.sources) && existsSync(roots.curated);
}

/** The collections of a dataset folder that the change comparison needs, or undefined when there is none. */
export function readPrevious(dir: string): DatasetParts | undefined {
  if (!existsSync(path.join(dir, 'meta.json'))) return undefined;
  const read = (name: string) => JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as never;
  return { models: read('models'), offers: read('offers'), ratings: read('ratings'), sources: read('sources'), changes: read('changes') };
}

/**
 * Read every source and build the dataset; the result is validated exactly as the server will load it. The
 * previous dataset (default: the committed one) contributes the change events found by comparing it with this
 * build, so that building from newer snapshots extends the history; from the same snapshots it adds nothing.
 * `adapters` is every adapter unless a test wraps them (test/source-reads.ts keeps a process's reads of unchanged
 * snapshots between builds).
 */
export async function runIngest(projectRoot: string, roots: SourceRoots, previousDir = path.join(projectRoot, 'data', 'dataset'),
  adapters: Adapter[] = allAdapters()): Promise<{ data: DatasetData; report: BuildReport }> {
  const results = [];
  for (const a of adapters) results.push(await a.read(roots));
  const { tables, issues } = await loadTables(projectRoot, roots);
  const { data, report } = build(results, tables);
  report.issues.unshift(...issues);
  const changes = appendSnapshotChanges(readPrevious(previousDir), data);
  if (changes !== data.changes) {
    report.notes.push(`snapshot change events: ${changes.length - data.changes.length} beyond the sources' histories`);
    data.changes = changes;
    data.meta.counts = { ...data.meta.counts, changes: changes.length };
  }
  const validated = validateDatasetData(data as unknown as Record<string, unknown>, 'built dataset');
  return { data: validated, report };
}
