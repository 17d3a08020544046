// The process: configuration -> dataset -> access control -> app -> listen; a reload on SIGHUP (or when the files
// change); a drain and close on SIGTERM/SIGINT.
import { pino } from 'pino';
import { createAccess, LOG_REDACT_PATHS } from './access/index.ts';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig, type Config } from './config/env.ts';
import type { Dataset } from './dataset/dataset.ts';
import { DatasetError, loadDatasetInParallel } from './dataset/load.ts';
import { createHost } from './lifecycle/host.ts';
import { stopPretenuring } from './lifecycle/pretenuring.ts';
import { promoteWarmUpSurvivors } from './lifecycle/promote-warm-up.ts';
import { createReloader, datasetFingerprint } from './lifecycle/reload.ts';
import { OPERATIONS } from './ops/registry.ts';
import { warmUp } from './ops/warm.ts';
import { answerWriter } from './surfaces/execute.ts';
import { createMetrics } from './surfaces/rest/metrics.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  // performance.now() counts from the process's start: this much went to Node starting and loading the modules.
  const started = performance.now();
  let config: Config;
  try {
    config = parseConfig();
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
  const logger = pino({ level: config.logLevel, redact: { paths: [...LOG_REDACT_PATHS], censor: '[redacted]' } });

  let dataset: Dataset;
  // Taken before loading: a file rewritten during the load then differs from it, and the next check reloads.
  let fingerprint = '';
  // Where the largest collections were validated: a worker thread, or this one if the worker could not start.
  let validatedBy = 'main thread';
  try {
    fingerprint = datasetFingerprint(config.dataDir);
    dataset = await loadDatasetInParallel(config.dataDir, {
      onWorker: (ran) => (validatedBy = ran ? 'worker thread' : 'main thread'),
      // Offers and models are judged served or shut down on the day the service starts (src/dataset/dataset.ts).
      judgedOn: new Date().toISOString().slice(0, 10),
    });
  } catch (e) {
    // A broken or missing dataset stops the start: serving guesses is worse than not serving.
    if (e instanceof DatasetError) fail(`Refusing to start: ${e.message}`);
    throw e;
  }

  // Once per process: the access control and the one http.Server; an app per dataset, swapped in on reload.
  const access = await createAccess(config, { logger });
  const host = createHost(config, { onRetired: (err) => logger.error({ err }, 'closing the replaced app failed') });
  const serving = () => !host.draining();
  // Once per process: an app rebuilt for a new dataset keeps counting into the same registry.
  const metrics = createMetrics();
  const build = (ds: Dataset) => buildApp({ config, dataset: ds, access, logger, metrics, serverFactory: host.serverFactory, serving });
  const app = build(dataset);
  await app.ready();
  host.swap(app);
  const addresses = await host.listen(config.host, config.port);
  // The line Fastify's own listen() would write (tests and tools read the bound port from it).
  for (const a of addresses) logger.info(`Server listening at ${a}`);
  logger.info({
    url: config.publicBaseUrl, data_as_of: dataset.meta.data_as_of, models: dataset.models.length,
    access: access.health().details, large_collections_validated_by: validatedBy,
    modules_ms: Math.round(started), startup_ms: Math.round(performance.now() - started),
  }, 'listening');
  // Each example's answer is also written at both tiers, so the kept parts' texts and partial projections exist too.
  const writer = (ds: Dataset) => answerWriter(ds, config.publicBaseUrl);
  // From here on, objects made per request are made young, whatever the start-up's collections saw (pretenuring.ts):
  // before the warm-up, whose 100-entry pages would otherwise get their entries' sites judged long-lived for good.
  stopPretenuring();
  // Build the engines' per-dataset caches right after the port is open rather than on callers' first requests.
  // The warm-up yields between calls, so requests (and /readyz) are answered meanwhile.
  void warmUp(dataset, OPERATIONS, new Date().toISOString().slice(0, 10), writer(dataset)).then((warm) => {
    // What the warm-up built to keep, moved to the old generation now rather than in the first request's collection.
    // An aid, not a need: a runtime that refuses the borrowed collector (a V8 flag frozen, the options changed) skips it.
    let promote_ms: number | null = null;
    try {
      promote_ms = Math.round(promoteWarmUpSurvivors());
    } catch (err) {
      logger.warn({ err }, 'young collections after the warm-up skipped');
    }
    logger.info({ warm_ms: warm.ms, busy_ms: warm.busy_ms, calls: warm.calls, failed: warm.failed, promote_ms }, 'caches warmed');
  }, (err: unknown) => logger.warn({ err }, 'warm-up stopped: the caches fill on first requests'));

  const reloader = createReloader({ dir: config.dataDir, host, logger, build, initial: { dataset, fingerprint }, writer });
  process.on('SIGHUP', () => {
    logger.info({ signal: 'SIGHUP', dir: config.dataDir }, 'reloading the dataset');
    void reloader.reload();
  });
  if (config.reloadIntervalSeconds > 0) {
    setInterval(() => void reloader.reload({ ifChanged: true }), config.reloadIntervalSeconds * 1000).unref();
  }
  // Once an hour: when the day has passed a shutdown date the data announce, the dataset is judged again on the new
  // day (a reload of the same files), so an offer is not priced as served after its provider shut it down.
  setInterval(() => void reloader.reload({ ifDue: true }), 3_600_000).unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second signal: the operator wants out now.
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal, grace_ms: config.shutdownGraceMs }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      logger.error({ grace_ms: config.shutdownGraceMs }, 'shutdown grace period over; exiting with requests still open');
      process.exit(1);
    }, config.shutdownGraceMs).unref();
    try {
      // Until every response in flight has been read to its end by its client, or the grace period is over.
      await host.drain();
      await access.close();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
