// Self-hosting a model: not possible (closed), unknown, or every configuration that fits, rented and owned, cheapest first.
import type { Hardware, Model } from '../schema/index.ts';
import { MIN_SELF_HOSTING_BITS } from './constants.ts';
import { windowUnknownAt, windowUnknownReason } from './context-window.ts';
import { modelFacts } from './memory.ts';
import { servingKvBasis } from './kv-basis.ts';
import { mlaTooSmallWords } from './mla-cache.ts';
import { vllmTooSmallWords } from './vllm-memory.ts';
import { pickOwnedBasis } from './owned-cost-basis.ts';
import { ownMachine, type OwnMachine } from './own-machine.ts';
import { describeOwned, ownedFigures, type OwnedFigures, type OwnedOption } from './owned-cost.ts';
import { costSettings, describeRented, rentedFigures, size, type CostOptions, type CostSettings, type RentedFigures, type SelfHostedOption } from './self-hosted-cost.ts';

export type SelfHosting<R = SelfHostedOption, O = OwnedOption> = {
  /** false: closed weights; null: the dataset does not say whether the weights are published. */
  possible: boolean | null;
  reason: string | null;
  cheapest: R | null;
  /** Rented configurations, cheapest first (the first `list` of them). */
  options: R[];
  /**
   * Configurations with a purchase price, costed as owned: the owned basis first (owned-cost-basis.ts), then the others
   * cheapest first (the first `list` of them); those with no power figure come after every month that counts electricity.
   */
  owned_options: O[];
  /** How many configurations fit and are priced, rented and owned: `options` and `owned_options` list the cheapest. */
  fitting: { rented: number; owned: number };
  skipped: { no_rental_price: number; no_purchase_price: number; does_not_fit: number };
  /** The model facts every option rests on (each option adds its hardware's). */
  derived_from: string[];
  /** How `batch` counts a sequence's KV cache, beside models_for_hardware's fit (kv-basis.ts); null with no option. */
  kv_basis: string | null;
  /**
   * With a named configuration that fits but has no purchase price: what it serves as the caller's own machine and its
   * electricity (own-machine.ts); null otherwise.
   */
  own_machine: OwnMachine | null;
};

/**
 * Why a closed model has no self-hosted figure, from its open_weights fact alone: made once per fact (facts are frozen
 * and go with their dataset) rather than per ask, so every answer quotes the same strings.
 */
const closedByFact = new WeakMap<object, { reason: string; derived_from: readonly string[] }>();
function closedWords(ow: { source: string; as_of: string }) {
  let w = closedByFact.get(ow);
  if (!w) {
    w = {
      reason: `not possible: the weights are not published (open_weights = false, ${ow.source}, ${ow.as_of}); the model is available only through APIs`,
      derived_from: [`open_weights = false (${ow.source}, ${ow.as_of})`],
    };
    closedByFact.set(ow, w);
  }
  return w;
}

/**
 * Self-hosting costed on every configuration, and the figures of each, for the break-even and the curve. `owned` holds
 * every bought configuration weighed, cheapest first; `owned_basis` the one the answer's owned figures rest on.
 */
export type SelfHostingCosts<R = SelfHostedOption, O = OwnedOption> = {
  self_hosting: SelfHosting<R, O>; rented: RentedFigures[]; owned: OwnedFigures[]; owned_basis?: OwnedFigures;
};

/** How the listed configurations are written out, of each kind, from their figures. */
export type Describers<R, O> = {
  rented: (f: RentedFigures, opts: CostOptions, s: CostSettings) => R;
  owned: (f: OwnedFigures, opts: CostOptions, s: CostSettings) => O;
};

/** Every listed option with its whole derivation: serving, phases, power (the full answer's). */
export const WRITTEN_OUT: Describers<SelfHostedOption, OwnedOption> = { rented: describeRented, owned: describeOwned };

/**
 * Cheapest month first, then by configuration id. Signs rather than the difference of the months: a difference is a
 * new heap number on every comparison (some 200 an ask); the order is the same (a NaN month, or equal ones, go by id).
 */
function byCost(a: { monthly_usd: number; hardware_id: string }, b: { monthly_usd: number; hardware_id: string }): number {
  if (a.monthly_usd < b.monthly_usd) return -1;
  if (a.monthly_usd > b.monthly_usd) return 1;
  return a.hardware_id.localeCompare(b.hardware_id);
}

/**
 * Self-hosting for a model: not possible (closed), unknown, or the configurations that fit, rented and owned,
 * cheapest first. Every configuration is costed; the cheapest `list` of each kind are written out.
 */
