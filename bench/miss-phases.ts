// Where a cold REST miss goes in process, phase by phase: the URL's query parsed and coerced, validated (zod), the
// response cache's key, the handler, the writer (prepareAnswer) and the ETag, each timed in CPU (process.cpuUsage
// around it, about 1 us a phase of its own). The executor's steps as the REST route makes them, without HTTP, at the
// full tier, every call a miss (no response cache).
// Usage: node --import tsx bench/miss-phases.ts [operation[,operation]] [calls] [--tree DIR]
// --tree DIR: another checkout's modules (its own validate, query and executor), to compare two trees in turn.
import path from 'node:path';
import { parse as parseQuery } from 'node:querystring';

const argv = process.argv.slice(2);
const treeAt = argv.indexOf('--tree');
const tree = treeAt >= 0 ? path.resolve(argv.splice(treeAt, 2)[1]) : path.resolve(import.meta.dirname, '..');
const [opsArg = 'models_for_hardware,estimate_cost', callsArg] = argv;
const calls = Number(callsArg ?? 3000);
const load = async (p: string) => import(path.join(tree, p));
const { DEFAULT_DATA_DIR } = await load('src/config/env.ts');
const { OPERATION_BY_NAME } = await load('src/ops/registry.ts');
const { prepareAnswer } = await load('src/surfaces/execute.ts');
const { validateInput } = await load('src/surfaces/validate.ts');
const { coerceQuery } = await load('src/surfaces/rest/query.ts');
const { restUrl, routePattern } = await load('src/surfaces/rest/url.ts');
const { keyEtag } = await load('src/surfaces/answer-identity.ts');
const { coldStreams } = await load('bench/cold-inputs.ts');
const { datasetDataAtScale, freshDataset, readRawDataset } = await load('bench/synthetic.ts');

const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const streams = coldStreams(ds);
const us = (a: NodeJS.CpuUsage) => a.user + a.system;
for (const name of opsArg.split(',')) {
  const op = OPERATION_BY_NAME.get(name);
  const stream = streams[name];
  const phases = { query: 0, validate: 0, key: 0, handler: 0, writer: 0, etag: 0 };
  const urls: string[] = [];
  for (let i = 0; i < 2 * calls; i++) urls.push(restUrl(op, stream.input(5000 + i)));
  // Path parameters by the route's pattern (`/api/v1/hardware/:hardware_id/models`), decoded as the router does.
  const names = [...routePattern(op).matchAll(/:([a-z_][a-z0-9_]*)/g)].map((m) => m[1]);
  const shape = new RegExp(`^${routePattern(op).replace(/:[a-z_][a-z0-9_]*/g, '([^/?]*)')}(?:\\?|$)`);
  const params = (u: string): Record<string, string> => {
    const m = shape.exec(u)!;
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
  };
  // Two passes of new inputs: the first warms the code and the per-dataset parts, the second is reported.
  for (let pass = 0; pass < 2; pass++) {
    for (const k of Object.keys(phases)) phases[k as keyof typeof phases] = 0;
    for (let i = pass * calls; i < (pass + 1) * calls; i++) {
      const u = urls[i];
      let t = process.cpuUsage();
      const raw = coerceQuery(op, parseQuery(u.slice(u.indexOf('?') + 1)) as Record<string, string>, params(u));
      phases.query += us(process.cpuUsage(t)); t = process.cpuUsage();
      const input = validateInput(op, raw);
      phases.validate += us(process.cpuUsage(t)); t = process.cpuUsage();
      const key = `${op.name}\u0000f\u00002026-11-27\u0000${JSON.stringify(input)}`;
      phases.key += us(process.cpuUsage(t)); t = process.cpuUsage();
      const result = op.handler(ds, input, { today: '2026-11-27' });
      phases.handler += us(process.cpuUsage(t)); t = process.cpuUsage();
      const p = prepareAnswer(op, result, ds, true, 'http://localhost');
      phases.writer += us(process.cpuUsage(t)); t = process.cpuUsage();
      keyEtag('identity', key);
      phases.etag += us(process.cpuUsage(t));
      void p;
    }
  }
  const row = Object.entries(phases).map(([k, v]) => `${k} ${(v / calls).toFixed(1)}`).join(', ');
  process.stdout.write(`${name} (${path.basename(tree)}), us a call over ${calls} cold inputs: ${row}\n`);
}
