// recommend_model's ranking of the models left by the steps: scored as figures, only the picks shown built as options.
import type { Model } from '../schema/index.ts';
import type { PricedOffer } from './ranking.ts';
import type { HostingPick } from './recommend-hosting.ts';
import type { QualityEvidence } from './recommend-quality.ts';
import type { TrustProfile } from './trust.ts';

/**
 * A model that qualified, with the score of each way it runs (-Infinity: not that way) and of the better one. An ask
 * ranks some hundreds of these and shows three, so the options with their score parts are built for those only.
 */
export type Scored = {
  model: Model;
  evidence: QualityEvidence;
  trust: TrustProfile;
  priced: PricedOffer | undefined;
  api_score: number;
  self: HostingPick | undefined;
  self_score: number;
  /** The better way: through the API offer (ahead on an equal score) or self-hosted. */
  api_first: boolean;
  /** The better way's score. */
  score: number;
  /** The better way's price per 1M tokens, API or rented; Infinity when unknown. */
  unit: number;
};

export function scored(
  model: Model, evidence: QualityEvidence, trust: TrustProfile, priced: PricedOffer | undefined, apiScore: number,
  self: HostingPick | undefined, selfScore: number,
): Scored {
  const first = apiFirst(priced, apiScore, self, selfScore);
  return {
    model, evidence, trust, priced, api_score: apiScore, self, self_score: selfScore, api_first: first,
    score: first ? apiScore : selfScore, unit: unitPrice(first, priced, self),
  };
}

/**
 * Which way is better: the higher score, the API offer on a tie (the order the options have always had). A self-hosted
 * way over the prompt limit on the caller's machine comes after an API offer, whatever the scores: it ranks after every
 * way that meets the limit (`tierOf`), and an offer is not held to it.
 */
export function apiFirst(priced: PricedOffer | undefined, apiScore: number, self: HostingPick | undefined, selfScore: number): boolean {
  return priced !== undefined && (self === undefined || self.over_prompt_limit || apiScore >= selfScore);
}

/**
 * The tier a way ranks in, before its score: 1 for a self-hosted way over the prompt limit on the caller's machine
 * (HostingPick.over_prompt_limit), 0 otherwise. A model that reads a full prompt within the use's limit there is never
 * displaced by one that does not, whatever their ratings (docs/trust-and-recommend.md section 2.4).
 */
export function tierOf(apiIsFirst: boolean, self: HostingPick | undefined): number {
  return !apiIsFirst && self?.over_prompt_limit ? 1 : 0;
}

/** The better way's price per 1M tokens, API or rented, compared at equal score and rating; Infinity when unknown. */
export function unitPrice(apiIsFirst: boolean, priced: PricedOffer | undefined, self: HostingPick | undefined): number {
  return (apiIsFirst ? priced?.blended : undefined) ?? self?.cost?.usd_per_mtok ?? Infinity;
}

/**
 * The models left, as figures in arrays reused from ask to ask (an ask ranks some hundreds and shows three): per slot
 * the model, its better way's tier (tierOf) and score, its rating, its better way's unit price, and its tier and score
 * on the caller's own machine (-Infinity: it does not run there). Objects are built again for the slots an answer shows.
 */
export class Ranking {
  private models: Model[] = [];
  private tier = new Uint8Array(1024);
  private ownTier = new Uint8Array(1024);
  private score = new Float64Array(1024);
  private rating = new Float64Array(1024);
  private unit = new Float64Array(1024);
  private own = new Float64Array(1024);
  length = 0;

  reset(): void {
    this.length = 0;
  }

  add(model: Model, score: number, rating: number, unit: number, ownScore: number, tier = 0, ownTier = 0): void {
    const i = this.length++;
    if (i === this.score.length) this.grow();
    this.models[i] = model;
    this.tier[i] = tier;
    this.ownTier[i] = ownTier;
    this.score[i] = score;
    this.rating[i] = rating;
    this.unit[i] = unit;
    this.own[i] = ownScore;
  }

  model(i: number): Model {
    return this.models[i];
  }

  /** Tier, then score, then rating, then price, then id: every tie is broken, so equal inputs give equal answers. */
  compare(a: number, b: number): number {
    return this.tier[a] - this.tier[b]
      || this.score[b] - this.score[a]
      || this.rating[b] - this.rating[a]
      || this.unit[a] - this.unit[b]
      || this.models[a].id.localeCompare(this.models[b].id);
  }

  /** The first `n` slots in ranking order, without sorting the rest. */
  top(n: number): number[] {
    const top: number[] = [];
    for (let s = 0; s < this.length; s++) {
      if (top.length === n && (n === 0 || this.compare(s, top[n - 1]) >= 0)) continue;
      let i = top.length;
      while (i > 0 && this.compare(s, top[i - 1]) < 0) i--;
      top.splice(i, 0, s);
      if (top.length > n) top.pop();
    }
    return top;
  }

  /**
   * How many run on the caller's machine, the best there (its tier first, then its score there; the better-ranked on a
   * tie) and its place, or -1.
   */
  bestOwn(): { fitting: number; best: number; position: number } {
    let fitting = 0;
    let best = -1;
    for (let s = 0; s < this.length; s++) {
      if (this.own[s] === -Infinity) continue;
      fitting++;
      const d = best < 0 ? -1 : this.ownTier[s] - this.ownTier[best] || this.own[best] - this.own[s] || this.compare(s, best);
      if (d < 0) best = s;
    }
    let position = 0;
    if (best >= 0) {
      position = 1;
      for (let s = 0; s < this.length; s++) if (s !== best && this.compare(s, best) < 0) position++;
    }
    return { fitting, best, position };
  }

  /** Lets go of the models held (a reloaded dataset's are then freed), keeping the array's room for the next ask. */
  clear(): void {
    this.models.fill(undefined as unknown as Model, 0, this.length);
    this.length = 0;
  }

  private grow(): void {
    const more = (a: Float64Array) => {
      const b = new Float64Array(a.length * 2);
      b.set(a);
      return b;
    };
    const moreTier = (a: Uint8Array) => {
      const b = new Uint8Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.tier = moreTier(this.tier);
    this.ownTier = moreTier(this.ownTier);
    this.score = more(this.score);
    this.rating = more(this.rating);
    this.unit = more(this.unit);
    this.own = more(this.own);
  }
}

/**
 * One value per model for the ask under way, in slots reused from ask to ask (`begin` to `end`; an ask runs to its
 * end before the next begins). A Map made per ask grew its table to some hundreds of models every time; these slots
 * are made once. `end` lets go of the values, so nothing of one ask outlives it.
 */
export class AskSlots<T> {
  private asked = new Uint8Array(0);
  private values: T[] = [];

  /** Every slot of `size` reads as not set. */
  begin(size: number): void {
    if (this.asked.length < size) {
      this.asked = new Uint8Array(size);
      this.values = new Array<T>(size);
    } else this.asked.fill(0);
  }

  has(i: number): boolean {
    return this.asked[i] === 1;
  }

  get(i: number): T {
    return this.values[i];
  }

  set(i: number, value: T): void {
    this.asked[i] = 1;
    this.values[i] = value;
  }

  end(): void {
    this.values.fill(undefined as T);
    this.asked.fill(0);
  }
}
