// What the load benchmark requests: one registry example per measured operation, as REST and as MCP requests.
import { OPERATION_BY_NAME } from '../src/ops/registry.ts';
import { restUrl } from '../src/surfaces/rest/url.ts';

export type Target = {
  /** Short label for the table. */
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Request headers beyond x-api-key. */
  headers: Record<string, string>;
};

function example(opName: string, index = 0): { input: Record<string, unknown> } {
  const op = OPERATION_BY_NAME.get(opName);
  const ex = op?.examples[index];
  if (!op || !ex) throw new Error(`no example ${index} for ${opName}`);
  return ex;
}

function rest(name: string, opName: string, index = 0): Target {
  return { name, method: 'GET', path: restUrl(OPERATION_BY_NAME.get(opName)!, example(opName, index).input), headers: { accept: 'application/json' } };
}

/** A page for people, as a browser asks for it (src/surfaces/web/): rendered once, then served from its cache. */
function page(name: string, path: string): Target {
  return { name, method: 'GET', path, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };
}

/** The MCP request headers the Streamable HTTP transport requires of a client. */
export const MCP_HEADERS: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export function mcpToolCall(opName: string, index = 0): Target {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: opName, arguments: example(opName, index).input } });
  return { name: `MCP tools/call ${opName}`, method: 'POST', path: '/mcp', body, headers: MCP_HEADERS };
}

/** The list (issue 7, point 1), in that order; the first is the model sheet the budgets name. */
export function loadTargets(): Target[] {
  return [
    rest('GET /models/{id}', 'get_model'),
    rest('GET /models?q= (search)', 'search_models'),
    rest('GET /recommend', 'recommend_model'),
    rest('GET /hardware/{id}', 'models_for_hardware'),
    rest('GET /cost/{id}', 'estimate_cost'),
    mcpToolCall('get_model'),
    page('page /models/{id}', '/models/llama-3.3-70b-instruct'),
    page('page /hardware/{id}', '/hardware/rtx-4090'),
  ];
}
