// Builds the Hardware collection: the reviewed configurations, each joined to its accelerator's facts and rentals.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { fact, Hardware, HardwareClass, Slug, type Fact, type RentalPrice, type Source } from '../schema/index.ts';
import { optionalPositive, parseCsv, SHARED_CURATED_REVIEWED, tableUrl, validateRows } from '../sources/curated.ts';
import type { HardwareObservation, IngestIssue, RentalObservation } from '../sources/types.ts';
import { computeFact, type ComputeRow } from './accelerator-compute.ts';
import { appleMetalUsableFact } from './apple-metal.ts';
import { dgxSparkUsableFact, strixHaloUsableFact } from './unified-usable.ts';
import { powerFact } from './hardware-power.ts';

const CONFIGS_FILE = 'data/curated/hardware-configs.csv';
const CONFIGS_SOURCE_ID = 'hardware-configs';
/** The day the configurations table was last reviewed. */
export const HARDWARE_CONFIGS_REVIEWED = '2026-11-25';

export const HARDWARE_CONFIGS_SOURCE: Source = {
  id: CONFIGS_SOURCE_ID,
  name: 'Reviewed table: hardware configurations users ask about',
  url: tableUrl(CONFIGS_FILE),
  licence: 'facts; each overridden figure cites its specification page',
  kind: 'curated',
  retrieved: HARDWARE_CONFIGS_REVIEWED,
  covers: 'which accelerator and how many make each configuration, configured memory of unified-memory machines, and figures the hardware sources lack',
  counts_for_data_as_of: false,
};

/**
 * A discrete GPU cannot give all of its memory to weights: the driver, the CUDA context and the runtime keep some.
 * No hardware source states the share for the GPUs in Epoch's table, so the value the reviewed accelerators table
 * gives every discrete GPU it lists (0.95) is applied to them as a documented assumption, sourced `derived`.
 */
export const DISCRETE_GPU_USABLE_FRACTION = 0.95;

const Bool = z.enum(['true', 'false'], { message: 'true or false' }).transform((s) => s === 'true');
const blank = (s: string) => (s.trim() === '' ? undefined : s.trim());
const OptionalUrl = z.union([z.literal(''), z.url()]).transform(blank);

const ConfigRow = z
  .object({
    id: Slug,
    name: z.string().min(1),
    class: HardwareClass,
    /**
     * Keys of hardware observations, `;`-separated, most trusted first: each figure is taken from the first that
     * gives it (Epoch name, curated id, `hf:<vendor>/<sku>` of the Hugging Face table).
     */
    accelerator_key: z.string().min(1, 'the key of a hardware observation (Epoch name or curated id)').transform((s) => s.split(';').map((x) => x.trim()).filter(Boolean)),
    count: z.coerce.number().int().positive(),
    unified_memory: Bool,
    /** Total memory of the configuration as configured (Apple, unified-memory PCs), or where no source gives it. */
    memory_gb: optionalPositive,
    /** Per accelerator, where no source gives it. */
    bandwidth_gbs: optionalPositive,
    purchase_price_usd: optionalPositive,
    price_evidence_url: OptionalUrl,
    spec_evidence_url: OptionalUrl,
    rental_accelerators: z.string().transform((s) => s.split(';').map((x) => x.trim()).filter((x) => x !== '')),
    note: z.string().transform(blank),
  })
  .refine((r) => r.purchase_price_usd === undefined || r.price_evidence_url !== undefined, {
    path: ['price_evidence_url'],
    message: 'a purchase price needs its evidence URL',
  })
  .refine((r) => (r.memory_gb === undefined && r.bandwidth_gbs === undefined) || r.spec_evidence_url !== undefined, {
    path: ['spec_evidence_url'],
    message: 'a memory or bandwidth figure needs its evidence URL',
  });
export type HardwareConfig = z.infer<typeof ConfigRow>;

