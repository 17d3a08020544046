// Cold load generator: autocannon sending a list of distinct requests in order, one per request, in its own process.
// Usage: node bench/lib/cold-cannon.ts <spec.json>; the spec names a file of requests, one "METHOD\tPATH\tBODY" a line.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { isMain } from './main.ts';
import type { LoadResult } from './autocannon.ts';

export type ColdSpec = {
  url: string;
  connections: number;
  durationSec: number;
  headers: Record<string, string>;
  /** A file of requests, one a line: method, path and body (may be empty) separated by tabs. */
  requestsFile: string;
};

/** The load figures of bench/lib/autocannon.ts, and how far into the list of distinct requests the run went. */
export type ColdLoadResult = LoadResult & {
  /** Requests taken from the list; when the list ran out, it started again (`wrapped`) and inputs repeated. */
  used: number;
  wrapped: boolean;
};

type Line = { method: string; path: string; body: string | undefined };

function readLines(file: string): Line[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => {
    const [method, path, body] = l.split('\t');
    return { method, path, body: body ? body : undefined };
  });
}

async function run(spec: ColdSpec): Promise<ColdLoadResult> {
  const lines = readLines(spec.requestsFile);
  let next = 0;
  let wrapped = false;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.durationSec,
    headers: spec.headers,
    // One shared counter for every connection: each request takes the next line, so no input is sent twice.
    requests: [{
      setupRequest: (req: Record<string, unknown>) => {
        if (next === lines.length) {
          next = 0;
          wrapped = true;
        }
        const l = lines[next++];
        return { ...req, method: l.method, path: l.path, body: l.body };
      },
    }],
  });
  return {
    rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max,
    total: result.requests.total, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, used: next + (wrapped ? lines.length : 0), wrapped,
  };
}

if (isMain(import.meta.url)) {
  const spec = JSON.parse(readFileSync(process.argv[2], 'utf8')) as ColdSpec;
  run(spec).then((r) => process.stdout.write(`${JSON.stringify(r)}\n`), (err: unknown) => {
    process.stderr.write(`cold-cannon: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
