// How many providers serve each model on the day the dataset is judged: search's index and its order both read it.
import type { Dataset } from '../dataset/dataset.ts';
import { isShutDownOffer } from './offer-lifecycle.ts';
import { perDataset } from './per-dataset.ts';

/** Per dataset: model id -> how many providers serve it on the day the dataset is judged (retired offers left out). */
export const providersServing: (ds: Dataset) => ReadonlyMap<string, number> = perDataset((ds) => {
  const counts = new Map<string, number>();
  for (const m of ds.models) {
    const live = (ds.offersByModel.get(m.id) ?? []).filter((o) => !isShutDownOffer(o, ds.lifecycleDate));
    counts.set(m.id, new Set(live.map((o) => o.provider)).size);
  }
  return counts;
});