/** Load and validate the table; a bad row or a repeated id is an issue and does not enter the result. */
export async function loadHardwareConfigs(file: string): Promise<{ configs: HardwareConfig[]; issues: IngestIssue[] }> {
  const rows = parseCsv(await readFile(file, 'utf8'));
  const { valid, issues } = validateRows(ConfigRow, rows, { source: CONFIGS_SOURCE_ID, file: CONFIGS_FILE }, (r) => r.record.id || `line ${r.line}`);
  const seen = new Set<string>();
  const configs: HardwareConfig[] = [];
  for (const { value, row } of valid) {
    if (seen.has(value.id)) {
      issues.push({ source: CONFIGS_SOURCE_ID, file: CONFIGS_FILE, row, field: 'id', message: `duplicate id ${value.id}; the first row is kept` });
      continue;
    }
    seen.add(value.id);
    configs.push(value);
  }
  return { configs, issues };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function issue(cfg: HardwareConfig, field: string, message: string): IngestIssue {
  return { source: CONFIGS_SOURCE_ID, file: CONFIGS_FILE, row: cfg.id, field, message };
}

/** The observations a configuration names, most trusted first; `first(f)` is the first that gives a figure. */
type Accelerator = {
  primary: HardwareObservation | undefined;
  all: HardwareObservation[];
  first<K extends keyof HardwareObservation>(k: K): HardwareObservation | undefined;
};

function acceleratorOf(cfg: HardwareConfig, byKey: Map<string, HardwareObservation[]>): Accelerator {
  const all = cfg.accelerator_key.flatMap((k) => byKey.get(k) ?? []);
  return { primary: all[0], all, first: (k) => all.find((o) => o[k] !== undefined) };
}

function memoryFact(cfg: HardwareConfig, acc: Accelerator): Fact<number> | undefined {
  const from = acc.first('memory_gb');
  const fromAcc = from?.memory_gb !== undefined ? round(from.memory_gb * cfg.count) : undefined;
  if (cfg.memory_gb !== undefined) {
    // Another source corroborates the configured amount when it gives that total, or lists it as an option.
    const corroborating = acc.all.filter((o) =>
      (o.memory_gb !== undefined && round(o.memory_gb * cfg.count) === cfg.memory_gb) ||
      (cfg.count === 1 && o.memory_options_gb?.includes(cfg.memory_gb!)));
    return fact(cfg.memory_gb, HARDWARE_CONFIGS_REVIEWED, CONFIGS_SOURCE_ID, {
      note: `memory as configured; evidence: ${cfg.spec_evidence_url}`,
      ...(corroborating.length ? { corroborated_by: [...new Set(corroborating.map((o) => o.source))] } : {}),
    });
  }
  if (from && fromAcc !== undefined) {
    const others = acc.all.filter((o) => o !== from && o.memory_gb === from.memory_gb).map((o) => o.source);
    return fact(fromAcc, from.as_of, from.source, {
      ...(cfg.count > 1 ? { note: `${from.memory_gb} GB per accelerator x ${cfg.count}` } : {}),
      ...(others.length ? { corroborated_by: [...new Set(others)] } : {}),
    });
  }
  return undefined;
}

function bandwidthFact(cfg: HardwareConfig, acc: Accelerator): Fact<number> | undefined {
  if (cfg.bandwidth_gbs !== undefined) return fact(cfg.bandwidth_gbs, HARDWARE_CONFIGS_REVIEWED, CONFIGS_SOURCE_ID, { note: `evidence: ${cfg.spec_evidence_url}` });
  const from = acc.first('bandwidth_gbs');
  if (from?.bandwidth_gbs !== undefined) return fact(from.bandwidth_gbs, from.as_of, from.source, from.url ? { note: `evidence: ${from.url}` } : {});
  return undefined;
}

/**
 * Compute: the reviewed compute table first (one basis: dense FP16 tensor with FP16 accumulate), else the first
 * observation that gives a figure, except for a GeForce card: the other sources give one either that rate (Epoch) or
 * the FP32 shader rate, a quarter of it (Hugging Face's table: RTX 3070 20.31), so only the reviewed table is trusted.
 */
function computeOf(cfg: HardwareConfig, acc: Accelerator, table: ReadonlyMap<string, ComputeRow>): Fact<number> | undefined {
  const reviewed = computeFact(cfg.accelerator_key, table);
  if (reviewed) return reviewed;
  return acc.primary && /GeForce/i.test(acc.primary.name) ? undefined : perAcceleratorFact(acc, 'compute_tflops');
}

/** A per-accelerator figure (compute) from the first observation that gives it. */
function perAcceleratorFact(acc: Accelerator, k: 'compute_tflops'): Fact<number> | undefined {
  const from = acc.first(k);
  const v = from?.[k];
  return from && v !== undefined ? fact(v, from.as_of, from.source, from.url ? { note: `evidence: ${from.url}` } : {}) : undefined;
}

function usableFact(cfg: HardwareConfig, acc: Accelerator, memory: Fact<number> | undefined): Fact<number> | undefined {
  // An Apple Silicon Mac: Metal's default share depends on the Mac's memory size, not on the chip.
  if (cfg.unified_memory && memory && cfg.accelerator_key.some((k) => k.startsWith('apple-'))) return appleMetalUsableFact(memory.value);
  // Strix Halo and DGX Spark: what their GPU maps of the machine's memory, from published settings and readings.
  if (cfg.unified_memory && memory && cfg.accelerator_key.some((k) => k.startsWith('amd-ryzen-ai-max'))) return strixHaloUsableFact(memory.value);
  if (cfg.unified_memory && memory && cfg.accelerator_key.includes('nvidia-dgx-spark')) return dgxSparkUsableFact(memory.value);
  const from = acc.first('usable_fraction');
  if (from?.usable_fraction !== undefined) return fact(from.usable_fraction, from.as_of, from.source);
  // Unified memory is shared with the operating system in amounts that differ by platform: never assumed.
  if (cfg.unified_memory) return undefined;
  return discreteUsableFact(acc.first('vendor')?.vendor);
}

/** What keeps GPU memory besides the driver, by vendor: an AMD or Intel card has no CUDA context. */
function computeContext(vendor: string | undefined): string {
  const v = (vendor ?? '').toLowerCase();
  return v.includes('nvidia') ? 'CUDA context' : v.includes('amd') ? 'ROCm (HIP) context' : v.includes('intel') ? 'Level Zero context'
    : 'compute runtime context';
}

/** The documented share of a discrete GPU's memory a model may use (also what an ad-hoc GPU size is given). */
export function discreteUsableFact(vendor?: string): Fact<number> {
  return fact(DISCRETE_GPU_USABLE_FRACTION, SHARED_CURATED_REVIEWED, 'derived', {
    derived_from: ['accelerators-extra: usable_memory_fraction 0.95, the value it gives every discrete GPU it lists'],
    note: `documented assumption for a discrete GPU: driver, ${computeContext(vendor)} and runtime keep about 5% of its memory`,
  });
}

/**
 * Which kind of price a card's is, said where it is not the maker's own: the H100 SXM's 33,600 USD (Epoch) is 1/8 of a
 * DGX server's reported price, and the H200's 32,000 a figure the Hugging Face table gives without a source; side by
 * side, both called launch prices or MSRPs would read as the same kind of figure.
 */
function priceKind(o: HardwareObservation): { what: string; whose: string } {
  if (o.launch_price_basis) return { what: 'estimated price', whose: ` (${o.source}: "${o.launch_price_basis}")` };
  if (o.source === 'hf-tasks-hardware') return { what: 'MSRP', whose: ' (the Hugging Face hardware table\'s msrp figure, which cites no source)' };
  return { what: 'launch price', whose: '' };
}

/**
 * The other sizes a discrete card's name is sold in, where a reviewed row says so with its page (RX 9060 XT and Arc
 * A770: 8 GB beside the 16 GB card catalogued): `RX 9060 XT` alone does not say the 16 GB card, so it is not read as
 * it. The Hugging Face table's memory lists are not used for this: they give the RX 7600 XT an 8 GB card AMD never
 * sold (that is the RX 7600) and the RTX A5000 8 and 12 GB.
 */
function otherSizesFact(cfg: HardwareConfig, acc: Accelerator, totalGb: number): Fact<number[]> | undefined {
  if (cfg.unified_memory) return undefined;
  const from = acc.all.find((o) => o.also_sold_gb !== undefined);
  const per = totalGb / cfg.count;
  const others = (from?.also_sold_gb ?? []).filter((gb) => Math.abs(gb - per) >= 0.5);
  return from && others.length ? fact(others, from.as_of, from.source, { note: `evidence: ${from.also_sold_url}` }) : undefined;
}

function priceFact(cfg: HardwareConfig, acc: Accelerator): Fact<number> | undefined {
  if (cfg.purchase_price_usd !== undefined) {
    return fact(cfg.purchase_price_usd, HARDWARE_CONFIGS_REVIEWED, CONFIGS_SOURCE_ID, { note: `price evidence: ${cfg.price_evidence_url}` });
  }
  // A price of a chip sold in several memory sizes (Apple, Strix Halo) is the price of none of them: not used.
  const from = acc.all.find((o) => o.launch_price_usd !== undefined && o.memory_options_gb === undefined);
  // Nor is the price of a laptop GPU, which is not sold on its own.
  if (from?.launch_price_usd === undefined || cfg.unified_memory || cfg.class === 'laptop') return undefined;
  const { what, whose } = priceKind(from);
  // A launch price or MSRP is the maker's price when the card came out, not what it sells for today: a card no longer
  // made (RTX 3090, RTX 4090) sells new or used at other prices, and no source in the dataset dates a market price.
  const notToday = `${/^[aeiouAEIOU]|^MSRP/.test(what) ? 'an' : 'a'} ${what} is not today's market price, which no source in the dataset `
    + 'dates (a card no longer made sells new or used at other prices)';
  if (cfg.count === 1) return fact(from.launch_price_usd, from.as_of, from.source, { note: `${what} of the accelerator${whose}; ${notToday}` });
  return fact(round(from.launch_price_usd * cfg.count), from.as_of, 'derived', {
    derived_from: [`${from.source}: ${what} of ${from.key}, ${from.launch_price_usd} USD`, `${CONFIGS_SOURCE_ID}: ${cfg.count} accelerators`],
    note: `${what} of the accelerators only${whose}; the host machine is not included; ${notToday}`,
  });
}

type Rentals = { rental?: Fact<RentalPrice>; eu_rental?: Fact<RentalPrice> };

/**
 * The cheapest rental of the same accelerator in the same count (ties: provider, then instance type), and, when that
 * one lists no EU region, the cheapest that does: an ask that needs EU residency (keep=eu-only, where=eu-cloud) rents
 * the configuration there, so an EU offer must not be lost because another provider rents it cheaper elsewhere.
 */
function rentalFacts(cfg: HardwareConfig, rentals: RentalObservation[]): Rentals {
  const names = new Set(cfg.rental_accelerators);
  const matching = rentals
    .filter((r) => names.has(r.accelerator) && r.gpu_count === cfg.count)
    .sort((a, b) => a.usd_per_hour - b.usd_per_hour || a.provider.localeCompare(b.provider) || a.instance_type.localeCompare(b.instance_type));
  const best = matching[0];
  if (!best) return {};
  const eu = matching.filter((r) => r.eu_regions.length > 0);
  const rental = rentalFactOf(best, matching.length > 1 ? `cheapest of ${matching.length} matching on-demand offers` : undefined);
  if (best.eu_regions.length > 0 || eu.length === 0) return { rental };
  const why = `cheapest of ${eu.length} matching on-demand ${eu.length === 1 ? 'offer' : 'offers'} in an EU region; `
    + `the cheapest overall, ${best.provider} ${best.instance_type} at ${best.usd_per_hour} USD/h, lists none`;
  return { rental, eu_rental: rentalFactOf(eu[0], why) };
}

function rentalFactOf(r: RentalObservation, choice: string | undefined): Fact<RentalPrice> {
  const value: RentalPrice = { provider: r.provider, instance_type: r.instance_type, usd_per_hour: r.usd_per_hour, eu_regions: r.eu_regions };
  const notes = [r.note, choice].filter(Boolean);
  return fact(value, r.as_of, r.source, notes.length ? { note: notes.join('; ') } : {});
}

/**
 * One Hardware record per configuration. Memory is the accelerator's times the count (or the configured amount),
 * bandwidth, compute and power are per accelerator; a configuration whose memory, bandwidth or usable share no
 * source gives is an issue and is left out rather than filled with a guess.
 */
export function buildHardware(
  obs: HardwareObservation[],
  rentals: RentalObservation[],
  configs: HardwareConfig[],
  computeTable: ReadonlyMap<string, ComputeRow> = new Map(),
): { hardware: Hardware[]; issues: IngestIssue[] } {
  // A card read in two curated tables (its launch price in one, its board power in the other) keeps every reading,
  // the first table's first: each fact takes the first reading that gives it.
  const byKey = new Map<string, HardwareObservation[]>();
  for (const o of obs) byKey.set(o.key, [...(byKey.get(o.key) ?? []), o]);
  const hardware: Hardware[] = [];
  const issues: IngestIssue[] = [];
  for (const cfg of configs) {
    const acc = acceleratorOf(cfg, byKey);
    const unknownKeys = cfg.accelerator_key.filter((k) => !byKey.has(k));
    if (unknownKeys.length) issues.push(issue(cfg, 'accelerator_key', `no hardware observation has the key ${unknownKeys.map((k) => JSON.stringify(k)).join(', ')}`));
    if (!acc.primary && (cfg.memory_gb === undefined || cfg.bandwidth_gbs === undefined)) continue;
    const memory = memoryFact(cfg, acc);
    const bandwidth = bandwidthFact(cfg, acc);
    const usable = usableFact(cfg, acc, memory);
    const missing: string[] = [];
    if (!memory) missing.push('memory_gb');
    if (!bandwidth) missing.push('bandwidth_gbs');
    if (!usable) missing.push('usable_fraction');
    if (!memory || !bandwidth || !usable) {
      for (const field of missing) issues.push(issue(cfg, field, `no source gives ${field} for ${cfg.accelerator_key.join('; ')}; the configuration is left out`));
      continue;
    }
    const compute = computeOf(cfg, acc, computeTable);
    const power = powerFact(acc.all);
    const price = priceFact(cfg, acc);
    const { rental, eu_rental } = rentalFacts(cfg, rentals);
    const sizes = otherSizesFact(cfg, acc, memory.value);
    const record = {
      id: cfg.id,
      name: cfg.name,
      class: cfg.class,
      accelerator: acc.primary?.name ?? cfg.accelerator_key[0],
      count: cfg.count,
      unified_memory: cfg.unified_memory,
      memory_gb: memory,
      usable_fraction: usable,
      bandwidth_gbs: bandwidth,
      ...(compute ? { compute_tflops: compute } : {}),
      ...(power ? { power_w: power } : {}),
      ...(price ? { purchase_price_usd: price } : {}),
      ...(rental ? { rental } : {}),
      ...(eu_rental ? { eu_rental } : {}),
      ...(sizes ? { sold_also_in_gb: sizes } : {}),
    };
    const parsed = Hardware.safeParse(record);
    if (parsed.success) hardware.push(parsed.data);
    else for (const i of parsed.error.issues) issues.push(issue(cfg, i.path.join('.'), i.message));
  }
  return { hardware, issues };
}

const ACCELERATORS_FILE = 'data/curated/accelerators.csv';
const ACCELERATORS_SOURCE_ID = 'hardware-accelerators';

export const HARDWARE_ACCELERATORS_SOURCE: Source = {
  id: ACCELERATORS_SOURCE_ID,
  name: 'Reviewed table: accelerators no other hardware source gives a memory bandwidth for',
  url: tableUrl(ACCELERATORS_FILE),
  licence: 'facts; each row cites the page its figures were read from, and the day',
  kind: 'curated',
  retrieved: HARDWARE_CONFIGS_REVIEWED,
  covers: 'memory, memory bandwidth and, where stated, tensor TFLOPS and board power of consumer, laptop and Apple accelerators',
  counts_for_data_as_of: false,
};

const AcceleratorRow = z.object({
  id: Slug,
  name: z.string().min(1),
  vendor: z.string().min(1),
  kind: z.string().min(1),
  memory_gb: optionalPositive,
  usable_memory_fraction: optionalPositive.refine((n) => n === undefined || n <= 1, 'at most 1'),
  bandwidth_gbs: optionalPositive.refine((n) => n !== undefined, 'a memory bandwidth (the reason the row exists)'),
  compute_tflops: optionalPositive,
  power_w: optionalPositive,
  source_url: z.url(),
  read_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'the day the figures were read, YYYY-MM-DD'),
  note: z.string().transform(blank),
  /** The page the board power was read on, where it is not `source_url` (the RX 7900 XT: AMD's announcement as reported). */
  power_url: z.union([z.literal(''), z.url()]).optional().transform((s) => s || undefined),
  /** The day `power_url` was read. */
  power_read_on: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')]).optional().transform((s) => s || undefined),
}).refine((r) => r.power_url === undefined || (r.power_w !== undefined && r.power_read_on !== undefined), {
  message: 'a power page needs a power figure and the day it was read', path: ['power_url'],
});

