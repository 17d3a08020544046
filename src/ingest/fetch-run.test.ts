// Tests of the source fetch against a local server of recorded fixtures: 200, 304, 500, timeout, truncation, new format.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { create as tarCreate, list as tarList } from 'tar';
import { fileURLToPath } from 'node:url';
import { fetchSources, type FetchOptions } from './fetch-run.ts';
import { FETCH_PLANS } from './fetch-sources.ts';
import { MANIFEST, manifestText, materialise, readManifest, readSnapshotFile, REJECTED_DIR, sha256, type Manifest } from './snapshot-store.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(path.join(here, 'fixtures', 'fetch', name));
const curated = path.resolve(here, '../../data/curated');
const DEPRECATIONS = '/deprecations.info/v1/deprecations.json';
const OLD_NOTICES = Buffer.from('[]\n');

/** What the server answers per path; each handler sees the request (for its conditional headers). */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let routes = new Map<string, Handler>();
const hits = new Map<string, number>();
let server: Server;
let base: string;

before(async () => {
  server = createServer((req, res) => {
    const p = (req.url ?? '').split('?')[0];
    hits.set(p, (hits.get(p) ?? 0) + 1);
    const h = routes.get(p);
    if (h) h(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => { server.closeAllConnections(); server.close(); });

/** A store holding a deprecations snapshot (an empty notice list, retrieved 2026-07-24) and a litellm one. */
function aStore(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-fetch-test-'));
  mkdirSync(path.join(dir, 'deprecations-rss'));
  writeFileSync(path.join(dir, 'deprecations-rss', 'deprecations.json'), OLD_NOTICES);
  mkdirSync(path.join(dir, 'litellm-via-rocry'));
  const oldPrices = fixture('litellm-model-prices.json');
  const head = Buffer.from('2222222222222222222222222222222222222222 2026-07-24T18:23:43+00:00\n');
  writeFileSync(path.join(dir, 'litellm-via-rocry', 'model_prices_and_context_window-2026-07-24.json'), oldPrices);
  writeFileSync(path.join(dir, 'litellm-via-rocry', 'HEAD_COMMIT.txt'), head);
  const m: Manifest = {
    schema_version: 1,
    sources: {
      'deprecations-rss': { origin: 'https://deprecations.info/v1/', licence: 'MIT', retrieved: '2026-07-24',
        files: [{ path: 'deprecations.json', bytes: OLD_NOTICES.length, sha256: sha256(OLD_NOTICES) }] },
      'litellm-via-rocry': { origin: 'https://github.com/BerriAI/litellm', licence: 'MIT', retrieved: '2026-07-24', files: [
        { path: 'HEAD_COMMIT.txt', bytes: head.length, sha256: sha256(head) },
        { path: 'model_prices_and_context_window-2026-07-24.json', bytes: oldPrices.length, sha256: sha256(oldPrices) },
      ] },
    },
  };
  writeFileSync(path.join(dir, MANIFEST), manifestText(m));
  return dir;
}

function opts(store: string, extra: Partial<FetchOptions> = {}): FetchOptions {
  return { storeDir: store, curatedDir: curated, baseUrl: base, timeoutMs: 2_000, retries: 2, backoffMs: 10, today: '2026-11-25', only: 'deprecations-rss', ...extra };
}

const serve = (body: Buffer, headers: Record<string, string> = {}): Handler => (_req, res) => res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(body);

test('a new download becomes the snapshot, dated today, with its validators; the next fetch sends them and a 304 changes nothing', async () => {
  const store = aStore();
  const notices = fixture('deprecations.json');
  let conditional: string | undefined;
  routes = new Map([[DEPRECATIONS, (req, res) => {
    conditional = req.headers['if-none-match'] as string | undefined;
    if (conditional === '"v2"') res.writeHead(304).end();
    else serve(notices, { etag: '"v2"', 'last-modified': 'Tue, 24 Nov 2026 08:00:00 GMT' })(req, res);
  }]]);
  const [first] = await fetchSources(opts(store));
  assert.equal(first.status, 'updated', first.detail);
  const entry = readManifest(store).sources['deprecations-rss'];
  assert.equal(entry.retrieved, '2026-11-25');
  assert.deepEqual(entry.http?.['https://deprecations.info/v1/deprecations.json'], { etag: '"v2"', last_modified: 'Tue, 24 Nov 2026 08:00:00 GMT' });
  assert.deepEqual(readSnapshotFile(path.join(store, 'deprecations-rss'), entry.files[0]), notices);
  // The build reads the new notices (three, from the recorded file).
  const plain = materialise(store, mkdtempSync(path.join(os.tmpdir(), 'mds-cache-')));
  assert.equal(JSON.parse(readFileSync(path.join(plain, 'deprecations-rss', 'deprecations.json'), 'utf8')).length, 3);

  const before = readFileSync(path.join(store, MANIFEST));
  const [second] = await fetchSources(opts(store, { today: '2026-11-26' }));
  assert.equal(conditional, '"v2"');
  assert.equal(second.status, 'unchanged');
  assert.deepEqual(readFileSync(path.join(store, MANIFEST)), before);
});

test('a server error is retried with backoff, and a persistent one leaves the last good snapshot', async () => {
  const store = aStore();
  const before = readFileSync(path.join(store, MANIFEST));
  hits.clear();
  routes = new Map([[DEPRECATIONS, (_req, res) => res.writeHead(500).end('upstream broke')]]);
  const [r] = await fetchSources(opts(store));
  assert.equal(r.status, 'failed');
  assert.match(r.detail, /HTTP 500 \(after 3 attempts\)/);
  assert.equal(hits.get(DEPRECATIONS), 3);
  assert.deepEqual(readFileSync(path.join(store, MANIFEST)), before);
  assert.deepEqual(readFileSync(path.join(store, 'deprecations-rss', 'deprecations.json')), OLD_NOTICES);

  // One failure then a good answer: the retry recovers it.
  let n = 0;
  routes = new Map([[DEPRECATIONS, (req, res) => (n++ === 0 ? res.writeHead(503).end() : serve(fixture('deprecations.json'))(req, res))]]);
  const [again] = await fetchSources(opts(store));
  assert.equal(again.status, 'updated', again.detail);
});

test('a server that never answers times out, and the snapshot stays', async () => {
  const store = aStore();
  routes = new Map([[DEPRECATIONS, () => { /* never answers */ }]]);
  const t0 = Date.now();
  const [r] = await fetchSources(opts(store, { timeoutMs: 150, retries: 1 }));
  assert.equal(r.status, 'failed');
  assert.match(r.detail, /timed out after 150 ms/);
  assert.ok(Date.now() - t0 < 5_000, 'two attempts of 150 ms, not a hang');
  assert.deepEqual(readFileSync(path.join(store, 'deprecations-rss', 'deprecations.json')), OLD_NOTICES);
});

test('a body cut off before its declared length is not taken', async () => {
  const store = aStore();
  const full = fixture('deprecations.json');
  routes = new Map([[DEPRECATIONS, (_req, res) => {
    res.writeHead(200, { 'content-length': String(full.length) });
    res.write(full.subarray(0, 100));
    setTimeout(() => res.destroy(), 20);
  }]]);
  const [r] = await fetchSources(opts(store, { retries: 0 }));
  assert.equal(r.status, 'failed', r.detail);
  // undici reports the early close as `terminated`; a body short of Content-Length is refused by length.
  assert.match(r.detail, /terminated|truncated|other side closed/);
  assert.equal(readManifest(store).sources['deprecations-rss'].retrieved, '2026-07-24');
  assert.deepEqual(readFileSync(path.join(store, 'deprecations-rss', 'deprecations.json')), OLD_NOTICES);
});

test('a download in a changed format fails the adapter schema and is kept aside with the reason', async () => {
  const store = aStore();
  routes = new Map([[DEPRECATIONS, serve(fixture('deprecations-changed-format.json'))]]);
  const [r] = await fetchSources(opts(store));
  assert.equal(r.status, 'rejected', r.detail);
  const kept = path.join(store, REJECTED_DIR, 'deprecations-rss');
  const [attempt] = readdirSync(kept);
  assert.match(attempt, /^2026-11-25-/);
  assert.deepEqual(readFileSync(path.join(kept, attempt, 'deprecations.json')), fixture('deprecations-changed-format.json'));
  assert.match(readFileSync(path.join(kept, attempt, 'REASON.txt'), 'utf8'), /deprecations-rss/);
  assert.deepEqual(readFileSync(path.join(store, 'deprecations-rss', 'deprecations.json')), OLD_NOTICES);
  assert.equal(readManifest(store).sources['deprecations-rss'].retrieved, '2026-07-24');
});

test('litellm: the newest commit of the price file names and dates the snapshot, which replaces the older copy', async () => {
  const store = aStore();
  const prices = fixture('litellm-model-prices.json');
  const changed = Buffer.from(prices.toString('utf8').replace('"input_cost_per_token": 2.5e-06', '"input_cost_per_token": 2e-06'));
  assert.notDeepEqual(changed, prices, 'the fixture edit applies');
  routes = new Map<string, Handler>([
    ['/api.github.com/repos/BerriAI/litellm/commits', serve(fixture('litellm-commits.json'), { etag: '"c1"' })],
    ['/raw.githubusercontent.com/BerriAI/litellm/1111111111111111111111111111111111111111/model_prices_and_context_window.json', serve(changed)],
  ]);
  const [r] = await fetchSources(opts(store, { only: 'litellm-via-rocry' }));
  assert.equal(r.status, 'updated', r.detail);
  const entry = readManifest(store).sources['litellm-via-rocry'];
  assert.deepEqual(entry.files.map((f) => f.path), ['HEAD_COMMIT.txt', 'model_prices_and_context_window-2026-11-24.json']);
  assert.equal(readSnapshotFile(path.join(store, 'litellm-via-rocry'), entry.files[0]).toString(), '1111111111111111111111111111111111111111 2026-11-24T10:00:00Z\n');
  assert.ok(!existsSync(path.join(store, 'litellm-via-rocry', 'model_prices_and_context_window-2026-07-24.json')));
  assert.deepEqual(entry.http, { 'https://api.github.com/repos/BerriAI/litellm/commits?path=model_prices_and_context_window.json&per_page=1': { etag: '"c1"' } });
});

/** A .tar.gz of `files` (path -> text) under `cwd`-relative roots. */
async function targz(files: Record<string, string>, roots: string[]): Promise<Buffer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mds-tar-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    writeFileSync(path.join(dir, p), text);
  }
  await tarCreate({ gzip: true, cwd: dir, portable: true, file: path.join(dir, 'out.tgz') }, roots);
  return readFileSync(path.join(dir, 'out.tgz'));
}

test('models.dev: the archive of the newest commit is cut to the TOML catalogue the adapter reads', async () => {
  const store = aStore();
  const provider = 'name = "Acme Cloud"\nenv = ["ACME_API_KEY"]\nnpm = "@ai-sdk/openai-compatible"\ndoc = "https://acme.example"\n';
  const model = 'name = "acme-1"\nrelease_date = "2026-01-01"\nlast_updated = "2026-01-01"\nattachment = false\nreasoning = false\n'
    + 'temperature = true\ntool_call = true\nopen_weights = false\n\n[cost]\ninput = 1.000\noutput = 2.000\n\n[limit]\ncontext = 128_000\noutput = 8_192\n\n'
    + '[modalities]\ninput = ["text"]\noutput = ["text"]\n';
  const old = await targz({ 'providers/acme/provider.toml': provider, 'providers/acme/models/acme-1.toml': model }, ['providers']);
  const head = Buffer.from('2222222222222222222222222222222222222222 2026-07-02T00:40:28+08:00\n');
  mkdirSync(path.join(store, 'models.dev'));
  writeFileSync(path.join(store, 'models.dev', 'models.dev-toml-HEAD-2026-07-02.tar.gz'), old);
  writeFileSync(path.join(store, 'models.dev', 'HEAD_COMMIT.txt'), head);
  const m = readManifest(store);
  m.sources['models.dev'] = { origin: 'https://github.com/anomalyco/models.dev', licence: 'MIT', retrieved: '2026-07-02', files: [
    { path: 'HEAD_COMMIT.txt', bytes: head.length, sha256: sha256(head) },
    { path: 'models.dev-toml-HEAD-2026-07-02.tar.gz', bytes: old.length, sha256: sha256(old) },
  ] };
  writeFileSync(path.join(store, MANIFEST), manifestText(m));
  // What GitHub serves: everything under a `<repo>-<sha>/` folder, web code and docs included.
  const sha = '3333333333333333333333333333333333333333';
  const upstream = await targz({
    [`models.dev-${sha}/providers/acme/provider.toml`]: provider,
    [`models.dev-${sha}/providers/acme/models/acme-1.toml`]: model.replace('input = 1.000', 'input = 0.500'),
    [`models.dev-${sha}/README.md`]: '# models.dev\n',
    [`models.dev-${sha}/packages/web/index.ts`]: 'export {};\n',
  }, [`models.dev-${sha}`]);
  routes = new Map<string, Handler>([
    ['/api.github.com/repos/anomalyco/models.dev/commits', serve(Buffer.from(JSON.stringify([{ sha, commit: { committer: { date: '2026-11-24T09:00:00Z' } } }])))],
    [`/codeload.github.com/anomalyco/models.dev/tar.gz/${sha}`, serve(upstream, { 'content-type': 'application/gzip' })],
  ]);
  const [r] = await fetchSources(opts(store, { only: 'models.dev' }));
  assert.equal(r.status, 'updated', r.detail);
  const entry = readManifest(store).sources['models.dev'];
  assert.deepEqual(entry.files.map((f) => f.path), ['HEAD_COMMIT.txt', 'models.dev-toml-HEAD-2026-11-24.tar.gz']);
  const entries: string[] = [];
  const archive = path.join(mkdtempSync(path.join(os.tmpdir(), 'mds-got-')), 'a.tgz');
  writeFileSync(archive, readSnapshotFile(path.join(store, 'models.dev'), entry.files[1]));
  await tarList({ file: archive, onReadEntry: (e) => { if (e.type === 'File') entries.push(e.path); } });
  assert.deepEqual(entries.sort(), ['providers/acme/models/acme-1.toml', 'providers/acme/provider.toml']);
});

test('the table fetches every source the brief names from its public origin', () => {
  assert.deepEqual(FETCH_PLANS.map((p) => p.folder).sort(), [
    'deprecations-rss', 'epoch-ml-hardware', 'fmti', 'genai-prices', 'hf-tasks-hardware', 'litellm-via-rocry', 'lmarena-daily-2026', 'models.dev', 'skypilot-catalog',
  ]);
  const stored = Object.keys(readManifest(path.resolve(here, '../../data/sources')).sources);
  for (const p of FETCH_PLANS) assert.ok(stored.includes(p.folder), `${p.folder} has a snapshot in data/sources`);
});

test('an unknown --source is refused by name', async () => {
  await assert.rejects(fetchSources(opts(aStore(), { only: 'nope' })), /unknown source nope/);
});
