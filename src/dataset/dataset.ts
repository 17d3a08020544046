// The read-only Dataset: the compiled data frozen in memory, with the indexes engines read through.
import type {
  ChangeEvent, DatasetData, DatasetMeta, Developer, Hardware, Model, Offer, Provider, Rating, Source,
} from '../schema/index.ts';
import { hostingProviders, pastShutdownStatuses } from '../ingest/past-shutdowns.ts';
import { endedPromotionPrices } from './ended-promotions.ts';
import { normaliseId, suggest } from './suggest.ts';

export type Dataset = {
  readonly meta: DatasetMeta;
  /**
   * The day offers and models are judged served or shut down on: the later of `meta.data_as_of` and the day the
   * dataset was loaded (`judgedOn`). A shutdown its provider announced for a day since the data's date has happened
   * by now: Google's Gemini 2.5 Pro (shutdown 2026-10-16 in data of 2026-09-23) is no longer priced as served.
   */
  readonly lifecycleDate: string;
  /**
   * A digest of the files the dataset was read from (dataset/load.ts): the same files give the same digest on every
   * instance and after every restart. Undefined for a dataset built in memory (fixtures, benchmarks).
   */
  readonly contentDigest?: string;
  readonly sources: readonly Source[];
  readonly sourceById: ReadonlyMap<string, Source>;
  readonly models: readonly Model[];
  readonly modelById: ReadonlyMap<string, Model>;
  readonly developers: readonly Developer[];
  readonly developerById: ReadonlyMap<string, Developer>;
  readonly providers: readonly Provider[];
  readonly providerById: ReadonlyMap<string, Provider>;
  readonly offers: readonly Offer[];
  readonly offersByModel: ReadonlyMap<string, readonly Offer[]>;
  readonly ratings: readonly Rating[];
  readonly ratingsByModel: ReadonlyMap<string, readonly Rating[]>;
  readonly hardware: readonly Hardware[];
  readonly hardwareById: ReadonlyMap<string, Hardware>;
  /** Newest first. */
  readonly changes: readonly ChangeEvent[];
  /** Canonical id for a canonical id or any alias (case-insensitive), or undefined. */
  resolveModelId(idOrAlias: string): string | undefined;
  /** Up to `n` known model ids near `input`, best first. */
  suggestModelIds(input: string, n?: number): string[];
  suggestHardwareIds(input: string, n?: number): string[];
};

/**
 * Whether a shutdown date announced in the data, or a promotion's stated end, falls after the day `ds` was judged on
 * and on or before `day`: its answers then change, and the service loads the dataset again to judge it on `day`.
 */
export function lifecycleDue(ds: Dataset, day: string): boolean {
  if (day <= ds.lifecycleDate) return false;
  const passed = (x: { shutdown_date?: { value: string } }) => x.shutdown_date !== undefined
    && x.shutdown_date.value > ds.lifecycleDate && x.shutdown_date.value <= day;
  // A promotion still quoted (its end after the day judged) whose stated end has come by `day`.
  return ds.models.some(passed) || ds.offers.some(passed) || endedPromotionPrices(ds.offers, day).size > 0;
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    const list = m.get(k);
    if (list) list.push(it);
    else m.set(k, [it]);
  }
  return m;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o as object)) deepFreeze(v);
  }
  return o;
}

/**
 * The data as judged on `judgedOn`, a day after its date: models and offers whose announced shutdown has passed
 * since are copies with a retired status (the build's own rule, src/ingest/past-shutdowns.ts), offers whose promotion
 * has passed its stated end copies at the list price; the rest are kept.
 */
function judged(data: DatasetData, judgedOn: string): DatasetData {
  const found = pastShutdownStatuses(data.models, data.offers, judgedOn, data.meta.data_as_of, hostingProviders(data.providers));
  // A promotion whose stated end has passed since: its list price is quoted from then on (dataset/ended-promotions.ts).
  const listed = endedPromotionPrices(data.offers, judgedOn);
  if (!found.models.size && !found.offers.size && !listed.size) return data;
  const models = data.models.map((m) => {
    const status = found.models.get(m);
    return status ? { ...m, status } : m;
  });
  const offers = data.offers.map((o) => {
    const status = found.offers.get(o);
    const prices = listed.get(o);
    return status || prices ? { ...o, ...(status ? { status } : {}), ...(prices ? { prices } : {}) } : o;
  });
  return { ...data, models, offers };
}

/** The data with each promotion past its stated end by `day` at its list price (judged, on the data's own date). */
function atListPrices(data: DatasetData, day: string): DatasetData {
  const listed = endedPromotionPrices(data.offers, day);
  return listed.size ? { ...data, offers: data.offers.map((o) => { const prices = listed.get(o); return prices ? { ...o, prices } : o; }) } : data;
}

/**
 * Build the indexes over already-validated data. Freezes everything: nothing a caller sends can change data.
 * `judgedOn` (the server passes the day it loads the data) moves lifecycle judgments past the data's date.
 */
export function buildDataset(validated: DatasetData, opts: { judgedOn?: string; contentDigest?: string } = {}): Dataset {
  const asOf = validated.meta.data_as_of;
  const lifecycleDate = opts.judgedOn !== undefined && opts.judgedOn > asOf ? opts.judgedOn : asOf;
  const data = lifecycleDate === asOf ? atListPrices(validated, asOf) : judged(validated, lifecycleDate);
  deepFreeze(data);
  const modelById = new Map(data.models.map((m) => [m.id, m]));
  const aliasToId = new Map<string, string>();
  for (const m of data.models) {
    aliasToId.set(m.id, m.id);
    for (const a of [...m.aliases, ...m.variants]) {
      const k = a.toLowerCase();
      if (!aliasToId.has(k)) aliasToId.set(k, m.id);
    }
  }
  // A second, looser key so `anthropic/claude-opus-4.8` finds `claude-opus-4-8`.
  const normToId = new Map<string, string>();
  for (const [alias, id] of aliasToId) {
    const n = normaliseId(alias);
    if (!normToId.has(n)) normToId.set(n, id);
  }
  const modelIds = data.models.map((m) => m.id);
  const hardwareIds = data.hardware.map((h) => h.id);
  const changes = [...data.changes].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.id.localeCompare(b.id)));

  return {
    meta: data.meta,
    lifecycleDate,
    contentDigest: opts.contentDigest,
    sources: data.sources,
    sourceById: new Map(data.sources.map((s) => [s.id, s])),
    models: data.models,
    modelById,
    developers: data.developers,
    developerById: new Map(data.developers.map((d) => [d.id, d])),
    providers: data.providers,
    providerById: new Map(data.providers.map((p) => [p.id, p])),
    offers: data.offers,
    offersByModel: groupBy(data.offers, (o) => o.model_id),
    ratings: data.ratings,
    ratingsByModel: groupBy(data.ratings, (r) => r.model_id),
    hardware: data.hardware,
    hardwareById: new Map(data.hardware.map((h) => [h.id, h])),
    changes: Object.freeze(changes),
    resolveModelId(idOrAlias) {
      const k = idOrAlias.trim().toLowerCase();
      return aliasToId.get(k) ?? normToId.get(normaliseId(k));
    },
    suggestModelIds: (input, n = 5) => suggest(input, modelIds, n),
    suggestHardwareIds: (input, n = 5) => suggest(input, hardwareIds, n),
  };
}
