// recommend_model: up to three models that meet the caller's constraints, each with reasons citing data.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import type { Board, BoardEntry } from '../engines/ranking.ts';
import { perDatasetKey } from '../engines/per-dataset.ts';
import { recommend, type Recommendation } from '../engines/recommend.ts';
import { DIMENSIONS, PRICE_BEST, PRICE_WORST, QUALITY_SPAN } from '../engines/recommend-weights.ts';
import { notesFor, type EuOfferBrief } from '../engines/recommend-reasons.ts';
import { rentalOf, type HostingPick, type OwnedCost } from '../engines/recommend-hosting.ts';
import { machineMonth } from '../engines/recommend-machine-month.ts';
import { interpret } from '../engines/interpret.ts';
import { OFFER_TOOLS_RULE } from '../engines/offer-context.ts';
import { unreadNotes } from '../engines/unread-notes.ts';
import { EvidencePage, IsoDate, Licence, OfferRegion, type Model } from '../schema/index.ts';
import { wireFact } from './common.ts';
import { DEFAULT_INPUT_SHARE } from '../engines/constants.ts';
import { isKept, kept } from './json-fragment.ts';
import { contextWithinCatalogue, RecommendContext } from './recommend-context.ts';
import { RentalNote } from './rental-note.ts';
import { ExpertsInRamView, expertsInRamView, ramAskOf, recommendRamParams } from './recommend-ram.ts';
import { defineOperation, READ_ONLY } from './operation.ts';
import { ModelRef, OfferView, RankedRating, toModelRef, toOfferView, toRankedRating } from './shapes.ts';
import { speedClassOf } from '../engines/recommend-speed-class.ts';

const Text = z.string().min(1).max(200);

const Understood = z
  .object({
    given: z.string().nullable().describe('The text sent; null when the parameter was not given.'),
    value: z.string().nullable().describe('The canonical value used; null when not given and without default. '
      + 'keep: every constraint named, comma-separated (`eu-only,no-retention`).'),
    values: z.array(z.string())
      .describe('Every canonical value used: one, or for keep each constraint named (all are applied); empty when not given.'),
    how: z
      .enum(['canonical', 'synonym', 'hardware_id', 'memory', 'device', 'counted', 'ad_hoc', 'default', 'not_given'])
      .describe('How the text was understood. machine: hardware_id (a catalogued id), device (a device as people name it, e.g. "4090", "M3 Max 64GB"), counted (N cards of a catalogued one, e.g. "2x 3090": memory and bandwidth of N cards), ad_hoc (a bare memory size, e.g. "11 GB GPU": fits checked, speed not estimated), or a class.'),
    matched: z.array(z.string()).describe('The words or phrases of the text that decided the value.'),
    set_aside: z.array(z.string()).describe('Other values the text also named, set aside by the rule of the parameter '
      + '(who, use: the first named; data, where: the strictest). keep applies every constraint named; a part of its '
      + 'list that names none (`open licence`) is listed here with why, and applies nothing.'),
    unread: z.array(z.string()).optional().describe('The words or phrases of the text that decided nothing, as written, stop words '
      + '("a", "with", "of"...) left out: nothing was applied for them (who=`startup with a budget of $1 per million tokens` reads '
      + '`startup` and leaves `budget of $1 per million tokens` unread). Empty when every word was read. A note names the parameter '
      + 'that would read each (`hospital in Germany`: keep reads `Germany` as eu-only), or the operation that serves a constraint '
      + 'this one has no parameter for (a price ceiling: search_models, cheapest_for, estimate_cost). machine: text it cannot read '
      + 'is refused, so only words beside a catalogued id appear.'),
    hardware_id: z.string().nullable().describe('machine only: the configuration fits are checked on (catalogued, or built from the text: `rtx-3090-x3`, `gpu-11gb`).'),
    interpretation: z.string().nullable().describe('machine only: the reading in one sentence (device, count and memory, how a multi-card split works, whether speed is estimated); null for other parameters.'),
  })
  .describe('How one parameter was understood.');

