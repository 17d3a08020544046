// estimate_cost: monthly API cost per provider versus self-hosted cost, with the break-even volume.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import {
  DEFAULT_AMORTIZATION_MONTHS,
  DEFAULT_INPUT_SHARE,
  DEFAULT_MAX_SEQUENCES,
  DEFAULT_POWER_USD_PER_KWH,
  DEFAULT_UTILIZATION,
} from '../engines/constants.ts';
import {
  estimateCost, estimateCostOutline, type ApiCostLine, type ApiCosts, type CostOptions, type CostOutline, type CostResult, type NotPriced,
} from '../engines/cost.ts';
import { acceptedMachines } from '../engines/machine.ts';
import { costBases } from '../engines/self-hosted-sizing.ts';
import { hasBandwidth } from '../engines/memory.ts';
import { ServiceError } from '../errors/index.ts';
import { OfferRegion } from '../schema/index.ts';
import { oldPriceClause } from '../engines/price-age.ts';
import { followedDeveloperClause } from '../engines/developer-price-move.ts';
import { lowBitWords } from '../engines/listing-precision.ts';
import { closedNote, doubtNote, offersToCost, oldPricePassedNote, resellerNote, scheduledPriceNote, sellerRole, unconfirmedNote, type KeptOffers } from './cost-offers.ts';
import { unconfirmedNoteText } from '../engines/listing-evidence.ts';
import { isExistingCustomersOnly } from '../engines/offer-lifecycle.ts';
import { contextParam, ModelIdParam, requireModelId } from './common.ts';
import { HardwareTextParam, HardwareUnderstood, resolveHardware } from './list-hardware.ts';
import { defineOperation, READ_ONLY } from './operation.ts';
import { stitched } from './json-fragment.ts';
import { ApiLine, BreakEven } from './cost-lines.ts';
import { CheaperBasis, summarizeCost, SummaryOutput, VIEWS } from './estimate-cost-summary.ts';
import { DeveloperShutdown } from './cost-shutdown.ts';
import { developerPrice, isConvertedPrice } from '../engines/converted-price.ts';
import { CurvePoint, OwnedOption, OwnMachine, SelfHostedOption, Settings } from './cost-shapes.ts';
import { oneQuantizationChoice, quantizationParams } from './quantization-params.ts';
import { ModelRef, toModelRef } from './shapes.ts';
import { offersServingContext } from '../engines/offer-context.ts';
import { contextCapNote } from '../engines/context-cap.ts';

const SelfHosting = z
  .object({
    possible: z.boolean().nullable().describe('false: closed weights, or the configuration given in `hardware` is too small for the model (`reason` says which); true: open weights; null: no source says whether the weights are published.'),
    reason: z.string().nullable().describe('Why there is no self-hosted figure (not possible, unknown, not costed, nothing fits); null when there is one.'),
    cheapest: SelfHostedOption.nullable().describe('The cheapest option, or null.'),
    options: z.array(SelfHostedOption).describe('The cheapest rented configurations that fit, cheapest first, at most `options_limit` (only `hardware` when given).'),
    owned_options: z.array(OwnedOption)
      .describe('Configurations with a purchase price that fit, costed as bought and run, at most `options_limit`: first the owned basis '
        + '(the verdict\'s owned month and the curve\'s point at this volume: the cheapest here that counts its whole machine, its '
        + 'host machine priced or in the purchase price, else the cheapest), then the others cheapest first.'),
    fitting: z.object({
      rented: z.number().int().describe('Rented configurations that fit and are priced: `options` lists the cheapest of them.'),
      owned: z.number().int().describe('Configurations with a purchase price that fit: `owned_options` lists the cheapest of them.'),
    }).describe('How many configurations were costed; `cheapest`, the rented break-even and curve weigh every rented one; the owned '
      + 'basis is chosen among every owned one.'),
    skipped: z
      .object({
        no_rental_price: z.number().int().describe('Configurations that fit the model but have no rental price in the dataset.'),
        no_purchase_price: z.number().int().describe('Configurations that fit the model but have no purchase price in the dataset.'),
        does_not_fit: z.number().int().describe('Configurations too small for the model at 4 bits per weight or more, priced or not '
          + '(fit is checked before price).'),
      })
      .describe('Configurations considered and left out.'),
    derived_from: z.array(z.string()).describe('The model facts every option rests on, each with its source and date.'),
    kv_basis: z.string().nullable().describe('How `batch` counts a sequence\'s KV cache (its mean current length), and why '
      + 'models_for_hardware, which holds every sequence at its full length, may fit fewer on the same configuration; '
      + 'null with no option.'),
    own_machine: OwnMachine.nullable().describe('With `hardware` naming a configuration that fits but that no source prices to buy '
      + '(an M2 Pro, a laptop): what it serves as your own machine and its electricity; null otherwise.'),
  })
  .describe('Self-hosted cost on rented hardware.');


