// recommend_model's experts-in-RAM placements, kept per machine: what rests on the model, the card, the context and the
// RAM's bandwidth is worked out once; an ask reads only its RAM's size against it.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware, Model } from '../schema/index.ts';
import { splitsExperts } from './expert-offload.ts';
import { placementBasis, type CardFigures, type PlacementBasis } from './expert-placement.ts';
import { modelFacts } from './memory.ts';
import { perDataset } from './per-dataset.ts';
import { MAX_KEPT_CONTEXTS } from './recommend-hosting-kept.ts';
import { OWNED_FIGURE } from './recommend-hosting-named.ts';
import { selfHostingOptions } from './self-hosting.ts';

/** A model's basis as kept: the formats' list and, for each, only the three figures the choice reads (no vram object). */
export type KeptBasis = PlacementBasis<CardFigures>;

/** Per configuration object, per context and RAM bandwidth: a slot a model (undefined: not yet read; null: no basis). */
type Slots = Array<KeptBasis | null | undefined>;
type ByMachine = { kept: number; byContext: Map<number, Map<number, Slots>> };

/**
 * How many configuration, context and bandwidth triples are kept a dataset, whatever the configurations: a built
 * configuration (`24 GB GPU`) is kept as long as its machine text's reading (up to 2,048 of them, machine-cache.ts), and
 * the triples of every catalogue desktop, workstation and laptop card (67) at one context held 2.2 MB at 8,192 tokens
 * and 1.7 MB at 32,768 (measured, every open model read: some 30 KB a triple), so at most about 8 MB.
 */
const MAX_KEPT_PLACEMENTS = 256;

/** Per dataset: the triples kept, and per configuration object its own. */
const machines = perDataset(() => ({ triples: 0, byHardware: new WeakMap<Hardware, ByMachine>() }));
const modelIndex = perDataset((ds) => new Map(ds.models.map((m, i) => [m, i])));

/**
 * The placement's basis of a model on the caller's card beside RAM of `ramBandwidthGbs` at `context`, at the figure a
 * named machine is read at (OWNED_FIGURE). Every ask at a card beside RAM tried the placement of every open model that
 * does not fit the card alone (a card side a format: its experts' bytes, the layers moved, the decode) and built it
 * again the next time (the thirty-fourth round, docs/performance.md: 98 of 245 KB a handler). Kept per dataset,
 * configuration object (weakly: a configuration built from a machine text goes with its reading), context and
 * bandwidth, up to MAX_KEPT_CONTEXTS pairs a configuration (past them it is worked out again on each ask, as the kept
 * verdicts are: recommend-hosting-named.ts); a model's slot is filled when an ask first reads it. Three numbers a
 * format are kept (CardFigures), so a placement shown is written out again from the model's facts (`cardSide`).
 */
export function keptPlacementBasis(ds: Dataset, m: Model, hardware: Hardware, ramBandwidthGbs: number, context: number): KeptBasis | undefined {
  const i = modelIndex(ds).get(m);
  if (i !== undefined && !splits(ds, m, i)) return undefined;
  const slots = i === undefined ? undefined : slotsOf(ds, hardware, ramBandwidthGbs, context);
  if (!slots) return basisOf(m, hardware, ramBandwidthGbs, context) ?? undefined;
  let b = slots[i!];
  if (b === undefined) slots[i!] = b = basisOf(m, hardware, ramBandwidthGbs, context);
  return b ?? undefined;
}

/**
 * Whether the model's experts can be placed in RAM at all (expert-offload.ts `splitsExperts`), kept a byte a model per
 * dataset: most open models are dense, and a first ask at a card tried each of them at every format (0: not yet read).
 */
const splitting = perDataset((ds) => new Uint8Array(ds.models.length));
const SPLITS = 1;
const DOES_NOT_SPLIT = 2;
function splits(ds: Dataset, m: Model, i: number): boolean {
  const kept = splitting(ds);
  if (kept[i] === 0) {
    const facts = modelFacts(m);
    kept[i] = !('missing' in facts) && splitsExperts(facts) ? SPLITS : DOES_NOT_SPLIT;
  }
  return kept[i] === SPLITS;
}

/** The slots of a configuration at a context and bandwidth, made on first ask; undefined past the bound. */
function slotsOf(ds: Dataset, hardware: Hardware, ramBandwidthGbs: number, context: number): Slots | undefined {
  const all = machines(ds);
  let mine = all.byHardware.get(hardware);
  const kept = mine?.byContext.get(context)?.get(ramBandwidthGbs);
  if (kept) return kept;
  if ((mine && mine.kept >= MAX_KEPT_CONTEXTS) || all.triples >= MAX_KEPT_PLACEMENTS) return undefined;
  if (!mine) all.byHardware.set(hardware, (mine = { kept: 0, byContext: new Map() }));
  let byBandwidth = mine.byContext.get(context);
  if (!byBandwidth) mine.byContext.set(context, (byBandwidth = new Map()));
  const slots: Slots = new Array<KeptBasis | null | undefined>(ds.models.length);
  byBandwidth.set(ramBandwidthGbs, slots);
  mine.kept++;
  all.triples++;
  return slots;
}

/** The basis with the card sides cut to what the choice reads; null where no format has a card side. */
function basisOf(m: Model, hardware: Hardware, ramBandwidthGbs: number, context: number): KeptBasis | null {
  const b = placementBasis(m, hardware, ramBandwidthGbs, selfHostingOptions(context, OWNED_FIGURE));
  if (!b || b.sides.every((c) => c === undefined)) return null;
  return {
    list: b.list,
    sides: b.sides.map((c) => (c === undefined ? undefined : { ram_experts: c.ram_experts, vram_fit: c.vram_fit, tokens_per_s: c.tokens_per_s })),
  };
}
