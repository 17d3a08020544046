// recommend_model on the machine the caller named: whether each model fits it and reaches the usable-speed floor there.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware, Model } from '../schema/index.ts';
import { DEFAULT_CONTEXT, QUANTIZATIONS, type QuantizationId } from './constants.ts';
import type { FitAssessed } from './hardware-fit.ts';
import { perDataset } from './per-dataset.ts';
import type { HostingPick } from './recommend-hosting.ts';
import { MAX_KEPT_CONTEXTS } from './recommend-hosting-kept.ts';
import { engineChoice, fitAt, formatOnFit, readsPromptWithin, usableFormat, type SlowerFormat, type UsableFormat } from './recommend-quant.ts';
import { floorKey, SPEED_FLOOR, speedFloorOf, type SpeedFloor } from './recommend-speed.ts';
import type { Use } from './use-categories.ts';
import { SelfFit, selfFit, selfHostingOptions } from './self-hosting.ts';
import { fitsByLeastNeed, leastNeeds } from './fit-least-need.ts';
import { hasBandwidth } from './memory.ts';
import { OwnMachinePick } from './recommend-own-pick.ts';

/**
 * The figure a machine the caller owns is described at: models_for_hardware's batch-1 speed, in the runtime it picks
 * for the machine's class (runtime.ts: llama.cpp's GGUF types on a desktop, PCIe cards split by layer, an Apple machine
 * or a CPU; vLLM formats only where the speed is tensor parallel), so both answers state one quantization and speed.
 */
export const OWNED_FIGURE = 'batch' as const;

/**
 * On the machine the caller named: fits at 4 bits or more, or undefined. Its cost is the caller's, already paid. It
 * runs at batch 1 on it, in the formats models_for_hardware uses for that machine (OWNED_FIGURE), not a server's. With
 * a floor, the fit's speed is decided from its sums (usableFormat): the fit is written out only if the pick is shown.
 */
export function hostingOnMachine(m: Model, hardware: Hardware, context: number, floor: SpeedFloor | null = null): HostingPick | undefined {
  if (floor === null) return selfFit(m, hardware, context, OWNED_FIGURE) ? new MachinePick(m, hardware, context, false, false) : undefined;
  const v = usableFormat(m, hardware, context, floor.tokens_per_s, OWNED_FIGURE, floor.prefill_s);
  return v === undefined ? undefined : pickOf(m, hardware, context, v, v !== 'slow' && overLimit(m, hardware, context, floor));
}

/**
 * Over the prompt limit the floor states on the caller's machine (`prefill_stated_s`, held back on no limit there):
 * the pick is kept and ranks after those that meet it (recommend.ts). Only a pick that reaches the decode floor is asked.
 */
function overLimit(m: Model, hardware: Hardware, context: number, floor: SpeedFloor): boolean {
  return floor.prefill_s === null && floor.prefill_stated_s !== null
    && !readsPromptWithin(m, hardware, context, floor.prefill_stated_s, OWNED_FIGURE);
}

function pickOf(m: Model, hardware: Hardware, context: number, v: UsableFormat, over: boolean): MachinePick {
  return v === 'fast' ? new MachinePick(m, hardware, context, false, over) : v === 'slow'
    ? new MachinePick(m, hardware, context, true, false) : new MachinePick(m, hardware, context, false, over, v);
}

/**
 * Whether each model fits a named machine at a context, kept per dataset, configuration object and context: one byte a
 * model. A machine text names the same configuration object on every ask (machine-cache.ts keeps the readings), and a
 * built configuration is dropped with its reading, so this is bounded by the catalogue plus the readings kept (2,048
 * configurations of under 1 KB at each context). A fit is figures of the model and the configuration only.
 */
const machineFits = perDataset(verdictsOfCatalogue);
const modelIndex = perDataset((ds) => new Map(ds.models.map((m, i) => [m, i])));
const FITS = 1;
const DOES_NOT_FIT = 2;
/** Fits, under the speed floor asked (the floor is part of the key the byte is kept under). */
const FITS_SLOW = 3;
/** Fits, under the floor at the highest quantization that fits, but reaches it at a lower one: LOWERED + its place in QUANTIZATIONS. */
const LOWERED = 4;
/** Added to FITS or LOWERED + place: over the prompt limit the floor states on the caller's machine (overLimit). */
const OVER_LIMIT = 0x80;
/** Fits (its least need says so: fit-least-need.ts), the speed not decided yet: `verdict` decides it on first read. */
const FITS_UNDECIDED = 0x7f;
const quantizationAt = (i: number): QuantizationId => QUANTIZATIONS[i].id;
const placeOf = new Map(QUANTIZATIONS.map((q, i) => [q.id, i]));

