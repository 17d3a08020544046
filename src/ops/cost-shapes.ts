// The self-hosted parts of estimate_cost's answer: serving throughput, prefill and decode, rented and owned options, curve.
import { z } from 'zod';
import { IsoDate } from '../schema/index.ts';
import { QuantizationIdSchema } from './quantization-params.ts';
import { RentalNote } from './rental-note.ts';

export const Phase = z
  .object({
    tokens_per_s: z.number().nullable().describe('Tokens/s of this phase on the configuration; prefill null when the hardware has no compute figure (then counted at the decode rate).'),
    tokens_millions: z.number().describe('Millions of tokens of this phase in the volume.'),
    hours: z.number().describe('Machine-hours this phase needs at the stated utilization.'),
    usd_per_mtok: z.number().describe('Machine cost of 1M tokens of this phase at full use of the paid hours.'),
  })
  .describe('One phase of serving (prefill or decode), costed on its own.');

export const Serving = z
  .object({
    context: z.number().int().describe('Tokens of one request, prompt and answer: the length a sequence reaches when its answer ends.'),
    max_sequences: z.number().int().describe('Most sequences decoded at once (the `concurrency` input).'),
    batch: z.number().int().describe('Sequences decoded together: as many as memory holds, at most max_sequences.'),
    mean_sequence_tokens: z.number().describe(
      'Tokens a decoding sequence holds in the paged KV cache on average: its prompt (input_share x context) plus half its answer. ' +
        'Each step reads every sequence\'s cache at this length, and memory holds as many sequences as fit at it (plus half a 16-token block).',
    ),
    split: z.enum(['single', 'tensor', 'layer']).describe(
      'How the devices share a step: one device, or tensor parallel (a serving runtime runs several cards so, PCIe ones too).',
    ),
    bound: z.enum(['memory', 'compute', 'max_sequences']).describe('What limits the decode rate: memory for more KV caches, compute, or max_sequences.'),
    prefill_tokens_per_s: z.number().nullable().describe('Prompt tokens/s, compute-bound; null without a compute figure.'),
    decode_tokens_per_s: z.number().describe('Output tokens/s of the whole batch.'),
    tokens_per_s: z.number().describe('Tokens/s of the volume at its input share.'),
  })
  .describe('Serving throughput under continuous batching (an estimate).');

const CommonOption = {
  hardware_id: z.string().describe('Hardware id (see list_hardware).'),
  hardware_name: z.string(),
  quantization: QuantizationIdSchema.describe('The quantization chosen as in models_for_hardware, at least 4 bits per weight.'),
  bits_per_weight: z.number(),
  fit: z.enum(['comfortable', 'tight', 'no']).describe('Memory fit at that quantization (comfortable <= 85% of usable memory, tight <= 100%).'),
  serving: Serving,
  batch: z.number().int().describe('Sequences decoded together (serving.batch).'),
  throughput_tokens_per_s: z.number().describe('Tokens/s of the volume: prefill and decode combined at the input share.'),
  utilization: z.number().describe('Share of paid hours spent serving at that throughput.'),
  capacity_tokens_millions_per_month: z.number().describe('What one machine serves in 730 hours at that throughput and utilization.'),
  prefill: Phase,
  decode: Phase,
  hours_needed: z.number().describe('Machine-hours the volume needs (prefill + decode).'),
  machines: z.number().int().describe('Machines needed to serve the volume within the month.'),
  marginal_usd_per_mtok: z.number().describe('Cost of one more million tokens once the first machine-month is paid.'),
  estimate: z.literal(true),
  derived_from: z.array(z.string()).describe('The hardware facts, prices and constants of this option (the model facts are in self_hosting.derived_from).'),
};

export const SelfHostedOption = z
  .object({
    ...CommonOption,
    rental: z
      .object({
        provider: z.string().describe('Cloud that rents the configuration.'),
        instance_type: z.string(),
        usd_per_hour: z.number().describe('On-demand price, USD per hour.'),
        as_of: IsoDate,
        source: z.string().optional().describe('Where the price comes from (full responses).'),
        note: RentalNote,
      })
      .describe('The rental price the cost uses.'),
    billed_hours: z.number().describe('max(hours_needed, 730): at least one machine for the month.'),
    monthly_usd: z.number().describe('billed_hours x USD per hour.'),
    dedicated_monthly_usd: z.number().describe('machines x 730 h x USD per hour: whole machine-months, for those who rent that way.'),
  })
  .describe('Self-hosting on one rented configuration (an estimate).');

