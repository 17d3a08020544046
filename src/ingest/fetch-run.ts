// Fetches sources into new dated snapshots: download, check with the adapter, then swap in; never half a snapshot.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AdapterResult } from '../sources/types.ts';
import { httpGet, type HttpOptions, type Validators } from './fetch-http.ts';
import { FETCH_PLANS, type FetchContext, type Fetched, type FetchPlan } from './fetch-sources.ts';
import { COMPRESS_ABOVE, MANIFEST, manifestText, readManifest, readSnapshotFile, REJECTED_DIR, sha256, type SnapshotEntry, type SnapshotFile } from './snapshot-store.ts';

export type FetchOptions = HttpOptions & {
  storeDir: string;
  curatedDir: string;
  /** The retrieval day written to the manifest (default: today, UTC). */
  today?: string;
  only?: string;
  plans?: FetchPlan[];
  log?: (line: string) => void;
};

export type FetchOutcome = { folder: string; status: 'updated' | 'unchanged' | 'failed' | 'rejected'; detail: string };

/** Share of rows an adapter may report as bad before the download is judged a changed format, not a few bad rows. */
const MAX_ISSUE_SHARE = 0.25;

function records(r: AdapterResult): number {
  let n = 0;
  for (const [k, v] of Object.entries(r)) if (k !== 'sources' && k !== 'issues' && Array.isArray(v)) n += v.length;
  return n;
}

/** The current snapshot with the download applied, as plain files the adapter reads. */
function stage(storeDir: string, folder: string, entry: SnapshotEntry, got: Fetched): { root: string; files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  for (const f of entry.files) if (!got.replaces?.test(f.path)) files.set(f.path, readSnapshotFile(path.join(storeDir, folder), f));
  for (const f of got.files) files.set(f.path, f.bytes);
  const root = mkdtempSync(path.join(os.tmpdir(), 'mds-fetch-'));
  for (const [p, bytes] of files) {
    mkdirSync(path.dirname(path.join(root, folder, p)), { recursive: true });
    writeFileSync(path.join(root, folder, p), bytes);
  }
  return { root, files };
}

/** Why the adapter refuses the staged snapshot, or undefined when it reads it. */
async function check(plan: FetchPlan, root: string, curated: string): Promise<string | undefined> {
  let r: AdapterResult;
  try {
    r = await plan.adapter.read({ sources: root, curated });
  } catch (err) {
    return `the ${plan.adapter.id} adapter cannot read it: ${err instanceof Error ? err.message : String(err)}`;
  }
  const n = records(r);
  if (n === 0) return `the ${plan.adapter.id} adapter found no rows in it`;
  if (r.issues.length > Math.max(10, n * MAX_ISSUE_SHARE)) {
    const first = r.issues[0];
    return `${r.issues.length} rows fail the ${plan.adapter.id} schema against ${n} read (first: ${first?.file} ${first?.row}: ${first?.message})`;
  }
  return undefined;
}

function keepRejected(storeDir: string, folder: string, got: Fetched, reason: string, today: string): string {
  const dir = path.join(storeDir, REJECTED_DIR, folder, `${today}-${Date.now()}`);
  for (const f of got.files) {
    mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
    writeFileSync(path.join(dir, f.path), f.bytes);
  }
  writeFileSync(path.join(dir, 'REASON.txt'), `${reason}\n`);
  return dir;
}

