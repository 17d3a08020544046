// get_model_changes: dated changes of price, rating, licence and hosting within a time window.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { suggest } from '../dataset/suggest.ts';
import { modelChanges } from '../engines/changes.ts';
import { scheduledShutdowns, type ScheduledShutdown } from '../engines/scheduled-shutdowns.ts';
import { ServiceError } from '../errors/index.ts';
import { ChangeKind, daysBetween, IsoDate, type ChangeEvent } from '../schema/index.ts';
import { Cursor, Limit, ModelIdParam, Page, paginate, requireModelId } from './common.ts';
import { kept, stitched } from './json-fragment.ts';
import { defineOperation, READ_ONLY } from './operation.ts';
import { ModelRef, toModelRef } from './shapes.ts';

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const CORRECTION_BASIS = {
  true: "the source's commit says it fixed the catalogue: a correction, not a change in the world",
  false: "the source's commit describes a real change",
  null: 'the source does not say whether this is a correction or a real change',
} as const;

const Item = z
  .object({
    id: z.string().describe('Stable event id.'),
    date: IsoDate.describe('The day the source recorded the change.'),
    as_of: IsoDate.describe(
      'The day this fact speaks for (partial responses keep it and drop `source`): the date, or for a shutdown a notice '
      + 'scheduled and the dataset dates on its day, the earlier day the notice was last read (a schedule, not a sighting).'),
    kind: ChangeKind.describe('price, elo (arena rating), licence (licence or open weights), hosting (a provider starting or stopping the model).'),
    model: ModelRef,
    field: z.string().describe('The field that changed: `input`, `output`, `cache_read`, `cache_write` (USD per 1M tokens), `rating`, `open_weights`, `licence`, `offered`.'),
    provider: z.string().nullable().describe('Provider id for price and hosting changes; null otherwise.'),
    provider_name: z.string().nullable().describe('Provider name; null when no provider.'),
    provider_model_ids: z.array(z.string()).nullable().describe(
      "The provider's own ids of the listings the change was recorded on (a provider may list one model under several ids: " +
      'regional and global endpoints, dated versions, each priced apart); null when no provider or the source names none.'),
    leaderboard: z.string().nullable().describe('For rating changes: the leaderboard.'),
    variant: z.string().nullable().describe('For rating changes: the rated variant as the leaderboard names it.'),
    renamed_from: z.string().nullable().describe(
      'For rating changes: the name the leaderboard gave this variant until the publication before, when it renamed it '
      + '(votes and rating carried over): `old` is the rating under that name; a rename, not a new model. Null otherwise.'),
    old: Scalar.describe('Value before; null when the field was absent (a new price, a first rating).'),
    new: Scalar.describe('Value after; null when the field was removed.'),
    source: z.string().optional().describe('Source id that recorded the change (full responses; partial responses list sources once).'),
    corroborated_by: z.array(z.string()).optional().describe('Other sources that recorded the same change (full responses).'),
    listed_under: z.array(z.string()).optional().describe(
      'For a hosting change of a service listed under two provider ids (azure and azure-cognitive-services, both Azure): '
      + 'every id it was recorded under; `provider` is the service. One change, one item.'),
    recorded_later: z.array(z.object({
      as_of: IsoDate.describe('The day that source recorded the change.'),
      source: z.string().optional().describe('The source (full responses; partial responses list sources once).'),
    })).optional().describe(
      'Other sources that recorded this same change on later days (a catalogue catching up), oldest first: evidence of '
      + 'this change, not changes of their own, so not items of their own.'),
    correction: z.boolean().nullable().describe("true: a fix of the source's catalogue; false: a real change; null: the source does not say."),
    correction_basis: z.string().describe('What `correction` rests on.'),
    subject: z.string().nullable().describe("The source commit's subject line, where the source has commits; where the service dates the change itself, what dates it (e.g. \"listed between 2026-08-21 and 2026-09-23, dated by the later copy\": the date is an upper bound; \"scheduled price change from ...\"; a promotion's end)."),
  })
  .describe('One change event.');