export function selfHostingCosts<R = SelfHostedOption, O = OwnedOption>(
  model: Model, hardwareList: readonly Hardware[], opts: CostOptions, list = Infinity,
  describe: Describers<R, O> = WRITTEN_OUT as unknown as Describers<R, O>,
): SelfHostingCosts<R, O> {
  const skipped = { no_rental_price: 0, no_purchase_price: 0, does_not_fit: 0 };
  const none = (possible: boolean | null, reason: string, derived_from: string[] = []): SelfHostingCosts<R, O> => ({
    self_hosting: {
      possible, reason, cheapest: null, options: [], owned_options: [], fitting: { rented: 0, owned: 0 }, skipped, derived_from,
      kv_basis: null, own_machine: null,
    },
    rented: [],
    owned: [],
  });
  const ow = model.open_weights;
  if (ow?.value === false) {
    const w = closedWords(ow);
    return none(false, w.reason, [...w.derived_from]);
  }
  if (!ow) return none(null, 'unknown: no source in the dataset says whether the weights are published, so self-hosting is not costed');
  const facts = modelFacts(model);
  if ('missing' in facts) {
    return none(true, `open weights, but not costed: the dataset has no ${facts.missing.join(' or ')} for this model, and the service does not guess them`);
  }
  const candidates = opts.hardware_id === undefined ? hardwareList : hardwareList.filter((h) => h.id === opts.hardware_id);
  if (candidates.length === 0) return none(true, `no hardware configuration ${opts.hardware_id} in the dataset`, facts.derived_from);
  const s = costSettings(model, opts);
  if (windowUnknownAt(model, s.context)) {
    return none(true, `open weights, but not costed: ${windowUnknownReason(s.context)}`, facts.derived_from);
  }
  const rented: RentedFigures[] = [];
  const owned: OwnedFigures[] = [];
  // Indexed: a loop the optimizing compiler has not yet taken made an iterator result per configuration.
  for (let i = 0; i < candidates.length; i++) {
    const h = candidates[i];
    const r = rentedFigures(model, facts, h, opts, s);
    const o = ownedFigures(model, facts, h, opts, s);
    // Fit before price: a configuration with neither price is still sized, so one too small for the model is counted
    // so (M2 Pro 32GB, 22.91 GB usable, against Llama 3.3 70B's 42.5 GB at Q4_K_M), not as merely unpriced.
    if (r === 'does_not_fit' || o === 'does_not_fit'
      || (r === 'no_rental_price' && o === 'no_purchase_price' && size(model, facts, h, opts, s) === 'does_not_fit')) {
      skipped.does_not_fit++;
      continue;
    }
    if (typeof r === 'string') skipped.no_rental_price++;
    else rented.push(r);
    if (typeof o === 'string') skipped.no_purchase_price++;
    else owned.push(o);
  }
  rented.sort(byCost);
  owned.sort(byCost);
  // A bought configuration with no power figure (rtx-4060-ti-16gb, strix-halo-385-32gb) has a month without its
  // electricity, so it would rank on a missing cost: it is still written out, after every month that counts power,
  // and not weighed (cheaper, the owned break-even, the curve).
  const powered = owned.filter((o) => o.hardware.power_w !== undefined);
  const unpowered = owned.filter((o) => o.hardware.power_w === undefined);
  let reason: string | null = null;
  // A machine named that fits and that no source sells at a price: the caller's own, its purchase spent (own-machine.ts).
  const own = opts.hardware_id !== undefined && candidates.length === 1 && owned.length === 0 && skipped.no_purchase_price === 1
    ? ownMachine(model, facts, candidates[0], opts, s) ?? null : null;
  // `hardware=RTX 4090 with 64GB RAM` for a model the card cannot hold: self-hosting on that machine is not possible,
  // said as such rather than `possible: true` beside no figure (the weights being open is what `reason` says).
  const tooSmall = opts.hardware_id !== undefined && rented.length === 0 && owned.length === 0 && skipped.does_not_fit === candidates.length;
  if (tooSmall) {
    // On the card's memory alone: a mixture-of-experts model may still run with its experts in system RAM, which
    // models_for_hardware assesses (experts_in_system_ram) and this cost does not.
    reason = `not possible on ${opts.hardware_id}: open weights, but the configuration named is too small for the model at `
      + `${MIN_SELF_HOSTING_BITS} bits per weight or more in its own memory${mlaTooSmallWords(facts.architecture, s.context, candidates)}`
      + vllmTooSmallWords(s.context, candidates)
      + (facts.architecture?.experts ? '; a mixture-of-experts model may still run there with its experts in system RAM: '
        + 'models_for_hardware with system_ram_gb assesses that placement (experts_in_system_ram), which this cost does not' : '');
  } else if (own && rented.length === 0) {
    reason = `open weights, and the model fits ${opts.hardware_id} (${own.quantization}, ${own.fit}), but no source in the dataset `
      + 'prices that configuration, rented or bought, so no monthly cost is compared with the API: `own_machine` gives what it '
      + 'serves as a machine you own (throughput, capacity, machines needed) and its electricity';
  } else if (rented.length === 0 && owned.length === 0) {
    reason =
      `open weights, but no configuration considered has a rental or purchase price and fits the model at ${MIN_SELF_HOSTING_BITS} bits per weight or more ` +
      `(${skipped.does_not_fit} too small for it, ${skipped.no_rental_price} that fit it without a rental or purchase price)` +
      (skipped.does_not_fit > 0
        ? mlaTooSmallWords(facts.architecture, s.context, candidates) + vllmTooSmallWords(s.context, candidates)
        : '');
  }
  const options = rented.slice(0, list).map((f) => describe.rented(f, opts, s));
  // The basis is written out first, so that the owned option a reader meets first is the one every owned figure of the
  // answer rests on; a cheaper month that leaves out its unpriced host follows it.
  const basis = pickOwnedBasis(powered);
  const ordered = basis === undefined || basis === powered[0] ? powered : [basis, ...powered.filter((o) => o !== basis)];
  const owned_options = [...ordered, ...unpowered].slice(0, list).map((f) => describe.owned(f, opts, s));
  return {
    self_hosting: {
      possible: !tooSmall, reason, cheapest: options[0] ?? null, options, owned_options,
      fitting: { rented: rented.length, owned: owned.length }, skipped, derived_from: facts.derived_from,
      kv_basis: rented.length || owned.length || own ? servingKvBasis(s.context, opts.input_share) : null,
      own_machine: own,
    },
    rented,
    owned: powered,
    owned_basis: basis,
  };
}

/** Self-hosting for a model with every configuration that fits written out (see selfHostingCosts). */
export function selfHostingCost(model: Model, hardwareList: readonly Hardware[], opts: CostOptions, list = Infinity): SelfHosting {
  return selfHostingCosts(model, hardwareList, opts, list).self_hosting;
}
