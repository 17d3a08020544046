// The earliest day any source shows a model public: the end of a lower bound's span (docs/data.md, "Bounded release dates").
import type { Dataset } from '../dataset/dataset.ts';

const byDataset = new WeakMap<Dataset, ReadonlyMap<string, string>>();

/**
 * Per model, the earliest day a source records it as something a buyer or a rater could use: a dated change of its
 * price, hosting, rating or licence (a catalogue's history listing it, a leaderboard publishing its rating; a
 * scheduled event counts on the day it was read, not the day it names), or an offer's price reading. A repository's
 * creation day says only "not before"; such a day closes the span from the other side. Worked out once per dataset.
 */
export function publicBy(ds: Dataset): ReadonlyMap<string, string> {
  let days = byDataset.get(ds);
  if (days) return days;
  const out = new Map<string, string>();
  const see = (id: string, day: string) => {
    const had = out.get(id);
    if (had === undefined || day < had) out.set(id, day);
  };
  for (const c of ds.changes) see(c.model_id, c.as_of !== undefined && c.as_of < c.date ? c.as_of : c.date);
  for (const o of ds.offers) for (const p of Object.values(o.prices)) if (p) see(o.model_id, p.as_of);
  days = out;
  byDataset.set(ds, days);
  return days;
}
