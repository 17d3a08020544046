// Which POSTs to /mcp are answered directly: a plain single tools/call or tools/list in either era, and nothing the
// SDK might treat otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { directMessage as recognise, jsonRpcResponse, modernResult } from './direct-call.ts';

const directMessage = (headers: Record<string, string>, body: unknown) => recognise(headers, body, SUPPORTED_PROTOCOL_VERSIONS);

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const MODERN = { ...HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'get_model' };
// The envelope as @modelcontextprotocol/client 2.4 sends it (captured from its server/discover probe).
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'x', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const call = (over: Record<string, unknown> = {}, params: Record<string, unknown> = { name: 'get_model', arguments: { model_id: 'x' } }) =>
  ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params, ...over });
const modernCall = (params: Record<string, unknown> = {}) => call({}, { name: 'get_model', arguments: { model_id: 'x' }, _meta: META, ...params });

test('a plain tools/call is recognised with its name, arguments and id as it goes back, in both eras', () => {
  const legacy = { method: 'tools/call', modern: false, name: 'get_model', args: { model_id: 'x' } };
  assert.deepEqual(directMessage(HEADERS, call()), { ...legacy, idJson: '1' });
  assert.deepEqual(directMessage(HEADERS, call({ id: 'abc"1' })), { ...legacy, idJson: '"abc\\"1"' });
  assert.deepEqual(directMessage({ ...HEADERS, 'mcp-protocol-version': '2025-06-18' }, call({}, { name: 'list_hardware' })),
    { method: 'tools/call', modern: false, idJson: '1', name: 'list_hardware', args: {} });
  assert.deepEqual(directMessage(MODERN, modernCall()), { ...legacy, modern: true, idJson: '1' });
  assert.deepEqual(directMessage({ ...MODERN, 'mcp-method': 'tools/list' }, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: META } }),
    { method: 'tools/list', modern: true, idJson: '2', name: '', args: {} });
  assert.equal(directMessage(HEADERS, { jsonrpc: '2.0', id: 2, method: 'tools/list' })?.method, 'tools/list');
});

test('anything the SDK might answer differently is left to it', () => {
  const declined: Array<[string, Record<string, string>, unknown]> = [
    ['a batch', HEADERS, [call()]],
    ['another method', HEADERS, call({ method: 'resources/list' })],
    ['a notification (no id)', HEADERS, { jsonrpc: '2.0', method: 'tools/call', params: { name: 'get_model' } }],
    ['a null id', HEADERS, call({ id: null })],
    ['a fractional id', HEADERS, call({ id: 1.5 })],
    ['an unsafe integer id', HEADERS, call({ id: 2 ** 60 })],
    ['a wrong jsonrpc version', HEADERS, call({ jsonrpc: '1.0' })],
    ['an extra top-level member', HEADERS, call({ extra: true })],
    ['_meta in a 2025 call', HEADERS, call({}, { name: 'get_model', _meta: { progressToken: 1 } })],
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
    ['2025 headers naming a method', { ...HEADERS, 'mcp-method': 'tools/call' }, call()],
    ['a 2026 call without _meta', MODERN, call()],
    ['a 2026 call whose Mcp-Method disagrees', { ...MODERN, 'mcp-method': 'tools/list' }, modernCall()],
    ['a 2026 call whose Mcp-Name disagrees', { ...MODERN, 'mcp-name': 'list_hardware' }, modernCall()],
    ['a 2026 call without Mcp-Name', { ...MODERN, 'mcp-name': '' }, modernCall()],
    ['an envelope naming another version', MODERN, modernCall({ _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } })],
    ['an envelope with a progress token', MODERN, modernCall({ _meta: { ...META, progressToken: 1 } })],
    ['an envelope declaring capabilities', MODERN, modernCall({ _meta: { ...META, 'io.modelcontextprotocol/clientCapabilities': { sampling: {} } } })],
    ['an envelope without clientInfo', MODERN, modernCall({ _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } })],
  ];
  for (const [what, headers, body] of declined) assert.equal(directMessage(headers, body), undefined, what);
  // Before the SDK is loaded its 2025 versions are unknown: a call that names one goes to the SDK (which loads).
  assert.equal(recognise({ ...HEADERS, 'mcp-protocol-version': '2025-06-18' }, call(), undefined), undefined);
  assert.ok(recognise(HEADERS, call(), undefined));
});

test('the response wraps the result bytes in the SDK key order; a 2026 result ends with the era members', () => {
  const bytes = jsonRpcResponse(Buffer.from('{"content":[]}'), '"a"');
  assert.equal(bytes.toString(), '{"result":{"content":[]},"jsonrpc":"2.0","id":"a"}');
  assert.equal(modernResult(Buffer.from('{"content":[]}'), ',"resultType":"complete"').toString(), '{"content":[],"resultType":"complete"}');
  // The tail written in the same copy as the envelope: the two steps above, composed by hand.
  assert.equal(
    jsonRpcResponse(Buffer.from('{"content":[]}'), '7', ',"resultType":"complete"').toString(),
    '{"result":{"content":[],"resultType":"complete"},"jsonrpc":"2.0","id":7}',
  );
});
