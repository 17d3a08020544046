// One operation's cold stream, ready to be called input by input: the committed dataset as a fresh copy, an executor
// with no response cache, pretenuring off, every operation's warm inputs run on both tiers, and the stream's far end run
// 50 times so the JIT has compiled the handler before the first call measured (bench/cold-tail.ts, cold-calls.ts,
// cold-alloc.ts).
import type { AccessControl } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { stopPretenuring } from '../src/lifecycle/pretenuring.ts';
import { OPERATION_BY_NAME, OPERATIONS } from '../src/ops/registry.ts';
import { warmInputsOf } from '../src/ops/warm.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { coldStreams } from './cold-inputs.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

export function coldOneOp(opName: string) {
  const op = OPERATION_BY_NAME.get(opName);
  if (!op) throw new Error(`unknown operation ${opName}`);
  const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
  const executor = createExecutor({ dataset: ds, access: undefined as unknown as AccessControl, baseUrl: 'http://127.0.0.1:8080', cacheEntries: 0 });
  stopPretenuring();
  for (const o of OPERATIONS) for (const ex of warmInputsOf(o)) for (const full of [true, false]) executor.run(o, validateInput(o, ex.input), full);
  const s = coldStreams(ds)[op.name];
  for (let i = 0; i < 50; i++) executor.run(op, validateInput(op, s.input(s.distinct - 1 - i)), true);
  return { op, ds, executor, stream: s };
}
