// Quality evidence for recommend_model: the model's own rating, else its benchmark scores, else a rated sibling's.
import type { Dataset } from '../dataset/dataset.ts';
import type { BenchmarkScore, Model } from '../schema/index.ts';
import type { Fact } from '../schema/fact.ts';
import type { Board, BoardEntry } from './ranking.ts';
import type { UseBoard } from './use-categories.ts';

/**
 * Fewest rated models that must publish a benchmark before a score on it places an unrated model: with fewer, one
 * outlier decides the place. A policy of this service (documented in docs/trust-and-recommend.md section 2.4).
 */
export const MIN_BENCHMARK_PEERS = 5;
/** Fewest pairs of rated siblings a board needs before their rating gap per halving of size is trusted. */
export const MIN_FAMILY_PAIRS = 3;

export type BenchmarkPlace = {
  benchmark: Fact<BenchmarkScore>;
  /** Rated models on the board that publish the same benchmark. */
  peers: number;
  /** Of those, how many score below the model (ties count half). */
  below: number;
  /** The rating lower bound at the model's place among the peers (interpolated). */
  estimate: number;
};

export type FamilyEvidence = {
  sibling: Model;
  entry: BoardEntry;
  /** The model line both ids start with (`qwen3-coder`). */
  line: string;
  /** log2(sibling parameters / model parameters): how many halvings smaller the model is (0 when not smaller). */
  halvings: number;
  /** Rating points lost per halving of parameters, the median over rated siblings on this board. */
  points_per_halving: number;
  pairs: number;
};

/**
 * What the quality score rests on. `rating` is the rating used: the model's own best rating, or, for indirect
 * evidence, a conservative estimate built from 95% lower bounds (never a point estimate of another model).
 */
export type QualityEvidence =
  | { basis: 'rating'; rating: number; entry: BoardEntry }
  | { basis: 'benchmarks'; rating: number; places: BenchmarkPlace[] }
  | { basis: 'family'; rating: number; family: FamilyEvidence };

/** Metrics where a lower figure is better (a rank, an error rate, a cost): the place mapping assumes higher is better. */
const LOWER_IS_BETTER = /rank|error|loss|latency|cost|price|perplexity/i;

const norm = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9τ]+/g, '');

/** A size token in a model id: `30b`, `1.5b`, `a3b` (active), `e4b` (Gemma's effective size), `560m`. */
const SIZE_TOKEN = /^(\d+(\.\d+)?[bm]|a\d+(\.\d+)?b|e\d+(\.\d+)?b)$/;

/**
 * The model line an id belongs to: its words before the first size word (`qwen3-coder-30b-a3b-instruct` ->
 * `qwen3-coder`). Undefined when the id names no size: without one, siblings cannot be told from renamings.
 */
export function modelLine(id: string): string | undefined {
  const words = id.split('-');
  const i = words.findIndex((w) => SIZE_TOKEN.test(w));
  return i > 0 ? words.slice(0, i).join('-') : undefined;
}

type BoardIndex = {
  /** Normalised benchmark name -> the rated models' scores on it with their entries. */
  benchmarks: Map<string, Array<{ score: number; entry: BoardEntry }>>;
  /** vendor + line -> rated members with a parameter count. */
  lines: Map<string, Array<{ model: Model; entry: BoardEntry }>>;
  points_per_halving: number | null;
  pairs: number;
};

const indexes = new WeakMap<Board, BoardIndex>();
/** Per board, per use (uses can share a board but not their benchmarks), per model: looked up by object, no key built. */
const results = new WeakMap<Board, Map<string, Map<Model, QualityEvidence | null>>>();

const lineKey = (m: Model, line: string) => `${m.vendor}\u0000${line}`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

function buildIndex(ds: Dataset, b: Board): BoardIndex {
  const benchmarks = new Map<string, Array<{ score: number; entry: BoardEntry }>>();
  const lines = new Map<string, Array<{ model: Model; entry: BoardEntry }>>();
  for (const entry of b.entries) {
    const m = ds.modelById.get(entry.model_id);
    if (!m) continue;
    const seen = new Set<string>();
    for (const bf of m.benchmarks ?? []) {
      const key = norm(bf.value.name);
      if (seen.has(key) || LOWER_IS_BETTER.test(bf.value.metric)) continue; // one score per benchmark and model: the first listed
      seen.add(key);
      const list = benchmarks.get(key) ?? [];
      list.push({ score: bf.value.score, entry });
      benchmarks.set(key, list);
    }
    const line = modelLine(m.id);
    if (line && m.parameters_total) {
      const list = lines.get(lineKey(m, line)) ?? [];
      list.push({ model: m, entry });
      lines.set(lineKey(m, line), list);
    }
  }
  // Within a line, the gap between a larger and a smaller rated member per halving of parameters. Pairs less than
  // 2x apart are left out: their gap is mostly the rating's noise.
  const slopes: number[] = [];
  for (const members of lines.values()) {
    for (const big of members) {
      for (const small of members) {
        const halvings = Math.log2(big.model.parameters_total!.value / small.model.parameters_total!.value);
        if (halvings >= 1) slopes.push((big.entry.best.rating - small.entry.best.rating) / halvings);
      }
    }
  }
  const pairs = slopes.length;
  return { benchmarks, lines, pairs, points_per_halving: pairs >= MIN_FAMILY_PAIRS ? Math.max(0, median(slopes)) : null };
}