const Dimensions = z.object(Object.fromEntries(DIMENSIONS.map((d) => [d, z.number()])) as Record<(typeof DIMENSIONS)[number], z.ZodNumber>);

const SelfHosting = z
  .object({
    hardware_id: z.string().describe('The configuration it fits on.'),
    hardware_name: z.string(),
    own_machine: z.boolean().describe('true: the machine named in `machine`; false: the smallest catalogued configuration it fits.'),
    quantization: z.string().nullable().describe('Highest precision that fits (4 bits per weight or more).'),
    fit: z.enum(['comfortable', 'tight', 'no']).describe('comfortable: at most 85% of usable memory; tight: at most 100%.'),
    memory_gb: z.number().describe('Memory needed at that quantization, GB.'),
    usable_gb: z.number().describe('Usable memory of the configuration, GB.'),
    tokens_per_s: z.number().nullable().describe('Estimated decode speed at batch 1.'),
    speed_class: z.enum(['under_reading', 'reading_pace', 'faster_than_skimming']).nullable().describe('tokens_per_s against a reader: under_reading, under 5.3 tokens/s (238 words a minute, an average adult\'s silent reading rate, Brysbaert 2019); reading_pace, from that to 11.1 tokens/s (500 words a minute, where skimming starts, Rayner et al. 2016), the answer appearing about as fast as it is read, said first among the reasons; faster_than_skimming above it; null where no speed is estimated.'),
    context: z.number().int().describe('Context the fit is computed for, tokens.'),
    monthly_usd: z.number().nullable().describe('No machine named: one month of the configuration at its rental price; on_premises: its month bought and run, as estimate_cost gives it owned at `owned_cost.tokens_millions` (purchase and host machine amortised, electricity); null on your own machine or where the dataset holds no price.'),
    usd_per_mtok: z.number().nullable().describe('monthly_usd over the tokens the configuration serves in a month (estimate_cost\'s throughput and utilisation): the price it is ranked on, USD per 1M tokens.'),
    capacity_tokens_millions_per_month: z.number().nullable().describe('Tokens (millions) the configuration serves in a month at that throughput and utilisation.'),
    rental: z.object({
      provider: z.string(), instance_type: z.string(), usd_per_hour: z.number(),
      source: z.string().optional().describe('Full responses; partial ones list sources once.'), as_of: IsoDate, note: RentalNote,
    }).nullable().describe('The rental price the monthly cost rests on; null when none does (on_premises: see owned_cost).'),
    owned_cost: z.object({
      tokens_millions: z.number().describe('The volume the month is costed at: what the configuration serves in a month, to the hundredth below; estimate_cost with this `hardware`, `tokens_millions` and `context` gives the same month.'),
      purchase: z.object({
        usd: z.number(), source: z.string().optional().describe('Full responses; partial ones list sources once.'), as_of: IsoDate,
        amortization_months: z.number().int(), monthly_usd: z.number(), note: z.string().optional().describe('Which price it is, for a machine sold whole.'),
      }).describe('The purchase price, amortised.'),
      host_machine: z.object({
        name: z.string(), basis: z.enum(['priced', 'in_purchase_price']), usd: z.number(), monthly_usd: z.number(),
        source: z.string().optional().describe('Full responses; partial ones list sources once.'), as_of: IsoDate,
      }).nullable().describe('The machine around the accelerators; null where no source prices it (the month is then a lower bound).'),
      power_monthly_usd: z.number().nullable().describe('The month\'s electricity; null with no power figure.'),
      machines: z.number().int(),
      monthly_usd: z.number().describe('The owned month itself, as estimate_cost gives it at `tokens_millions`: purchase and host machine amortised, and electricity '
        + '(equal to `monthly_usd` above where that is set; on your machine stated beside the pick, not ranked: its purchase is spent).'),
      quantization: z.string().nullable().describe('The quantization to pass estimate_cost for this month: the pick\'s, where estimate_cost would choose '
        + 'another on its own (it costs a server; on several PCIe cards in vLLM\'s formats, the pick on your machine in models_for_hardware\'s); null where its own choice is the pick\'s.'),
    }).nullable().describe('on_premises, owned (a local machine bought) or your_machine (the machine named: its month stated, not ranked, its purchase being spent): '
      + 'what the owned month rests on, as estimate_cost\'s owned option gives it; null for a rented configuration, or where the dataset holds no purchase price or power figure for the machine.'),
    rental_eu_regions: z.array(z.string()).describe('The rental provider\'s EU regions for the configuration; with keep=eu-only or where=eu-cloud only configurations offered in one are costed, whatever the provider\'s jurisdiction (see rental_jurisdiction).'),
    hosting: z.enum(['your_machine', 'on_premises', 'owned', 'rented']).describe('Whose hardware it runs on: your_machine (the machine named), '
      + 'on_premises (where=on-premises, no machine named: yours, costed as bought and run), owned (a local machine bought, with where=local '
      + 'or keep=on-device and none named: costed as bought and run, see owned_cost; or a configuration with no rental price), rented (runs at the rental provider: its jurisdiction, and EU residency where it offers EU regions).'),
    rental_jurisdiction: z.string().nullable().describe('rented: the rental provider\'s jurisdiction from the providers table '
      + '(inference-providers); null when not rented or not established (then not counted as EU).'),
    cost_basis: z.array(z.string()).describe('How the monthly cost is derived; empty when there is none.'),
    smallest_fit: z.object({ hardware_id: z.string(), hardware_name: z.string(), usable_gb: z.number() }).nullable()
      .describe('The configuration with the least memory the model fits, when it is not the one costed (rented: it has no rental price; on_premises: no purchase price, or it costs more to own, or its month would leave out a host machine or its power).'),
    estimate: z.literal(true).describe('Derived by this service: an estimate.'),
    derived_from: z.array(z.string()).describe('The inputs, each with its source and date.'),
    experts_in_system_ram: ExpertsInRamView.optional(),
  })
  .describe('How the model runs when self-hosted.');

