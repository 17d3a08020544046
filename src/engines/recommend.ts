// recommend_model's engine: hard constraints filter in a documented order, soft preferences rank by a weighted score.
import { euExclusionOf } from './licence-territory.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { BASE_SKUS, type Hardware, type Model } from '../schema/index.ts';
import { DEFAULT_INPUT_SHARE } from './constants.ts';
import { perDataset, perDatasetKey } from './per-dataset.ts';
import { applyStep, useSteps, type Filtering, type Step } from './recommend-steps.ts';
import { cheapestAtDefaultShare, cheapestOffer, isEuOffer, type PricedOffer } from './ranking.ts';
import { cheapestAtPrompt, frontierOfModel } from './offer-frontier.ts';
import { frontierServing } from './offer-context.ts';
import { frontierMeetingTerms, providersWithOffersMeeting, termsWords, type TermsKeep } from './offer-terms.ts';
import { isShutDownOffer } from './offer-lifecycle.ts';
import { cheapestHosting, euRentalProvider, hostingOnNamedMachine, ownedHosting, rentalOf, type HostingPick } from './recommend-hosting.ts';
import { hostingBesideRam, type RamAsk } from './recommend-hosting-ram.ts';
import { qualityEvidence, type QualityEvidence } from './recommend-quality.ts';
import { planOf, TRUST_COVERAGE_FLOOR, TRUST_FLOOR_CRITERIA, type Plan } from './recommend-plan.ts';
import { explain, shortfallText, type Explained } from './recommend-reasons.ts';
import { onMachine, type OnMachine } from './recommend-machine.ts';
import { apiFirst, AskSlots, Ranking, scored, tierOf, unitPrice, type Scored } from './recommend-rank.ts';
import { floorKey, floorText } from './recommend-speed.ts';
import { isEuJurisdiction, trustProfile, type TrustProfile } from './trust.ts';
import { boardForUse, type UseBoard } from './use-categories.ts';
import type { Interpretation } from './interpret.ts';
import {
  DIMENSIONS, effectiveWeights, opennessScore, priceScore, QUALITY_SPAN,
  UNKNOWN_MACHINE_PRICE_SCORE, UNPRICED_CONFIGURATION_PRICE_SCORE, type Dimension, type Weights,
} from './recommend-weights.ts';

export { DOCUMENTS_CONTEXT, planOf, type Plan } from './recommend-plan.ts';
export type { Step } from './recommend-steps.ts';

/** Classes that count as a local machine when `where=local` or `keep=on-device` names none. */
export const LOCAL_CLASSES = ['laptop', 'desktop', 'workstation'] as const;
export const MAX_RECOMMENDATIONS = 3;

export type SelfOption = HostingPick;
export type Option = { path: 'api' | 'self_hosted'; priced?: PricedOffer; self?: SelfOption; score: number; parts: Record<Dimension, number> };

export type Candidate = { model: Model; evidence: QualityEvidence; trust: TrustProfile; option: Option; alternative: Option | null };

export type Recommendation = Candidate & Explained & { position: number };

export type RecommendResult = {
  board: UseBoard;
  plan: Plan;
  weights: Weights;
  steps: Step[];
  qualified: number;
  recommendations: Recommendation[];
  shortfall: string | null;
  /** A named machine with API picks: the best model that runs on it (recommend-machine.ts); null otherwise. */
  on_machine: OnMachine | null;
  /**
   * The models the speed step held back (they fit, but run under plan.speed_floor wherever they fit), best rated first,
   * with the configuration and fit that was too slow; empty when none was.
   */
  held_back: HeldBack[];
  /**
   * On the caller's named machine, the models that run there at the decode floor but take longer than the use's prompt
   * limit to read a prompt filling the context (use=documents): kept, ranked after every way that meets it, best rated
   * first; empty when none is.
   */
  over_prompt_limit: HeldBack[];
  /** How many of the models ranked run on the caller's named machine at the decode floor (those over the limit among them). */
  on_machine_count: number;
};

export type HeldBack = { model: Model; rating: number; hardware: Hardware; fit: SelfOption['fit'] };

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * A model held back on its pick, its fit read only for the few the note names (a named machine's is written out on
 * first read). Made here, not in the loops that find them: a getter in a loop's body that reads the body's variables
 * makes a context for them on every pass, held back or not (some 40 bytes a model, an ask walking some hundreds).
 */
