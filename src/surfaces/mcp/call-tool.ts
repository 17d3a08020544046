// tools/call: the same admission, validation, handler and projection as REST, rendered as an MCP tool result.
import { asServiceError, ServiceError, toProblem } from '../../errors/index.ts';
import type { AnyOperation } from '../../ops/operation.ts';
import type { Executor, Prepared } from '../execute.ts';
import { validateInput } from '../validate.ts';
import { renderText } from './render-text.ts';

/** What a tool call needs from the HTTP request it arrived in. */
export type McpCallContext = {
  apiKey: string | undefined;
  ip: string;
  /** Put headers (RateLimit, RateLimit-Policy, Retry-After) on the HTTP response carrying the result. */
  setHeaders(headers: Record<string, string>): void;
  logError(err: unknown): void;
};

export type ToolResult = {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent: Record<string, unknown>;
  isError?: boolean;
};

/** A short text for clients that read only `content`: what failed, why, and what would be accepted. */
function problemText(err: ServiceError): string {
  const lines = [`${err.title} (${err.code}): ${err.detail}`];
  for (const e of err.options.errors ?? []) lines.push(`- ${e.parameter}: ${e.message}${e.allowed ? ` (allowed: ${e.allowed})` : ''}`);
  if (err.options.suggestions?.length) lines.push(`Did you mean: ${err.options.suggestions.join(', ')}?`);
  return lines.join('\n');
}

export function errorResult(err: ServiceError): ToolResult {
  // Key order as the SDK's CallToolResult schema emits it, so that both MCP paths send the same bytes.
  return { content: [{ type: 'text', text: problemText(err) }], structuredContent: toProblem(err), isError: true };
}

/**
 * A tool call's outcome: a prepared answer (with its text rendering made), the error to report as a tool result,
 * or no such tool, which the protocol answers as a JSON-RPC error (-32602, as the specification says).
 */
export type ToolOutcome =
  | { ok: true; prepared: Prepared & { text: string } }
  | { ok: false; result: ToolResult }
  | { ok: false; unknownTool: string };

export type ToolRunner = (name: string, args: Record<string, unknown>, ctx: McpCallContext) => Promise<ToolOutcome>;

export function createToolRunner(executor: Executor, operations: readonly AnyOperation[]): ToolRunner {
  const byName = new Map(operations.map((op) => [op.name, op]));
  const names = operations.map((op) => op.name).join(', ');
  return async (name, args, ctx) => {
    try {
      // Every tools/call counts, as every REST call does, before anything about it is checked.
      const { principal } = await executor.admit(ctx.apiKey, ctx.ip, ctx.setHeaders);
      const op = byName.get(name);
      if (!op) return { ok: false, unknownTool: `Unknown tool: "${name.slice(0, 100)}". Tools: ${names}.` };
      const input = validateInput(op, args);
      const p = executor.run(op, input, principal.full);
      p.text ??= renderText(op, p.value, p.bytes.toString());
      return { ok: true, prepared: p as Prepared & { text: string } };
    } catch (e) {
      const se = asServiceError(e);
      if (se.status >= 500 && !(e instanceof ServiceError)) ctx.logError(e);
      return { ok: false, result: errorResult(se) };
    }
  };
}

/** The result object, as the SDK's Server takes it from a handler (an unknown tool is thrown by the caller). */
export function toolResult(o: ToolOutcome & ({ ok: true } | { result: ToolResult })): ToolResult {
  return o.ok ? { content: [{ type: 'text', text: o.prepared.text }], structuredContent: o.prepared.value } : o.result;
}

/**
 * The result serialized as the SDK would send it (its CallToolResult schema's key order: content,
 * structuredContent, isError). A success reuses the cached bytes of the value, and the whole result is kept
 * with them, so a repeated call serializes nothing.
 */
export function toolResultBytes(o: ToolOutcome & ({ ok: true } | { result: ToolResult })): Buffer {
  if (!o.ok) return Buffer.from(JSON.stringify(o.result));
  const p = o.prepared;
  if (!p.toolResult) {
    // One allocation and one copy of the answer's bytes: the text (the answer again, escaped) is the larger half.
    const head = `{"content":[{"type":"text","text":${JSON.stringify(p.text)}}],"structuredContent":`;
    const n = Buffer.byteLength(head);
    const out = Buffer.allocUnsafeSlow(n + p.bytes.length + 1);
    out.write(head, 0, 'utf8');
    p.bytes.copy(out, n);
    out[out.length - 1] = 0x7d; // }
    p.toolResult = out;
    // From here a call is answered from the text and these bytes: the answer's objects go (a call through the SDK
    // parses them again from the bytes), as a REST request's do (Prepared.release).
    p.release();
  }
  return p.toolResult;
}
