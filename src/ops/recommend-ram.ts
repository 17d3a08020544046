// recommend_model's system_ram_gb: the RAM beside the caller's card, read as models_for_hardware reads it (the parameter
// or the machine text), so that a pick may run with its experts there.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { toGb } from '../engines/memory.ts';
import type { RamAsk, RamPlacement } from '../engines/recommend-hosting-ram.ts';
import type { Interpretation } from '../engines/interpret.ts';
import { ServiceError } from '../errors/index.ts';
import { ramKindFromText, ramNotApplied, systemRamFor, systemRamFromText, systemRamParams } from './models-for-hardware-offload.ts';

export const recommendRamParams = {
  system_ram_gb: systemRamParams.system_ram_gb.describe('System RAM beside the discrete GPU named in `machine`, GB (as sold: 64 means 64 GiB), '
    + 'as models_for_hardware reads it; stated, or said in the machine text ("RTX 4090 with 64GB RAM"). A mixture-of-experts model that does not '
    + 'fit the card alone may then be a pick with its routed experts in RAM (llama.cpp --n-cpu-moe), placed and its decode estimated as '
    + 'models_for_hardware\'s experts_in_system_ram does (`self_hosting.experts_in_system_ram`). Needs a machine; on several cards, unified '
    + 'memory or a server with no RAM bandwidth stated it applies nothing, and a note says why.'),
  system_ram_bandwidth_gbs: systemRamParams.system_ram_bandwidth_gbs,
};

type RamInput = { machine?: string; system_ram_gb?: number; system_ram_bandwidth_gbs?: number };

/**
 * The RAM the ask states beside its machine, as the engine reads it, and what the answer says of it: `ask` where a
 * pick may run with its experts there; `note` where RAM was given and applies nothing (why), or where the machine text's
 * RAM is read; `interpretation` to add to the machine's reading (the text's RAM read as system_ram_gb).
 */
export function ramAskOf(ds: Dataset, s: Interpretation, input: RamInput): { ask?: RamAsk; note?: string; interpretation?: string } {
  const hw = s.machine?.hardware ?? null;
  const textRam = input.machine === undefined ? undefined : systemRamFromText(input.machine);
  if (input.system_ram_bandwidth_gbs !== undefined && input.system_ram_gb === undefined && textRam === undefined) {
    throw new ServiceError('invalid_parameter', 'system_ram_bandwidth_gbs is the bandwidth of the RAM system_ram_gb states: give system_ram_gb too.', {
      errors: [{ parameter: 'system_ram_bandwidth_gbs', message: 'given without system_ram_gb', allowed: 'with system_ram_gb (or RAM said in machine)' }],
    });
  }
  const said = input.system_ram_gb === undefined && input.machine !== undefined && hw !== null && !hw.unified_memory
    ? systemRamFromText(input.machine) : undefined;
  const gb = input.system_ram_gb ?? said;
  if (gb === undefined) return {};
  const by = input.system_ram_gb !== undefined ? `system_ram_gb=${gb}` : `machine=${input.machine}`;
  if (hw === null) {
    const named = s.machine ? `machine=${s.machine.value} names no one configuration` : 'none is named';
    return { note: `${by}: system RAM is read beside a machine named in \`machine\` (a discrete GPU); ${named}, so it applies nothing.` };
  }
  const why = ramNotApplied(hw, 1, input.system_ram_bandwidth_gbs);
  const r = why === null ? systemRamFor(ds, hw, gb, input.system_ram_bandwidth_gbs, ramKindFromText(input.machine ?? '')) : undefined;
  const interpretation = said === undefined ? undefined
    : `the ${gb} GB of RAM is read as system_ram_gb: ${r ? 'a mixture-of-experts model that does not fit the card alone may run with its experts there' : 'but no model is placed with its experts there (the notes say why)'}`;
  if (!r) return { note: `${by}: no model is placed with its experts in RAM: ${why ?? 'the RAM\'s facts are not in the dataset'}.`, interpretation };
  return { ask: { ram: r.ram, by, basis: r.basis, bandwidth_applied: r.applied }, interpretation };
}

/** The experts-in-RAM placement of a pick, as the answer writes it; absent where the pick runs on the card alone. */
export const ExpertsInRamView = z.object({
  llama_cpp_flags: z.string().describe('How llama.cpp is told: every layer on the GPU, the experts of the first N MoE layers in RAM.'),
  cpu_moe_layers: z.number().int().describe('MoE layers whose routed experts are in RAM: the fewest that leave the card comfortable (85%), else tight.'),
  moe_layers: z.number().int(),
  vram_fit: z.enum(['comfortable', 'tight']).describe('The card\'s level (`memory_gb` of `usable_gb`).'),
  ram: z.object({
    gb: z.number().describe('The RAM stated, GB.'),
    usable_gb: z.number().describe('The share of it a model may take, GB.'),
    experts_gb: z.number().describe('The routed experts placed there, GB.'),
    fit: z.enum(['comfortable', 'tight']).describe('The RAM\'s level by the card\'s rule: comfortable <= 85% of usable, tight <= 100%.'),
    bandwidth_gbs: z.number().nullable().describe('The RAM bandwidth the decode was read at; null where none was applied.'),
    read_from: z.string().describe('`system_ram_gb=64`, or the machine text that said it.'),
  }),
  prefill_tokens_per_s: z.null().describe('Not estimated: prompt processing with experts in RAM is slower than on the card alone.'),
}).describe('Only for a pick on the machine named that does not fit the card alone and runs with its routed experts in the system RAM stated '
  + '(system_ram_gb), placed as models_for_hardware\'s experts_in_system_ram places it; `fit` is then the worse of the card\'s and the RAM\'s levels, '
  + '`memory_gb` and `usable_gb` the card\'s, `tokens_per_s` the decode with the experts read from RAM.');

export function expertsInRamView(self: { experts_in_ram?: RamPlacement }) {
  const p = self.experts_in_ram;
  if (!p) return undefined;
  const o = p.offload;
  return {
    llama_cpp_flags: p.flags, cpu_moe_layers: o.cpu_moe_layers, moe_layers: o.moe_layers, vram_fit: o.vram_fit,
    ram: {
      gb: p.ask.ram.gb, usable_gb: toGb(o.ram.usable), experts_gb: toGb(o.ram.experts), fit: o.ram_fit,
      bandwidth_gbs: p.ask.bandwidth_applied ? p.ask.ram.bandwidth_gbs : null, read_from: p.ask.by,
    },
    prefill_tokens_per_s: null,
  };
}
