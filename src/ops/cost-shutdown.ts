// estimate_cost and a developer's announced shutdown: when the model stops being sold, and which listings outlive it.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { followsDeveloper, hostingProviders } from '../ingest/past-shutdowns.ts';
import { perDataset } from '../engines/per-dataset.ts';
import { isBaseSku } from '../engines/ranking.ts';
import { IsoDate, ModelStatus, type Fact, type Model, type Offer } from '../schema/index.ts';
import { wireFact } from './common.ts';
import { replacementFact, replacementWords } from '../engines/replacement.ts';

/** A month of the costing, in days: a shutdown within it cuts the month's budget short. */
const MONTH_DAYS = 30;

export const VS_DEVELOPER = ['ends_with_developer', 'ends_before_developer', 'outlives_developer', 'may_outlive_developer'] as const;
export type VsDeveloper = (typeof VS_DEVELOPER)[number];

export const VsDeveloperShutdown = z.enum(VS_DEVELOPER).describe('Present where the developer announced (or carried out) the '
  + 'model\'s shutdown (`api.developer_shutdown`): whether this listing outlives it. `ends_with_developer`: its own date is the developer\'s, or the developer\'s own listing '
  + 'without a date of its own, or a reseller of a closed-weights model that relays the developer\'s API, which stops answering '
  + 'that day; `ends_before_developer`: its provider\'s own date comes first; `outlives_developer`: its provider, which hosts the '
  + 'model itself, gives a later date of its own (`shutdown_date`); `may_outlive_developer`: its provider runs the model itself '
  + '(a licensed deployment, or open weights) and states no date, so past the developer\'s date it is served on its provider\'s '
  + 'silence (then `lifecycle_state` `hosted_past_developer_shutdown`).');

export const ServedUntil = wireFact(IsoDate).describe('The day this listing stops being served as the dataset knows it: its '
  + 'provider\'s own `shutdown_date`, or the developer\'s for a listing that ends with it; present with `vs_developer_shutdown`.');

export const DeveloperShutdown = z.object({
  state: z.enum(['scheduled', 'shut_down']).describe('`scheduled`: the date is after `judged_on`, the model is still sold until then; '
    + '`shut_down`: it has come, the developer no longer serves the model (its listings are under `not_priced`).'),
  shutdown_date: wireFact(IsoDate).describe('The developer\'s shutdown date: the model sheet\'s `shutdown_date`, with the notice that gives it.'),
  status: wireFact(ModelStatus).nullable().describe('The model sheet\'s status (`deprecated` with its note; for open weights, whose sheet '
    + 'keeps none, that of the developer\'s own listing, as get_model\'s `developer_retired`), or null where the developer '
    + 'gives a shutdown date without a deprecation (a stable model\'s scheduled discontinuation).'),
  deprecation_date: wireFact(IsoDate).nullable(),
  replacement: wireFact(z.string()).nullable().describe('The model the developer names as the replacement (read where `status` is), with a '
    + 'note where no model of the dataset answers to that name; null where none is named.'),
  judged_on: IsoDate.describe('The day the answer is judged on: the later of `data_as_of` and the day the service loaded the data.'),
  days_left: z.number().int().describe('Days from `judged_on` to the shutdown (0 or less once it has come).'),
  within_month: z.boolean().describe(`true when the shutdown falls within ${MONTH_DAYS} days of \`judged_on\`: a month's budget at the `
    + 'developer\'s offer cannot be spent on this model.'),
  outliving_listings: z.number().int().describe('Listings costed whose provider gives a later date of its own (`outlives_developer`).'),
  note: z.string().describe('The same in a sentence, as `api.note` opens with it.'),
}).describe('The developer\'s announced or past shutdown of the model, in both views; null where the dataset has none.');
export type DeveloperShutdown = z.infer<typeof DeveloperShutdown>;

const hostsOf = perDataset((ds: Dataset) => hostingProviders(ds.providers));

/** The developer's shutdown date: the model sheet's, else (an open-weights model's API) the developer's own base listings' own. */
export function developerShutdownDate(model: Model, offers: readonly Offer[]): Fact<string> | undefined {
  if (model.shutdown_date) return model.shutdown_date;
  // Every one of the developer's listings dated: the latest is when it stops selling the model (until then one of its
  // listings still serves it). One pass without allocation: every model's first cost asks it, and almost none has such
  // a date.
  let last: Fact<string> | undefined;
  for (const o of offers) {
    if (!o.first_party || !isBaseSku(o)) continue;
    if (!o.shutdown_date) return undefined;
    if (!last || o.shutdown_date.value > last.value) last = o.shutdown_date;
  }
  return last;
}

/**
 * A listing against the developer's date, the dataset's own rule for when a listing ends (src/ingest/past-shutdowns.ts
 * `pastShutdownStatuses`): a first-party listing, and a reseller's of a closed-weights model that does not host it, end
 * with the developer's API unless they carry a date of their own; a provider that hosts the model itself keeps its word.
 */
