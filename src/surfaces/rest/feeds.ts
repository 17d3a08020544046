// Change feeds: GET /api/v1/changes/feed.xml (Atom 1.0) and feed.json (JSON Feed 1.1), made with the `feed` package
// from get_model_changes' own answer (same validation, same projection), rendered once per cached answer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Feed, type Item } from 'feed';
import { sourceRef, type ProjectedSource } from '../../access/projection.ts';
import type { Dataset } from '../../dataset/dataset.ts';
import type { Source } from '../../schema/index.ts';
import { get_model_changes } from '../../ops/get-model-changes.ts';
import type { Executor, Prepared } from '../execute.ts';
import { unknownParameters, validateInput } from '../validate.ts';
import type { Compressible } from './compression.ts';
import { etagOf } from '../execute.ts';
import { accepts, CACHE_PRIVATE, CACHE_PUBLIC, VARY_KEYED } from './http.ts';
import { noteTier } from './metrics.ts';
import { apiKeyOf, notAcceptable, sendPrepared } from './operations.ts';
import { coerceQuery } from './query.ts';
import { registerResource } from './resource.ts';
import { API_PREFIX } from './url.ts';

export const FEED_PATHS = { atom: `${API_PREFIX}/changes/feed.xml`, json: `${API_PREFIX}/changes/feed.json` } as const;
const ATOM_TYPE = 'application/atom+xml; charset=utf-8';
const JSON_FEED_TYPE = 'application/feed+json; charset=utf-8';
const ATOM_ACCEPT = ['application/atom+xml', 'application/xml', 'text/xml'];
const JSON_FEED_ACCEPT = ['application/feed+json', 'application/json'];

/** The filters a feed takes: get_model_changes' own, less paging (a feed is its newest page). */
const FEED_PARAMS = new Set(['kind', 'model', 'vendor', 'days', 'until', 'limit']);
/** Entries per feed unless `limit` says otherwise (1..100, as get_model_changes). */
const FEED_ENTRIES = 50;

type ChangeItem = {
  id: string; date: string; kind: string; field: string; model: { id: string; name: string; vendor_name: string };
  provider_name: string | null; provider_model_ids?: string[] | null; leaderboard: string | null; variant: string | null;
  renamed_from?: string | null; as_of?: string; old: unknown; new: unknown;
  source?: string; correction: boolean | null; correction_basis: string; subject: string | null;
};

const show = (v: unknown): string => (v === null ? 'none' : String(v));

function entryTitle(c: ChangeItem): string {
  const where = c.provider_name ? ` at ${c.provider_name}` : c.leaderboard ? ` on the ${c.leaderboard} leaderboard` : '';
  // A correction is the catalogue fixing (or breaking) itself: said in the title, so no reader takes it for a price move.
  // A rename reads as one: the old rating under the old name, not a model appearing.
  const renamed = c.renamed_from ? ` (${c.renamed_from} renamed ${c.variant})` : '';
  const corrected = c.correction === true ? ' (catalogue correction)' : '';
  return `${c.model.name}${where}: ${c.field} ${show(c.old)} → ${show(c.new)}${renamed}${corrected}`;
}

function entrySummary(c: ChangeItem): string {
  const what = `${c.field} from ${show(c.old)} to ${show(c.new)}`;
  const parts = [`${c.kind} change of ${c.model.name} (${c.model.vendor_name}) recorded on ${c.date}: ${what}.`];
  if (c.field === 'input' || c.field === 'output' || c.field.startsWith('cache_')) parts.push('Prices in USD per million tokens.');
  if (c.provider_model_ids?.length) parts.push(`Listing${c.provider_model_ids.length > 1 ? 's' : ''}: ${c.provider_model_ids.join(', ')}.`);
  if (c.variant) parts.push(`Variant: ${c.variant}.`);
  if (c.renamed_from) parts.push(`The leaderboard renamed ${c.renamed_from} to ${c.variant}: a rename, not a new model.`);
  if (c.as_of && c.as_of < c.date) parts.push(`Scheduled: the source last read this on ${c.as_of}, before the day came.`);
  if (c.correction === true) parts.push(`A catalogue correction, not a change in the world: ${c.correction_basis}.`);
  return parts.join(' ');
}

