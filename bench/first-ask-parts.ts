// The two parts of recommend_model's first ask at a machine named by its memory alone that depend on the machine being
// new, timed apart (CPU, the least and the median of many, so a shared machine's load counts little): reading the text
// ("513 GB GPU", a new configuration) and the fit byte of every model there (hostingOnNamedMachine, as the fit step asks),
// then that again on the same configuration (the bytes kept: what any ask pays).
// Usage: node --import tsx bench/first-ask-parts.ts [sizes (at most 280)]
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { DEFAULT_CONTEXT } from '../src/engines/constants.ts';
import { isRefusal } from '../src/engines/machine.ts';
import { resolveMachineText } from '../src/engines/machine-cache.ts';
import { hostingOnNamedMachine } from '../src/engines/recommend-hosting-named.ts';
import { speedFloorOf } from '../src/engines/recommend-speed.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

const sizes = Math.min(280, Number(process.argv[2] ?? 280));
const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const floor = speedFloorOf('chat', true);
const cpu = (run: () => void) => {
  const c = process.cpuUsage();
  run();
  const d = process.cpuUsage(c);
  return d.user + d.system;
};
// The warm-up: sizes 4-512 as the cold stream asks them, read and fitted (the JIT, the tables kept per dataset).
for (let gb = 4; gb <= 512; gb++) {
  const r = resolveMachineText(ds, `${gb} GB GPU`);
  if (!isRefusal(r) && r.hardware) for (const m of ds.models) hostingOnNamedMachine(ds, m, r.hardware, DEFAULT_CONTEXT, floor);
}
const read: number[] = [];
const fits: number[] = [];
const again: number[] = [];
for (let n = 0; n < sizes; n++) {
  let r: ReturnType<typeof resolveMachineText> | undefined;
  read.push(cpu(() => (r = resolveMachineText(ds, `${513 + n} GB GPU`))));
  if (!r || isRefusal(r) || !r.hardware) throw new Error(`${513 + n} GB GPU was not read`);
  const h = r.hardware;
  const all = () => {
    for (const m of ds.models) hostingOnNamedMachine(ds, m, h, DEFAULT_CONTEXT, floor);
  };
  fits.push(cpu(all));
  again.push(cpu(all));
}
const at = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
for (const [name, xs] of [['reading the text', read], [`the fit of ${ds.models.length} models`, fits], ['the same again (kept)', again]] as const) {
  process.stdout.write(`${name}: ${xs.length} new sizes, CPU us least ${at(xs, 0)} p50 ${at(xs, 0.5)} p90 ${at(xs, 0.9)}\n`);
}
