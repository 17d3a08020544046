// models_for_hardware's experts_in_system_ram: MoE models that run on one GPU with their experts in the caller's RAM.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { GIB } from '../engines/constants.ts';
import { RAM_READ_EFFICIENCY, RAM_READ_SPREAD, type ExpertOffload, type SystemRam } from '../engines/expert-offload.ts';
import { placeExperts, placementLevel } from '../engines/expert-placement.ts';
import type { FitOptions } from '../engines/fit-basis.ts';
import { saidRam } from '../engines/machine-ram-words.ts';
import { toGb } from '../engines/memory.ts';
import type { Hardware, Model } from '../schema/index.ts';
import { ServiceError } from '../errors/index.ts';
import { QuantizationIdSchema } from './quantization-params.ts';
import { ModelRef, toModelRef } from './shapes.ts';

/**
 * The catalogued desktop whose RAM facts a caller who states no bandwidth gets: dual-channel DDR5-5600, 2 x 5,600 MT/s
 * x 8 bytes = 89.6 GB/s (data/curated/accelerators-extra.csv `cpu-ddr5-dual-channel`, from
 * https://en.wikipedia.org/wiki/DDR5_SDRAM), and the share of RAM a model may take beside the OS and its programs (0.8).
 */
export const DEFAULT_RAM_CONFIG = 'cpu-ddr5-64gb';

/**
 * The one a text that says DDR4 gets ("RTX 4090 with 64GB DDR4"): dual-channel DDR4-3200, 2 x 3,200 MT/s x 8 bytes =
 * 51.2 GB/s (data/curated hardware row `cpu-ddr4-64gb`, from https://en.wikipedia.org/wiki/DDR4_SDRAM), not DDR5's 89.6.
 */
export const DDR4_RAM_CONFIG = 'cpu-ddr4-64gb';

/** The RAM generation a machine text names (`ddr4`, `ddr5`), or null where it names none. */
export function ramKindFromText(text: string): 'ddr4' | 'ddr5' | null {
  return saidRam(text).ddr;
}

export const systemRamParams = {
  system_ram_gb: z
    .number()
    .min(1, 'system_ram_gb must be from 1 to 4096')
    .max(4096, 'system_ram_gb must be from 1 to 4096')
    .optional()
    .describe('System RAM beside a discrete GPU, GB (as sold: 64 means 64 GiB). Stated (or said in the machine text: "4090 with 64GB RAM"), '
      + 'mixture-of-experts models that do not fit the card alone but run with their experts in RAM (llama.cpp --n-cpu-moe) are listed in `experts_in_system_ram`.'),
  system_ram_bandwidth_gbs: z
    .number()
    .min(1, 'system_ram_bandwidth_gbs must be from 1 to 2000')
    .max(2000, 'system_ram_bandwidth_gbs must be from 1 to 2000')
    .optional()
    .describe('Peak bandwidth of that RAM, GB/s (channels x MT/s x 8 bytes: dual-channel DDR5-6000 is 96); default dual-channel DDR5-5600, 89.6.'),
};

/** What the reading of a machine text adds when the RAM it says is read as system_ram_gb. */
export const ramReadNote = (gb: number, notApplied: string | null = null) => notApplied === null
  ? `the ${gb} GB of RAM is read as system_ram_gb: mixture-of-experts models that run with their experts there are in experts_in_system_ram`
  : `the ${gb} GB of RAM is read as system_ram_gb, but no model is placed with its experts there: experts_in_system_ram.not_applied says why`;

/** RAM said in a machine text beside a discrete card (`4090 with 64GB RAM`, `3090 24GB VRAM 128 GB RAM`), in GB; else undefined. */
export function systemRamFromText(text: string): number | undefined {
  const gb = saidRam(text).gb;
  // The text's RAM is held to system_ram_gb's own range: "4090 with 99999GB RAM" is refused as `system_ram_gb=99999` is.
  if (gb !== undefined && (gb < 1 || gb > 4096)) {
    throw new ServiceError('invalid_parameter', `The machine text says ${gb} GB of RAM; system RAM must be from 1 to 4096 GB.`, {
      errors: [{ parameter: 'hardware_id', message: `${gb} GB of RAM is outside 1 to 4096`, allowed: 'RAM from 1 to 4096 GB (or give system_ram_gb)' }],
    });
  }
  return gb;
}

