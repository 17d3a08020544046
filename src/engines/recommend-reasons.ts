// The sentences behind each recommendation: every figure with its date and source id, so a person can check it.
import type { Dataset } from '../dataset/dataset.ts';
import type { EvidencePage, Fact } from '../schema/fact.ts';
import type { Hardware, Offer, OfferRegion } from '../schema/index.ts';
import { citeSource } from './cite.ts';
import { licenceReason } from './recommend-licence.ts';
import { discontinuedText, notWeighedText } from './discontinued.ts';
import { DEFAULT_AMORTIZATION_MONTHS, DEFAULT_INPUT_SHARE } from './constants.ts';
import { dollars, price, wholeDollars } from './money.ts';
import { isShutDownOffer } from './offer-lifecycle.ts';
import { developerRetiredReason } from './developer-retired.ts';
import { OFFER_WINDOW_RULE, offerServes, offerWindow } from './offer-context.ts';
import { noTermsNote, termsNote, termsReasons } from './offer-terms.ts';
import { FLAT_RULE, TIER_RULE } from './long-context.ts';
import { perDatasetKey } from './per-dataset.ts';
import type { Candidate, HeldBack, Option, Step } from './recommend.ts';
import { UNKNOWN_MACHINE_PRICE_SCORE, UNPRICED_CONFIGURATION_PRICE_SCORE } from './recommend-weights.ts';
import { TRUST_COVERAGE_FLOOR, TRUST_FLOOR_CRITERIA, type Plan } from './recommend-plan.ts';
import { CRITERIA_COUNT, euResidencyOf } from './trust.ts';
import type { UseBoard } from './use-categories.ts';
import type { QualityEvidence } from './recommend-quality.ts';
import type { Interpretation } from './interpret.ts';
import { notOnMachineReason, onMachineNote, type OnMachine } from './recommend-machine.ts';
import { rentalOf, type HostingPick, type OwnedCost } from './recommend-hosting.ts';
import { machineMonth } from './recommend-machine-month.ts';
import type { OwnedOption } from './owned-cost.ts';
import type { FitAssessed } from './hardware-fit.ts';
import { ramReason } from './recommend-hosting-ram.ts';
import { slowerQuantizationText } from './recommend-quant.ts';
import { floorText, heldBackNote, passedOverText, prefillText, rankedAfterNote, readsInTime, type SpeedFloor } from './recommend-speed.ts';
import { alsoSpeed, ownedFitOf, underFloor } from './recommend-also.ts';
import { conflictWayOut } from './recommend-conflict.ts';
import { slowPickFirst } from './recommend-speed-class.ts';

/** `evidence_page`: the provider's page the residency rests on, quoted and dated; null where none is quoted (an EU SKU, a rule's note). */
export type EuOfferBrief = { provider: string; provider_name: string; region: OfferRegion; residency: 'yes' | 'region'; evidence_page: EvidencePage | null };
export type Explained = { reasons: string[]; eu_offers: readonly EuOfferBrief[] };
const cite = citeSource;
const int = (x: number) => Math.round(x).toLocaleString('en-US');
const params = (n: number) => (n >= 1e9 ? `${Math.round(n / 1e8) / 10}B` : `${Math.round(n / 1e5) / 10}M`);

/**
 * The quality reason, kept per evidence: the evidence is kept per board, use and model (recommend-quality.ts), and
 * the sentence reads only it, the model and the use's board, so every ask showing the model for the use says the
 * same. Held weakly: it goes with the evidence.
 */
const ratingReasons = new WeakMap<QualityEvidence, string>();

function ratingReason(c: Candidate, ub: UseBoard): string {
  let text = ratingReasons.get(c.evidence);
  if (text === undefined) ratingReasons.set(c.evidence, (text = ratingReasonOf(c, ub)));
  return text;
}

