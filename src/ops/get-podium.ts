// get_podium: the top three models of an arena leaderboard and category, with statistical ties flagged.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { isDeprecatedModel, retiredText, scheduledShutdownText } from '../engines/offer-lifecycle.ts';
import { board, categoriesOf, podium, type Board, type Podium } from '../engines/ranking.ts';
import { ServiceError } from '../errors/index.ts';
import { daysBetween, IsoDate, Leaderboard, type Model } from '../schema/index.ts';
import { defineOperation, READ_ONLY } from './operation.ts';
import { ModelRef, RatingView, toModelRef, toRatingView } from './shapes.ts';

export const TIE_RULE =
  'Places i and j are a statistical tie when their 95% intervals overlap (lower bound of one at or below the upper bound of the other): the data cannot tell which is better.';

const Place = z.object({
  place: z.number().int().describe('1, 2 or 3: the order by best-variant rating.'),
  rank: z.number().int().describe('Rank among all models rated on the board (before the open_weights filter).'),
  model: ModelRef,
  rating: RatingView.describe("The model's best-rated variant: rating, 95% interval, votes, as_of, source."),
  tie_with_next: z.boolean().describe("This place's interval overlaps the next model's (for third place, the fourth model: see `next`)."),
  statistical_tie: z.boolean().describe('This place overlaps at least one other podium place.'),
  ties_with: z.array(z.string()).describe('Model ids of the other podium places it is statistically tied with.'),
  lifecycle_note: z.string().nullable().describe('Said when the developer has announced the model\'s deprecation and its '
    + 'shutdown date is still to come: it is served and ranked until then, e.g. "deprecated, scheduled to shut down on 2026-12-11 '
    + '(deprecations-rss); served until then"; and, with include_deprecated, of a model already shut down or deprecated with '
    + 'no date: "shut down on 2026-03-09 (deprecations-rss)". Null for a model served with no deprecation announced.'),
});

/**
 * What a podium place says of its model's lifecycle: a shutdown still to come, or (kept by include_deprecated) one
 * already past or a deprecation with no date, in the words `left_out` gives when the model is left out. Every
 * shut-down or retiring model on a podium carries its note (gemini-3-pro-preview, shut down 2026-03-09, had none).
 */
function lifecycleNote(m: Model, asOf: string): string | null {
  return scheduledShutdownText(m, asOf) ?? (isDeprecatedModel(m, asOf) ? retiredText(m, asOf) : null);
}

/**
 * A board whose newest rating is older than this many days before the data's date is said to be old: LMArena stops
 * publishing a board (vision's last snapshot in the dataset is of 2025-12-17) while its models move on.
 */
export const STALE_BOARD_DAYS = 90;

/**
 * What a reader should know of a board's age. Against the data's date, a board long silent may no longer be published;
 * against today only, the board may be current at its source while the dataset is old: newer ratings are then missing
 * here, not there. Both are said from the day asked (the answer's cache key holds the day).
 */
function staleNotice(boardAsOf: string, dataAsOf: string, today: string): string | null {
  const beforeData = daysBetween(boardAsOf, dataAsOf);
  if (beforeData > STALE_BOARD_DAYS) {
    return `The newest rating on this board is of ${boardAsOf}, ${beforeData} days before the data's date (${dataAsOf}): LMArena may no longer publish it, and models released since are not on it.`;
  }
  const beforeToday = daysBetween(boardAsOf, today);
  if (beforeToday > STALE_BOARD_DAYS) {
    return `The newest rating on this board is of ${boardAsOf}, ${beforeToday} days before today (${today}); the dataset was taken on ${dataAsOf}, so ratings LMArena has published since, and models released since, are not in it.`;
  }
  return null;
}

const Retired = z.object({
  rank: z.number().int().describe('Its rank on the board.'),
  model: ModelRef,
  rating: RatingView,
  reason: z.string().describe('Why it is left out, with the date and source (deprecated, or shut down on a date; or, under the '
    + 'open_weights filter, no source says its weights are downloadable (true) or unpublished (false), with the licence on record).'),
});

/**
 * A podium depends only on its board and the open-weights filter (three values), and finding it scans the whole
 * board (to count the models considered): kept per board, so a call after the first is a lookup. Boards are built
 * once per dataset, so the podiums go with them.
 */
type Kept = { podium: Podium; left_out: z.infer<typeof Retired>[]; considered_note: string };
const podiums = new WeakMap<Board, Map<string, Kept>>();

