// Once the warm-up is done: two young-generation collections, so that what the warm-up built to keep is moved to the
// old generation at start rather than by the first collection a request meets.
//
// Why: pretenuring is off before the warm-up (pretenuring.ts), so the warm-up's kept parts (per-dataset sizings, kept
// texts, partial projections) are made young. The first young collection after it copied and promoted 3.3 to 5.9 MB
// of them, a pause of 75 ms and more inside whichever request met it (docs/performance.md, twentieth round). A full
// collection there removed that promotion but made the next calls dearer; a young one promotes only what survives
// (V8 promotes what already survived one young collection: hence two) and leaves the old generation alone.
import v8 from 'node:v8';
import vm from 'node:vm';

type Gc = (options: { type: 'minor' | 'major'; execution?: 'sync' }) => void;

/** V8's collector, borrowed for one context: no other code sees a global `gc` (the process's own where node exposes it). */
function collector(): Gc {
  const own = (globalThis as { gc?: Gc }).gc;
  if (own) return own;
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as Gc;
  v8.setFlagsFromString('--no-expose-gc');
  return gc;
}

/** Two young-generation collections; returns their milliseconds. */
export function promoteWarmUpSurvivors(): number {
  const t0 = performance.now();
  const gc = collector();
  gc({ type: 'minor' });
  gc({ type: 'minor' });
  return performance.now() - t0;
}
