// list_hardware: the catalogued hardware configurations (the ids models_for_hardware and estimate_cost take).
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { GB } from '../engines/constants.ts';
import { citeFact } from '../engines/cite.ts';
import { acceptedMachines, isRefusal, resolveMachine } from '../engines/machine.ts';
import { IDLE_POWER_FRACTION } from '../engines/owned-power.ts';
import { aggregateBandwidth, roundTo, splitNote, toGb, usableBytes, usableMemorySum } from '../engines/memory.ts';
import { ServiceError } from '../errors/index.ts';
import { HardwareClass, HostMachine as HostMachineFact, RentalPrice, type Hardware } from '../schema/index.ts';
import { Cursor, Limit, Page, paginate, wireFact } from './common.ts';
import { kept, stitched } from './json-fragment.ts';
import { defineOperation, READ_ONLY } from './operation.ts';

/** A figure this service computes from hardware facts: the value and the facts it comes from. */
const DerivedFigure = (what: string) =>
  z.object({
    value: z.number().describe(what),
    derived_from: z.array(z.string()).describe('The facts the figure is computed from, each with its source and date.'),
  });

export const HardwareView = z
  .object({
    id: z.string().describe('Hardware id: pass it as `hardware_id` to models_for_hardware or as `hardware` to estimate_cost.'),
    name: z.string().describe('The configuration in words.'),
    class: HardwareClass.describe('laptop, desktop, workstation, server or cluster.'),
    accelerator: z.string().describe('The GPU or chip that holds the model.'),
    count: z.number().int().describe('Accelerators in the configuration.'),
    unified_memory: z.boolean().describe('true for memory shared with the CPU (Apple, DGX Spark, Strix Halo, CPU RAM): only a fraction of it holds a model.'),
    memory_gb: wireFact(z.number()).describe('Total memory of the configuration (all accelerators) as vendors state it, in binary units despite the name: 24 is 24 GiB (25.77e9 bytes); usable_memory_gb converts to GB of 1e9 bytes.'),
    usable_fraction: wireFact(z.number()).describe('Share of that memory a model may use.'),
    usable_memory_gb: DerivedFigure('memory_gb x usable_fraction, in GB of 1e9 bytes: what models_for_hardware fits models into. memory_gb is the binary size vendors state (24 GB = 24 GiB = 25.77e9 bytes).'),
    bandwidth_gbs: wireFact(z.number()).nullable().describe('Memory bandwidth per accelerator, GB/s; null only for a configuration built from a stated memory size (its speed is not estimated).'),
    aggregate_bandwidth_gbs: DerivedFigure('bandwidth per accelerator x count, GB/s (tensor parallel): what decode speed estimates read.').nullable().describe('null when the bandwidth is unknown.'),
    compute_tflops: wireFact(z.number()).nullable().describe('Dense FP16/BF16 tensor TFLOPS per accelerator (no sparsity); null where no source gives it.'),
    power_w: wireFact(z.number()).nullable().describe('Board power per accelerator, watts (TDP/TBP as the source states it); null where no source gives it.'),
    idle_power_w: wireFact(z.number())
      .nullable()
      .describe(
        'Draw per accelerator with a model loaded and no request running, watts, as a published reading states it ' +
          '(nvidia-smi or a watt meter; data/curated/accelerator-idle-power.csv); estimate_cost counts owned hardware\'s idle ' +
          `hours at it. null where no reading is published (estimate_cost then uses ${IDLE_POWER_FRACTION} x power_w).`,
      ),
    split: z.string().nullable().describe('How a multi-accelerator configuration holds a model; null for a single device.'),
    purchase_price_usd: wireFact(z.number()).nullable().describe('Purchase price, USD; null where no source gives one.'),
    discontinued_on: wireFact(z.string()).nullable()
      .describe('The day (YYYY-MM-DD, or YYYY-MM where the source gives the month) the configuration stopped being sold new, where '
        + 'the price table says so: purchase_price_usd is then its last list price, not an offer; null while it is sold or where no source says.'),
    host_machine: wireFact(HostMachineFact).nullable()
      .describe('The machine the accelerators sit in (CPU, board, memory, storage, power supply, chassis), as estimate_cost buys it with them: '
        + '`priced` at `usd` (this configuration\'s share), or `in_purchase_price`; `idle_watts`, the host\'s own draw at the wall with nothing to do, '
        + 'where a reading is published; null where no source prices it (data/curated/host-machines.csv).'),
    rental: wireFact(RentalPrice).nullable().describe('On-demand rental: provider, instance type, USD per hour, EU regions; null where no source gives one (estimate_cost then skips the configuration).'),
    eu_rental: wireFact(RentalPrice).nullable()
      .describe('The cheapest on-demand rental in an EU region, where the cheapest overall (`rental`) lists none: what an ask '
        + 'that needs EU residency (recommend_model keep=eu-only, where=eu-cloud) rents. null where `rental` is itself in an EU '
        + 'region (its eu_regions) or no offer of the configuration is.'),
  })
  .describe('One hardware configuration, every fact with its date (and source in full responses).');
