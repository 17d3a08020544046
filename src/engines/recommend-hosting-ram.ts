// recommend_model on the caller's card beside system RAM: a mixture-of-experts model that does not fit the card alone
// may run with its routed experts in RAM (llama.cpp --n-cpu-moe), placed as models_for_hardware places it.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware, Model } from '../schema/index.ts';
import type { Quantization } from './constants.ts';
import { besideRam, cardSide, RAM_READ_EFFICIENCY, RAM_READ_SPREAD, type ExpertOffload, type SystemRam } from './expert-offload.ts';
import { chooseBesideRam, placementLevel, type RamChoice } from './expert-placement.ts';
import { keptPlacementBasis, type KeptBasis } from './expert-placement-kept.ts';
import { fitModel, type FitAssessed } from './hardware-fit.ts';
import { modelFacts, toGb, type ModelFacts } from './memory.ts';
import { hostingOnNamedMachine, OWNED_FIGURE, type HostingPick } from './recommend-hosting.ts';
import type { SpeedFloor } from './recommend-speed.ts';
import { OwnMachinePick } from './recommend-own-pick.ts';
import { selfHostingOptions } from './self-hosting.ts';

/** The RAM the caller stated beside the named card, its facts as models_for_hardware reads them, and the words for it. */
export type RamAsk = {
  ram: SystemRam;
  /** `system_ram_gb=64`, or `machine=RTX 4090 with 64 GB RAM`: the parameter it was read from. */
  by: string;
  /** The usable share and bandwidth, cited (models-for-hardware-offload.ts `systemRamFor`). */
  basis: string;
  /** False where no bandwidth is applied (a card with none of its own): the placement is then a fit alone. */
  bandwidth_applied: boolean;
};

/** A pick's placement with its experts in RAM, as the answer states it (`self_hosting.experts_in_system_ram`). */
export type RamPlacement = {
  offload: ExpertOffload;
  flags: string;
  ask: RamAsk;
  /** The quantization the memory chose, passed over as under the use's decode floor; null where none was. */
  slower: { quantization: string; tokens_per_s: number } | null;
};

/**
 * On the named card beside the caller's RAM: the card alone where the model fits it (as models_for_hardware lists it
 * in `items`, not in `experts_in_system_ram`); else the model with its routed experts in RAM, where it places, at the
 * quantization models_for_hardware states (4 bits or more, as every recommend_model fit), held to the use's floor.
 * The placement's card side is kept per machine (expert-placement-kept.ts); the ask reads its RAM against it, and the
 * placement and fit are written out only for a pick that is read (RamPick).
 */
export function hostingBesideRam(
  ds: Dataset, m: Model, hardware: Hardware, context: number, floor: SpeedFloor | null, ask: RamAsk,
): HostingPick | undefined {
  const card = hostingOnNamedMachine(ds, m, hardware, context, floor);
  if (card) return card;
  const b = keptPlacementBasis(ds, m, hardware, ask.ram.bandwidth_gbs, context);
  const c = b && chooseBesideRam(b, ask.ram, floor?.tokens_per_s);
  return b && c ? new RamPick(m, hardware, context, floor, ask, b, c) : undefined;
}

const tenth = (x: number) => Math.round(x * 10) / 10;

/**
 * A model on the caller's card with its experts in RAM. An ask makes one for every open model that places (tens on a
 * small card; three are shown), so it holds the choice and the decode the ranking reads, and writes out the placement
 * (`cardSide` again, from the model's facts: the same sums as the kept figures) and the fit when first read.
 */
class RamPick extends OwnMachinePick implements HostingPick {
  readonly below_floor: boolean;
  readonly over_prompt_limit: boolean;
  private placed: RamPlacement | undefined = undefined;
  private f: FitAssessed | undefined = undefined;
  constructor(
    private readonly model: Model, readonly hardware: Hardware, private readonly context: number, floor: SpeedFloor | null,
    private readonly ask: RamAsk, private readonly basis: KeptBasis, private readonly choice: RamChoice,
  ) {
    super();
    const raw = basis.sides[choice.at]!.tokens_per_s;
    const t = raw === null ? null : tenth(raw);
    this.below_floor = floor !== null && t !== null && t < floor.tokens_per_s;
    // A prompt limit (use=documents) is not met by what is not estimated: prefill with experts in RAM is slower than
    // on the card alone (a published gpt-oss-120b --cpu-moe run read 122-134 prompt tokens/s), so the pick ranks after
    // every one that reads the prompt in time, as the card's own slow readers do.
    this.over_prompt_limit = floor !== null && floor.prefill_stated_s !== null && t !== null && t >= floor.tokens_per_s;
  }
  get slower_quantization(): null {
    return null;
  }
  private get quantization(): Quantization {
    return this.basis.list[this.choice.at];
  }
  get experts_in_ram(): RamPlacement {
    if (this.placed) return this.placed;
    const facts = modelFacts(this.model) as ModelFacts;
    const side = cardSide(facts, this.quantization, this.hardware, this.ask.ram.bandwidth_gbs, selfHostingOptions(this.context, OWNED_FIGURE))!;
    const o = besideRam(side, this.ask.ram)!;
    const s = this.choice.slower;
    return (this.placed = {
      offload: o, flags: `-ngl 99 ${o.flag}`, ask: this.ask,
      slower: s === undefined ? null : { quantization: this.basis.list[s].id, tokens_per_s: tenth(this.basis.sides[s]!.tokens_per_s!) },
    });
  }
  get fit(): FitAssessed {
    return (this.f ??= ramFit(this.model, this.hardware, this.context, this.quantization, this.experts_in_ram));
  }
}

