// Runs the whole ingest: every adapter, the reviewed tables, the build, and validation of the result.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { validateDatasetData } from '../dataset/load.ts';
import type { DatasetData } from '../schema/index.ts';
import type { SourceRoots } from '../sources/types.ts';
import { allAdapters } from './adapters.ts';
import { build } from './build.ts';
import type { BuildReport } from './context.ts';
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

/** Read every source and build the dataset; the result is validated exactly as the server will load it. */
export async function runIngest(projectRoot: string, roots: SourceRoots): Promise<{ data: DatasetData; report: BuildReport }> {
  const results = [];
  for (const a of allAdapters()) results.push(await a.read(roots));
  const { tables, issues } = await loadTables(projectRoot, roots);
  const { data, report } = build(results, tables);
  report.issues.unshift(...issues);
  const validated = validateDatasetData(data as unknown as Record<string, unknown>, 'built dataset');
  return { data: validated, report };
}
