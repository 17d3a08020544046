// genai-prices adapter: prices per provider and model from the npm bundle (newer), the repo's yml for what it lacks, and price history.
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Source } from '../schema/index.ts';
import { readGenaiChanges } from './catalogue-genai-prices-changes.ts';
import { nextPrices, offerPrices, offerTarget, readPrices, timeOfDayNote } from './catalogue-genai-prices-shape.ts';
import { scheduledPriceChanges } from './catalogue-genai-prices-scheduled.ts';
import { DATED_FIELDS, genaiPriceDates } from './genai-prices-dates.ts';
import { conversionNote } from './genai-prices-currency.ts';
import { fallbackProviders, fallbacksSince, markFallbackRemovals } from './genai-prices-fallbacks.ts';
import {
  PROMOTIONS_FILE, endPromotion, endStatedBy, listPriceNote, promotionEndBasis, promotionKey, translatePromotions, type Promotion,
} from './genai-prices-promotions.ts';
import { listingKey, openRouterCopies, openRouterVariants, stillCopied, type CopiedPrice, type PriceRecord } from './genai-prices-copies.ts';
import { IsoDate, defined, issueAt, mainlandChinaApi, regionOfSku, parseFields, readHeadCommit, urlsIn, type Where } from './catalogue-util.ts';
import { FIRST_PARTY_PROVIDERS } from './provider-ids.ts';
import type { Adapter, AdapterResult, CatalogueChange, IngestIssue, ModelObservation, OfferObservation, SourceRoots } from './types.ts';

export const GENAI_PRICES_FOLDER = 'genai-prices';
const FOLDER = GENAI_PRICES_FOLDER;
const REPO = 'genai-prices';
const NPM = 'genai-prices-npm';
/** The npm bundle's file in the folder (its version and day below). */
export const GENAI_PRICES_NPM_FILE = 'npm-0.1.8-bundled-providers.json';
const NPM_FILE = GENAI_PRICES_NPM_FILE;
/** The bundle carries no date: 0.1.8 was published on npm on 2026-09-23 (SOURCES.md, npm registry `time`). */
const NPM_VERSION = '0.1.8';
const NPM_PUBLISHED = '2026-09-23';
const CHANGES_FILE = 'price-changes-from-git.jsonl';

const ProviderFields = {
  id: z.string().regex(/^\S+$/, 'an id without spaces'),
  name: z.string().min(1),
  pricing_urls: z.array(z.url()),
  price_comments: z.string(),
  api_pattern: z.string(),
  models: z.array(z.unknown()),
};

/** The model fields we read (`match`, `description`, `collapse` are matching/display concerns upstream). */
const ModelFields = {
  id: z.string().regex(/^\S+$/, 'an id without spaces'),
  name: z.string().min(1),
  context_window: z.number().int().positive(),
  price_comments: z.string(),
  prices_checked: IsoDate,
  deprecated: z.boolean(),
  removed: z.boolean(),
  prices: z.unknown(),
};

type Listing = {
  key: string; provider: string; id: string; model: ModelObservation; offer?: OfferObservation; checked?: string; scheduled: CatalogueChange[];
  /** A price page the listing's comment cites: someone checked the price against the provider's page. */
  reference?: string;
  /** The reviewed row that ended the listing's promotion (genai-prices-promotions.ts), with the promotion's prices. */
  promotion?: { row: Promotion; prices: Pick<OfferObservation, 'input' | 'output' | 'cache_read'> };
  /** The price is converted from another currency (genai-prices-currency.ts): said on each price. */
  converted?: string;
};

export { fallbackProviders, fallbacksSince, markFallbackRemovals };

export const genaiPrices: Adapter = { id: REPO, read };

