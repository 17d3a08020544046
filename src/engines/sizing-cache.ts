// Where estimate_cost's sizings are kept: a model's sizings at the default settings for the dataset's life, others briefly.
import type { Hardware, Model } from '../schema/index.ts';
import { DEFAULT_INPUT_SHARE } from './constants.ts';

/**
 * The settings a sizing depends on (not the volume, utilization, amortization or power: those are arithmetic on it):
 * the settings worked out (context, concurrency) and the options asked (input share, floor, quantization, KV type).
 */
export type SizingSettings = { context: number; max_sequences: number };
export type SizingOptions = { input_share: number; min_bits_per_weight?: number; quantization?: string; kv_cache?: string };

/** Sizings of one (model, settings) ask, one per configuration; configurations held weakly (a caller's own is new per ask). */
export type SizingsByHardware<S> = WeakMap<Hardware, S | 'does_not_fit'>;

/**
 * Sizings kept per model and settings. Two kinds:
 * - at the default settings (the model's default context, default concurrency and input share, no quantization asked),
 *   kept per Model object for the dataset's life: most asks use the defaults, and a model's configurations are bounded
 *   by the catalogue (about 84 configurations, about 250 open models sized). A Model belongs to one frozen dataset,
 *   so a reload's models get their own and the old ones go with the old dataset.
 * - any other settings: the last `recent` asks only. What is kept across requests outlives a young-generation
 *   collection and is copied into the old one; with 8 kept, a stream of new asks promoted about 2.5 MB per collection
 *   and each collection took 6 to 15 ms.
 * The key of an ask is worked out once per settings object (an answer sizes every configuration with the same one).
 */
export class SizingCache<S> {
  private readonly defaults = new WeakMap<Model, { key: string; byHardware: SizingsByHardware<S> }>();
  private readonly recentAsks = new Map<string, { model: Model; byHardware: SizingsByHardware<S> }>();
  /** The last ask's settings objects and its map: an answer asks once per configuration with the same objects. */
  private last: { model: Model; settings: SizingSettings; options: SizingOptions; byHardware: SizingsByHardware<S> } | undefined;

  constructor(
    private readonly recent: number,
    /** The model's default context (its window may cap it), as costSettings works it out with no context given. */
    private readonly defaultContext: (model: Model) => number,
    private readonly defaultMaxSequences: number,
  ) {}

  /**
   * The map of one ask. A later call with the same settings and options objects gets the same map without working the
   * key out again: they are read, never changed, while an answer is made.
   */
  forAsk(model: Model, settings: SizingSettings, options: SizingOptions): SizingsByHardware<S> {
    const l = this.last;
    if (l && l.model === model && l.settings === settings && l.options === options) return l.byHardware;
    const byHardware = this.lookUp(model, keyOf(model, settings, options));
    this.last = { model, settings, options, byHardware };
    return byHardware;
  }

  private lookUp(model: Model, key: string): SizingsByHardware<S> {
    let d = this.defaults.get(model);
    if (!d) {
      const settings = { context: this.defaultContext(model), max_sequences: this.defaultMaxSequences };
      const dk = keyOf(model, settings, { input_share: DEFAULT_INPUT_SHARE });
      this.defaults.set(model, (d = { key: dk, byHardware: new WeakMap() }));
    }
    if (key === d.key) return d.byHardware;
    let hit = this.recentAsks.get(key);
    if (hit?.model !== model) {
      hit = { model, byHardware: new WeakMap() };
      if (this.recentAsks.size >= this.recent) this.recentAsks.delete(this.recentAsks.keys().next().value!);
    } else this.recentAsks.delete(key);
    // Most recent last: the oldest goes first.
    this.recentAsks.set(key, hit);
    return hit.byHardware;
  }
}

/**
 * Everything a sizing depends on besides the model and the configuration, as one string. No KV type is F16 (every
 * engine reads `kv_cache ?? 'f16'`; estimate_cost's input defaults to 'f16'), so both ask for the same sizing.
 */
function keyOf(model: Model, s: SizingSettings, o: SizingOptions): string {
  const kv = o.kv_cache ?? 'f16';
  return [model.id, s.context, s.max_sequences, o.input_share, o.min_bits_per_weight ?? '', o.quantization ?? '', kv].join('\u0000');
}
