// The first-ask benches' shared parts: the warmed service they start from, a call's CPU time and the report of first
// asks against the same asks again.
import type { AccessControl } from '../../src/access/types.ts';
import { DEFAULT_DATA_DIR } from '../../src/config/env.ts';
import { stopPretenuring } from '../../src/lifecycle/pretenuring.ts';
import { OPERATION_BY_NAME, OPERATIONS } from '../../src/ops/registry.ts';
import { warmInputsOf } from '../../src/ops/warm.ts';
import { createExecutor } from '../../src/surfaces/execute.ts';
import { validateInput } from '../../src/surfaces/validate.ts';
import { coldStreams } from '../cold-inputs.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from '../synthetic.ts';

/** Microseconds of process CPU (user and system) one call takes. */
export function cpuMicros(run: () => void): number {
  const c = process.cpuUsage();
  run();
  const d = process.cpuUsage(c);
  return d.user + d.system;
}

const at = (xs: readonly number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** One line each: the first asks' handler CPU and the same asks again (what is kept after a first ask), p50/p90/p99. */
export function printFirstAndAgain(first: readonly number[], again: readonly number[]): void {
  for (const [name, xs] of [['first ask', first], ['asked again', again]] as const) {
    process.stdout.write(`${name}: ${xs.length} asks, handler CPU us p50 ${at(xs, 0.5)} p90 ${at(xs, 0.9)} p99 ${at(xs, 0.99)}\n`);
  }
}

/**
 * The committed dataset after the warm-up and 2,000 calls of recommend_model's cold stream (both tiers in turn), with
 * no response cache: where a first ask is measured from. `seen` is shown each of the stream's raw inputs.
 */
export function warmedRecommend(seen: (raw: Record<string, unknown>) => void = () => {}) {
  const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
  const executor = createExecutor({ dataset: ds, access: undefined as unknown as AccessControl, baseUrl: 'http://127.0.0.1:8080', cacheEntries: 0 });
  stopPretenuring();
  for (const o of OPERATIONS) for (const ex of warmInputsOf(o)) for (const full of [true, false]) executor.run(o, validateInput(o, ex.input), full);
  const op = OPERATION_BY_NAME.get('recommend_model')!;
  const stream = coldStreams(ds)[op.name];
  for (let i = 0; i < 2000; i++) {
    const raw = stream.input(i) as Record<string, unknown>;
    seen(raw);
    executor.run(op, validateInput(op, raw), (i & 1) === 0);
  }
  return { ds, op, stream };
}
