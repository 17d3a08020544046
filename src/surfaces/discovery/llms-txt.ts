// /llms.txt: the API described for agents (the llms.txt convention), generated from the registry, built once.
import { TIER_LIMITS } from '../../access/index.ts';
import type { AnyOperation } from '../../ops/operation.ts';
import { restUrl } from '../rest/url.ts';
import { SERVER_DESCRIPTION, SERVER_TITLE } from './identity.ts';

export type LlmsTxtOptions = { operations: readonly AnyOperation[]; baseUrl: string; version: string; dataAsOf: string };

/** The first sentence of a description: the llms.txt convention wants one line of notes per link. */
export function firstSentence(text: string): string {
  // "e.g." and "i.e." end no sentence.
  const m = /^.*?(?<!\b(?:e\.g|i\.e))[.!?](?=\s|$)/s.exec(text.trim());
  return (m ? m[0] : text.trim()).replace(/\s+/g, ' ');
}

const per = (w: number): string => (w === 60 ? 'minute' : w === 86_400 ? 'day' : `${w} s`);
const n = (x: number): string => x.toLocaleString('en-US');

/**
 * H1 title, a blockquote summary, a few lines on how to call, then sections of links (llmstxt.org): every operation
 * with its REST path, MCP tool name and an example URL; the OpenAPI document and docs; the MCP endpoint; keys and
 * limits. The limits come from the access module, the operations from the registry.
 */
export function buildLlmsTxt(opts: LlmsTxtOptions): string {
  const { baseUrl, operations } = opts;
  const api = `${baseUrl}/api/v1`;
  const { anonymous, free, pro } = TIER_LIMITS;
  const lines = [
    `# ${SERVER_TITLE}`,
    '',
    `> ${SERVER_DESCRIPTION} Read-only, one dataset (data as of ${opts.dataAsOf}, version ${opts.version}), two surfaces`
    + ' with the same answers: REST (JSON) and an MCP server whose tools are the same operations.',
    '',
    'Every answer carries `data_as_of`, and every fact its `as_of` date. Without a key, answers are partial: dated facts,'
    + ' the sources listed once, and an `attribution` to show with the data. Errors are RFC 9457 problem details with a'
    + ' stable `code`; unknown parameters are refused, not ignored.',
    '',
    '## Operations',
    '',
    ...operations.map((op) => {
      const example = op.examples[0] ? ` Example: ${baseUrl}${restUrl(op, op.examples[0].input)}` : '';
      return `- [${op.title}](${baseUrl}/docs#${op.name}): REST \`GET /api/v1${op.path}\`, MCP tool \`${op.name}\`. `
        + `${firstSentence(op.description)}${example}`;
    }),
    '',
    '## API',
    '',
    `- [OpenAPI document](${api}/openapi.json): every operation's parameters and response schema (OpenAPI 3.1)`,
    `- [Documentation](${baseUrl}/docs): parameters, examples, errors and limits, for people`,
    `- [API index](${api}): the operations as JSON, with their paths and tool names`,
    `- [Sources](${api}/sources): every source the data draws on, with its date, URL and licence`,
    '',
    '## MCP',
    '',
    `- [MCP endpoint](${baseUrl}/mcp): Streamable HTTP (POST JSON-RPC), stateless; tools are the operations above,`
    + ' read-only, with input and output schemas',
    `- [Server card](${baseUrl}/.well-known/mcp/server-card.json): name, version, endpoint, protocol versions, key headers`,
    '',
    '## Keys and limits',
    '',
    `- [Anonymous](${baseUrl}/docs#access): no key, ${n(anonymous.quota)} requests per ${per(anonymous.windowSeconds)} per client`
    + ' address; partial answers with attribution',
    `- [Free key](${baseUrl}/docs#access): \`x-api-key: mds_free_...\`, ${n(free.quota)} requests per ${per(free.windowSeconds)};`
    + ' partial answers with attribution',
    `- [Pro key](${baseUrl}/docs#access): \`x-api-key: mds_pro_...\`, ${n(pro.quota)} requests per ${per(pro.windowSeconds)};`
    + ' full answers (per-field sources, the 16 trust criteria)',
    `- [Enterprise key](${baseUrl}/docs#access): \`x-api-key: mds_ent_...\`, the quota set on the key; full answers`,
    `- [Rate-limit headers](${baseUrl}/docs#access): REST calls and MCP tool calls spend one quota; every counted response`
    + ' carries `RateLimit-Policy` and `RateLimit`, a 429 carries `Retry-After`; this file, the docs, the OpenAPI'
    + ' document and the server card are not counted',
    '',
  ];
  return lines.join('\n');
}
