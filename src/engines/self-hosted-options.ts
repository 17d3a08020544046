// Self-hosting a model: not possible (closed), unknown, or every configuration that fits, rented and owned, cheapest first.
import type { Hardware, Model } from '../schema/index.ts';
import { MIN_SELF_HOSTING_BITS } from './constants.ts';
import { modelFacts } from './memory.ts';
import { ownedOption, type OwnedOption } from './owned-cost.ts';
import { costSettings, rentedOption, type CostOptions, type SelfHostedOption } from './self-hosted-cost.ts';

export type SelfHosting = {
  /** false: closed weights; null: the dataset does not say whether the weights are published. */
  possible: boolean | null;
  reason: string | null;
  cheapest: SelfHostedOption | null;
  /** Rented configurations, cheapest first. */
  options: SelfHostedOption[];
  /** Configurations with a purchase price, costed as owned, cheapest first. */
  owned_options: OwnedOption[];
  skipped: { no_rental_price: number; no_purchase_price: number; does_not_fit: number };
  /** The model facts every option rests on (each option adds its hardware's). */
  derived_from: string[];
};

/** Self-hosting for a model: not possible (closed), unknown, or the configurations that fit, rented and owned, cheapest first. */
export function selfHostingCost(model: Model, hardwareList: readonly Hardware[], opts: CostOptions): SelfHosting {
  const skipped = { no_rental_price: 0, no_purchase_price: 0, does_not_fit: 0 };
  const none = (possible: boolean | null, reason: string, derived_from: string[] = []): SelfHosting =>
    ({ possible, reason, cheapest: null, options: [], owned_options: [], skipped, derived_from });
  const ow = model.open_weights;
  if (ow?.value === false) {
    return none(false, `not possible: the weights are not published (open_weights = false, ${ow.source}, ${ow.as_of}); the model is available only through APIs`, [
      `open_weights = false (${ow.source}, ${ow.as_of})`,
    ]);
  }
  if (!ow) return none(null, 'unknown: no source in the dataset says whether the weights are published, so self-hosting is not costed');
  const facts = modelFacts(model);
  if ('missing' in facts) {
    return none(true, `open weights, but not costed: the dataset has no ${facts.missing.join(' or ')} for this model, and the service does not guess them`);
  }
  const candidates = opts.hardware_id === undefined ? hardwareList : hardwareList.filter((h) => h.id === opts.hardware_id);
  if (candidates.length === 0) return none(true, `no hardware configuration ${opts.hardware_id} in the dataset`, facts.derived_from);
  const s = costSettings(model, opts);
  const options: SelfHostedOption[] = [];
  const owned_options: OwnedOption[] = [];
  for (const h of candidates) {
    const r = rentedOption(model, facts, h, opts, s);
    const o = ownedOption(model, facts, h, opts, s);
    if (r === 'does_not_fit' || o === 'does_not_fit') {
      skipped.does_not_fit++;
      continue;
    }
    if (typeof r === 'string') skipped.no_rental_price++;
    else options.push(r);
    if (typeof o === 'string') skipped.no_purchase_price++;
    else owned_options.push(o);
  }
  const byCost = (a: { monthly_usd: number; hardware_id: string }, b: { monthly_usd: number; hardware_id: string }) => a.monthly_usd - b.monthly_usd || a.hardware_id.localeCompare(b.hardware_id);
  options.sort(byCost);
  owned_options.sort(byCost);
  let reason: string | null = null;
  if (options.length === 0 && owned_options.length === 0) {
    reason =
      `open weights, but no configuration considered has a rental or purchase price and fits the model at ${MIN_SELF_HOSTING_BITS} bits per weight or more ` +
      `(${skipped.does_not_fit} too small for it, ${skipped.no_rental_price} without a rental price)`;
  }
  return { possible: true, reason, cheapest: options[0] ?? null, options, owned_options, skipped, derived_from: facts.derived_from };
}