async function read(roots: SourceRoots): Promise<AdapterResult> {
  const dir = path.join(roots.sources, FOLDER);
  const head = await readHeadCommit(dir);
  const issues: IngestIssue[] = [];
  const promoPath = path.join(roots.curated, PROMOTIONS_FILE);
  const promo = existsSync(promoPath) ? translatePromotions(await readFile(promoPath, 'utf8')) : { rows: [], issues: [] };
  issues.push(...promo.issues);
  const promotions = new Map(promo.rows.map((r) => [promotionKey(r.source, r.provider, r.model), r]));

  const npmPath = path.join(dir, NPM_FILE);
  const npmDoc: unknown = existsSync(npmPath) ? JSON.parse(await readFile(npmPath, 'utf8')) : [];
  const npm = existsSync(npmPath)
    ? readProviders(npmDoc, { source: NPM, file: `${FOLDER}/${NPM_FILE}`, date: NPM_PUBLISHED, version: `@pydantic/genai-prices ${NPM_VERSION}`, promotions }, issues)
    : [];
  const yml: Listing[] = [];
  const ymlDocs: unknown[] = [];
  const ymlDir = path.join(dir, 'providers-yml');
  const ymlFiles = existsSync(ymlDir) ? (await readdir(ymlDir)).filter((n) => n.endsWith('.yml')).sort() : [];
  for (const name of ymlFiles) {
    const file = `${FOLDER}/providers-yml/${name}`;
    let doc: unknown;
    try {
      doc = parseYaml(await readFile(path.join(ymlDir, name), 'utf8'));
    } catch (err) {
      issues.push(issueAt({ source: REPO, file, row: '(file)' }, `not valid YAML: ${(err as Error).message.split('\n')[0]}`));
      continue;
    }
    ymlDocs.push(doc);
    yml.push(...readProviders([doc], { source: REPO, file, date: head.date, version: `genai-prices ${head.commit.slice(0, 10)}`, promotions }, issues));
  }

  const changesPath = path.join(dir, CHANGES_FILE);
  const records: PriceRecord[] = [];
  const history = existsSync(changesPath)
    ? await readGenaiChanges(changesPath, `${FOLDER}/${CHANGES_FILE}`, REPO, issues, (r) => records.push(r))
    : [];
  const { datesOf } = genaiPriceDates(records);

  // The npm copy is newer: it wins for every provider/model it has; the yml fills in what it lacks.
  const ymlByKey = new Map(yml.map((l) => [l.key, l]));
  const npmKeys = new Set(npm.map((l) => l.key));
  const repoCopy = `the repository snapshot that states it (genai-prices ${head.commit.slice(0, 10)})`;
  // A bundle listing the repository's copy of its provider's file lacks was added between the two copies (GPT-6 Sol
  // at OpenAI: not in openai.yml of 2026-08-21, in the bundle of 2026-09-23). Providers with no file in the repository
  // copy (cursor, github-copilot...) say nothing about when.
  const ymlProviders = new Set(yml.map((l) => l.provider));
  const between = {
    after: head.date, by: NPM_PUBLISHED,
    note: `absent from genai-prices ${head.commit.slice(0, 10)} (${head.date}), present in @pydantic/genai-prices ${NPM_VERSION} (${NPM_PUBLISHED})`,
  };
  for (const l of npm) if (l.offer && ymlProviders.has(l.provider) && !ymlByKey.has(l.key)) l.offer.listed_between = between;
  for (const l of npm) {
    // The bundle drops prices_checked; where the repo's prices are the same, its check date still dates them.
    const twin = ymlByKey.get(l.key);
    if (l.offer && twin?.offer && twin.checked && samePrices(l.offer, twin.offer)) l.offer.as_of = twin.checked;
    if (!l.offer) continue;
    // Each price by genai-prices' history; where it cannot, the repository's copy of the same figure, else the bundle's.
    const same = (f: (typeof DATED_FIELDS)[number]) => twin?.offer?.[f] !== undefined && twin.offer[f] === l.offer![f];
    const dates = Object.fromEntries(DATED_FIELDS.flatMap((f) => {
      if (l.offer![f] === undefined) return [];
      const d = datesOf(l.provider, l.id, { [f]: l.offer![f] }, {
        day: NPM_PUBLISHED,
        checked: same(f) ? twin?.checked : undefined,
        fallback: same(f) ? { as_of: head.date, by: repoCopy } : { as_of: NPM_PUBLISHED, by: `the npm bundle @pydantic/genai-prices ${NPM_VERSION}, the first copy that states it` },
      })[f];
      return d ? [[f, d]] : [];
    }));
    setPriceDates(l.offer, dates);
    notePrices(l);
  }
  for (const l of yml) {
    if (!l.offer || npmKeys.has(l.key)) continue;
    setPriceDates(l.offer, datesOf(l.provider, l.id, l.offer, { day: head.date, checked: l.checked, fallback: { as_of: head.date, by: repoCopy } }));
    notePrices(l);
  }
  const used = new Set([...npm, ...yml].flatMap((l) => (l.promotion ? [promotionKey(l.promotion.row.source, l.provider, l.id)] : [])));
  for (const [key, r] of promotions) {
    if (used.has(key)) continue;
    issues.push({ source: 'price-promotions', file: `data/curated/${PROMOTIONS_FILE}`, row: `${r.provider}/${r.model}`,
      message: `no ${r.source} listing ${r.provider}/${r.model} whose comment states the promotion's end: the row applies nothing` });
  }
  const all = [...npm, ...yml.filter((l) => !npmKeys.has(l.key))];
  const listings = dropOpenRouterVariants(all, openRouterVariants(records), issues);
  dropOpenRouterCopies(listings, openRouterCopies(records), issues);
  markFallbackRemovals(history, fallbackProviders([...ymlDocs, ...(Array.isArray(npmDoc) ? npmDoc : [])]), await fallbacksSince(dir, issues));
  // Dated price lists of the listings in use (the npm copy's where it has the model): changes git cannot date.
  const changes = [...history, ...listings.flatMap((l) => l.scheduled)];
  return {
    sources: sourceRows(head.date),
    models: listings.map((l) => l.model),
    offers: listings.flatMap((l) => (l.offer ? [l.offer] : [])),
    changes,
    issues,
  };
}

