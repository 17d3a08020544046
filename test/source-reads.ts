// Builds of the source snapshots within one test process that re-read only the snapshot folders that changed.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { allAdapters } from '../src/ingest/adapters.ts';
import { runIngest } from '../src/ingest/run.ts';
import type { Adapter, AdapterResult, SourceRoots } from '../src/sources/types.ts';

/**
 * The snapshot folders each costly adapter reads (its FOLDER or DIR constant under data/sources). An adapter is
 * shown only these folders (a view of symbolic links), so one that starts reading another fails loudly rather than
 * being kept by the wrong bytes; an adapter not listed here (the reviewed tables: milliseconds) is always read.
 */
const FOLDERS: Readonly<Record<string, readonly string[]>> = {
  'models-dev': ['models.dev'], 'genai-prices': ['genai-prices'], litellm: ['litellm-via-rocry'],
  lmarena: ['lmarena-daily-2026'], 'lmarena-arena-catalog': ['lmarena-arena-catalog'], 'lmarena-fboulnois': ['lmarena-fboulnois'],
  'lmarena-history': ['lmarena-history-nakasyou'], llmfit: ['llmfit-hf-models'], fmti: ['fmti'],
  'eu-gpai-code': ['eu-gpai-code-of-practice'], 'epoch-hardware': ['epoch-ml-hardware'], 'hf-tasks-hardware': ['hf-tasks-hardware'],
  skypilot: ['skypilot-catalog'], 'deprecations-rss': ['deprecations-rss'],
};

/** sha256 over every file's relative path and bytes under `dir`, in a fixed order. */
function treeHash(dir: string, hash = createHash('sha256'), rel = ''): ReturnType<typeof createHash> {
  for (const name of readdirSync(path.join(dir, rel)).sort()) {
    const file = path.join(rel, name);
    hash.update(`${file}\0`);
    if (statSync(path.join(dir, file)).isDirectory()) treeHash(dir, hash, file);
    else hash.update(readFileSync(path.join(dir, file)));
  }
  return hash;
}

/**
 * Each result kept serialized (V8's structured clone, as structuredClone makes): a build gets its own copy by one
 * deserialize, and the build that read it gets the result itself, the kept bytes being the pristine copy. Cloning the
 * kept object for every build (serialize and deserialize each time) cost the file about 5 s of CPU.
 */
const kept = new Map<string, Buffer>();

/** The adapter, kept by the bytes of its folders and the reviewed tables; each build gets its own copy of a result. */
function keptAdapter(a: Adapter): Adapter {
  const folders = FOLDERS[a.id];
  if (!folders) return a;
  return {
    id: a.id,
    async read(roots: SourceRoots): Promise<AdapterResult> {
      const hash = createHash('sha256').update(`${a.id}\0`);
      for (const f of folders) treeHash(path.join(roots.sources, f), hash.update(`${f}\0`));
      const key = treeHash(roots.curated, hash.update('curated\0')).digest('hex');
      const bytes = kept.get(key);
      if (bytes) return deserialize(bytes) as AdapterResult;
      const view = mkdtempSync(path.join(os.tmpdir(), `mds-source-view-${a.id}-`));
      mkdirSync(path.join(view, 'sources'));
      for (const f of folders) symlinkSync(path.join(roots.sources, f), path.join(view, 'sources', f));
      let result: AdapterResult;
      try {
        result = await a.read({ sources: path.join(view, 'sources'), curated: roots.curated });
      } finally {
        rmSync(view, { recursive: true, force: true });
      }
      // The build may change what it is given: what is kept is a copy taken before it runs.
      kept.set(key, serialize(result));
      return result;
    },
  };
}

const adapters = allAdapters().map(keptAdapter);

/** runIngest over every adapter, reading again only the snapshot folders whose bytes this process has not read. */
export function buildKept(roots: SourceRoots, previousDir?: string): ReturnType<typeof runIngest> {
  return runIngest(PROJECT_ROOT, roots, previousDir, adapters);
}
