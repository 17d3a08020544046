// One call of an operation, as both surfaces make it: admit the caller, run the handler, serve ready bytes.
import crypto from 'node:crypto';
import { projectBody, rateLimitedError, writeBody, writeBodyTo } from '../access/index.ts';
import type { AccessControl, LimitDecision, Principal } from '../access/types.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { isStitched, stitched } from '../ops/json-fragment.ts';
import type { AnyOperation } from '../ops/operation.ts';
import { answerIdentity, keyEtag } from './answer-identity.ts';
import { jsonBytes, writtenBytes } from './json-bytes.ts';
import { Lru } from './lru.ts';
import { utf8Bytes, utf8BytesOf } from './utf8.ts';

/**
 * A serialized response body, computed once per (operation, input, full|partial, day) and then reused. A cache miss
 * makes the value and its bytes; every other form is made when a request first needs it.
 */
export class Prepared {
  /** The MCP text rendering, made on first use and kept with the bytes. */
  text?: string;
  /** The whole MCP tool result serialized (text and structured content), made on first use. */
  toolResult?: Buffer;
  /** The bytes gzip- and brotli-coded, each made on the first request that accepts it (rest/compression.ts). */
  gzip?: Buffer;
  br?: Buffer;
  /** The coding is still the fast first one (remade at the better level on its next use). */
  gzipFast?: boolean;
  brFast?: boolean;
  /**
   * Set on an answer made for REST and not kept in the response cache (its key not asked before): puts it in the cache.
   * Called once a coded copy is made (rest/compression.ts): the next request's coding and ETag depend on that copy.
   */
  keep?: () => void;
  private madeEtag: string | undefined;
  private held: Record<string, unknown> | undefined;
  /** The response cache's key and the answers' identity the bytes were made under (see `named`). */
  private key: string | undefined;
  private identity: string | undefined;
  /** `value` undefined: not made with the bytes (a REST answer's), parsed from them if ever read (see `value`). */
  constructor(value: Record<string, unknown> | undefined, readonly bytes: Buffer) {
    this.held = value;
  }

  /**
   * The bytes are the answer named by `key` (the response cache's key) under `identity` (surfaces/answer-identity.ts):
   * the ETag is then derived from these, not hashed from every byte.
   */
  named(identity: string, key: string): this {
    this.identity = identity;
    this.key = key;
    return this;
  }

  /**
   * The object the bytes are the JSON of: MCP's structuredContent and summary line, the web pages. After `release`
   * (or when not made with the bytes), parsed again from the bytes on first use and kept from then on (the same JSON:
   * what a reader of the answer sees).
   */
  get value(): Record<string, unknown> {
    return (this.held ??= JSON.parse(this.bytes.toString('utf8')) as Record<string, unknown>);
  }

  /**
   * Lets the answer's objects go, the bytes kept. A REST request never reads them, and an answer kept in the response
   * cache with its objects made every one of them survive the young generation and be copied into the old one: cold
   * REST estimate_cost requests cost some 10% more CPU so (docs/performance.md, twelfth round).
   */
  release(): void {
    this.held = undefined;
  }

  /**
   * Strong validator, quoted (made on first use: an MCP answer never needs it): of the answer's name when it has one
   * (what the bytes are a function of), else a hash of the bytes.
   */
  get etag(): string {
    return (this.madeEtag ??= this.key !== undefined ? keyEtag(this.identity!, this.key) : etagOf(this.bytes));
  }
}

export type Admission = { principal: Principal; decision: LimitDecision };

export type Executor = {
  /** Authenticate (a bad key throws 401) and count one request; refuses with 429 after the headers are known. */
  admit(apiKey: string | undefined, clientIp: string, onHeaders: (headers: Record<string, string>) => void): Promise<Admission>;
  /**
   * The body for already-validated input; handler errors propagate as ServiceError. `bytesOnly`: the caller reads only
   * the bytes (REST), so an answer made for it is kept in the cache without its objects (Prepared.release).
   */
  run(op: AnyOperation, input: Record<string, unknown>, full: boolean, bytesOnly?: boolean): Prepared;
};

export type ExecutorOptions = {
  dataset: Dataset;
  access: AccessControl;
  baseUrl: string;
  /** Today's date (UTC, YYYY-MM-DD); handlers are pure functions of it. */
  today?: () => string;
  cacheEntries?: number;
  cacheBytes?: number;
  /** Told of every response-cache lookup (metrics: the hit ratio). */
  onCacheLookup?: (hit: boolean) => void;
};

const DAY_MS = 86_400_000;

/**
 * Today's UTC date, formatted once a day: every request needs it (answers depend on the day), and formatting a
 * Date per request was 1.6% of the samples in a CPU profile of the server answering the model sheet under load.
 */
export function utcDayClock(now: () => number = Date.now): () => string {
  let day = '';
  let until = 0;
  return () => {
    const t = now();
    if (t >= until) {
      day = new Date(t).toISOString().slice(0, 10);
      until = (Math.floor(t / DAY_MS) + 1) * DAY_MS;
    }
    return day;
  };
}

/**
 * SHA-256 of the bytes, base64url: the ETag of ready documents (the meta routes, feeds) and of an answer made outside
 * the executor. The one-shot `crypto.hash` (Node 20.12 and later) makes no Hash object: 16.9 against 17.8 us on 28 KB,
 * 1.8 against 2.6 on 2 KB (docs/performance.md, twelfth round); with the CPU's SHA extensions SHA-256 is the fastest
 * of Node's hashes here. An operation's answer is named instead (`Prepared.named`, surfaces/answer-identity.ts).
 */