function ratingReasonOf(c: Candidate, ub: UseBoard): string {
  const b = ub.board!;
  const top = b.entries[0].best.rating;
  const ev = c.evidence;
  const gapText = (rating: number) => {
    const gap = top - rating;
    return gap > 0 ? `${int(gap)} points below the top-rated model` : 'level with the top-rated model';
  };
  const on = `${ub.leaderboard}/${ub.category}`;
  if (ev.basis === 'rating') {
    const r = ev.entry.best;
    const votes = r.votes !== undefined ? `, ${int(r.votes)} votes` : '';
    const top1 = top - r.rating > 0 ? `, ${gapText(r.rating)}` : ', the top-rated model';
    return `${c.model.name.value} is rated ${int(r.rating)} (95% interval ${int(r.rating_lower)}-${int(r.rating_upper)}${votes}) on ${on} as ${r.variant} (${cite(r)}): rank ${ev.entry.rank} of ${b.entries.length} rated models${top1}.`;
  }
  if (ev.basis === 'benchmarks') {
    const places = ev.places.map((p) => {
      const bm = p.benchmark;
      return `${bm.value.name} ${bm.value.score} ${bm.value.metric} (${cite(bm)}${bm.value.url ? `, ${bm.value.url}` : ''}), above ${p.below} of the ${p.peers} rated models that publish it, whose lower bounds at that place give ${int(p.estimate)}`;
    });
    return `${c.model.name.value} is not rated on ${on}; its quality is estimated from published benchmarks of the same skill: ${places.join('; ')}. Counted as ${int(ev.rating)}${ev.places.length > 1 ? ' (the median)' : ''}, ${gapText(ev.rating)}: an estimate, weaker evidence than a rating of its own.`;
  }
  const f = ev.family;
  const r = f.entry.best;
  const sizes = `${params(f.sibling.parameters_total!.value)} against ${params(c.model.parameters_total!.value)} parameters`;
  const scaled = f.halvings > 0
    ? `, less ${f.points_per_halving} points per halving of parameters over ${f.halvings} halvings (${sizes}; the median gap between larger and smaller rated models of one line on this board, over ${f.pairs} pairs)`
    : ` (${sizes}: the sibling is not larger, so no size discount)`;
  return `${c.model.name.value} is not rated on ${on}; its family rating comes from ${f.sibling.name.value}, a sibling in the ${f.line} line, rated ${int(r.rating)} (95% interval ${int(r.rating_lower)}-${int(r.rating_upper)}) as ${r.variant} (${cite(r)}). Counted as ${int(ev.rating)}: the sibling's lower bound${scaled}; ${gapText(ev.rating)}. A family rating is another model's evidence, discounted, not this model's own.`;
}

function priceText(f: Fact<number> | undefined, what: string): string | null {
  return f ? `${price(f.value)} ${what} (${cite(f)})` : null;
}

function apiReason(ds: Dataset, o: Option, plan: Plan): string {
  const { offer, blended, tier } = o.priced!;
  const provider = ds.providerById.get(offer.provider)?.name ?? offer.provider;
  const basePrices = [priceText(offer.prices.input, 'input'), priceText(offer.prices.output, 'output')].filter(Boolean).join(' and ');
  // At a long-context tier: the tier's prices for the prompt size asked, the base prices beside them.
  const tiers = offer.prices.tiers;
  const prices = tier && tiers
    ? `${price(tier.input ?? 0)} input and ${price(tier.output ?? 0)} output for a prompt of `
      + `${tier.prompt_tokens.toLocaleString('en-US')} tokens `
      + `(its long-context price above ${tier.above_tokens.toLocaleString('en-US')} tokens, ${cite(tiers)}; base ${basePrices})`
    : basePrices;
  const r = euResidencyOf(offer);
  const residency = offer.region === 'eu' ? `; an EU-regional SKU (${cite(offer.eu_resident)})` : r === 'yes' ? `; EU data residency (${cite(offer.eu_resident)})`
    : r === 'region' ? `; EU regions available, to be chosen when you set it up (${cite(offer.eu_resident)})` : '';
  // An offer whose EU processing must be chosen (an EU region, cortecs's Sovereign Cloud) is not EU-resident as sold.
  const eu = !plan.eu_by ? '' : r === 'region' && offer.region !== 'eu' ? 'EU-capable ' : 'EU-resident ';
  return `Cheapest ${eu}offer: ${provider} (${offer.provider_model_id}) at ${prices} per 1M tokens, ${price(blended)} blended at ${DEFAULT_INPUT_SHARE * 100}% input${residency}.${plan.eu_by ? unestablishedJurisdiction(ds, offer) : ''}${previewText(offer)}`;
}

/**
 * An EU-resident offer whose provider has no jurisdiction in the table scores no eu_jurisdiction: a router such as
 * cortecs (Austrian) passes each request to an upstream provider, and keeping to providers based in the EU is a
 * setting of its, not its default. The answer says why the part is 0 and gives the residency note naming the setting.
 */