const Gb = z.number().describe('GB (1e9 bytes).');

export const OffloadEntry = z.object({
  model: ModelRef,
  placement: z.literal('experts_in_system_ram').describe('The routed experts of `cpu_moe_layers` layers in system RAM, everything else on the card.'),
  quantization: QuantizationIdSchema.describe('The highest precision whose placement fits (the same order as `items`).'),
  llama_cpp_flags: z.string().describe('How llama.cpp (llama-server, llama-cli) is told: every layer on the GPU, the experts of the first N MoE layers in RAM.'),
  cpu_moe_layers: z.number().int().describe('MoE layers whose experts are in RAM: the fewest that leave the card comfortable (85%), else tight.'),
  moe_layers: z.number().int(),
  fit: z.enum(['comfortable', 'tight']).describe('The placement\'s level: the worse of the card\'s (`vram.fit`) and the RAM\'s (`ram.fit`), '
    + 'comfortable where both are at most 85% of usable, tight where either is above (at most 100%).'),
  vram: z.object({
    non_expert_weights_gb: Gb, experts_gb: Gb, kv_cache_gb: Gb, overhead_gb: Gb, total_gb: Gb, usable_gb: Gb,
    fit: z.enum(['comfortable', 'tight']).describe('The card\'s memory: comfortable <= 85% of usable, tight <= 100%.'),
  }).describe('The card: attention, shared experts, dense layers, embeddings and head; the experts of the layers kept there; the KV cache; buffers.'),
  ram: z.object({
    experts_gb: Gb, usable_gb: Gb,
    fit: z.enum(['comfortable', 'tight']).describe('The RAM by the card\'s rule: comfortable <= 85% of what a model may take, tight <= 100%. '
      + 'The quantization chosen is the highest that leaves both the card and the RAM comfortable, else tight.'),
  }).describe('Experts in RAM, and the RAM a model may take.'),
  decode_tokens_per_s: z.number().nullable().describe('Estimated batch-1 decode: the bytes a token reads from RAM and from the card, each at its bandwidth; centred on '
    + 'the published runs, which decoded within about 1.3x of it either way (`method`); '
    + 'null where the card\'s bandwidth is not known (an unnamed card, `16 GB GPU with 32GB RAM`: the placement is a fit only, and `basis` says to name the card).'),
  prefill_tokens_per_s: z.null().describe('Not estimated: prompt processing with experts in RAM is slower than on the card alone (see `basis`).'),
  basis: z.string(),
});

export const ExpertsInSystemRam = z.object({
  system_ram: z.object({
    gb: z.number(), usable_gb: Gb,
    bandwidth_gbs: z.number().nullable().describe('The RAM bandwidth the placements were read at, GB/s: the stated system_ram_bandwidth_gbs, '
      + 'else the dual-channel desktop default; null where none was applied (a server beside RAM with no bandwidth stated: see not_applied).'),
    read_from: z.enum(['system_ram_gb', 'hardware_id']),
    basis: z.string(),
  }),
  not_applied: z.string().nullable().describe('Why no model was assessed with its experts in RAM although RAM was given (more than one '
    + 'device, unified memory, a concurrency above 1, a server with no RAM bandwidth stated), or null where the models were assessed.'),
  count: z.number().int(),
  items: z.array(OffloadEntry).describe('Best first: arena rating (unrated last), then the smaller model, then id.'),
  method: z.string(),
}).describe('Only with system RAM stated, on one discrete GPU: mixture-of-experts models that do not fit the card alone but do with '
  + 'their routed experts in RAM, each with the level of both memories (`vram.fit` for the card, `ram.fit` for the RAM: comfortable '
  + '<= 85%, tight <= 100%) and `fit`, the worse of the two. Dense models never: every token reads all their weights.');