function boardIndex(ds: Dataset, b: Board): BoardIndex {
  let idx = indexes.get(b);
  if (!idx) indexes.set(b, (idx = buildIndex(ds, b)));
  return idx;
}

/**
 * The model's place among the rated peers that publish the same benchmark, mapped to the rating lower bound at the
 * same place among those peers (higher scores are better, as for every benchmark the sources carry).
 */
function benchmarkPlace(bf: Fact<BenchmarkScore>, peers: ReadonlyArray<{ score: number; entry: BoardEntry }>): BenchmarkPlace {
  const s = bf.value.score;
  const below = peers.reduce((n, p) => n + (p.score < s ? 1 : p.score === s ? 0.5 : 0), 0);
  const lows = peers.map((p) => p.entry.best.rating_lower).sort((a, b) => a - b);
  const x = Math.min(lows.length - 1, Math.max(0, below - 0.5)); // the place's index among the sorted lower bounds
  const i = Math.floor(x);
  const estimate = i + 1 < lows.length ? lows[i] + (x - i) * (lows[i + 1] - lows[i]) : lows[i];
  return { benchmark: bf, peers: peers.length, below, estimate: Math.round(estimate * 10) / 10 };
}

function fromBenchmarks(idx: BoardIndex, ub: UseBoard, m: Model): QualityEvidence | undefined {
  if (!ub.benchmarks) return undefined;
  const places: BenchmarkPlace[] = [];
  const seen = new Set<string>();
  for (const bf of m.benchmarks ?? []) {
    const key = norm(bf.value.name);
    if (seen.has(key) || !ub.benchmarks.test(bf.value.name) || LOWER_IS_BETTER.test(bf.value.metric)) continue;
    seen.add(key);
    const peers = (idx.benchmarks.get(key) ?? []).filter((p) => p.entry.model_id !== m.id);
    if (peers.length >= MIN_BENCHMARK_PEERS) places.push(benchmarkPlace(bf, peers));
  }
  if (places.length === 0) return undefined;
  return { basis: 'benchmarks', rating: Math.round(median(places.map((p) => p.estimate)) * 10) / 10, places };
}

function fromFamily(idx: BoardIndex, m: Model): QualityEvidence | undefined {
  const line = modelLine(m.id);
  if (!line || !m.parameters_total) return undefined;
  const size = m.parameters_total.value;
  let best: { family: FamilyEvidence; rating: number; distance: number } | undefined;
  for (const s of idx.lines.get(lineKey(m, line)) ?? []) {
    if (s.model.id === m.id) continue;
    const ratio = Math.log2(s.model.parameters_total!.value / size);
    const halvings = Math.max(0, ratio);
    // A larger sibling rates higher than this model would: without a measured gap per halving, it says nothing.
    if (halvings > 0 && idx.points_per_halving === null) continue;
    const rating = s.entry.best.rating_lower - halvings * (idx.points_per_halving ?? 0);
    const distance = Math.abs(ratio);
    if (!best || distance < best.distance || (distance === best.distance && rating < best.rating)) {
      best = {
        rating,
        distance,
        family: {
          sibling: s.model, entry: s.entry, line, halvings: Math.round(halvings * 100) / 100,
          points_per_halving: Math.round((idx.points_per_halving ?? 0) * 10) / 10, pairs: idx.pairs,
        },
      };
    }
  }
  return best && { basis: 'family', rating: Math.round(best.rating * 10) / 10, family: best.family };
}

/**
 * The evidence a model's quality for the use rests on, strongest first: its own rating on the use's board; its
 * published scores on benchmarks of the same skill, placed among the rated models that publish them; a rated
 * sibling of the same line, from its 95% lower bound less the board's rating gap per halving of size. Indirect
 * evidence is never read above what its source supports. Undefined: no evidence, so not recommended.
 */
export function qualityEvidence(ds: Dataset, ub: UseBoard, m: Model): QualityEvidence | undefined {
  const b = ub.board;
  if (!b) return undefined;
  let byUse = results.get(b);
  if (!byUse) results.set(b, (byUse = new Map()));
  let cache = byUse.get(ub.use);
  if (!cache) byUse.set(ub.use, (cache = new Map()));
  const hit = cache.get(m);
  if (hit !== undefined) return hit ?? undefined;
  const entry = b.byModel.get(m.id);
  let ev: QualityEvidence | undefined;
  if (entry) ev = { basis: 'rating', rating: entry.best.rating, entry };
  else {
    const idx = boardIndex(ds, b);
    ev = fromBenchmarks(idx, ub, m) ?? fromFamily(idx, m);
  }
  cache.set(m, ev ?? null);
  return ev;
}
