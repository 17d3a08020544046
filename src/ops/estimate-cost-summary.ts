// estimate_cost's short form (`view=summary`): the lines every option shares stated once, per option only what
// differs, and the same figures as the full answer (the same engine, costed in outline: engines/cost-outline.ts).
import { z } from 'zod';
import { IsoDate } from '../schema/index.ts';
import { ApiLine, BreakEven } from './cost-lines.ts';
import { OwnedOption, OwnMachine, SelfHostedOption, Settings } from './cost-shapes.ts';
import { HardwareUnderstood } from './list-hardware.ts';
import { QuantizationIdSchema } from './quantization-params.ts';
import { ModelRef } from './shapes.ts';
import { DeveloperShutdown } from './cost-shutdown.ts';

export const VIEWS = ['full', 'summary'] as const;
export type View = (typeof VIEWS)[number];

const ShortCommon = {
  hardware_id: z.string().describe('Hardware id (see list_hardware).'),
  hardware_name: z.string(),
  quantization: QuantizationIdSchema.describe('The quantization chosen as in models_for_hardware, at least 4 bits per weight.'),
  fit: z.enum(['comfortable', 'tight', 'no']).describe('Memory fit at that quantization (comfortable <= 85% of usable memory, tight <= 100%).'),
  machines: z.number().int().describe('Machines needed to serve the volume within the month.'),
  throughput_tokens_per_s: z.number().describe('Tokens/s of the volume on one machine: prefill and decode combined at the input share.'),
  capacity_tokens_millions_per_month: z.number().describe('What one machine serves in 730 hours at that throughput and utilization.'),
  derived_from: z.array(z.string()).describe('The lines of this option\'s derivation that not every listed option shares (those are in '
    + '`self_hosting.shared_derived_from`): its hardware facts, weights, serving and price, each with its source and date.'),
};

const ShortRented = z.object({
  ...ShortCommon,
  rental: SelfHostedOption.shape.rental,
  monthly_usd: z.number().describe('Billed hours x USD per hour (the full form\'s `monthly_usd`).'),
}).describe('One rented configuration, as the full form\'s option gives it, without the lines every option shares.');

const ShortOwned = z.object({
  ...ShortCommon,
  purchase: OwnedOption.shape.purchase,
  host_machine: OwnedOption.shape.host_machine,
  power: z.object({
    monthly_usd: z.number().describe('Electricity of the month, all machines.'),
    as_of: IsoDate,
    source: z.string().optional(),
  }).nullable().describe('The full form\'s `power`, its month only; null when the dataset has no power figure.'),
  monthly_usd: z.number().describe('machines x (purchase.monthly_usd + host_machine.monthly_usd) + power.monthly_usd.'),
}).describe('One bought configuration, as the full form\'s owned option gives it, without the lines every option shares.');

/** The two months `cheaper` compares: the configuration a verdict rests on may not be the cheapest one listed. */
export const CheaperBasis = z.object({
  self_hosted: z.object({
    hardware_id: z.string(), owned: z.boolean().describe('Bought (true) or rented (false).'),
    machines: z.number().int().positive(), monthly_usd: z.number(),
  }).describe('Self-hosting cheaper: the cheapest month that counts the whole machine (rented, or owned with its host machine '
    + 'priced or in the purchase price). The API cheaper: the cheaper of the cheapest rented month and the owned basis (the '
    + 'first owned option listed), which the API costs no more than.'),
  api: z.object({ provider: z.string(), monthly_usd: z.number() }).describe('The cheapest offer priced above zero.'),
  margin_usd: z.number().describe('How much less the cheaper side costs a month.'),
}).nullable().describe('The months `cheaper` rests on and the margin between them; null when `cheaper` is null.');

