// Secrets out of what the service writes: API keys in error bodies, and keys or tokens in logged URLs.

/**
 * An API key (`mds_<free|pro|ent>_` and 32 base62 characters; see access/keys.ts), in any letter case (an id is
 * lower-cased before it is echoed, and a lower-cased key still gives most of it away) and with its underscores
 * percent-encoded as a URL may carry them. Longer runs are redacted too: their first 32 characters may be a key.
 */
const KEY_SHAPED = /mds(?:_|%5f)(free|pro|ent)(?:_|%5f)[0-9a-z]{32}[0-9a-z]*/gi;

/** What a key is replaced with: its tier stays, as it helps a reader tell which kind of key was sent. */
export function redactKeys(text: string): string {
  // Cheap test first: error details and URLs almost never hold "mds", and this runs on every request line.
  if (!/mds/i.test(text)) return text;
  return text.replace(KEY_SHAPED, (_m, tier: string) => `mds_${tier.toLowerCase()}_[redacted]`);
}

/** Query parameters whose value is a credential whatever it looks like (compared case-insensitively, decoded). */
const SECRET_PARAMETERS = new Set(['api_key', 'apikey', 'api-key', 'x-api-key', 'key', 'token', 'access_token', 'auth', 'authorization']);

function decodedName(raw: string): string {
  if (!/[%+]/.test(raw)) return raw.trim().toLowerCase();
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * A request URL fit for a log line: key-shaped strings anywhere in it redacted, and the value of every credential
 * parameter (`?api_key=...`, `?token=...`) replaced whatever its shape, so a key pasted into a URL is not kept in
 * the logs. The rest of the URL is kept byte for byte, as it helps reading the logs.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return redactKeys(url);
  const query = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq === -1 || !SECRET_PARAMETERS.has(decodedName(pair.slice(0, eq)))) return pair;
    return `${pair.slice(0, eq)}=[redacted]`;
  });
  return redactKeys(`${url.slice(0, q)}?${query.join('&')}`);
}
