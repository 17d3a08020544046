// Scale section: each operation timed on the dataset and on a synthetic copy N times its size; cost must grow at most linearly.
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { OPERATION_BY_NAME, OPERATIONS } from '../src/ops/registry.ts';
import type { Dataset } from '../src/dataset/dataset.ts';
import type { DatasetData } from '../src/schema/index.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { isMain } from './lib/main.ts';
import { callHandler, coldMs, exampleCalls, samples, utcToday, type Call } from './lib/op-timing.ts';
import { median, summarize, timeMs } from './lib/stats.ts';
import { coldStreams } from './cold-inputs.ts';
import { fmt, fmtInt, renderTable } from './lib/table.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from './synthetic.ts';

export type ScaleOptions = {
  factor: number; iterations: number; maxMsPerExample: number; coldReps: number;
  /** Only these operations (and no index probe): to re-run one flagged row several times. */
  only?: readonly string[];
};

/**
 * Cost at 1x and at N x: first calls on cold caches, the sum over the examples of the warm p50, and (operations only)
 * the median of calls on distinct inputs of the operation's cold stream, as high-cardinality traffic sends them.
 */
export type ScaleRow = { label: string; cold: [number, number]; warm: [number, number]; distinct?: [number, number] };

/** Distinct inputs timed per operation and size (after as many untimed ones to warm the code paths). */
const DISTINCT_INPUTS = 60;

export type ScaleReport = {
  options: ScaleOptions;
  counts: [Record<string, number>, Record<string, number>];
  buildMs: number;
  /** A plain linear pass over every record at both sizes (medians): what linear work costs here at N x. */
  reference: [number, number];
  /** The pass's N x / 1x ratio, measured beside each row (the machine's load drifts during a run); the median is used. */
  referenceRatio: number;
  rows: ScaleRow[];
};

/** Below this many milliseconds a ratio is timer noise and cached lookups, not growth. */
export const RATIO_FLOOR_MS = 0.05;

/** A query no model matches: indexed search answers it in time that barely depends on the catalogue's size. */
export const SEARCH_PROBE = { q: 'zzqxv' };

export const PROBE_LABEL = `search_models q=${SEARCH_PROBE.q} (index probe)`;

function probeCall(): Call {
  const op = OPERATION_BY_NAME.get('search_models')!;
  return { op, title: 'no-match probe', raw: SEARCH_PROBE, input: validateInput(op, SEARCH_PROBE) };
}

function counts(d: DatasetData): Record<string, number> {
  return { models: d.models.length, offers: d.offers.length, ratings: d.ratings.length, changes: d.changes.length };
}

/**
 * Every model, offer, rating and change event once, reading a field of each and looking its model up by id: the
 * access pattern of the engines' scans with no algorithm on top. Once the data outgrow the CPU caches even this
 * grows faster than the data, so a ratio is read against this one.
 */
export function linearPass(ds: Dataset): number {
  let n = 0;
  for (const m of ds.models) if (m.context_window?.value !== undefined && ds.modelById.get(m.id) === m) n++;
  for (const o of ds.offers) if (o.prices.input?.value !== undefined && ds.modelById.has(o.model_id)) n++;
  for (const r of ds.ratings) if (r.rating > 0 && ds.modelById.has(r.model_id)) n++;
  for (const c of ds.changes) if (c.date !== '' && ds.modelById.has(c.model_id)) n++;
  return n;
}

/** Samples of the reference pass taken beside each row: enough for a median, few enough to keep the run short. */
const REFERENCE_SAMPLES = 7;

