// Discovery for agents and registries: the MCP server card, /llms.txt and the icon. Meta resources, never counted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyOperation } from '../../ops/operation.ts';
import { etagOf } from '../execute.ts';
import { once, type Once } from '../once.ts';
import { accepts, JSON_TYPE } from '../rest/http.ts';
import { notAcceptable, sendPrepared } from '../rest/operations.ts';
import { registerResource } from '../rest/resource.ts';
import { ICON_PATH, ICON_SVG } from './identity.ts';
import { buildLlmsTxt } from './llms-txt.ts';
import { buildServerCard, SERVER_CARD_TYPE } from './server-card.ts';

export type DiscoveryOptions = {
  operations: readonly AnyOperation[];
  baseUrl: string;
  version: string;
  dataAsOf: string;
};

/** Where the card is served: the path the SEP names, and `<streamable-http-url>/server-card` of its later draft. */
export const SERVER_CARD_PATHS = ['/.well-known/mcp/server-card.json', '/mcp/server-card'] as const;
export const LLMS_TXT_PATH = '/llms.txt';

/** Discovery documents change only with a release or a dataset: an hour of shared caching, as the SEP suggests. */
const CACHE_DISCOVERY = 'public, max-age=3600';
const TEXT_TYPE = 'text/plain; charset=utf-8';
const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
const SVG_TYPE = 'image/svg+xml';

type Ready = { bytes: Buffer; etag: string };
const ready = (text: string): Ready => {
  const bytes = Buffer.from(text);
  return { bytes, etag: etagOf(bytes) };
};

/** True when the Accept header lists `type` itself (not through a wildcard) with a non-zero quality. */
function named(accept: string | undefined, type: string): boolean {
  if (!accept) return false;
  return accept.split(',', 64).some((part) => {
    const [t, ...params] = part.trim().toLowerCase().split(';');
    return t?.trim() === type && !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
  });
}

function serve(doc: Once<Ready>, types: Array<{ accept: string; type: string }>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // A type the Accept header names itself wins; else the first it admits (an absent header or */* admits the first).
    const accept = request.headers.accept;
    const chosen = types.find((t) => named(accept, t.accept)) ?? types.find((t) => accepts(accept, [t.accept]));
    if (!chosen) throw notAcceptable(types.map((t) => t.accept).join(' or '));
    return sendPrepared(request, reply, doc(), CACHE_DISCOVERY, chosen.type);
  };
}

/**
 * Registers the discovery routes; returns the builders, so that the caller may prepare them once listening.
 * Each document is made once per app (per dataset: llms.txt names the data date) and served as ready bytes.
 */
export function registerDiscovery(app: FastifyInstance, opts: DiscoveryOptions): Array<() => unknown> {
  const card = once(() => ready(JSON.stringify(buildServerCard(opts))));
  const llms = once(() => ready(buildLlmsTxt(opts)));
  const icon = once(() => ready(ICON_SVG));

  // A client asking for the card's own media type gets it back; others get plain JSON.
  const cardTypes = [{ accept: 'application/json', type: JSON_TYPE }, { accept: SERVER_CARD_TYPE, type: SERVER_CARD_TYPE }];
  // Sent as text/markdown when asked for, else text/plain, which every browser and client shows as it is.
  const llmsTypes = [{ accept: 'text/plain', type: TEXT_TYPE }, { accept: 'text/markdown', type: MARKDOWN_TYPE }];
  for (const path of SERVER_CARD_PATHS) registerResource(app, path, { get: serve(card, cardTypes) });
  registerResource(app, LLMS_TXT_PATH, { get: serve(llms, llmsTypes) });
  registerResource(app, ICON_PATH, { get: serve(icon, [{ accept: SVG_TYPE, type: SVG_TYPE }]) });
  return [card, llms, icon];
}