/** The reviewed accelerators table as hardware observations, each dated by the day its row was read. */
export async function loadAccelerators(file: string): Promise<{ hardware: HardwareObservation[]; issues: IngestIssue[] }> {
  const rows = parseCsv(await readFile(file, 'utf8'));
  const { valid, issues } = validateRows(AcceleratorRow, rows, { source: ACCELERATORS_SOURCE_ID, file: ACCELERATORS_FILE }, (r) => r.record.id || `line ${r.line}`);
  const hardware = valid.map(({ value: v }): HardwareObservation => ({
    source: ACCELERATORS_SOURCE_ID,
    key: v.id,
    name: v.name,
    vendor: v.vendor,
    kind: v.kind,
    ...(v.memory_gb !== undefined ? { memory_gb: v.memory_gb } : {}),
    ...(v.usable_memory_fraction !== undefined ? { usable_fraction: v.usable_memory_fraction } : {}),
    bandwidth_gbs: v.bandwidth_gbs!,
    ...(v.compute_tflops !== undefined ? { compute_tflops: v.compute_tflops } : {}),
    ...(v.power_w !== undefined && v.power_url === undefined ? { power_w: v.power_w } : {}),
    url: v.source_url,
    as_of: v.read_on,
  }));
  // A board power read on a page of its own is an observation of its own, so its fact cites that page, not the
  // bandwidth's.
  for (const { value: v } of valid) {
    if (v.power_url === undefined) continue;
    hardware.push({
      source: ACCELERATORS_SOURCE_ID, key: v.id, name: v.name, vendor: v.vendor, kind: v.kind,
      power_w: v.power_w!, url: v.power_url, as_of: v.power_read_on!,
    });
  }
  return { hardware, issues };
}
