// The process: configuration -> dataset -> access control -> app -> listen, and a graceful close on SIGTERM/SIGINT.
import { pino } from 'pino';
import { createAccess, LOG_REDACT_PATHS } from './access/index.ts';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig, type Config } from './config/env.ts';
import type { Dataset } from './dataset/dataset.ts';
import { DatasetError, loadDatasetInParallel } from './dataset/load.ts';
import { OPERATIONS } from './ops/registry.ts';
import { warmUp } from './ops/warm.ts';
import { createMetrics } from './surfaces/rest/metrics.ts';

/** How long a shutdown may wait for in-flight requests before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

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
  // Where the largest collections were validated: a worker thread, or this one if the worker could not start.
  let validatedBy = 'main thread';
  try {
    dataset = await loadDatasetInParallel(config.dataDir, { onWorker: (ran) => (validatedBy = ran ? 'worker thread' : 'main thread') });
  } catch (e) {
    // A broken or missing dataset stops the start: serving guesses is worse than not serving.
    if (e instanceof DatasetError) fail(`Refusing to start: ${e.message}`);
    throw e;
  }

  const access = await createAccess(config, { logger });
  // Once per process: an app rebuilt for a new dataset keeps counting into the same registry.
  const metrics = createMetrics();
  const app = buildApp({ config, dataset, access, logger, metrics });
  await app.listen({ host: config.host, port: config.port });
  logger.info({
    url: config.publicBaseUrl, data_as_of: dataset.meta.data_as_of, models: dataset.models.length,
    access: access.health().details, large_collections_validated_by: validatedBy, modules_ms: Math.round(started), startup_ms: Math.round(performance.now() - started),
  }, 'listening');
  // Build the engines' per-dataset caches right after the port is open rather than on callers' first requests.
  // The warm-up yields between calls, so requests (and /readyz) are answered meanwhile.
  void warmUp(dataset, OPERATIONS, new Date().toISOString().slice(0, 10)).then((warm) => {
    logger.info({ warm_ms: warm.ms, busy_ms: warm.busy_ms, calls: warm.calls, failed: warm.failed }, 'caches warmed');
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second signal: the operator wants out now.
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      logger.error('shutdown grace period over; exiting with requests still open');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
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
