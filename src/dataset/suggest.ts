// Near-id suggestions for 404s, and the loose id normalisation aliases are matched with.

/** Lowercase; drop a `vendor/` prefix; unify separators so `claude-opus-4.8` and `claude_opus_4-8` meet. */
export function normaliseId(s: string): string {
  const lower = s.trim().toLowerCase();
  const last = lower.includes('/') ? lower.slice(lower.lastIndexOf('/') + 1) : lower;
  return last.replace(/[\s._:]+/g, '-').replace(/-+/g, '-');
}

/** Levenshtein distance with an early exit once it exceeds `max`; inputs are bounded by the caller. */
export function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/**
 * Up to `n` candidates near `input`: ids containing the input (or contained in it) first, then by edit distance.
 * Input is cut to 100 characters so a hostile id cannot make this slow.
 */
export function suggest(input: string, candidates: readonly string[], n = 5): string[] {
  const q = normaliseId(input.slice(0, 100));
  if (!q) return [];
  const max = Math.max(2, Math.floor(q.length / 3));
  const scored: Array<[number, string]> = [];
  for (const c of candidates) {
    const nc = normaliseId(c);
    let score: number;
    if (nc === q) score = 0;
    else if (nc.includes(q) || q.includes(nc)) score = 1 + Math.abs(nc.length - q.length) / 100;
    else {
      const d = distance(q, nc, max);
      if (d > max) continue;
      score = 2 + d;
    }
    scored.push([score, c]);
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  return scored.slice(0, n).map(([, c]) => c);
}