export type ExpertsInSystemRamOut = z.infer<typeof ExpertsInSystemRam>;

const PREFILL_WORDS =
  'prefill: not estimated; slower than on the card alone, as llama.cpp multiplies a prompt batch by the experts in RAM '
  + 'on the CPU or copies them over PCIe (a published gpt-oss-120b --cpu-moe run: 122-134 prompt tokens/s, '
  + 'https://gokawiil.com/article/74814)';

const METHOD =
  'llama.cpp keeps the expert tensors (ffn_*_exps) of the first N MoE layers in RAM (--n-cpu-moe N, or --cpu-moe for all) '
  + 'and every other tensor and the KV cache on the card (-ngl 99). N is the fewest layers that leave the card comfortable. '
  + 'The RAM holds those layers\' experts within the share of it a model may take, held to the card\'s rule (ram.fit: '
  + 'comfortable <= 85%, tight <= 100%); the quantization is the highest that leaves both the card and the RAM '
  + 'comfortable, else tight. '
  + 'Decode: per token, the active experts of the N layers read from RAM at '
  + `${RAM_READ_EFFICIENCY} x its bandwidth (${RAM_READ_SPREAD}), plus the rest of the `
  + 'active weights and the KV cache read from the card as a card-only decode does, plus the per-layer floor (and a hybrid model\'s recurrent-layer time, as on the card alone). Against '
  + 'the runs (docs/hardware-and-cost.md, "Experts in system RAM"): 1.14x and 1.32x on an RTX 2080 beside quad-channel DDR4 '
  + '(i9-10900X), 0.83x on an RX 7900 XT beside dual-channel DDR4-3200 (Ryzen 9 5900X), 1.16x on an RX 6900 XT beside '
  + 'dual-channel DDR5-5600 (Ryzen 9 7900), 0.76x-0.87x three runs on an RTX 5080 beside dual-channel DDR5-4800 (Ryzen 9 '
  + '9950X); a share fitted without a host read that host within 0.71x-1.41x. '
  + 'Only models whose expert geometry (experts, experts per token, expert width) the dataset has are assessed; only at concurrency 1.';

/**
 * A server's RAM is not a desktop's: its board has eight or twelve DDR5 channels, so the dual-channel default would read
 * its experts 3-5x too slow. Without a stated bandwidth a server's placement is not assessed, and the answer says why.
 * The two figures are the desktop default's arithmetic (channels x MT/s x 8 bytes) on the two sockets' stated memory:
 * 12 x 4,800 x 8 = 460.8 GB/s for AMD's 4th-gen EPYC ("Twelve 64-bit DDR5 memory channels would theoretically increase
 * the memory bandwidth available to Genoa processors to a whopping 460.8 GB/s per socket", Tom's Hardware, 2021-12-09,
 * https://www.tomshardware.com/news/amd-confirms-12-ddr5-memory-channels-on-genoa), and 8 x 4,800 x 8 = 307.2 GB/s for
 * Intel's 4th-gen Xeon Scalable ("can support eight DIMMs per CPU and up to 4800 MT/ memory speeds", Dell, 2023-04-17,
 * https://infohub.delltechnologies.com/en-us/p/memory-bandwidth-for-next-gen-poweredge-servers-significantly-improved-with-sapphire-rapids-architecture/).
 * They are named to say why the default is not applied, never used as a server's bandwidth.
 */
const serverUnstated = (hardware: Hardware, bandwidth: number | undefined) => hardware.class === 'server' && bandwidth === undefined;
const SERVER_RAM_WORDS = 'a server\'s RAM bandwidth depends on its memory channels (eight or twelve DDR5-4800 channels read 307.2 or '
  + '460.8 GB/s), not the dual-channel desktop default: give system_ram_bandwidth_gbs to assess the models with their experts in RAM';

/**
 * The RAM's facts and their words. `unapplied`: why the desktop default is not applied where no bandwidth is stated (a
 * server, whose channels it does not describe; a card with no bandwidth, whose decode is not estimated at all).
 */
