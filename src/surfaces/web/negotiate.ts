// Content negotiation for the pages: HTML only to a client that prefers it to JSON, never to an API client.

function qOf(header: string, wanted: readonly string[]): number {
  let best = 0;
  let specificity = -1;
  for (const part of header.split(',', 64)) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const t = type.trim();
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!Number.isFinite(q)) q = 0;
    for (const w of wanted) {
      const major = w.split('/')[0];
      // The most specific matching range decides (RFC 9110 12.5.1): text/html;q=0 beats */*.
      const s = t === w ? 2 : t === `${major}/*` ? 1 : t === '*/*' ? 0 : -1;
      if (s > specificity) {
        specificity = s;
        best = q;
      } else if (s === specificity && s >= 0) best = Math.max(best, q);
    }
  }
  return best;
}

/**
 * True when Accept ranks text/html strictly above JSON. A browser sends `text/html,...,*\/*;q=0.8`; curl sends
 * `*\/*` and API clients `application/json`: both tie or prefer JSON, and keep getting the API's answers.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  return qOf(accept, ['text/html']) > qOf(accept, ['application/json', 'application/problem+json']);
}
