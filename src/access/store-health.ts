// The key store's health as /readyz reports it: probed on demand (a cheap query, a short timeout, a cached result).

export type StoreHealthOptions = {
  /** A cheap query that fails when keyed lookups would (KeyStore.ping). */
  ping: () => Promise<void>;
  /** A probe result is reused this long: a readiness check every second costs the store one query per interval. */
  intervalMs?: number;
  /** A probe slower than this counts as a failure: a readiness check must answer within its own (often 1 s) timeout. */
  timeoutMs?: number;
  onFailure?: (err: Error) => void;
  now?: () => number;
};

export type StoreHealth = {
  /** True when the last lookup or probe failed. */
  failing(): boolean;
  /** What a keyed lookup just learnt: a success or a failure is as good as a probe. */
  record(ok: boolean): void;
  /** Probe unless a result newer than the interval is known; concurrent callers share one probe. */
  refresh(): Promise<void>;
};

/**
 * Without a probe, the store's state was only learnt from keyed lookups: /readyz said "ok" while the store was down
 * until a keyed request failed, and "degraded" after it came back until a keyed request succeeded.
 */
export function createStoreHealth(opts: StoreHealthOptions): StoreHealth {
  const { intervalMs = 5000, timeoutMs = 500, now = Date.now } = opts;
  let failing = false;
  let checkedAt = -Infinity;
  let inFlight: Promise<void> | undefined;

  const probe = async (): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`key store did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([opts.ping(), timeout]);
      failing = false;
    } catch (err) {
      failing = true;
      opts.onFailure?.(err as Error);
    } finally {
      clearTimeout(timer);
      checkedAt = now();
    }
  };

  return {
    failing: () => failing,
    record(ok) {
      failing = !ok;
      checkedAt = now();
    },
    refresh() {
      if (inFlight) return inFlight;
      if (now() - checkedAt < intervalMs) return Promise.resolve();
      inFlight = probe().finally(() => (inFlight = undefined));
      return inFlight;
    },
  };
}