function unestablishedJurisdiction(ds: Dataset, offer: Offer): string {
  const p = ds.providerById.get(offer.provider);
  if (!p || p.jurisdiction) return '';
  const hq = p.hq_country ? ` (headquartered in ${p.hq_country.value})` : '';
  const note = offer.eu_resident.note ? `; its residency reads: ${offer.eu_resident.note}` : '';
  return ` The jurisdiction of ${p.name}'s processing is not established in the dataset${hq}, so it is not counted as EU (eu_jurisdiction 0)${note}.`;
}

/** A listing its provider calls beta or alpha is a preview: an EU hospital must know before it sends patient data. */
function previewText(offer: Offer): string {
  const s = offer.status;
  if (!s || (s.value !== 'beta' && s.value !== 'alpha')) return '';
  return ` The provider lists this offer as ${s.value} (${cite(s)}), not as generally available.`;
}

/** Whose law a rented machine is under: the provider's row in the providers table, cited; or that none is known. */
function rentalJurisdiction(ds: Dataset, provider: string): string {
  const p = ds.providerById.get(provider);
  const j = p?.jurisdiction;
  if (!j) return `${p?.name ?? provider}'s jurisdiction is not established in the dataset, so it is not counted as EU`;
  const hq = p.hq_country && p.hq_country.value !== j.value ? `, headquartered in ${p.hq_country.value}` : '';
  return `${p.name} is under ${j.value} jurisdiction${hq} (${cite(j)})`;
}

function selfReason(ds: Dataset, c: Candidate, o: Option, plan: Plan): string {
  const self = o.self!;
  const { hardware: h, fit, own_machine, on_premises, cost, smallest } = self;
  const m = c.model;
  const fast = plan.speed_floor !== null && self.passed_over ? ' at a usable speed,' : '';
  const local = plan.target.kind === 'local' ? plan.target.by : '';
  const where = own_machine ? `your machine, ${h.name} (${h.id})`
    : on_premises ? `your own hardware on your premises (${plan.on_premises_by}): ${h.name} (${h.id}), the least costly configuration to own that it fits${fast}`
      : self.bought && cost ? `a machine you would buy (${local}, none named): ${h.name} (${h.id}), the least costly local configuration to own that it fits${fast}`
        : cost ? `${h.name} (${h.id}), the least costly rented configuration it fits`
          : `${h.name} (${h.id}), the smallest catalogued configuration it fits`;
  // A machine stated by its memory alone has no bandwidth: say so where the speed would be (its name no longer does).
  const speed = fit.tokens_per_s !== null ? `, about ${fit.tokens_per_s} tokens/s` : ', no speed estimated (no memory bandwidth for it)';
  const inputs = [m.parameters_total && `${params(m.parameters_total.value)} parameters (${cite(m.parameters_total)})`, m.architecture && `its architecture (${cite(m.architecture)})`].filter(Boolean).join(' and ');
  if (self.experts_in_ram) return ramReason(h, fit, self.experts_in_ram, plan.context, inputs);
  const passed = (self.passed_over ? ` ${passedOverText(self.passed_over, plan.speed_floor!, on_premises, plan.context)}` : '') + notWeighedText(self.cheaper_not_sold_new)
    + (self.slower_quantization ? ` ${slowerQuantizationText(fit, self.slower_quantization)}` : '')
    + (prefillText(fit, plan.context, plan.speed_floor?.prefill_stated_s ?? null) ? ` ${prefillText(fit, plan.context, plan.speed_floor?.prefill_stated_s ?? null)}` : '');
  const run = `Runs on ${where} at ${fit.quantization}: ${fit.memory.total_gb} GB of ${fit.memory.usable_gb} GB usable (${fit.fit})${speed} at ${int(plan.context)} tokens of context; an estimate derived from ${inputs}.${passed}`;
  if (own_machine) return `${run} ${machineCostText(m, h, plan.context, fit)}`;
  if (!cost && on_premises) return `${run} No configuration it fits has a purchase price and a power figure in the dataset: it needs more than the largest one that has, so it is not counted as cheap (price scores ${UNPRICED_CONFIGURATION_PRICE_SCORE}); it is hardware you own, under your jurisdiction.`;
  if (!cost && o.self!.priced) return `${run} No configuration it fits has a rental price in the dataset${plan.eu_by ? ' in an EU region' : ''}: it needs more than the largest one that has, so it is not counted as cheap (price scores ${UNPRICED_CONFIGURATION_PRICE_SCORE}); it is counted as hardware you would own, under your jurisdiction.`;
  // A local machine bought for the ask is costed as owned where a configuration it fits has a purchase price and power.
  if (!cost) {
    return `${run} No local configuration it fits has both a purchase price and a power figure in the dataset, so its cost is not counted (price scores a neutral ${UNKNOWN_MACHINE_PRICE_SCORE})`
      + (h.purchase_price_usd ? `; this one's purchase price is ${wholeDollars(h.purchase_price_usd.value)} (${cite(h.purchase_price_usd)}).` : '.');
  }
  // The configuration passed over for speed is said above; the smallest is said here when it is another one.
  const also = smallest && smallest.hardware.id !== self.passed_over?.hardware.id
    ? ` It also fits ${smallest.hardware.name} (${smallest.hardware.id}, ${smallest.fit.memory.usable_gb} GB usable`
      + `${plan.speed_floor !== null ? alsoSpeed(ownedFitOf(m, smallest, plan.context), plan.speed_floor) : ''}), `
      + `${smallerWhy(plan.speed_floor !== null ? { ...smallest, fit: ownedFitOf(m, smallest, plan.context) } : smallest, self, plan.speed_floor)}.` : '';
  const busy = `${dollars(cost.usd_per_mtok)} per 1M tokens when kept that busy, more at lower volume; self-hosting is ranked on this price.${also}`;
  // On premises the machine is bought and run: estimate_cost's owned month, and the data stays under the caller's law.
  if (cost.owned) return `${run} Cost: ${ownedText(h, cost.monthly_usd, cost.owned)}; serving about ${int(cost.owned.tokens_millions)}M tokens a month at the estimate_cost model's throughput and utilisation: ${busy} Nothing is rented: the data stays with you, under your jurisdiction.`;
  const r = cost.rental!;
  const serves = `serving about ${int(cost.capacity_tokens_millions_per_month)}M tokens a month at the estimate_cost model's throughput and utilisation: ${busy}`;
  const rent = `${dollars(r.usd_per_hour)}/h, ${r.provider} ${r.instance_type}; ${cite(r)}`;
  const regions = cost.eu_regions.length ? `in EU regions to choose (${cost.eu_regions.join(', ')})` : 'with no EU region listed for it';
  const law = rentalJurisdiction(ds, r.provider);
  // keep=eu-only and where=eu-cloud require EU residency, as of API offers; the provider's jurisdiction is stated beside it.
  const euText = plan.eu_by ? ` in an EU region (${cost.eu_regions.join(', ')}), as ${plan.eu_by} requires; ${law};`
    : ` ${regions}; ${law};`;
  return `${run} Cost: $${int(cost.monthly_usd)} a month to rent (${rent})${euText} ${serves}`;
}