/** The podium of a board under the filters, and the retired models rated above its last place: kept per board. */
function podiumOf(ds: Dataset, b: Board, openWeights: boolean | undefined, includeDeprecated: boolean): Kept {
  let byFilter = podiums.get(b);
  if (!byFilter) podiums.set(b, (byFilter = new Map()));
  const key = `${openWeights}|${includeDeprecated}`;
  let k = byFilter.get(key);
  if (!k) {
    const asOf = ds.lifecycleDate;
    const ofKind = (m: Model | undefined) => openWeights === undefined || m?.open_weights?.value === openWeights;
    const p = podium(b, (id) => {
      const m = ds.modelById.get(id);
      return ofKind(m) && (includeDeprecated || !m || !isDeprecatedModel(m, asOf));
    });
    // The retired models a reader of the board would see above the last place shown (or above the fourth, `next`).
    const lastRank = (p.next ?? p.places[p.places.length - 1]?.entry)?.rank ?? Infinity;
    const ref = (id: string) => toModelRef(ds, ds.modelById.get(id)!);
    const left_out = b.entries.flatMap((e) => {
      const m = ds.modelById.get(e.model_id);
      if (e.rank >= lastRank || m === undefined) return [];
      const retired = !includeDeprecated && isDeprecatedModel(m, asOf);
      // Under the open-weights filter, a model no source classes either way is left out too, and said so.
      const reason = retired && ofKind(m) ? retiredText(m, asOf)
        : !retired && openWeights !== undefined && m.open_weights === undefined ? unknownWeightsText(m, openWeights) : undefined;
      return reason ? [{ rank: e.rank, model: ref(e.model_id), rating: toRatingView(e.best), reason }] : [];
    });
    const counts = { retired: 0, opposite: 0, unclassed: 0 };
    for (const e of b.entries) {
      const m = ds.modelById.get(e.model_id);
      if (!ofKind(m)) counts[m?.open_weights === undefined ? 'unclassed' : 'opposite']++;
      else if (m && !includeDeprecated && isDeprecatedModel(m, asOf)) counts.retired++;
    }
    const considered_note = consideredText(b.entries.length, p.considered, counts, openWeights, asOf);
    byFilter.set(key, (k = { podium: p, left_out, considered_note }));
  }
  return k;
}

/**
 * Why `considered` is below `rated_models`, in counts a reader can check: 314 of 358 on the coding board, where the 44
 * others are deprecated or shut down and none of them rated above the last place (so `left_out` is empty). Under the
 * open_weights filter the models known to be of the other kind are counted apart: `left_out` lists only the deprecated
 * and the unclassed rated above the last place, never a known-closed model above an open podium.
 */
function consideredText(rated: number, considered: number, c: { retired: number; opposite: number; unclassed: number },
  openWeights: boolean | undefined, asOf: string): string {
  if (considered === rated) return `All ${rated} rated models considered.`;
  const parts = [
    c.retired ? `${c.retired} deprecated or shut down by ${asOf} (include_deprecated=true keeps them)` : '',
    c.opposite ? `${c.opposite} ${openWeights ? 'whose weights a source says are unpublished' : 'whose weights a source says are downloadable'} (open_weights=${openWeights})` : '',
    c.unclassed ? `${c.unclassed} no source classes either way` : '',
  ].filter(Boolean);
  const listed = openWeights === undefined ? 'the deprecated or shut-down ones' : 'the deprecated and unclassed ones';
  return `${considered} of ${rated} rated models considered; left out: ${parts.join('; ')}. Of these, ${listed} rated above `
    + 'the last place shown are listed in `left_out`.';
}

/**
 * Why a model is left out of an open_weights podium when no source classes its weights: what is on record, stated
 * as such. A licence label alone is not evidence either way (docs/data.md, "Open weights need evidence"), so it is
 * named beside the fact, not as a doubt: "Proprietary" must not read as if the weights might be open. Under
 * open_weights=false the reason names the missing evidence the closed podium needs (that the weights are not
 * published): "no source says its weights are downloadable" would be a reason to include it there, not to leave it out.
 */
function unknownWeightsText(m: Model, openWeights: boolean): string {
  const lic = m.licence ? `licence on record: ${m.licence.value.name} (as of ${m.licence.as_of})` : 'no licence on record';
  return openWeights
    ? `no source says its weights are downloadable; ${lic}`
    : `no source says its weights are unpublished; ${lic}`;
}

const normaliseCategory = (s: string) => s.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');