/**
 * hostingOnMachine with whether the model fits (and, with a floor, whether it reaches it and at which quantization)
 * remembered; the figures are still written out only when read. Kept per context and floor (floorKey: the decode
 * speed, and a prompt limit where one is passed, which reads the context too): the floors are the uses', a few. The figure is not in the
 * key: a named machine is only ever read at OWNED_FIGURE, so the quantization kept in the byte is one of its formats
 * (a GGUF type on a desktop), the one the fit is written out at.
 */
export function hostingOnNamedMachine(
  ds: Dataset, m: Model, hardware: Hardware, context: number, floor: SpeedFloor | null = null,
): HostingPick | undefined {
  const i = modelIndex(ds).get(m);
  const byContext = machineFits(ds).get(hardware) ?? new Map<string, Uint8Array>();
  const key = keyOf(context, floor);
  let known = byContext.get(key);
  if (i === undefined || (!known && byContext.size >= MAX_KEPT_CONTEXTS)) return hostingOnMachine(m, hardware, context, floor);
  if (!known) {
    byContext.set(key, (known = new Uint8Array(ds.models.length)));
    machineFits(ds).set(hardware, byContext);
    verdictsByLeastNeed(ds, hardware, context, known);
  }
  if (known[i] === 0 || known[i] === FITS_UNDECIDED) known[i] = verdict(m, hardware, context, floor, known[i] === FITS_UNDECIDED);
  const over = (known[i] & OVER_LIMIT) !== 0;
  const k = known[i] & ~OVER_LIMIT;
  if (k === DOES_NOT_FIT) return undefined;
  return pickOf(m, hardware, context, k === FITS ? 'fast' : k === FITS_SLOW ? 'slow' : quantizationAt(k - LOWERED), over);
}

/**
 * Every model's byte that its least need decides, at once, on any configuration: whether it fits is a comparison a
 * model (fit-least-need.ts, the table kept per dataset, ladder and context), so a first ask at a machine is no fit a
 * model. One that does not fit is DOES_NOT_FIT whatever the floor. One that fits a machine named by its memory alone
 * ("354 GB GPU", no bandwidth) is FITS: no speed is estimated and no prompt limit read there (readsPromptWithin); on a
 * machine with a speed it is FITS_UNDECIDED, its speed under the floor decided when it is first read (`verdict`).
 * A sparse-attention model, where the accelerator decides, is left to `verdict`. The fit a model was 14% of a first
 * ask at a bare size (twenty-sixth round) and most of the fit step's new bytes at a catalogue machine asked at a new
 * context (twenty-seventh round, docs/performance.md).
 */
function verdictsByLeastNeed(ds: Dataset, hardware: Hardware, context: number, known: Uint8Array): void {
  const needs = leastNeeds(ds, hardware, selfHostingOptions(context, OWNED_FIGURE));
  const fitting = hasBandwidth(hardware) ? FITS_UNDECIDED : FITS;
  for (let i = 0; i < known.length; i++) {
    const fits = fitsByLeastNeed(needs, i, hardware);
    if (fits !== undefined) known[i] = fits ? fitting : DOES_NOT_FIT;
  }
}

/**
 * The key of a context and floor, made again only when they change: an ask reads one of each for every model it ranks
 * (some hundreds), and a string made a model was a tenth of a cold ask's allocation (docs/performance.md).
 */
let lastKey: { context: number; floor: SpeedFloor | null; key: string } = { context: NaN, floor: null, key: '' };
function keyOf(context: number, floor: SpeedFloor | null): string {
  if (context !== lastKey.context || floor !== lastKey.floor) lastKey = { context, floor, key: `${context}|${floorKey(floor)}` };
  return lastKey.key;
}

/**
 * The byte kept for a model on a machine at a context and floor (FITS, DOES_NOT_FIT, FITS_SLOW or LOWERED + place),
 * `fits` where its least need already says it fits (the fit is then not checked again), with OVER_LIMIT added to a
 * pick that reaches the decode floor but reads the prompt over the limit the floor states.
 */