const Output = z.object({
  model: ModelRef,
  tokens_millions: z.number().describe('Monthly volume costed, millions of tokens (input + output).'),
  input_share: z.number().describe('Share of input tokens in the volume.'),
  hardware: z.string().nullable().describe('The configuration self-hosting was restricted to; null for all.'),
  understood: HardwareUnderstood.nullable().describe('How the `hardware` text was read; null when none was given.'),
  api: z
    .object({
      offers: z.array(ApiLine).describe('One line per offer with both prices, cheapest first; offers listed at $0 (`zero_priced`: a free tier, a plan or a catalogue\'s placeholder) after every offer priced above zero that a new customer can buy; offers sold to existing customers only last.'),
      not_priced: z
        .array(z.object({ provider: z.string(), provider_model_id: z.string(), region: OfferRegion, reason: z.string() }))
        .describe('Offers missing the input or output price, shut down by the data date, or (with `context`) whose own stated '
          + 'context window is below the prompt asked, or whose converted price is a tier for shorter prompts: not costed.'),
      cheapest: ApiLine.nullable()
        .describe('The cheapest offer priced above zero; null if none. It may be a reseller\'s (first_party false).'),
      developer_offer: ApiLine.nullable().describe('The developer\'s own cheapest offer priced above zero, beside `cheapest`; '
        + 'an offer priced in USD by the developer before one whose price a source converted from another currency (Z.ai\'s '
        + 'before Zhipu AI\'s CNY); null if the developer sells the model through no offer in the dataset.'),
      note: z.string().nullable().describe('When `cheapest` is a reseller\'s listing: says so, with the developer\'s own price beside it; '
        + 'when a source schedules another price for `cheapest` or `developer_offer`: the day and the new price. Where the developer '
        + 'announced a shutdown still to come, it opens with `developer_shutdown.note`.'),
      developer_shutdown: DeveloperShutdown.nullable(),
    })
    .describe('API cost per provider.'),
  settings: Settings,
  self_hosting: SelfHosting,
  break_even: BreakEven.describe('Against rented hardware.'),
  break_even_owned: BreakEven.describe('Against owned hardware: purchase amortised and power paid, weighing the bought configurations that '
    + 'count their whole machine (where none does, all), the cheapest at each volume, whatever the volume asked; the `reason` names '
    + 'the set and the owned basis at the volume asked.'),
  curve: z.array(CurvePoint).describe('Monthly cost against volume: the API, the cheapest rented configuration and the cheapest owned one (machines bought whole) at each volume (decades and half-decades from 1 to 1,000,000 million tokens, plus the requested volume, the break-evens, the end of owned '
    + 'hardware\'s first cheaper window and where it stays cheaper).'),
  cheaper: z.enum(['api', 'self_hosted']).nullable().describe('Which costs less at this volume: the cheapest offer priced above zero versus the cheapest self-hosted month, rented or owned (purchase share, host machine and power); null when a side has no figure, or when the only self-hosted months below the API\'s are owned ones whose host machine no source prices (`cheaper_note` says so).'),
  cheaper_note: z.string().nullable().describe('Why `cheaper` is null though an owned month is below the API\'s: that month leaves out a host machine (CPU, board, memory, power supply, chassis) no source prices, and the note gives the margin it would have to fit in; null otherwise.'),
  cheaper_basis: CheaperBasis,
  estimate: z.literal(true).describe('Monthly costs and the break-even are estimates derived by this service.'),
  assumptions: z.array(z.string()).describe('Every assumption the figures rest on.'),
});

