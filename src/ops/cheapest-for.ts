// cheapest_for: the cheapest models whose arena rating for a use meets a floor, with the offer and a reason.
import { z } from 'zod';
import { DEFAULT_INPUT_SHARE } from '../engines/constants.ts';
import type { PricedOffer } from '../engines/ranking.ts';
import { boardForUse, USES, type UseBoard } from '../engines/use-categories.ts';
import { ServiceError } from '../errors/index.ts';
import { IsoDate, ModelStatus } from '../schema/index.ts';
import { Cursor, decodeCursor, Limit, Page, paginate, wireFact } from './common.ts';
import { defineOperation, READ_ONLY } from './operation.ts';
import { BlendedPrice, ModelRef, OfferView, RankedRating, toModelRef, toRankedRating } from './shapes.ts';
import { FLOOR_BASES, floorOf, noFloorNote, oneFloorOnly } from './cheapest-for-floor.ts';
import { leftOutNote } from './cheapest-for-left-out.ts';
import { resaleNote, type Resale } from './cheapest-for-resale.ts';
import { boardRows, cloudItem, selfHostedItem, type Row } from './cheapest-for-items.ts';
import { stitched } from './json-fragment.ts';
import { ranked } from './top-slice.ts';
import {
  cheapestAtPrompt, closedInFrontier, passedOverInFrontier, shutDownInFrontier, silentAtPrompt, type Frontier,
} from '../engines/offer-frontier.ts';
import { longContextNote } from './cheapest-for-long-context.ts';
import { oldPriceRankNote } from './cheapest-for-old-price.ts';
import { oldPriceSince } from '../engines/price-age.ts';
import { developerCheapest, frontierServing, offerToolsNote, offerWindowNote } from '../engines/offer-context.ts';

/** The developer's own offers anywhere, under eu-cloud when it has none in the EU. */
const ANYWHERE = Object.freeze({ first_party_only: true, eu: false });

const WHERE = ['any-cloud', 'eu-cloud', 'on-premises', 'local'] as const;

const SELF_HOSTED_NOTE =
  'cheapest_for ranks API prices; on-premises and local use no API, so the answer lists open-weights models meeting the floor ranked by total parameters, smallest first (the memory, and so the hardware, a model needs grows with its parameters; models with no known parameter count come last). Use models_for_hardware and estimate_cost for the machine and the self-hosting cost.';

const Item = z.object({
  position: z.number().int(),
  model: ModelRef,
  rating: RankedRating.describe('Best variant on the board that measures the use.'),
  blended_price: BlendedPrice.nullable().describe('Null for on-premises and local, which rank no API price.'),
  offer: OfferView.nullable().describe('The cheapest offer allowed by `where` (and `first_party_only`); null for on-premises and local.'),
  first_party: z.boolean().nullable().describe('Whether the offer is sold by the model\'s own developer; null without an offer.'),
  developer_offer: OfferView.nullable().describe(
    'When the cheapest offer is a reseller\'s: the developer\'s own cheapest offer still served (under the same `where`), '
    + 'to compare with; null when the cheapest offer is the developer\'s or the developer sells none. The dataset lists '
    + 'resellers\' prices as their sources give them and does not vouch for them.',
  ),
  parameters_total: wireFact(z.number()).nullable().describe('Total parameters where a source gives them.'),
  model_status: wireFact(ModelStatus).nullable()
    .describe('The developer\'s status of the model; null when no source gives it. `deprecated` with a shutdown date still to come is an '
      + 'announced deprecation of a model still served, ranked (its note names the date); a model shut down appears only with include_deprecated.'),
  why: z.string().describe('One sentence citing the figures behind the place.'),
});
type Item = z.infer<typeof Item>;

/** Named cross-field rule: on premises and locally nothing is bought from anyone, first party or not. */
function firstPartyNeedsAnOffer(selfHosted: boolean, firstPartyOnly: boolean): void {
  if (selfHosted && firstPartyOnly) {
    throw new ServiceError('invalid_parameter', 'first_party_only filters API offers; where=on-premises or local ranks no offer.', {
      errors: [{ parameter: 'first_party_only', message: 'no offer to filter on premises or locally', allowed: 'false, or where=any-cloud or eu-cloud' }],
    });
  }
}