export type HardwareView = z.infer<typeof HardwareView>;


export function toHardwareView(h: Hardware): HardwareView {
  return {
    id: h.id,
    name: h.name,
    class: h.class,
    accelerator: h.accelerator,
    count: h.count,
    unified_memory: h.unified_memory,
    memory_gb: h.memory_gb,
    usable_fraction: h.usable_fraction,
    // memory_gb is cited with its unit: "memory_gb = 24" beside 24.48 would read as 24 GB x 0.95 = 22.8.
    usable_memory_gb: { value: toGb(usableBytes(h)), derived_from: [
      citeFact('memory_gb', h.memory_gb, `${h.memory_gb.value} GiB`), citeFact('usable_fraction', h.usable_fraction), usableMemorySum(h),
    ] },
    bandwidth_gbs: h.bandwidth_gbs ?? null,
    aggregate_bandwidth_gbs: h.bandwidth_gbs
      ? { value: roundTo(aggregateBandwidth(h) / GB, 1), derived_from: [citeFact('bandwidth_gbs', h.bandwidth_gbs), `count = ${h.count}`] }
      : null,
    compute_tflops: h.compute_tflops ?? null,
    power_w: h.power_w ?? null,
    idle_power_w: h.idle_power_w ?? null,
    split: splitNote(h),
    purchase_price_usd: h.purchase_price_usd ?? null,
    discontinued_on: h.discontinued_on ?? null,
    host_machine: h.host_machine ?? null,
    rental: h.rental ?? null,
    eu_rental: h.eu_rental ?? null,
  };
}

/** The configuration for an id, or hardware_not_found with near ids. */
export function requireHardware(ds: Dataset, id: string, parameter: string): Hardware {
  const h = ds.hardwareById.get(id);
  if (h) return h;
  throw new ServiceError('hardware_not_found', `No hardware configuration "${id}" in the dataset (GET /api/v1/hardware lists them).`, {
    suggestions: ds.suggestHardwareIds(id),
    errors: [{ parameter, message: 'unknown hardware id' }],
  });
}

const CLASS_ORDER = HardwareClass.options;

type Listed = { all: readonly HardwareView[]; byClass: ReadonlyMap<string, readonly HardwareView[]> };

const views = new WeakMap<Dataset, Listed>();

/**
 * Every configuration as the list shows it, built once per dataset: smallest class first, then usable memory; and
 * the same list per class. Each view is kept (ops/json-fragment.ts): a page copies its JSON, and its partial-tier
 * projection, as text made once, instead of projecting and serializing every configuration on every ask.
 */
function allViews(ds: Dataset): Listed {
  let listed = views.get(ds);
  if (!listed) {
    const all = [...ds.hardware]
      .sort((a, b) => CLASS_ORDER.indexOf(a.class) - CLASS_ORDER.indexOf(b.class) || usableBytes(a) - usableBytes(b) || a.id.localeCompare(b.id))
      .map((h) => kept(toHardwareView(h)));
    const byClass = new Map(CLASS_ORDER.map((c) => [c, all.filter((h) => h.class === c)]));
    views.set(ds, (listed = { all, byClass }));
  }
  return listed;
}

