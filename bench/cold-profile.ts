// Profile one operation on its cold stream: node --cpu-prof --import tsx bench/cold-profile.ts <operation> [calls] [input regex]
import type { AccessControl } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { OPERATION_BY_NAME } from '../src/ops/registry.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { coldStreams } from './cold-inputs.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

const [name, callsArg] = process.argv.slice(2);
const op = OPERATION_BY_NAME.get(name ?? '');
if (!op) throw new Error('usage: bench/cold-profile.ts <operation> [calls]');
const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const executor = createExecutor({ dataset: ds, access: undefined as unknown as AccessControl, baseUrl: 'http://127.0.0.1:8080', cacheEntries: 0 });
const s = coldStreams(ds)[op.name];
const n = Number(callsArg ?? 5000);
const t0 = performance.now();
const only = process.argv[4] ? new RegExp(process.argv[4]) : undefined;
for (let i = 0; i < n; i++) {
  const raw = s.input(i % s.distinct);
  if (!only || only.test(JSON.stringify(raw))) executor.run(op, validateInput(op, raw), (i & 1) === 0);
}
process.stdout.write(`${op.name}: ${n} cold calls in ${(performance.now() - t0).toFixed(0)} ms\n`);