function heldBack(model: Model, rating: number, so: SelfOption): HeldBack {
  return { model, rating, hardware: so.hardware, get fit() { return so.fit; } };
}

/** The price part of self-hosting: 1 on the caller's machine, its cost per 1M tokens when rented or owned on premises, else 0 or neutral. */
function selfPriceScore(self: SelfOption): number {
  if (self.own_machine) return 1;
  if (self.cost) return priceScore(self.cost.usd_per_mtok);
  return self.priced ? UNPRICED_CONFIGURATION_PRICE_SCORE : UNKNOWN_MACHINE_PRICE_SCORE;
}

/**
 * The score parts of one way to run a model, into `out` in DIMENSIONS order (quality, price, openness, trust,
 * eu_residency, eu_jurisdiction, self_hosting): an ask scores every model left this way and builds parts for the shown.
 */
function partsInto(
  out: Float64Array, ds: Dataset, m: Model, top: number, e: QualityEvidence, trust: TrustProfile, priced?: PricedOffer, self?: SelfOption,
): Float64Array {
  const offer = priced?.offer;
  out[0] = round4(Math.min(1, Math.max(0, 1 - (top - e.rating) / QUALITY_SPAN)));
  out[1] = round4(priced ? priceScore(priced.blended) : self ? selfPriceScore(self) : UNKNOWN_MACHINE_PRICE_SCORE);
  out[2] = opennessScore(m);
  out[3] = trust.trust_index / 100;
  // Self-hosted on hardware the caller owns (a named machine, on premises, bought, or a configuration with no rental
  // price): the caller's residency and jurisdiction. On a rented configuration: the provider's, as for an API offer;
  // EU regions to choose count as resident (as `region` does for an offer), and an unknown jurisdiction is not EU.
  const rental = self ? rentalOf(self) : null;
  if (self) {
    out[4] = rental ? (rental.eu_regions.length > 0 ? 1 : 0) : 1;
    out[5] = rental ? (euRentalProvider(ds, rental.rental.provider) ? 1 : 0) : 1;
  } else {
    out[4] = offer && isEuOffer(offer) ? 1 : 0;
    out[5] = isEuJurisdiction((offer ? ds.providerById.get(offer.provider) : undefined)?.jurisdiction?.value) ? 1 : 0;
  }
  out[6] = self ? 1 : 0;
  return out;
}

/** The weighted sum of the parts, added in DIMENSIONS order from 0 (the figure the answer has always given). */
function weigh(w: Weights, p: Float64Array): number {
  let s = 0;
  for (let i = 0; i < DIMENSIONS.length; i++) s += w[DIMENSIONS[i]] * p[i];
  return round4(s);
}

/** The ranking's arrays, reused by every ask (an ask runs to its end before the next begins). */
const ranking = new Ranking();
/** Where each model runs in the ask under way, by the model's place in the dataset. */
const selfOptions = new AskSlots<SelfOption | undefined>();
/** Each model's place in the dataset's list: the slot that holds where it runs. */
const modelIndex = perDataset((ds) => new Map(ds.models.map((m, i) => [m, i])));

/** Scratch parts for scoring; never kept (a built option copies them into its own record). */
const scratch = new Float64Array(DIMENSIONS.length);

function scoreOption(
  ds: Dataset, m: Model, b: UseBoard, e: QualityEvidence, trust: TrustProfile, w: Weights, path: Option['path'],
  priced?: PricedOffer, self?: SelfOption,
): Option {
  const p = partsInto(scratch, ds, m, b.board!.entries[0].best.rating, e, trust, priced, self);
  const parts = { quality: p[0], price: p[1], openness: p[2], trust: p[3], eu_residency: p[4], eu_jurisdiction: p[5], self_hosting: p[6] };
  return { path, priced, self, score: weigh(w, p), parts };
}

/** A ranked model's options built: the better way first, the other (if any) as the alternative. */
function candidateOf(ds: Dataset, s: Scored, b: UseBoard, w: Weights): Candidate {
  const api = s.priced ? scoreOption(ds, s.model, b, s.evidence, s.trust, w, 'api', s.priced) : undefined;
  const self = s.self ? scoreOption(ds, s.model, b, s.evidence, s.trust, w, 'self_hosted', undefined, s.self) : undefined;
  const option = s.api_first ? api! : self!;
  const alternative = (s.api_first ? self : api) ?? null;
  return { model: s.model, evidence: s.evidence, trust: s.trust, option, alternative };
}

