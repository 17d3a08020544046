// recommend_model's first ask at a machine named by its memory alone: the handler's CPU on a size never asked before
// (a new configuration) and on the same ask again, after the warm-up and 2,000 calls of the cold stream (sizes 4-512 GB).
// Each of the stream's bare-size asks is sent again at a size past the stream's (513 GB and up). CPU, not wall: the
// machine is shared, and a wall clock counts the other processes' time.
// Usage: node --single-threaded-gc --import tsx bench/cold-first-ask.ts [asks (at most 280)]
import type { AccessControl } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { stopPretenuring } from '../src/lifecycle/pretenuring.ts';
import { OPERATION_BY_NAME, OPERATIONS } from '../src/ops/registry.ts';
import { warmInputsOf } from '../src/ops/warm.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { coldStreams } from './cold-inputs.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';
import { cpuMicros, printFirstAndAgain } from './lib/first-ask.ts';

const asks = Math.min(280, Number(process.argv[2] ?? 280));
const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const executor = createExecutor({ dataset: ds, access: undefined as unknown as AccessControl, baseUrl: 'http://127.0.0.1:8080', cacheEntries: 0 });
stopPretenuring();
for (const o of OPERATIONS) for (const ex of warmInputsOf(o)) for (const full of [true, false]) executor.run(o, validateInput(o, ex.input), full);
const op = OPERATION_BY_NAME.get('recommend_model')!;
const s = coldStreams(ds)[op.name];
for (let i = 0; i < 2000; i++) executor.run(op, validateInput(op, s.input(i)), (i & 1) === 0);

const cpu = cpuMicros;
const first: number[] = [];
const again: number[] = [];
for (let i = 5000, n = 0; n < asks; i++) {
  const raw = s.input(i) as Record<string, unknown>;
  if (typeof raw.machine !== 'string' || !raw.machine.endsWith('GB GPU')) continue;
  const input = validateInput(op, { ...raw, machine: `${513 + n++} GB GPU` });
  first.push(cpu(() => op.handler(ds, input, { today: '2026-11-25' })));
  again.push(cpu(() => op.handler(ds, input, { today: '2026-11-25' })));
}
printFirstAndAgain(first, again);