/**
 * A source as an entry or a feed credits it, as a partial answer lists it (access/projection.ts): name and URL, and
 * the licence and credit line where the source asks for attribution (SOURCES.md: CC BY, "attribute LMArena", MIT).
 */
type FeedSource = ProjectedSource;

/** `name (url; licence: ...; credit: ...)`, the licence and credit only where the source requires attribution. */
const creditText = (s: FeedSource): string => {
  const terms = [s.url ?? undefined, s.licence && `licence: ${s.licence}`, s.attribution && `credit: ${s.attribution}`].filter(Boolean);
  return terms.length ? `${s.name} (${terms.join('; ')})` : s.name;
};

/** A query string in a stable order, so the self link and feed id of equal filters are equal. */
function canonicalQuery(input: Record<string, unknown>, given: ReadonlySet<string>): string {
  const q = new URLSearchParams();
  for (const k of ['kind', 'model', 'vendor', 'days', 'until', 'limit']) {
    const v = input[k];
    if (!given.has(k) || v === undefined) continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export type RenderedFeeds = { atom: Compressible; json: Compressible };

/**
 * Both renderings of one answer of get_model_changes. Dates are the day the source recorded, at 00:00 UTC.
 * `itemSources`: the source id of each item by item id, from the full answer. A feed entry stands alone in a reader,
 * apart from any sources list, so each names the source it comes from on every tier (the licences of LMArena's and
 * other sources ask for credit wherever their data is shown), and the feed lists the sources its entries cite.
 */
export function renderFeeds(value: Record<string, unknown>, opts: {
  baseUrl: string; dataAsOf: string; query: string; sources: ReadonlyMap<string, Source>; itemSources: ReadonlyMap<string, string>;
}): RenderedFeeds {
  const { baseUrl, query } = opts;
  const host = new URL(baseUrl).hostname;
  const items = value.items as ChangeItem[];
  const newest = items[0]?.date ?? opts.dataAsOf;
  const attribution = typeof value.attribution === 'string' ? value.attribution : undefined;
  const sourceOf = new Map<string, FeedSource>();
  for (const c of items) {
    const id = c.source ?? opts.itemSources.get(c.id);
    if (id && !sourceOf.has(id)) sourceOf.set(id, sourceRef(id, opts.sources));
  }
  const cited = [...sourceOf.values()].sort((a, b) => a.id.localeCompare(b.id));
  const credits = cited.length ? ` Sources of these entries: ${cited.map(creditText).join(', ')}.` : '';
  const feed = new Feed({
    // tag: URIs (RFC 4151) do not move when the service does; the filters are part of the feed's identity.
    id: `tag:${host},2026:changes${query}`,
    title: `Model Data Service: changes${query ? ` (${query.slice(1).replace(/&/g, ', ')})` : ''}`,
    description: 'Dated changes of prices, arena ratings, licences and hosting of AI language models, newest first.',
    link: `${baseUrl}${API_PREFIX}/changes${query}`,
    updated: new Date(`${newest}T00:00:00Z`),
    generator: false,
    language: 'en',
    feedLinks: { atom: `${baseUrl}${FEED_PATHS.atom}${query}`, json: `${baseUrl}${FEED_PATHS.json}${query}` },
    author: { name: 'Model Data Service', link: baseUrl },
    copyright: `${attribution ? `${attribution}.` : 'Data: Model Data Service; each change names its source.'}${credits}`,
  });
  // JSON Feed extension members start with an underscore; `_mds` holds what this service adds (jsonfeed.org 1.1).
  feed.addExtension({ name: '_mds', objects: { sources: cited } });
  for (const c of items) {
    const id = c.source ?? opts.itemSources.get(c.id);
    const src = id ? sourceOf.get(id)! : undefined;
    const credit = src ? `Source: ${creditText(src)}.` : undefined;
    const item: Item = {
      id: `tag:${host},2026:change:${c.id}`,
      title: entryTitle(c),
      link: `${baseUrl}${API_PREFIX}/models/${encodeURIComponent(c.model.id)}`,
      date: new Date(`${c.date}T00:00:00Z`),
      description: credit ? `${entrySummary(c)} ${credit}` : entrySummary(c),
      category: [{ name: c.kind, term: c.kind }],
    };
    if (credit) item.copyright = credit;
    if (src) item.extensions = [{ name: '_mds', objects: { source: src } }];
    feed.addItem(item);
  }
  const atom = Buffer.from(feed.atom1());
  // The package writes JSON Feed 1.0; 1.1 renames author to authors (a list) and adds language. `author` is kept
  // beside it, as the 1.1 spec suggests for older readers.
  const j = JSON.parse(feed.json1()) as Record<string, unknown>;
  j.version = 'https://jsonfeed.org/version/1.1';
  j.language = 'en';
  if (j.author) j.authors = [j.author];
  if (attribution) j._attribution = { text: attribution, required: true };
  const json = Buffer.from(JSON.stringify(j));
  return { atom: { bytes: atom, etag: etagOf(atom) }, json: { bytes: json, etag: etagOf(json) } };
}

function itemSourcesOf(value: Record<string, unknown>): Map<string, string> {
  const m = new Map<string, string>();
  for (const c of value.items as ChangeItem[]) if (c.source) m.set(c.id, c.source);
  return m;
}

/** Registers both feeds; each request counts as one request of quota, like get_model_changes itself. */
export function registerFeeds(app: FastifyInstance, opts: { dataset: Dataset; executor: Executor; baseUrl: string }): void {
  const { dataset, executor, baseUrl } = opts;
  const rendered = new WeakMap<Prepared, Map<string, RenderedFeeds>>();

  const handler = (which: 'atom' | 'json') => async (request: FastifyRequest, reply: FastifyReply) => {
    const apiKey = apiKeyOf(request);
    const { principal } = await executor.admit(apiKey, request.ip, (h) => reply.headers(h));
    noteTier(request, principal.tier);
    const types = which === 'atom' ? ATOM_ACCEPT : JSON_FEED_ACCEPT;
    if (!accepts(request.headers.accept, types)) throw notAcceptable(types[0]);
    const query = request.query as Record<string, string | string[]>;
    const extra = Object.keys(query).filter((k) => !FEED_PARAMS.has(k));
    if (extra.length) throw unknownParameters(get_model_changes, extra);
    const raw = coerceQuery(get_model_changes, query, {});
    // Newest events in the data, not in a window ending today: a feed read after the data's last day is not empty.
    const input = validateInput(get_model_changes, { days: 3650, until: dataset.meta.data_as_of, limit: FEED_ENTRIES, ...raw });
    const p = executor.run(get_model_changes, input, principal.full);
    // Each entry names its source on every tier: the partial answer drops per-item sources, the full one has them.
    const full = principal.full ? p : executor.run(get_model_changes, input, true);
    const q = canonicalQuery(input, new Set(Object.keys(raw)));
    let byQuery = rendered.get(p);
    if (!byQuery) rendered.set(p, (byQuery = new Map()));
    let feeds = byQuery.get(q);
    if (!feeds) byQuery.set(q, (feeds = renderFeeds(p.value, {
      baseUrl, dataAsOf: dataset.meta.data_as_of, query: q, sources: dataset.sourceById, itemSources: itemSourcesOf(full.value),
    })));
    reply.header('vary', VARY_KEYED);
    const cache = apiKey === undefined ? CACHE_PUBLIC : CACHE_PRIVATE;
    return sendPrepared(request, reply, feeds[which], cache, which === 'atom' ? ATOM_TYPE : JSON_FEED_TYPE);
  };
  registerResource(app, FEED_PATHS.atom, { get: handler('atom') });
  registerResource(app, FEED_PATHS.json, { get: handler('json') });
}
