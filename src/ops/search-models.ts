// search_models: find models by text and filters, sorted by rating, price, release date, name or relevance.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { ServiceError } from '../errors/index.ts';
import { DEFAULT_INPUT_SHARE } from '../engines/constants.ts';
import { benchmarkNames, bestScores, knownBenchmark } from '../engines/benchmarks.ts';
import { isLanguageModel, MODEL_KIND_TEXT, MODEL_KINDS, modelKind, type ModelKind } from '../engines/language-model.ts';
import { CAPABILITIES, literalMatch, SEARCH_SORTS, searchModels, type SearchQuery } from '../engines/search.ts';
import { boundedMatches, otherKindMatches, releasePlacedLast, undatedMatches } from '../engines/search-left-out.ts';
import { readVendor } from '../engines/search-vendor.ts';
import { filterWords } from '../engines/search-filter-words.ts';
import { BenchmarkScore, IsoDate } from '../schema/index.ts';
import { Cursor, Limit, Page, paginate, wireFact } from './common.ts';
import { kept, stitched } from './json-fragment.ts';
import { oldPricesNote } from './search-models-old-price.ts';
import { defineOperation, READ_ONLY } from './operation.ts';
import { ModelSummary, toSummary } from './shapes.ts';

const Usd = z.number().min(0).max(1000000);

const BenchmarkName = z
  .string({ error: 'benchmark must be a benchmark name, e.g. `swe-bench-pro`' })
  .trim()
  .min(1, 'benchmark must name a benchmark, e.g. `swe-bench-pro`')
  .max(100, 'benchmark is at most 100 characters')
  .regex(/[\p{L}\p{N}]/u, 'benchmark must contain a letter or digit, e.g. `swe-bench-pro`');

const SearchItem = ModelSummary.extend({
  benchmark: wireFact(BenchmarkScore).optional().describe('With `benchmark`: the score used for the filter and sort, the highest of the model\'s scores on that benchmark (its metric, harness, variant and subset say what was measured).'),
});
type SearchItem = z.infer<typeof SearchItem>;

/**
 * A model's summary with its score on the benchmark asked for, made once per score (each belongs to one model of one
 * dataset) and kept: a page copies its JSON and its partial-tier projection as text made once.
 */
const withScores = new WeakMap<object, SearchItem>();

function withScore(summary: ModelSummary, score: SearchItem['benchmark'] & object): SearchItem {
  let item = withScores.get(score);
  if (!item) withScores.set(score, (item = kept(Object.assign({}, summary, { benchmark: score }))));
  return item;
}

/** What the results say about the models they cannot date. */
function undatedNote(count: number, releasedAfter: string | undefined) {
  const placed = releasedAfter !== undefined ? 'left_out' as const : 'last' as const;
  const models = `${count} matching model${count === 1 ? '' : 's'} ha${count === 1 ? 's' : 've'} no release date`;
  return {
    count, placed,
    note: placed === 'left_out'
      ? `${models}: none can be shown released after ${releasedAfter}, so they are left out; search without released_after to see them`
      : `${models}: they follow every dated model, ordered by arena rating`,
  };
}

/** At most this many left-out models are named: the committed dataset has 31 bounded releases. */
const MAX_BOUNDED_NAMED = 50;

/**
 * What the results say about the models whose release only a bound gives (docs/data.md, "Bounded release dates"): with
 * released_after, left out, or with include_bounded among the results as possibly released after the day; sorted by
 * release date, placed at their bound.
 */
function boundedNote(count: number, releasedAfter: string | undefined, left: readonly string[], included = false) {
  const placed = releasedAfter === undefined ? 'at_bound' as const : included ? 'included' as const : 'left_out' as const;
  const one = count === 1;
  const models = `${count} matching model${one ? '' : 's'} ha${one ? 's' : 've'} only a bound of ${one ? 'its' : 'their'} release`;
  const named = `(\`models\` names ${one ? 'it' : 'them'})`;
  return {
    count, placed,
    ...(placed !== 'at_bound' ? { models: left.slice(0, MAX_BOUNDED_NAMED) } : {}),
    note: placed === 'left_out'
      ? `${models} (release_date.bound) that may lie after ${releasedAfter} but does not prove it, so ${one ? 'it is' : 'they are'} `
        + `left out ${named}; include_bounded=true admits ${one ? 'it' : 'them'} as possibly released after it, or search without `
        + `released_after, sorted by release_date, to see ${one ? 'it' : 'them'}`
      : placed === 'included'
        ? `${models} (release_date.bound) that may lie after ${releasedAfter} but does not prove it: asked for (include_bounded), `
          + `${one ? 'it is' : 'they are'} among the results as possibly released after it ${named}, not as released after it: `
          + 'a model listed "on or before" a day may be older than the day asked'
        : `${models} (release_date.bound): each is placed at its bound, so a model released "on or before" a day may belong `
          + 'lower and one released "on or after" a day higher',
  };
}

