// cheapest_for's quality floor: a rating, a rank or "as good as model X", read at the point or at the 95% lower bound.
import type { Dataset } from '../dataset/dataset.ts';
import type { Board, BoardEntry } from '../engines/ranking.ts';
import type { UseBoard } from '../engines/use-categories.ts';
import { ServiceError } from '../errors/index.ts';

export const FLOOR_BASES = ['point', 'lower_bound'] as const;
export type FloorBasis = (typeof FLOOR_BASES)[number];

export type FloorInput = { min_elo?: number; min_rank?: number; as_good_as?: string; floor: FloorBasis };

export type Floor = {
  /** Whether a board entry meets the floor. */
  meets: (e: BoardEntry) => boolean;
  /** The rating the floor compares with, when it is a rating (min_elo, as_good_as, min_rank at lower_bound). */
  threshold: number | null;
  /** as_good_as resolved: the reference model and its entry on the board. */
  reference: { model_id: string; entry: BoardEntry } | null;
  rule: string;
  /** The floor in a few words, for each item's sentence (`, at or above ...`). */
  text: string;
};

/** Named cross-field rule: one floor at a time, since a rating, a rank and a reference model can contradict. */
export function oneFloorOnly(input: FloorInput): void {
  const given = (['min_elo', 'min_rank', 'as_good_as'] as const).filter((k) => input[k] !== undefined);
  if (given.length > 1) {
    throw new ServiceError('invalid_parameter', `Give one floor: ${given.join(' and ')} are both given.`, {
      errors: [{ parameter: given[1], message: `${given[0]} is also given`, allowed: 'one of min_elo, min_rank, as_good_as' }],
    });
  }
}

/** The reference model of `as_good_as`, rated on the use's board; a clear 400 otherwise. */
function referenceOf(ds: Dataset, ub: UseBoard, text: string): { model_id: string; entry: BoardEntry } {
  const board = `${ub.leaderboard}/${ub.category}`;
  const id = ds.resolveModelId(text);
  if (!id) {
    const near = ds.suggestModelIds(text, 5);
    throw new ServiceError('invalid_parameter', `as_good_as: no model "${text}" in the dataset.`, {
      errors: [{ parameter: 'as_good_as', message: 'unknown model id', allowed: `a model id or alias rated on ${board}${near.length ? `; near: ${near.join(', ')}` : ''}` }],
    });
  }
  const entry = ub.board?.byModel.get(id);
  if (!entry) {
    const top = (ub.board?.entries ?? []).slice(0, 5).map((e) => e.model_id);
    throw new ServiceError('invalid_parameter', `as_good_as: ${id} is not rated on ${board}, the board that measures ${ub.use}, so it sets no floor there.`, {
      errors: [{ parameter: 'as_good_as', message: `not rated on ${board}`, allowed: `a model rated on ${board}${top.length ? `, e.g. ${top.join(', ')}` : ''}` }],
    });
  }
  return { model_id: id, entry };
}

const r0 = (x: number) => Math.round(x);

/**
 * The floor a model's best-variant rating must meet. `point` compares ratings; `lower_bound` compares the model's
 * 95% lower bound, so only models whose whole interval clears the floor qualify: better with that confidence.
 */
export function floorOf(ds: Dataset, ub: UseBoard, input: FloorInput): Floor {
  const b: Board | undefined = ub.board;
  const on = `${ub.leaderboard}/${ub.category}`;
  const low = input.floor === 'lower_bound';
  const value = (e: BoardEntry) => (low ? e.best.rating_lower : e.best.rating);
  const what = low ? '95% lower bound of the best-variant rating' : 'best-variant rating';
  if (input.as_good_as !== undefined) {
    const reference = referenceOf(ds, ub, input.as_good_as);
    const t = reference.entry.best.rating;
    return {
      meets: (e) => value(e) >= t, threshold: t, reference,
      rule: `${what} on ${on} >= ${t}, the rating of ${reference.model_id} (${reference.entry.best.variant}, ${reference.entry.best.as_of}): at least as good as it${low ? ', beyond the rating\'s uncertainty' : ''}`,
      text: `, ${low ? 'its lower bound ' : ''}at or above ${reference.model_id}'s ${r0(t)}`,
    };
  }
  if (input.min_elo !== undefined) {
    const t = input.min_elo;
    return { meets: (e) => value(e) >= t, threshold: t, reference: null, rule: `${what} on ${on} >= ${t}`, text: `, ${low ? 'its lower bound ' : ''}at or above the floor of ${t}` };
  }
  if (input.min_rank !== undefined) {
    const n = input.min_rank;
    if (!low) return { meets: (e) => e.rank <= n, threshold: null, reference: null, rule: `rank on ${on} <= ${n} (rank among models by best variant)`, text: `, within the top ${n}` };
    // At the lower bound a rank becomes the rating of the last model within the top n.
    const last = [...(b?.entries ?? [])].filter((e) => e.rank <= n).at(-1);
    const t = last?.best.rating ?? Infinity;
    return {
      meets: (e) => e.best.rating_lower >= t, threshold: last ? t : null, reference: null,
      rule: `${what} on ${on} >= ${last ? `${t}, the rating of ${last.model_id} at rank ${last.rank}` : 'the rating at that rank (the board has no models)'}: within the top ${n} beyond the rating's uncertainty`,
      text: `, its lower bound at or above the top-${n} rating of ${last ? r0(t) : 'none'}`,
    };
  }
  return { meets: () => true, threshold: null, reference: null, rule: `rated on ${on} (no minimum given)`, text: '' };
}

/**
 * The answer's warning when no floor is given and the first place is rated in the board's lower half: the cheapest
 * model rated at all (Llama 3.2 1B, rank 344 of 363, first for agents) is not one the board shows good at the use, and
 * a reader taking place 1 for the answer would miss that. Null when a floor is given, or the first place is in the
 * upper half (rank <= half the models rated), or the page does not start at place 1.
 */
export function noFloorNote(input: FloorInput, first: { name: string; rank: number } | undefined, rated: number, on: string): string | null {
  if (input.min_elo !== undefined || input.min_rank !== undefined || input.as_good_as !== undefined) return null;
  if (!first || first.rank <= rated / 2) return null;
  return `No floor was given, so every rated model qualifies: the first place, ${first.name}, is rank ${first.rank} of ${rated} on ${on}, `
    + 'in the lower half of the board; give min_rank, min_elo or as_good_as for models the board rates well.';
}
