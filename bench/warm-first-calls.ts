// First calls after the warm-up: each light operation's widest input asked once at the partial tier, right after
// warmUp with and without the writer (ops/warm.ts), each on a freshly loaded dataset in a process of its own.
// Usage: node --import tsx bench/warm-first-calls.ts [--no-writer]
import type { AccessControl } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { loadDataset } from '../src/dataset/load.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { warmUp } from '../src/ops/warm.ts';
import { answerWriter, createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';

const BASE = 'http://127.0.0.1:8080';
const ds = loadDataset(DEFAULT_DATA_DIR);
const writer = process.argv.includes('--no-writer') ? undefined : answerWriter(ds, BASE);
const warm = await warmUp(ds, OPERATIONS, new Date().toISOString().slice(0, 10), writer);
const executor = createExecutor({ dataset: ds, access: undefined as unknown as AccessControl, baseUrl: BASE, cacheEntries: 0 });
const asks: [string, Record<string, unknown>][] = [
  ['list_hardware', { limit: 100 }], ['list_hardware', { class: 'server', limit: 100 }], ['get_model_changes', { days: 3650 }],
  ['search_models', { max_input_price: 100, limit: 100 }],
];
const out: string[] = [`warm_ms ${warm.ms} busy_ms ${warm.busy_ms}`];
for (const [name, raw] of asks) {
  const op = OPERATIONS.find((o) => o.name === name)!;
  const input = validateInput(op, raw);
  const t: number[] = [];
  for (let k = 0; k < 3; k++) {
    const s = performance.now();
    executor.run(op, input, false);
    t.push(performance.now() - s);
  }
  out.push(`${name} ${JSON.stringify(raw)} partial: ${t.map((x) => x.toFixed(2)).join(' / ')} ms`);
}
process.stdout.write(`${out.join('\n')}\n`);