export const get_podium = defineOperation({
  name: 'get_podium',
  title: 'Arena podium: top 3 of a leaderboard',
  description:
    "Return the top 3 models of an LMArena leaderboard (default text with style control, LMArena's default view; also text, vision, webdev) in a category (default overall; e.g. coding, math, creative_writing, hard_prompts, instruction_following, multi_turn, longer_query, languages), each model by its best variant, with rating, 95% interval, votes, date and source. Flags statistical ties (overlapping intervals). Optionally open-weights models only (open_weights=true) or closed ones only (open_weights=false); models no source classes either way are on neither, and those rated above the last place are listed in `left_out` with why, as are deprecated or shut-down ones.",
  path: '/podium',
  input: z.object({
    leaderboard: Leaderboard.default('text_style_control').describe('text_style_control (default, LMArena\'s default view), text, vision or webdev.'),
    category: z.string().min(1).max(100).default('overall').describe('Arena category slug (default overall), e.g. coding, math, creative_writing, hard_prompts, english, chinese. Unknown categories are refused with the list the leaderboard has.'),
    open_weights: z.boolean().optional().describe('true: only models whose weights a source says are downloadable; false: only closed ones. Models with no evidence either way are left out.'),
    include_deprecated: z.boolean().default(false).describe('true: keep models their developer shut down by the day judged, or marked deprecated without a shutdown date (the board as LMArena published it). Default false: they are left out and listed in `left_out`. A deprecation announced with the shutdown still to come keeps the model, with a `lifecycle_note`.'),
  }).strict(),
  output: z.object({
    leaderboard: Leaderboard,
    category: z.string(),
    as_of: IsoDate.describe('The newest publish date of the board\'s ratings.'),
    open_weights: z.boolean().nullable().describe('The filter applied; null for none.'),
    rated_models: z.number().int().describe('Models rated on the board.'),
    considered: z.number().int().describe('Models left after the open_weights filter and, unless include_deprecated, without deprecated or shut-down models.'),
    considered_note: z.string().describe('Why `considered` is below `rated_models`, in counts: how many are deprecated or shut '
      + 'down by the day judged, how many the open_weights filter left out.'),
    left_out: z.array(Retired).describe('Models rated above the last place shown and left out: deprecated or shut down '
      + '(include_deprecated=false), or, under the open_weights filter, with no evidence either way; empty otherwise.'),
    notice: z.string().nullable().describe(
      `Said when the board's newest rating is more than ${STALE_BOARD_DAYS} days older than the data (the board may no longer be published) or than today (newer ratings are not in the dataset).`),
    tie_rule: z.string(),
    podium: z.array(Place).describe('Up to 3 places, best first.'),
    next: z.object({ rank: z.number().int(), model: ModelRef, rating: RatingView }).nullable().describe('The fourth model, to judge a tie at third place.'),
  }),
  annotations: READ_ONLY,
  examples: [
    { title: 'Overall podium (text, style control)', input: {} },
    { title: 'Coding podium, open-weights models only', input: { leaderboard: 'text_style_control', category: 'coding', open_weights: true } },
    { title: 'WebDev arena podium', input: { leaderboard: 'webdev' } },
  ],
  handler(ds, input, ctx) {
    const category = normaliseCategory(input.category);
    const b = board(ds, input.leaderboard, category);
    if (!b) {
      const allowed = categoriesOf(ds, input.leaderboard);
      throw new ServiceError('invalid_parameter', allowed.length
        ? `The ${input.leaderboard} leaderboard has no category "${input.category}" in the dataset.`
        : `The dataset holds no ratings on the ${input.leaderboard} leaderboard.`, {
        errors: [{
          parameter: allowed.length ? 'category' : 'leaderboard',
          message: allowed.length ? 'unknown category for this leaderboard' : 'no ratings on this leaderboard',
          allowed: allowed.length ? allowed.join(', ') : Leaderboard.options.filter((l) => categoriesOf(ds, l).length).join(', '),
        }],
      });
    }
    const { podium: p, left_out, considered_note } = podiumOf(ds, b, input.open_weights, input.include_deprecated);
    const ref = (id: string) => toModelRef(ds, ds.modelById.get(id)!);
    const asOf = ds.meta.data_as_of;
    return {
      leaderboard: b.leaderboard,
      category: b.category,
      as_of: b.as_of,
      open_weights: input.open_weights ?? null,
      rated_models: b.entries.length,
      considered: p.considered,
      considered_note,
      left_out,
      notice: staleNotice(b.as_of, asOf, ctx.today),
      tie_rule: TIE_RULE,
      podium: p.places.map((pl) => ({
        place: pl.place,
        rank: pl.entry.rank,
        model: ref(pl.entry.model_id),
        rating: toRatingView(pl.entry.best),
        tie_with_next: pl.tie_with_next,
        statistical_tie: pl.ties_with.length > 0,
        ties_with: pl.ties_with,
        lifecycle_note: lifecycleNote(ds.modelById.get(pl.entry.model_id)!, ds.lifecycleDate),
      })),
      next: p.next ? { rank: p.next.rank, model: ref(p.next.model_id), rating: toRatingView(p.next.best) } : null,
    };
  },
});
