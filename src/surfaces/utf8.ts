// A string's UTF-8 bytes, written through one reused scratch buffer: the cold path's answers are 20 to 380 KB.
//
// Why not Buffer.from(string): for a string over 4 KB it measures the UTF-8 length in a first pass, then allocates
// and writes. Serving a 100-entry models_for_hardware page (382 KB, all ASCII), Buffer.from took 0.11 to 0.37 ms and
// 14% of the CPU profile; writing into a ready buffer took 0.02 ms, and with the allocation and copy of the exact
// bytes 0.05 ms (bench/cold-server-profile.ts, docs/performance.md). The bytes are the same: both use V8's encoder,
// which writes a lone surrogate as U+FFFD.

/** At most this many bytes are kept as scratch between calls; a larger string is encoded by Buffer.from. */
const SCRATCH_MAX = 4 * 1024 * 1024;
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

export function utf8Bytes(s: string): Buffer {
  return utf8BytesOf([s]);
}

/**
 * The UTF-8 bytes of `pieces` written one after another (the JSON writer's pieces, access/json-pieces.ts): each is
 * encoded alone, so a piece must not end inside a surrogate pair (the writer cuts only between JSON tokens).
 */
export function utf8BytesOf(pieces: readonly string[]): Buffer {
  let chars = 0;
  for (const p of pieces) chars += p.length;
  // A UTF-16 code unit takes at most 3 UTF-8 bytes (a surrogate pair, 2 units, takes 4).
  const most = chars * 3;
  if (most > SCRATCH_MAX) return Buffer.concat(pieces.map((p) => Buffer.from(p, 'utf8')));
  if (most > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_MAX, Math.max(most, scratch.length * 2)));
  let n = 0;
  for (const p of pieces) n += scratch.write(p, n, 'utf8');
  // Its own memory (not a slice of a shared pool): it is kept in the response cache, sized by its length.
  const out = Buffer.allocUnsafeSlow(n);
  scratch.copy(out, 0, 0, n);
  return out;
}