function verdict(m: Model, hardware: Hardware, context: number, floor: SpeedFloor | null, fits = false): number {
  const v = floor === null
    ? (fits || selfFit(m, hardware, context, OWNED_FIGURE) ? 'fast' : undefined)
    : fits ? formatOnFit(m, hardware, selfHostingOptions(context, OWNED_FIGURE), floor.tokens_per_s, floor.prefill_s)
    : usableFormat(m, hardware, context, floor.tokens_per_s, OWNED_FIGURE, floor.prefill_s);
  const k = v === undefined ? DOES_NOT_FIT : v === 'fast' ? FITS : v === 'slow' ? FITS_SLOW : LOWERED + placeOf.get(v)!;
  return k !== DOES_NOT_FIT && k !== FITS_SLOW && floor !== null && overLimit(m, hardware, context, floor) ? k + OVER_LIMIT : k;
}

/**
 * The floors a named machine is asked at, worked out at warm-up (recommend-plan.ts: the use's floor on the caller's
 * machine): the reading speed, one figure today. A floor that states a prompt limit (use=documents) is left to its
 * first ask: it holds nothing back there, but ranks a pick over it after the others (recommend.ts), and documents is
 * asked at its own context (32,768 tokens), not the default this warms; the verdicts are kept per context all the same
 * (the decode speed reads the cache at that context).
 */
const FLOORS: SpeedFloor[] = [...new Map(Object.keys(SPEED_FLOOR).map((u) => speedFloorOf(u as Use, true))
  .filter((f) => f.prefill_stated_s === null).map((f) => [floorKey(f), f] as const)).values()];

/**
 * The kept verdicts, built with the first ask at a named machine (the server's warm-up asks one: recommend_model's
 * rtx-4090 example) already holding every catalogue configuration's verdict for every model at the default context and
 * the uses' floor (FLOORS): the first ask at each catalogue machine otherwise worked them all out
 * itself (about 12 ms against 1.9 the second time), and a cold stream meets most catalogue machines once. About 0.1-0.4 s of CPU once per dataset
 * (catalogue x models: a comparison a model from its least need, then the choice and the batch-1 speed for those that
 * fit: verdictsByLeastNeed, formatOnFit) and one byte a
 * model and configuration (164 x 882, 0.15 MB); docs/performance.md, nineteenth round.
 */
function verdictsOfCatalogue(ds: Dataset): WeakMap<Hardware, Map<string, Uint8Array>> {
  const kept = new WeakMap<Hardware, Map<string, Uint8Array>>();
  for (const h of ds.hardware) {
    const byContext = new Map<string, Uint8Array>();
    for (const floor of FLOORS) {
      const known = new Uint8Array(ds.models.length);
      verdictsByLeastNeed(ds, h, DEFAULT_CONTEXT, known);
      ds.models.forEach((m, i) => {
        if (known[i] === 0 || known[i] === FITS_UNDECIDED) {
          known[i] = verdict(m, h, DEFAULT_CONTEXT, floor, known[i] === FITS_UNDECIDED);
        }
      });
      byContext.set(`${DEFAULT_CONTEXT}|${floorKey(floor)}`, known);
    }
    kept.set(h, byContext);
  }
  return kept;
}

/**
 * The caller's own machine: ranked on whether the model fits; the fit's figures written out only if it is shown. An ask
 * makes one for every model that fits (some hundreds; three are shown), so it holds only what tells it apart: the
 * members the same for every such pick are read from the class, and the fit is made when first read.
 */
class MachinePick extends OwnMachinePick implements HostingPick {
  private f: SelfFit | undefined = undefined;
  private lowered: FitAssessed | undefined = undefined;
  private slower: SlowerFormat | undefined = undefined;
  /** `q`: the lower quantization that reaches the floor, when the fit engine's own choice does not. */
  constructor(
    private readonly model: Model, readonly hardware: Hardware, private readonly context: number, readonly below_floor: boolean,
    readonly over_prompt_limit: boolean, private readonly q?: QuantizationId,
  ) {
    super();
  }
  get fit(): FitAssessed {
    if (this.q === undefined) return (this.f ??= new SelfFit(this.model, this.hardware, this.context, OWNED_FIGURE)).fit;
    return (this.lowered ??= fitAt(this.model, this.hardware, this.context, this.q, OWNED_FIGURE));
  }
  /** The fit engine's own choice, passed over: its quantization and speed from the sums, not a second fit written out. */
  get slower_quantization(): SlowerFormat | null {
    if (this.q === undefined) return null;
    return (this.slower ??= engineChoice(this.model, this.hardware, this.context, OWNED_FIGURE));
  }
}
