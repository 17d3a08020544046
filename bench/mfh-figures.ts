// models_for_hardware before and after a change of shape: every figure of every entry the same, every line kept somewhere.
// Usage: node --import tsx bench/mfh-figures.ts <old tree> [per-op]   (the old tree: a checkout with node_modules)
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { OPERATION_BY_NAME } from '../src/ops/registry.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { sampleInputs } from './answers.ts';
import { isMain } from './lib/main.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

type J = Record<string, any>;
const TODAY = '2026-11-25';
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Where an entry's old derivation line now is: the answer's hardware facts or its assumptions; undefined if nowhere. */
function placeOf(line: string, a: J): string | undefined {
  const hw = a.hardware;
  // `rtx-4090.memory_gb = 24 (epoch-hardware, 2025-07-21)`, `... = 1008 per accelerator x 1 (...)`
  const m = /^([a-z0-9._-]+)\.(memory_gb|usable_fraction|bandwidth_gbs|compute_tflops) = ([\d.]+)[^(]*\(([^,]+), (\d{4}-\d\d-\d\d)\)$/
    .exec(line);
  if (m && m[1] === hw.id) {
    const f = hw[m[2]];
    if (f && f.value === Number(m[3]) && f.source === m[4] && f.as_of === m[5]) return `hardware.${m[2]}`;
    return undefined;
  }
  const u = /^usable memory = .* = ([\d.]+) GB \(1e9 bytes\)$/.exec(line);
  if (u) return hw.usable_memory_gb?.value === Number(u[1]) ? 'hardware.usable_memory_gb' : undefined;
  if (/\.bandwidth_gbs: unknown/.test(line)) return a.understood?.speed_estimated === false ? 'understood.speed_estimated' : undefined;
  const assumptions: string[] = a.assumptions;
  if (line.startsWith('overhead = ')) return assumptions.some((s) => s.startsWith(line.split(' (')[0])) ? 'assumptions' : undefined;
  if (line.startsWith('fit: comfortable <= 85%')) return assumptions.some((s) => s.startsWith('fit: comfortable when')) ? 'assumptions' : undefined;
  // The decode and prefill method: the assumptions' speed line carries the same text.
  if (line.startsWith('decode: ')) {
    const method = line.replace(/ \(calibrated on [^)]*\)$/, '');
    return assumptions.some((s) => s.includes(method)) ? 'assumptions' : undefined;
  }
  return undefined;
}

/** The differences between one old and one new answer that are not the change of shape; [] when none. */
export function compareAnswer(o: J, n: J, cursor: boolean): string[] {
  const bad: string[] = [];
  for (const k of Object.keys(o)) {
    if (k === 'not_assessable' || k === 'assumptions' || k === 'items') continue;
    if (!same(o[k], n[k])) bad.push(`top-level ${k} differs`);
  }
  if (!n.assumptions || !same(o.assumptions, n.assumptions.slice(0, o.assumptions.length))) bad.push('assumptions not kept');
  const na = n.not_assessable;
  if (na.count !== o.not_assessable.count || na.reason !== o.not_assessable.reason) bad.push('not_assessable count or reason');
  if (cursor ? na.groups !== null : na.groups === null) bad.push('not_assessable groups on the wrong page');
  if (na.groups) {
    const flat = na.groups.flatMap((g: J) => g.model_ids.map((id: string) => ({ model_id: id, missing: g.missing })));
    flat.sort((x: J, y: J) => (x.model_id < y.model_id ? -1 : 1));
    if (!same(flat, o.not_assessable.models)) bad.push('not_assessable models differ');
  }
  if (o.items.length !== n.items.length) return [...bad, 'item count'];
  o.items.forEach((oe: J, i: number) => {
    const ne = n.items[i];
    const id = oe.model.id;
    for (const k of Object.keys(oe)) {
      if (k === 'derived_from' || k === 'quantization_rule' || k === 'speed') continue;
      if (!same(oe[k], ne[k])) bad.push(`${id}: ${k} differs`);
    }
    if ((ne.quantization_rule ?? n.quantization_rule) !== oe.quantization_rule) bad.push(`${id}: quantization rule`);
    if (oe.speed === null ? ne.speed !== null : !same({ ...oe.speed, basis: '' }, { ...ne.speed, basis: '' })) bad.push(`${id}: speed`);
    const kept = new Set<string>(ne.derived_from);
    for (const line of ne.derived_from) if (!oe.derived_from.includes(line)) bad.push(`${id}: new line ${line}`);
    for (const line of oe.derived_from) if (!kept.has(line) && !placeOf(line, n)) bad.push(`${id}: line nowhere: ${line.slice(0, 90)}`);
  });
  return bad;
}

async function main(): Promise<void> {
  const [oldTree, perOp] = process.argv.slice(2);
  if (!oldTree) {
    process.stderr.write('usage: bench/mfh-figures.ts <old tree> [per-op]\n');
    process.exit(2);
  }
  const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
  const op = OPERATION_BY_NAME.get('models_for_hardware')!;
  const newEx = createExecutor({ dataset: ds, access: undefined as never, baseUrl: 'http://x', today: () => TODAY, cacheEntries: 0 });
  const old = {
    reg: await import(`${oldTree}/src/ops/registry.ts`),
    exec: await import(`${oldTree}/src/surfaces/execute.ts`),
    val: await import(`${oldTree}/src/surfaces/validate.ts`),
    syn: await import(`${oldTree}/bench/synthetic.ts`),
    env: await import(`${oldTree}/src/config/env.ts`),
  };
  const oldDs = old.syn.freshDataset(old.syn.datasetDataAtScale(old.syn.readRawDataset(old.env.DEFAULT_DATA_DIR), 1));
  const oldOp = old.reg.OPERATION_BY_NAME.get('models_for_hardware');
  const oldEx = old.exec.createExecutor({ dataset: oldDs, access: undefined, baseUrl: 'http://x', today: () => TODAY, cacheEntries: 0 });
  const inputs = sampleInputs(ds, Number(perOp ?? 200)).filter((x) => x.op === 'models_for_hardware');
  // Later pages: follow the first page's cursor where there is one.
  let failed = 0;
  let entries = 0;
  const bytes = { old: 0, new: 0 };
  for (const { input } of inputs) {
    const asks = [input];
    const first = JSON.parse(newEx.run(op, validateInput(op, input), true).bytes.toString());
    if (first.page.next_cursor) asks.push({ ...input, cursor: first.page.next_cursor });
    for (const ask of asks) {
      const o = JSON.parse(oldEx.run(oldOp, old.val.validateInput(oldOp, ask), true).bytes.toString());
      const nb = newEx.run(op, validateInput(op, ask), true).bytes;
      const n = JSON.parse(nb.toString());
      bytes.old += JSON.stringify(o).length;
      bytes.new += nb.length;
      entries += o.items.length;
      const bad = compareAnswer(o, n, ask.cursor !== undefined);
      if (bad.length) {
        failed++;
        process.stdout.write(`DIFFERS ${JSON.stringify(ask)}\n  ${bad.slice(0, 5).join('\n  ')}\n`);
      }
    }
  }
  process.stdout.write(
    `${inputs.length} inputs (and their second pages), ${entries} entries: ${failed} answers with a figure changed or a line lost; ` +
      `bytes ${bytes.old} -> ${bytes.new}\n`,
  );
  if (failed) process.exitCode = 1;
}

if (isMain(import.meta.url)) await main();
