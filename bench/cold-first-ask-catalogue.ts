// recommend_model's first ask at a catalogue machine outside the kept verdicts' keys: use=documents (asked at 32,768
// tokens, not the default context the verdicts are kept at) at each catalogue configuration the warm-up and 2,000 calls
// of the cold stream did not ask it at, the handler's CPU, then the same ask again. CPU, not wall: the machine is shared.
// Usage: node --single-threaded-gc --import tsx bench/cold-first-ask-catalogue.ts
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

const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const executor = createExecutor({ dataset: ds, access: undefined as unknown as AccessControl, baseUrl: 'http://127.0.0.1:8080', cacheEntries: 0 });
stopPretenuring();
for (const o of OPERATIONS) for (const ex of warmInputsOf(o)) for (const full of [true, false]) executor.run(o, validateInput(o, ex.input), full);
const op = OPERATION_BY_NAME.get('recommend_model')!;
const s = coldStreams(ds)[op.name];
const asked = new Set<string>();
for (let i = 0; i < 2000; i++) {
  const raw = s.input(i) as Record<string, unknown>;
  if (raw.use === 'documents' && typeof raw.machine === 'string') asked.add(raw.machine);
  executor.run(op, validateInput(op, raw), (i & 1) === 0);
}

const cpu = cpuMicros;
const first: number[] = [];
const again: number[] = [];
const machines = ds.hardware.map((h) => h.id).filter((id) => !asked.has(id));
machines.forEach((machine, n) => {
  const raw = s.input(5001 + 4 * n) as Record<string, unknown>;
  const input = validateInput(op, { ...raw, use: 'documents', machine });
  first.push(cpu(() => op.handler(ds, input, { today: '2026-11-25' })));
  again.push(cpu(() => op.handler(ds, input, { today: '2026-11-25' })));
});
printFirstAndAgain(first, again);