function sourceRows(repoDate: string): Source[] {
  const attribution = 'genai-prices by Pydantic (https://github.com/pydantic/genai-prices), MIT licence';
  return [
    {
      id: REPO,
      name: 'genai-prices (Pydantic)',
      url: 'https://github.com/pydantic/genai-prices',
      licence: 'MIT',
      kind: 'aggregator',
      retrieved: repoDate,
      attribution,
      covers: 'Prices per provider and model with the date each was checked, reference URLs, and price history from git',
      counts_for_data_as_of: true,
    },
    {
      id: NPM,
      name: `@pydantic/genai-prices ${NPM_VERSION} (npm)`,
      url: 'https://www.npmjs.com/package/@pydantic/genai-prices',
      licence: 'MIT',
      kind: 'aggregator',
      retrieved: NPM_PUBLISHED,
      attribution,
      covers: 'The newer prices bundled in the npm package, preferred over the repository snapshot where both list a model',
      counts_for_data_as_of: true,
    },
  ];
}

type Ctx = { source: string; file: string; date: string; version: string; promotions: ReadonlyMap<string, Promotion> };

function readProviders(doc: unknown, ctx: Ctx, issues: IngestIssue[]): Listing[] {
  const out: Listing[] = [];
  if (!Array.isArray(doc)) {
    issues.push(issueAt({ source: ctx.source, file: ctx.file, row: '(file)' }, 'expected a list of providers'));
    return out;
  }
  doc.forEach((raw, i) => {
    const where: Where = { source: ctx.source, file: ctx.file, row: `providers[${i}]` };
    const p = parseFields(raw, ProviderFields, where, issues);
    if (!p?.id || !p.models) {
      if (p) issues.push(issueAt(where, 'a provider needs an id and a list of models', p.id ? 'models' : 'id'));
      return;
    }
    p.models.forEach((m, j) => {
      // A provider-wide pricing page dates every model only when it is the provider's one pricing page.
      const pricingUrl = p.pricing_urls?.length === 1 ? p.pricing_urls[0] : undefined;
      const listing = readModel(m, p.id!, pricingUrl, ctx, { ...where, row: `${p.id}/models[${j}]` }, issues);
      const converted = listing && conversionNote(p.price_comments, (m as { price_comments?: string })?.price_comments,
        (m as { description?: string })?.description);
      if (listing && converted) listing.converted = converted;
      // Zhipu AI's open.bigmodel.cn (its api_pattern): mainland China's API, priced in yuan (catalogue-util.ts).
      if (listing?.offer && mainlandChinaApi({ id: p.id!, name: p.name, api: p.api_pattern })) listing.offer = { ...listing.offer, region: 'cn' };
      if (listing) out.push(listing);
    });
  });
  return out;
}

