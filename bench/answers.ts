// Answers before and after a change, byte for byte: record a sample of served bodies, later compare with them.
// Usage: node --import tsx bench/answers.ts record <file> [per-op]   |   node --import tsx bench/answers.ts compare <file>
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AccessControl } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { ServiceError } from '../src/errors/catalog.ts';
import type { Dataset } from '../src/dataset/dataset.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { coldStreams, extremeInputs, type Raw } from './cold-inputs.ts';
import { isMain } from './lib/main.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

/** One served answer: the operation, its raw input, and a hash of the full and of the partial body. */
export type Answer = { op: string; input: Raw; full: string; partial: string };

/** A fixed day: answers depend on the date, and a record must compare equal on another day. */
const TODAY = '2026-11-25';
const NO_ACCESS = undefined as unknown as AccessControl;
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Every registry example, the extremes, and `perOp` inputs of each cold stream, spread over its input space. */
export function sampleInputs(ds: Dataset, perOp: number): Array<{ op: string; input: Raw }> {
  const streams = coldStreams(ds);
  const extremes = extremeInputs(ds);
  const out: Array<{ op: string; input: Raw }> = [];
  for (const op of OPERATIONS) {
    for (const ex of op.examples) out.push({ op: op.name, input: ex.input });
    for (const input of extremes[op.name] ?? []) out.push({ op: op.name, input });
    const s = streams[op.name];
    // Step through the stream so that the sample covers every hardware id, model and context range it cycles.
    const step = Math.max(1, Math.floor(Math.min(s.distinct, 100_000) / perOp));
    for (let k = 0; k < perOp; k++) out.push({ op: op.name, input: s.input(k * step + (k % 7)) });
  }
  return out;
}

export function serveAnswers(ds: Dataset, inputs: ReadonlyArray<{ op: string; input: Raw }>): Answer[] {
  const executor = createExecutor({ dataset: ds, access: NO_ACCESS, baseUrl: 'http://127.0.0.1:8080', today: () => TODAY, cacheEntries: 0 });
  const byName = new Map(OPERATIONS.map((o) => [o.name, o]));
  return inputs.map(({ op, input }) => {
    const o = byName.get(op)!;
    // An input recorded on another dataset may name a model this one no longer holds: its coded error is its answer.
    const serve = (full: boolean): string => {
      try {
        return sha(executor.run(o, validateInput(o, input), full).bytes);
      } catch (e) {
        if (e instanceof ServiceError) return `error ${e.code}`;
        throw e;
      }
    };
    return { op, input, full: serve(true), partial: serve(false) };
  });
}

function main(): void {
  const [mode, file, perOp] = process.argv.slice(2);
  if ((mode !== 'record' && mode !== 'compare') || !file) {
    process.stderr.write('usage: bench/answers.ts record <file> [per-op] | compare <file>\n');
    process.exit(2);
  }
  const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
  if (mode === 'record') {
    const answers = serveAnswers(ds, sampleInputs(ds, Number(perOp ?? 200)));
    writeFileSync(file, `${JSON.stringify(answers)}\n`);
    process.stdout.write(`recorded ${answers.length} answers (full and partial) to ${file}\n`);
    return;
  }
  const before = JSON.parse(readFileSync(file, 'utf8')) as Answer[];
  const after = serveAnswers(ds, before);
  const differ = after.filter((a, k) => a.full !== before[k].full || a.partial !== before[k].partial);
  for (const d of differ.slice(0, 20)) process.stdout.write(`DIFFERS ${d.op} ${JSON.stringify(d.input)}\n`);
  const byOp = new Map<string, number>();
  for (const d of differ) byOp.set(d.op, (byOp.get(d.op) ?? 0) + 1);
  if (byOp.size) process.stdout.write(`differing by operation: ${[...byOp].map(([o, n]) => `${o} ${n}`).join(", ")}\n`);
  const ops = new Set(before.map((a) => a.op));
  process.stdout.write(`${before.length - differ.length} of ${before.length} answers (${ops.size} operations, full and partial) identical byte for byte\n`);
  if (differ.length) process.exitCode = 1;
}

if (isMain(import.meta.url)) main();
