// One HTTP GET for the source fetch: timeout, retries with backoff, conditional request, complete body or an error.

export type Validators = { etag?: string; last_modified?: string };

export type HttpOptions = {
  /** Per attempt, headers and body included. */
  timeoutMs: number;
  /** Further attempts after the first, for network errors, timeouts, 5xx and 429. */
  retries: number;
  /** First wait before a retry; doubled each time. */
  backoffMs: number;
  /** Rewrites `https://host/path` to `<base>/host/path` (tests serve recorded fixtures this way). */
  baseUrl?: string;
  userAgent?: string;
  /** Sent to api.github.com only (raises its limit of 60 requests an hour); never to another host. */
  githubToken?: string;
};

export type HttpResult =
  | { status: 'not_modified'; url: string }
  | { status: 'ok'; url: string; body: Buffer; validators: Validators };

export class FetchError extends Error {
  constructor(readonly url: string, message: string) {
    super(`${url}: ${message}`);
  }
}

export function effectiveUrl(url: string, baseUrl?: string): string {
  if (!baseUrl) return url;
  const u = new URL(url);
  return `${baseUrl.replace(/\/$/, '')}/${u.host}${u.pathname}${u.search}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a failed attempt is worth repeating: the server or the network may recover, a 404 will not. */
function retriable(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

async function attempt(url: string, headers: Record<string, string>, timeoutMs: number): Promise<HttpResult | { retry: string } | { fail: string }> {
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (err) {
    return { retry: describe(err, timeoutMs) };
  }
  if (res.status === 304) return { status: 'not_modified', url };
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    const why = `HTTP ${res.status}`;
    return retriable(res.status) ? { retry: why } : { fail: why };
  }
  let body: Buffer;
  try {
    // The same signal bounds the body: a stalled transfer times out rather than hangs.
    body = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    return { retry: `body: ${describe(err, timeoutMs)}` };
  }
  // undici reports a connection closed early as an error, but a wrong length from a proxy is checked here too.
  const declared = res.headers.get('content-length');
  if (declared !== null && !res.headers.get('content-encoding') && Number(declared) !== body.length) {
    return { retry: `truncated body: ${body.length} of ${declared} bytes` };
  }
  const validators: Validators = {};
  const etag = res.headers.get('etag');
  const lastModified = res.headers.get('last-modified');
  if (etag) validators.etag = etag;
  if (lastModified) validators.last_modified = lastModified;
  return { status: 'ok', url, body, validators };
}

function describe(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `timed out after ${timeoutMs} ms`;
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err instanceof Error ? err.message : String(err)}${cause}`;
}

/**
 * GET a URL. With validators from the last fetch, asks only for a newer copy (If-None-Match /
 * If-Modified-Since) and returns `not_modified` when there is none. Throws FetchError when every attempt failed.
 */
export async function httpGet(url: string, opts: HttpOptions, validators: Validators = {}): Promise<HttpResult> {
  const target = effectiveUrl(url, opts.baseUrl);
  const headers: Record<string, string> = { 'user-agent': opts.userAgent ?? 'model-data-service-fetch/1' };
  if (opts.githubToken && new URL(url).host === 'api.github.com') headers.authorization = `Bearer ${opts.githubToken}`;
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.last_modified) headers['if-modified-since'] = validators.last_modified;
  let last = 'no attempt';
  for (let i = 0; i <= opts.retries; i++) {
    if (i > 0) await sleep(opts.backoffMs * 2 ** (i - 1));
    const r = await attempt(target, headers, opts.timeoutMs);
    if ('status' in r) return r.status === 'ok' ? { ...r, url } : { status: 'not_modified', url };
    if ('fail' in r) throw new FetchError(url, r.fail);
    last = r.retry;
  }
  throw new FetchError(url, `${last} (after ${opts.retries + 1} attempts)`);
}