const Quality = z
  .object({
    basis: z.enum(['rating', 'benchmarks', 'family']).describe('rating: its own rating on the board; benchmarks: placed by its published scores on benchmarks of the same skill among the rated models that publish them; family: a rated sibling of the same model line, discounted.'),
    rating_used: z.number().describe('The rating the quality score is computed from: the own best rating, or a conservative estimate built from 95% lower bounds (derived).'),
    estimate: z.boolean().describe('true when rating_used is derived from other evidence than the model\'s own rating.'),
    sibling: ModelRef.nullable().describe('family: the rated sibling.'),
    sibling_rating: RankedRating.nullable().describe('family: the sibling\'s rating on the board.'),
    benchmarks: z.array(z.object({
      name: z.string(), score: z.number(), metric: z.string(), url: z.string().nullable(), source: z.string().optional().describe('Full responses; partial ones list sources once.'), as_of: IsoDate,
      peers: z.number().int().describe('Rated models on the board that publish this benchmark.'),
      below: z.number().describe('Of those, how many score lower (ties count half).'),
      estimate: z.number().describe('The rating lower bound at that place among them.'),
    })).describe('benchmarks: each score used, with its place.'),
  })
  .describe('What the quality score rests on.');

const Item = z
  .object({
    position: z.number().int().describe('1 = best.'),
    model: ModelRef,
    path: z.enum(['api', 'self_hosted']).describe('How the model is meant to run: through its cheapest qualifying API offer, or self-hosted.'),
    score: z.number().describe('Derived: weighted sum of score_parts with `weights` (0..1).'),
    score_parts: Dimensions.describe('Each dimension on 0..1 for this model and path.'),
    rating: RankedRating.nullable().describe('Best variant on the board that measures the use; null when the model is not rated there and quality rests on other evidence (`quality`).'),
    quality: Quality,
    offer: OfferView.nullable().describe('The cheapest qualifying API offer; null when self-hosted.'),
    self_hosting: SelfHosting.nullable().describe('The fit; null for an API recommendation.'),
    open_weights: wireFact(z.boolean()).nullable().describe('Whether the weights are downloadable; null when no source says.'),
    licence: wireFact(Licence).nullable().describe('Licence, OSI approval and commercial use; null when no source gives it.'),
    trust: z.object({
      trust_index: z.number().int(),
      coverage: z.number(),
      // Optional on the wire: partial responses drop it and list these sources once (access/projection.ts).
      derived_from_sources: z.array(z.string()).optional().describe(
        'Source ids of the criteria the Trust Index is derived from (FMTI among them). Full tier only: partial answers list them once in `sources`.'),
    }).describe('Trust Index and coverage (derived; get_trust_profile gives the criteria).'),
    eu_offers: z
      .array(z.object({
        provider: z.string(), provider_name: z.string(), region: OfferRegion,
        residency: z.enum(['yes', 'region']).describe('yes: served in the EU; region: EU regions to choose.'),
        evidence_page: EvidencePage.nullable().describe("The provider's own page the residency rests on (where inference data is "
          + 'processed), with a short verbatim quote and the day it was read; partial answers keep the day only. Null for an EU-regional '
          + "SKU (its id places it) or a residency decided by a reviewed rule (its note cites the page)."),
      }))
      .describe('Providers offering the model with EU data residency.'),
    reasons: z.array(z.string()).describe('Sentences a person can check: each cites its figures with date and source id.'),
  })
  .describe('One recommended model.');

