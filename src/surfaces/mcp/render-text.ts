// The text content of a tool result: a one-line summary, then the whole answer as JSON (the structuredContent).
import type { AnyOperation } from '../../ops/operation.ts';
import { HEADLINES } from './summaries.ts';

/** A short label for the subject: its id, or an id-shaped name. */
function subject(value: Record<string, unknown>): string | undefined {
  const id = value.id;
  return typeof id === 'string' && id.length <= 80 ? id : undefined;
}

/**
 * What the answer is about, in one line: the operation, the data date, the subject's id and each list's size.
 * Lists are named by size only: the entries follow in the JSON.
 */
export function summaryLine(op: AnyOperation, value: Record<string, unknown>): string {
  const attribution = typeof value.attribution === 'string' ? ` Show with the data: ${value.attribution}` : '';
  // An operation with a headline says its answer first (estimate_cost: the cheapest API offer, self-hosting, break-even).
  const headline = HEADLINES[op.name]?.(value);
  if (headline) return `${op.title} (data as of ${String(value.data_as_of)}): ${headline}.${attribution}`;
  const parts: string[] = [];
  const id = subject(value);
  if (id) parts.push(id);
  for (const [k, v] of Object.entries(value)) {
    if (!Array.isArray(v) || k === 'sources') continue;
    parts.push(`${k}: ${v.length === 0 ? 'none' : v.length}`);
  }
  const page = value.page as { total?: unknown } | undefined;
  if (page && typeof page.total === 'number') parts.push(`${page.total} in total across pages`);
  return `${op.title} (data as of ${String(value.data_as_of)})${parts.length ? `: ${parts.join('; ')}` : ''}.${attribution}`;
}

/**
 * The text for clients that read only `content`: the summary, a newline, and the serialized structuredContent
 * (the MCP specification's recommendation for a tool with an output schema). `json` is the value already
 * serialized, so nothing is serialized twice.
 */
export function renderText(op: AnyOperation, value: Record<string, unknown>, json: string): string {
  return `${summaryLine(op, value).replace(/[\r\n]+/g, ' ')}\n${json}`;
}