export function runScale(options: ScaleOptions): ScaleReport {
  const raw = readRawDataset(DEFAULT_DATA_DIR);
  const small = datasetDataAtScale(raw, 1);
  const t = performance.now();
  const large = datasetDataAtScale(raw, options.factor);
  const buildMs = performance.now() - t;
  const today = utcToday();
  const ops = options.only ? OPERATIONS.filter((op) => options.only!.includes(op.name)) : OPERATIONS;
  const groups: Array<{ label: string; calls: Call[] }> = ops.map((op) => ({ label: op.name, calls: exampleCalls(op) }));
  if (!options.only) groups.push({ label: PROBE_LABEL, calls: [probeCall()] });
  // One untimed pass so that the first group measured does not also pay for compiling the shared code paths.
  for (const g of groups) coldMs(small, g.calls, today, 1);

  const warmMs = (data: DatasetData, calls: Call[]): number => {
    const ds = freshDataset(data);
    let total = 0;
    for (const c of calls) total += summarize(samples(() => callHandler(ds, c, today), options.iterations, options.maxMsPerExample)).p50;
    return total;
  };
  // Each size's stream runs over its own catalogue (the copies' ids included); the same positions at both sizes.
  const distinctMs = (data: DatasetData, opName: string): number => {
    const ds = freshDataset(data);
    const op = OPERATION_BY_NAME.get(opName)!;
    const s = coldStreams(ds)[opName];
    const at = (i: number) => s.input(i % s.distinct);
    for (let i = 0; i < DISTINCT_INPUTS; i++) op.handler(ds, validateInput(op, at(s.distinct - 1 - i)) as never, { today });
    const t: number[] = [];
    for (let i = 0; i < DISTINCT_INPUTS; i++) {
      const input = validateInput(op, at(i));
      t.push(timeMs(() => op.handler(ds, input as never, { today })));
    }
    return median(t);
  };
  const refSmall = freshDataset(small);
  const refLarge = freshDataset(large);
  const refTimes: Array<[number, number]> = [];
  // Each group at both sizes back to back, with the reference beside it, so that a change in the machine's load
  // hits all of them alike.
  const rows = groups.map((g): ScaleRow => {
    refTimes.push([
      summarize(samples(() => linearPass(refSmall), REFERENCE_SAMPLES)).p50,
      summarize(samples(() => linearPass(refLarge), REFERENCE_SAMPLES)).p50,
    ]);
    return {
      label: g.label,
      cold: [coldMs(small, g.calls, today, options.coldReps), coldMs(large, g.calls, today, options.coldReps)],
      warm: [warmMs(small, g.calls), warmMs(large, g.calls)],
      ...(g.label === PROBE_LABEL ? {} : { distinct: [distinctMs(small, g.label), distinctMs(large, g.label)] as [number, number] }),
    };
  });
  const reference: [number, number] = [median(refTimes.map((x) => x[0])), median(refTimes.map((x) => x[1]))];
  const referenceRatio = median(refTimes.map(([a, b]) => b / a));
  return { options, counts: [counts(small), counts(large)], buildMs, reference, referenceRatio, rows };
}

/** The ratio, or undefined when the larger time is too small to say anything. */
export function ratio(pair: readonly [number, number]): number | undefined {
  return pair[1] < RATIO_FLOOR_MS ? undefined : pair[1] / Math.max(pair[0], 1e-6);
}

/** The issue's rule: a ratio above ~1.5 times the growth of the data. */
export function overRule(row: ScaleRow, factor: number): boolean {
  return ratios(row).some((r) => r !== undefined && r > 1.5 * factor);
}

/** Over the rule and growing more than 1.5 times as fast as a plain linear pass over the same data. */
export function isSuperLinear(row: ScaleRow, report: Pick<ScaleReport, 'options' | 'referenceRatio'>): boolean {
  const limit = 1.5 * Math.max(report.options.factor, report.referenceRatio);
  return ratios(row).some((r) => r !== undefined && r > limit);
}

function ratios(row: ScaleRow): Array<number | undefined> {
  return [ratio(row.cold), ratio(row.warm), ...(row.distinct ? [ratio(row.distinct)] : [])];
}