function readModel(raw: unknown, providerId: string, pricingUrl: string | undefined, ctx: Ctx, at: Where, issues: IngestIssue[]): Listing | undefined {
  const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : undefined;
  const where = id ? { ...at, row: `${providerId}/${id}` } : at;
  const m = parseFields(raw, ModelFields, where, issues);
  if (!m) return undefined;
  if (!m.id) {
    issues.push(issueAt(where, 'a model needs an id', 'id'));
    return undefined;
  }
  // `removed: true` models are kept in the repo for history but left out of the published data: not offered.
  if (m.removed) return undefined;
  const target = offerTarget(providerId, m.id);
  const model = defined<ModelObservation>({
    source: ctx.source,
    source_model_id: `${providerId}/${m.id}`,
    // Where the offer is a first-party API (not Claude filed under google, which is Vertex AI's).
    vendor_hint: FIRST_PARTY_PROVIDERS.has(target.provider) ? target.provider : undefined,
    provider: target.provider,
    as_of: ctx.date,
    name: m.name,
    status: m.deprecated ? 'deprecated' : undefined,
    context_window: m.context_window,
  });
  // A promotion the listing's comment says has ended: its price becomes the promotion until the end, the list price after.
  const promoRow = ctx.promotions.get(promotionKey(ctx.source, providerId, m.id));
  const ended = promoRow && m.prices !== undefined ? endPromotion(m.prices, m.price_comments, promoRow, issues) : undefined;
  const promotion = promoRow && ended ? { row: promoRow, prices: offerPrices(readPrices(m.prices, ctx.date, where, []) ?? {}) } : undefined;
  if (ended) m.prices = ended;
  const block = m.prices === undefined ? undefined : readPrices(m.prices, ctx.date, where, issues);
  if (m.prices === undefined) issues.push(issueAt(where, 'a model without prices: no offer', 'prices'));
  // A price copied from another provider's listing is that provider's price (listed under it already), not an
  // offer of this one: no offer, so it is never taken for the developer's own (docs/data.md, "Imported prices").
  const offer = block && !importedPriceOf(m.price_comments)
    ? defined<OfferObservation>({
        source: ctx.source,
        ...target,
        region: regionOfSku(target.provider_model_id),
        as_of: m.prices_checked ?? ctx.date,
        ...offerPrices(block),
        context_window: m.context_window,
        next_prices: nextPrices(m.prices, ctx.date),
        time_of_day_note: timeOfDayNote(m.prices, ctx.date),
        url: referenceUrl(m.price_comments) ?? pricingUrl,
        // `deprecated` is this provider's flag on its listing.
        status: m.deprecated ? 'deprecated' : undefined,
        file: where.file,
        row: where.row,
      })
    : undefined;
  const scheduled = block
    ? scheduledPriceChanges(m.prices, ctx.date, { source: ctx.source, provider: target.provider, provider_model_id: target.provider_model_id, source_model_id: `${providerId}/${m.id}`, version: ctx.version }, where)
    : [];
  const reference = m.price_comments ? referenceUrl(m.price_comments) : undefined;
  // The change the end makes is the provider's, dated by the comment, not a start_date upstream wrote: said so.
  if (promotion) {
    const { row } = promotion;
    for (const c of scheduled) {
      c.subject = `promotion ended ${row.ends}, list price from ${row.list_from}; the end as ${endStatedBy(row)} states (price comment in ${ctx.version})`;
      c.real_change = promotionEndBasis(row);
    }
  }
  return {
    key: listingKey(providerId, m.id), provider: providerId, id: m.id, model, offer, checked: m.prices_checked, scheduled,
    ...(reference ? { reference } : {}), ...(promotion ? { promotion } : {}),
  };
}

/** A listing an OpenRouter sync filed under a developer with OpenRouter's SKU tag is neither model nor offer of it. */
function dropOpenRouterVariants(listings: Listing[], variants: ReadonlyMap<string, PriceRecord>, issues: IngestIssue[]): Listing[] {
  return listings.filter((l) => {
    const r = variants.get(l.key);
    if (!r) return true;
    issues.push({
      source: l.model.source, file: l.offer?.file ?? FOLDER, row: l.key.replace('\u0000', '/'), field: 'id',
      message: `OpenRouter's variant, added to this provider's file by ${r.commit} (${r.date.slice(0, 10)}, "${r.subject}"): not a listing of this provider`,
    });
    return false;
  });
}

/**
 * A developer file's price that an OpenRouter sync last set, unchanged since and checked against no page of the
 * provider's, is OpenRouter's price (genai-prices-copies.ts): no offer, as for an "Imported from" comment. The
 * model entry still counts; each dropped price is an ingest issue naming the commit.
 */
