// Content coding for prepared answers: Accept-Encoding negotiation and gzip/brotli bytes made once per answer.
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Bodies this small go out as they are: the coding's framing and the CPU cost outweigh the bytes saved. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli quality 5: on a 117 KB model sheet (deepseek-v3.2) it gives 9.6 KB in about 5 ms, against 7.8 KB in
 * 330 ms at quality 11 and 9.2 KB in 230 ms at 9 (measured on the 2-core machine, see docs/operations-http.md).
 * The answer is compressed once and then reused, but a cold answer must not wait a third of a second for it.
 */
export const BROTLI_QUALITY = 5;
/** zlib's default level: 10.8 KB in about 3 ms on the same sheet; level 9 saves 4% more for twice the time. */
export const GZIP_LEVEL = 6;

/**
 * The first request for an answer in a coding gets it made fast (brotli quality 1, gzip level 1); the second gets it
 * remade at the levels above, kept from then on. Most answers of high-cardinality traffic (a context slider, a
 * volume field) are asked once: for them quality 5 cost 1.4 to 1.8 ms of CPU per answer against 0.2 to 0.3 ms at
 * quality 1, for bodies 25 to 35% larger (cold models_for_hardware and estimate_cost answers of 38 and 105 KB,
 * docs/performance.md). An answer asked again is worth the better ratio, and pays for it once.
 */
export const BROTLI_FAST_QUALITY = 1;
export const GZIP_FAST_LEVEL = 1;

export const BROTLI_OPTIONS = (sizeHint: number, quality = BROTLI_QUALITY): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint,
  },
});

/** An answer's bytes with its strong validator; the coded variants are added on first use and kept with it. */
export type Compressible = {
  bytes: Buffer;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
  /** Whether `gzip` / `br` is still the fast first coding (remade at the better level on its next use). */
  gzipFast?: boolean;
  brFast?: boolean;
  /** Puts an answer not yet kept in the response cache (surfaces/execute.ts): done once it holds a coded copy. */
  keep?: () => void;
};

/**
 * The coding to send (RFC 9110 12.5.3): the acceptable coding of highest q-value, brotli before gzip on a tie
 * (smaller), identity when the header is absent or admits nothing we have. `*` stands for any coding not named.
 * An explicit `identity;q=0` with nothing else acceptable still gets identity: refusing a public document over its
 * coding helps nobody (the RFC allows either).
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding {
  if (header === undefined) return 'identity';
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '') return 'identity';
  const q: Record<string, number> = {};
  // Bounded: a hostile header with thousands of entries is not worth reading past the first few dozen.
  for (const part of text.split(',', 32)) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let value = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p);
      if (m) value = Number(m[1]);
      else if (/^\s*q\s*=/.test(p)) value = 0; // a malformed weight is not a preference
    }
    const key = name.trim() === 'x-gzip' ? 'gzip' : name.trim();
    // The first mention of a coding wins (a later duplicate cannot raise or lower it).
    if (!(key in q)) q[key] = Math.min(value, 1);
  }
  const weight = (coding: string): number => q[coding] ?? q['*'] ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/**
 * ETag of one coding of the representation: the same tag with a suffix, so no cache mixes the variants (RFC 9110
 * 8.8.3.3); the fast first coding has a suffix of its own (its bytes differ from the coding made later).
 */
export function encodedEtag(etag: string, encoding: Encoding, fast = false): string {
  if (encoding === 'identity') return etag;
  return `${etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}${fast ? '-fast' : ''}"`;
}

export type Encoded = { body: Buffer; encoding: Encoding; fast: boolean };

/**
 * The body for `encoding`, kept on `p`: made fast on first use, remade at the better level on the second (see
 * BROTLI_FAST_QUALITY); small bodies always go out as identity.
 */
export function encodedBody(p: Compressible, encoding: Encoding): Encoded {
  if (encoding === 'identity' || p.bytes.length < COMPRESS_MIN_BYTES) return { body: p.bytes, encoding: 'identity', fast: false };
  // The next request's coding (fast first, then better) follows from the copy kept on `p`: so `p` itself is kept.
  p.keep?.();
  if (encoding === 'br') {
    if (p.br === undefined) {
      p.br = zlib.brotliCompressSync(p.bytes, BROTLI_OPTIONS(p.bytes.length, BROTLI_FAST_QUALITY));
      p.brFast = true;
    } else if (p.brFast) {
      p.br = zlib.brotliCompressSync(p.bytes, BROTLI_OPTIONS(p.bytes.length));
      p.brFast = false;
    }
    return { body: p.br, encoding, fast: p.brFast === true };
  }
  if (p.gzip === undefined) {
    p.gzip = zlib.gzipSync(p.bytes, { level: GZIP_FAST_LEVEL });
    p.gzipFast = true;
  } else if (p.gzipFast) {
    p.gzip = zlib.gzipSync(p.bytes, { level: GZIP_LEVEL });
    p.gzipFast = false;
  }
  return { body: p.gzip, encoding, fast: p.gzipFast === true };
}