/**
 * The cost of a pick on the machine the caller named: its purchase is spent, so the ranking counts none (price 1); the
 * answer states the month estimate_cost gives it owned at the volume it serves, and the electricity within it.
 */
function machineCostText(m: Candidate['model'], h: Hardware, context: number, fit: FitAssessed): string {
  const mm = machineMonth(m, h, context, fit);
  const q = mm?.quantization;
  const spent = `Cost: the machine is yours, so its purchase is spent and the ranking counts no cost for it (price scores 1)`;
  if (!mm || mm.power_monthly_usd === null) return `${spent}; the dataset lacks a purchase price or a power figure for ${h.id}, so its month is not costed.`;
  return `${spent}; what running it costs is its electricity, ${dollars(mm.power_monthly_usd)} a month at about ${int(mm.volume)}M tokens `
    + `(what it serves in a month at the estimate_cost model's throughput and utilisation: board power for the busy hours, idle draw for `
    + `the rest; ${cite(h.power_w!)}). estimate_cost with hardware=${h.id}, tokens_millions=${mm.volume}${q ? `, quantization=${q}` : ''} and context=${context} gives `
    + `$${int(mm.monthly_usd)} a month bought and run: ${purchaseWords(mm.purchase, mm.host_machine)}, and that electricity.`;
}

