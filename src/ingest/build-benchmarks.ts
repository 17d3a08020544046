// A model's benchmark scores: one dated, sourced fact per score, chosen among the observations matched to it.
import { benchmarkKey, type BenchmarkScore, type Fact } from '../schema/index.ts';
import type { BenchmarkObservation, ModelObservation } from '../sources/types.ts';
import { key0 } from './match-keys.ts';

/** What makes two scores the same measurement: the benchmark, what it counts and the setup it was run under. */
function measurementKey(b: BenchmarkScore): string {
  return JSON.stringify([benchmarkKey(b.name), b.metric.toLowerCase(), b.harness ?? '', b.variant ?? '', b.dataset ?? '', b.version ?? '']);
}

type Found = { b: BenchmarkObservation; obs: ModelObservation; exact: boolean; as_of: string };

/**
 * Every distinct measurement reported for the model. Several entries merged into one model (an undated id and its
 * dated snapshot) may report the same measurement: the entry spelled like the model's id wins, then the newest
 * date. Each fact is dated by the score's own date; where the source gives none, by the observation's date, and
 * the note says so.
 */
export function buildBenchmarks(modelId: string, observations: readonly ModelObservation[]): Array<Fact<BenchmarkScore>> | undefined {
  const best = new Map<string, Found>();
  for (const obs of observations) {
    for (const b of obs.benchmarks ?? []) {
      const cand: Found = { b, obs, exact: key0(obs.source_model_id) === key0(modelId), as_of: b.date ?? obs.as_of };
      const k = measurementKey(b);
      const cur = best.get(k);
      if (!cur || better(cand, cur)) best.set(k, cand);
    }
  }
  if (best.size === 0) return undefined;
  return [...best.values()].map(toFact).sort(byName);
}

function better(a: Found, b: Found): boolean {
  if (a.exact !== b.exact) return a.exact;
  if (a.as_of !== b.as_of) return a.as_of > b.as_of;
  return a.obs.source_model_id < b.obs.source_model_id;
}

function toFact({ b, obs, as_of }: Found): Fact<BenchmarkScore> {
  const { date, ...value } = b;
  const f: Fact<BenchmarkScore> = { value, as_of, source: obs.source };
  if (date === undefined) f.note = `${obs.source} gives no date for this score: dated by the snapshot that reports it`;
  return f;
}

function byName(a: Fact<BenchmarkScore>, b: Fact<BenchmarkScore>): number {
  const ka = [a.value.name, a.value.dataset ?? '', a.value.version ?? '', a.value.harness ?? '', a.value.variant ?? '', a.value.metric];
  const kb = [b.value.name, b.value.dataset ?? '', b.value.version ?? '', b.value.harness ?? '', b.value.variant ?? '', b.value.metric];
  for (let i = 0; i < ka.length; i++) {
    const c = ka[i].localeCompare(kb[i]);
    if (c !== 0) return c;
  }
  return 0;
}
