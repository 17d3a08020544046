// recommend_model's score: its dimensions, the weights `who` and `data` set on them, and the price and openness parts.
import type { Model } from '../schema/index.ts';
import type { DataKind, Who } from './vocabulary.ts';

export const DIMENSIONS = ['quality', 'price', 'openness', 'trust', 'eu_residency', 'eu_jurisdiction', 'self_hosting'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export type Weights = Record<Dimension, number>;

/** Weights before `who` and `data` adjust them: quality first, then price, trust and openness. */
export const BASE_WEIGHTS: Weights = { quality: 0.5, price: 0.25, openness: 0.1, trust: 0.15, eu_residency: 0, eu_jurisdiction: 0, self_hosting: 0 };

/** What each `who` adds to (or takes from) the base weights (DESIGN.md section 6: each value documents its effect). */
export const WHO_WEIGHTS: Readonly<Record<Who, Partial<Weights>>> = {
  individual: { price: 0.15, self_hosting: 0.1 },
  startup: { price: 0.15 },
  enterprise: { trust: 0.15, price: -0.1 },
  'public-sector': { openness: 0.25, eu_jurisdiction: 0.15, eu_residency: 0.05, price: -0.1 },
  researcher: { openness: 0.2 },
  healthcare: { trust: 0.1, eu_residency: 0.1, self_hosting: 0.05 },
  education: { price: 0.1, openness: 0.1 },
};

/**
 * What each `data` adds: sensitive data prefers paths that keep it in the EU or on your own hardware, and models
 * whose trust evidence is known and good (the trust part is the Trust Index, which counts an unknown criterion as
 * not met, so unknown never scores as good).
 */
export const DATA_WEIGHTS: Readonly<Record<DataKind, Partial<Weights>>> = {
  public: {},
  internal: { trust: 0.05 },
  personal: { eu_residency: 0.1, trust: 0.05 },
  financial: { eu_residency: 0.1, trust: 0.1 },
  health: { eu_residency: 0.15, self_hosting: 0.1, trust: 0.1 },
  secret: { self_hosting: 0.1, trust: 0.05 },
};

/** `use=documents` needs a long context window: at least this many tokens, and fits are checked at DOCUMENTS_CONTEXT. */
export const DOCUMENTS_MIN_CONTEXT = 128_000;
/**
 * Quality is the rating gap to the board's top model on a linear scale: 0 points below the top scores 1, this many or
 * more scores 0. 200 rating points is the gap at which the top model wins about 76% of head-to-head votes.
 */
export const QUALITY_SPAN = 200;
/** Blended prices map to a 0..1 score on a log scale between these (USD per 1M tokens): cheaper is better. */
export const PRICE_BEST = 0.05;
export const PRICE_WORST = 50;
/**
 * Self-hosting on a configuration whose price the dataset does not hold (a bought desktop or Mac with no machine
 * named): its cost is unknown, so price scores neutral. A rented configuration scores its cost per 1M tokens.
 */
export const UNKNOWN_MACHINE_PRICE_SCORE = 0.5;
/**
 * Self-hosting with no machine named on a model no rented configuration fits: it needs more than the largest
 * configuration with a price (or, for EU data, with an EU region), so it is not counted as cheap.
 */
export const UNPRICED_CONFIGURATION_PRICE_SCORE = 0;

export function effectiveWeights(who: Who | null, data: DataKind | null): Weights {
  const w = { ...BASE_WEIGHTS };
  for (const adj of [who ? WHO_WEIGHTS[who] : {}, data ? DATA_WEIGHTS[data] : {}]) {
    for (const [k, v] of Object.entries(adj) as Array<[Dimension, number]>) w[k] = Math.max(0, w[k] + v);
  }
  const sum = DIMENSIONS.reduce((s, d) => s + w[d], 0);
  for (const d of DIMENSIONS) w[d] = Math.round((w[d] / sum) * 1e4) / 1e4;
  return w;
}

const log10 = Math.log10;
export function priceScore(blended: number): number {
  const s = (log10(PRICE_WORST) - log10(Math.max(blended, 1e-6))) / (log10(PRICE_WORST) - log10(PRICE_BEST));
  return Math.min(1, Math.max(0, s));
}

export function opennessScore(m: Model): number {
  if (m.open_weights?.value !== true) return 0;
  if (m.licence?.value.osi_approved === true) return 1;
  return m.licence?.value.commercial_use === true ? 0.75 : 0.5;
}