export const list_hardware = defineOperation({
  name: 'list_hardware',
  title: 'Hardware configurations',
  description:
    'List the hardware configurations the service can assess (GPUs, Macs, workstations, server nodes): id, name, class, accelerator and count, total and usable memory, memory bandwidth, purchase price and hourly rental price where a source gives them, each fact dated. Use the ids with models_for_hardware (what runs on it) and estimate_cost (self-hosting cost). Filter by class; ordered laptop to cluster, then by usable memory, smallest first.',
  path: '/hardware',
  input: z.object({
    class: HardwareClass.optional().describe('Only this class: laptop, desktop, workstation, server or cluster.'),
    limit: Limit,
    cursor: Cursor,
  }).strict(),
  output: z.object({
    class: HardwareClass.nullable().describe('The class filter applied; null for none.'),
    items: z.array(HardwareView).describe('Configurations, laptop to cluster, then by usable memory, smallest first.'),
    page: Page,
  }),
  annotations: READ_ONLY,
  examples: [
    { title: 'Every hardware configuration', input: { limit: 100 } },
    { title: 'Server nodes only', input: { class: 'server' } },
    { title: 'Desktops', input: { class: 'desktop' } },
  ],
  handler(ds, input) {
    const listed = allViews(ds);
    const list = input.class === undefined ? listed.all : listed.byClass.get(input.class)!;
    const { items, page } = paginate(list, input.limit, input.cursor);
    return stitched({ class: input.class ?? null, items: stitched(items), page });
  },
});

export const HardwareUnderstood = z
  .object({
    given: z.string().describe('The text sent.'),
    hardware_id: z.string().describe('The configuration used: catalogued, or built from the text (`rtx-3090-x3`, `gpu-11gb`).'),
    how: z.enum(['hardware_id', 'device', 'counted', 'ad_hoc', 'canonical', 'synonym']).describe('hardware_id: a catalogued id; device: a device as people name it; counted: N cards of a catalogued one; ad_hoc: a bare memory size; canonical/synonym: a machine class and its representative configuration.'),
    interpretation: z.string().describe('The reading in one sentence.'),
    speed_estimated: z.boolean().describe('false for a configuration built from a memory size: fits are checked, speed is not estimated.'),
  })
  .describe('How the hardware text was understood.');
export type HardwareUnderstood = z.infer<typeof HardwareUnderstood>;

/** The hardware path parameter: a hardware id, or a device as people say it (`2x 3090`, `M3 Max 64GB`, `11 GB GPU`). */
export const HardwareTextParam = z
  .string()
  .min(1)
  .max(100, 'at most 100 characters')
  .regex(/^[^\u0000-\u001f]+$/, 'printable text')
  .describe('Hardware id from `GET /api/v1/hardware` (e.g. `rtx-4090`, `h100-80gb-x8`) or a device as people say it: `4090`, `2x 3090`, `RTX 3060 12GB`, `M3 Max 64GB`, `4090 laptop`, or a memory size (`11 GB GPU`: fits checked, speed not estimated).');

/**
 * The configuration hardware text names, with how it was read. An id-like text naming nothing is
 * hardware_not_found (404, as before); ambiguous or partly understood text is invalid_parameter (400) with the
 * candidates and what was understood.
 */
export function resolveHardware(
  ds: Dataset, text: string, parameter: string, read: typeof resolveMachine = resolveMachine,
): { hardware: Hardware; understood: HardwareUnderstood } {
  const r = read(ds, text);
  if (isRefusal(r)) {
    const idLike = /^[a-z0-9][a-z0-9._-]*$/.test(text) && r.refused === 'unknown' && r.candidates.length === 0;
    if (idLike) requireHardware(ds, text, parameter);
    const near = r.candidates.length ? r.candidates : ds.suggestHardwareIds(text, 3);
    throw new ServiceError('invalid_parameter', `${parameter}: ${r.message}${r.understood.length ? `; understood: ${r.understood.join(', ')}` : ''}.`, {
      suggestions: near,
      errors: [{ parameter, message: r.message, allowed: acceptedMachines() }],
    });
  }
  if (!r.hardware) {
    throw new ServiceError('invalid_parameter', `${parameter}: "${text.slice(0, 100)}" names no machine; name a device, a hardware id or a memory size.`, {
      errors: [{ parameter, message: 'no machine named', allowed: acceptedMachines() }],
    });
  }
  return {
    hardware: r.hardware,
    understood: { given: text, hardware_id: r.hardware.id, how: r.how as HardwareUnderstood['how'], interpretation: r.interpretation, speed_estimated: r.speed_estimated },
  };
}