function toApiLine(ds: Dataset, l: ApiCostLine, seller: KeptOffers['seller']): ApiLine {
  // Assigned in turn rather than spread into one literal (in Node 20 a spread between members costs a few us per
  // line); the members in the same order.
  const head = {
    provider: l.provider,
    provider_name: ds.providerById.get(l.provider)?.name ?? l.provider,
    provider_model_id: l.provider_model_id,
    region: l.region,
  };
  const line: ApiLine = Object.assign(head, seller(l), {
    input: l.input,
    output: l.output,
    blended_usd_per_mtok: l.blended_usd_per_mtok,
    monthly_usd: l.monthly_usd,
    zero_priced: l.blended_usd_per_mtok === 0,
    lifecycle_note: l.lifecycle_note ?? null,
    lifecycle_state: l.lifecycle_state ?? null,
    listing_unconfirmed: l.listing_unconfirmed === true,
    listing_note: l.listing_unconfirmed ? unconfirmedNoteText(ds) : null,
  });
  if (l.price_unchanged_since !== undefined) line.price_unchanged_since = l.price_unchanged_since;
  if (l.long_context) line.long_context = l.long_context;
  return line;
}

/**
 * The answer's `api`, from the engine's lines: every offer costed, those not costed and why, the cheapest paid ones.
 * The engine's cheapest line may be a $0 listing (a free tier or plan): like the catalogue's price rankings, the
 * break-even and the engine's `cheaper`, `cheapest` here is the cheapest offer priced above zero.
 */
function apiPart(ds: Dataset, a: ApiCosts, costable: KeptOffers, leftOut: readonly NotPriced[], openWeights: boolean) {
  const lines = a.offers.map((l) => toApiLine(ds, l, costable.seller));
  // A $0 listing (a free tier, a plan, or a catalogue's placeholder for a paid service) is listed after every offer
  // priced above zero a buyer can buy: a reader of the list must not take it for the cheapest way to buy the model.
  // Offers sold to existing customers only stay last, as the engine orders them.
  const rank = (l: ApiLine) => (isExistingCustomersOnly(l.lifecycle_state) ? 2 : l.zero_priced ? 1 : 0);
  const offers = lines.some((l) => l.zero_priced) ? [...lines].sort((a, b) => rank(a) - rank(b)) : lines;
  // An offer whose lifecycle is in doubt is the cheapest only for want of another priced above zero (paidOffer); one
  // sold to existing customers only is never picked: a buyer asking today cannot buy it.
  const buyable = (keep: (l: ApiLine) => boolean) => (l: ApiLine) => keep(l) && !isExistingCustomersOnly(l.lifecycle_state);
  // A developer's offer only LiteLLM's table lists (listing_unconfirmed) likewise: taken only for want of another. A price
  // set long ago that no other source confirms (price_unchanged_since) too, but before the first two: a live listing at an
  // old price before one that may not be sold at all (offer-lifecycle.ts `doubtLevel`, break-even.ts `paidOffer`).
  const live = (l: ApiLine) => l.lifecycle_state === null && !l.listing_unconfirmed;
  const pick = (keep: (l: ApiLine) => boolean) => offers.find((l) => keep(l) && live(l) && l.price_unchanged_since === undefined)
    ?? offers.find((l) => keep(l) && live(l)) ?? offers.find(buyable(keep));
  const closed = offers.filter((l) => !l.zero_priced && isExistingCustomersOnly(l.lifecycle_state));
  const paid = pick((l) => !l.zero_priced);
  // The developer's own price in USD before its price converted from another currency by a source (Z.ai's USD list
  // before Zhipu AI's CNY converted at the source's rate, engines/converted-price.ts): the one it publishes to a USD buyer.
  const own = developerPrice((published) => pick((l) => !l.zero_priced && l.first_party && !(published && isConvertedPrice(l))));
  const zeroOwn = offers.find((l) => l.zero_priced && l.first_party);
  return {
    offers, not_priced: [...a.not_priced, ...costable.shut_down, ...leftOut], cheapest: paid ?? null,
    developer_offer: own ?? null,
    note: [costable.developer_shutdown?.state === 'scheduled' && costable.developer_shutdown.note, resellerNote(paid, own, costable.own_retired, zeroOwn, closed.length > 0, closed.find((l) => l.first_party), openWeights,
      paid && openWeights ? sellerRole(ds, paid.provider) : undefined),
      scheduledPriceNote(paid, own, ds.meta.data_as_of),
      doubtNote(paid), unconfirmedNote(offers, paid, own), closedNote(closed, paid), cheapestListingNote(ds, costable, paid),
      oldPricePassedNote(offers, paid, ds.meta.data_as_of)]
      .filter(Boolean).join(' ') || null,
    developer_shutdown: costable.developer_shutdown,
  };
}