function ramOf(
  ds: Dataset, gb: number, bandwidth: number | undefined, unapplied?: 'server' | 'card', ddr: 'ddr4' | 'ddr5' | null = null,
): { ram: SystemRam; applied: boolean; basis: string } | undefined {
  const d = ds.hardwareById.get(ddr === 'ddr4' ? DDR4_RAM_CONFIG : DEFAULT_RAM_CONFIG);
  if (!d || !d.bandwidth_gbs) return undefined;
  const fraction = d.usable_fraction.value;
  const bw = bandwidth ?? d.bandwidth_gbs.value;
  const bwWords = bandwidth !== undefined
    ? `bandwidth ${bandwidth} GB/s as stated`
    : unapplied === 'server' ? `bandwidth not stated: ${d.bandwidth_gbs.value} GB/s is the desktop default (${d.accelerator}), not a server's, so not applied`
      : unapplied === 'card' ? 'bandwidth not stated, and none applied: the card\'s own bandwidth is not known, so no decode is estimated'
      : `bandwidth ${d.bandwidth_gbs.value} GB/s, ${d.accelerator} (${d.bandwidth_gbs.note ?? d.bandwidth_gbs.source}, ${d.bandwidth_gbs.as_of}), `
        + `as ${ddr === 'ddr4' ? 'the text says DDR4 and states no bandwidth' : 'none was stated'}`;
  return {
    ram: { gb, usable_fraction: fraction, bandwidth_gbs: bw },
    applied: bandwidth !== undefined || unapplied === undefined,
    basis: `usable = ${gb} GiB x ${fraction} (the share of a desktop's RAM a model takes beside the OS and its programs, `
      + `${d.id}.usable_fraction, ${d.usable_fraction.source}, ${d.usable_fraction.as_of}); ${bwWords}`,
  };
}

/**
 * Why RAM given is not assessed on this configuration (more than one device, unified memory, a concurrency above 1, a
 * server with no bandwidth stated), or null where it is: said, not dropped without a word.
 */
export function ramNotApplied(hardware: Hardware, concurrency: number, bandwidth: number | undefined): string | null {
  return hardware.unified_memory
    ? `${hardware.name} has unified memory: its RAM is the memory the models are fitted in already`
    : hardware.count !== 1
      ? `${hardware.name} has ${hardware.count} devices: only one discrete GPU beside the RAM is assessed (llama.cpp's split of a model over several cards and RAM is not)`
      : concurrency !== 1
        ? `concurrency ${concurrency}: only one sequence (concurrency 1) is assessed with experts in RAM`
        : serverUnstated(hardware, bandwidth) ? SERVER_RAM_WORDS : null;
}

/**
 * The RAM's facts for a card, as the section reads them: the usable share, the bandwidth applied (undefined where none
 * is: a server with none stated, or a card with no bandwidth of its own) and the words that say so.
 */
export function systemRamFor(
  ds: Dataset, hardware: Hardware, gb: number, bandwidth: number | undefined, ddr: 'ddr4' | 'ddr5' | null,
): { ram: SystemRam; applied: boolean; basis: string } | undefined {
  const unapplied = serverUnstated(hardware, bandwidth) ? 'server' as const : hardware.bandwidth_gbs ? undefined : 'card' as const;
  return ramOf(ds, gb, bandwidth, unapplied, ddr);
}

/**
 * The section, or undefined where no RAM is stated; where RAM is stated but the placement is not assessed (not one discrete
 * GPU with a bandwidth, more than one sequence), the section says why in `not_applied`, with no items. `fitting` holds
 * the models `items` already lists (they fit the card alone); `rated` orders the rest.
 */
