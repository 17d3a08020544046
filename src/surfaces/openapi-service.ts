// OpenAPI entries of the service's routes outside the operation registry: bulk exports, change feeds, metrics and
// the discovery documents, so that the reference lists every public path.
import { ICON_PATH } from './discovery/identity.ts';
import { LLMS_TXT_PATH, SERVER_CARD_PATHS } from './discovery/register.ts';
import { EXPORT_TABLES } from './rest/export-build.ts';
import { EXPORT_PREFIX } from './rest/export.ts';
import { FEED_PATHS } from './rest/feeds.ts';
import { METRICS_PATH } from './rest/metrics.ts';

type JsonSchema = Record<string, unknown>;

const QUOTA_NOTE = 'Counts one request against the caller\'s quota; partial tiers get `as_of` per fact and the sources list, '
  + 'pro and enterprise per-field provenance. Prepared once per dataset and tier, streamed, gzip or brotli by Accept-Encoding.';

function getOf(summary: string, description: string, types: readonly string[], parameters: JsonSchema[] = []): JsonSchema {
  return {
    get: {
      summary, description, tags: ['service'], parameters,
      security: [{}, { ApiKey: [] }, { BearerAuth: [] }],
      responses: {
        200: { description: summary, content: Object.fromEntries(types.map((t) => [t, {}])) },
        304: { description: 'Not modified.' },
      },
    },
  };
}

const query = (name: string, description: string, schema: JsonSchema): JsonSchema => ({ name, in: 'query', required: false, description, schema });

export function servicePaths(): Record<string, JsonSchema> {
  const paths: Record<string, JsonSchema> = {};
  for (const t of EXPORT_TABLES) {
    paths[`${EXPORT_PREFIX}/${t}.ndjson`] = getOf(`Export: ${t} (NDJSON)`,
      `Every ${t} row, one JSON object a line after a header line (data_as_of, count, tier, sources). ${QUOTA_NOTE}`, ['application/x-ndjson']);
    paths[`${EXPORT_PREFIX}/${t}.csv`] = getOf(`Export: ${t} (CSV)`,
      `Every ${t} row; each fact flattened into \`field\`, \`field_as_of\` and, on full tiers, \`field_source\` columns. ${QUOTA_NOTE}`, ['text/csv']);
  }
  paths[`${EXPORT_PREFIX}/dataset.json`] = getOf('Export: the whole dataset (JSON)', `Every table in one document. ${QUOTA_NOTE}`, ['application/json']);
  const filters = [
    query('kind', 'Only events of these kinds (as get_model_changes).', { type: 'string' }),
    query('model', 'Only events of this model id.', { type: 'string' }),
    query('vendor', 'Only events of this developer.', { type: 'string' }),
    query('days', 'The window in days up to `until`.', { type: 'integer' }),
    query('until', 'The last day of the window (YYYY-MM-DD).', { type: 'string', format: 'date' }),
    query('limit', 'At most this many entries.', { type: 'integer' }),
  ];
  paths[FEED_PATHS.atom] = getOf('Change feed (Atom)', 'The latest change events as an Atom feed, filtered like get_model_changes. One request of quota.',
    ['application/atom+xml'], filters);
  paths[FEED_PATHS.json] = getOf('Change feed (JSON Feed 1.1)', 'The latest change events as a JSON Feed 1.1, filtered like get_model_changes. One request of quota.',
    ['application/feed+json'], filters);
  paths[METRICS_PATH] = {
    get: {
      summary: 'Prometheus metrics', tags: ['service'],
      description: 'Requests by operation, surface, tier and status, latency histograms, cache hits, limiter fallbacks and dataset age. '
        + 'Answered to loopback callers, or with `Authorization: Bearer <METRICS_TOKEN>`; never counted against a quota.',
      responses: { 200: { description: 'Prometheus text format', content: { 'text/plain': {} } }, 403: { description: 'Token wrong' }, 404: { description: 'Not open to this caller' } },
    },
  };
  for (const p of SERVER_CARD_PATHS) {
    paths[p] = getOf('MCP server card', 'Who the MCP server is, where it listens, its protocol versions and how keys are sent.', ['application/json']);
  }
  paths[LLMS_TXT_PATH] = getOf('llms.txt', 'The API described for agents (the llms.txt convention), generated from the registry.', ['text/plain', 'text/markdown']);
  paths[ICON_PATH] = getOf('Service icon', 'The icon the server card and MCP server info name.', ['image/svg+xml']);
  return paths;
}
