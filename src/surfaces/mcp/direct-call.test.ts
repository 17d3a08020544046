// Which POSTs to /mcp are answered directly: a plain single tools/call, and nothing the SDK might treat otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { directToolCall as recognise, jsonRpcResponse } from './direct-call.ts';

const directToolCall = (headers: Record<string, string>, body: unknown) => recognise(headers, body, SUPPORTED_PROTOCOL_VERSIONS);

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const call = (over: Record<string, unknown> = {}, params: Record<string, unknown> = { name: 'get_model', arguments: { model_id: 'x' } }) =>
  ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params, ...over });

test('a plain tools/call is recognised with its name, arguments and id as it goes back', () => {
  assert.deepEqual(directToolCall(HEADERS, call()), { idJson: '1', name: 'get_model', args: { model_id: 'x' } });
  assert.deepEqual(directToolCall(HEADERS, call({ id: 'abc"1' })), { idJson: '"abc\\"1"', name: 'get_model', args: { model_id: 'x' } });
  assert.deepEqual(directToolCall({ ...HEADERS, 'mcp-protocol-version': '2025-06-18' }, call({}, { name: 'list_hardware' })), { idJson: '1', name: 'list_hardware', args: {} });
});

test('anything the SDK might answer differently is left to it', () => {
  const declined: Array<[string, Record<string, string>, unknown]> = [
    ['a batch', HEADERS, [call()]],
    ['another method', HEADERS, call({ method: 'tools/list' })],
    ['a notification (no id)', HEADERS, { jsonrpc: '2.0', method: 'tools/call', params: { name: 'get_model' } }],
    ['a null id', HEADERS, call({ id: null })],
    ['a fractional id', HEADERS, call({ id: 1.5 })],
    ['an unsafe integer id', HEADERS, call({ id: 2 ** 60 })],
    ['a wrong jsonrpc version', HEADERS, call({ jsonrpc: '1.0' })],
    ['an extra top-level member', HEADERS, call({ extra: true })],
    ['_meta in params', HEADERS, call({}, { name: 'get_model', _meta: { progressToken: 1 } })],
    ['a task in params', HEADERS, call({}, { name: 'get_model', task: { ttl: 1000 } })],
    ['no params', HEADERS, { jsonrpc: '2.0', id: 1, method: 'tools/call' }],
    ['a name that is not a string', HEADERS, call({}, { name: 5 })],
    ['arguments that are an array', HEADERS, call({}, { name: 'get_model', arguments: [] })],
    ['arguments that are null', HEADERS, call({}, { name: 'get_model', arguments: null })],
    ['a content type with parameters', { ...HEADERS, 'content-type': 'application/json; charset=utf-8' }, call()],
    ['a text/plain body', { ...HEADERS, 'content-type': 'text/plain' }, call()],
    ['an Accept without event streams', { ...HEADERS, accept: 'application/json' }, call()],
    ['no Accept', { 'content-type': 'application/json' }, call()],
    ['an unsupported protocol version', { ...HEADERS, 'mcp-protocol-version': '1999-01-01' }, call()],
  ];
  for (const [what, headers, body] of declined) assert.equal(directToolCall(headers, body), undefined, what);
  // Before the SDK is loaded its versions are unknown: a call that names one goes to the SDK (which loads).
  assert.equal(recognise({ ...HEADERS, 'mcp-protocol-version': '2025-06-18' }, call(), undefined), undefined);
  assert.ok(recognise(HEADERS, call(), undefined));
});

test('the response wraps the result bytes in the SDK key order', () => {
  const bytes = jsonRpcResponse(Buffer.from('{"content":[]}'), '"a"');
  assert.equal(bytes.toString(), '{"result":{"content":[]},"jsonrpc":"2.0","id":"a"}');
});