/** The purchase and host machine of an owned month, as it counts them: `its purchase ($1,599, ...) and its host ...`. */
function purchaseWords(p: OwnedOption['purchase'], hm: OwnedOption['host_machine']): string {
  const months = ` over ${p.amortization_months} months`;
  if (!hm) return `its purchase ($${int(p.usd)}, ${cite(p)})${months} (no source prices its host machine: not counted)`;
  if (hm.basis === 'in_purchase_price') return `its purchase ($${int(p.usd)}, ${cite(p)}, the host machine included)${months}`;
  return `its purchase ($${int(p.usd)}, ${cite(p)}) and its host machine ($${int(hm.usd)}, ${cite(hm)})${months}`;
}

/** An owned month in words, each part cited: the purchase and host amortised, the electricity, and whether it is whole. */
function ownedText(h: Hardware, monthly: number, o: OwnedCost): string {
  const p = o.purchase;
  const hm = o.host_machine;
  const host = !hm ? '; no source prices the host machine around its accelerators, so this month is a lower bound'
    : hm.basis === 'priced' ? `; its host machine, $${int(hm.usd)} (${cite(hm)}), over the same months` : '';
  const power = o.power_monthly_usd !== null ? `, and ${dollars(o.power_monthly_usd)} of electricity (${cite(h.power_w!)})` : ', electricity not counted (no power figure)';
  return `$${int(monthly)} a month bought and run, as estimate_cost gives it for ${h.id} at this volume: the purchase, $${int(p.usd)} `
    + `(${cite(p)}${hm?.basis === 'in_purchase_price' ? ', the host machine included' : ''}), over ${p.amortization_months} months${power}${host}${discontinuedText(h)}`;
}

/**
 * Why the configuration with the least memory the model fits is not the one costed. A missing host machine is the
 * reason only when the one costed counts its own: when no configuration the model fits counts one, the least costly of
 * all is taken (recommend-hosting.ts, computeOwned), and the smaller one lost on its month.
 */
export function smallerWhy(small: { hardware: Hardware; fit: FitAssessed }, pick: HostingPick, floor: SpeedFloor | null): string {
  const h = small.hardware;
  // Under the floor first: a machine too slow for the ask is no alternative, whatever its price (recommend-also.ts).
  if (floor !== null && underFloor(small.fit, floor)) {
    return readsInTime(small.fit, floor.prefill_s)
      ? `which runs it under the usable-speed floor of ${floorText(floor.tokens_per_s)} at every quantization of 4 bits or more that fits`
      : `which reads a prompt filling the context slower than the limit of ${floor.prefill_s} s at every quantization`;
  }
  if (!pick.bought) return 'which has no rental price in the dataset';
  if (!h.purchase_price_usd) return 'whose purchase price the dataset does not hold';
  if (!h.power_w) return 'whose power draw the dataset does not hold, so its month is not weighed';
  if (!h.host_machine && pick.cost?.owned?.host_machine) return 'whose month would leave out its host machine, which no source prices';
  return 'which costs more to own';
}

/**
 * The model's EU-resident offers at any context, one per provider and region, kept per dataset and model: they read
 * only the dataset (its offers and its date), and every pick shown sorted them again. Frozen, since answers share
 * them. `least_window` is the smallest window any of those offers states: an asked context up to it leaves out none.
 */
const keptEuOffers = perDatasetKey((ds: Dataset, m: Candidate['model']): { list: readonly EuOfferBrief[]; least_window: number } => {
  let least = Infinity;
  for (const o of ds.offersByModel.get(m.id) ?? []) {
    if (isShutDownOffer(o, ds.lifecycleDate)) continue;
    const r = euResidencyOf(o);
    if (r !== 'yes' && r !== 'region') continue;
    least = Math.min(least, offerWindow(o, m) ?? Infinity);
  }
  return { list: Object.freeze(euOffersOf(ds, m, undefined).map((o) => Object.freeze(o))), least_window: least };
});

function euOffers(ds: Dataset, c: Candidate, plan: Plan): readonly EuOfferBrief[] {
  const kept = keptEuOffers(ds, c.model);
  // A context above some EU offer's own window lists fewer: worked out for the ask (the asked contexts are open-ended).
  return plan.asked_context === undefined || plan.asked_context <= kept.least_window ? kept.list : euOffersOf(ds, c.model, plan.asked_context);
}