export const SummaryOutput = z.object({
  view: z.literal('summary').describe('The short form, asked with `view=summary`; the full form has no `view` member.'),
  model: ModelRef,
  tokens_millions: z.number().describe('Monthly volume costed, millions of tokens (input + output).'),
  input_share: z.number().describe('Share of input tokens in the volume.'),
  hardware: z.string().nullable().describe('The configuration self-hosting was restricted to; null for all.'),
  understood: HardwareUnderstood.nullable().describe('How the `hardware` text was read; null when none was given.'),
  api: z.object({
    offers: z.array(ApiLine).describe('The cheapest offers priced above zero, cheapest first, at most `options_limit`: the full form\'s lines.'),
    offers_count: z.number().int().describe('Offers costed in all (the full form\'s `api.offers`).'),
    zero_priced_count: z.number().int().describe('Of them, offers at $0 (a free tier or a plan): listed in the full form.'),
    not_priced_count: z.number().int().describe('Offers not costed (the full form\'s `api.not_priced` says why).'),
    cheapest: ApiLine.nullable().describe('The cheapest offer priced above zero; null if none. It may be a reseller\'s (first_party false).'),
    developer_offer: ApiLine.nullable().describe('The developer\'s own cheapest offer priced above zero; null if none.'),
    note: z.string().nullable().describe('As in the full form: a reseller\'s `cheapest`, a price a source schedules next, the '
      + 'developer\'s announced shutdown.'),
    developer_shutdown: DeveloperShutdown.nullable(),
  }),
  settings: Settings,
  self_hosting: z.object({
    possible: z.boolean().nullable().describe('false: closed weights, or the `hardware` given is too small for the model (`reason` says which); true: open weights; null: no source says.'),
    reason: z.string().nullable().describe('Why there is no self-hosted figure; null when there is one.'),
    cheapest: ShortRented.nullable().describe('The cheapest rented option, or null.'),
    options: z.array(ShortRented).describe('The cheapest rented configurations that fit, cheapest first, at most `options_limit`.'),
    owned_options: z.array(ShortOwned).describe('Bought configurations that fit, at most `options_limit`: the owned basis first (as in the '
      + 'full form), then the others cheapest first.'),
    fitting: z.object({ rented: z.number().int(), owned: z.number().int() }).describe('How many configurations were costed, of each kind.'),
    skipped: z.object({ no_rental_price: z.number().int(), no_purchase_price: z.number().int(), does_not_fit: z.number().int() })
      .describe('Configurations considered and left out.'),
    derived_from: z.array(z.string()).describe('The model facts every option rests on, each with its source and date.'),
    shared_derived_from: z.array(z.string()).describe('The lines every listed option\'s derivation shares (formulas, runtime, constants), stated once.'),
    kv_basis: z.string().nullable().describe('How `batch` counts a sequence\'s KV cache; null with no option.'),
    own_machine: OwnMachine.nullable().describe('As in the full form: a named configuration no source prices, as your own machine.'),
  }),
  break_even: BreakEven.describe('Against rented hardware.'),
  break_even_owned: BreakEven.describe('Against owned hardware: purchase amortised and power paid, weighing the machines bought whole (as in the full form).'),
  cheaper: z.enum(['api', 'self_hosted']).nullable().describe('Which costs less at this volume; null when a side has no figure, '
    + 'or when only owned months that leave out an unpriced host machine are below the API\'s (`cheaper_note`).'),
  cheaper_note: z.string().nullable().describe('Why `cheaper` is null though an owned month is below the API\'s; null otherwise.'),
  cheaper_basis: CheaperBasis,
  estimate: z.literal(true),
  assumptions: z.array(z.string()).describe('Every assumption the figures rest on.'),
}).describe('estimate_cost in short (`view=summary`): the same figures as the full form, without the curve and per-option details.');
export type SummaryAnswer = z.infer<typeof SummaryOutput>;

/**
 * What the short form is made from: the handler's parts with self-hosting costed in outline (engines/cost-outline.ts:
 * each listed option as this form gives it, its whole derivation still in `derived_from`).
 */
export type CostInOutline = Omit<SummaryAnswer, 'view' | 'api' | 'self_hosting'> & {
  api: Omit<SummaryAnswer['api'], 'offers_count' | 'zero_priced_count' | 'not_priced_count'> & { not_priced: unknown[] };
  self_hosting: Omit<SummaryAnswer['self_hosting'], 'shared_derived_from'>;
};

/**
 * How many listed options, counted in turn from the first, have each line of derivation: a line the first n options all
 * have reads n (a line the first option lacks is absent). One lookup per line, where `every(includes)` compared each
 * line with every other option's lines (a test of string contents, most of a short answer's own time).
 */
function linesCounted(options: ReadonlyArray<{ derived_from: readonly string[] }>): Map<string, number> {
  const seen = new Map<string, number>();
  if (options.length === 0) return seen;
  for (const l of options[0].derived_from) seen.set(l, 1);
  for (let i = 1; i < options.length; i++) {
    // Once per option: a line an option gives twice counts once.
    for (const l of options[i].derived_from) if (seen.get(l) === i) seen.set(l, i + 1);
  }
  return seen;
}

/**
 * The short form from its parts: `limit` API offers priced above zero, the options already limited, the lines every
 * listed option's derivation has stated once and taken out of each option's own (the options are the ask's own).
 */
export function summarizeCost(c: CostInOutline, limit: number): SummaryAnswer {
  const sh = c.self_hosting;
  const listed = [...sh.options, ...sh.owned_options];
  const n = listed.length;
  const counted = linesCounted(listed);
  // In the first option's order (none when none is listed).
  const shared = n === 0 ? [] : listed[0].derived_from.filter((l) => counted.get(l) === n);
  if (shared.length > 0) {
    for (const o of listed) o.derived_from = o.derived_from.filter((l) => counted.get(l) !== n);
  }
  const offers = c.api.offers;
  const paid = offers.filter((l) => !l.zero_priced);
  return {
    view: 'summary',
    model: c.model,
    tokens_millions: c.tokens_millions,
    input_share: c.input_share,
    hardware: c.hardware,
    understood: c.understood,
    api: {
      offers: paid.slice(0, limit),
      offers_count: offers.length,
      zero_priced_count: offers.length - paid.length,
      not_priced_count: c.api.not_priced.length,
      cheapest: c.api.cheapest,
      developer_offer: c.api.developer_offer,
      note: c.api.note,
      developer_shutdown: c.api.developer_shutdown,
    },
    settings: c.settings,
    self_hosting: {
      possible: sh.possible,
      reason: sh.reason,
      // The first of `options`, as in the full form.
      cheapest: sh.options[0] ?? null,
      options: sh.options,
      owned_options: sh.owned_options,
      fitting: sh.fitting,
      skipped: sh.skipped,
      derived_from: sh.derived_from,
      shared_derived_from: shared,
      kv_basis: sh.kv_basis,
      own_machine: sh.own_machine,
    },
    break_even: c.break_even,
    break_even_owned: c.break_even_owned,
    cheaper: c.cheaper,
    cheaper_note: c.cheaper_note,
    cheaper_basis: c.cheaper_basis,
    estimate: true,
    assumptions: c.assumptions,
  };
}