export function vsDeveloper(ds: Dataset, model: Model, o: Offer, dev: Fact<string>): { vs: VsDeveloper; until?: Fact<string> } {
  const own = o.shutdown_date;
  if (own) return { vs: own.value < dev.value ? 'ends_before_developer' : own.value > dev.value ? 'outlives_developer' : 'ends_with_developer', until: own };
  // Its provider gave only an earliest day of its own (shutdown_not_before): no day is known on which it ends.
  if (o.shutdown_not_before) return { vs: 'may_outlive_developer' };
  const { follows } = followsDeveloper(o, model.open_weights?.value === false, hostsOf(ds));
  return follows ? { vs: 'ends_with_developer', until: dev } : { vs: 'may_outlive_developer' };
}

/**
 * The developer's shutdown still to come, and whether this listing ends with it, in words (cheapest_for's places,
 * compare_models' price rows): ` The developer shuts the model down on <day> (<source>); this offer ends with it.`
 */
export function shutdownWords(ds: Dataset, model: Model, o: Offer, dev: Fact<string>, lead = 'The'): string {
  const { vs, until } = vsDeveloper(ds, model, o, dev);
  const end = vs === 'ends_with_developer' ? 'this offer ends with it'
    : vs === 'ends_before_developer' ? `this offer ends before it, on ${until!.value}`
      : vs === 'outlives_developer' ? `this provider serves it until ${until!.value}, its own date`
        : 'this provider runs the model itself and states no date of its own';
  return ` ${lead} developer shuts the model down on ${dev.value} (${dev.source}); ${end}.`;
}

/**
 * Where the lifecycle of the shutdown `dev` dates is read: the model sheet, else (an open-weights model, whose sheet keeps
 * no lifecycle: model-status.ts) the developer's own listing the date is read from, as get_model's `developer_retired`
 * gives it. DeepSeek's notice of V4 Flash's retirement names deepseek-v4.1-flash on its listing, not on the model.
 */
export function developerLifecycle(model: Model, listings: readonly Offer[], dev: Fact<string>): Pick<Model, 'status' | 'deprecation_date' | 'replacement'> {
  if (model.shutdown_date) return model;
  return listings.find((o) => o.first_party && isBaseSku(o) && o.shutdown_date?.value === dev.value) ?? model;
}

/**
 * The answer's `api.developer_shutdown` for a model, or null: made once per model and dataset (cost-offers.ts). `offers`
 * are the listings costed; `listings` every listing of the model, those shut down too (where the replacement is read).
 */
export function developerShutdown(ds: Dataset, model: Model, offers: readonly Offer[], dev: Fact<string> | undefined,
  listings: readonly Offer[] = offers): DeveloperShutdown | null {
  if (!dev) return null;
  const resolve = (s: string) => ds.resolveModelId(s);
  const life = developerLifecycle(model, listings, dev);
  const named = life.replacement;
  const judged = ds.lifecycleDate;
  const days = Math.round((Date.parse(dev.value) - Date.parse(judged)) / 86_400_000);
  const lines = offers.map((o) => ({ o, ...vsDeveloper(ds, model, o, dev) }));
  const outliving = lines.filter((l) => l.vs === 'outlives_developer');
  const scheduled = days > 0;
  const cite = `${dev.source}, read ${dev.as_of}`;
  const rep = named ? ` The developer names ${replacementWords(named.value, resolve)} as its replacement.` : '';
  const later = outliving.length === 0 ? '' : ` ${outliving.length === 1 ? '1 listing outlives it' : `${outliving.length} listings outlive it`}`
    + ` on its provider's own later date (${[...new Set(outliving.map((l) => `${l.o.provider} to ${l.until!.value}`))].join(', ')}).`;
  const note = scheduled
    ? `The developer shuts ${model.id} down on ${dev.value} (${cite}), ${days} day${days === 1 ? '' : 's'} after ${judged}, the day this answer is judged on`
      + `${days <= MONTH_DAYS ? ', within the month costed' : ''}: the monthly cost at its own offer, and at resellers that relay its API, holds only until then`
      + ` (each line's vs_developer_shutdown and served_until say whether its listing outlives it).${later}${rep}`
    : `The developer shut ${model.id} down on ${dev.value} (${cite}): its own offer and resellers that relay its API are no longer costed`
      + ` (under not_priced); any listing still priced is served by a provider that runs the model itself.${rep}`;
  return {
    state: scheduled ? 'scheduled' : 'shut_down',
    shutdown_date: dev,
    status: life.status ?? null,
    deprecation_date: life.deprecation_date ?? null,
    replacement: named ? replacementFact(named, resolve) : null,
    judged_on: judged,
    days_left: days,
    within_month: scheduled && days <= MONTH_DAYS,
    outliving_listings: outliving.length,
    note,
  };
}
