// Change events between the previous dataset and a new build from newer snapshots, so the history keeps growing.
import type { ChangeEvent, ChangeKind, DatasetData, Model, Offer, Rating } from '../schema/index.ts';
import { stableId } from './ids.ts';

export type DatasetParts = Pick<DatasetData, 'models' | 'offers' | 'ratings' | 'sources' | 'changes'>;

/** Marks events derived here (the git-derived ones carry a commit): how a rebuild tells which earlier events to keep. */
export const SNAPSHOT_SUBJECT = 'snapshot comparison';

type Scalar = string | number | boolean | null;
type Emit = (e: {
  model_id: string; kind: ChangeKind; field: string; source: string; old: Scalar; new: Scalar;
  provider?: string; provider_model_id?: string; leaderboard?: string; variant?: string;
}) => void;

const PRICE_FIELDS = ['input', 'output', 'cache_read', 'cache_write'] as const;

/** One listing: a provider may list one model under several ids (dated snapshots, a thinking variant), each priced. */
const offerKey = (o: Offer) => `${o.model_id}|${o.provider}|${o.provider_model_id}|${o.sku}|${o.region}`;
const ratingKey = (r: Rating) => `${r.leaderboard}|${r.variant}`;

function index<T>(rows: readonly T[], key: (r: T) => string): Map<string, T> {
  return new Map(rows.map((r) => [key(r), r]));
}

const priceSource = (o: Offer) => (o.prices.input ?? o.prices.output)?.source;

function diffOffers(prev: readonly Offer[], next: readonly Offer[], emit: Emit): void {
  const before = index(prev, offerKey);
  for (const o of next) {
    const p = before.get(offerKey(o));
    // A price set now taken from another source (its date now wins) is the merge choosing, not a source changing.
    if (!p || priceSource(p) !== priceSource(o)) continue;
    for (const field of PRICE_FIELDS) {
      const a = p.prices[field];
      const b = o.prices[field];
      if (a?.value === b?.value) continue;
      const source = (b ?? a)?.source;
      if (source) emit({ model_id: o.model_id, kind: 'price', field, provider: o.provider, provider_model_id: o.provider_model_id, source, old: a?.value ?? null, new: b?.value ?? null });
    }
  }
  // Hosting is per model and provider (as in the catalogues' histories): a new SKU of a hosted model is no event.
  const hosts = (rows: readonly Offer[]) => new Map(rows.map((o) => [`${o.model_id}|${o.provider}`, o] as const));
  const was = hosts(prev);
  const is = hosts(next);
  for (const [k, o] of is) if (!was.has(k)) emit({ model_id: o.model_id, kind: 'hosting', field: 'offered', provider: o.provider, source: o.listed_by[0], old: false, new: true });
  for (const [k, o] of was) if (!is.has(k)) emit({ model_id: o.model_id, kind: 'hosting', field: 'offered', provider: o.provider, source: o.listed_by[0], old: true, new: false });
}

/** Model facts whose change is news: licence and openness, and the lifecycle a deprecation notice announces. */
const MODEL_FIELDS: { field: string; kind: ChangeKind; read: (m: Model) => { value: Scalar; source: string } | undefined }[] = [
  { field: 'licence', kind: 'licence', read: (m) => m.licence && { value: m.licence.value.id, source: m.licence.source } },
  { field: 'open_weights', kind: 'licence', read: (m) => m.open_weights && { value: m.open_weights.value, source: m.open_weights.source } },
  { field: 'status', kind: 'hosting', read: (m) => m.status && { value: m.status.value, source: m.status.source } },
  { field: 'deprecation_date', kind: 'hosting', read: (m) => m.deprecation_date && { value: m.deprecation_date.value, source: m.deprecation_date.source } },
  { field: 'shutdown_date', kind: 'hosting', read: (m) => m.shutdown_date && { value: m.shutdown_date.value, source: m.shutdown_date.source } },
];