export function probeIndexed(r: ScaleReport): { ratio: number | undefined; indexed: boolean } {
  const probe = r.rows.find((row) => row.label === PROBE_LABEL)!;
  const x = ratio(probe.warm);
  return { ratio: x, indexed: x === undefined || x <= 3 };
}

export function formatScale(r: ScaleReport): string {
  const n = r.options.factor;
  const [a, b] = r.counts;
  const show = (pair: [number, number]) => {
    const x = ratio(pair);
    return x === undefined ? `< ${RATIO_FLOOR_MS} ms` : `${fmt(x, 1)}x`;
  };
  const ref = r.referenceRatio;
  const rows = r.rows.map((row) => [
    row.label, fmt(row.cold[0], 2), fmt(row.cold[1], 2), show(row.cold), fmt(row.warm[0], 3), fmt(row.warm[1], 3), show(row.warm),
    row.distinct ? fmt(row.distinct[0], 3) : '', row.distinct ? fmt(row.distinct[1], 3) : '', row.distinct ? show(row.distinct) : '',
    isSuperLinear(row, r) ? 'FLAGGED: faster than the reference' : overRule(row, n) ? `flagged: over ${1.5 * n}x, like the reference` : 'ok',
  ]);
  rows.push(['(reference) linear pass over every record', '', '', '', fmt(r.reference[0], 3), fmt(r.reference[1], 3), `${fmt(ref, 1)}x`, '', '', '', '']);
  const probeRow = r.rows.find((row) => row.label === PROBE_LABEL);
  const probe = probeRow ? probeIndexed(r) : undefined;
  return [
    `Synthetic dataset ${n}x: ${Object.entries(b).map(([k, v]) => `${fmtInt(v)} ${k}`).join(', ')} (the real one: ${Object.entries(a).map(([k, v]) => `${fmtInt(v)} ${k}`).join(', ')});`,
    `copies of every model with its offers, ratings and change events, ids suffixed -x1..-x${n - 1}; built and validated in ${fmt(r.buildMs / 1000, 1)} s.`,
    `first calls: the examples once each on cold caches (lazy indexes included), best of ${r.options.coldReps}. warm p50: sum over the examples of the median call.`,
    `distinct p50: the median handler call on ${DISTINCT_INPUTS} distinct inputs of the operation's cold stream (bench/cold-inputs.ts), caches warm.`,
    `The rule (issue 7): a ratio above ${1.5 * n}x is flagged. The reference row is a plain loop over every model, offer, rating and change event`,
    `reading a field and looking up its model: linear work, which grows ${fmt(ref, 1)}x here (median of its ratios measured beside each row) as`,
    `the data outgrow the CPU caches. "faster than the reference": over the rule and over 1.5x the reference's ratio, worth a look at the code.`,
    `Below ${RATIO_FLOOR_MS} ms the times are cached lookups and timer noise, and no ratio is shown.`,
    '',
    renderTable(['operation', 'first calls 1x ms', `first calls ${n}x ms`, 'ratio', 'warm p50 1x ms', `warm p50 ${n}x ms`, 'ratio', 'distinct p50 1x ms', `distinct p50 ${n}x ms`, 'ratio', 'verdict'], rows),
    ...(probeRow && probe ? ['', `Search index probe (q=${SEARCH_PROBE.q}, no match): ${show(probeRow.warm)} at ${n}x the data: `
      + (probe.indexed ? 'indexed (a scan would grow with the catalogue).' : 'grows with the catalogue: search looks like a scan.')] : []),
  ].join('\n');
}

if (isMain(import.meta.url)) {
  // bench/scale.ts [factor] [operation,operation]: the second argument re-times only those operations.
  const only = process.argv[3]?.split(',').filter(Boolean);
  const report = runScale({ factor: Number(process.argv[2] ?? 10), iterations: 50, maxMsPerExample: 1000, coldReps: 3, only });
  process.stdout.write(`${formatScale(report)}\n`);
}