export const HostMachine = z
  .object({
    id: z.string().describe('The host class in data/curated/host-machines.csv.'),
    name: z.string().describe('What the host is, as its source gives it.'),
    basis: z.enum(['priced', 'in_purchase_price'])
      .describe('`priced`: bought beside the accelerators for `usd`; `in_purchase_price`: the accelerators\' purchase price already pays it (`usd` 0).'),
    usd: z.number().describe('This configuration\'s host price, USD (its share where one host serves more accelerators).'),
    amortization_months: z.number(),
    monthly_usd: z.number().describe('usd / amortization_months, per machine.'),
    idle_watts: z.number().optional()
      .describe('The host\'s own draw at the wall with nothing to do, W (this configuration\'s share), where a reading is published: '
        + 'counted in power.host_usd for every hour of the month. Absent where none is (the host\'s draw is then not counted).'),
    as_of: IsoDate,
    source: z.string().optional(),
    note: z.string().optional().describe('What the figure adds up, and the evidence.'),
  });

export const OwnedOption = z
  .object({
    ...CommonOption,
    purchase: z
      .object({
        usd: z.number().describe('Purchase price of the configuration, USD.'),
        as_of: IsoDate,
        source: z.string().optional(),
        amortization_months: z.number().describe('Months the price is spread over.'),
        monthly_usd: z.number().describe('usd / amortization_months.'),
        note: z.string().optional().describe('For a machine sold whole (a Mac, a DGX Spark, a Strix Halo mini PC): which price this is, opening with '
          + '"list price since <date>" or "launch price of <date>" and why, or "discontinued on <date>; price is the last list price"; '
          + 'then the product, the page quoted and the other prices read. For a card with a dated street price (card-street-prices): '
          + '"street price, new, the lowest the page gives of <date>", the price a card and the count, the page quoted and the launch price not used. '
          + 'For a card priced at an MSRP from the Hugging Face hardware table (which cites no source) or at an estimate (Epoch AI\'s H100 SXM: '
          + '1/8 of a DGX server\'s reported price): which it is, opening "MSRP of the accelerator" or "estimated price of the accelerator". '
          + 'Absent for a card\'s plain launch price.'),
      })
      .describe('The purchase of the accelerators, amortised.'),
    host_machine: HostMachine.nullable()
      .describe('The machine the accelerators sit in (CPU, board, memory, storage, power supply, chassis), where a source prices it: '
        + 'amortised over the same months and counted in monthly_usd; null where none does (the month then leaves it out, and `cheaper` does not rest on it).'),
    power: z
      .object({
        watts: z.number().describe('Board power x accelerators, one machine.'),
        idle_watts: z.number().describe('Draw of one machine holding the model and serving nothing: idle_basis x watts (an assumption).'),
        idle_basis: z.string().describe('Where the idle draw comes from.'),
        usd_per_kwh: z.number(),
        active_hours: z.number().describe('Hours the volume needs (hours_needed), all machines, at board power.'),
        idle_hours: z.number().describe('The rest of the machines\' 730 hours each, at idle draw.'),
        active_kwh: z.number().describe('watts x active_hours / 1000.'),
        idle_kwh: z.number().describe('idle_watts x idle_hours / 1000.'),
        active_usd: z.number().describe('active_kwh x usd_per_kwh.'),
        idle_usd: z.number().describe('idle_kwh x usd_per_kwh.'),
        host_watts: z.number().optional().describe('host_machine.idle_watts, where a reading is published: the host\'s own draw, every hour.'),
        host_kwh: z.number().optional().describe('host_watts x machines x 730 / 1000.'),
        host_usd: z.number().optional().describe('host_kwh x usd_per_kwh: a floor, as serving the CPU draws more than at rest.'),
        monthly_usd: z.number().describe('active_usd + idle_usd + host_usd: electricity of the month, all machines.'),
        as_of: IsoDate,
        source: z.string().optional(),
      })
      .nullable()
      .describe('Electricity of the month: board power for the hours it serves (hours needed x utilization), idle draw for the other hours; '
        + 'null when the dataset has no power figure (not counted then).'),
    monthly_per_machine_usd: z.number().describe('monthly_usd / machines: purchase and host shares and electricity of one machine this month.'),
    fixed_per_machine_usd: z.number()
      .describe('What one machine costs a month whatever it serves: purchase and host shares + 730 h at idle draw (curve and break-even use it).'),
    discontinued_on: z.object({ value: z.string(), source: z.string().optional(), as_of: IsoDate, note: z.string().optional() }).nullable()
      .describe('When the configuration stopped being sold new (YYYY-MM-DD or YYYY-MM: a machine\'s last list price, or a card\'s reported '
        + 'end of production), cited; null where no source dates an end. Listed, but not weighed where one sold new serves the model.'),
    sold_in: z.object({
      counts: z.array(z.number()).describe('The module counts a baseboard holds: the sizes one can buy whole.'),
      whole: z.boolean().describe('Whether this configuration\'s count is one of them; false: a share of a machine, a rented size, not weighed.'),
      source: z.string().optional(), as_of: IsoDate, note: z.string().optional(),
    }).nullable()
      .describe('Where the module is sold only on a baseboard (an H200 SXM on a 4- or 8-GPU HGX board): the counts one buys whole; '
        + 'null where no source restricts the count (cards bought one by one).'),
    monthly_usd: z.number().describe('machines x (purchase.monthly_usd + host_machine.monthly_usd) + power.monthly_usd.'),
  })
  .describe('Self-hosting on one bought configuration (an estimate).');

