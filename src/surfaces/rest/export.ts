// Bulk export: GET /api/v1/export/{table}.ndjson|.csv and /api/v1/export/dataset.json, one quota request each,
// prepared once per dataset and tier (compressed, lazily), then streamed out to every caller.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dataset } from '../../dataset/dataset.ts';
import type { Executor } from '../execute.ts';
import { BROTLI_OPTIONS, GZIP_LEVEL, negotiateEncoding, type Encoding } from './compression.ts';
import { csvChunks, datasetChunks, EXPORT_TABLES, ndjsonChunks, type ExportFormat, type ExportTable } from './export-build.ts';
import { accepts, CACHE_PRIVATE, CACHE_PUBLIC, JSON_TYPES, notModified, VARY_KEYED } from './http.ts';
import { noteTier } from './metrics.ts';
import { apiKeyOf, notAcceptable } from './operations.ts';
import { registerResource } from './resource.ts';
import { API_PREFIX } from './url.ts';

export const EXPORT_PREFIX = `${API_PREFIX}/export`;

const TYPES: Record<ExportFormat, { type: string; accept: readonly string[]; name: string }> = {
  ndjson: {
    type: 'application/x-ndjson; charset=utf-8', accept: ['application/x-ndjson', 'application/jsonl'], name: 'application/x-ndjson',
  },
  csv: { type: 'text/csv; charset=utf-8; header=present', accept: ['text/csv'], name: 'text/csv' },
  json: { type: 'application/json; charset=utf-8', accept: JSON_TYPES, name: 'application/json' },
};

/**
 * One export for one tier: held only compressed (gzip made on first request, brotli on the first that prefers it),
 * a tenth of the text's size or less; identity callers get the gzip bytes inflated as they stream.
 */
type Artifact = { etag: string; identityBytes: number; gzip: Promise<Buffer[]>; br?: Promise<Buffer[]> };

type Build = () => Generator<string>;

async function compress(build: Build, coder: zlib.Gzip | zlib.BrotliCompress): Promise<{ chunks: Buffer[]; identityBytes: number }> {
  let identityBytes = 0;
  const source = Readable.from((function* () {
    for (const s of build()) {
      const b = Buffer.from(s);
      identityBytes += b.length;
      yield b;
    }
  })());
  const chunks: Buffer[] = [];
  // The compressor runs on libuv's thread pool; the event loop only serializes rows between chunks.
  for await (const c of source.pipe(coder)) chunks.push(c as Buffer);
  return { chunks, identityBytes };
}

function bytesOf(chunks: Buffer[]): number {
  return chunks.reduce((n, c) => n + c.length, 0);
}

/** Registers the export routes over `dataset`; artifacts live as long as this app (one per dataset). */
export function registerExport(app: FastifyInstance, opts: { dataset: Dataset; executor: Executor; baseUrl: string }): void {
  const { dataset, executor, baseUrl } = opts;
  // Validator: the dataset's date and a digest of its meta (counts, schema), so a rebuild on the same date differs.
  const fingerprint = createHash('sha256').update(JSON.stringify(dataset.meta)).digest('base64url').slice(0, 10);
  const artifacts = new Map<string, Artifact>();

  const artifactFor = async (name: string, format: ExportFormat, full: boolean, build: Build): Promise<Artifact> => {
    const key = `${name}.${format}.${full ? 'f' : 'p'}`;
    let a = artifacts.get(key);
    if (!a) {
      const made = compress(build, zlib.createGzip({ level: GZIP_LEVEL }));
      a = { etag: `"${dataset.meta.data_as_of}-${fingerprint}-${key}"`, identityBytes: 0, gzip: made.then((m) => m.chunks) };
      const artifact = a;
      artifacts.set(key, artifact);
      made.then((m) => (artifact.identityBytes = m.identityBytes), () => artifacts.delete(key));
    }
    await a.gzip;
    return a;
  };

  const serve = (name: string, format: ExportFormat, build: (full: boolean) => Build) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const apiKey = apiKeyOf(request);
      // Counted like an operation: one request of quota for the whole export.
      const { principal } = await executor.admit(apiKey, request.ip, (h) => reply.headers(h));
      noteTier(request, principal.tier);
      const t = TYPES[format];
      if (!accepts(request.headers.accept, t.accept)) throw notAcceptable(t.name);
      const a = await artifactFor(name, format, principal.full, build(principal.full));
      const encoding: Encoding = negotiateEncoding(request.headers['accept-encoding']);
      const etag = encoding === 'identity' ? a.etag : `${a.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
      reply.header('etag', etag).header('cache-control', apiKey === undefined ? CACHE_PUBLIC : CACHE_PRIVATE).header('vary', VARY_KEYED);
      reply.header('content-disposition', `attachment; filename="${name}-${dataset.meta.data_as_of}.${format}"`);
      reply.header('link', `<${baseUrl}${API_PREFIX}/sources>; rel="describedby"`);
      if (!principal.full) reply.header('x-attribution', `Data: Model Data Service (${baseUrl})`);
      if (notModified(request.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.header('content-type', t.type);
      let chunks: Buffer[];
      if (encoding === 'br') {
        a.br ??= compress(build(principal.full), zlib.createBrotliCompress(BROTLI_OPTIONS(a.identityBytes))).then((m) => m.chunks);
        chunks = await a.br;
      } else chunks = await a.gzip;
      if (encoding === 'identity') {
        reply.header('content-length', a.identityBytes);
        return reply.send(Readable.from(chunks).pipe(zlib.createGunzip()));
      }
      reply.header('content-encoding', encoding).header('content-length', bytesOf(chunks));
      return reply.send(Readable.from(chunks));
    };

  for (const table of EXPORT_TABLES) {
    const t = table as ExportTable;
    const lines = serve(t, 'ndjson', (full) => () => ndjsonChunks(dataset, t, full, baseUrl));
    registerResource(app, `${EXPORT_PREFIX}/${t}.ndjson`, { get: lines });
    registerResource(app, `${EXPORT_PREFIX}/${t}.csv`, { get: serve(t, 'csv', (full) => () => csvChunks(dataset, t, full, baseUrl)) });
  }
  const whole = serve('dataset', 'json', (full) => () => datasetChunks(dataset, full, baseUrl));
  registerResource(app, `${EXPORT_PREFIX}/dataset.json`, { get: whole });
}
