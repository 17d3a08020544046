// After loading, before the warm-up: V8 stops deciding to allocate objects in the old generation by where they were
// made (pretenuring).
//
// Why: V8 watches each allocation site (an object or array literal in the code); when a young-generation collection
// finds nearly all of one site's objects alive, it allocates that site's objects in the old generation from then on.
// The start-up and the warm-up build kept per-dataset parts, and the young generation is still small then: a collection
// landing in the middle of a 100-entry models_for_hardware page finds the entries' speed and memory objects, made
// per ask, all alive, and their sites stay pretenured for the life of the process. Every later cold ask then made those
// objects old: they died there (the old generation grew some 1.2 MB every collection of the young one, which full
// collections then had to sweep), and each young-generation collection kept alive whatever young values they pointed
// to, dead or not: some 600 KB copied a collection instead of about 100 (docs/performance.md, "The extremes, continued").
// Loading keeps it: the dataset's long-lived tables are allocated where they will live. The warm-up does not: turned off
// once it was done, the sites its 100-entry models_for_hardware pages had judged long-lived (50 such pages since the
// eighteenth round) went on making every later page's entries old, and each young collection copied and promoted some
// 1.5 MB they held instead of some 0.2 (docs/performance.md, nineteenth round). The warm-up's own kept parts are then
// made young and moved to the old generation by a collection or two, once.

import v8 from 'node:v8';

let stopped = false;

/** Turns V8's allocation-site pretenuring off for the rest of the process (once; later calls do nothing). */
export function stopPretenuring(): void {
  if (stopped) return;
  stopped = true;
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
