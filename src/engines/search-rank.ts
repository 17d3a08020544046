// The relevance order of search: text match first, then which of equally matching models a reader most likely means.
import type { Dataset } from '../dataset/dataset.ts';
import { isRollingAlias } from '../ingest/rolling-alias.ts';
import { isDeprecatedModel, isShutDownOffer } from './offer-lifecycle.ts';
import { providersServing } from './providers-serving.ts';
import { tokenize } from './search-index.ts';

export { providersServing } from './providers-serving.ts';

/**
 * How well the text matched: `strength` is the fields and words matched, `coverage` (0..1) how much of the name;
 * `spelled`: the query is the model's whole name (date stamp aside); `nonText`: a speech, audio, live, embedding or
 * image model the query does not name as such.
 */
export type TextMatch = { strength: number; coverage: number; spelled?: boolean; nonText?: boolean };

/**
 * What the query names, which decides the order among equal matches: `model` (several words: the name covered most,
 * then the newest), `line` (one word, `deepseek`: the newest first), `generation` (a family word with its version,
 * `qwen 3` or `qwen3`, the first word of every Qwen3 name: a set of models released over a year, sizes and variants,
 * of which no one is the generation; the most served first, then the newest).
 */
export type QueryKind = 'model' | 'line' | 'generation';

/**
 * Words that follow a model's name to make a smaller or faster variant of it (`GLM-5.3-Flash`, `GPT-5 mini`,
 * `GLM-4.5-Air`): a variant follows its base where both are found and match equally, whatever their dates say
 * (GLM-5.3-Flash's upper-bound release date, 2026-09-23, is later than GLM-5.3's, 2026-08-19).
 */
const VARIANT_WORDS = new Set(['flash', 'mini', 'air', 'lite', 'turbo', 'nano']);

/** The model whose name is this name less its trailing variant words (VARIANT_WORDS), among `byName`; none if none. */
function baseOf(words: readonly string[], byName: ReadonlyMap<string, string>): string | undefined {
  for (let n = words.length - 1; n >= 1 && VARIANT_WORDS.has(words[n]); n--) {
    const base = byName.get(words.slice(0, n).join(' '));
    if (base) return base;
  }
  return undefined;
}

/**
 * A model is established among its equals when it is served by at least this share of the providers that serve the
 * most served of them. `claude sonnet` matches Claude Sonnet 4.5 (55 providers), 4.6 (46) and 5 (17) equally: all
 * three are established (13.75 or more) and the newest, Sonnet 5, comes first; `gemini pro` matches Gemini 3.1 Pro
 * Preview (29) as well as learnlm-1.5-pro-experimental (3), which is not, so it follows. Newest alone would put a
 * fine-tune listed by a few providers (`l3.3-70b-euryale-v2.3`, 2024-12-18, 4 providers) before the model it tunes
 * (Llama 3.3 70B Instruct, 2024-12-06, 54). Provider counts come from catalogues read on set dates: a model released
 * after them (Claude Opus 5.5, GPT-6 Sol: 1 to 4 providers) is established when its developer serves it itself
 * (servedByDeveloperSinceCatalogues): a current model of the line, not a side listing.
 */
const ESTABLISHED_SHARE = 0.25;

/**
 * The day most offers were read (the wide catalogues' snapshot: models.dev's, 2026-07-02, on the committed data):
 * provider counts say nothing yet of a model released after it.
 */
export function catalogueDate(ds: Dataset): string {
  const days = new Map<string, number>();
  for (const o of ds.offers) {
    const day = o.prices.input?.as_of;
    if (day) days.set(day, (days.get(day) ?? 0) + 1);
  }
  return [...days].sort((a, b) => b[1] - a[1] || b[0].localeCompare(a[0]))[0]?.[0] ?? ds.lifecycleDate;
}

/**
 * Per dataset: the models released after catalogueDate that their own developer serves on the day judged (a
 * first-party offer not retired): established whatever their provider count, the catalogues being older than them.
 */
const newerThanCatalogues = new WeakMap<Dataset, Set<string>>();

export function servedByDeveloperSinceCatalogues(ds: Dataset): ReadonlySet<string> {
  let own = newerThanCatalogues.get(ds);
  if (own) return own;
  own = new Set();
  const since = catalogueDate(ds);
  for (const m of ds.models) {
    const released = m.release_date?.value;
    if (!released || released <= since) continue;
    if ((ds.offersByModel.get(m.id) ?? []).some((o) => o.first_party && !isShutDownOffer(o, ds.lifecycleDate))) own.add(m.id);
  }
  newerThanCatalogues.set(ds, own);
  return own;
}