const Step = z
  .object({
    id: z.string().describe('Step id: active, evidence, capability, context, conflict, api_offer, open_weights, available, open_licence, eu, '
      + 'self_facts, fit, speed, trust_evidence.'),
    constraint: z.string().describe('The parameter that imposes it (`keep=eu-only`), or `built-in`.'),
    rule: z.string().describe('What a model must meet.'),
    eliminated: z.number().int().describe('Models this step removed.'),
    remaining: z.number().int().describe('Models left after it.'),
  })
  .describe('One hard constraint, applied in order.');

const RANKING = `score = sum over dimensions of weight x part. quality = 1 - (top rating - rating) / ${QUALITY_SPAN}, clamped to 0..1, on the board that measures the use (an unrated model: an estimate from benchmarks of the same skill, else from a rated sibling, both from 95% lower bounds); price = log-scale of the blended price between $${PRICE_WORST} (0) and $${PRICE_BEST} (1) per 1M tokens at 75% input, 1 on your own machine; with no machine named, self-hosting is priced on the least costly rented configuration it fits (a month's rent over the tokens it serves in a month, per 1M), 0 when no rented configuration fits; with where=on-premises, on the configuration least costly to own that it fits, at estimate_cost's owned month (purchase amortised, host machine, electricity) over the tokens it serves in a month, per 1M, 0 when no configuration with a purchase price fits; with where=local or keep=on-device and no machine named, the same owned month on the local configuration (laptop, desktop, workstation) least costly to own that it fits, 0.5 when none with a purchase price and power figure fits; on hardware you own or buy (a named machine, local, on premises) a pick must reach the use's usable-speed floor (step speed); openness = 1 open weights with an OSI licence, 0.75 open weights allowing commercial use, 0.5 other open weights, 0 closed; trust = Trust Index / 100; eu_residency = 1 for an EU-resident offer, self-hosting on your own hardware, or a rented configuration its provider offers in an EU region; eu_jurisdiction = 1 for an offer's or a rental's provider under EU jurisdiction (unknown is not EU), or self-hosting on your own hardware (named, on premises, bought); self_hosting = 1 when self-hosted. Ties: rating, then price, then model id.`;

function hostingOf(self: HostingPick): 'your_machine' | 'on_premises' | 'owned' | 'rented' {
  return self.own_machine ? 'your_machine' : self.on_premises ? 'on_premises' : rentalOf(self) ? 'rented' : 'owned';
}

