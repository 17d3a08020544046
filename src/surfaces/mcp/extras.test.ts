// Resources, prompts and completion at /mcp: answered by the operations (same bytes as REST), counted like tools.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testAccess, testApp } from '../../../test/helpers.ts';
import { complete } from './extras.ts';

const HEADERS = { host: 'localhost:8080', 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const rpc = (method: string, params?: unknown) => ({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) });

test('completion: ids starting with the typed text first, then ids containing it, at most 100', () => {
  assert.deepEqual(complete(['beta-70b', 'alpha-7b', 'alphabet', 'gamma-alpha'], 'alp'), { values: ['alpha-7b', 'alphabet', 'gamma-alpha'], total: 3, hasMore: false });
  const many = Array.from({ length: 150 }, (_, i) => `m-${i}`);
  assert.deepEqual({ ...complete(many, 'm-'), values: [] }, { values: [], total: 150, hasMore: true });
  assert.equal(complete(many, 'M-1').values[0], 'm-1', 'case-insensitive');
});

test('resources: the templates, a model sheet with the same bytes as REST, a miss as -32602 with the uri, each read counted once', async () => {
  const access = testAccess();
  const app = testApp({ access });
  const post = async (method: string, params?: unknown) =>
    (await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: rpc(method, params) })).json();
  const templates = (await post('resources/templates/list')).result.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate);
  assert.deepEqual(templates, ['model://{model_id}', 'hardware://{hardware_id}', 'changes://{until}']);
  assert.deepEqual((await post('resources/list')).result.resources.map((r: { uri: string }) => r.uri), ['sources://all']);
  const before = access.counted();
  const read = (await post('resources/read', { uri: 'model://alpha-7b' })).result.contents[0];
  assert.equal(access.counted(), before + 1, 'a read counts once, as the tool call would');
  assert.equal(read.mimeType, 'application/json');
  const rest = await app.inject({ method: 'GET', url: '/api/v1/models/alpha-7b' });
  assert.equal(read.text, rest.body, 'the same answer as GET /api/v1/models/alpha-7b');
  const hw = (await post('resources/read', { uri: 'hardware://rtx-4090' })).result.contents[0];
  assert.equal(JSON.parse(hw.text).hardware.id, 'rtx-4090');
  const miss = await post('resources/read', { uri: 'model://no-such-model' });
  assert.equal(miss.error.code, -32602);
  assert.deepEqual(miss.error.data, { uri: 'model://no-such-model' });
  const badDate = await post('resources/read', { uri: 'changes://2026-13-45' });
  assert.equal(badDate.error.code, -32602);
  assert.equal(badDate.error.data.code, 'invalid_parameter');
  const sources = JSON.parse((await post('resources/read', { uri: 'sources://all' })).result.contents[0].text);
  assert.deepEqual(sources, (await app.inject({ method: 'GET', url: '/api/v1/sources' })).json());
  assert.equal((await post('resources/read', { uri: 'file:///etc/passwd' })).error.code, -32602);
});

test('completion/complete names model and hardware ids for templates and prompt arguments', async () => {
  const app = testApp();
  const post = async (params: unknown) => (await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: rpc('completion/complete', params) })).json();
  const models = await post({ ref: { type: 'ref/resource', uri: 'model://{model_id}' }, argument: { name: 'model_id', value: 'al' } });
  assert.deepEqual(models.result.completion, { values: ['alpha-7b'], total: 1, hasMore: false });
  const hardware = await post({ ref: { type: 'ref/prompt', name: 'self_host_check' }, argument: { name: 'hardware_id', value: 'rtx' } });
  assert.deepEqual(hardware.result.completion.values, ['rtx-4090']);
  const list = await post({ ref: { type: 'ref/prompt', name: 'compliance_compare' }, argument: { name: 'models', value: 'alpha-7b,be' } });
  assert.deepEqual(list.result.completion.values, ['alpha-7b,beta-70b'], 'a list completes its last element');
  const other = await post({ ref: { type: 'ref/prompt', name: 'choose_model' }, argument: { name: 'situation', value: 'x' } });
  assert.deepEqual(other.result.completion.values, []);
});

test('prompts: three workflows; compliance_compare carries each trust profile and counts one per model', async () => {
  const access = testAccess();
  const app = testApp({ access });
  const post = async (method: string, params?: unknown) =>
    (await app.inject({ method: 'POST', url: '/mcp', headers: HEADERS, payload: rpc(method, params) })).json();
  assert.deepEqual((await post('prompts/list')).result.prompts.map((p: { name: string }) => p.name), ['choose_model', 'self_host_check', 'compliance_compare']);
  const before = access.counted();
  const cmp = (await post('prompts/get', { name: 'compliance_compare', arguments: { models: 'alpha-7b, gamma-pro' } })).result;
  assert.equal(access.counted(), before + 2);
  assert.equal(cmp.messages.length, 3);
  const profile = cmp.messages[1].content.text as string;
  const rest = await app.inject({ method: 'GET', url: '/api/v1/trust/alpha-7b' });
  assert.ok(profile.endsWith(rest.body), 'the profile is the REST answer');
  assert.equal(access.counted(), before + 3, 'and the REST call counted');
  const host = (await post('prompts/get', { name: 'self_host_check', arguments: { model_id: 'alpha-7b', hardware_id: 'rtx-4090' } })).result;
  assert.match(host.messages[0].content.text, /models_for_hardware with hardware_id "rtx-4090"/);
  assert.equal(access.counted(), before + 4, 'a prompt that runs no operation counts once');
  const missing = await post('prompts/get', { name: 'choose_model', arguments: {} });
  assert.equal(missing.error.code, -32602);
  assert.match(missing.error.message, /needs the argument situation/);
  const unknownModel = await post('prompts/get', { name: 'compliance_compare', arguments: { models: 'alpha-7b,nope-nope' } });
  assert.equal(unknownModel.error.code, -32602);
  assert.equal(unknownModel.error.data.code, 'model_not_found');
});
