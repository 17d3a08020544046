// recommend_model's first ask at a catalogue machine outside the kept verdicts' keys (use=documents at 32,768 tokens,
// or any `context` asked), in parts (CPU, the least and the median, so a shared machine's load counts little): every
// model's byte at a configuration never asked at that context and floor (hostingOnNamedMachine, as the fit step asks),
// then that again (the bytes kept: what any ask pays). Each configuration of the catalogue is asked once per context.
// Usage: node --import tsx bench/first-ask-catalogue.ts [contexts (default 3)]
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { hostingOnNamedMachine } from '../src/engines/recommend-hosting-named.ts';
import { speedFloorOf } from '../src/engines/recommend-speed.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

const contexts = [32_768, 16_000, 65_536, 24_576, 12_288].slice(0, Number(process.argv[2] ?? 3));
const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
const floor = speedFloorOf('documents', true);
const cpu = (run: () => void) => {
  const c = process.cpuUsage();
  run();
  const d = process.cpuUsage(c);
  return d.user + d.system;
};
// The warm-up: every configuration at the default context (the kept verdicts) and at 4,096 tokens (the JIT).
for (const h of ds.hardware) for (const context of [8_192, 4_096]) for (const m of ds.models) hostingOnNamedMachine(ds, m, h, context, floor);
const fits: number[] = [];
const again: number[] = [];
for (const context of contexts) {
  for (const h of ds.hardware) {
    const all = () => {
      for (const m of ds.models) hostingOnNamedMachine(ds, m, h, context, floor);
    };
    fits.push(cpu(all));
    again.push(cpu(all));
  }
}
const at = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
for (const [name, xs] of [[`the fit of ${ds.models.length} models, new`, fits], ['the same again (kept)', again]] as const) {
  process.stdout.write(`${name}: ${xs.length} asks, CPU us least ${at(xs, 0)} p50 ${at(xs, 0.5)} p90 ${at(xs, 0.9)} p99 ${at(xs, 0.99)} max ${at(xs, 1)}\n`);
}
