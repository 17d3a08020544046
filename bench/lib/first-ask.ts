// The first-ask benches' shared parts: a call's CPU time and the report of first asks against the same asks again.

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
