// Routing endpoints: an id that picks a model per request is no model of the catalogue (docs/data.md, "Routers").
// The routers are rows of data/curated/routers.csv, each with the page it was read on; this file only matches them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IsoDate } from '../schema/primitives.ts';
import { parseCsv, validateRows } from '../sources/curated.ts';
import { key0 } from './match-keys.ts';

export const ROUTERS_FILE = 'data/curated/routers.csv';
const DEFAULT_FILE = fileURLToPath(new URL('../../data/curated/routers.csv', import.meta.url));

/**
 * One reviewed router. `matched_on` says how a source id is compared with `id`:
 * - `key`: the id's match key (key0: its last segment, lowercased, namespace and version tags off), so `auto` is
 *   Morph's `auto`, OpenRouter's and Kilo's `openrouter/auto` and OrcaRouter's `orcarouter/auto` alike;
 * - `segments`: the id's last segments, lowercased and without a leading `~`, as many as the row's id has
 *   (`switchpoint/router` the namespace and name, since `router` alone could be any vendor's word;
 *   `moonshot-v1-auto` the name).
 */
const Row = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9.-]*(?:\/[a-z0-9][a-z0-9.-]*)?$/, 'a lowercase id, or namespace/name'),
  matched_on: z.enum(['key', 'segments'], { error: 'key or segments' }),
  url: z.url({ error: 'the page the row was read on' }),
  read_on: IsoDate,
  note: z.string().min(20, 'what the page says the endpoint does'),
}).strict();
export type RouterRow = z.infer<typeof Row>;

/** Load and check the table; a malformed row stops the build with the file, line and field. */
export function loadRouters(file: string = DEFAULT_FILE): RouterRow[] {
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), { source: 'routers', file: ROUTERS_FILE });
  const first = issues[0];
  if (first) throw new Error(`${ROUTERS_FILE} ${first.row}${first.field ? `, field "${first.field}"` : ''}: ${first.message}`);
  return valid.map((v) => v.value);
}

let rows: RouterRow[] | undefined;

/**
 * Whether an id names a router, not a language model. Each provider routes to models of its own choosing, so two
 * providers' `auto` are not one model, and none is the provider's model either: no rule creates a model from such
 * an id, and no key can match one. OpenRouter's other pseudo-models (`openrouter/bodybuilder`) are left out by the
 * OpenRouter rule's namespace test (build-models.ts). The table is read once, on first use (the build only).
 */
export function isRouter(sourceId: string): boolean {
  rows ??= loadRouters();
  const parts = sourceId.trim().toLowerCase().replace(/^~/, '').split('/');
  return rows.some((r) => (r.matched_on === 'key'
    ? key0(sourceId) === r.id
    : parts.slice(-r.id.split('/').length).join('/') === r.id));
}
