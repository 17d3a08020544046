// One-off import of the original snapshots (a folder like ../shared/data/sources) into data/sources: only the
// files the adapters read, gzip-compressed past 32 KB, each source with its origin, licence and sha256 manifest.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { COMPRESS_ABOVE, MANIFEST, manifestText, sha256, type Manifest, type SnapshotFile } from '../src/ingest/snapshot-store.ts';

/** Origin, licence and retrieval day of each snapshot, from SOURCES.md and each folder's commit file. */
const META: Record<string, { origin: string; licence: string; licence_file?: string; retrieved: string; note?: string }> = {
  'models.dev': { origin: 'https://github.com/anomalyco/models.dev', licence: 'MIT', retrieved: '2026-07-02',
    note: 'TOML catalogue at the commit in HEAD_COMMIT.txt; field-changes-from-git.jsonl.gz is derived from the repository history (one line per field change), so the history itself is not stored.' },
  'genai-prices': { origin: 'https://github.com/pydantic/genai-prices', licence: 'MIT', retrieved: '2026-09-23',
    note: 'providers-yml at the commit in HEAD_COMMIT.txt; npm-0.1.8-bundled-providers.json from the npm package @pydantic/genai-prices 0.1.8 (2026-09-23); price-changes-from-git.jsonl is derived from the history of data.json.' },
  'litellm-via-rocry': { origin: 'https://github.com/BerriAI/litellm', licence: 'MIT', retrieved: '2026-07-24',
    note: 'model_prices_and_context_window.json mirrored hourly by https://github.com/RoCry/llm-api-price; the field-changes file is derived from 640 hourly versions.' },
  'lmarena-daily-2026': { origin: 'https://huggingface.co/datasets/lmarena-ai/leaderboard-dataset', licence: 'LMArena data (attribute LMArena); mirror repository MIT', retrieved: '2026-08-22',
    note: 'via https://github.com/Scarlett9826/arena-ai-leaderboards (commit in SOURCE_COMMIT.txt)' },
  'lmarena-arena-catalog': { origin: 'https://github.com/lmarena/arena-catalog', licence: 'no licence file: attribute LMArena', retrieved: '2025-12-17' },
  'lmarena-fboulnois': { origin: 'https://github.com/fboulnois/llm-leaderboard-csv', licence: 'MPL-2.0 (repository); data by LMArena', retrieved: '2025-08-06' },
  'lmarena-history-nakasyou': { origin: 'https://github.com/nakasyou/lmarena-history', licence: 'MIT; data by LMArena', retrieved: '2025-05-23' },
  'llmfit-hf-models': { origin: 'https://github.com/AlexsJones/llmfit', licence: 'MIT', retrieved: '2026-05-12',
    note: 'facts taken from each repository config.json on https://huggingface.co; known errors are overridden by data/curated/architecture-overrides.csv' },
  fmti: { origin: 'https://github.com/stanford-crfm/fmti', licence: 'CC BY 4.0', licence_file: 'LICENSE.md', retrieved: '2025-12-09' },
  'eu-gpai-code-of-practice': { origin: 'https://digital-strategy.ec.europa.eu/en/policies/contents-code-gpai', licence: 'public information', retrieved: '2025-12' },
  'epoch-ml-hardware': { origin: 'https://epoch.ai/data/machine-learning-hardware', licence: 'CC BY 4.0', retrieved: '2025-11-15',
    note: 'copy found in talmolab/lablink-paper-figures (commit in SOURCE_COMMIT.txt)' },
  'deprecations-rss': { origin: 'https://deprecations.info/v1/', licence: 'MIT', licence_file: 'LICENSE', retrieved: '2026-07-24',
    note: 'https://github.com/deprecations/deprecations-rss commit b1885cd' },
  'hf-tasks-hardware': { origin: 'https://github.com/huggingface/huggingface.js/tree/main/packages/tasks/src', licence: 'MIT', licence_file: 'LICENSE', retrieved: '2026-09-29',
    note: 'npm package @huggingface/tasks 0.21.54' },
  'skypilot-catalog': { origin: 'https://github.com/skypilot-org/skypilot-catalog', licence: 'Apache-2.0', retrieved: '2026',
    note: 'catalogs/v7; see SOURCE.txt for the commit of each row' },
};
/** Kept beside the data for its terms or provenance, though no adapter reads them. */
const KEEP = /^(LICENSE(\.md)?|NOTES\.md|README-from-talmolab\.md|SOURCE\.txt|SOURCE_COMMIT\.txt|HEAD_COMMIT\.txt)$/;

function main(): void {
  const from = path.resolve(process.argv[2] ?? path.join(PROJECT_ROOT, '..', 'shared', 'data', 'sources'));
  const list = readFileSync(process.argv[3] ?? '/dev/stdin', 'utf8').split('\n').filter(Boolean);
  const store = path.join(PROJECT_ROOT, 'data', 'sources');
  const manifest: Manifest = { schema_version: 1, sources: {} };
  const byFolder = new Map<string, Set<string>>();
  for (const rel of list) {
    const [folder, ...rest] = rel.split('/');
    if (!byFolder.has(folder)) byFolder.set(folder, new Set());
    byFolder.get(folder)!.add(rest.join('/'));
  }
  for (const [folder, files] of [...byFolder].sort()) {
    const meta = META[folder];
    if (!meta) throw new Error(`no metadata for ${folder}`);
    for (const extra of ['LICENSE', 'LICENSE.md', 'NOTES.md', 'README-from-talmolab.md', 'SOURCE.txt', 'SOURCE_COMMIT.txt', 'HEAD_COMMIT.txt']) {
      if (KEEP.test(extra) && existsSync(path.join(from, folder, extra))) files.add(extra);
    }
    rmSync(path.join(store, folder), { recursive: true, force: true });
    const out: SnapshotFile[] = [];
    for (const rel of [...files].sort()) {
      const bytes = readFileSync(path.join(from, folder, rel));
      const dest = path.join(store, folder, rel);
      mkdirSync(path.dirname(dest), { recursive: true });
      const compress = bytes.length > COMPRESS_ABOVE && !rel.endsWith('.gz');
      if (compress) writeFileSync(`${dest}.gz`, gzipSync(bytes, { level: 9 }));
      else copyFileSync(path.join(from, folder, rel), dest);
      out.push({ path: rel, ...(compress ? { stored: `${rel}.gz` } : {}), bytes: bytes.length, sha256: sha256(bytes) });
    }
    manifest.sources[folder] = { ...meta, files: out };
  }
  writeFileSync(path.join(store, MANIFEST), manifestText(manifest));
  console.log(`${Object.keys(manifest.sources).length} sources written to ${store}`);
}

main();