/** The owned month's parts as the answer writes them (the host machine without its idle draw or note), or null. */
function ownedCostOf(self: HostingPick, model: Recommendation['model'], context: number) {
  const hostOf = (h: OwnedCost['host_machine']) => (h ? { name: h.name, basis: h.basis, usd: h.usd, monthly_usd: h.monthly_usd, source: h.source, as_of: h.as_of } : null);
  // With its experts in RAM estimate_cost assesses the card alone, so no month is stated (the reason says so).
  if (self.experts_in_ram) return null;
  // On the machine named, the month the reason states (machine-month), at the quantization the pick runs at.
  if (self.own_machine) {
    const mm = machineMonth(model, self.hardware, context, self.fit);
    if (!mm) return null;
    return {
      tokens_millions: mm.volume, purchase: mm.purchase, host_machine: hostOf(mm.host_machine), power_monthly_usd: mm.power_monthly_usd,
      machines: mm.machines, monthly_usd: mm.monthly_usd, quantization: mm.quantization ?? null,
    };
  }
  const o = self.cost?.owned;
  if (!o) return null;
  return {
    tokens_millions: o.tokens_millions, purchase: o.purchase, host_machine: hostOf(o.host_machine), power_monthly_usd: o.power_monthly_usd,
    machines: o.machines, monthly_usd: self.cost!.monthly_usd,
    // A pick lowered for speed is costed at its lower quantization (recommend-hosting.ts, computeOwned).
    quantization: self.slower_quantization ? self.fit.quantization : null,
  };
}

/**
 * A pick's model and its rating on the use's board, as the answer writes them: the same for every ask that shows the
 * model, so made once per dataset (the rating per board entry, which belongs to one board) and read by reference.
 * Nothing that writes or projects an answer changes its members (projection.ts copies what it changes). Marked kept
 * (json-fragment.ts), as are the model's licence and open-weights facts and its EU offers where they are the ones kept
 * per dataset: the partial tier's projection of each is then made once (projection.ts), not copied on every answer.
 */
const modelRefOf = perDatasetKey<Model, ModelRef>((ds, m) => kept(toModelRef(ds, m)));
const keptRatings = new WeakMap<BoardEntry, RankedRating>();
function rankedRatingOf(board: Board, e: BoardEntry): RankedRating {
  let r = keptRatings.get(e);
  if (!r) keptRatings.set(e, (r = kept(toRankedRating(board, e))));
  return r;
}

/** A part that lives as long as the dataset (a fact, a list kept per model: frozen), marked kept; null stays null. */
function keptPart<T extends object>(v: T | null): T | null {
  return v === null || isKept(v) ? v : kept(v);
}

function toItem(ds: Dataset, r: Recommendation, board: Board, context: number) {
  const o = r.option;
  const self = o.self;
  const ev = r.evidence;
  return {
    position: r.position,
    model: modelRefOf(ds, r.model),
    path: o.path,
    score: o.score,
    score_parts: o.parts,
    rating: ev.basis === 'rating' ? rankedRatingOf(board, ev.entry) : null,
    quality: {
      basis: ev.basis, rating_used: ev.rating, estimate: ev.basis !== 'rating',
      sibling: ev.basis === 'family' ? modelRefOf(ds, ev.family.sibling) : null,
      sibling_rating: ev.basis === 'family' ? rankedRatingOf(board, ev.family.entry) : null,
      benchmarks: ev.basis === 'benchmarks' ? ev.places.map((p) => ({
        name: p.benchmark.value.name, score: p.benchmark.value.score, metric: p.benchmark.value.metric, url: p.benchmark.value.url ?? null,
        source: p.benchmark.source, as_of: p.benchmark.as_of, peers: p.peers, below: p.below, estimate: p.estimate,
      })) : [],
    },
    offer: o.priced ? toOfferView(ds, o.priced.offer, DEFAULT_INPUT_SHARE, o.priced.tier) : null,
    self_hosting: self ? {
      hardware_id: self.hardware.id, hardware_name: self.hardware.name, own_machine: self.own_machine,
      quantization: self.fit.quantization, fit: self.fit.fit, memory_gb: self.fit.memory.total_gb, usable_gb: self.fit.memory.usable_gb,
      tokens_per_s: self.fit.tokens_per_s, speed_class: speedClassOf(self.fit.tokens_per_s), context,
      monthly_usd: self.cost?.monthly_usd ?? null, usd_per_mtok: self.cost?.usd_per_mtok ?? null,
      capacity_tokens_millions_per_month: self.cost?.capacity_tokens_millions_per_month ?? null,
      rental: self.cost?.rental ?? null, owned_cost: ownedCostOf(self, r.model, context),
      rental_eu_regions: self.cost?.eu_regions ?? [], cost_basis: self.cost?.basis ?? [],
      hosting: hostingOf(self),
      rental_jurisdiction: rentalOf(self) ? ds.providerById.get(rentalOf(self)!.rental.provider)?.jurisdiction?.value ?? null : null,
      smallest_fit: self.smallest
        ? {
          hardware_id: self.smallest.hardware.id,
          hardware_name: self.smallest.hardware.name,
          usable_gb: self.smallest.fit.memory.usable_gb,
        }
        : null,
      estimate: true as const, derived_from: self.fit.derived_from,
      ...(self.experts_in_ram ? { experts_in_system_ram: expertsInRamView(self) } : {}),
    } : null,
    open_weights: keptPart(r.model.open_weights ?? null),
    licence: keptPart(r.model.licence ?? null),
    // The criteria are not in this answer, so the index names the sources it is derived from (projection.ts credits them).
    trust: { trust_index: r.trust.trust_index, coverage: r.trust.coverage, derived_from_sources: r.trust.sources },
    // Kept per dataset and model, frozen, where no context asked shortens it (else made for the ask): the answer only
    // reads it (its schema type is the mutable array).
    eu_offers: (Object.isFrozen(r.eu_offers) ? keptPart(r.eu_offers) : r.eu_offers) as EuOfferBrief[],
    reasons: r.reasons,
  };
}

