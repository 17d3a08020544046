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
