// Cold input streams: for every operation, a sequence of distinct valid inputs, as high-cardinality traffic sends.
import type { Dataset } from '../src/dataset/dataset.ts';
import { USES } from '../src/engines/use-categories.ts';
import { DATA, KEEP, WHERE, WHO } from '../src/engines/vocabulary.ts';
import { benchmarkNames } from '../src/engines/benchmarks.ts';
import { modelFacts } from '../src/engines/memory.ts';

export type Raw = Record<string, unknown>;

export type ColdStream = {
  /** The i-th input (i from 0); distinct for every i below `distinct`. */
  input(i: number): Raw;
  /** How many distinct inputs the stream has before it repeats (the operation's input space may be small). */
  distinct: number;
};

/** The widest context the operations accept (contextParam: 512..1,048,576 tokens). */
export const WIDEST_CONTEXT = 1_048_576;
const MIN_CONTEXT = 512;
const CONTEXT_SPAN = WIDEST_CONTEXT - MIN_CONTEXT + 1;

/**
 * A context spread over the whole valid range, distinct for i below CONTEXT_SPAN: 7919 is prime and does not
 * divide the span (1,048,065 = 3 x 5 x 69,871), so i -> i x 7919 mod span is a permutation of 0..span-1.
 */
export function spreadContext(i: number): number {
  return MIN_CONTEXT + ((i * 7919) % CONTEXT_SPAN);
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** System RAM sizes a desktop or workstation is sold with, GB: recommend_model's asks beside a card. */
const SYSTEM_RAM_GB = [32, 64, 96, 128, 192, 256];

function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

/** Every operation's stream over this dataset's ids. Keyed by operation name. */
export function coldStreams(ds: Dataset): Record<string, ColdStream> {
  const models = ds.models.map((m) => m.id);
  const openModels = ds.models.filter((m) => m.open_weights?.value === true).map((m) => m.id);
  const hardware = ds.hardware.map((h) => h.id);
  const vendors = ds.developers.map((d) => d.id);
  const words = unique(ds.models.flatMap((m) => m.name.value.toLowerCase().split(/[^a-z0-9.]+/)).filter((w) => w.length >= 2)).sort();
  const boards = unique(ds.ratings.map((r) => `${r.leaderboard}\u0000${r.category}`)).sort().map((k) => k.split('\u0000'));
  const benchmarks = benchmarkNames(ds);
  const M = models.length;
  const at = <T>(xs: readonly T[], i: number): T => xs[((i % xs.length) + xs.length) % xs.length];
  return {
    get_model: { distinct: M, input: (i) => ({ model_id: at(models, i) }) },
    get_trust_profile: { distinct: M, input: (i) => ({ model_id: at(models, i) }) },
    // Ordered pairs of different models: a = i mod M, b the (i div M)-th model after a.
    compare_models: { distinct: M * (M - 1), input: (i) => ({ models: [at(models, i), at(models, (i % M) + 1 + (Math.floor(i / M) % (M - 1)))] }) },
    // Every hardware configuration at a context spread over the whole range; every fourth call also varies the
    // concurrency. The context alone makes each input distinct.
    models_for_hardware: {
      distinct: CONTEXT_SPAN,
      input: (i) => ({ hardware_id: at(hardware, i), context: spreadContext(i), ...(i % 4 === 3 ? { concurrency: 1 + (i % 256) } : {}) }),
    },
    // Open-weights models (the self-hosted side is the costly one) and every other model in turn, each at a volume
    // of its own; every third call also sets a context spread over the range.
    estimate_cost: {
      // tokens_millions stays at most 1,000,000 up to here.
      distinct: 7_000_000,
      input: (i) => ({
        model_id: i % 2 === 0 ? at(openModels, i / 2) : at(models, (i - 1) / 2),
        tokens_millions: round3(0.5 + i * 0.137),
        ...(i % 3 === 2 ? { context: spreadContext(i) } : {}),
      }),
    },
    list_hardware: {
      distinct: 6 * 100,
      input: (i) => {
        const cls = [undefined, 'laptop', 'desktop', 'workstation', 'server', 'cluster'][i % 6];
        return { ...(cls ? { class: cls } : {}), limit: 1 + (Math.floor(i / 6) % 100) };
      },
    },
    // A name word at a page size, or a price ceiling (distinct to the thousandth of a dollar) under each order.
    search_models: {
      // Measured: the first repeat comes at input 168,900.
      distinct: 168_900,
      input: (i) => {
        if (i % 3 === 0) return { q: at(words, i / 3), limit: 1 + (Math.floor(i / 3 / words.length) % 100) };
        if (i % 3 === 1) return { max_input_price: round3(((i * 0.013) % 50) + 0.001 * Math.floor(i / 3846)), sort: at(['elo', 'price', 'release_date', 'name'], i) };
        return { benchmark: at(benchmarks, i), min_context: 1000 + i, limit: 10 };
      },
    },
    // Free-text situations (each caller of its own size, echoed in the answer); the machine runs over the catalogue
    // and memory sizes. Every other catalogued machine (i mod 8 = 1) is asked beside system RAM, so that a model that
    // does not fit the card alone is placed with its experts there (half the catalogue is one discrete card; on the
    // rest the RAM applies nothing and a note says why).
    recommend_model: {
      distinct: 1_000_000_000,
      input: (i) => ({
        who: `${at(WHO, i)} of ${i + 2} people`,
        use: at(USES, Math.floor(i / WHO.length)),
        data: at(DATA, Math.floor(i / 3)),
        keep: at(KEEP, Math.floor(i / 5)),
        ...(i % 4 === 0 ? { where: at(WHERE, i / 4) } : { machine: i % 4 === 1 ? at(hardware, i) : `${4 + (i % 509)} GB GPU` }),
        ...(i % 8 === 1 ? { system_ram_gb: at(SYSTEM_RAM_GB, Math.floor(i / 8)) } : {}),
      }),
    },
    // A window of a year or less ending on each day of two years, by kind, model or vendor in turn.
    get_model_changes: {
      distinct: 730 * 365,
      input: (i) => {
        const until = new Date(Date.UTC(2025, 0, 1) + (i % 730) * 86_400_000).toISOString().slice(0, 10);
        const days = 1 + (Math.floor(i / 730) % 365);
        const pick = i % 3 === 0 ? { model: at(models, i) } : i % 3 === 1 ? { vendor: at(vendors, i) } : { kind: [at(['price', 'elo', 'licence', 'hosting'], i)] };
        return { until, days, ...pick };
      },
    },
    // Every use at a rating or rank floor, where it runs in turn, each at an input share of its own (999,983 is prime).
    cheapest_for: {
      distinct: 999_983,
      input: (i) => ({
        use: at(USES, i),
        input_share: (i % 999_983) / 999_983,
        ...(i % 2 === 0 ? { min_elo: round3(1000 + ((i * 0.1) % 500)) } : { min_rank: 1 + (i % 200) }),
        ...(i % 5 === 0 ? { where: at(WHERE, i / 5) } : {}),
      }),
    },
    get_podium: {
      distinct: boards.length * 3,
      input: (i) => {
        const [leaderboard, category] = at(boards, i);
        const ow = Math.floor(i / boards.length) % 3;
        return { leaderboard, category, ...(ow === 0 ? {} : { open_weights: ow === 1 }) };
      },
    },
  };
}

/**
 * The soak's streams: the cold streams, with recommend_model's asks also sliding `context` over the valid range, as a
 * context slider sends, so that anything kept per context shows as growth. Half of each kind of ask (a situation, a
 * named machine, a memory size: the stream's i mod 4) at a new context, by blocks of four: a context on every other
 * ask alone would never meet the situations (every fourth), where the on-premises picks are.
 */
export function soakStreams(ds: Dataset): Record<string, ColdStream> {
  const streams = coldStreams(ds);
  const rec = streams.recommend_model;
  streams.recommend_model = {
    distinct: rec.distinct,
    input: (i) => (Math.floor(i / 4) % 2 === 0 ? { ...rec.input(i), context: spreadContext(i) } : rec.input(i)),
  };
  return streams;
}

/** The extremes every operation must also meet its budget at: the widest context over the full catalogue. */
export function extremeInputs(ds: Dataset): Record<string, Raw[]> {
  const biggest = [...ds.hardware].sort((a, b) => b.memory_gb.value - a.memory_gb.value)[0];
  const sizedWidest = ds.models
    .filter((m) => m.open_weights?.value === true && !('missing' in modelFacts(m)))
    .sort((a, b) => (b.context_window?.value ?? 0) - (a.context_window?.value ?? 0) || a.id.localeCompare(b.id))
    .map((m) => m.id);
  return {
    models_for_hardware: [
      { hardware_id: biggest.id, context: WIDEST_CONTEXT, limit: 100 },
      { hardware_id: biggest.id, context: MIN_CONTEXT, limit: 100 },
      { hardware_id: biggest.id, context: WIDEST_CONTEXT, concurrency: 256, limit: 100 },
    ],
    // Open models the service sizes (memory facts known), the widest windows first: each is sized afresh on every
    // configuration at its whole window. The first open models by id have no facts and answered in a few pages' time.
    estimate_cost: sizedWidest.slice(0, 3).map((id) => ({ model_id: id, tokens_millions: 1_000_000, context: WIDEST_CONTEXT, concurrency: 4096 })),
    list_hardware: [{ limit: 100 }],
    search_models: [{ limit: 100, sort: 'price' }, { limit: 100, sort: 'name' }],
    get_model_changes: [{ days: 3650, limit: 100 }],
    cheapest_for: [{ use: 'chat', min_elo: 0, limit: 100 }],
  };
}
