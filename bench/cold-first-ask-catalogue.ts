// recommend_model's first ask at a catalogue machine outside the kept verdicts' keys: use=documents (asked at 32,768
// tokens, not the default context the verdicts are kept at) at each catalogue configuration the warm-up and 2,000 calls
// of the cold stream did not ask it at, the handler's CPU, then the same ask again. CPU, not wall: the machine is shared.
// Usage: node --single-threaded-gc --import tsx bench/cold-first-ask-catalogue.ts
import { validateInput } from '../src/surfaces/validate.ts';
import { cpuMicros, printFirstAndAgain, warmedRecommend } from './lib/first-ask.ts';

const asked = new Set<string>();
const { ds, op, stream: s } = warmedRecommend((raw) => {
  if (raw.use === 'documents' && typeof raw.machine === 'string') asked.add(raw.machine);
});

const first: number[] = [];
const again: number[] = [];
const machines = ds.hardware.map((h) => h.id).filter((id) => !asked.has(id));
machines.forEach((machine, n) => {
  const raw = s.input(5001 + 4 * n) as Record<string, unknown>;
  const input = validateInput(op, { ...raw, use: 'documents', machine });
  first.push(cpuMicros(() => op.handler(ds, input, { today: '2026-11-25' })));
  again.push(cpuMicros(() => op.handler(ds, input, { today: '2026-11-25' })));
});
printFirstAndAgain(first, again);