function diffModels(prev: readonly Model[], next: readonly Model[], emit: Emit): void {
  const before = index(prev, (m) => m.id);
  for (const m of next) {
    const p = before.get(m.id);
    if (!p) continue;
    for (const { field, kind, read } of MODEL_FIELDS) {
      const a = read(p);
      const b = read(m);
      // Only a source that changed its own value speaks; a value now taken from another source is no event.
      if (a?.value === b?.value || (a && b && a.source !== b.source)) continue;
      const source = (b ?? a)?.source;
      if (source) emit({ model_id: m.id, kind, field, source, old: a?.value ?? null, new: b?.value ?? null });
    }
  }
}

function diffRatings(prev: readonly Rating[], next: readonly Rating[], emit: Emit): void {
  const overall = (rows: readonly Rating[]) => rows.filter((r) => r.category === 'overall');
  const before = index(overall(prev), ratingKey);
  for (const r of overall(next)) {
    const p = before.get(ratingKey(r));
    if (p?.rating === r.rating) continue;
    emit({ model_id: r.model_id, kind: 'elo', field: 'rating', leaderboard: r.leaderboard, variant: r.variant, source: r.source, old: p?.rating ?? null, new: r.rating });
  }
}

/**
 * The events between two datasets. Only a source whose snapshot is newer than before speaks: a difference with
 * the same snapshot comes from the ingest (a new alias, a fixed rule), not from the world, and is no event.
 * Each event is dated by the new snapshot's retrieval day and sourced to the source that changed.
 */
export function snapshotEvents(prev: DatasetParts, next: DatasetParts): ChangeEvent[] {
  const was = new Map(prev.sources.map((s) => [s.id, s.retrieved]));
  const now = new Map(next.sources.map((s) => [s.id, s.retrieved]));
  const models = new Set(next.models.map((m) => m.id));
  const out: ChangeEvent[] = [];
  const byId = new Map<string, ChangeEvent>();
  const emit: Emit = (e) => {
    const date = now.get(e.source);
    const before = was.get(e.source);
    if (!date || !before || date <= before || !models.has(e.model_id)) return;
    const id = stableId([date, e.model_id, e.kind, e.field, e.provider ?? null, e.variant ?? null, e.leaderboard ?? null, e.old, e.new]);
    // The same change on two listings of one provider (its `us.` and `eu.` endpoints) is one event naming both.
    const twin = byId.get(id);
    if (twin) {
      if (e.provider_model_id && !twin.provider_model_ids?.includes(e.provider_model_id)) {
        twin.provider_model_ids = [...(twin.provider_model_ids ?? []), e.provider_model_id].sort();
      }
      return;
    }
    const event: ChangeEvent = {
      id, date, model_id: e.model_id, kind: e.kind, field: e.field,
      ...(e.provider ? { provider: e.provider } : {}), ...(e.provider_model_id ? { provider_model_ids: [e.provider_model_id] } : {}),
      ...(e.leaderboard ? { leaderboard: e.leaderboard } : {}), ...(e.variant ? { variant: e.variant } : {}),
      old: e.old, new: e.new, source: e.source, correction: null, subject: `${SNAPSHOT_SUBJECT}: ${e.source} ${before} -> ${date}`,
    };
    byId.set(id, event);
    out.push(event);
  };
  diffOffers(prev.offers, next.offers, emit);
  diffModels(prev.models, next.models, emit);
  diffRatings(prev.ratings, next.ratings, emit);
  return out;
}

/**
 * The new build's changes: its own (from the sources' histories), the snapshot events of earlier builds, and
 * those between the previous dataset and this one; each once, newest first as the build orders them.
 */
export function appendSnapshotChanges(prev: DatasetParts | undefined, next: DatasetParts): ChangeEvent[] {
  if (!prev) return next.changes;
  const models = new Set(next.models.map((m) => m.id));
  const kept = prev.changes.filter((e) => e.subject?.startsWith(SNAPSHOT_SUBJECT) && models.has(e.model_id));
  const found = snapshotEvents(prev, next);
  if (kept.length === 0 && found.length === 0) return next.changes;
  const byId = new Map<string, ChangeEvent>();
  for (const e of [...next.changes, ...kept, ...found]) if (!byId.has(e.id)) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}
