// What an operation's answer bytes are a function of, besides the request: the ETag of an answer derives from it.
//
// Handlers are pure functions of (dataset, input, today) and the writer of (answer, tier, dataset, base URL), all in
// this code: the bytes of an answer are fixed by the code that runs, the runtime (number formatting by ICU), the
// dataset's files, the day it was judged on (lifecycleDate), the public base URL, and the response cache's key
// (operation, tier, day, canonical input). A digest of all of these names the bytes as exactly as a digest of the
// bytes, for a fraction of the cost: a cold REST answer is 2 to 400 KB, whose SHA-256 took 18 to 24 us of every miss
// (docs/performance.md, fourteenth round), against about 1 us for the key's. Anything that could change the bytes
// changes the identity (a new build, another Node or ICU, new data, a reload on a later day, another base URL), so a
// validator is never reused for other bytes; instances serving the same build and data at the same address (scale-out)
// give the same ETag for the same URL, and so does one instance after a restart.
import crypto from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dataset } from '../dataset/dataset.ts';

const sha256 = typeof crypto.hash === 'function'
  ? (data: Buffer | string) => crypto.hash('sha256', data, 'base64url')
  : (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('base64url');

/** The .ts files under `dir` (tests left out: they do not run in the service), sorted by path. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) out.push(p);
  }
  return out.sort();
}

/**
 * A digest of the running code: the bundle this module was built into (dist/server.mjs, every module of the service
 * in one file), or under tsx every source file of src/ (this module is src/surfaces/answer-identity.ts). Read once a
 * process, when the first executor is made: 2 to 4 ms for the 5 MB bundle, about 21 ms for src/ under tsx.
 */
function digestOfCode(): string {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) return sha256(readFileSync(here));
  const root = path.resolve(path.dirname(here), '..');
  const hash = crypto.createHash('sha256');
  for (const f of sourceFiles(root)) hash.update(`\u0000${path.relative(root, f)}\u0000`).update(readFileSync(f));
  return hash.digest('base64url');
}

let code: string | undefined;
export function codeDigest(): string {
  return (code ??= digestOfCode());
}

/** A dataset built in memory (no files, so no content digest) is told apart from any other by a random nonce. */
const inMemory = new WeakMap<Dataset, string>();

/** The answers' identity for `dataset` served at `baseUrl` by this code on this runtime. */
export function answerIdentity(dataset: Dataset, baseUrl: string): string {
  let data = dataset.contentDigest;
  if (data === undefined) {
    data = inMemory.get(dataset) ?? `memory:${crypto.randomUUID()}`;
    inMemory.set(dataset, data);
  }
  const runtime = `${process.version} icu ${process.versions.icu ?? 'none'}`;
  return sha256([codeDigest(), runtime, data, dataset.lifecycleDate, baseUrl].join('\u0000'));
}

/** Strong validator of the answer named by `key` (the response cache's key) under `identity`, quoted. */
export function keyEtag(identity: string, key: string): string {
  return `"${sha256(`${identity}\u0000${key}`).slice(0, 32)}"`;
}