type Item = z.infer<typeof Item>;

/** How many announced shutdowns an answer lists at most (the committed dataset holds 95 in all). */
const SCHEDULED_MAX = 100;

const Scheduled = z
  .object({
    date: IsoDate.describe('The day the provider stops serving the listings: after data_as_of, so not yet a change the data show.'),
    as_of: IsoDate.describe('The day the notice that gave the date was read: after data_as_of where a later reading is served.'),
    model: ModelRef,
    provider: z.string().describe('Provider id: the provider whose notice it is.'),
    provider_name: z.string().describe('Provider name.'),
    listed_under: z.array(z.string()).describe(
      'Every provider id whose listings the notice retires: two where one service is listed under two ids (azure and '
      + 'azure-cognitive-services, both Azure), which stay one announcement.'),
    provider_model_ids: z.array(z.string()).describe("The provider's own ids of the listings the notice retires."),
    replacement: z.string().nullable().describe('The model the provider names as the replacement, in its own spelling; null when none.'),
    source: z.string().optional().describe('Source id of the notice (full responses; partial responses list sources once).'),
    bound: z.enum(['on_or_after']).nullable().describe(
      "'on_or_after': the notice gives `date` as the earliest day (Google Cloud's Vertex AI lifecycle table: timelines may be "
      + "extended, never moved earlier); null: the day itself."),
    read_by_data_date: z.object({
      date: IsoDate.describe('The shutdown day that reading gave.'),
      as_of: IsoDate.describe('The day it was read, on or before data_as_of.'),
      source: z.string().optional().describe('Its source (full responses).'),
    }).nullable().describe(
      'Set when `as_of` is after data_as_of and an earlier reading, on or before it, gave another day: what the notice '
      + 'said as of the data date. Null otherwise.'),
  })
  .describe('A shutdown a provider announced for a day after the data date, as its notice was last read (`as_of`, which may be after data_as_of).');

function toScheduled(ds: Dataset, s: ScheduledShutdown): z.infer<typeof Scheduled> {
  return {
    date: s.date, as_of: s.as_of, model: toModelRef(ds, ds.modelById.get(s.model_id)!), provider: s.provider,
    provider_name: ds.providerById.get(s.provider)?.name ?? s.provider, listed_under: s.listed_under, provider_model_ids: s.provider_model_ids,
    replacement: s.replacement, source: s.source, bound: s.bound ?? null,
    read_by_data_date: s.read_by_data_date ? { ...s.read_by_data_date } : null,
  };
}

function toItem(ds: Dataset, e: ChangeEvent): Item {
  const item: Item = {
    id: e.id, date: e.date, as_of: e.as_of ?? e.date, kind: e.kind, model: toModelRef(ds, ds.modelById.get(e.model_id)!), field: e.field,
    provider: e.provider ?? null, provider_name: e.provider ? ds.providerById.get(e.provider)?.name ?? e.provider : null,
    provider_model_ids: e.provider_model_ids ? [...e.provider_model_ids] : null,
    leaderboard: e.leaderboard ?? null, variant: e.variant ?? null, renamed_from: e.renamed_from ?? null,
    old: e.old, new: e.new, source: e.source,
    correction: e.correction,
    correction_basis: e.correction_note ?? CORRECTION_BASIS[String(e.correction) as keyof typeof CORRECTION_BASIS],
    subject: e.subject ?? null,
  };
  if (e.corroborated_by?.length) item.corroborated_by = [...e.corroborated_by];
  if (e.listed_under) item.listed_under = [...e.listed_under];
  if (e.recorded_later) item.recorded_later = e.recorded_later.map((r) => ({ as_of: r.date, source: r.source }));
  return item;
}

/**
 * Each event as an item, made when a page first shows it and kept for the dataset (at most one an event): a page
 * copies its JSON and its partial-tier projection as text made once, instead of building, projecting and
 * serializing up to 100 events on every ask.
 */
const itemsByDataset = new WeakMap<Dataset, WeakMap<ChangeEvent, Item>>();

