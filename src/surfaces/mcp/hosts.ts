// Host and Origin checks for /mcp (DNS rebinding protection): one strict check used by every path to the endpoint.
import type { IncomingMessage } from 'node:http';

/** `name[:port]`: a DNS name or IPv4 address, or a bracketed IPv6 address; nothing else (no userinfo, no path). */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_SYNTAX = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::[0-9]{1,5})?$`);

/** `localhost:8080` -> `localhost`, `[::1]:8080` -> `[::1]`; lowercased. Undefined when it is not a host. */
export function hostName(host: string): string | undefined {
  const h = host.trim().toLowerCase();
  if (h.length > 300 || !HOST_SYNTAX.test(h)) return undefined;
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.indexOf(':');
  const name = colon === -1 ? h : h.slice(0, colon);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

export function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  if (host === undefined) return false;
  const name = hostName(host);
  return name !== undefined && allowed.includes(name);
}

/** An Origin header, when sent, must name an allowed host; `null` and malformed origins are refused. */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  try {
    const u = new URL(origin);
    if (u.username || u.password || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash) return false;
    return allowed.includes(u.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * Why a request may not reach /mcp, or undefined when it may: exactly one Host header naming an allowed host, an
 * absolute-form target (`POST http://host/mcp`, which names the host the request is for) naming an allowed host
 * too, and an Origin, when sent, naming one. Read from the raw request, so that duplicates are seen.
 */
export function hostRefusal(req: IncomingMessage, allowed: readonly string[]): string | undefined {
  const raw = req.rawHeaders;
  const hosts: string[] = [];
  const origins: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name === 'host') hosts.push(raw[i + 1]!);
    else if (name === 'origin') origins.push(raw[i + 1]!);
  }
  if (hosts.length !== 1) return hosts.length === 0 ? 'Missing Host header' : 'More than one Host header';
  if (!hostAllowed(hosts[0], allowed)) return `Invalid Host header: ${hosts[0]!.slice(0, 100)}`;
  const target = req.url ?? '';
  if (!target.startsWith('/')) {
    let authority: string | undefined;
    try {
      const u = new URL(target);
      if (!u.username && !u.password) authority = u.host;
    } catch {
      authority = undefined;
    }
    if (authority === undefined || !hostAllowed(authority, allowed)) return `Invalid request target: ${target.slice(0, 100)}`;
  }
  if (origins.length > 1) return 'More than one Origin header';
  if (origins.length === 1 && !originAllowed(origins[0]!, allowed)) return `Invalid Origin header: ${origins[0]!.slice(0, 100)}`;
  return undefined;
}