export const OwnMachine = z
  .object({
    hardware_id: CommonOption.hardware_id,
    hardware_name: CommonOption.hardware_name,
    quantization: CommonOption.quantization,
    bits_per_weight: CommonOption.bits_per_weight,
    fit: CommonOption.fit,
    serving: Serving,
    batch: CommonOption.batch,
    throughput_tokens_per_s: CommonOption.throughput_tokens_per_s,
    utilization: CommonOption.utilization,
    capacity_tokens_millions_per_month: CommonOption.capacity_tokens_millions_per_month,
    hours_needed: CommonOption.hours_needed,
    estimate: z.literal(true),
    machines: CommonOption.machines,
    purchase: z.null().describe('Always null: no source in the dataset prices the configuration, and none is guessed.'),
    power: z.object({
      watts: z.number().describe('Board power x accelerators, one machine.'),
      idle_watts: z.number(),
      idle_basis: z.string().describe('Where the idle draw comes from.'),
      usd_per_kwh: z.number(),
      active_hours: z.number(),
      idle_hours: z.number(),
      active_kwh: z.number(),
      idle_kwh: z.number(),
      host_watts: z.number().optional(),
      monthly_usd: z.number().describe('Electricity of the month, all machines.'),
      source: z.string(),
      as_of: IsoDate,
    }).nullable().describe('Electricity of the month as an owned option counts it; null without a power figure.'),
    monthly_usd: z.number().nullable().describe('power.monthly_usd: running the machine a month, its purchase spent; null without a power figure.'),
    note: z.string().describe('Why this is given and what it leaves out.'),
    derived_from: z.array(z.string()),
  })
  .describe('A configuration named in `hardware` that fits the model but that no source prices, rented or bought: taken as a machine '
    + 'you own, its purchase spent (as recommend_model takes `machine`): fit, throughput, capacity, machines needed and the '
    + 'electricity where its power is known; weighed against no API price.');

export const CurvePoint = z
  .object({
    tokens_millions: z.number().describe('Monthly volume, millions of tokens.'),
    api_usd: z.number().nullable().describe('Cheapest paid API offer at this volume.'),
    rented_usd: z.number().nullable().describe('Cheapest rented configuration at this volume.'),
    owned_usd: z.number().nullable().describe('The cheapest owned month at this volume, in whole machines, among the bought '
      + 'configurations that count their whole machine (host machine priced or in the purchase price; where none does, all): '
      + 'at the volume asked, the owned basis.'),
  })
  .describe('Monthly cost at one volume.');

export const Settings = z
  .object({
    context: z.number().int().describe('Tokens of one request, prompt and answer (the input, capped at the model window).'),
    utilization: z.number(),
    max_sequences: z.number().int(),
    amortization_months: z.number(),
    power_usd_per_kwh: z.number(),
    context_asked: z.number().int().optional().describe('The `context` asked, before the cap at the model window.'),
    context_note: z.string().nullable().optional().describe('When `context` was capped at the model window: says so, with the '
      + 'window\'s source and the offers stating a larger window of their own; null when nothing was capped.'),
  })
  .describe('The inputs the self-hosted figures use, defaults filled in.');