function dropOpenRouterCopies(listings: Listing[], copies: ReadonlyMap<string, CopiedPrice>, issues: IngestIssue[]): void {
  for (const l of listings) {
    const copy = copies.get(l.key);
    if (!copy || !l.offer || l.reference) continue;
    if (!stillCopied(copy, { input: l.offer.input, output: l.offer.output, tiers: l.offer.tiers, next: l.offer.next_prices })) continue;
    issues.push({
      source: l.offer.source, file: l.offer.file ?? FOLDER, row: l.offer.row ?? l.key.replace('\u0000', '/'), field: 'prices',
      message: `price copied from OpenRouter by ${copy.commit} (${copy.date}, "${copy.subject}"): OpenRouter's price, not an offer of this provider`,
    });
    // The file's own `deprecated` flag on the listing is no price: it still retires the listing other sources price
    // (Mistral's mistral-tiny, which LiteLLM lists without a status).
    const { input, output, cache_read, cache_write, tiers, next_prices, time_of_day_note, url, price_dates, ...listing } = l.offer;
    if (listing.status === 'deprecated') l.offer = listing;
    else delete l.offer;
  }
}

/**
 * Notes on a listing's prices: converted from another currency (each price says so), and a promotion that ended (each
 * list price dated from the end, with a note naming the promotion's price).
 */
function notePrices(l: Listing): void {
  if (l.offer && l.converted) {
    const dates = { ...l.offer.price_dates };
    for (const f of DATED_FIELDS) {
      if (l.offer[f] === undefined) continue;
      const d = dates[f];
      dates[f] = { ...d, as_of: d?.as_of ?? l.offer.as_of, note: d?.note ? `${d.note}; ${l.converted}` : l.converted };
    }
    l.offer.price_dates = dates;
  }
  if (!l.offer || !l.promotion) return;
  const { row, prices } = l.promotion;
  const dates = { ...l.offer.price_dates };
  for (const f of ['input', 'output', 'cache_read'] as const) {
    if (l.offer[f] === undefined || l.offer[f] === prices[f]) continue;
    dates[f] = { as_of: row.list_from, note: listPriceNote(row, prices[f], l.model.as_of) + (l.converted ? `; ${l.converted}` : '') };
  }
  l.offer.price_dates = dates;
}

/** Per-price dates, kept only where one differs from the reading's own date, carries a note or a set day. */
function setPriceDates(offer: OfferObservation, dates: NonNullable<OfferObservation['price_dates']>): void {
  const kept = Object.fromEntries(Object.entries(dates).filter(([, d]) => d.as_of !== offer.as_of || d.note !== undefined || d.set_on !== undefined));
  if (Object.keys(kept).length) offer.price_dates = kept;
}

function samePrices(a: OfferObservation, b: OfferObservation): boolean {
  const pick = (o: OfferObservation) => JSON.stringify([o.input, o.output, o.cache_read, o.cache_write, o.tiers]);
  return pick(a) === pick(b);
}

/**
 * The provider a listing's price was copied from, when its comment says so: upstream files such a price under the
 * developer while the developer publishes none. Upstream words it three ways (npm 0.1.8 bundle): "Imported from
 * OpenRouter pricing; verify against OpenAI pricing when native API pricing is published" (gpt-oss-120b), "Can't find
 * pricing on this model, so just trusting open router" (mistral-small-24b-instruct-2501) and "Seen on OpenRouter
 * before OpenAI" (gpt-5-image, priced exactly as OpenRouter's openai/gpt-5-image). "Trusting the original source" or
 * "trusting these prices" names no other provider: an unverified price, not a copy.
 */
export function importedPriceOf(comment: string | undefined): string | undefined {
  if (!comment) return undefined;
  const named = COPIED_FROM.map((re) => re.exec(comment)?.[1]).find((name) => name !== undefined);
  return named && /^open ?router$/i.test(named) ? 'OpenRouter' : named;
}

const COPIED_FROM = [
  /\bimported from ([\w .-]+?) pricing\b/i,
  /\btrusting (open ?router)\b/i,
  /\bseen on ([\w.-]+(?: [\w.-]+)*?) before\b/i,
];

/** The first URL a model's price comment cites, skipping GitHub issue and PR links (discussions, not price pages). */
function referenceUrl(comment: string | undefined): string | undefined {
  return urlsIn(comment).find((u) => new URL(u).hostname !== 'github.com');
}