/** What the results say about the releases known only as "on or before" the newest snapshot's day (release-bound.ts). */
function snapshotBoundedNote(ids: readonly string[], day: string) {
  const one = ids.length === 1;
  return {
    count: ids.length, day, models: ids.slice(0, MAX_BOUNDED_NAMED), placed: 'after_dated' as const,
    note: `${ids.length} result${one ? ' is' : 's are'} known only as released on or before ${day}, the day of the newest `
      + `snapshot: first seen in it, ${one ? 'it' : 'they'} may have been released that week or years before, so ${one ? 'it follows' : 'they follow'} `
      + 'every model a release date or an earlier bound places, by arena rating, before the models with no release date '
      + `(\`models\` names ${one ? 'it' : 'them'}; each result's release_date keeps its bound and note)`,
  };
}

/**
 * Where q's words name a filter search_models has (`cheap`: sort=price, `long context`: min_context, `vision`:
 * capability=vision) and the search so asked finds more than the text did, the request to make instead: q matches
 * names only, so `q=cheap long context` found nothing and `q=vision` 19 models named so, where capability=vision finds 261.
 */
function queryHint(ds: Dataset, query: SearchQuery & { q: string }, total: number) {
  const r = filterWords(query.q, query);
  if (!r) return undefined;
  const sort = r.query.sort ?? (r.rest !== undefined ? 'relevance' : query.sort === 'relevance' ? 'elo' : query.sort);
  const found = searchModels(ds, { ...query, ...r.query, q: r.rest, sort }).length;
  if (found <= total) return undefined;
  const parameters = [...(r.rest !== undefined ? [`q=${r.rest}`] : []), ...r.read.map((x) => x.parameter)].join('&');
  const words = r.read.map((x) => `"${x.phrase}" as ${x.parameter}`).join(', ');
  return {
    parameters, total: found,
    note: `q matches model names, ids, aliases and developers, not what a model can do or costs: "${query.q.slice(0, 200)}" found `
      + `${total} model${total === 1 ? '' : 's'}; read as filters (${words}${r.read.some((x) => x.parameter.startsWith('min_context')) ? ', 128,000 tokens being one common long-context threshold' : ''}), `
      + `the same search finds ${found}: ask ${parameters}.`,
  };
}

/** At most this many models of other kinds are named: the committed dataset has 48. */
const MAX_OTHER_KINDS_NAMED = 50;

/** A kind in words, one and many: the note is read by people, `by_kind` carries the wire names. */
const KIND_WORDS: Record<Exclude<ModelKind, 'language_model'>, readonly [string, string]> = {
  embedder: ['embedder', 'embedders'], reranker: ['reranker', 'rerankers'],
  speech_recogniser: ['speech recogniser', 'speech recognisers'], image_generator: ['image generator', 'image generators'],
  video_generator: ['video generator', 'video generators'], audio_generator: ['audio generator', 'audio generators'],
  other: ['model of another kind', 'models of other kinds'],
};

/** What the results say about the matches of other kinds the default (language models only) left out. */
function otherKindsNote(ds: Dataset, left: readonly string[]) {
  const byKind: Partial<Record<ModelKind, number>> = {};
  for (const id of left) {
    const k = modelKind(ds.modelById.get(id)!);
    byKind[k] = (byKind[k] ?? 0) + 1;
  }
  const one = left.length === 1;
  const kinds = Object.entries(byKind)
    .map(([k, n]) => `${n} ${KIND_WORDS[k as keyof typeof KIND_WORDS]?.[n === 1 ? 0 : 1] ?? k}`).join(', ');
  return {
    count: left.length, by_kind: byKind, models: left.slice(0, MAX_OTHER_KINDS_NAMED),
    note: `${left.length} matching model${one ? ' is' : 's are'} not ${one ? 'a language model' : 'language models'} (${kinds}): `
      + `search_models lists language models unless \`kind\` says otherwise, so ${one ? 'it is' : 'they are'} left out `
      + `(\`models\` names ${one ? 'it' : 'them'}); kind=any lists every kind, kind=<kind> one of them.`,
  };
}