/**
 * The cheapest paid offer's id, where it names weights below 8 bits (listing-precision.ts), and its price, where its source
 * set it long ago and no other source confirms it (price-age.ts), or it is the developer's own price before a change made
 * after the listing was read (developer-price-move.ts):
 * cheapest_for says so of the same listing, and the break-even weighs it, so the cost answer says it too (Kilo
 * Gateway's Qwen3 235B 2507 at $0.071/$0.10, set 2026-02-16: "the API stays cheaper at any volume" rests on it).
 */
function cheapestListingNote(ds: Dataset, costable: KeptOffers, paid: ApiLine | undefined): string | null {
  if (!paid) return null;
  const offer = costable.offers.find((o) => o.provider === paid.provider && o.provider_model_id === paid.provider_model_id
    && o.region === paid.region);
  const clause = offer ? oldPriceClause(offer, ds.meta.data_as_of) : '';
  // NanoGPT's baseten/Kimi-K2-Instruct-FP4 at $0.10 input: a 4-bit re-host, not the model's full weights.
  const low = lowBitWords(paid.provider_model_id, offer && ds.modelById.get(offer.model_id)?.native_precision?.value).slice(2);
  // DeepSeek V4 Pro at Auriko, $0.435/$0.87 read 2026-07-02: DeepSeek's own price before its rise of 2026-08-17.
  const followed = offer ? followedDeveloperClause(ds, offer) : '';
  const said = [low && `${low.replace(/^its id/, `its id (${paid.provider_model_id})`)}`, clause, followed]
    .filter(Boolean).join('; ');
  // Taken though its price is old: every offer priced above zero is in doubt one way or another (paidOffer's fall-back).
  const restsOn = paid.price_unchanged_since === undefined ? ''
    : '; no offer priced above zero is listed at a price without such a doubt, so `cheaper`, the break-evens and the curve rest on this one';
  return said ? `${paid.provider_name}, the cheapest offer: ${said}${restsOn}.` : null;
}

const Range = 'greater than 0 and at most 1,000,000 (millions of tokens a month)';

/**
 * Configurations written out by default, of each kind. A small open model fits about 70 owned and 15 rented ones
 * (100 to 270 KB written out in full, about 3 KB each); beyond the fifth cheapest is rarely a choice, and every one still counts towards
 * `cheapest`, the break-even and the curve. `options_limit=200` lists them all.
 */
const DEFAULT_OPTIONS_LIMIT = 5;

