// Compression and metrics costs: `npx tsx bench/compression.ts [--rounds 3] [--round 3] [--connections 50]`.
// The model sheet with and without Accept-Encoding (req/s, p99, bytes), every export's size per coding, and what
// the per-request metrics work and a /metrics scrape cost. Prints figures; never a test.
import { parseArgs } from 'node:util';
import { createMetrics } from '../src/surfaces/rest/metrics.ts';
import { runAutocannon, type LoadResult } from './lib/autocannon.ts';
import { isMain } from './lib/main.ts';
import { fmt, fmtInt, renderTable } from './lib/table.ts';
import { startService } from './servers/service.ts';

/** The largest model sheet in the committed dataset (117 KB full, 107 KB partial when measured). */
const SHEET = '/api/v1/models/deepseek-v3.2';
const CODINGS = [['(none)', undefined], ['gzip', 'gzip'], ['br', 'br'], ['gzip, deflate, br (a browser)', 'gzip, deflate, br']] as const;
const EXPORTS = [
  'models.ndjson', 'models.csv', 'offers.ndjson', 'offers.csv', 'ratings.csv', 'hardware.csv',
  'changes.ndjson', 'changes.csv', 'dataset.json',
];

async function bytesOf(url: string, headers: Record<string, string>): Promise<{ bytes: number; ms: number; encoding: string }> {
  const t = performance.now();
  // Node's fetch decodes bodies: count the wire bytes from content-length (set on every answer measured here). It
  // also asks for gzip unless told otherwise: no coding asked is sent as `identity`.
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  await res.arrayBuffer();
  const encoding = res.headers.get('content-encoding') ?? 'identity';
  return { bytes: Number(res.headers.get('content-length')), ms: performance.now() - t, encoding };
}

function metricsCost(): number {
  const m = createMetrics({ defaultMetrics: true });
  const ops = ['get_model', 'search_models', 'estimate_cost', 'get_model_changes'];
  const n = 200_000;
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    // What the onResponse hook does per request: one counter increment and one histogram observation.
    const operation = ops[i & 3]!;
    m.requests.inc({ surface: 'rest', operation, tier: 'anonymous', status: '200' });
    m.duration.observe({ surface: 'rest', operation }, 0.0004);
  }
  const perRequestUs = ((performance.now() - t) * 1000) / n;
  return perRequestUs;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' }, round: { type: 'string', default: '3' }, connections: { type: 'string', default: '50' },
    },
  });
  const rounds = Number(values.rounds);
  const roundSec = Number(values.round);
  const connections = Number(values.connections);
  const service = await startService({ logLevel: 'warn' });
  try {
    const key = { 'x-api-key': service.apiKey };
    const rows: (string | number)[][] = [];
    const results = new Map<string, LoadResult[]>();
    for (const [, enc] of CODINGS) await bytesOf(service.url + SHEET, { ...key, ...(enc ? { 'accept-encoding': enc } : {}) });
    // Rounds taken in turn, so that a burst of other work on the shared machine does not land on one coding only.
    for (let r = 0; r < rounds; r++) {
      for (const [name, enc] of CODINGS) {
        const headers = { ...key, ...(enc ? { 'accept-encoding': enc } : {}) };
        const res = await runAutocannon({ url: service.url + SHEET, method: 'GET', headers, connections, durationSec: roundSec });
        results.set(name, [...(results.get(name) ?? []), res]);
      }
    }
    for (const [name, enc] of CODINGS) {
      const runs = [...results.get(name)!].sort((a, b) => a.rps - b.rps);
      const mid = runs[Math.floor((runs.length - 1) / 2)]!;
      const b = await bytesOf(service.url + SHEET, { ...key, ...(enc ? { 'accept-encoding': enc } : {}) });
      rows.push([name, b.encoding, fmtInt(b.bytes), fmtInt(mid.rps), fmt(mid.p99, 0), fmtInt(mid.non2xx)]);
    }
    process.stdout.write(`\n== model sheet ${SHEET} (pro key, ${connections} connections, median of ${rounds} x ${roundSec} s) ==\n`);
    process.stdout.write(`${renderTable(['Accept-Encoding', 'sent as', 'bytes', 'req/s', 'p99 ms', 'non-2xx'], rows)}\n`);

    const exportRows: (string | number)[][] = [];
    for (const file of EXPORTS) {
      const url = `${service.url}/api/v1/export/${file}`;
      const first = await bytesOf(url, { ...key, 'accept-encoding': 'gzip' });
      const gz = await bytesOf(url, { ...key, 'accept-encoding': 'gzip' });
      const id = await bytesOf(url, key);
      const br1 = await bytesOf(url, { ...key, 'accept-encoding': 'br' });
      const br = await bytesOf(url, { ...key, 'accept-encoding': 'br' });
      exportRows.push([
        file, fmtInt(id.bytes), fmtInt(gz.bytes), fmtInt(br.bytes), fmt(first.ms, 0), fmt(br1.ms, 0), fmt(gz.ms, 1), fmt(id.ms, 0),
      ]);
    }
    process.stdout.write('\n== exports (pro tier: full provenance) ==\n');
    const columns = ['export', 'identity B', 'gzip B', 'br B', '1st gzip ms', '1st br ms', 'gzip ms', 'identity ms'];
    process.stdout.write(`${renderTable(columns, exportRows)}\n`);

    const scrape: number[] = [];
    for (let i = 0; i < 20; i++) scrape.push((await bytesOf(`${service.url}/metrics`, {})).ms);
    scrape.sort((a, b) => a - b);
    const cost = metricsCost();
    process.stdout.write('\n== metrics ==\n');
    process.stdout.write(`per request (counter inc + histogram observe, in-process, 200k calls): ${cost.toFixed(2)} us\n`);
    process.stdout.write(`GET /metrics scrape after the runs above: median ${scrape[10]!.toFixed(1)} ms\n`);
  } finally {
    await service.stop();
  }
}

if (isMain(import.meta.url)) await main();