const sha256 = typeof crypto.hash === 'function'
  ? (data: Buffer | string) => crypto.hash('sha256', data, 'base64url')
  : (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('base64url');

export function etagOf(bytes: Buffer | string): string {
  return `"${sha256(bytes).slice(0, 32)}"`;
}

/**
 * A handler's answer as a request at the full or the partial tier receives it: its value and its bytes. Used by the
 * executor on a cache miss, and by the warm-up (ops/warm.ts) so that the kept parts' texts and partial projections
 * (access/write-body.ts) are made at start rather than on the first request of each kind.
 */
export function prepareAnswer(op: AnyOperation, result: unknown, dataset: Dataset, full: boolean, baseUrl: string, bytesOnly = false): Prepared {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) {
    throw new Error(`${op.name} returned a non-object body`);
  }
  const body = { data_as_of: dataset.meta.data_as_of, ...result };
  const projection = { full, fullTierOnly: op.fullTierOnly, sources: dataset.sourceById, baseUrl };
  // An answer built of kept parts (ops/json-fragment.ts) is written from their prepared text, in one pass: straight into
  // bytes when the operation opts in (none of its members made text first, no pieces encoded), else as text pieces.
  if (op.writtenAsBytes && isStitched(result)) {
    // `bytesOnly` (a REST request: its answer's objects are let go at once, Prepared.release): the partial projection
    // is written, not also made as objects (docs/performance.md, sixteenth round).
    let written: Record<string, unknown> | undefined;
    const bytes = writtenBytes((out) => {
      written = writeBodyTo(stitched(body), projection, out, !bytesOnly);
    });
    if (bytes) return new Prepared(written, bytes);
  }
  const written = isStitched(result) ? writeBody(stitched(body), projection) : undefined;
  const value = written?.value ?? (projectBody(body, projection) as Record<string, unknown>);
  // Written pieces are encoded one after another: the answer is never made one flat string (access/json-pieces.ts).
  // Else JSON written straight into bytes when the operation opts in (the same bytes, none of the text's garbage).
  const bytes = written ? utf8BytesOf(written.pieces) : op.writtenAsBytes ? jsonBytes(value) : utf8Bytes(JSON.stringify(value));
  return new Prepared(value, bytes);
}

/** The warm-up's writer (ops/warm.ts): each example's answer written at both tiers, as a request's would be. */
export const answerWriter = (dataset: Dataset, baseUrl: string) => (op: AnyOperation, result: unknown, full: boolean): void => {
  prepareAnswer(op, result, dataset, full, baseUrl);
};

/**
 * The keys asked once, as fingerprints: a direct-mapped table of 32-bit FNV-1a hashes, no allocation a lookup. A key
 * whose slot another took since is taken for new (its answer is then kept on its next ask); two keys sharing a hash
 * make one of them kept on its first ask, as every answer was before: either way the answer and its headers are the same.
 */
export class AskedOnce {
  private readonly table: Uint32Array;
  constructor(bits = 14) {
    this.table = new Uint32Array(1 << bits);
  }

  /** True when `key` was noted before (and is still in the table); notes it otherwise. */
  seen(key: string): boolean {
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    // 0 marks an empty slot: a hash of 0 is stored as 1.
    const mark = h >>> 0 || 1;
    const slot = mark & (this.table.length - 1);
    if (this.table[slot] === mark) return true;
    this.table[slot] = mark;
    return false;
  }
}

export function createExecutor(opts: ExecutorOptions): Executor {
  const { dataset, access, baseUrl } = opts;
  const today = opts.today ?? utcDayClock();
  const cache = new Lru<Prepared>(opts.cacheEntries ?? 4000, opts.cacheBytes ?? 64 * 1024 * 1024);
  const askedOnce = new AskedOnce();
  // What every answer's bytes are a function of besides its key: its ETag derives from both.
  const identity = answerIdentity(dataset, baseUrl);

  return {
    async admit(apiKey, clientIp, onHeaders) {
      const principal = await access.authenticate(apiKey, clientIp);
      const decision = await access.consume(principal);
      onHeaders(decision.headers);
      if (!decision.allowed) throw rateLimitedError(decision, principal);
      return { principal, decision };
    },

    run(op, input, full, bytesOnly = false) {
      const day = today();
      // Parsed input keeps the schema's key order, so its JSON is a canonical key for equal inputs.
      const key = `${op.name}\u0000${full ? 'f' : 'p'}\u0000${day}\u0000${JSON.stringify(input)}`;
      const hit = cache.get(key);
      opts.onCacheLookup?.(hit !== undefined);
      if (hit) return hit;
      const prepared = prepareAnswer(op, op.handler(dataset, input, { today: day }), dataset, full, baseUrl, bytesOnly).named(identity, key);
      // Size counts the bytes, roughly the object graph they were serialized from, and what the first MCP call adds:
      // the text (a summary line and the bytes again) and the tool result holding both (about twice the bytes); the
      // coded copies add a fifth or less. Measured: get_model's 66 KB answer makes a 140 KB tool result. An answer
      // made for REST is counted the same: a later MCP call or web page parses its objects again and keeps them.
      const size = prepared.bytes.length * 5 + key.length;
      if (bytesOnly) {
        prepared.release();
        // A REST answer is kept from its key's second ask on. Kept on its first, every answer of a stream of new inputs
        // lived on in the cache until thousands of others pushed it out: its bytes (memory outside the heap, which V8
        // counts towards a full collection) and its entry died old, and full collections of the whole heap, dataset
        // included, came every thousand or so cold requests (docs/performance.md, thirteenth round).
        if (!askedOnce.seen(key)) {
          prepared.keep = () => {
            prepared.keep = undefined;
            cache.set(key, prepared, size);
          };
          return prepared;
        }
      }
      cache.set(key, prepared, size);
      return prepared;
    },
  };
}
