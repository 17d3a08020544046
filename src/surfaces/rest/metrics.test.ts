// /metrics: Prometheus text with request counts by operation, surface, tier and status, cache hits and misses, the
// dataset's age; open to loopback or METRICS_TOKEN only, and never counted against a quota.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testAccess, testApp, testConfig } from '../../../test/helpers.ts';
import { createMetrics } from './metrics.ts';

const TOKEN = 'a-long-metrics-token-0123456789';
const PRO = 'pro-key';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test('counts requests by operation, surface, tier and status, and cache hits and misses', async () => {
  const access = testAccess({ keys: { [PRO]: 'pro' } });
  const metrics = createMetrics({ defaultMetrics: false });
  const a = testApp({ access, metrics });
  await a.inject({ url: '/api/v1/models/alpha-7b' });
  await a.inject({ url: '/api/v1/models/alpha-7b' });
  await a.inject({ url: '/api/v1/models/alpha-7b', headers: { 'x-api-key': PRO } });
  await a.inject({ url: '/api/v1/models/nope-1b' });
  await a.inject({ url: '/api/v1/models/alpha-7b', headers: { 'x-api-key': 'mds_pro_forged' } });
  await a.inject({
    method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_model', arguments: { model_id: 'alpha-7b' } } },
  });
  const counted = access.counted();
  const r = await a.inject({ url: '/metrics' });
  assert.equal(r.statusCode, 200);
  assert.match(String(r.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  assert.equal(access.counted(), counted, '/metrics is not counted against any quota');
  const t = r.body;
  assert.equal(sample(t, 'mds_requests_total{surface="rest",operation="get_model",tier="anonymous",status="200"}'), 2);
  assert.equal(sample(t, 'mds_requests_total{surface="rest",operation="get_model",tier="pro",status="200"}'), 1);
  assert.equal(sample(t, 'mds_requests_total{surface="rest",operation="get_model",tier="anonymous",status="404"}'), 1);
  assert.equal(sample(t, 'mds_requests_total{surface="rest",operation="get_model",tier="pro",status="401"}'), 1, 'the tier the key claims, refused');
  assert.equal(sample(t, 'mds_requests_total{surface="mcp",operation="get_model",tier="anonymous",status="200"}'), 1);
  assert.equal(sample(t, 'mds_request_duration_seconds_count{surface="rest",operation="get_model"}'), 5);
  // Lookups: anonymous miss, anonymous miss again (a REST answer is kept from its second ask), pro miss (a full
  // answer is another entry), MCP anonymous hit; the unknown model fails in the handler after its miss.
  assert.equal(sample(t, 'mds_response_cache_lookups_total{result="hit"}'), 1);
  assert.equal(sample(t, 'mds_response_cache_lookups_total{result="miss"}'), 4);
  assert.equal(sample(t, 'mds_dataset_info{data_as_of="2026-08-01",schema_version="1"}'), 1);
  assert.equal(sample(t, 'mds_limiter_fallback_total'), 0);
  await a.close();
});

test('dataset age in days from data_as_of to now', async () => {
  // 2026-08-01T00:00Z to 2026-08-11T12:00Z: ten and a half days.
  const metrics = createMetrics({ defaultMetrics: false, now: () => Date.parse('2026-08-11T12:00:00Z') });
  const a = testApp({ metrics });
  const t = (await a.inject({ url: '/metrics' })).body;
  assert.equal(sample(t, 'mds_dataset_age_days'), 10.5);
  await a.close();
});

test('limiter fallbacks: requests counted while the limiter runs on its in-memory fallback', async () => {
  const access = { ...testAccess(), health: () => ({ status: 'degraded' as const, details: { limiter: 'memory-fallback' } }) };
  const metrics = createMetrics({ defaultMetrics: false });
  const a = testApp({ access, metrics });
  await a.inject({ url: '/api/v1/models/alpha-7b' });
  await a.inject({ url: '/api/v1/models' });
  const t = (await a.inject({ url: '/metrics' })).body;
  assert.equal(sample(t, 'mds_limiter_fallback_total'), 2);
  assert.equal(sample(t, 'mds_limiter_mode{mode="memory-fallback"}'), 1);
  await a.close();
});

test('access: loopback yes; elsewhere 404 without a token, 403 with a wrong one, 200 with the right Bearer', async () => {
  const away = { remoteAddress: '203.0.113.9' };
  const open = testApp();
  assert.equal((await open.inject({ url: '/metrics', ...away })).statusCode, 404);
  await open.close();

  const guarded = testApp({ config: testConfig({ METRICS_TOKEN: TOKEN }) });
  assert.equal((await guarded.inject({ url: '/metrics' })).statusCode, 200, 'loopback needs no token');
  assert.equal((await guarded.inject({ url: '/metrics', ...away })).statusCode, 403);
  const wrong = await guarded.inject({ url: '/metrics', ...away, headers: { authorization: `Bearer ${TOKEN}x` } });
  assert.equal(wrong.statusCode, 403);
  assert.equal(wrong.json().code, 'forbidden');
  const right = await guarded.inject({ url: '/metrics', ...away, headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(right.statusCode, 200);
  assert.equal(right.headers['cache-control'], 'no-store');
  await guarded.close();
});

test('a forwarded client is not loopback: behind a trusted proxy on this host, /metrics stays closed', async () => {
  const a = testApp({ config: testConfig({ TRUST_PROXY: '127.0.0.1' }) });
  const r = await a.inject({ url: '/metrics', headers: { 'x-forwarded-for': '198.51.100.7' } });
  assert.equal(r.statusCode, 404);
  await a.close();
});

test('METRICS_TOKEN shorter than 16 characters stops the start', () => {
  assert.throws(() => testConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN/);
});
