// Loads the compiled dataset from data/, validates every record against its schema, and builds the indexes.
import { createHash, type Hash } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DatasetFiles, type CollectionName, type DatasetData } from '../schema/index.ts';
import { buildDataset, type Dataset } from './dataset.ts';
import { DatasetError, readJson } from './read.ts';
import { collectionProblems, MAX_PROBLEMS, metaProblems } from './validate.ts';
import type { ValidateReply, ValidateRequest } from './validate-worker.ts';

export { DatasetError } from './read.ts';

const COLLECTIONS = Object.keys(DatasetFiles) as CollectionName[];

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function invalid(problems: readonly string[]): DatasetError {
  return new DatasetError(`The dataset is invalid:\n  ${problems.slice(0, MAX_PROBLEMS).join('\n  ')}`);
}

/** Validate raw collections; the first problems found are reported naming the file, record and field. */
export function validateDatasetData(raw: Record<string, unknown>, where = 'dataset'): DatasetData {
  const problems = [...metaProblems(raw.meta, where)];
  for (const name of COLLECTIONS) problems.push(...collectionProblems(name, raw[name], where));
  if (problems.length) throw invalid(problems);
  const data = raw as DatasetData;
  checkReferences(data);
  return data;
}

/** Cross-record rules: every reference points at an existing record; no model or listing replaces itself. */
function checkReferences(d: DatasetData): void {
  const problems: string[] = [];
  const sources = new Set(d.sources.map((s) => s.id));
  const models = new Set(d.models.map((m) => m.id));
  const devs = new Set(d.developers.map((x) => x.id));
  const seen = new Set<string>();
  for (const m of d.models) {
    if (seen.has(m.id)) problems.push(`models.json: duplicate id "${m.id}"`);
    seen.add(m.id);
    if (!devs.has(m.vendor)) problems.push(`models.json: record "${m.id}": field "vendor": unknown developer "${m.vendor}"`);
    // A retired model "replaced by itself" means two models were joined as one (a preview and its GA release).
    if (m.replacement?.value === m.id) problems.push(`models.json: record "${m.id}": field "replacement": the model itself`);
  }
  for (const o of d.offers) {
    if (o.replacement?.value === o.provider_model_id) {
      problems.push(`offers.json: offer ${o.provider}/${o.provider_model_id}: field "replacement": the listing itself`);
    }
  }
  for (const o of d.offers) if (!models.has(o.model_id)) problems.push(`offers.json: offer ${o.provider}/${o.provider_model_id}: unknown model "${o.model_id}"`);
  for (const r of d.ratings) if (!models.has(r.model_id)) problems.push(`ratings.json: rating of "${r.variant}": unknown model "${r.model_id}"`);
  for (const c of d.changes) if (!models.has(c.model_id)) problems.push(`changes.json: event ${c.id}: unknown model "${c.model_id}"`);
  // Every `source` anywhere must be a row of the sources table (for-in, no arrays: this visits ~500,000 values).
  const walk = (v: unknown, where: string): void => {
    if (v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) walk(v[i], where);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.source === 'string' && typeof o.as_of === 'string' && !sources.has(o.source)) {
      problems.push(`${where}: unknown source "${o.source}"`);
    }
    for (const k in o) walk(o[k], where);
  };
  for (const name of ['models', 'offers', 'hardware', 'developers', 'providers'] as const) walk(d[name], `${name}.json`);
  for (const r of d.ratings) if (!sources.has(r.source)) problems.push(`ratings.json: rating of "${r.variant}": unknown source "${r.source}"`);
  for (const c of d.changes) {
    for (const s of [c.source, ...(c.corroborated_by ?? [])]) if (!sources.has(s)) problems.push(`changes.json: event ${c.id}: unknown source "${s}"`);
  }
  if (problems.length) throw new DatasetError(`The dataset is inconsistent:\n  ${problems.slice(0, 20).join('\n  ')}`);
}

/**
 * A digest of the dataset's files as read (each file's name and bytes, in reading order): two loads of the same files
 * have the same, anywhere (Dataset.contentDigest: the answers' ETags derive from it, surfaces/answer-identity.ts).
 */
function contentHasher(): { hash: Hash; file: (name: string) => (bytes: Buffer) => void } {
  const hash = createHash('sha256');
  return { hash, file: (name) => (bytes) => hash.update(`\u0000${name}\u0000${bytes.length}\u0000`).update(bytes) };
}

