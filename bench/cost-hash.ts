// One SHA-256 over some 8,000 estimate_cost answers, to show a change leaves them byte-identical: run it on the base
// and on the change and compare the two lines. Both tiers of 2,500 cold inputs, the extremes, and 1,500 asks at other
// utilizations, electricity prices, months, input shares, `view=summary` and `view=summary` with `options_limit=200`.
// Usage: node --import tsx bench/cost-hash.ts
import { createHash } from 'node:crypto';
import type { AccessControl } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { OPERATION_BY_NAME } from '../src/ops/registry.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { coldStreams, extremeInputs, type Raw } from './cold-inputs.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
// A fixed day: answers depend on the date, and a hash must compare equal on another day.
const executor = createExecutor({
  dataset: ds, access: undefined as unknown as AccessControl, baseUrl: 'http://127.0.0.1:8080', today: () => '2026-11-25', cacheEntries: 0,
});
const op = OPERATION_BY_NAME.get('estimate_cost')!;
const stream = coldStreams(ds).estimate_cost;
const inputs: Raw[] = [];
for (let i = 0; i < 2500; i++) inputs.push(stream.input(i * 13));
inputs.push(...(extremeInputs(ds).estimate_cost ?? []));
for (let i = 0; i < 1500; i++) {
  const ask: Raw = { ...stream.input(i * 29 + 5) };
  const pick = <T>(xs: T[]): T => xs[i % xs.length]!;
  const k = i % 6;
  if (k === 0) ask.utilization = pick([0.1, 0.35, 0.9]);
  if (k === 1) ask.power_usd_per_kwh = pick([0.05, 0.31, 0.6]);
  if (k === 2) ask.amortization_months = pick([6, 24, 60]);
  if (k === 3) ask.input_share = pick([0, 0.2, 1]);
  if (k >= 4) ask.view = 'summary';
  if (k === 5) ask.options_limit = 200;
  inputs.push(ask);
}
const all = createHash('sha256');
let n = 0;
for (const raw of inputs) {
  for (const full of [true, false]) {
    all.update(createHash('sha256').update(executor.run(op, validateInput(op, raw), full).bytes).digest());
    n++;
  }
}
process.stdout.write(`estimate_cost: ${n} answers, sha256 ${all.digest('hex')}\n`);