export const estimate_cost = defineOperation({
  name: 'estimate_cost',
  title: 'Monthly cost: API versus self-hosted',
  description:
    'Estimate the monthly cost of running a volume of tokens through a model: per API provider (cheapest first, each price with its source and date) and self-hosted, rented by the hour and bought (amortised, with power), costed on every configuration that fits (or the one given in `hardware`) and the cheapest `options_limit` of each kind written out (default 5), prefill and decode costed apart under continuous batching, with the break-even volumes, a curve of monthly cost against volume and every assumption stated. `utilization`, `concurrency`, `context`, `min_bits`/`quantization`, `kv_cache`, `amortization_months` and `power_usd_per_kwh` set the inputs. Closed-weights models answer self-hosting `possible: false` with why. Volume in millions of tokens a month; `input_share` is the share of prompt tokens.',
  path: '/cost/{model_id}',
  input: z.object({
    model_id: ModelIdParam,
    tokens_millions: z
      .number()
      .gt(0, `tokens_millions must be ${Range}`)
      .max(1000000, `tokens_millions must be ${Range}`)
      .describe('Monthly volume in millions of tokens, > 0 and at most 1,000,000.'),
    input_share: z
      .number()
      .min(0, 'input_share must be from 0 to 1')
      .max(1, 'input_share must be from 0 to 1')
      .default(DEFAULT_INPUT_SHARE)
      .describe('Share of input (prompt) tokens in the volume, 0..1 (default 0.75).'),
    hardware: HardwareTextParam.optional().describe('Price self-hosting on this configuration instead of the cheapest that fits: an id from list_hardware (`h100-80gb-x1`) or a device as people say it (`2x 4090`, `a single H100`). A bare memory size (`24 GB GPU`) has no speed, so no cost: it is refused.'),
    context: contextParam(
      'Tokens of one request, prompt and answer (capped at the model window), 512..1,048,576 (default 8192): `input_share` of ' +
        'them prompt. The paged KV cache holds a decoding sequence at its current length, the prompt and half the answer on average. ' +
        'API offers are priced as if the prompt filled it (an upper bound): an offer whose long-context tier starts below it is ' +
        'costed at the tier (`api.offers[].long_context`); one whose source states its own, smaller window (the provider\'s ' +
        'limit) is not costed (`api.not_priced`).',
    ),
    concurrency: z
      .number()
      .int('concurrency must be a whole number from 1 to 4096')
      .min(1, 'concurrency must be from 1 to 4096')
      .max(4096, 'concurrency must be from 1 to 4096')
      .default(DEFAULT_MAX_SEQUENCES)
      .describe('Most sequences a server decodes at once (continuous batching), 1..4096 (default 256, vLLM max_num_seqs); memory or compute may bind first.'),
    utilization: z
      .number()
      .gt(0, 'utilization must be greater than 0 and at most 1')
      .max(1, 'utilization must be greater than 0 and at most 1')
      .default(DEFAULT_UTILIZATION)
      .describe('Share of paid hours spent serving at full throughput, (0, 1] (default 0.5: traffic is uneven over a day).'),
    ...quantizationParams,
    amortization_months: z
      .number()
      .min(1, 'amortization_months must be from 1 to 120')
      .max(120, 'amortization_months must be from 1 to 120')
      .default(DEFAULT_AMORTIZATION_MONTHS)
      .describe('Months a purchase is spread over, 1..120 (default 36).'),
    power_usd_per_kwh: z
      .number()
      .min(0, 'power_usd_per_kwh must be from 0 to 5')
      .max(5, 'power_usd_per_kwh must be from 0 to 5')
      .default(DEFAULT_POWER_USD_PER_KWH)
      .describe('Electricity price for owned hardware, USD per kWh, 0..5 (default 0.15).'),
    options_limit: z
      .number()
      .int('options_limit must be a whole number from 1 to 200')
      .min(1, 'options_limit must be from 1 to 200')
      .max(200, 'options_limit must be from 1 to 200')
      .default(DEFAULT_OPTIONS_LIMIT)
      .describe(`How many rented and how many owned configurations to write out, cheapest first, 1..200 (default ${DEFAULT_OPTIONS_LIMIT}); `
        + 'every configuration that fits is still costed for `cheapest`, the break-even and the curve, and `self_hosting.fitting` counts them.'),
    view: z
      .enum(VIEWS, { error: 'view must be full or summary' })
      .default('full')
      .describe('`full` (default): every offer, every option with its whole derivation, the curve. `summary`: the same figures in '
        + 'short (about half the bytes or less): the cheapest `options_limit` offers priced above zero, each option\'s cost, '
        + 'throughput and price with only the lines of derivation it does not share with the others (those stated once), the '
        + 'break-evens, notes and assumptions; no curve.'),
  }).strict(),
  output: Output,
  altOutput: SummaryOutput,
  annotations: READ_ONLY,
  // Long derivation lines and rounded figures: written as bytes for a little more CPU than JSON.stringify, without its garbage.
  writtenAsBytes: true,
  examples: [
    { title: 'Llama 3.3 70B at 100M tokens a month', input: { model_id: 'llama-3.3-70b-instruct', tokens_millions: 100 } },
    { title: 'Claude Opus 4.8 at 10M tokens a month (closed weights)', input: { model_id: 'claude-opus-4-8', tokens_millions: 10 } },
    { title: 'Qwen3 8B at 5,000M tokens a month, half input, on one H100', input: { model_id: 'qwen3-8b', tokens_millions: 5000, input_share: 0.5, hardware: 'h100-80gb-x1' } },
    {
      title: 'Gemini 2.5 Pro at 300M tokens a month of 400,000-token prompts (its long-context price)',
      input: { model_id: 'gemini-2.5-pro', tokens_millions: 300, context: 400000 },
    },
    { title: 'Llama 3.3 70B at 100M tokens a month, in short', input: { model_id: 'llama-3.3-70b-instruct', tokens_millions: 100, view: 'summary' } },
  ],
  handler(ds, input) {
    oneQuantizationChoice(input);
    const id = requireModelId(ds, input.model_id);
    const named = input.hardware === undefined ? undefined : resolveHardware(ds, input.hardware, 'hardware');
    if (named && !hasBandwidth(named.hardware)) {
      throw new ServiceError('invalid_parameter', `hardware: "${input.hardware!.slice(0, 100)}" is a memory size on no named device: its speed, and so its cost, cannot be estimated; name the device.`, {
        errors: [{ parameter: 'hardware', message: 'a device is needed to estimate speed and cost', allowed: acceptedMachines() }],
      });
    }
    const model = ds.modelById.get(id)!;
    // Base SKUs only: a stealth, extended or batch listing is another product, not the model's API price.
    // A configuration built from the text (`3 x 3090`) is not in the catalogue: it is the only one priced.
    const costable = offersToCost(ds, id);
    // An offer whose own stated window is below the context asked cannot serve it (engines/offer-context.ts).
    const serving = offersServingContext(model, costable.offers, input.context);
    // What no ask changes, for every open model on every configuration: made once per dataset.
    costBases(ds);
    const opts: CostOptions = {
      tokens_millions: input.tokens_millions,
      input_share: input.input_share,
      hardware_id: named?.hardware.id,
      context: input.context,
      concurrency: input.concurrency,
      utilization: input.utilization,
      min_bits_per_weight: input.min_bits,
      quantization: input.quantization,
      kv_cache: input.kv_cache,
      amortization_months: input.amortization_months,
      power_usd_per_kwh: input.power_usd_per_kwh,
      data_as_of: ds.meta.data_as_of,
    };
    const hardware = named ? [named.hardware] : ds.hardware;
    // A context above the model's window is costed at the window: the answer says so rather than change the ask silently.
    const capped = { context_asked: input.context, context_note: contextCapNote(model, costable.offers, input.context) };
    // The members both forms open with, in the answer's order; the full form adds the curve before the verdict. Objects
    // joined from parts by Object.assign onto a new object, not by spreads with members after them: in Node 20 (V8 11.3)
    // such a literal gave every answer, and its `settings`, a hidden class of its own (300 answers, 300 classes),
    // made per ask and left to the old generation; by Object.assign every answer shares one.
    const answerParts = <C extends CostOutline | CostResult>(c: C) => {
      const api = apiPart(ds, c.api, costable, serving.left_out, model.open_weights?.value === true);
      return {
        head: {
          model: toModelRef(ds, model), tokens_millions: c.tokens_millions, input_share: c.input_share,
          hardware: named?.hardware.id ?? null, understood: named?.understood ?? null, api, settings: Object.assign({}, c.settings, capped),
          self_hosting: c.self_hosting as C['self_hosting'], break_even: c.break_even, break_even_owned: c.break_even_owned,
        },
        // The engine weighs the cheapest offer priced above zero, the line `cheapest` shows.
        tail: { cheaper: c.cheaper, cheaper_note: c.cheaper_note, cheaper_basis: c.cheaper_basis, estimate: true as const, assumptions: c.assumptions },
      };
    };
    if (input.view === 'summary') {
      // Costed in outline: the same figures, without the curve and the listed options' full derivations.
      const o = answerParts(estimateCostOutline(model, serving.offers, hardware, opts, input.options_limit));
      return summarizeCost(Object.assign({}, o.head, o.tail), input.options_limit);
    }
    const r = estimateCost(model, serving.offers, hardware, opts, input.options_limit);
    const f = answerParts(r);
    // Written member by member (ops/json-fragment.ts). The assumptions are an array made per ask of lines made once per
    // settings (engines/cost-assumptions.ts): not kept, since a list kept per context outlived hundreds of cold asks.
    return stitched(Object.assign({}, f.head, { curve: r.curve }, f.tail));
  },
});