export const search_models = defineOperation({
  name: 'search_models',
  title: 'Search the model catalogue',
  description:
    'Find language models by text (name, id, alias, developer) and filters: kind (language models unless `kind` says otherwise: `kind=any` adds the embedders, rerankers, speech recognisers and image, video and audio generators the catalogues also list, each result saying its `kind`), vendor, open weights, licence, minimum context window, maximum input or output price (USD per 1M tokens, met by at least one offer a new customer can buy today at the standard price), capabilities, release date, a published benchmark score. Each result is a one-line summary: release date, open weights, licence, context window, best overall arena rating (with the variant) and the cheapest offer. Sorted by relevance when `q` is given, otherwise by arena rating; also by price, release date, name or a benchmark score (`benchmark=swe-bench-pro&sort=benchmark`).',
  path: '/models',
  input: z.object({
    q: z.string().min(1).max(200).optional().describe(
      'Text to match against name, id, aliases and developer; every word must match (prefixes count), and words typed side by side in the order a model\'s name or id writes them rank first (`llama 3`: Llama 3 and 3.x before Llama Guard 3), e.g. `llama 3.3`, ' +
        '`gpt-4o`. An alias counts without its provider, gateway or host part (`llamagate/qwen3-8b` is found as `qwen3-8b`, ' +
        'not by `llama`; nor `nano-gpt/anthropic/claude-opus-4.6` by `gpt`); a query with a `/` also matches aliases whole (`ollama-cloud/qwen3:8b`). At most 200 characters.',
    ),
    vendor: z.string().min(1).max(100).optional().describe('Developer id or name, case-insensitive (e.g. `meta`, `deepseek`), or the owner its models are published under on Hugging Face when that is one developer\'s (`meta-llama`); an unknown one is refused with the closest developers.'),
    open_weights: z.boolean().optional().describe('true: only models whose weights a source says are downloadable; false: only models a source says are closed. Models with no evidence either way are left out of both.'),
    licence: z.string().min(1).max(100).optional().describe('Licence id as get_model shows it, case-insensitive (e.g. `apache-2.0`, `mit`, `llama-3.3-community`).'),
    min_context: z.number().int().min(1).max(100000000).optional().describe('Minimum context window in tokens.'),
    max_input_price: Usd.optional().describe("Maximum input price, USD per 1M tokens, 0..1,000,000: a model qualifies if at least one offer is at or under it (and under max_output_price when both are given); the offers read are those the summary's `cheapest_offer` is chosen from: base SKUs (`standard`, `regional`) priced above $0, served on the day judged, sold to new customers (batch, priority and free SKUs, shut-down offers and a shut-down model's listings meet no ceiling)."),
    max_output_price: Usd.optional().describe("Maximum output price, USD per 1M tokens, 0..1,000,000: a model qualifies if at least one offer is at or under it (and under max_input_price when both are given); the offers read are those the summary's `cheapest_offer` is chosen from: base SKUs (`standard`, `regional`) priced above $0, served on the day judged, sold to new customers (batch, priority and free SKUs, shut-down offers and a shut-down model's listings meet no ceiling)."),
    capability: z.array(z.enum(CAPABILITIES)).min(1).max(4).optional().describe('Capabilities a source must state the model has; repeatable, all must hold.'),
    released_after: IsoDate.optional().describe('Only models proven released strictly after this date, YYYY-MM-DD. A release '
      + 'known only by a bound (`release_date.bound`) passes only where the bound proves it: "on or before 2026-09-23" never '
      + 'does (it may be from 2025), "on or after 2025-06-25" does for any day before 2025-06-25; `bounded` counts the '
      + 'models left out that may lie after it. Models with no known release date are left out; `undated` counts them.'),
    include_bounded: z.boolean().optional().describe('With released_after: true also admits the models whose release only a '
      + 'bound gives and may lie after the day ("on or before 2026-09-23" for released_after=2026-08-01), as possibly released '
      + 'after it: `bounded` (placed `included`) names them, and each result\'s release_date keeps its bound. Default false: '
      + 'only a proven release passes. Without released_after it changes nothing.'),
    benchmark: BenchmarkName.optional().describe('Only models with a published score on this benchmark, e.g. `swe-bench-pro`, `SciCode`, `terminal-bench`; case, spaces and hyphens are ignored. Each result then carries the score used (`benchmark`). An unknown name is an error that lists the benchmarks the dataset holds. Scores measured under different harnesses, subsets or metrics are not strictly comparable: each result says which one it shows.'),
    kind: z.enum([...MODEL_KINDS, 'any']).optional().describe(`What kind of model: ${MODEL_KIND_TEXT}; \`any\`: every kind. `
      + 'Default `language_model`: the service is about language models, and an embedder or an image generator is no answer to '
      + 'a question about them (newest, cheapest, with vision); the matches of other kinds so left out are counted and named in '
      + '`other_kinds`, never dropped silently.'),
    sort: z.enum(SEARCH_SORTS).optional().describe('Order: `relevance` (needs q; the default when q is given), `elo` (best overall arena rating, highest first; the default without q and benchmark), `price` (cheapest blended offer at input share 0.75, lowest first; a model that is not a language model, an embedder, reranker, speech recogniser or generator, comes after the language models with a price; a model whose cheapest offer has only a price set more than 6 months before the data\'s date that no other source confirms follows the models of its kind whose price is not so old, `old_prices` naming them), `release_date` (newest first; a release known only by a bound is placed at its bound, and `bounded` counts them, except one known only as "on or before" the newest snapshot\'s day, which follows every dated model, `snapshot_bounded` naming them), `name` (A to Z), `benchmark` (needs benchmark; highest score first, the default when benchmark is given without q). Models without the sorted value come last; with `release_date`, `undated` says how many have no date.'),
    limit: Limit,
    cursor: Cursor,
  }).strict(),
  output: z.object({
    sort: z.enum(SEARCH_SORTS).describe('The order applied.'),
    input_share: z.number().describe('Input share of the blended prices in the summaries.'),
    undated: z.object({
      count: z.number().int().min(0).describe('Models matching the query (every filter but released_after) that have no release date.'),
      placed: z.enum(['last', 'left_out']).describe('`last`: sorted by release date, they follow every dated model; `left_out`: released_after cannot admit them.'),
      note: z.string(),
    }).optional().describe('With sort=release_date or released_after: the matching models no source dates, so none is dropped silently.'),
    bounded: z.object({
      count: z.number().int().min(0).describe('With released_after: models matching every other filter whose release only a bound gives and '
        + 'that may lie after the day, left out (or, with include_bounded, included). With sort=release_date: the results whose release only a bound gives, placed at it (those bounded only by the snapshot\'s day are in `snapshot_bounded`).'),
      models: z.array(z.string()).optional().describe('With released_after: the ids of those models (up to 50) in the release order (newest bound first, a bound at the snapshot\'s day last): left out, or with include_bounded the results admitted only as possibly released after the day.'),
      placed: z.enum(['left_out', 'at_bound', 'included']).describe('`left_out`: released_after admits only a proven release; `at_bound`: '
        + 'sorted by release date, each is placed at its bound; `included`: include_bounded admitted them as possibly released after the day.'),
      note: z.string(),
    }).optional().describe('With sort=release_date or released_after, where some matching model\'s release is only bounded '
      + '(`release_date.bound`: on or before, on or after a day): how the answer placed them, so none is dropped or misplaced silently.'),
    snapshot_bounded: z.object({
      count: z.number().int().min(1).describe('The results whose release is known only as on or before `day`.'),
      day: IsoDate.describe('The day of the newest source snapshot the dataset was built from (`data_as_of`).'),
      models: z.array(z.string()).describe('Their ids (up to 50), in the order shown.'),
      placed: z.literal('after_dated').describe('After every model a release date or an earlier bound places, before the undated.'),
      note: z.string(),
    }).optional().describe('With sort=release_date, where some results are known only as released on or before the day of the '
      + 'newest snapshot (first seen in it): such a bound says when the data were read, not when the model was released, so '
      + 'these follow the dated models rather than lead the list; `bounded` counts the other bounded results, placed at their bound.'),
    bounded_in_results: z.object({
      count: z.number().int().min(1).describe('The results whose release only a bound gives (a lower bound after the day; with include_bounded, also those admitted as possible).'),
      placed: z.literal('at_bound').describe('Each is placed at its bound.'),
      note: z.string(),
    }).optional().describe('With released_after and sort=release_date, where some results\' release is only bounded: they are '
      + 'placed at their bound (`bounded` then counts the matches left out).'),
    old_prices: z.object({
      count: z.number().int().min(1).describe('Results whose cheapest offer has only a price set more than 6 months before the data\'s date that no other source confirms.'),
      models: z.array(z.string()).describe('Their ids (up to 50), in the order shown.'),
      placed: z.literal('after_current').describe('After every result of the same kind whose price is not so old, cheapest first among themselves.'),
      note: z.string(),
    }).optional().describe('With sort=price, where some results\' cheapest offer rests on such an old price (its `set_on` dates): '
      + 'a reader of a price sort reads the first places as prices to pay today, so these follow the others rather than lead the list.'),
    other_kinds: z.object({
      count: z.number().int().min(1).describe('Matches (every other filter applied) that are not language models.'),
      by_kind: z.partialRecord(z.enum(MODEL_KINDS), z.number().int().min(1)).describe('How many of each kind.'),
      models: z.array(z.string()).describe('Their ids (up to 50), in the order asked.'),
      note: z.string(),
    }).optional().describe('Without `kind`, where models of other kinds than language models match: left out of the results by '
      + 'the default `kind=language_model`, and named here; absent when none matches or `kind` is given.'),
    hint: z.object({
      parameters: z.string().describe('The request to make instead, as query parameters (`sort=price&min_context=128000`).'),
      total: z.number().int().min(1).describe('Models that request finds, every other filter kept.'),
      note: z.string(),
    }).optional().describe('Where words of `q` name a filter (`cheap`: sort=price; `long context`: min_context; `open weights`: '
      + 'open_weights; `vision`, `reasoning`, `tools`: capability) and the search asked with it finds more models than the text '
      + 'did: q matches names, not properties. Absent otherwise.'),
    items: z.array(SearchItem),
    page: Page,
  }),
  annotations: READ_ONLY,
  examples: [
    { title: 'Find Llama 3.3 models', input: { q: 'llama 3.3' } },
    { title: 'Open-weights models with at least 128k context, cheapest first', input: { open_weights: true, min_context: 128000, sort: 'price', limit: 10 } },
    { title: 'Models with tool calling and vision under $1 per 1M input tokens', input: { capability: ['tool_calling', 'vision'], max_input_price: 1 } },
    { title: 'Best published SWE-Bench Pro scores', input: { benchmark: 'swe-bench-pro', sort: 'benchmark', limit: 10 } },
  ],
  // The widest page in each order without a query: every item's summary and its partial projection are kept per row
  // once shown, made here at start rather than by a caller's first such page (about 2 ms of CPU for the first call at
  // each tier, against 0.3 to 1 once made: docs/performance.md, seventeenth round).
  warmInputs: (['elo', 'price', 'release_date', 'name'] as const).map((sort) => ({ sort, limit: 100 })),
  handler(ds, input) {
    if (input.sort === 'relevance' && input.q === undefined) {
      throw new ServiceError('invalid_parameter', 'sort=relevance orders by text match and needs q.', {
        errors: [{ parameter: 'sort', message: 'relevance needs q', allowed: 'elo, price, release_date, name (or give q)' }],
      });
    }
    if (input.q !== undefined && !/[\p{L}\p{N}]/u.test(input.q)) {
      throw new ServiceError('invalid_parameter', 'q must contain at least one letter or digit.', {
        errors: [{ parameter: 'q', message: 'no letter or digit to match' }],
      });
    }
    if (input.sort === 'benchmark' && input.benchmark === undefined) {
      throw new ServiceError('invalid_parameter', 'sort=benchmark orders by the score on the benchmark named in `benchmark` and needs it.', {
        errors: [{ parameter: 'sort', message: 'benchmark sort needs benchmark', allowed: 'give benchmark (e.g. swe-bench-pro), or sort by elo, price, release_date, name' }],
      });
    }
    if (input.benchmark !== undefined && !knownBenchmark(ds, input.benchmark)) {
      throw new ServiceError('invalid_parameter', `No model in the dataset has a score on "${input.benchmark}".`, {
        errors: [{ parameter: 'benchmark', message: 'unknown benchmark', allowed: benchmarkNames(ds).join(', ') || 'none: the dataset holds no benchmark scores' }],
      });
    }
    let vendor = input.vendor;
    if (vendor !== undefined) {
      const read = readVendor(ds, vendor);
      if ('unknown' in read) {
        throw new ServiceError('invalid_parameter', `No developer in the dataset is named "${vendor}".`, {
          errors: [{ parameter: 'vendor', message: 'unknown developer', allowed: 'a developer id or name (e.g. meta, deepseek), or the owner its models are published under (meta-llama)' }],
          suggestions: read.suggestions,
        });
      }
      vendor = read.vendor;
    }
    const sort = input.sort ?? (input.q !== undefined ? 'relevance' : input.benchmark !== undefined ? 'benchmark' : 'elo');
    // The vendor as read (an owner's name resolved to its developer): the counts below filter as the search does.
    // Language models unless asked: `any` filters on no kind (docs: search_models, "What kind of model").
    // A query that is a model's id or alias exactly (`q=text-embedding-3-small`) finds that model whatever its kind: the
    // default narrows a search, it does not hide a model asked for by name (callers before `kind` got it).
    const exact = input.kind === undefined && input.q !== undefined ? literalMatch(ds, input.q) : undefined;
    const named = exact !== undefined && !isLanguageModel(ds.modelById.get(exact)!);
    const kind = input.kind === 'any' || named ? undefined : input.kind ?? 'language_model';
    const query = { ...input, vendor, sort, kind };
    const ids = searchModels(ds, query);
    const { items, page } = paginate(ids, input.limit, input.cursor);
    const scores = input.benchmark !== undefined ? bestScores(ds, input.benchmark) : undefined;
    const shown: SearchItem[] = new Array(items.length);
    for (let i = 0; i < items.length; i++) {
      const summary = toSummary(ds, ds.modelById.get(items[i])!);
      const score = scores?.get(items[i]);
      shown[i] = score ? withScore(summary, score) : summary;
    }
    // Sorted by release without released_after, the undated matches are among the ids already found: no second search.
    const undated = input.released_after !== undefined ? undatedNote(undatedMatches(ds, query), input.released_after)
      : sort === 'release_date' ? undatedNote(ids.reduce((n, id) => (ds.modelById.get(id)!.release_date ? n : n + 1), 0), undefined) : undefined;
    // Only where it says something: an answer with no bounded release keeps the shape it had.
    const left = input.released_after !== undefined ? boundedMatches(ds, query) : [];
    // Sorted by release, the results at their bound are said too: with released_after, beside the matches left out.
    // A bound at the snapshot's day places nothing: those results follow the dated ones and are said apart.
    const lastOnes = sort === 'release_date' ? ids.filter((id) => releasePlacedLast(ds, id)) : [];
    const atBound = sort === 'release_date'
      ? ids.reduce((n, id) => (ds.modelById.get(id)!.release_date?.bound ? n + 1 : n), 0) - lastOnes.length : 0;
    const snapshotBounded = lastOnes.length > 0 ? snapshotBoundedNote(lastOnes, ds.meta.data_as_of) : undefined;
    const boundedCount = input.released_after !== undefined ? left.length : atBound;
    const bounded = boundedCount > 0 ? boundedNote(boundedCount, input.released_after, left, input.include_bounded === true) : undefined;
    const placed = input.released_after !== undefined && atBound > 0 ? boundedNote(atBound, undefined, []) : undefined;
    // Said only where the default kind applied and left a match out: an asked kind is what the caller wants.
    const otherKinds = input.kind === undefined ? otherKindMatches(ds, query) : [];
    const oldPrices = sort === 'price' ? oldPricesNote(ds, ids) : undefined;
    const hint = input.q !== undefined ? queryHint(ds, { ...query, q: input.q }, page.total) : undefined;
    return stitched({ sort, input_share: DEFAULT_INPUT_SHARE, ...(undated ? { undated } : {}), ...(bounded ? { bounded } : {}),
      ...(placed ? { bounded_in_results: placed as typeof placed & { placed: 'at_bound' } } : {}),
      ...(snapshotBounded ? { snapshot_bounded: snapshotBounded } : {}),
      ...(oldPrices ? { old_prices: oldPrices } : {}),
      ...(otherKinds.length > 0 ? { other_kinds: otherKindsNote(ds, otherKinds) } : {}), ...(hint ? { hint } : {}),
      items: stitched(shown), page });
  },
});
