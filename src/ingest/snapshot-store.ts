// The repository's store of source snapshots (data/sources): its manifest, hashing, and the plain copy the adapters read.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';

export const MANIFEST = 'manifest.json';
/** Downloads that failed their checks are kept here, with the reason, and never read by the build. */
export const REJECTED_DIR = '_rejected';
/** Files larger than this are stored gzip-compressed (unless already compressed). */
export const COMPRESS_ABOVE = 32 * 1024;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** A day; a month or a year where the origin gives no more (a hand copy whose commit dates were not visible). */
const Day = z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/);

export const SnapshotFile = z.object({
  /** The name the adapter reads, relative to the source folder. */
  path: z.string().min(1),
  /** The stored name when it differs (`<path>.gz`: gzip-compressed in the repository). */
  stored: z.string().min(1).optional(),
  bytes: z.number().int().nonnegative(),
  /** sha256 of the file as the adapter reads it (after decompression of `stored`). */
  sha256: Sha256,
}).strict();
export type SnapshotFile = z.infer<typeof SnapshotFile>;

export const HttpValidator = z.object({ etag: z.string().optional(), last_modified: z.string().optional() }).strict();

export const SnapshotEntry = z.object({
  origin: z.string().url(),
  licence: z.string().min(1),
  /** The licence text kept beside the data, when upstream ships one. */
  licence_file: z.string().optional(),
  /** The day this snapshot was taken from its origin. */
  retrieved: Day,
  note: z.string().optional(),
  /** Conditional-request validators per fetched URL, sent back on the next fetch. */
  http: z.record(z.string(), HttpValidator).optional(),
  files: z.array(SnapshotFile).min(1),
}).strict();
export type SnapshotEntry = z.infer<typeof SnapshotEntry>;

export const Manifest = z.object({ schema_version: z.literal(1), sources: z.record(z.string(), SnapshotEntry) }).strict();
export type Manifest = z.infer<typeof Manifest>;

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function readManifest(storeDir: string): Manifest {
  const file = path.join(storeDir, MANIFEST);
  const parsed = Manifest.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** Stable text (sorted keys) so that rewriting an unchanged manifest changes no byte. */
export function manifestText(m: Manifest): string {
  const sorted = Object.fromEntries(Object.keys(m.sources).sort().map((k) => [k, m.sources[k]]));
  return `${JSON.stringify({ schema_version: m.schema_version, sources: sorted }, null, 1)}\n`;
}

/** The bytes the adapter reads, from the stored file, checked against the manifest's hash. */
export function readSnapshotFile(sourceDir: string, f: SnapshotFile): Buffer {
  const raw = readFileSync(path.join(sourceDir, f.stored ?? f.path));
  const bytes = f.stored?.endsWith('.gz') && !f.path.endsWith('.gz') ? gunzipSync(raw) : raw;
  const got = sha256(bytes);
  if (got !== f.sha256) throw new Error(`${path.join(sourceDir, f.stored ?? f.path)}: sha256 ${got} differs from the manifest (${f.sha256})`);
  return bytes;
}

/**
 * Write the snapshots out as the adapters read them (decompressed, verified) into a cache folder keyed by the
 * manifest's hash, and return it. Synchronous so that the default roots can be resolved at start-up; the
 * cache is rebuilt whenever the manifest changes and written to a temporary folder first, so a half-written
 * copy is never used.
 */
export function materialise(storeDir: string, cacheRoot = path.join(os.tmpdir(), 'mds-sources')): string {
  const manifestRaw = readFileSync(path.join(storeDir, MANIFEST));
  const manifest = readManifest(storeDir);
  const target = path.join(cacheRoot, sha256(manifestRaw).slice(0, 16));
  if (existsSync(path.join(target, '.complete'))) return target;
  const tmp = `${target}.tmp-${process.pid}-${Date.now()}`;
  for (const [name, entry] of Object.entries(manifest.sources)) {
    for (const f of entry.files) {
      const out = path.join(tmp, name, f.path);
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, readSnapshotFile(path.join(storeDir, name), f));
    }
  }
  writeFileSync(path.join(tmp, '.complete'), '');
  try {
    renameSync(tmp, target);
  } catch (err) {
    // Another process finished the same copy first: theirs is as good as ours.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(path.join(target, '.complete'))) throw err;
  }
  return target;
}