function readAll(dir: string, files: ReturnType<typeof contentHasher>['file']): Record<string, unknown> {
  const raw: Record<string, unknown> = { meta: readJson(path.join(dir, 'meta.json'), files('meta')) };
  for (const name of COLLECTIONS) raw[name] = readJson(path.join(dir, `${name}.json`), files(name));
  return raw;
}

/** Every file of `dir` parsed, not yet validated, and the digest of their bytes (Dataset.contentDigest). */
export function readDatasetFiles(dir: string): { raw: Record<string, unknown>; contentDigest: string } {
  const content = contentHasher();
  const raw = readAll(dir, content.file);
  return { raw, contentDigest: content.hash.digest('base64url') };
}

/** Read every collection file of `dir`, validate, freeze, index. Throws DatasetError with a clear message. */
export function loadDataset(dir: string, opts: { judgedOn?: string } = {}): Dataset {
  const { raw, contentDigest } = readDatasetFiles(dir);
  const data = validateDatasetData(raw, path.basename(dir));
  return buildDataset(data, { ...opts, contentDigest });
}

/**
 * The largest collections, validated by a worker thread while this thread reads, validates and indexes the rest:
 * together they are half the records, and validating them takes about as long as everything else the load does.
 */
const IN_WORKER: readonly CollectionName[] = ['ratings', 'changes'];

/**
 * The worker beside this module: the built .mjs in dist/ (see scripts/build.ts), or under tsx (`npm run dev`, the
 * tests) the .ts source, behind tsx's loader registered first: a worker thread does not inherit it.
 */
function startWorker(req: ValidateRequest): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./validate-worker.mjs', import.meta.url), { workerData: req });
  const source = new URL('./validate-worker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { eval: true, workerData: req });
}

/** The worker's problems per collection, or undefined if it could not run (those collections are then checked here). */
export function validateInWorker(req: ValidateRequest): Promise<Record<string, string[]> | undefined> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = startWorker(req);
    } catch {
      resolve(undefined);
      return;
    }
    worker.once('message', (m: ValidateReply) => resolve(m.problems));
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
}

/**
 * The same load and the same checks as loadDataset, about 0.1 s sooner on two cores (the server's median time to
 * ready, 8 starts of each alternately: 1.25 s against 1.38 s): a worker thread validates the largest collections
 * in parallel. The dataset is returned only when every record and every reference has passed.
 */
export async function loadDatasetInParallel(
  dir: string, opts: { onWorker?: (ran: boolean) => void; judgedOn?: string } = {},
): Promise<Dataset> {
  const where = path.basename(dir);
  const fromWorker = validateInWorker({ dir, where, collections: [...IN_WORKER] });
  // One file at a time, yielding in between: on a reload the server answers requests meanwhile, and waits behind
  // one file's parse and check at most, not behind the whole load.
  const content = contentHasher();
  const raw: Record<string, unknown> = { meta: readJson(path.join(dir, 'meta.json'), content.file('meta')) };
  const problems: Record<string, string[]> = { meta: metaProblems(raw.meta, where) };
  for (const name of COLLECTIONS) {
    await yieldTurn();
    raw[name] = readJson(path.join(dir, `${name}.json`), content.file(name));
    if (!IN_WORKER.includes(name)) problems[name] = collectionProblems(name, raw[name], where);
  }
  await yieldTurn();
  // Index while the worker finishes (it is the longer of the two). The dataset is returned only once the worker has
  // passed its collections too; if indexing failed on a record the worker rejects, its message is the one reported.
  const data = raw as DatasetData;
  let built: Dataset | undefined;
  let buildError: unknown;
  const ownValid = Object.values(problems).every((p) => p.length === 0);
  if (ownValid) {
    try {
      built = buildDataset(data, { judgedOn: opts.judgedOn, contentDigest: content.hash.digest('base64url') });
    } catch (e) {
      buildError = e;
    }
  }
  await yieldTurn();
  const answered = await fromWorker;
  // A worker that could not run leaves its collections to this thread: slower, never unchecked.
  opts.onWorker?.(answered !== undefined);
  const workerProblems = answered ?? Object.fromEntries(IN_WORKER.map((name) => [name, collectionProblems(name, raw[name], where)]));
  // In file order, as loadDataset reports them.
  const all = [...problems.meta!, ...COLLECTIONS.flatMap((name) => problems[name] ?? workerProblems[name] ?? [])];
  if (all.length) throw invalid(all);
  checkReferences(data);
  if (!built) throw buildError;
  return built;
}
