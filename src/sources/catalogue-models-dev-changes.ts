// models.dev git field history (`field-changes-from-git.jsonl.gz`) as CatalogueChanges: prices, openness, licence, hosting.
import { z } from 'zod';
import { SOURCE_ID } from './catalogue-models-dev-toml.ts';
import { Price, defined, issueAt, jsonLinesOf, utcDate, zodMessage } from './catalogue-util.ts';
import { tiersText, type TierRow } from './catalogue-tier-text.ts';
import type { CatalogueChange, IngestIssue } from './types.ts';
import { CopiedPrices } from './catalogue-copied-prices.ts';

/** The per-token price fields, whose copies from a base model are followed (CopiedPrices). */
const PRICE_FIELD_SET: Record<string, true> = { input: true, output: true, cache_read: true, cache_write: true };

/**
 * models.dev field -> project field. Not mapped, on purpose: `cost.inputCached` / `cost.outputCached`
 * (June 2025 names whose meaning differed between files: 3.75 was Claude Sonnet 4's cache write, 0.375
 * Codex Mini's cache read), the one-off typos `cost.cached*` / `cost.cache_input`, and audio prices. Tiers are one
 * `tiers` row per change of the tiers a file gives (`tiersOfState`), old and new as `tiersText`.
 */
const FIELDS: Record<string, { field: string; value: z.ZodType }> = {
  'cost.input': { field: 'input', value: Price.nullable() },
  'cost.output': { field: 'output', value: Price.nullable() },
  'cost.cache_read': { field: 'cache_read', value: Price.nullable() },
  'cost.cache_write': { field: 'cache_write', value: Price.nullable() },
  open_weights: { field: 'open_weights', value: z.boolean().nullable() },
  license: { field: 'licence', value: z.string().nullable() },
};

const Line = z.looseObject({
  commit: z.string().min(1),
  date: z.string(),
  subject: z.string(),
  path: z.string().min(1),
  change: z.enum(['added', 'removed']).optional(),
  fields: z.record(z.string(), z.unknown()).optional(),
  field: z.string().optional(),
});

/** A file's long-context prices as its history last set them: `cost.tiers`, and the older `cost.context_over_200k`. */
type TierState = { tiers?: unknown; over: { input?: unknown; output?: unknown } };
const TIER_FIELDS = new Set(['cost.tiers', 'cost.context_over_200k.input', 'cost.context_over_200k.output']);
const price = (v: unknown) => (typeof v === 'number' && v >= 0 ? v : undefined);

/**
 * The tiers an offer reads from a file in that state, as the snapshot's reader takes them (catalogue-models-dev-toml.ts
 * `readTiers`): the `[[cost.tiers]]` entries (a `tier = { size }`, or the `context = { min }` the history's older
 * entries give), else the `context_over_200k` table at 200,000 tokens.
 */
function tiersOfState(s: TierState | undefined): TierRow[] {
  if (!s) return [];
  const out: TierRow[] = [];
  for (const raw of Array.isArray(s.tiers) ? s.tiers : []) {
    if (typeof raw !== 'object' || raw === null) continue;
    const r = raw as { tier?: { size?: unknown }; context?: { min?: unknown }; input?: unknown; output?: unknown };
    const size = r.tier?.size ?? r.context?.min;
    if (typeof size !== 'number' || size <= 0) continue;
    out.push({ above_tokens: size, input: price(r.input), output: price(r.output) });
  }
  if (!out.some((t) => t.input !== undefined || t.output !== undefined)) {
    const [input, output] = [price(s.over.input), price(s.over.output)];
    return input === undefined && output === undefined ? [] : [{ above_tokens: 200_000, input, output }];
  }
  return out;
}

type Target = { provider?: string; provider_model_id?: string; source_model_id: string };

/** `models/<vendor>/<id>.toml` -> `<vendor>/<id>`; `providers/<p>/models/<path>.toml` -> provider p, `<p>/<path>`. */
function target(p: string): Target | undefined {
  const model = /^models\/([^/]+)\/([^/]+)\.toml$/.exec(p);
  if (model) return { source_model_id: `${model[1]}/${model[2]}` };
  const offer = /^providers\/([^/]+)\/models\/(.+)\.toml$/.exec(p);
  if (offer) return { provider: offer[1], provider_model_id: offer[2], source_model_id: `${offer[1]}/${offer[2]}` };
  return undefined;
}

/**
 * Read the history in file order (the order of commits). base_model is followed per path through the
 * history, so a price change or removal carries the canonical model the file pointed to at that time.
 */