function itemsOf(ds: Dataset, events: readonly ChangeEvent[]): Item[] {
  let items = itemsByDataset.get(ds);
  if (!items) itemsByDataset.set(ds, (items = new WeakMap()));
  const out: Item[] = new Array(events.length);
  for (let i = 0; i < events.length; i++) {
    let item = items.get(events[i]);
    if (!item) items.set(events[i], (item = kept(toItem(ds, events[i]))));
    out[i] = item;
  }
  return out;
}

/**
 * Each announced shutdown as an item, made on first sight and kept for the dataset, as the events' items are: the
 * shutdowns are the dataset's own (scheduled-shutdowns.ts, per dataset), and a window past data_as_of lists up to 100
 * of them on every ask (53 on the committed dataset), which were built and serialized anew each time.
 */
const scheduledByDataset = new WeakMap<Dataset, WeakMap<ScheduledShutdown, z.infer<typeof Scheduled>>>();

function scheduledItemsOf(ds: Dataset, shutdowns: readonly ScheduledShutdown[]): Array<z.infer<typeof Scheduled>> {
  let items = scheduledByDataset.get(ds);
  if (!items) scheduledByDataset.set(ds, (items = new WeakMap()));
  const out: Array<z.infer<typeof Scheduled>> = new Array(shutdowns.length);
  for (let i = 0; i < shutdowns.length; i++) {
    let item = items.get(shutdowns[i]);
    if (!item) items.set(shutdowns[i], (item = kept(toScheduled(ds, shutdowns[i]))));
    out[i] = item;
  }
  return out;
}

/** A vendor is a developer id (case-insensitive); an unknown one is refused with near ids, never matched loosely. */
function requireVendor(ds: Dataset, vendor: string): string {
  const id = vendor.trim().toLowerCase();
  if (ds.developerById.has(id)) return id;
  const near = suggest(vendor, ds.developers.map((d) => d.id), 5);
  throw new ServiceError('invalid_parameter', `No developer "${vendor.slice(0, 100)}" in the dataset.`, {
    errors: [{ parameter: 'vendor', message: 'unknown developer id', allowed: `a developer id${near.length ? `, e.g. ${near.join(', ')}` : ''}` }],
    suggestions: near,
  });
}

const MAX_DAYS = 3650;

/** The window's length: `days` (default 30), or the days from `since` to `until`, both included. */
function windowDays(days: number | undefined, since: string | undefined, until: string): number {
  if (since === undefined) return days ?? 30;
  const bad = (message: string, allowed: string) => new ServiceError('invalid_parameter', message, {
    errors: [{ parameter: 'since', message, allowed }],
  });
  if (days !== undefined) throw bad('Give `since` or `days`, not both: each sets where the window starts.', 'one of since, days');
  const n = daysBetween(since, until) + 1;
  if (n < 1) throw bad(`since ${since} is after until ${until}.`, `a date on or before ${until}`);
  if (n > MAX_DAYS) throw bad(`From ${since} to ${until} is ${n} days; the window holds at most ${MAX_DAYS}.`, `a date ${MAX_DAYS} days or fewer before ${until}`);
  return n;
}

