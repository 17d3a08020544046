// Reload: load and check a new dataset beside the one serving, build its app, warm it, then swap it in; a dataset
// that fails any check is refused and the old one keeps serving.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { lifecycleDue, type Dataset } from '../dataset/dataset.ts';
import { DatasetError, loadDatasetInParallel } from '../dataset/load.ts';
import { OPERATIONS } from '../ops/registry.ts';
import { warmUp, type WarmWriter } from '../ops/warm.ts';
import type { Host } from './host.ts';

/**
 * What identifies the dataset on disk: meta.json's bytes (data_as_of and the counts) and every file's size and
 * modification time. Cheap (one small read and a stat per file), so the periodic check costs nothing when
 * nothing changed; a rebuild that rewrites any file changes it.
 */
export function datasetFingerprint(dir: string): string {
  const hash = createHash('sha256');
  // A missing or unreadable file is part of what is on disk: the load that follows says what is wrong with it.
  const attempt = (f: () => void) => {
    try {
      f();
    } catch (e) {
      hash.update(`\0error:${(e as NodeJS.ErrnoException).code ?? 'unknown'}`);
    }
  };
  attempt(() => hash.update(readFileSync(path.join(dir, 'meta.json'))));
  attempt(() => {
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      attempt(() => {
        const st = statSync(path.join(dir, name));
        hash.update(`\0${name}\0${st.size}\0${st.mtimeMs}`);
      });
    }
  });
  return hash.digest('hex');
}

export type ReloadOutcome =
  | { status: 'reloaded'; data_as_of: string; previous_data_as_of: string; ms: number }
  | { status: 'refused'; reason: string }
  | { status: 'unchanged' };

export type Reloader = {
  /**
   * Load, check, build and swap; `ifChanged`: only when the files differ from those last loaded or the day has
   * passed a shutdown date announced in the data (lifecycleDue); `ifDue`: only in the second case.
   */
  reload(opts?: { ifChanged?: boolean; ifDue?: boolean }): Promise<ReloadOutcome>;
  dataset(): Dataset;
};

export type ReloaderOptions = {
  dir: string;
  host: Host;
  logger: FastifyBaseLogger;
  /** Builds the app of a dataset (with the host's serverFactory and the process's shared access control). */
  build: (dataset: Dataset) => FastifyInstance;
  /** The dataset serving now, and the fingerprint of the files it was loaded from. */
  initial: { dataset: Dataset; fingerprint: string };
  today?: () => string;
  /** The warm-up's writer for a dataset (surfaces/execute.ts answerWriter): its answers' bytes made before it serves. */
  writer?: (dataset: Dataset) => WarmWriter;
};

export function createReloader(opts: ReloaderOptions): Reloader {
  const { dir, host, logger } = opts;
  const today = opts.today ?? (() => new Date().toISOString().slice(0, 10));
  let serving = opts.initial.dataset;
  let loadedFrom = opts.initial.fingerprint;
  // One reload at a time: a signal during a reload waits for it, then runs once more.
  let running: Promise<ReloadOutcome> | undefined;

  async function once(ifChanged: boolean, ifDue: boolean): Promise<ReloadOutcome> {
    const started = performance.now();
    const day = today();
    const due = lifecycleDue(serving, day);
    if (ifDue && !due) return { status: 'unchanged' };
    let fingerprint: string | undefined;
    let next: Dataset;
    try {
      fingerprint = datasetFingerprint(dir);
      if (ifChanged && fingerprint === loadedFrom && !due) return { status: 'unchanged' };
      // Judged on the day it starts serving: a shutdown announced for a day since the data's date has happened.
      next = await loadDatasetInParallel(dir, { judgedOn: day });
    } catch (e) {
      // DatasetError names the file, the record and the field; anything else (a file missing) is said as it is.
      const reason = e instanceof Error ? e.message : String(e);
      if (!(e instanceof DatasetError)) logger.debug({ err: e }, 'dataset reload failed');
      logger.error({ dir, reason, data_as_of: serving.meta.data_as_of }, 'dataset reload refused; the loaded dataset keeps serving');
      // Not retried until the files change again.
      if (fingerprint !== undefined) loadedFrom = fingerprint;
      return { status: 'refused', reason };
    }
    const app = opts.build(next);
    try {
      await app.ready();
    } catch (e) {
      logger.error({ err: e, data_as_of: next.meta.data_as_of }, 'dataset reload refused: the app for it did not start');
      await app.close().catch(() => {});
      return { status: 'refused', reason: e instanceof Error ? e.message : String(e) };
    }
    // The engines' caches for the new dataset are built before it serves, while the old one answers.
    const warm = await warmUp(next, OPERATIONS, today(), opts.writer?.(next));
    if (host.draining()) {
      await app.close();
      return { status: 'refused', reason: 'shutting down' };
    }
    const previous = serving;
    host.swap(app);
    serving = next;
    loadedFrom = fingerprint;
    const ms = Math.round(performance.now() - started);
    logger.info({
      data_as_of: next.meta.data_as_of, previous_data_as_of: previous.meta.data_as_of, models: next.models.length, reload_ms: ms,
      warm_ms: warm.ms, warm_failed: warm.failed,
    }, 'dataset reloaded');
    return { status: 'reloaded', data_as_of: next.meta.data_as_of, previous_data_as_of: previous.meta.data_as_of, ms };
  }

  return {
    dataset: () => serving,
    async reload(o = {}) {
      while (running) await running.catch(() => {});
      running = once(o.ifChanged ?? false, o.ifDue ?? false);
      try {
        return await running;
      } finally {
        running = undefined;
      }
    },
  };
}