/** Named cross-field rule: on premises and locally only downloadable weights run, so closed-only asks for nothing. */
function selfHostingNeedsOpenWeights(selfHosted: boolean, openWeights: boolean | undefined): void {
  if (selfHosted && openWeights === false) {
    throw new ServiceError('invalid_parameter', 'where=on-premises or local runs only open-weights models; open_weights=false asks for none.', {
      errors: [{ parameter: 'open_weights', message: 'closed models cannot run on premises', allowed: 'true, or leave it out' }],
    });
  }
}

function notes(ub: UseBoard, selfHosted: boolean): string | null {
  const out: string[] = [];
  if (!ub.board) out.push(`The dataset holds no ratings on ${ub.leaderboard}/${ub.category}, so no model can be shown to meet the floor.`);
  else if (ub.fell_back) out.push(`The preferred board for ${ub.use} is absent from the dataset; ${ub.leaderboard}/${ub.category} is used instead.`);
  if (selfHosted) out.push(SELF_HOSTED_NOTE);
  return out.length ? out.join(' ') : null;
}

export const cheapest_for = defineOperation({
  name: 'cheapest_for',
  title: 'Cheapest models good enough for a use',
  description:
    'List the cheapest models (blended API price per 1M tokens) whose arena rating in the category matching a use (chat, coding, writing, math, reasoning, documents, agents, vision, translation, customer-support) meets a floor: a minimum rating (`min_elo`), a top rank (`min_rank`) or at least as good as a named model (`as_good_as=gpt-4o`), read at the rating or, with `floor=lower_bound`, at its 95% lower bound (better beyond the uncertainty). Filters: minimum context, open weights, offers from the model\'s own developer only (`first_party_only`), where it runs (any cloud, EU cloud). Offers listed at $0 (free tiers, subscription plans) are not per-token prices and are left out; a model whose only price was set more than 6 months before the data\'s date and is confirmed by no other source is ranked after every model whose price is not so old. Each result gives the offer with its prices, source and date, the rating with its variant, and a sentence saying why. States the floor used and how many models met it.',
  path: '/cheapest',
  input: z.object({
    use: z.enum(USES).default('chat').describe('What the model is for; picks the arena leaderboard and category (default chat: text overall). agents also requires tool calling.'),
    min_elo: z.number().min(0).max(5000).optional().describe('Floor: best-variant rating in the matching category at or above this (0..5000). Not with min_rank.'),
    min_rank: z.number().int().min(1).max(1000).optional().describe('Floor: rank among rated models (by best variant, 1 = top) at or better than this, 1..1000. Not with min_elo.'),
    as_good_as: z.string().min(1).max(200).optional().describe('Floor: at least as good as this model (id or alias), rated on the same board: rating >= its rating (with floor=lower_bound: the 95% lower bound >= its rating). Not with min_elo or min_rank.'),
    floor: z.enum(FLOOR_BASES).default('point').describe('point (default): the floor compares best-variant ratings; lower_bound: it compares their 95% lower bounds, so only models better beyond the rating\'s uncertainty qualify (min_rank: the lower bound must reach the rating at that rank).'),
    first_party_only: z.boolean().default(false).describe('true: only offers sold by the model\'s own developer (not resellers or aggregators).'),
    include_deprecated: z.boolean().default(false).describe('false (default): models their developer has shut down by the day '
      + 'judged (or marked deprecated without a shutdown date) are left out (and counted); an announced shutdown still to come keeps the model; true: ranked too, at offers still served. Offers shut down by the data date are never ranked.'),
    min_context: z.number().int().min(1).max(100000000).optional().describe('Minimum context window in tokens; models with no known '
      + 'context window '
      + 'are left out; an offer whose source states its own, smaller window (the provider\'s limit) is not ranked. '
      + 'Also the prompt size priced: an offer whose long-context tier starts below it (a prompt longer than the tier\'s '
      + '`above_tokens`) is ranked and shown at the tier price (`blended_price.long_context`); above a model\'s lowest tier, offers whose '
      + 'source lists no tier are not ranked (their price there is unknown).'),
    open_weights: z.boolean().optional().describe('true: open-weights models only; false: closed only. Models with no evidence either way are left out.'),
    where: z.enum(WHERE).default('any-cloud').describe('any-cloud (default): every offer; eu-cloud: only offers with EU data residency (resident, an EU region to choose, or an EU-regional SKU); on-premises / local: open-weights models ranked by total parameters, since no API price applies.'),
    input_share: z.number().min(0).max(1).default(DEFAULT_INPUT_SHARE).describe('Share of input tokens in the blended price, 0..1 (default 0.75).'),
    limit: Limit,
    cursor: Cursor,
  }).strict(),
  output: z.object({
    use: z.enum(USES),
    leaderboard: z.string(),
    category: z.string(),
    use_rationale: z.string().describe('Why this board measures the use.'),
    fell_back: z.boolean().describe('true when the preferred board is absent from the dataset and the next one was used.'),
    board_as_of: IsoDate.nullable(),
    floor: z.object({
      min_elo: z.number().nullable(),
      min_rank: z.number().int().nullable(),
      as_good_as: z.object({ model: ModelRef, rating: RankedRating }).nullable().describe('The reference model and its rating on the board.'),
      basis: z.enum(FLOOR_BASES).describe('point: ratings compared; lower_bound: 95% lower bounds compared with the floor.'),
      threshold: z.number().nullable().describe('The rating the floor compares with; null for a rank at point or no floor.'),
      rule: z.string(),
    }),
    first_party_only: z.boolean(),
    include_deprecated: z.boolean(),
    requires: z.array(z.string()).describe('Capabilities the use needs, stated true by a source.'),
    where: z.enum(WHERE),
    input_share: z.number(),
    ranked_by: z.enum(['blended_price', 'parameters_total']),
    note: z.string().nullable(),
    counts: z.object({
      rated: z.number().int().describe('Models rated on the board.'),
      met_floor: z.number().int().describe('Of those, models meeting the floor.'),
      matched: z.number().int().describe('Of those, models meeting every filter (and, in the cloud, with a priced offer where asked).'),
      deprecated_left_out: z.number().int()
        .describe('Models meeting the floor and filters left out as deprecated or shut down by the developer (0 with include_deprecated).'),
      shut_down_left_out: z.number().int()
        .describe('Models left out because every priced offer that fits the filters is shut down by the data date.'),
      existing_customers_only_left_out: z.number().int()
        .describe('Models left out because every priced offer still served that fits the filters is sold to existing customers only '
          + '(its provider deprecated it with no date and takes no new customers: Vertex AI, Cohere), so a new buyer cannot buy it.'),
    }),
    items: z.array(Item),
    page: Page,
  }),
  annotations: READ_ONLY,
  writtenAsBytes: true,
  examples: [
    { title: 'Cheapest models for coding in the top 20', input: { use: 'coding', min_rank: 20 } },
    { title: 'Cheapest chat models rated 1300 or more, EU cloud only', input: { use: 'chat', min_elo: 1300, where: 'eu-cloud' } },
    { title: 'Open-weights models for reasoning to run on premises', input: { use: 'reasoning', where: 'on-premises', limit: 5 } },
    {
      title: 'Cheapest models to read 500,000-token documents, at the long-context prices a prompt that long pays',
      input: { use: 'documents', min_context: 500000 },
    },
    { title: 'Cheapest coding models at least as good as GPT-4o beyond the rating\'s uncertainty, from their developers', input: { use: 'coding', as_good_as: 'gpt-4o', floor: 'lower_bound', first_party_only: true } },
  ],
  // Each use's widest page (every rated model, 100 items) at the default input share: the item runs and offer views kept
  // per row (cheapest-for-items.ts) and their partial projections are made at start (some 6.5 MB for the ten uses),
  // where a caller's first such page made them itself (about 3.5 ms of CPU at the full tier and 3 to 5.5 at the
  // partial, against 0.6 and 0.5 to 1.0 once made: docs/performance.md, fifteenth round).
  warmInputs: USES.map((use) => ({ use, min_elo: 0, limit: 100 })),
  handler(ds, input) {
    oneFloorOnly(input);
    const selfHosted = input.where === 'on-premises' || input.where === 'local';
    selfHostingNeedsOpenWeights(selfHosted, input.open_weights);
    firstPartyNeedsAnOffer(selfHosted, input.first_party_only);
    const ub = boardForUse(ds, input.use);
    const floor = floorOf(ds, ub, input);
    const floorText = floor.text;
    const asOf = ds.lifecycleDate;
    // The filters asked for (first party: the offer's own flag, from the ingest's first-party table, docs/data.md);
    // only offers still served are ranked: a price that can no longer be paid ranks nothing.
    const filter = { first_party_only: input.first_party_only, eu: input.where === 'eu-cloud' };
    const ownFilter = { first_party_only: true, eu: filter.eu };
    let deprecatedOut = 0;
    let shutDownOut = 0;
    let closedOut = 0;
    // The prompt size priced: a caller asking for a context reads prompts that long (docs/hardware-and-cost.md).
    const prompt = selfHosted ? undefined : input.min_context;
    let silentOut = 0;
    let atTier = 0;
    let windowElsewhere = 0;
    let windowOut = 0;
    // agents: offers whose own listing says it serves no tool calling are not ranked (offer-context.ts).
    const tools = ub.requires === 'tool_calling';
    let toolsElsewhere = 0;
    let toolsOut = 0;

    // A candidate is a board row and, in the cloud, its cheapest offer: the developer's own offer beside a reseller's
    // is looked up only for the rows a page shows.
    // `f`: the offers that serve min_context by their own window (engines/offer-context.ts).
    // `old`: the price ranked is one its source set more than 6 months before the data's date and no other source
    // confirms (price-age.ts oldPriceSince), the model's only one after the frontier's preference (offer-frontier.ts).
    type Candidate = { r: Row; priced?: PricedOffer; f?: Frontier; old?: boolean };
    // Cloud: cheapest first, but a model whose ranked price is old after every model whose price is not: a caller asking
    // what is cheapest reads the first places as prices to buy at today (Gemma 2 9B's Helicone $0.01/$0.03, set
    // 2025-12-08, led coding). Self-hosted: smallest first. Ties (and unknown sizes) by rating, then id.
    const size = (c: Candidate) => c.r.m.parameters_total?.value ?? Infinity;
    const order = (x: Candidate, y: Candidate) => (selfHosted ? size(x) - size(y)
      : Number(x.old === true) - Number(y.old === true) || x.priced!.blended - y.priced!.blended)
      || y.r.e.best.rating - x.r.e.best.rating || x.r.m.id.localeCompare(y.r.m.id);
    // Only the rows up to the page's end are kept in order (a page of 20 of some 200 matched); a far page sorts all.
    const offset = decodeCursor(input.cursor);
    const found = ranked(offset + input.limit, order);
    const probe: Candidate = { r: undefined as unknown as Row };
    const dataAsOf = ds.meta.data_as_of;
    let oldRanked = 0;
    const add = (r: Row, priced?: PricedOffer, f?: Frontier) => {
      const old = priced !== undefined && oldPriceSince(priced.offer, dataAsOf) !== undefined;
      if (old) oldRanked++;
      probe.r = r;
      probe.priced = priced;
      probe.old = old;
      if (found.admits(probe)) found.keep({ r, priced, f, old });
    };
    let metFloor = 0;
    const b = ub.board;
    for (const r of b ? boardRows(ds, b) : []) {
      const { e, m } = r;
      if (!floor.meets(e)) continue;
      metFloor++;
      if (input.min_context !== undefined && !((m.context_window?.value ?? 0) >= input.min_context)) continue;
      if (input.open_weights !== undefined && m.open_weights?.value !== input.open_weights) continue;
      if (ub.requires && m.capabilities[ub.requires]?.value !== true) continue;
      if (!input.include_deprecated && r.deprecated) {
        deprecatedOut++;
        continue;
      }
      if (selfHosted) {
        if (m.open_weights?.value === true) add(r);
        continue;
      }
      const fw = frontierServing(ds, m, r.frontier, prompt);
      const f = tools ? frontierServing(ds, m, r.frontier, prompt, true) : fw;
      const priced = cheapestAtPrompt(f, input.input_share, filter, prompt);
      // Each narrowing counted apart: the window's against the whole frontier, tool calling's against the window's.
      const pricedW = f === fw ? priced : cheapestAtPrompt(fw, input.input_share, filter, prompt);
      if (fw !== r.frontier && pricedW?.offer !== cheapestAtPrompt(r.frontier, input.input_share, filter, prompt)?.offer) {
        if (!pricedW) {
          windowOut++;
          continue;
        }
        windowElsewhere++;
      }
      if (f !== fw && priced?.offer !== pricedW?.offer) {
        if (!priced) {
          toolsOut++;
          continue;
        }
        toolsElsewhere++;
      }
      if (priced) {
        add(r, priced, f);
        if (priced.tier) atTier++;
      } else if (silentAtPrompt(f, input.input_share, filter, prompt)) silentOut++;
      else if (closedInFrontier(f, input.input_share, filter)) closedOut++;
      else if (shutDownInFrontier(f, input.input_share, filter)) shutDownOut++;
    }
    const { items, page } = paginate(found, input.limit, input.cursor);
    const resale: Resale = { shown: 0, resold: 0, underHalf: 0 };
    const views = items.map((c, i): Item => {
      const position = offset + i + 1;
      if (!c.priced) return selfHostedItem(ds, b!, c.r, position, floorText);
      const f = c.f ?? c.r.frontier;
      // A reseller's price (sometimes a fraction of the developer's) is shown beside the developer's own.
      // The developer's published price before one a source converted from another currency (converted-price.ts).
      const own = c.priced.offer.first_party ? undefined : developerCheapest(ds, c.r.m, f, input.input_share, ownFilter, prompt);
      // Under eu-cloud, a developer with no EU offer may still sell the model elsewhere: said so, not "sells none".
      const ownAnywhere = !own && !c.priced.offer.first_party && filter.eu
        ? developerCheapest(ds, c.r.m, f, input.input_share, ANYWHERE, prompt) : undefined;
      resale.shown++;
      if (!c.priced.offer.first_party) {
        resale.resold++;
        const dev = own ?? ownAnywhere;
        if (dev && c.priced.blended < dev.blended / 2) resale.underHalf++;
      }
      // A cheaper offer kept off the ranking for its old, unconfirmed price alone is named beside the one ranked.
      const passed = passedOverInFrontier(f, input.input_share, filter, c.priced);
      return cloudItem(ds, b!, c.r, position, c.priced, own, ownAnywhere, floorText, input.where, input.input_share, passed);
    });
    return stitched({
      use: input.use,
      leaderboard: ub.leaderboard,
      category: ub.category,
      use_rationale: ub.why,
      fell_back: ub.fell_back,
      board_as_of: b?.as_of ?? null,
      floor: {
        min_elo: input.min_elo ?? null, min_rank: input.min_rank ?? null,
        as_good_as: floor.reference
          ? { model: toModelRef(ds, ds.modelById.get(floor.reference.model_id)!), rating: toRankedRating(b!, floor.reference.entry) }
          : null,
        basis: input.floor, threshold: floor.threshold, rule: floor.rule,
      },
      first_party_only: input.first_party_only,
      include_deprecated: input.include_deprecated,
      requires: ub.requires ? [ub.requires] : [],
      where: input.where,
      input_share: input.input_share,
      ranked_by: selfHosted ? 'parameters_total' as const : 'blended_price' as const,
      note: [notes(ub, selfHosted), noFloorNote(input, offset === 0 && items[0] ? { name: items[0].r.m.name.value, rank: items[0].r.e.rank } : undefined,
        b?.entries.length ?? 0, `${ub.leaderboard}/${ub.category}`), leftOutNote(deprecatedOut, shutDownOut, asOf, closedOut), longContextNote(prompt, atTier, silentOut),
        offerWindowNote(prompt, windowElsewhere, windowOut), offerToolsNote(toolsElsewhere, toolsOut), resaleNote(resale),
        oldPriceRankNote(oldRanked, found.length)]
        .filter(Boolean).join(' ') || null,
      counts: {
        rated: b?.entries.length ?? 0, met_floor: metFloor, matched: found.length,
        deprecated_left_out: deprecatedOut, shut_down_left_out: shutDownOut, existing_customers_only_left_out: closedOut,
      },
      items: stitched(views),
      page,
    });
  },
});
