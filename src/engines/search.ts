// Model search: the query read against the per-dataset token index (search-index.ts), the catalogue filters and sort orders.
import { isLanguageModel, modelKind, type ModelKind } from './language-model.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { distance } from '../dataset/suggest.ts';
import type { Model } from '../schema/index.ts';
import { bestScores } from './benchmarks.ts';
import { frontierOfModel } from './offer-frontier.ts';
import { publicBy } from './public-by.ts';
import { boundedBySnapshot, mayBeAfter, provenAfter } from './release-bound.ts';
import { cheapestAtDefaultShare, overallRating } from './ranking.ts';
import { oldPriceSince } from './price-age.ts';
import { compact, phraseWords, searchIndex, tokenize, type TokenTable } from './search-index.ts';
import { holdsPhrase } from './search-phrase.ts';
import { rankByRelevance, type QueryKind, type TextMatch } from './search-rank.ts';

export const CAPABILITIES = ['tool_calling', 'reasoning', 'vision', 'structured_output'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const SEARCH_SORTS = ['relevance', 'elo', 'price', 'release_date', 'name', 'benchmark'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export type SearchQuery = {
  q?: string;
  vendor?: string;
  open_weights?: boolean;
  licence?: string;
  min_context?: number;
  max_input_price?: number;
  max_output_price?: number;
  /** Every listed capability must be stated true by a source. */
  capability?: readonly Capability[];
  /**
   * Strictly after this date (YYYY-MM-DD), proven: a release known only by a bound passes only where the bound proves
   * it (release-bound.ts); `boundedMatches` counts those it leaves out.
   */
  released_after?: string;
  /**
   * With `released_after`: also admit the models whose release only a bound gives and may lie after the day
   * (release-bound.ts mayBeAfter: "on or before 2026-09-23" for released_after=2026-08-01), as possibly released
   * after it; `boundedMatches` names them. Without it only a proven release passes.
   */
  include_bounded?: boolean;
  /** Only models with a score on this benchmark (name compared without case or separators). */
  benchmark?: string;
  /** Only models of this kind (language-model.ts); undefined: every kind. search_models defaults it to language models. */
  kind?: ModelKind;
  /** Default: `relevance` when `q` is given, else `elo`. `benchmark` needs `benchmark` (else it is `elo`). */
  sort?: SearchSort;
};

/** A query token that is only a prefix of an indexed token counts for less than a whole-token match. */
const PREFIX_FACTOR = 0.6;
/** At most this much for how much of the model's name the query covers: less than any field weight. */
const COVERAGE_WEIGHT = 1;
/** A query that is itself a known id or alias puts that model first. */
const EXACT_ID_BONUS = 100;
/** Compact (separator-free) matching starts at this many characters. */
const MIN_COMPACT = 3;
/** Longer queries add nothing but cost: tokens past this are ignored. */
const MAX_QUERY_TOKENS = 12;
/**
 * A query word no indexed word starts with is read as a typo of the indexed words at most this many edits away
 * (one for words of 4 to 7 letters, two from 8): `sonet` finds `sonnet`, `gemni` finds `gemini`. Shorter words are
 * too often another word one edit away (`gpt` / `opt`), and the first letter must agree: `ollama` (a host) is one
 * edit from `llama` but no typo of it. A typo match counts for this share of a whole-word match.
 */
const TYPO_MIN_LENGTH = 4;
const TYPO_FACTOR = 0.5;
const typoEdits = (w: string) => (w.length >= 8 ? 2 : 1);
/**
 * A query word naming the model's family (`llama` for Meta's Llama line) puts the developer's own models before
 * fine-tunes that carry the name in theirs (`hermes-3-llama-3.1-70b`, family nousresearch): more than a fine-tune's
 * exact `3` gains over the prefix `3` of `3.1` (4 - 0.6 x 4 = 1.6), less than a word matched in a name (4).
 */
const FAMILY_BONUS = 2;
/**
 * Query words (two or more, phraseWords) found side by side and in the order typed in a model's name or id: `llama 3`
 * is a phrase of Llama 3.3 70B Instruct, a bag of Llama Guard 3 8B's words. More than a whole version gains over its
 * point release (4 - 0.6 x 4 = 1.6: Llama Guard 3's whole `3` against the `3` of Llama 3.3), so the phrase comes
 * first; less than FAMILY_BONUS, so a fine-tune that writes the phrase (DeepSeek R1 Distill Llama 70B for
 * `llama 70b`) still follows the developer's own models that hold the words apart (Llama 3.3 70B Instruct).
 */
const PHRASE_BONUS = 1.8;
/** First position in the sorted keys not less than `prefix`. */
function lowerBound(keys: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A query word that is a version number: digits, with a point release (`5`, `3.5`, `4.1`). */
const VERSION_WORD = /^\p{N}+(?:\.\p{N}+)*$/u;
/**
 * A word that is the query word followed directly by a version number (`qwen3.6`, `glm4`, `llama3` for `qwen`, `glm`,
 * `llama`) holds the word whole: Qwen3.6 Plus is a Qwen as much as Qwen Max is. A letter query word only: `gpt` is
 * no whole word of `gpt4all`, nor `3` of `3.6` (VERSION_WORD's own rule).
 */
const versionedWord = (key: string, w: string) => /\p{L}$/u.test(w) && VERSION_WORD.test(key.slice(w.length));

/** Models holding a key that starts with `prefix`, each with its best score for it. */
function prefixScores(table: TokenTable, prefix: string): Map<string, number> {
  const scores = new Map<string, number>();
  for (let i = lowerBound(table.keys, prefix); i < table.keys.length && table.keys[i].startsWith(prefix); i++) {
    const key = table.keys[i];
    const factor = key === prefix || versionedWord(key, prefix) ? 1 : PREFIX_FACTOR;
    for (const [id, w] of table.postings.get(key)!) {
      const s = w * factor;
      if ((scores.get(id) ?? 0) < s) scores.set(id, s);
    }
  }
  return scores;
}

/**
 * What may follow a version number in a word and leave it that version: a point release (`3` in `3.3`) or a letter
 * naming a variant (`4` in `4o`, `3` in `3n`). Not a digit (`5` is not `51b`, `4` not `405b`), not a size
 * (`4b`, `128k`, `1m`, `8x7b`): those are another number. Nor a quantization (`6bit`, `4bits`, `8bpw`, as in the
 * repo `glm-5.1-6bit`): the number of bits a weight is stored in, no version of the model.
 */
const SAME_VERSION_TAIL = /^(?:\.\p{N}|(?![bkmt](?:$|\p{N})|x\p{N}|bits?$|bpw$)\p{L})/u;

/**
 * Models holding a word that is the version `w` or a point release or variant of it (SAME_VERSION_TAIL): `llama 5`
 * finds no Llama (no Llama 5 exists), where a prefix found the 51B Nemotron. A size or a longer number is no match.
 */
function versionScores(table: TokenTable, w: string): Map<string, number> {
  const scores = new Map<string, number>();
  for (let i = lowerBound(table.keys, w); i < table.keys.length && table.keys[i].startsWith(w); i++) {
    const key = table.keys[i];
    if (key !== w && !SAME_VERSION_TAIL.test(key.slice(w.length))) continue;
    const factor = key === w ? 1 : PREFIX_FACTOR;
    for (const [id, weight] of table.postings.get(key)!) {
      const s = weight * factor;
      if ((scores.get(id) ?? 0) < s) scores.set(id, s);
    }
  }
  return scores;
}

/** Models holding a word within typoEdits of `w` (TYPO_FACTOR of its weight); none for short words. Linear in the keys. */
function typoScores(table: TokenTable, w: string): Map<string, number> {
  const scores = new Map<string, number>();
  if (w.length < TYPO_MIN_LENGTH) return scores;
  const max = typoEdits(w);
  // Keys are sorted: those sharing the first letter are one run.
  for (let i = lowerBound(table.keys, w[0]); i < table.keys.length && table.keys[i].startsWith(w[0]); i++) {
    const key = table.keys[i];
    if (Math.abs(key.length - w.length) > max || distance(w, key, max) > max) continue;
    for (const [id, weight] of table.postings.get(key)!) {
      const s = weight * TYPO_FACTOR;
      if ((scores.get(id) ?? 0) < s) scores.set(id, s);
    }
  }
  return scores;
}

/**
 * Models matching `q`, with a relevance score. A model matches when every query word is (a prefix of) one of
 * its words, or when the query without separators is a prefix of one of its names without separators.
 */
export function textMatches(ds: Dataset, q: string): Map<string, number> {
  return new Map([...matchText(ds, q)].map(([id, m]) => [id, m.strength + m.coverage]));
}

/** The words and fields `q` matches in each model (`strength`) and how much of its name it covers, apart. */
export function matchText(ds: Dataset, q: string): ReadonlyMap<string, TextMatch> {
  // One request reads the same query up to four times (the results; the undated, bounded and other-kind matches): the
  // last query's matches are kept per dataset, read-only.
  const last = lastMatch.get(ds);
  if (last?.q === q) return last.out;
  const out = readText(ds, q);
  lastMatch.set(ds, { q, out });
  return out;
}

const lastMatch = new WeakMap<Dataset, { q: string; out: ReadonlyMap<string, TextMatch> }>();

function readText(ds: Dataset, q: string): Map<string, TextMatch> {
  const idx = searchIndex(ds);
  const words = [...new Set(tokenize(q))].slice(0, MAX_QUERY_TOKENS);
  let scores: Map<string, number> | undefined;
  for (const w of words) {
    // A number is a version, never a typo of another (`2025` is not `2024`).
    const version = VERSION_WORD.test(w);
    let hits = version ? versionScores(idx.words, w) : prefixScores(idx.words, w);
    if (hits.size === 0 && !version) hits = typoScores(idx.words, w);
    const next = new Map<string, number>();
    for (const [id, s] of hits) {
      if (!scores) next.set(id, s);
      else if (scores.has(id)) next.set(id, scores.get(id)! + s);
    }
    scores = next;
    if (scores.size === 0) break;
  }
  const result = scores ?? new Map<string, number>();
  const c = compact(q);
  // Shorter compact forms match nothing the word pass has not matched, and would scan most of the index.
  // A query naming a route or repo (`openrouter/qwen3`) also matches the aliases whole, owner included.
  const tables = q.includes('/') ? [idx.compacts, idx.qualified] : [idx.compacts];
  if (c.length >= MIN_COMPACT) {
    for (const table of tables) {
      for (const [id, s] of prefixScores(table, c)) {
        const asWhole = s * Math.max(1, words.length);
        if ((result.get(id) ?? 0) < asWhole) result.set(id, asWhole);
      }
    }
    // The query's words written together as one word of the model (`qwen 3` is the `qwen3` of Qwen3 32B): a whole
    // word, not the prefix `qwen3` also is of `qwen3.6`, so Qwen3 models come before Qwen3.6 ones.
    for (const [id, w] of idx.words.postings.get(c) ?? []) {
      const asWhole = w * Math.max(1, words.length);
      if ((result.get(id) ?? 0) < asWhole) result.set(id, asWhole);
    }
  }
  const named = familyNames(words);
  for (const [id, s] of result) {
    const runs = idx.family.get(id);
    if (runs && [...named].some((n) => runs.has(n))) result.set(id, s + FAMILY_BONUS);
  }
  const phrase = phraseWords(words.join(' '));
  if (phrase.length >= 2) {
    for (const [id, s] of result) if (idx.phrases.get(id)!.some((seq) => holdsPhrase(seq, phrase))) result.set(id, s + PHRASE_BONUS);
  }
  const exact = ds.resolveModelId(q);
  if (exact) result.set(exact, (result.get(exact) ?? 0) + EXACT_ID_BONUS);
  // Among equal matches the model whose name the query covers most comes first: `llama 3.3` finds
  // Llama 3.3 70B Instruct before Llama 3.3 Nemotron Super 49B v1.5.
  const spelled = new Set(idx.spelled.get(compact(q)) ?? []);
  const typed = new Set(words);
  const out = new Map<string, TextMatch>();
  for (const [id, strength] of result) {
    const coverage = words.length ? Math.min(1, words.length / idx.nameLength.get(id)!) * COVERAGE_WEIGHT : 0;
    const marks = idx.nonText.get(id);
    out.set(id, { strength, coverage, spelled: spelled.has(id), nonText: !!marks && ![...marks].some((w) => typed.has(w)) });
  }
  return out;
}

/**
 * The families a query names: each word, and each run of consecutive words written together, in compact form. A
 * family's name may be one word (`llama`, `qwen`) or two (`gemini pro` names gemini-pro, `claude sonnet`
 * claude-sonnet, `mistral large` mistral-large), where no single word is the family.
 */
function familyNames(words: readonly string[]): Set<string> {
  const named = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    let run = '';
    for (let j = i; j < words.length; j++) named.add((run += compact(words[j])));
  }
  return named;
}

export function passes(ds: Dataset, m: Model, f: SearchQuery): boolean {
  if (f.kind !== undefined && modelKind(m) !== f.kind) return false;
  if (f.vendor !== undefined) {
    const v = f.vendor.toLowerCase();
    if (m.vendor !== v && ds.developerById.get(m.vendor)?.name.toLowerCase() !== v) return false;
  }
  // Unknown is not false: a filter on a fact keeps only models whose fact a source states.
  if (f.open_weights !== undefined && m.open_weights?.value !== f.open_weights) return false;
  if (f.licence !== undefined && m.licence?.value.id.toLowerCase() !== f.licence.toLowerCase()) return false;
  if (f.min_context !== undefined && !((m.context_window?.value ?? 0) >= f.min_context)) return false;
  // Proven, not read off the bound: "on or before 2025-03-01" is no release after 2025-02-01 (docs/data.md).
  // Asked for (`include_bounded`), a release the bound leaves open past the day passes too, said as possible.
  if (f.released_after !== undefined && !provenAfter(m.release_date, f.released_after)
    && !(f.include_bounded === true && mayBeAfter(m.release_date, f.released_after, publicBy(ds).get(m.id)))) return false;
  for (const c of f.capability ?? []) if (m.capabilities[c]?.value !== true) return false;
  if (f.benchmark !== undefined && !bestScores(ds, f.benchmark).has(m.id)) return false;
  if (f.max_input_price !== undefined || f.max_output_price !== undefined) {
    // One offer must meet both ceilings: a caller buys both prices from the same provider. The offers read are those
    // the summary's cheapest offer is chosen from (offer-frontier.ts, as cheapest_for and estimate_cost read them):
    // base SKUs priced above $0, served on the day judged, sold to new customers, a doubtful one only for want of
    // another. A batch SKU ($0.20 for gpt-4.1-mini beside $0.40 standard) or a price of a shut-down model is no price a
    // caller can pay for the model, so it meets no ceiling. An offer the frontier drops is dearer on both sides than
    // one it keeps, so reading the frontier alone finds every model any such offer would.
    const ok = frontierOfModel(ds, m.id).served[0].some((o) =>
      (f.max_input_price === undefined || (o.prices.input !== undefined && o.prices.input.value <= f.max_input_price))
      && (f.max_output_price === undefined || (o.prices.output !== undefined && o.prices.output.value <= f.max_output_price)));
    if (!ok) return false;
  }
  return true;
}

type Order = 'elo' | 'price' | 'release_date' | 'name';
type Ranked = { models: readonly Model[]; position: ReadonlyMap<string, number> };
type Orders = Record<Order, Ranked>;
const orderCache = new WeakMap<Dataset, Orders>();

/**
 * Every model's position in each sort order, computed once per dataset so that a request only filters and
 * (for text matches) sorts its matches by position. Models without the sorted value come last, by elo.
 */
export function orders(ds: Dataset): Orders {
  let o = orderCache.get(ds);
  if (o) return o;
  const elo = new Map(ds.models.map((m) => [m.id, overallRating(ds, m.id)?.entry.best.rating]));
  const byElo = (a: Model, b: Model) => (elo.get(b.id) ?? -Infinity) - (elo.get(a.id) ?? -Infinity) || a.id.localeCompare(b.id);
  const ranked = (models: Model[]): Ranked => ({ models, position: new Map(models.map((m, i) => [m.id, i])) });
  const rank = <K>(key: (m: Model) => K | undefined, cmp: (a: K, b: K) => number): Ranked => {
    const keys = new Map(ds.models.map((m) => [m.id, key(m)]));
    return ranked([...ds.models].sort((a, b) => {
      const ka = keys.get(a.id);
      const kb = keys.get(b.id);
      if (ka === undefined || kb === undefined) return (ka === undefined ? 1 : 0) - (kb === undefined ? 1 : 0) || byElo(a, b);
      return cmp(ka, kb) || byElo(a, b);
    }));
  };
  o = {
    elo: ranked([...ds.models].sort(byElo)),
    // An embedder, reranker, speech recogniser or generator has no blended price a language model's compares with (bge-m3
    // sells input tokens only, $0.009 blended): it comes after every language model with a price, and among its like
    // (`kind=embedder&sort=price`) by its own price, cheapest first, before the models without one.
    // A model whose cheapest offer rests on a price set more than 6 months before the data's date that no other source
    // confirms (price-age.ts oldPriceSince: the model has no other, offer-frontier.ts) follows every model of its kind
    // whose price is not so old, as in cheapest_for: a reader of a price sort reads the first places as prices to pay today.
    price: rank((m) => {
      const c = cheapestAtDefaultShare(ds, m.id);
      return c === undefined ? undefined
        : { other: !isLanguageModel(m), old: oldPriceSince(c.offer, ds.meta.data_as_of) !== undefined, blended: c.blended };
    }, (a, b) => Number(a.other) - Number(b.other) || Number(a.old) - Number(b.old) || a.blended - b.blended),
    // A release known only as "on or before" the newest snapshot's day has no place among dated ones (release-bound.ts):
    // it follows them all, before the undated, by rating (docs/data.md, "Bounded release dates").
    release_date: rank((m) => (!m.release_date ? undefined : boundedBySnapshot(m.release_date, ds.meta.data_as_of) ? ''
      : m.release_date.value), (a, b) => (a === '' ? 1 : 0) - (b === '' ? 1 : 0) || b.localeCompare(a)),
    name: rank((m) => m.name.value.toLowerCase(), (a, b) => a.localeCompare(b)),
  };
  orderCache.set(ds, o);
  return o;
}

/**
 * Model ids matching the query, in the requested order. Orders: relevance (rankByRelevance, search-rank.ts), elo (best
 * overall rating, highest first), price (cheapest blended offer at input share 0.75, lowest first), release_date
 * (newest first; a release known only by a bound is placed at its bound, the served value: "on or before 2026-07-22"
 * as 2026-07-22, except a bound at the newest snapshot's day, which places nothing: after every dated model), name
 * (A to Z), benchmark (highest score on `benchmark` first; only models with one pass the filter). Models without the
 * sorted value come last; ties fall to elo, then id.
 */
export function searchModels(ds: Dataset, query: SearchQuery): string[] {
  const matches = query.q !== undefined ? matchText(ds, query.q) : undefined;
  const sort: SearchSort = query.sort ?? (matches ? 'relevance' : 'elo');
  if (sort === 'benchmark' && query.benchmark !== undefined) return byBenchmark(ds, query, query.benchmark, matches);
  const order = orders(ds)[sort === 'relevance' || sort === 'benchmark' ? 'elo' : sort];
  const keep = (m: Model) => passes(ds, m, query);
  // Without text the precomputed order is filtered as it stands: linear, no sort per request.
  if (!matches) return order.models.filter(keep).map((m) => m.id);
  const kept = [...matches.keys()].map((id) => ds.modelById.get(id)!).filter(keep).map((m) => m.id);
  if (sort === 'relevance') {
    return rankByRelevance(ds, kept, matches, literalMatch(ds, query.q!), order.position, queryKind(ds, query.q!));
  }
  return kept.sort((a, b) => order.position.get(a)! - order.position.get(b)!);
}

/**
 * A word that is a family's name with its version written on (`qwen3`, `qwen2.5`, `qwen3.6`): the first word of a
 * generation's names (Qwen3 8B, Qwen3 Max, Qwen3-VL 30B-A3B).
 */
const GENERATION_WORD = /^\p{L}+\p{N}+(?:\.\p{N}+)*$/u;

/**
 * What the query names (QueryKind): a `generation` when its words written together are such a word and the first word
 * of a name (`qwen 3`, `qwen3`); else a `line` when it is one word; else a `model`. `glm 5.3` is no generation: GLM-5.3
 * writes `glm` and `5.3` apart, so no name holds `glm5.3`.
 */
function queryKind(ds: Dataset, q: string): QueryKind {
  const words = tokenize(q);
  // Joined as tokens, not compacted: the dot of a point release stays (`qwen 3.6` is the word `qwen3.6`).
  const c = words.join('');
  if (GENERATION_WORD.test(c)) {
    const idx = searchIndex(ds);
    for (const id of idx.words.postings.get(c)?.keys() ?? []) if (tokenize(ds.modelById.get(id)!.name.value)[0] === c) return 'generation';
  }
  return words.length === 1 ? 'line' : 'model';
}

/** The model whose id or alias is the query exactly as typed (case aside), not only once separators are read alike. */
export function literalMatch(ds: Dataset, q: string): string | undefined {
  const typed = q.trim().toLowerCase();
  // Ids and routes hold no spaces: `gemini pro` is words (Gemini Pro models), though the arena calls Gemini 1.0 Pro so.
  if (/\s/.test(typed)) return undefined;
  const id = ds.resolveModelId(typed);
  if (id === undefined) return undefined;
  return id === typed || ds.modelById.get(id)!.aliases.some((a) => a.toLowerCase() === typed) ? id : undefined;
}

/** Highest score on the benchmark first (each model's best measurement there); ties fall to elo, then id. */
function byBenchmark(ds: Dataset, query: SearchQuery, benchmark: string, text: ReadonlyMap<string, TextMatch> | undefined): string[] {
  const best = bestScores(ds, benchmark);
  const elo = orders(ds).elo.position;
  const candidates = text ? [...text.keys()].map((id) => ds.modelById.get(id)!) : [...best.keys()].map((id) => ds.modelById.get(id)!);
  return candidates
    .filter((m) => passes(ds, m, query))
    .map((m) => m.id)
    .sort((a, b) => best.get(b)!.value.score - best.get(a)!.value.score || elo.get(a)! - elo.get(b)!);
}