/** The catalogued local machines, one array per dataset (fits are cached per pool array). */
const localPool = perDataset((ds): Hardware[] => ds.hardware.filter((h) => (LOCAL_CLASSES as readonly string[]).includes(h.class)));

/**
 * The cheapest per-token offer of a model at the default input share, EU only and still served; cached per dataset.
 * An offer shut down by the data date cannot be bought, so it is nobody's EU offer (as in cheapestAtDefaultShare).
 */
const cheapestEu = perDatasetKey(
  (ds, m: Model): PricedOffer | undefined => cheapestOffer(
    ds.offersByModel.get(m.id) ?? [], DEFAULT_INPUT_SHARE, (o) => isEuOffer(o) && !isShutDownOffer(o, ds.lifecycleDate), BASE_SKUS,
    ds.meta.data_as_of,
  ),
);

/** cheapestFor's constants: an ask prices every model of the catalogue, and each made anew was an object a model. */
const NO_TERMS: readonly TermsKeep[] = Object.freeze([]);
const ANY_OFFERS = Object.freeze({ first_party_only: false, eu: false });
const EU_OFFERS = Object.freeze({ first_party_only: false, eu: true });

/**
 * The cheapest per-token offer of a model at the default input share, any or EU only, for prompts of `prompt` tokens
 * (the context asked). Only offers that serve the prompt by their own window count, as in cheapest_for
 * (offer-context.ts: a listing whose source states 131,072 tokens is no offer for a 500,000-token prompt). While
 * every offer serves it and it crosses no tier threshold of the model's offers, the kept base-price pick; above one,
 * the pick at the tier prices among offers that list tiers (engines/long-context.ts). With `tools`, only offers whose
 * listing does not say it serves no tool calling (offer-context.ts, offerServesTools). With `terms`, only offers whose
 * provider's own terms meet those keep values.
 */
function cheapestFor(
  ds: Dataset, m: Model, eu: boolean, prompt?: number, tools = false, terms: readonly TermsKeep[] = NO_TERMS,
): PricedOffer | undefined {
  const filter = eu ? EU_OFFERS : ANY_OFFERS;
  // keep=no-training / no-retention: only offers whose provider's own terms meet them (offer-terms.ts).
  if (terms.length) return cheapestAtPrompt(frontierMeetingTerms(ds, m, terms, prompt, tools), DEFAULT_INPUT_SHARE, filter, prompt);
  if (prompt !== undefined || tools) {
    const whole = frontierOfModel(ds, m.id);
    const f = frontierServing(ds, m, whole, prompt, tools);
    if (f !== whole || (prompt !== undefined && prompt > f.bounds.lowest)) {
      return cheapestAtPrompt(f, DEFAULT_INPUT_SHARE, filter, prompt);
    }
  }
  return eu ? cheapestEu(ds, m) : cheapestAtDefaultShare(ds, m.id);
}

/**
 * The configuration a self-hosted model runs on under the plan, or undefined when it fits none: the named machine;
 * with none named, the least costly rented configuration it fits (local machines: the smallest, bought not rented).
 * On premises the machine is the caller's, bought and run: the configuration least costly to own, costed as
 * estimate_cost costs it owned; nothing is rented, so EU data needs no EU rental. Otherwise EU data is costed only on rentals in an EU region, whatever the
 * provider's jurisdiction (scored and stated beside it, as for an API offer).
 */
function selfOption(ds: Dataset, m: Model, plan: Plan, ram?: RamAsk): SelfOption | undefined {
  if (plan.target.kind === 'machine') {
    // The RAM stated beside the card: a model that does not fit the card alone may run with its experts there.
    return ram ? hostingBesideRam(ds, m, plan.target.hardware, plan.context, plan.speed_floor, ram)
      : hostingOnNamedMachine(ds, m, plan.target.hardware, plan.context, plan.speed_floor);
  }
  // A local machine with none named is one the caller would buy: costed bought and run, as on premises.
  if (plan.target.kind === 'local') return ownedHosting(ds, m, localPool(ds), plan.context, plan.speed_floor, false);
  if (plan.on_premises_by) return ownedHosting(ds, m, ds.hardware, plan.context, plan.speed_floor);
  return cheapestHosting(ds, m, ds.hardware, plan.context, true, plan.eu_by !== null);
}