export async function readModelsDevChanges(filePath: string, file: string, issues: IngestIssue[]): Promise<CatalogueChange[]> {
  const changes: CatalogueChange[] = [];
  const baseOf = new Map<string, string>();
  // A base model's price copied into an emptied listing and the listing's own written back (catalogue-copied-prices.ts).
  const copies = new CopiedPrices();
  // Each file's long-context prices followed through the history: a change of the tiers it gives is a `tiers` row.
  const tierState = new Map<string, TierState>();
  const tierRows = new Map<string, CatalogueChange>();
  for await (const { where, rec } of jsonLinesOf(Line, filePath, { source: SOURCE_ID, file }, issues)) {
    const date = utcDate(rec.date);
    const at = target(rec.path);
    if (!date || !at) {
      issues.push(issueAt(where, !date ? `not a timestamp: ${rec.date}` : `path outside models/ and providers/<p>/models/: ${rec.path}`, !date ? 'date' : 'path'));
      continue;
    }
    const make = (change: CatalogueChange['change'], field: string, old: CatalogueChange['old'], now: CatalogueChange['new'], hint?: string) =>
      defined<CatalogueChange>({
        source: SOURCE_ID,
        date,
        commit: rec.commit,
        subject: rec.subject,
        change,
        provider: at.provider,
        provider_model_id: at.provider_model_id,
        source_model_id: at.source_model_id,
        canonical_hint: hint,
        field,
        old,
        new: now,
      });

    if (rec.change === 'added' || rec.change === 'removed') {
      const added = rec.change === 'added';
      const fromFields = added && typeof rec.fields?.base_model === 'string' ? rec.fields.base_model : undefined;
      const hint = added ? fromFields : baseOf.get(rec.path);
      if (added && fromFields) baseOf.set(rec.path, fromFields);
      if (!added) baseOf.delete(rec.path);
      if (added) {
        const f = rec.fields ?? {};
        tierState.set(rec.path, { tiers: f['cost.tiers'], over: { input: f['cost.context_over_200k.input'], output: f['cost.context_over_200k.output'] } });
      } else tierState.delete(rec.path);
      // Hosting is a provider listing a model; a models/ file appearing is a catalogue entry, not an offer.
      if (at.provider) {
        const row = make(rec.change, 'offered', !added, added, hint);
        // The prices the listing came with (the history gives a listing's prices only when they change afterwards):
        // what it held until its first price row (src/ingest/placeholder-prices.ts, listing-renames.ts).
        const prices: Record<string, number> = {};
        for (const [name, { field, value }] of Object.entries(FIELDS)) {
          const v = value.safeParse(rec.fields?.[name]);
          if (v.success && typeof v.data === 'number') prices[field] = v.data;
        }
        if (added && Object.keys(prices).length) row.prices = prices;
        changes.push(row);
      }
      continue;
    }

    if (rec.field === undefined || !('old' in rec) || !('new' in rec)) {
      issues.push(issueAt(where, 'neither added/removed nor a field change with old and new'));
      continue;
    }
    if (rec.field === 'base_model') {
      copies.base(rec.path, rec.commit, rec.old, rec.new);
      if (typeof rec.new === 'string') baseOf.set(rec.path, rec.new);
      else baseOf.delete(rec.path);
      continue;
    }
    if (TIER_FIELDS.has(rec.field)) {
      const state = tierState.get(rec.path) ?? { over: {} };
      const before = tiersText(tiersOfState(state));
      if (rec.field === 'cost.tiers') state.tiers = rec.new;
      else state.over[rec.field === 'cost.context_over_200k.input' ? 'input' : 'output'] = rec.new;
      tierState.set(rec.path, state);
      const after = tiersText(tiersOfState(state));
      if (!at.provider) continue;
      // One row per file and commit, from the tiers before its first row to those after its last: a commit that moves
      // `context_over_200k` into `[[cost.tiers]]` (models.dev's of 2026-05-11) takes one field away before it writes the
      // other, and its passing states were never the file's tiers. No change event (build-changes.ts weighs no `tiers`
      // field): the history a past day's tiers are read from.
      const k = `${rec.path}|${rec.commit}`;
      const row = tierRows.get(k);
      if (row) row.new = after;
      else tierRows.set(k, changes[changes.push(make('changed', 'tiers', before, after, baseOf.get(rec.path))) - 1]);
      continue;
    }
    const mapped = FIELDS[rec.field];
    if (!mapped) continue;
    const copiedBack = mapped.field in PRICE_FIELD_SET ? copies.price(rec.path, mapped.field, rec.commit, rec.old, rec.new) : undefined;
    const oldV = mapped.value.safeParse(rec.old);
    const newV = mapped.value.safeParse(rec.new);
    if (!oldV.success || !newV.success) {
      const bad = !oldV.success ? oldV : newV;
      issues.push(issueAt(where, zodMessage(bad.error!, !oldV.success ? rec.old : rec.new), rec.field));
      continue;
    }
    if (oldV.data === newV.data) continue;
    const row = make('changed', mapped.field, oldV.data as CatalogueChange['old'], newV.data as CatalogueChange['new'], baseOf.get(rec.path));
    if (copiedBack) row.copied_back = copiedBack;
    changes.push(row);
  }
  // A commit whose tier rows leave the file's tiers as they were moved nothing.
  return changes.filter((c) => c.field !== 'tiers' || c.old !== c.new);
}