export const recommend_model = defineOperation({
  name: 'recommend_model',
  title: 'Recommend models for a situation',
  description:
    'Recommend up to 3 language models for a situation described by who is asking, the use, the kind of data, retention or '
    + 'location constraints, where it runs and on what machine. Each parameter takes a canonical value or free text (e.g. '
    + 'who=hospital, data=patient records, keep=EU only, machine=24 GB GPU); the answer echoes how each was understood and the words it did not read. Hard '
    + 'constraints (EU residency, no training or retention, on-device, open weights or an open licence, the machine\'s memory; for sensitive data, known trust'
    + ' evidence) filter; preferences rank by arena rating for the use, price, openness and trust. With no machine named, a '
    + 'self-hosted pick states the configuration it needs and its monthly cost, and that cost counts in the ranking; a model '
    + 'the use\'s board does not rate is ranked by its benchmark scores or a rated sibling\'s rating, said so. Every reason '
    + 'cites the data behind it; when fewer than 3 models qualify, the answer says which constraint eliminated the rest.',
  path: '/recommend',
  input: z.object({
    who: Text.optional().describe('Who is asking: individual, startup, enterprise, public-sector, researcher, healthcare, education, or free text (e.g. "hospital").'),
    use: Text.optional().describe('What for: chat (default), coding, writing, math, reasoning, documents, agents, vision, translation, customer-support, or free text.'),
    data: Text.optional().describe('Data handled: public, internal, personal, financial, health, secret, or free text (e.g. "patient records").'),
    keep: Text.optional().describe('Data constraints, one or several, all applied: any (default), eu-only, no-training, '
      + 'no-retention, on-device, open-weights, open-licence (OSI-approved), comma-separated (eu-only,open-licence), or free text naming them '
      + '(e.g. "EU only, no training, no retention").'),
    where: Text.optional().describe('Where it runs: any-cloud, eu-cloud, on-premises, local, or free text (e.g. "own servers"; an EU member state, "Germany", reads as eu-cloud).'),
    context: RecommendContext,
    machine: Text.optional().describe('The machine for self-hosting: none (API only), laptop, workstation, server, cluster, a hardware id (GET /api/v1/hardware), a device as people say it ("my 4090", "RTX 3060 12GB", "M3 Max 64GB", "4090 laptop"), with a count ("2x 3090", "dual 4090", "4 x H100"), or a bare memory size ("24 GB GPU": fits checked, speed not estimated). Ambiguous or unknown text is refused with the candidates.'),
    ...recommendRamParams,
  }).strict(),
  output: z.object({
    understood: z
      .object({ who: Understood, use: Understood, data: Understood, keep: Understood, where: Understood, machine: Understood })
      .describe('How each parameter was understood.'),
    board: z
      .object({
        leaderboard: z.string(), category: z.string(),
        as_of: IsoDate.nullable().describe('Newest publish date among the board\'s rows.'),
        rationale: z.string().describe('Why this board measures the use.'),
        fell_back: z.boolean().describe('true when the preferred board is absent and the next one is used.'),
      })
      .describe('The arena board quality is read from.'),
    weights: Dimensions.describe('Weight of each dimension after who and data adjusted them (sum 1).'),
    ranking: z.string().describe('The ranking formula and its tie-breakers.'),
    constraints: z.array(Step).describe('The hard constraints in the order applied, with how many models each eliminated.'),
    considered: z.number().int().describe('Models in the dataset.'),
    qualified: z.number().int().describe('Models meeting every constraint.'),
    recommendations: z.array(Item).describe('Up to 3 models, best first.'),
    shortfall: z.string().nullable().describe('When fewer than 3 qualify: which constraint eliminated the rest.'),
    notes: z.array(z.string()).describe('Assumptions the answer rests on.'),
  }),
  annotations: READ_ONLY,
  writtenAsBytes: true,
  examples: [
    { title: 'A hospital reading patient records that must stay in the EU', input: { who: 'hospital', use: 'documents', data: 'patient records', keep: 'must stay in the EU' } },
    { title: 'A solo developer coding on an RTX 4090', input: { who: 'solo developer', use: 'coding', machine: 'rtx-4090' } },
    { title: 'A startup wanting a cheap, good chat model', input: { who: 'startup', use: 'chat' } },
    { title: 'Coding on an RTX 3060 12GB beside 64 GB of RAM: picks may run with their experts in RAM', input: { use: 'coding', machine: 'RTX 3060 12GB', system_ram_gb: 64 } },
    {
      title: 'A startup reading 400,000-token contracts (long-context prices apply)',
      input: { who: 'startup', use: 'documents', context: 400000 },
    },
  ],
  // The bought picks at the documents context, over the whole catalogue (on premises) and over the local machines
  // (keep=on-device): kept per pool and context once made, they cost a caller's first such ask 60-120 ms of CPU.
  warmInputs: [{ who: 'startup', use: 'documents', where: 'on-premises' }, { who: 'startup', use: 'documents', where: 'on-premises', keep: 'on-device' }],
  handler(ds, input) {
    const context = contextWithinCatalogue(ds, input.context);
    const s = interpret(ds, input);
    // System RAM beside the card (stated, or in the machine text): a pick may run with its experts there.
    const ram = ramAskOf(ds, s, input);
    const r = recommend(ds, s, undefined, context, ram.ask);
    const b = r.board;
    const m = s.understood.machine;
    return {
      understood: ram.interpretation ? { ...s.understood, machine: { ...m, interpretation: `${m.interpretation}; ${ram.interpretation}` } } : s.understood,
      board: { leaderboard: b.leaderboard, category: b.category, as_of: b.board?.as_of ?? null, rationale: b.why, fell_back: b.fell_back },
      weights: r.weights,
      ranking: RANKING,
      constraints: r.steps,
      considered: ds.models.length,
      qualified: r.qualified,
      recommendations: r.recommendations.map((x) => toItem(ds, x, b.board!, r.plan.context)),
      shortfall: r.shortfall,
      // What the text said and nothing read comes first: the rest of the answer stands without it.
      notes: [...unreadNotes(ds, s.understood), ...notesFor(s, r.plan, b, r.on_machine, r.held_back, r.over_prompt_limit, r.on_machine_count),
        // The offer a pick names was chosen among those whose listing does not say no (engines/recommend.ts, cheapestFor).
        ...(b.requires === 'tool_calling' ? [`use=${s.use} requires tool calling, checked per offer too: ${OFFER_TOOLS_RULE}.`] : []),
        ...(ram.note ? [ram.note] : [])],
    };
  },
});
