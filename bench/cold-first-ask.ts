// recommend_model's first ask at a machine named by its memory alone: the handler's CPU on a size never asked before
// (a new configuration) and on the same ask again, after the warm-up and 2,000 calls of the cold stream (sizes 4-512 GB).
// Each of the stream's bare-size asks is sent again at a size past the stream's (513 GB and up). CPU, not wall: the
// machine is shared, and a wall clock counts the other processes' time.
// Usage: node --single-threaded-gc --import tsx bench/cold-first-ask.ts [asks (at most 280)]
import { validateInput } from '../src/surfaces/validate.ts';
import { cpuMicros, printFirstAndAgain, warmedRecommend } from './lib/first-ask.ts';

const asks = Math.min(280, Number(process.argv[2] ?? 280));
const { ds, op, stream: s } = warmedRecommend();

const first: number[] = [];
const again: number[] = [];
for (let i = 5000, n = 0; n < asks; i++) {
  const raw = s.input(i) as Record<string, unknown>;
  if (typeof raw.machine !== 'string' || !raw.machine.endsWith('GB GPU')) continue;
  const input = validateInput(op, { ...raw, machine: `${513 + n++} GB GPU` });
  first.push(cpuMicros(() => op.handler(ds, input, { today: '2026-11-25' })));
  again.push(cpuMicros(() => op.handler(ds, input, { today: '2026-11-25' })));
}
printFirstAndAgain(first, again);