export function expertsInSystemRam(
  ds: Dataset, models: readonly Model[], fitting: ReadonlySet<string>, hardware: Hardware, opts: FitOptions,
  ramGb: number | undefined, bandwidth: number | undefined, readFrom: 'system_ram_gb' | 'hardware_id', ddr: 'ddr4' | 'ddr5' | null = null,
): ExpertsInSystemRamOut | undefined {
  if (ramGb === undefined) return undefined;
  const r = systemRamFor(ds, hardware, ramGb, bandwidth, ddr);
  if (!r) return undefined;
  const system_ram = {
    gb: ramGb, usable_gb: toGb(r.ram.gb * GIB * r.ram.usable_fraction),
    // A figure not applied is not shown as if it were (a server with no bandwidth stated: not_applied says why; a card
    // with none: no decode is estimated, and each entry's basis says so): null.
    bandwidth_gbs: r.applied ? r.ram.bandwidth_gbs : null, read_from: readFrom, basis: r.basis,
  };
  const notApplied = ramNotApplied(hardware, opts.concurrency, bandwidth);
  if (notApplied !== null) return { system_ram, not_applied: notApplied, count: 0, items: [], method: METHOD };
  const items: ExpertsInSystemRamOut['items'] = [];
  for (const m of models) {
    if (fitting.has(m.id)) continue;
    const p = placeExperts(m, hardware, r.ram, opts);
    if (p) items.push(entry(ds, m, p.quantization.id, p.quantization.name, p.offload, hardware));
  }
  return {
    system_ram,
    not_applied: null,
    count: items.length,
    items,
    method: METHOD,
  };
}

/**
 * What a placement on a card with no bandwidth in the dataset says of its speed: an unnamed card (`16 GB GPU`) is
 * fitted as the card-only list fits it, by its memory, and its decode is not estimated; naming the card gives both.
 */
const noSpeedWords = (hardware: Hardware) =>
  `decode not estimated: ${hardware.name} has no memory bandwidth in the dataset (the placement is its memory alone); `
  + 'name the card in hardware_id (as list_hardware does) to have the decode estimated; ';

/**
 * `the card 13.1 of 16.32 GB (80%, comfortable), the RAM 26.7 of 27.49 GB (97%, tight)`: both memories' levels in the
 * entry's line, so a placement that fills the RAM is not read from `fit` (the card's) alone.
 */
function levelWords(o: ExpertOffload): string {
  const said = (used: number, usable: number, level: string) =>
    `${toGb(used)} of ${toGb(usable)} GB (${Math.round((used / usable) * 100)}%, ${level})`;
  return `the card ${said(o.vram.total, o.vram.usable, o.vram_fit)}, the RAM ${said(o.ram.experts, o.ram.usable, o.ram_fit)}`;
}

function entry(
  ds: Dataset, m: Model, quantization: ExpertsInSystemRamOut['items'][number]['quantization'], name: string, o: ExpertOffload, hardware: Hardware,
) {
  return {
    model: toModelRef(ds, m),
    placement: 'experts_in_system_ram' as const,
    quantization,
    llama_cpp_flags: `-ngl 99 ${o.flag}`,
    cpu_moe_layers: o.cpu_moe_layers,
    moe_layers: o.moe_layers,
    fit: placementLevel(o),
    vram: {
      non_expert_weights_gb: toGb(o.vram.non_expert_weights), experts_gb: toGb(o.vram.experts), kv_cache_gb: toGb(o.vram.kv_cache),
      overhead_gb: toGb(o.vram.overhead), total_gb: toGb(o.vram.total), usable_gb: toGb(o.vram.usable), fit: o.vram_fit,
    },
    ram: { experts_gb: toGb(o.ram.experts), usable_gb: toGb(o.ram.usable), fit: o.ram_fit },
    decode_tokens_per_s: o.tokens_per_s === null ? null : Math.round(o.tokens_per_s * 10) / 10,
    prefill_tokens_per_s: null,
    basis: `${name}: ${toGb(o.read_per_token.ram)} GB of active experts a token reads from RAM, ${toGb(o.read_per_token.vram)} GB of `
      + `other active weights and ${toGb(o.read_per_token.kv_cache)} GB of KV cache from the card; ${levelWords(o)}; `
      + `${o.tokens_per_s === null ? noSpeedWords(hardware) : ''}${PREFILL_WORDS}`,
  };
}
