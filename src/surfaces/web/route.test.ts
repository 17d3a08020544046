// The pages over HTTP (inject, committed dataset): negotiation, one counted request per page, cache, size, errors.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildApp } from '../../app.ts';
import { CACHE_PRIVATE, CACHE_PUBLIC } from '../rest/http.ts';
import { servedDataset, testAccess, testConfig } from '../../../test/helpers.ts';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const { dataset, committed } = servedDataset();
const access = testAccess({ keys: { 'pro-key': 'pro' } });
const app = buildApp({ config: testConfig(), dataset, access, today: () => '2026-10-01' });
after(() => app.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: BROWSER, ...headers } });

test('a browser gets the home page as HTML with the strict CSP; an API client gets the 404 problem it got before', async () => {
  const html = await page('/');
  assert.equal(html.statusCode, 200);
  assert.match(String(html.headers['content-type']), /^text\/html/);
  assert.match(String(html.headers['content-security-policy']), /default-src 'none'; style-src 'self'; script-src 'self'/);
  assert.match(html.body, /<form class="search" action="\/models" method="get"/);
  for (const accept of ['application/json', '*/*', undefined]) {
    const res = await app.inject({ method: 'GET', url: '/', headers: accept ? { accept } : {} });
    assert.equal(res.statusCode, 404, `accept ${accept}`);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    assert.equal(JSON.parse(res.body).code, 'not_found');
    assert.match(String(res.headers.link), /<\/api\/v1>; rel="service-desc"/);
  }
});

test('API routes are untouched: JSON at /api/v1 even when the client prefers HTML', async () => {
  const res = await page('/api/v1/models/gpt-4o');
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  assert.equal(JSON.parse(res.body).id, 'gpt-4o');
});

test('a page counts one request however many operations it runs (the model sheet runs four)', async () => {
  const before = access.counted();
  assert.equal((await page('/models/deepseek-v3')).statusCode, 200);
  assert.equal(access.counted() - before, 1);
});

test('a page is served from the cache the second time, with the same bytes and ETag, and 304 on revalidation', async () => {
  const a = await page('/models/gpt-4o');
  const b = await page('/models/gpt-4o');
  assert.equal(a.body, b.body);
  assert.equal(a.headers.etag, b.headers.etag);
  const c = await page('/models/gpt-4o', { 'if-none-match': String(a.headers.etag) });
  assert.equal(c.statusCode, 304);
});

test('every page is under 60 KB of HTML', async () => {
  const urls = ['/', '/models', '/models?q=llama', '/models/llama-3.3-70b-instruct', '/models/gpt-4o', '/models/deepseek-v3',
    '/compare?models=gpt-4o,deepseek-v3', '/hardware', '/hardware/rtx-4090', '/hardware/h100-80gb-x8', '/cost/llama-3.3-70b-instruct',
    '/podium', '/changes', '/trust/gpt-4o'];
  for (const url of urls) {
    const res = await page(url);
    assert.equal(res.statusCode, 200, url);
    assert.ok(res.rawPayload.length < 60 * 1024, `${url}: ${res.rawPayload.length} bytes`);
  }
});

test('the hardware list gives the rent in an EU region, naming the provider and region', async () => {
  const res = await page('/hardware');
  assert.match(res.body, /<th scope="col">Rent in an EU region \(per hour\)<\/th>/);
  // The committed catalogue: one H100 SXM rents cheapest at Nebius, gpu-h100-sxm_1gpu-16vcpu-200gb, 2.95 USD an hour in
  // eu-north1 (SkyPilot's catalogue, nebius-vms.csv, read 2026-11-21): its rental is itself in an EU region.
  assert.match(res.body, /title="nebius gpu-h100-sxm_1gpu-16vcpu-200gb in eu-north1, as of 2026-11-21">\$2\.95</);
});

test('an unknown model shows a 404 page linking the ids the API suggests', async () => {
  const res = await page('/models/lama-3.3-70b-instrukt');
  assert.equal(res.statusCode, 404);
  assert.match(String(res.headers['content-type']), /^text\/html/);
  // The API's suggestions for this id (GET /api/v1/models/lama-3.3-70b-instrukt) begin with the real id.
  assert.match(res.body, /<a\s+href="\/models\/llama-3\.3-70b-instruct">llama-3\.3-70b-instruct<\/a>/);
});

test('a bad parameter shows a 400 page naming it and what is allowed', async () => {
  const res = await page('/cost/llama-3.3-70b-instruct?tokens_millions=-5');
  assert.equal(res.statusCode, 400);
  assert.match(res.body, /<code>tokens_millions<\/code>/);
  assert.match(res.body, /allowed: /);
});

test('hostile text in a query is escaped, never markup', async () => {
  const res = await page('/models?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
  assert.equal(res.statusCode, 200);
  assert.ok(!res.body.includes('<script>alert(1)'));
  assert.ok(res.body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
});

test('the machine form redirects to that machine\'s page without counting a request', async () => {
  const before = access.counted();
  const res = await page('/hardware?machine=2x%203090&context=32768');
  assert.equal(res.statusCode, 303);
  assert.equal(res.headers.location, '/hardware/2x%203090?context=32768');
  assert.equal(access.counted(), before);
});

test('a pro key gets per-fact sources in the hover titles and a private cache; anonymous pages name the sources once', async () => {
  const anon = await page('/models/gpt-4o');
  const pro = await page('/models/gpt-4o', { 'x-api-key': 'pro-key' });
  assert.equal(anon.headers['cache-control'], CACHE_PUBLIC);
  assert.equal(pro.headers['cache-control'], CACHE_PRIVATE);
  assert.match(String(pro.headers.vary), /authorization/, 'a Bearer key makes the page too');
  assert.ok(!/title="as of [0-9-]+ · source: /.test(anon.body));
  assert.match(pro.body, /title="as of [0-9-]+ · source: [a-z]/);
  assert.match(anon.body, /Data: Model Data Service/);
  const bad = await page('/', { 'x-api-key': 'nope' });
  assert.equal(bad.statusCode, 401);
  assert.match(String(bad.headers['content-type']), /^text\/html/);
});

test('the stylesheet and script are served from this origin with a validator', async () => {
  const css = await app.inject({ method: 'GET', url: '/assets/style.css' });
  assert.equal(css.statusCode, 200);
  assert.match(String(css.headers['content-type']), /^text\/css/);
  assert.match(css.body, /prefers-color-scheme: dark/);
  const js = await app.inject({ method: 'GET', url: '/assets/app.js' });
  assert.match(String(js.headers['content-type']), /^text\/javascript/);
  assert.ok(js.headers.etag);
});

test('a machine too small for any model says what would fit and links the shorter context', { skip: !committed }, async () => {
  // 2 GB x 2/3 = 1.43 GB usable: nothing fits at 8,192 tokens, Gemma 3 1B at 4,096 (ops/models-for-hardware-nearest.test.ts).
  const res = await page('/hardware/2GB%20RAM');
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /No assessable model fits at 8,192 tokens: the least memory any of them needs here is 1\.62 GB/);
  assert.match(res.body, /<a\s+href="\?context=4096">Show 4,096 tokens<\/a>/);
});