/**
 * The fit as the answer's other fields read it: the card-only fit at the placement's quantization (its inputs, parameters,
 * architecture, the card, that format's bits, are the placement's too) with the card's memory (what stays there), the
 * placement's level (the worse of the card's and the RAM's), its decode; no prefill (not estimated with experts in RAM).
 * The card-only fit is assessable wherever the placement has a basis: both ask the same of the model and the card
 * (its facts, its window at the context, a kernel for its attention: placementBasis, hardware-fit.ts `assessFit`).
 */
function ramFit(m: Model, hardware: Hardware, context: number, q: Quantization, p: RamPlacement): FitAssessed {
  const base = fitModel(m, hardware, { ...selfHostingOptions(context, OWNED_FIGURE), quantization: q.id });
  if (!base.assessable) throw new Error(`${m.id} placed with its experts in RAM on ${hardware.id} but its fit is not assessable`);
  const o = p.offload;
  const a = p.ask;
  return {
    ...base,
    fit: placementLevel(o),
    reason: null,
    quantization: q.id,
    bits_per_weight: q.bits_per_weight,
    memory: {
      quantization: q.id, weights_gb: toGb(o.vram.non_expert_weights + o.vram.experts), kv_cache_gb: toGb(o.vram.kv_cache),
      overhead_gb: toGb(o.vram.overhead), total_gb: toGb(o.vram.total), usable_gb: toGb(o.vram.usable),
      headroom_gb: toGb(o.vram.usable - o.vram.total), used_fraction: Math.round((o.vram.total / o.vram.usable) * 1e4) / 1e4,
    },
    tokens_per_s: o.tokens_per_s === null ? null : tenth(o.tokens_per_s),
    speed: null,
    by_quantization: [],
    split: null,
    derived_from: [...base.derived_from, `experts in system RAM: ${o.cpu_moe_layers} of ${o.moe_layers} MoE layers' routed experts, `
      + `${toGb(o.ram.experts)} GB in ${a.ram.gb} GB of RAM (${a.by}); ${a.basis}`],
  };
}

const pct = (used: number, usable: number) => Math.round((used / usable) * 100);

/**
 * The reason's sentence for a pick with its experts in RAM: the placement, both memories' levels, the decode and what
 * it reads, and the cost (the machine is the caller's; estimate_cost assesses the card alone, so no month is stated).
 */
export function ramReason(h: Hardware, fit: FitAssessed, p: RamPlacement, context: number, inputs: string): string {
  const o = p.offload;
  const a = p.ask;
  const level = (used: number, usable: number, l: string) => `${toGb(used)} of ${toGb(usable)} GB (${pct(used, usable)}%, ${l})`;
  // The share is said with the bandwidth, so that the read time can be worked from the words (1.11 GB at 0.44 x 89.6).
  const bw = a.bandwidth_applied ? `${RAM_READ_EFFICIENCY} x ${a.ram.bandwidth_gbs} GB/s` : 'no bandwidth applied';
  const speed = fit.tokens_per_s === null
    ? `no decode estimated (${h.name} has no memory bandwidth in the dataset: name the card for one)`
    : `about ${fit.tokens_per_s} tokens/s decode (a token reads ${toGb(o.read_per_token.ram)} GB of active experts from RAM at `
      + `${bw}, ${toGb(o.read_per_token.vram)} GB of other weights and ${toGb(o.read_per_token.kv_cache)} GB of KV cache from the card; `
      + `${RAM_READ_SPREAD}, models_for_hardware's method)`;
  return `Runs on your machine, ${h.name} (${h.id}), with its experts in your ${a.ram.gb} GB of system RAM (${a.by}), as `
    + `models_for_hardware places it (experts_in_system_ram): it does not fit the card alone; at ${fit.quantization}, llama.cpp `
    + `${p.flags} keeps the routed experts of ${o.cpu_moe_layers} of its ${o.moe_layers} MoE layers in RAM and the rest on the card: `
    + `the card ${level(o.vram.total, o.vram.usable, o.vram_fit)}, the RAM ${level(o.ram.experts, o.ram.usable, o.ram_fit)}, `
    + `${fit.fit} overall; ${speed} at ${context.toLocaleString('en-US')} tokens of context${p.slower
      ? ` (${p.slower.quantization}, the highest the memory holds, would decode at about ${p.slower.tokens_per_s} tokens/s, under the usable-speed floor)` : ''}; prefill not estimated, slower than on the `
    + `card alone (a published gpt-oss-120b --cpu-moe run: 122-134 prompt tokens/s); an estimate derived from ${inputs} and the RAM's `
    + `facts (${a.basis}). Cost: the machine is yours, so the ranking counts no cost for it (price scores 1); its month is not `
    + `stated, as estimate_cost assesses the card alone.`;
}
