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

/** Which way is better: the higher score, the API offer on a tie (the order the options have always had). */
export function apiFirst(priced: PricedOffer | undefined, apiScore: number, self: HostingPick | undefined, selfScore: number): boolean {
  return priced !== undefined && (self === undefined || apiScore >= selfScore);
}

/** The better way's price per 1M tokens, API or rented, compared at equal score and rating; Infinity when unknown. */
export function unitPrice(apiIsFirst: boolean, priced: PricedOffer | undefined, self: HostingPick | undefined): number {
  return (apiIsFirst ? priced?.blended : undefined) ?? self?.cost?.usd_per_mtok ?? Infinity;
}

/**
 * The models left, as figures in arrays reused from ask to ask (an ask ranks some hundreds and shows three): per slot
 * the model, its better way's score, its rating, its better way's unit price, and its score on the caller's own
 * machine (-Infinity: it does not run there). Objects are built again for the slots an answer shows.
 */
export class Ranking {
  private models: Model[] = [];
  private score = new Float64Array(1024);
  private rating = new Float64Array(1024);
  private unit = new Float64Array(1024);
  private own = new Float64Array(1024);
  length = 0;

  reset(): void {
    this.length = 0;
  }

  add(model: Model, score: number, rating: number, unit: number, ownScore: number): void {
    const i = this.length++;
    if (i === this.score.length) this.grow();
    this.models[i] = model;
    this.score[i] = score;
    this.rating[i] = rating;
    this.unit[i] = unit;
    this.own[i] = ownScore;
  }

  model(i: number): Model {
    return this.models[i];
  }

  /** Score, then rating, then price, then id: every tie is broken, so equal inputs give equal answers. */
  compare(a: number, b: number): number {
    return this.score[b] - this.score[a]
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

  /** How many run on the caller's machine, the best-scored there (the better-ranked on a tie) and its place, or -1. */
  bestOwn(): { fitting: number; best: number; position: number } {
    let fitting = 0;
    let best = -1;
    for (let s = 0; s < this.length; s++) {
      if (this.own[s] === -Infinity) continue;
      fitting++;
      if (best < 0 || this.own[s] > this.own[best] || (this.own[s] === this.own[best] && this.compare(s, best) < 0)) best = s;
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