export const get_model_changes = defineOperation({
  name: 'get_model_changes',
  title: 'What changed: prices, ratings, licences, hosting',
  description:
    'List dated changes (price, arena rating, licence or open weights, hosting: a provider starting or stopping a model) within a window ending at `until` (its length in `days`, or from `since`), newest first, each with old and new value, its source and whether it was a catalogue correction. Filter by kind, model (id or alias) and vendor (developer id). The response states the window and the date the data end (data_as_of); when the window reaches past the data, `data_ends` gives the date they end and a notice says so and suggests an `until` the data cover; shutdowns providers had announced by then for a later day in the window are listed apart, as `scheduled_shutdowns`.',
  path: '/changes',
  input: z.object({
    // Optional rather than defaulted, so that a `days` given beside `since` is seen and refused, not silently overridden.
    days: z.number().int().min(1).max(3650).optional().describe('Window length in days, 1..3650 (default 30; not with `since`).'),
    since: IsoDate.optional().describe(
      'First day of the window, YYYY-MM-DD (included): the window runs from it to `until`, at most 3650 days; instead of `days`.'),
    kind: z.array(ChangeKind).max(4).optional().describe('Only these kinds (repeatable): price, elo, licence, hosting.'),
    model: ModelIdParam.optional(),
    vendor: z.string().max(100).optional().describe('Only models of this developer (a developer id, e.g. `anthropic`, `meta`).'),
    until: IsoDate.optional().describe('Last day of the window, YYYY-MM-DD (default: today).'),
    limit: Limit,
    cursor: Cursor,
  }).strict(),
  output: z.object({
    window: z
      .object({
        from: IsoDate.describe('First day of the window (included).'),
        until: IsoDate.describe('Last day of the window (included).'),
        days: z.number().int().describe('Length of the window in days.'),
      })
      .describe('The window asked for.'),
    filters: z
      .object({
        kind: z.array(ChangeKind).describe('Kinds kept; empty: every kind.'),
        model: z.string().nullable().describe('Canonical id of the model asked for, or null.'),
        vendor: z.string().nullable().describe('Developer id asked for, or null.'),
      })
      .describe('The filters as understood.'),
    data_ends: IsoDate.nullable().describe(
      'Set when the window reaches past the data: the date they end (data_as_of); no change after it is in the dataset. '
      + 'Null when the data cover the whole window.',
    ),
    notice: z.string().nullable().describe('Set when the window reaches past data_as_of, lies outside the history, or holds no match: says so plainly and suggests an `until`.'),
    latest_matching: IsoDate.nullable().describe('Date of the newest change matching the filters on or before the end of the window; null when none.'),
    counts: z
      .object({
        total: z.number().int().describe('Changes in the window matching the filters.'),
        by_kind: z.object({ price: z.number().int(), elo: z.number().int(), licence: z.number().int(), hosting: z.number().int() }).describe('The same, per kind.'),
        corrections: z.number().int().describe('Of those, catalogue corrections (correction true).'),
        renames: z.number().int().describe(
          'Of the elo changes, ratings carried across a leaderboard\'s renaming of a variant (renamed_from set): the same '
          + 'series under a new name, its rating\'s move on the day of the rename, not a model newly rated.'),
      })
      .describe('Counts over the whole window, not only this page.'),
    coverage: z
      .array(z.object({
        source: z.string().describe('Source id.'),
        name: z.string().describe('Source name.'),
        history_until: IsoDate.describe(
          "Date of the source's snapshot, or of the latest shutdown it scheduled that came by data_as_of: it records no change after it."),
        events: z.number().int().describe('Change events this source gave the dataset.'),
      }))
      .describe('The sources of change events and how far their histories reach. Full tier only: it names which source gave which events.'),
    items: z.array(Item).describe('Changes newest first; same-day changes in a stable order.'),
    page: Page,
    scheduled_shutdowns: z
      .object({
        total: z.number().int().describe('Announced shutdowns in the window matching the filters.'),
        items: z.array(Scheduled).describe(`The first ${SCHEDULED_MAX} of them, soonest first.`),
      })
      .describe(
        'Shutdowns that providers announced by data_as_of for a day in the part of the window after it: announcements, '
        + 'not changes the data show (those are `items`). Empty unless the window reaches past data_as_of and hosting '
        + 'changes are asked for (no `kind`, or `hosting` among them).'),
  }),
  annotations: READ_ONLY,
  // Its pages are kept items (events and shutdowns): written straight into bytes, the widest allocates some 50 KB a call
  // instead of 94 (the pieces' text and its encoding), for the same CPU (docs/performance.md, sixteenth round).
  writtenAsBytes: true,
  // Per-source provenance of the feed; partial answers list the sources once instead (docs/access.md).
  fullTierOnly: ['coverage'],
  examples: [
    { title: 'Every change in the 30 days before the newest rating update', input: { until: '2026-08-19', days: 30 } },
    { title: "Price changes of Anthropic's models in the first half of 2026", input: { kind: ['price'], vendor: 'anthropic', until: '2026-06-30', days: 181 } },
    { title: 'Rating and hosting changes of Llama 3.3 70B over a year', input: { model: 'llama-3.3-70b-instruct', kind: ['elo', 'hosting'], until: '2026-09-23', days: 365 } },
    // Also the warm-up's: the newest events' items (kept per event once shown) are made before a caller's first page.
    { title: 'The hundred newest changes in the data, of any kind', input: { until: '2026-09-23', days: 3650, limit: 100 } },
    { title: 'Hosting changes from 1 September 2026 to the data\'s date', input: { kind: ['hosting'], since: '2026-09-01', until: '2026-09-23' } },
  ],
  // The widest window without `until` (ending at the day asked): its page also carries the shutdowns announced past the
  // data (kept per dataset once shown), which the example ending on a given day does not: made at start too.
  warmInputs: [{ days: 3650, limit: 100 }],
  handler(ds, input, ctx) {
    const model = input.model !== undefined ? requireModelId(ds, input.model, 'model') : undefined;
    const vendor = input.vendor !== undefined ? requireVendor(ds, input.vendor) : undefined;
    const kinds = [...new Set(input.kind ?? [])].sort();
    const until = input.until ?? ctx.today;
    const days = windowDays(input.days, input.since, until);
    const r = modelChanges(ds, { days, until, kinds, model_id: model, vendor });
    const { items, page } = paginate(r.events, input.limit, input.cursor);
    let notice = r.notice;
    const asked = kinds.length === 0 || kinds.includes('hosting');
    const scheduled = asked ? scheduledShutdowns(ds, { from: r.window.from, until: r.window.until, model_id: model, vendor }) : [];
    if (scheduled.length) {
      const one = scheduled.length === 1;
      // "By" the day the newest notice was read: a notice read after data_as_of (Google's Gemini API page read on
      // 2026-11-10 giving 2026-12-01) was not known on data_as_of, and saying "by data_as_of" dated it by a later fact.
      const read = scheduled.reduce((a, s) => (s.as_of > a ? s.as_of : a), ds.meta.data_as_of);
      const after = scheduled.filter((s) => s.as_of > ds.meta.data_as_of).length;
      const late = after === 0 ? ''
        : ` (${after === scheduled.length ? (one ? 'its notice' : 'all their notices') : `${after} of ${scheduled.length} notices`} read after `
          + `${ds.meta.data_as_of}, the data's date: each item's as_of says when)`;
      const tail = `Providers had announced, by ${read}${late}, ${one ? 'one shutdown' : `${scheduled.length} shutdowns`} `
        + `on a later day in this window: scheduled_shutdowns lists ${one ? 'it' : 'them'} (announcements, not changes the data show).`;
      notice = notice ? `${notice} ${tail}` : tail;
    }
    const owner = model ? ds.modelById.get(model)!.vendor : undefined;
    if (owner && vendor && owner !== vendor) notice = `${model} is a model of ${owner}, not ${vendor}: no change can match both filters.${notice ? ` ${notice}` : ''}`;
    return stitched({
      window: r.window,
      filters: { kind: kinds, model: model ?? null, vendor: vendor ?? null },
      // Said as a field too, not only in the notice's prose, so that a program can tell where the answer stops.
      data_ends: r.window.until > ds.meta.data_as_of ? ds.meta.data_as_of : null,
      notice,
      latest_matching: r.latest_matching,
      counts: { total: r.events.length, by_kind: r.counts.by_kind, corrections: r.counts.corrections, renames: r.counts.renames },
      coverage: kept(r.coverage),
      items: stitched(itemsOf(ds, items)),
      page,
      scheduled_shutdowns: { total: scheduled.length, items: stitched(scheduledItemsOf(ds, scheduled.slice(0, SCHEDULED_MAX))) },
    });
  },
});