/**
 * Up to three models for a situation: the hard constraints filter in the documented order (each step counted, so
 * a shortfall can name the constraint that eliminated the rest), then each survivor is scored on its best way to run.
 * `limit` is how many are explained (the operation shows three; a study of the whole order may ask for more).
 */
export function recommend(ds: Dataset, s: Interpretation, limit = MAX_RECOMMENDATIONS, context?: number, ram?: RamAsk): RecommendResult {
  const ub = boardForUse(ds, s.use);
  const plan = planOf(s, s.use === 'documents', context, (terms) => providersWithOffersMeeting(ds, terms));
  const weights = effectiveWeights(s.who, s.data);
  const byUse = useSteps(ds, s.use);
  const f: Filtering = { pool: byUse.pool, steps: [...byUse.steps], kept: true };
  const step = (id: string, constraint: string, rule: string, keep: (m: Model) => boolean, flags?: string) =>
    applyStep(ds, f, id, constraint, rule, keep, flags);
  const held: HeldBack[] = [];
  // A use that needs tool calling (agents) is priced only on offers whose listing does not say it serves none.
  const tools = ub.requires === 'tool_calling';
  const priced = (m: Model, eu: boolean) => cheapestFor(ds, m, eu, plan.asked_context, tools, plan.terms);
  // Any priced offer, whatever its provider's terms: the first step counts models with a way to run at all.
  const pricedAny = (m: Model) => cheapestFor(ds, m, false, plan.asked_context, tools);
  const open = (m: Model) => m.open_weights?.value === true;
  const evidence = (m: Model) => qualityEvidence(ds, ub, m);
  // The fit step and the scoring both ask where a model runs: asked once per model in an ask.
  const index = modelIndex(ds);
  selfOptions.begin(ds.models.length);
  const selfOf = (m: Model) => {
    const i = index.get(m)!;
    if (selfOptions.has(i)) return selfOptions.get(i);
    const so = selfOption(ds, m, plan, ram);
    selfOptions.set(i, so);
    return so;
  };

  if (context !== undefined) {
    step('context', `context=${context}`, `a context window of at least ${context.toLocaleString('en-US')} tokens`,
      (m) => (m.context_window?.value ?? 0) >= context);
  }
  if (!plan.api && !plan.self) {
    step('conflict', `${plan.api_blocked_by} and ${plan.self_blocked_by}`,
      `${plan.api_blocked_by} leaves only self-hosting, which ${plan.self_blocked_by} rules out`, () => false, '');
  } else if (!plan.self) {
    step('api_offer', plan.self_blocked_by!, 'a priced API offer (self-hosting is ruled out)', (m) => pricedAny(m) !== undefined, '');
  } else if (!plan.api) {
    step('open_weights', plan.api_blocked_by!, 'open weights: only self-hosting meets this constraint', open, '');
  } else {
    step('available', 'built-in', 'a priced API offer or open weights to self-host', (m) => pricedAny(m) !== undefined || open(m), '');
  }
  // keep=no-training / no-retention met by some provider's own terms: API offers count only at those providers.
  const termsFlag = plan.terms.length ? `,terms=${plan.terms.join('+')}` : '';
  if (plan.terms_by) {
    step('terms', plan.terms_by, `an API offer whose provider's own page says its API data is ${termsWords(plan.terms)} `
      + 'by default (the providers table, quoted; terms that hold only on request or opt-out do not count)'
      + (plan.self ? ', or open weights to self-host' : ''),
    (m) => priced(m, false) !== undefined || (plan.self && open(m)), `self=${plan.self}${termsFlag}`);
  }
  // Open weights (or an OSI-approved licence) as asked: the model may still run through an API, but could be moved.
  if (s.keep.includes('open-licence')) {
    step('open_licence', 'keep=open-licence', 'open weights under an OSI-approved licence (the licence table; the Trust Index criterion open_licence)',
      (m) => open(m) && m.licence?.value.osi_approved === true, '');
  } else if (s.keep.includes('open-weights') && plan.api) {
    // Without API offers the plan's own open_weights step has already asked for them.
    step('open_weights', 'keep=open-weights',
      'open weights: downloadable, whatever the licence, so the model can be self-hosted or moved between providers', open, '');
  }
  const apiOk = (m: Model) => plan.api && priced(m, plan.eu_by !== null) !== undefined;
  if (plan.eu_by && plan.api) {
    // Open weights pass only where self-hosting is still allowed: where=eu-cloud rules it out, and the rule must not offer it.
    step('eu', plan.eu_by, `an API offer with EU data residency${plan.self ? ', or open weights to self-host' : ''}`, (m) => apiOk(m) || (plan.self && open(m)),
      `self=${plan.self}${termsFlag}`);
  }
  // A caller who needs EU residency is taken to be in the EU. Some licences grant no rights to individuals domiciled
  // or companies based there (data/curated/licence-territories.csv, the clause quoted on the licence): such a model
  // is no pick for them, self-hosted or through an offer. Llama's clause exempts "end users of a product or service
  // that incorporates" the model, but a caller choosing a model builds such a product; providers pass the clause on
  // to their API customers (Cloudflare, Groq: docs/trust-and-recommend.md), and Tencent's licence has no exemption.
  if (plan.eu_by) {
    step('eu_licence', plan.eu_by, 'a licence that does not withhold its rights from individuals domiciled or companies based in the EU '
      + '(licence.territory_exclusion: the clause quoted from the licence or its acceptable use policy, with its page)', (m) => euExclusionOf(m) === undefined, '');
  }
  // What the tests of self_facts and fit read of the ask besides their words (the fit's context and where are in its rule).
  const apiFlags = `api=${plan.api},eu=${plan.eu_by !== null}${termsFlag}`;
  if (plan.self && f.pool.some((m) => !apiOk(m))) {
    step('self_facts', plan.api ? 'built-in' : plan.api_blocked_by!,
      'for self-hosting: parameter count and architecture in the dataset, to check the fit',
      (m) => apiOk(m) || (m.parameters_total !== undefined && m.architecture !== undefined), apiFlags);
    const t = plan.target;
    const where = t.kind === 'machine' ? `fits ${t.hardware.id} (${t.hardware.name})${ram ? `, alone or with its experts in ${ram.ram.gb} GB of system RAM (${ram.by})` : ''}` : t.kind === 'local' ? `fits a catalogued ${LOCAL_CLASSES.join(', ')} configuration` : 'fits a catalogued hardware configuration';
    const rule = `for self-hosting: ${where} at 4 bits per weight or more, ${plan.context} tokens of context`;
    step('fit', t.kind === 'any' ? 'built-in' : t.by, rule, (m) => apiOk(m) || selfOf(m) !== undefined,
      t.kind === 'machine' ? undefined : apiFlags);
    // On hardware the caller owns or buys, a pick must write at least as fast as a person reads (recommend-speed.ts).
    const floor = plan.speed_floor;
    if (floor !== null) {
      const by = t.kind === 'any' ? plan.on_premises_by! : t.by;
      const speedRule = `for self-hosting on ${t.kind === 'machine' ? 'your machine' : t.kind === 'local' ? 'a local machine' : 'your premises'}: `
        + `an estimated decode speed of at least ${floorText(floor)}, at the highest quantization of 4 bits or more that reaches it`
        + (t.kind === 'machine' ? '' : ', on the least costly configuration that reaches it where the least costly to own does not');
      // With no machine named the test reads only the pool, the API flags, the context and the floor: kept per dataset
      // like the steps before it, so the steps after it are kept too. The models held back are those it left out.
      const before = f.pool;
      const flags = t.kind === 'machine' ? undefined : `${apiFlags},context=${plan.context},floor=${floorKey(floor)}`;
      step('speed', by, speedRule, (m) => apiOk(m) || !selfOf(m)?.below_floor, flags);
      // The step keeps the pool's order (a filter, or the kept pool a filter made), so the models left out are those a
      // walk of the pool before it does not meet in the pool after it: no set of the pool is built per ask.
      let j = 0;
      for (const m of before) {
        if (f.pool[j] === m) {
          j++;
          continue;
        }
        const so = selfOf(m);
        if (so) held.push(heldBack(m, evidence(m)?.rating ?? -Infinity, so));
      }
    }
  }
  if (plan.trust_floor_by) {
    const rule = `known trust evidence: at least ${TRUST_FLOOR_CRITERIA} of the 16 Trust Index criteria established by a source ` +
      `(coverage ${TRUST_COVERAGE_FLOOR} or more); an unknown criterion is not counted as met`;
    step('trust_evidence', plan.trust_floor_by, rule, (m) => trustProfile(ds, m).coverage >= TRUST_COVERAGE_FLOOR, '');
  }

  // The steps leave only models with a way to run; the check below keeps that true should a step ever be reordered.
  // No board (a use no leaderboard rates in this dataset) leaves no model with quality evidence, so none is scored.
  const top = ub.board?.entries[0]?.best.rating ?? 0;
  // Each model left scored on both ways as figures into `a` (one record an ask); objects are built for the picks shown
  // (and the best on a machine) by scoredOf.
  const a = { p: undefined as PricedOffer | undefined, so: undefined as SelfOption | undefined, api: 0, self: 0 };
  const assess = (m: Model, ev: QualityEvidence, trust: TrustProfile): boolean => {
    a.p = plan.api ? priced(m, plan.eu_by !== null) : undefined;
    a.so = plan.self && open(m) ? selfOf(m) : undefined;
    // Too slow on the caller's hardware: not a way to run it (the speed step already left out models with no other).
    if (a.so?.below_floor) a.so = undefined;
    if (!a.p && !a.so) return false;
    a.api = a.p ? weigh(weights, partsInto(scratch, ds, m, top, ev, trust, a.p)) : -Infinity;
    a.self = a.so ? weigh(weights, partsInto(scratch, ds, m, top, ev, trust, undefined, a.so)) : -Infinity;
    return true;
  };
  const scoredOf = (m: Model): Scored => {
    const ev = evidence(m)!;
    const trust = trustProfile(ds, m);
    assess(m, ev, trust);
    return scored(m, ev, trust, a.p, a.api, a.so, a.self);
  };
  ranking.reset();
  const over: HeldBack[] = [];
  let onMachineCount = 0;
  for (const m of f.pool) {
    const ev = evidence(m)!;
    if (!assess(m, ev, trustProfile(ds, m))) continue;
    const first = apiFirst(a.p, a.api, a.so, a.self);
    const so = a.so;
    ranking.add(m, first ? a.api : a.self, ev.rating, unitPrice(first, a.p, so), so?.own_machine ? a.self : -Infinity,
      tierOf(first, so), so?.over_prompt_limit ? 1 : 0);
    if (so?.own_machine) onMachineCount++;
    if (so?.over_prompt_limit) over.push(heldBack(m, ev.rating, so));
  }
  const qualified = ranking.length;
  const picks = ranking.top(limit).map((i) => candidateOf(ds, scoredOf(ranking.model(i)), ub, weights));
  const onIt = () => {
    const { fitting, best, position } = ranking.bestOwn();
    return { fitting, best: best < 0 ? null : { candidate: candidateOf(ds, scoredOf(ranking.model(best)), ub, weights), position } };
  };
  const on_machine = onMachine(plan, limit, picks, qualified, onIt);
  ranking.clear();
  selfOptions.end();
  const recommendations = picks.map((c, i): Recommendation => {
    const e = explain(ds, c, ub, plan, s);
    return {
      model: c.model, evidence: c.evidence, trust: c.trust, option: c.option, alternative: c.alternative,
      reasons: e.reasons, eu_offers: e.eu_offers, position: i + 1,
    };
  });
  return {
    board: ub, plan, weights, steps: f.steps, qualified, recommendations,
    shortfall: qualified < MAX_RECOMMENDATIONS ? shortfallText(f.steps, qualified) : null,
    on_machine,
    // Those a later step would have removed anyway (known trust evidence) were not held back for speed alone.
    held_back: held.filter((h) => !plan.trust_floor_by || trustProfile(ds, h.model).coverage >= TRUST_COVERAGE_FLOOR)
      .sort((x, y) => y.rating - x.rating || x.model.id.localeCompare(y.model.id)),
    over_prompt_limit: over.sort((x, y) => y.rating - x.rating || x.model.id.localeCompare(y.model.id)),
    on_machine_count: onMachineCount,
  };
}
