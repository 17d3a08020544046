// `npm run data:fetch [-- --source NAME]`: downloads each source from its public origin into a new dated snapshot.
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { fetchSources } from '../src/ingest/fetch-run.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<number> {
  const outcomes = await fetchSources({
    storeDir: path.resolve(arg('store') ?? path.join(PROJECT_ROOT, 'data', 'sources')),
    curatedDir: path.join(PROJECT_ROOT, 'data', 'curated'),
    only: arg('source'),
    timeoutMs: Number(arg('timeout') ?? 60_000),
    retries: Number(arg('retries') ?? 3),
    backoffMs: 2_000,
    // A mirror or a recorded-fixture server in front of every origin (tests, air-gapped hosts).
    baseUrl: process.env.MDS_FETCH_BASE_URL || undefined,
    githubToken: process.env.GITHUB_TOKEN || undefined,
    log: (line) => console.log(line),
  });
  const bad = outcomes.filter((o) => o.status === 'failed' || o.status === 'rejected');
  const updated = outcomes.filter((o) => o.status === 'updated').length;
  console.log(`${updated} updated, ${outcomes.length - updated - bad.length} unchanged, ${bad.length} failed or rejected`);
  // 0: all fetched or unchanged; 3: some failed (the rest is usable: build anyway, alert someone).
  return bad.length ? 3 : 0;
}

main().then((code) => { process.exitCode = code; }, (err: unknown) => { console.error(err instanceof Error ? err.message : err); process.exitCode = 1; });