/** Equal match strengths compare equal despite float sums (4 x 0.6 + 4 is 6.4 either way round). */
const tier = (strength: number) => Math.round(strength * 100);

/**
 * Matching model ids in relevance order (README, "Relevance"):
 * 1. the model whose id or alias is the query as typed (`gemini-pro`, `openai/gpt-4o`), served or not: it was named;
 *    then the models whose whole name the query spells, a date stamp aside (`gemini 2.5 flash`: Gemini 2.5 Flash,
 *    even once shut down, before its TTS and Live variants and Flash-Lite: the summary's status says it is shut),
 *    unless shut down and served by no provider any more: `mistral ocr` spells Mistral OCR (mistral-ocr-2503, shut
 *    2025-12-31, no offer left), a name the line goes by today (OCR 3, 4.0, 4.1), so it follows them as shut;
 * 2. served models before those their developer has shut down (`gemini pro` means today's Gemini Pro, not 1.0 Pro);
 *    within each, every concrete model before a pointer (`gemini-pro-latest`, `claude-sonnet-latest`, or a model whose
 *    `points_to` names the model it serves: DeepSeek's `deepseek-chat`): a name its
 *    developer moves from model to model, with no release or ratings of its own, comes after the models it may name;
 *    within each, text models before speech, audio, live, embedding and image ones the query does not ask for;
 * 3. within each, the stronger text match (an id or alias the query spells with other separators, the model's family
 *    named, whole words before prefixes, a name before an alias before a vendor);
 * 4. among equal matches, the established models (ESTABLISHED_SHARE, or newer than the catalogues and sold by their
 *    developer: servedByDeveloperSinceCatalogues) first: the one whose name the query covers
 *    most (fewer other words: Qwen3 Max before Qwen3 Coder Next, a model before its `Preview` or `TTS` variant),
 *    then the newest; for a query of one word (`line`), the newest first and then the name covered most: one word
 *    names a line (`deepseek`, `kimi`), not one of its models, and DeepSeek V3.2 (two words) came before the newer
 *    and more served V4 Pro (three); for a `generation` (QueryKind), the most served first, then the newest; then
 *    the rest by providers serving them, newest first;
 * 5. then how much of the name the query covers, then `fallback` (the arena order), then id;
 * 6. last, a variant (VARIANT_WORDS) found with its base and matching as well follows it: GLM-5.3, then GLM-5.3-Flash.
 */
export function rankByRelevance(
  ds: Dataset, ids: readonly string[], matches: ReadonlyMap<string, TextMatch>, literal: string | undefined,
  fallback: ReadonlyMap<string, number>, kind: QueryKind = 'model',
): string[] {
  const providers = providersServing(ds);
  const own = servedByDeveloperSinceCatalogues(ds);
  const succeeded = namedSuccessors(ds, ids, providers);
  // Each model's keys are read once, not per comparison.
  const key = new Map(ids.map((id) => {
    const m = ds.modelById.get(id)!;
    const match = matches.get(id)!;
    const shut = isDeprecatedModel(m, ds.lifecycleDate);
    const served = providers.get(id) ?? 0;
    const pointer = isRollingAlias(id) || m.points_to !== undefined;
    return [id, { pointer, shut, tier: tier(match.strength), coverage: match.coverage, released: m.release_date?.value ?? '',
      served, own: own.has(id), established: false, spelled: !!match.spelled && !succeeded.has(id), nonText: !!match.nonText }];
  }));
  // The most served model of each group of equal matches (status and tier) sets the bar for being established.
  const most = new Map<string, number>();
  const group = (k: { shut: boolean; tier: number; spelled: boolean; nonText: boolean }) =>
    `${k.spelled ? 1 : 0}:${k.shut ? 1 : 0}:${k.nonText ? 1 : 0}:${k.tier}`;
  for (const k of key.values()) most.set(group(k), Math.max(most.get(group(k)) ?? 0, k.served));
  for (const k of key.values()) k.established = k.own || k.served > 0 && k.served >= ESTABLISHED_SHARE * most.get(group(k))!;
  const equals = kind === 'line' ? (ka: Key, kb: Key) => kb.released.localeCompare(ka.released) || kb.coverage - ka.coverage
    : kind === 'generation' ? (ka: Key, kb: Key) => kb.served - ka.served || kb.released.localeCompare(ka.released)
    : (ka: Key, kb: Key) => kb.coverage - ka.coverage || kb.released.localeCompare(ka.released);
  const sorted = [...ids].sort((a, b) => {
    const ka = key.get(a)!, kb = key.get(b)!;
    return Number(b === literal) - Number(a === literal)
      || Number(kb.spelled) - Number(ka.spelled)
      || Number(ka.shut) - Number(kb.shut)
      || Number(ka.pointer) - Number(kb.pointer)
      || Number(ka.nonText) - Number(kb.nonText)
      || kb.tier - ka.tier
      || Number(kb.established) - Number(ka.established)
      || (!ka.established ? 0 : equals(ka, kb))
      || kb.served - ka.served
      || kb.released.localeCompare(ka.released)
      || kb.coverage - ka.coverage
      || fallback.get(a)! - fallback.get(b)!
      || a.localeCompare(b);
  });
  return variantsAfterBase(ds, sorted, literal, (id) => group(key.get(id)!));
}