/** Write the new snapshot beside the old, then swap folders and the manifest by rename. */
function commit(storeDir: string, folder: string, files: Map<string, Buffer>, entry: SnapshotEntry): void {
  const staging = path.join(storeDir, `.staging-${folder}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const out: SnapshotFile[] = [];
  for (const [p, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const compress = bytes.length > COMPRESS_ABOVE && !p.endsWith('.gz');
    const stored = compress ? `${p}.gz` : p;
    mkdirSync(path.dirname(path.join(staging, stored)), { recursive: true });
    writeFileSync(path.join(staging, stored), compress ? gzipSync(bytes, { level: 9 }) : bytes);
    out.push({ path: p, ...(compress ? { stored } : {}), bytes: bytes.length, sha256: sha256(bytes) });
  }
  const manifest = readManifest(storeDir);
  manifest.sources[folder] = { ...entry, files: out };
  const old = path.join(storeDir, `.old-${folder}-${process.pid}`);
  const live = path.join(storeDir, folder);
  if (existsSync(live)) renameSync(live, old);
  renameSync(staging, live);
  const tmpManifest = path.join(storeDir, `.${MANIFEST}.${process.pid}`);
  writeFileSync(tmpManifest, manifestText(manifest));
  renameSync(tmpManifest, path.join(storeDir, MANIFEST));
  rmSync(old, { recursive: true, force: true });
}

async function fetchOne(plan: FetchPlan, opts: FetchOptions, today: string): Promise<FetchOutcome> {
  const { folder } = plan;
  const entry = readManifest(opts.storeDir).sources[folder];
  if (!entry) return { folder, status: 'failed', detail: `not in ${MANIFEST} (add its origin and licence first)` };
  const seen: Record<string, Validators> = {};
  const ctx: FetchContext = {
    async conditional(url) {
      const r = await httpGet(url, opts, entry.http?.[url]);
      if (r.status === 'not_modified') return null;
      if (r.validators.etag || r.validators.last_modified) seen[url] = r.validators;
      return r.body;
    },
    async get(url) {
      const r = await httpGet(url, opts);
      if (r.status !== 'ok') throw new Error(`${url}: unexpected 304 to an unconditional request`);
      return r.body;
    },
  };
  let got: Fetched | null;
  try {
    got = await plan.run(ctx, today);
  } catch (err) {
    return { folder, status: 'failed', detail: `${err instanceof Error ? err.message : String(err)}; the last good snapshot (${entry.retrieved}) stays` };
  }
  if (got === null) return { folder, status: 'unchanged', detail: `not modified since ${entry.retrieved}` };
  const { root, files } = stage(opts.storeDir, folder, entry, got);
  try {
    const reason = await check(plan, root, opts.curatedDir);
    if (reason) {
      const kept = keepRejected(opts.storeDir, folder, got, reason, today);
      return { folder, status: 'rejected', detail: `${reason}; kept in ${path.relative(opts.storeDir, kept)}, the last good snapshot (${entry.retrieved}) stays` };
    }
    const same = got.files.every((f) => entry.files.some((e) => e.path === f.path && e.sha256 === sha256(f.bytes))) && files.size === entry.files.length;
    const http = { ...entry.http, ...seen };
    commit(opts.storeDir, folder, files, { ...entry, retrieved: same ? entry.retrieved : today, ...(Object.keys(http).length ? { http } : {}) });
    const bytes = got.files.reduce((s, f) => s + f.bytes.length, 0);
    return same
      ? { folder, status: 'unchanged', detail: `downloaded, identical to the snapshot of ${entry.retrieved}` }
      : { folder, status: 'updated', detail: `${got.files.length} files, ${Math.round(bytes / 1024)} KB, retrieved ${today}` };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Fetch every source of the table (or one), one line of progress per source; a failure never stops the rest. */
export async function fetchSources(opts: FetchOptions): Promise<FetchOutcome[]> {
  const plans = (opts.plans ?? FETCH_PLANS).filter((p) => !opts.only || p.folder === opts.only);
  if (opts.only && plans.length === 0) throw new Error(`unknown source ${opts.only}; known: ${(opts.plans ?? FETCH_PLANS).map((p) => p.folder).join(', ')}`);
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const out: FetchOutcome[] = [];
  for (const plan of plans) {
    const t0 = performance.now();
    opts.log?.(`${plan.folder}: fetching`);
    const r = await fetchOne(plan, opts, today);
    opts.log?.(`${plan.folder}: ${r.status}: ${r.detail} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    out.push(r);
  }
  return out;
}
