// A model or offer whose shutdown date has passed by the dataset's date is retired: its status is derived from the date.
import type { Fact, Model, ModelStatus, Offer } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';

/**
 * The one rule by which a shutdown date has happened as far as the dataset knows: on or before its date. The model
 * sheets retire by it (`retiredByDate`) and the change feed dates its withdrawals by it (build-notice-events.ts), so
 * the two agree on every listing.
 */
export const shutByDataDate = (shutdown: string, dataAsOf: string): boolean => shutdown <= dataAsOf;

type Lifecycled = Pick<Model | Offer, 'status' | 'shutdown_date'>;

/**
 * Whether a listing is shut down on `dataAsOf`, the one rule the build and the answers share: on or after the
 * shutdown date its provider announced, or, where no date is given, when the provider marks it retired (`deprecated`).
 * A listing marked deprecated or legacy with a shutdown date still to come is served until that date (Bedrock's
 * Claude Opus 4.1: legacy from 2026-07-08, end of life 2027-01-08), so it is still a live price.
 */
export function isShutDownListing(x: Lifecycled, dataAsOf: string): boolean {
  if (x.shutdown_date !== undefined) return shutByDataDate(x.shutdown_date.value, dataAsOf);
  return x.status?.value === 'deprecated';
}

/**
 * The status a listing has on `dataAsOf`: `deprecated` (retired) when the shutdown date its developer or provider
 * announced is on or before that day, citing the notice that gave the date. A source may date its notice before the
 * shutdown (Google announced gemini-3-pro-image-preview's 2026-06-25 shutdown on 2026-05-29): the notice then says
 * nothing of the status, yet by the dataset's date the model is no longer served.
 */
export function retiredByDate(x: Lifecycled, dataAsOf: string): Fact<ModelStatus> | undefined {
  const shut = x.shutdown_date;
  if (!shut || !shutByDataDate(shut.value, dataAsOf) || x.status?.value === 'deprecated') return undefined;
  return fact('deprecated' as const, dataAsOf, 'derived', {
    derived_from: [`${shut.source} (${shut.as_of}): shutdown_date ${shut.value}`],
    note: `shut down on ${shut.value}, on or before the dataset's date ${dataAsOf}`,
  });
}

/**
 * Marks retired every model and offer whose shutdown date has passed by `dataAsOf`; returns how many of each. The
 * model's shutdown date is its developer's: past it the developer serves the model nowhere, so each first-party
 * offer (its API, its cloud platform) is retired too, unless that offer carries a shutdown date of its own.
 * So is every reseller's offer of a closed-weights model: a reseller of a closed model forwards to the developer's
 * API, which no longer answers (QiHang's gemini-3-pro-preview after Google's 2026-03-09 shutdown). Resellers of an
 * open-weights model keep their own word: they run the weights themselves and some go on serving them.
 */
export function retirePastShutdowns(models: Model[], offers: Offer[], dataAsOf: string): { models: number; offers: number } {
  let m = 0;
  let o = 0;
  const modelShutdown = new Map<string, Model['shutdown_date']>();
  const closed = new Set<string>();
  for (const x of models) {
    const status = retiredByDate(x, dataAsOf);
    if (status) (x.status = status), m++;
    if (x.shutdown_date) modelShutdown.set(x.id, x.shutdown_date);
    if (x.open_weights?.value === false) closed.add(x.id);
  }
  for (const x of offers) {
    const follows = x.first_party || closed.has(x.model_id);
    const own = follows && !x.shutdown_date ? modelShutdown.get(x.model_id) : undefined;
    const status = retiredByDate({ status: x.status, shutdown_date: x.shutdown_date ?? own }, dataAsOf);
    if (status) (x.status = own ? { ...status, note: `the developer retired the model: ${status.note}` } : status), o++;
  }
  return { models: m, offers: o };
}
