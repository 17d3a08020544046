// Warm-up: run every operation's examples once, and its own warm-up inputs (the widest pages), so the per-dataset
// indexes and rankings the engines cache (search index, boards, trust profiles, hardware rankings) and the kept parts
// made per row are built at start, not on a caller's first request;
// and, given a writer, each answer written at both tiers as a request's is, so the kept parts' texts and partial
// projections (access/write-body.ts) are made at start too.
import type { Dataset } from '../dataset/dataset.ts';
import type { AnyOperation } from './operation.ts';

export type WarmReport = {
  /** From the first call to the last answer, including the time given to requests in between. */
  ms: number;
  /** The time the calls themselves took. */
  busy_ms: number;
  calls: number;
  failed: string[];
};

/** Writes a handler's answer as a request at the full (`full` true) or the partial tier would receive it. */
export type WarmWriter = (op: AnyOperation, result: unknown, full: boolean) => void;

/** What the warm-up runs for an operation, in order: its examples' inputs, then its own warm-up inputs. */
export function warmInputsOf(op: AnyOperation): Array<{ label: string; input: Record<string, unknown> }> {
  return [
    ...op.examples.map((ex) => ({ label: ex.title, input: ex.input })),
    ...(op.warmInputs ?? []).map((input) => ({ label: `warm-up ${JSON.stringify(input)}`, input })),
  ];
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One call at a time, yielding to the event loop between calls: the server answers requests (/readyz among them)
 * while it warms, and a request waits behind one example at most (the slowest builds an index in about 0.1 s),
 * never behind the whole warm-up. A request that needs an index not yet built builds it itself.
 */
export async function warmUp(
  dataset: Dataset, operations: readonly AnyOperation[], today: string, write?: WarmWriter,
): Promise<WarmReport> {
  const started = performance.now();
  const failed: string[] = [];
  let calls = 0;
  let busy = 0;
  for (const op of operations) {
    for (const ex of warmInputsOf(op)) {
      await yieldToRequests();
      const t = performance.now();
      calls++;
      const input = op.input.safeParse(ex.input);
      if (!input.success) failed.push(`${op.name}: ${ex.label}`);
      else {
        try {
          const result = op.handler(dataset, input.data, { today });
          write?.(op, result, true);
          write?.(op, result, false);
        } catch {
          failed.push(`${op.name}: ${ex.label}`);
        }
      }
      busy += performance.now() - t;
    }
  }
  return { ms: Math.round(performance.now() - started), busy_ms: Math.round(busy), calls, failed };
}