type Key = { released: string; coverage: number; served: number };

/** Per dataset: each model's name as words (`GLM-5.3-Flash`: glm, 5.3, flash), made once, not per query. */
const nameWordsOf = new WeakMap<Dataset, Map<string, readonly string[]>>();

function nameWords(ds: Dataset, id: string): readonly string[] {
  let words = nameWordsOf.get(ds);
  if (!words) nameWordsOf.set(ds, (words = new Map()));
  let w = words.get(id);
  if (!w) words.set(id, (w = tokenize(ds.modelById.get(id)!.name.value)));
  return w;
}

const VERSION = /^\p{N}+(?:\.\p{N}+)*$/u;

/**
 * The found models that are shut down, served by no provider, and whose name a served found model carries with a
 * version after it: Mistral OCR (mistral-ocr-2503, shut 2025-12-31) and Mistral OCR 3, 4.0, 4.1. Their name has
 * become the line's: typed whole, it no longer puts them first. Gemini 2.5 Flash, shut 2026-10-16, has no successor
 * named `Gemini 2.5 Flash <version>`: `gemini 2.5 flash` still means it (its Lite and TTS are other models).
 */
function namedSuccessors(ds: Dataset, ids: readonly string[], providers: ReadonlyMap<string, number>): Set<string> {
  const name = (id: string) => nameWords(ds, id);
  const bases = new Map<string, string>();
  for (const id of ids) {
    if ((providers.get(id) ?? 0) === 0 && isDeprecatedModel(ds.modelById.get(id)!, ds.lifecycleDate)) bases.set(name(id).join(' '), id);
  }
  const out = new Set<string>();
  if (!bases.size) return out;
  for (const id of ids) {
    const words = name(id);
    const base = bases.get(words.slice(0, -1).join(' '));
    if (base && VERSION.test(words[words.length - 1]) && (providers.get(id) ?? 0) > 0) out.add(base);
  }
  return out;
}

/**
 * Moves each variant (baseOf) that comes before its base to just after it, when both are in the same group of equal
 * matches (status, kind and strength) and the variant is not the id typed: a reader of `glm` means GLM-5.3 before its
 * Flash. Variants keep their order among themselves; everything else keeps its place.
 */
function variantsAfterBase(ds: Dataset, sorted: string[], literal: string | undefined, group: (id: string) => string): string[] {
  const byName = new Map(sorted.map((id) => [nameWords(ds, id).join(' '), id]));
  const position = new Map(sorted.map((id, i) => [id, i]));
  const deferred = new Map<string, string[]>();
  const moved = new Set<string>();
  for (const id of sorted) {
    if (id === literal) continue;
    const base = baseOf(nameWords(ds, id), byName);
    if (!base || base === id || position.get(base)! < position.get(id)! || group(base) !== group(id)) continue;
    deferred.set(base, [...(deferred.get(base) ?? []), id]);
    moved.add(id);
  }
  if (!moved.size) return sorted;
  const out: string[] = [];
  const place = (id: string) => {
    out.push(id);
    for (const v of deferred.get(id) ?? []) place(v);
  };
  for (const id of sorted) if (!moved.has(id)) place(id);
  return out;
}
