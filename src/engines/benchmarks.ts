// Benchmark scores across the catalogue: which benchmarks the dataset holds and each model's best score on one.
import type { Dataset } from '../dataset/dataset.ts';
import { benchmarkKey, type BenchmarkScore, type Fact } from '../schema/index.ts';

type BenchmarkIndex = {
  /** Benchmark key -> its name as most scores spell it. */
  names: Map<string, string>;
  /** Benchmark key -> model id -> the model's highest score on it. */
  best: Map<string, Map<string, Fact<BenchmarkScore>>>;
};

const indexes = new WeakMap<Dataset, BenchmarkIndex>();

/**
 * Built once per dataset. A model's score on a benchmark is its highest among the measurements it has there
 * (harnesses, effort settings, subsets); the newer one breaks a tie.
 */
function benchmarkIndex(ds: Dataset): BenchmarkIndex {
  let idx = indexes.get(ds);
  if (idx) return idx;
  const spellings = new Map<string, Map<string, number>>();
  const best = new Map<string, Map<string, Fact<BenchmarkScore>>>();
  for (const m of ds.models) {
    for (const b of m.benchmarks ?? []) {
      const key = benchmarkKey(b.value.name);
      if (!key) continue;
      const names = spellings.get(key) ?? new Map<string, number>();
      names.set(b.value.name, (names.get(b.value.name) ?? 0) + 1);
      spellings.set(key, names);
      const perModel = best.get(key) ?? new Map<string, Fact<BenchmarkScore>>();
      const cur = perModel.get(m.id);
      if (!cur || b.value.score > cur.value.score || (b.value.score === cur.value.score && b.as_of > cur.as_of)) perModel.set(m.id, b);
      best.set(key, perModel);
    }
  }
  const names = new Map<string, string>();
  for (const [key, counts] of spellings) {
    names.set(key, [...counts.entries()].sort(([a, na], [b, nb]) => nb - na || a.localeCompare(b))[0][0]);
  }
  idx = { names, best };
  indexes.set(ds, idx);
  return idx;
}

/** The benchmarks the dataset holds scores for, by name A to Z. */
export function benchmarkNames(ds: Dataset): string[] {
  return [...benchmarkIndex(ds).names.values()].sort((a, b) => a.localeCompare(b));
}

/** Whether any model has a score on the benchmark so named (`SWE-Bench Pro`, `swe-bench-pro`, `swe bench pro`). */
export function knownBenchmark(ds: Dataset, name: string): boolean {
  return benchmarkIndex(ds).best.has(benchmarkKey(name));
}

/** Model id -> its highest score on the named benchmark; empty when no model has one. */
export function bestScores(ds: Dataset, name: string): ReadonlyMap<string, Fact<BenchmarkScore>> {
  return benchmarkIndex(ds).best.get(benchmarkKey(name)) ?? new Map();
}
