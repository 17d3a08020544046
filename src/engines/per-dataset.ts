// Values derived from a dataset, built once per Dataset object: a reloaded dataset gets its own, the old one is freed.
import type { Dataset } from '../dataset/dataset.ts';

/** One value per dataset, built on first use (an index, a filtered list). Held weakly by the dataset. */
export function perDataset<T>(build: (ds: Dataset) => T): (ds: Dataset) => T {
  const values = new WeakMap<Dataset, T>();
  return (ds) => {
    if (values.has(ds)) return values.get(ds)!;
    const v = build(ds);
    values.set(ds, v);
    return v;
  };
}

/** One value per dataset and key, computed on first ask (a model's trust profile, its cheapest offer). */
export function perDatasetKey<K, T>(compute: (ds: Dataset, key: K) => T): (ds: Dataset, key: K) => T {
  const maps = perDataset(() => new Map<K, T>());
  return (ds, key) => {
    const m = maps(ds);
    if (m.has(key)) return m.get(key)!;
    const v = compute(ds, key);
    m.set(key, v);
    return v;
  };
}