function euOffersOf(ds: Dataset, model: Candidate['model'], askedContext: number | undefined): EuOfferBrief[] {
  const seen = new Set<string>();
  const out: EuOfferBrief[] = [];
  for (const o of ds.offersByModel.get(model.id) ?? []) {
    // A shut-down offer is no place to send EU data any more: it is not listed (nor counted as EU evidence).
    if (isShutDownOffer(o, ds.lifecycleDate)) continue;
    // Nor is a listing whose own window is below the context asked (offer-context.ts, as the pick itself).
    if (askedContext !== undefined && !offerServes(o, model, askedContext)) continue;
    const r = euResidencyOf(o);
    if (r !== 'yes' && r !== 'region') continue;
    const key = `${o.provider}/${o.region}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ provider: o.provider, provider_name: ds.providerById.get(o.provider)?.name ?? o.provider, region: o.region, residency: r,
      evidence_page: o.region === 'eu' ? null : o.eu_resident.evidence_page ?? null });
  }
  return out.sort((a, b) => a.provider.localeCompare(b.provider) || a.region.localeCompare(b.region));
}

function euReason(ds: Dataset, c: Candidate, list: readonly EuOfferBrief[]): string {
  if (list.length === 0) {
    const all = ds.offersByModel.get(c.model.id) ?? [];
    const unknown = all.filter((o) => euResidencyOf(o) === 'unknown').length;
    return `No offer with EU data residency is known in the dataset${unknown ? ` (the residency of ${unknown} of its ${all.length} offers is not established)` : ''}.`;
  }
  const names = list.slice(0, 6).map((e) => `${e.provider_name} (${e.region === 'eu' ? 'EU-regional SKU' : e.residency === 'yes' ? 'EU-resident' : 'EU regions to choose'})`);
  const more = list.length > 6 ? ` and ${list.length - 6} more` : '';
  return `EU-resident offers: ${names.join(', ')}${more} (provider residency from the inference-providers table; EU SKUs from the price catalogues).`;
}

function trustReason(c: Candidate): string {
  const t = c.trust;
  return `Trust Index ${t.trust_index} with coverage ${t.coverage} (${t.counts.met} of ${CRITERIA_COUNT} criteria met, ${t.counts.unknown} unknown; derived, see get_trust_profile).`;
}

function alternativeReason(ds: Dataset, c: Candidate, plan: Plan): string | null {
  const a = c.alternative;
  if (!a) return null;
  if (a.path === 'self_hosted') return `It can also be self-hosted: ${selfReason(ds, c, a, plan).replace(/^Runs on /, 'runs on ')}`;
  return `Also available through an API: ${apiReason(ds, a, plan).replace(/^Cheapest /, 'cheapest ')}`;
}

/** The reasons for one recommendation, most decisive first: a slow pick's pace, rating, how it runs, licence, EU offers, trust. */
export function explain(ds: Dataset, c: Candidate, ub: UseBoard, plan: Plan, s: Interpretation): Explained {
  const list = euOffers(ds, c, plan);
  const reasons = [...slowPickFirst(c.option), ratingReason(c, ub)];
  reasons.push(c.option.path === 'api' ? apiReason(ds, c.option, plan) : selfReason(ds, c, c.option, plan));
  if (c.option.path === 'api') {
    const offer = c.option.priced!.offer;
    reasons.push(...[developerRetiredReason(ds, offer)].filter((r) => r !== null), ...termsReasons(ds, offer, plan.terms));
  }
  const away = notOnMachineReason(c, plan);
  if (away) reasons.push(away);
  if (c.option.path === 'self_hosted' && !plan.api && plan.api_blocked_by?.startsWith('keep=no-')) {
    reasons.push(`Self-hosted, inputs stay on ${rentalOf(c.option.self!) ? 'the machine you rent and run' : 'your hardware'}: the dataset holds no evidence that any API offer meets ${plan.api_blocked_by}.`);
  }
  reasons.push(licenceReason(c));
  const euMatters = plan.eu_by !== null || s.data === 'personal' || s.data === 'health' || s.data === 'financial' || s.who === 'public-sector' || s.who === 'healthcare';
  if (euMatters) reasons.push(euReason(ds, c, list));
  reasons.push(trustReason(c));
  const alt = alternativeReason(ds, c, plan);
  if (alt) reasons.push(alt);
  return { reasons, eu_offers: list };
}

/** Why fewer than three models qualify: every step that eliminated models, and the one that left the last few. */
export function shortfallText(steps: readonly Step[], qualified: number): string {
  const head = qualified === 0 ? 'No model meets every constraint.' : `Only ${qualified} model${qualified === 1 ? '' : 's'} meet${qualified === 1 ? 's' : ''} every constraint.`;
  const cut = steps.filter((st) => st.eliminated > 0);
  if (cut.length === 0) return `${head} The dataset holds no more candidates.`;
  const last = cut[cut.length - 1];
  const before = last.remaining + last.eliminated;
  const chain = cut.map((st) => `${st.constraint} (${st.rule}): ${st.eliminated}`).join('; ');
  return `${head} ${last.constraint} eliminated the rest: ${last.eliminated} of the ${before} models left at that point fail "${last.rule}". Eliminated at each step: ${chain}.`;
}

/** What the caller should know about how the answer was reached: every assumption the constraints rest on. */
export function notesFor(
  s: Interpretation, plan: Plan, ub: UseBoard, onMachine: OnMachine | null = null, heldBack: readonly HeldBack[] = [],
  overLimit: readonly HeldBack[] = [], onMachineCount = 0,
): string[] {
  const notes: string[] = [];
  if (plan.asked_context !== undefined) {
    notes.push(`context=${plan.asked_context}: models need a context window at least that long; self-hosting fits are computed at it, `
      + `and API offers are priced for prompts of that size: ${TIER_RULE}; ${FLAT_RULE}. `
      + `Context is checked per offer, as in cheapest_for: ${OFFER_WINDOW_RULE}.`);
  }
  if (!ub.board) notes.push(`The dataset holds no ratings on ${ub.leaderboard}/${ub.category}, the board that measures use=${s.use}, so no model can be recommended for it.`);
  else if (ub.fell_back) notes.push(`The preferred board for use=${s.use} is absent from the dataset; ${ub.leaderboard}/${ub.category} is used instead.`);
  if (plan.terms_by) notes.push(termsNote(plan));
  if (/^keep=.*no-(training|retention)/.test(plan.api_blocked_by ?? '')) notes.push(noTermsNote(plan.api_blocked_by!));
  if (!plan.api && !plan.self) notes.push(conflictWayOut(plan.api_blocked_by!, plan.self_blocked_by!));
  const openAsked = s.keep.includes('open-licence') ? 'keep=open-licence' : s.keep.includes('open-weights') ? 'keep=open-weights' : null;
  if (openAsked && plan.api) {
    notes.push(`${openAsked} asks what the weights are, not where the model runs: a pick may still be served through an API offer ` +
      'when that ranks best; its weights let you move it to another provider or your own hardware. Add where=on-premises to self-host.');
  }
  if (plan.api_blocked_by === 'data=secret') notes.push('data=secret: only self-hosting is considered; no source in the dataset shows that an API provider neither retains nor trains on inputs.');
  if ((s.data === 'personal' || s.data === 'health' || s.data === 'financial') && plan.api && !plan.eu_by) {
    notes.push(`data=${s.data} weighs EU residency${s.data === 'health' ? ' and self-hosting' : ''} in the ranking but imposes no constraint; add keep=eu-only (or keep=no-retention) to require it. Data processing agreements and sector terms (e.g. for health data) are not in the dataset.`);
  }
  if (plan.trust_floor_by) {
    notes.push(`${plan.trust_floor_by}: sensitive data, so only models with known trust evidence qualify (at least ` +
      `${TRUST_FLOOR_CRITERIA} of the 16 Trust Index criteria established by a source, coverage ${TRUST_COVERAGE_FLOOR}); ` +
      'the trust part of the score is the Trust Index, which counts every unknown criterion as not met.');
  }
  // What keep=eu-only asks of a rental is EU residency, as of an API offer; jurisdiction is scored and stated, not required.
  const rentedEu = 'a rented configuration is costed only where its provider offers it in an EU region (the rental-regions table; a '
    + 'region no row places does not count); the provider\'s jurisdiction is stated and scored (eu_jurisdiction), not required: '
    + 'a US cloud\'s EU region counts, as Bedrock in Frankfurt does for an API offer (who=public-sector weighs jurisdiction, and '
    + '`rental_jurisdiction` names it); a model no such rental fits is shown on the smallest configuration it fits, as hardware you '
    + 'would own, not counted as cheap';
  if (plan.eu_by && !plan.api && plan.self && plan.target.kind === 'any') {
    notes.push(plan.on_premises_by
      ? `${plan.eu_by} with ${plan.on_premises_by}: the hardware is yours, on your premises, so it qualifies when your premises are in the EU; `
        + 'it is costed as bought and run (estimate_cost\'s owned month), and nothing is rented.'
      : `${plan.eu_by} with self-hosting only: ${rentedEu}; your own hardware qualifies when it is in the EU.`);
  }
  if (plan.eu_by && plan.api) notes.push(`${plan.eu_by}: an API offer qualifies when it is EU-resident or an EU-regional SKU, or when its provider offers EU regions (\`region\`), which you must then choose, meeting any condition its residency note names (OpenAI's: an eligible organisation, approved for abuse monitoring controls, with a Zero Data Retention amendment); offers whose residency is not established do not qualify. ${plan.self
    ? `Self-hosting qualifies when your hardware is in the EU${plan.target.kind === 'any' ? `; ${rentedEu}` : ''}.`
    : `Self-hosting is not considered: ${plan.self_blocked_by} rules it out.`}`);
  const m = s.machine;
  if (m?.hardware && m.class) notes.push(`machine=${m.value} is checked on ${m.hardware.id} (${m.hardware.name}), the configuration that stands for this class; give a hardware id from GET /api/v1/hardware for another machine.`);
  if (onMachine) notes.push(onMachineNote(onMachine));
  if (m?.hardware && m.how === 'memory') notes.push(`machine "${s.understood.machine.given}" is checked on ${m.hardware.id} (${m.hardware.name}), the largest catalogued configuration of that kind with at most ${m.matched[0].replace(' gb', ' GB')}.`);
  if (heldBack.length && plan.speed_floor !== null) {
    notes.push(heldBackNote(heldBack, plan.speed_floor, plan.target.kind === 'any' ? plan.on_premises_by! : plan.target.by, plan.context));
  }
  const limit = plan.speed_floor?.prefill_stated_s ?? null;
  if (overLimit.length && limit !== null && plan.target.kind === 'machine') {
    notes.push(rankedAfterNote(overLimit, limit, plan.target.by, s.use, plan.context, onMachineCount));
  }
  if (plan.self && plan.target.kind === 'local') {
    notes.push(`${plan.target.by} and no machine named: self-hosting is checked against the catalogued laptops, desktops and workstations, at 4 bits per weight or more, on the one you would buy: the local configuration least costly to own that the model fits${plan.speed_floor !== null ? ' and runs at a usable speed' : ''}, costed as estimate_cost costs it owned (the purchase over ${DEFAULT_AMORTIZATION_MONTHS} months, the host machine where a source prices it, and electricity) and ranked on that month over the tokens it serves, per 1M tokens, as on premises; estimate_cost with that hardware, volume and context gives the same month. A model no local configuration with a purchase price and a power figure fits is not costed (price ${UNKNOWN_MACHINE_PRICE_SCORE}). A machine you already own is named in \`machine\`: it is then not costed (price 1), its purchase being spent.`);
  } else if (plan.self && plan.target.kind === 'any' && plan.on_premises_by) {
    notes.push(`${plan.on_premises_by} and no machine named: a self-hosted pick runs on hardware you buy and run, on the configuration least costly to own that it fits at 4 bits per weight or more (estimate_cost's owned order at 1M tokens a month, the first whose month counts the whole machine where one fits), costed as estimate_cost costs it owned: the purchase over ${DEFAULT_AMORTIZATION_MONTHS} months, the host machine where a source prices it, and electricity${plan.speed_floor !== null ? '; among those that run it at the usable-speed floor (the step speed), where one does' : ''}. It is ranked on that month at the tokens the configuration serves (estimate_cost's throughput and utilisation), per 1M tokens: estimate_cost with that hardware, volume and context gives the same month. Residency and jurisdiction are yours. A model no configuration with a purchase price fits needs more than the largest that has one: price ${UNPRICED_CONFIGURATION_PRICE_SCORE}. Name your machine for its fit.`);
  } else if (plan.self && plan.target.kind === 'any') {
    notes.push(`No machine named: a self-hosted pick runs on the least costly rented configuration it fits at 4 bits per weight or more, and is ranked on that cost: one month's rent over the tokens the configuration serves in a month (estimate_cost's throughput and utilisation), per 1M tokens, the API's unit. That is the cost when kept busy; at lower volume a token costs more (estimate_cost gives the curve). A model no rented configuration fits${plan.eu_by ? ' (in an EU region)' : ''} needs more than the largest that has a price: price ${UNPRICED_CONFIGURATION_PRICE_SCORE}.`);
  }
  return notes;
}
