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
  // A UTF-16 code unit takes at most 3 UTF-8 bytes (a surrogate pair, 2 units, takes 4).
  const most = s.length * 3;
  if (most > SCRATCH_MAX) return Buffer.from(s, 'utf8');
  if (most > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_MAX, Math.max(most, scratch.length * 2)));
  const n = scratch.write(s, 0, 'utf8');
  // Its own memory (not a slice of a shared pool): it is kept in the response cache, sized by its length.
  const out = Buffer.allocUnsafeSlow(n);
  scratch.copy(out, 0, 0, n);
  return out;
}

/**
 * The UTF-8 bytes of the pieces joined, written piece by piece into the scratch buffer: the whole text is never one
 * string. Made as one, a text of 128 K characters or more is flattened into a V8 large object when it is written,
 * and each such allocation cost 0.6 to 3 ms on this machine (access/write-body.ts).
 */
export function utf8BytesOf(parts: readonly string[]): Buffer {
  if (parts.length === 1) return utf8Bytes(parts[0]);
  let most = 0;
  for (const p of parts) most += p.length * 3;
  if (most > SCRATCH_MAX) return Buffer.from(parts.join(''), 'utf8');
  if (most > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_MAX, Math.max(most, scratch.length * 2)));
  let n = 0;
  for (const p of parts) n += scratch.write(p, n, 'utf8');
  const out = Buffer.allocUnsafeSlow(n);
  scratch.copy(out, 0, 0, n);
  return out;
}
