// The human documentation page (/docs), generated from the same registry as the routes, tools and OpenAPI.
import { createHash } from 'node:crypto';
import { TIER_LIMITS } from '../access/index.ts';
import { ERROR_CATALOG } from '../errors/index.ts';
import type { AnyOperation } from '../ops/operation.ts';
import { inputInfo } from './input-info.ts';
import { restUrl, routePattern } from './rest/url.ts';
import { MAX_BATCH as MCP_BATCH_LIMIT } from './mcp/messages.ts';

export type DocsOptions = {
  operations: readonly AnyOperation[];
  baseUrl: string;
  version: string;
  dataAsOf: string;
};

const esc = (s: unknown): string =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Backticks in descriptions become <code>; everything else is escaped text. */
const prose = (s: string): string => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
code,pre{font:14px ui-monospace,monospace;background:#f4f4f4}pre{padding:.75rem;overflow-x:auto}code{padding:0 .2rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
h2{margin-top:2.5rem;border-top:1px solid #ddd;padding-top:1rem}nav li{margin:.1rem 0}.muted{color:#555}`;

/** The page allows exactly its own inline style block and nothing else: no scripts, no remote loads. */
export const DOCS_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const per = (w: number): string => (w === 60 ? 'minute' : w === 86_400 ? 'day' : `${w} s`);
const fmt = (n: number): string => n.toLocaleString('en-US');
const { anonymous, free, pro } = TIER_LIMITS;
/** The limits as the access module sets them, so the page cannot drift from them. */
export const LIMITS = `${fmt(anonymous.quota)} requests per ${per(anonymous.windowSeconds)} per IP; keys: free ${fmt(free.quota)} per ${per(free.windowSeconds)}, pro ${fmt(pro.quota)} per ${per(pro.windowSeconds)}, enterprise as set on the key`;

export function mcpClientConfig(baseUrl: string): string {
  return JSON.stringify({ mcpServers: { 'model-data': { url: `${baseUrl}/mcp`, headers: { 'x-api-key': '<API_KEY>' } } } }, null, 2);
}

function operationSection(op: AnyOperation, baseUrl: string): string {
  const info = inputInfo(op);
  const rows = [...info.fields.values()].map((f) =>
    `<tr><td><code>${esc(f.name)}</code></td><td>${f.inPath ? 'path' : 'query'}${f.required || f.inPath ? ', required' : ''}</td>` +
    `<td>${esc(f.allowed)}${f.kind === 'array' ? '; repeat the parameter or separate with commas' : ''}</td>` +
    `<td>${f.default === undefined ? '' : `<code>${esc(JSON.stringify(f.default))}</code>`}</td><td>${prose(f.description ?? '')}</td></tr>`);
  const params = rows.length
    ? `<table><thead><tr><th>parameter</th><th>in</th><th>allowed</th><th>default</th><th>meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : '<p class="muted">No parameters.</p>';
  const examples = op.examples.map((ex) => {
    const url = restUrl(op, ex.input);
    return `<li>${esc(ex.title)}: <a href="${esc(url)}"><code>GET ${esc(url)}</code></a><br><span class="muted">MCP:</span> <code>${esc(JSON.stringify({ name: op.name, arguments: ex.input }))}</code></li>`;
  });
  const full = op.fullTierOnly?.length
    ? `<p>Full tier only (pro and enterprise keys): ${op.fullTierOnly.map((f) => `<code>${esc(f)}</code>`).join(', ')}. Partial responses leave these out.</p>`
    : '';
  return `<section id="${esc(op.name)}"><h2>${esc(op.title)}</h2>
<p><code>GET ${esc(routePattern(op).replace(/:([a-z_0-9]+)/g, '{$1}'))}</code> · MCP tool <code>${esc(op.name)}</code></p>
<p>${prose(op.description)}</p>${full}
<h3>Parameters</h3>${params}
<h3>Examples</h3>${examples.length ? `<ul>${examples.join('')}</ul>` : '<p class="muted">No examples yet.</p>'}
<p class="muted">Full URL: <code>${esc(baseUrl)}${esc(routePattern(op).replace(/:([a-z_0-9]+)/g, '{$1}'))}</code></p></section>`;
}

export function buildDocsPage(opts: DocsOptions): string {
  const { operations, baseUrl } = opts;
  const toc = operations.map((op) => `<li><a href="#${esc(op.name)}"><code>${esc(op.name)}</code></a>: ${esc(op.title)}</li>`).join('');
  const errors = Object.entries(ERROR_CATALOG).map(([code, e]) => `<tr><td><code>${esc(code)}</code></td><td>${e.status}</td><td>${esc(e.title)}</td></tr>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Model Data Service API</title><style>${STYLE}</style></head><body>
<h1>Model Data Service API <span class="muted">${esc(opts.version)}</span></h1>
<p>Read-only, dated and sourced data about AI language models, over REST (<code>${esc(baseUrl)}/api/v1</code>) and MCP (<code>${esc(baseUrl)}/mcp</code>).
Both surfaces give the same answers. Data as of <strong>${esc(opts.dataAsOf)}</strong>: every response carries <code>data_as_of</code>.
Machine-readable: <a href="/api/v1/openapi.json">OpenAPI 3.1</a>, <a href="/api/v1">index</a>, <a href="/api/v1/sources">sources and licences</a>.</p>
<nav><h2>Operations</h2><ul>${toc}</ul></nav>
<section id="access"><h2>Access, limits and tiers</h2>
<p>No key needed: anonymous calls get ${LIMITS}. Send a key in the <code>x-api-key</code> header for more.
A malformed, unknown or revoked key is refused with 401, never treated as anonymous. Every counted response has <code>RateLimit</code> and <code>RateLimit-Policy</code> headers; over the limit, 429 with <code>Retry-After</code>.</p>
<p>Anonymous and free responses are partial: each fact keeps its <code>as_of</code> date, the sources are listed once in <code>sources</code>, and <code>attribution</code> must be shown with the data.
Pro and enterprise responses are full: per-field <code>source</code>, corroboration and conflicts, and the full-tier fields.</p>
<p>Responses carry an <code>ETag</code>; send it back in <code>If-None-Match</code> to get 304. Unknown query parameters are rejected with 400 <code>unknown_parameter</code>, not ignored.</p></section>
<section id="mcp"><h2>MCP</h2>
<p>Streamable HTTP at <code>${esc(baseUrl)}/mcp</code>, stateless, JSON responses, in both protocol eras: the 2026-07-28 revision
(<code>server/discover</code>, the per-request <code>_meta</code> envelope, <code>MCP-Protocol-Version</code>, <code>Mcp-Method</code>
and <code>Mcp-Name</code> headers) and the 2025 <code>initialize</code> handshake (2025-11-25, 2025-06-18 and earlier). One tool per
operation, with the same name, inputs and result (<code>structuredContent</code>); the text content is a summary line followed by the
same JSON. A failed call is a tool result with <code>isError: true</code> and the same problem object; an unknown tool is a JSON-RPC
error (-32602). Client configuration:</p>
<pre>${esc(mcpClientConfig(baseUrl))}</pre>
<p class="muted">Leave out <code>headers</code> to call anonymously. 2025 clients need nothing else; the official v2 TypeScript client
negotiates 2026-07-28 with <code>versionNegotiation: { mode: 'auto' }</code> (or pins it with <code>{ pin: '2026-07-28' }</code>).</p>
<p>Resources: <code>model://{model_id}</code> (get_model), <code>hardware://{hardware_id}</code> (models_for_hardware),
<code>changes://{YYYY-MM-DD}</code> (get_model_changes, 30 days to that day) and <code>sources://all</code>, with
<code>completion/complete</code> for the ids. Prompts: <code>choose_model</code>, <code>self_host_check</code>,
<code>compliance_compare</code>.
Every JSON-RPC message counts against the quota: a tool call, a resource read, a prompt (compliance_compare: one per model) or a list
alike. Batches are refused under 2025-06-18 and later (-32600) and limited to ${MCP_BATCH_LIMIT} messages before. Body errors are
JSON-RPC errors (-32700 parse error, 413, 415).</p></section>
${operations.map((op) => operationSection(op, baseUrl)).join('\n')}
<section id="errors"><h2>Errors</h2>
<p>Errors are <code>application/problem+json</code> (RFC 9457) with a stable <code>code</code>; validation errors list each parameter with what is <code>allowed</code>.</p>
<table><thead><tr><th>code</th><th>status</th><th>title</th></tr></thead><tbody>${errors}</tbody></table></section>
<section id="service"><h2>Service endpoints</h2><ul>
<li><code>GET /api/v1</code>: index of operations</li><li><code>GET /api/v1/sources</code>: every source with its date, URL and licence</li>
<li><code>GET /api/v1/openapi.json</code>: OpenAPI 3.1</li><li><code>GET /healthz</code>: the process is up</li><li><code>GET /readyz</code>: ready to serve (<code>ok</code> or <code>degraded</code>)</li>
<li><code>GET /api/v1/export/{models,offers,ratings,hardware,changes}.{ndjson,csv}</code> and <code>GET /api/v1/export/dataset.json</code>: the data whole, one request of quota each</li>
<li><code>GET /api/v1/changes/feed.xml</code> (Atom) and <code>feed.json</code> (JSON Feed 1.1): the latest change events</li>
<li><code>GET /.well-known/mcp/server-card.json</code>, <code>GET /llms.txt</code>: discovery for MCP clients and agents</li>
<li><code>GET /metrics</code>: Prometheus metrics, loopback or <code>METRICS_TOKEN</code> only</li><li><code>GET /</code>: the explorer, pages for people</li>
</ul></section>
</body></html>
`;
}
