// The search index: every model's id, name, aliases, variants and developer as tokens (token -> model ids with the
// weight of the field), built once per dataset; the query side (matching, filters, orders) is search.ts.
import type { Dataset } from '../dataset/dataset.ts';
import type { Model } from '../schema/index.ts';
import { providersServing } from './providers-serving.ts';

/** Model id -> weight of the strongest field the token came from. */
type Postings = Map<string, number>;
export type TokenTable = { keys: string[]; postings: Map<string, Postings> };
/** `qualified`: aliases with their route or repo owner (`openrouter/qwen/qwen3-8b`), matched only by a query with a `/`. */
export type SearchIndex = {
  words: TokenTable; compacts: TokenTable; qualified: TokenTable; nameLength: Map<string, number>;
  /**
   * Model id -> the compact forms its family may be named by (each leading run of the family's words: `gemini` and
   * `geminipro` for gemini-pro), for the models of the developer that owns the family only (ownFamilies).
   */
  family: Map<string, Set<string>>;
  /** The model's name in compact form (namedBy): compact name -> model ids. */
  spelled: Map<string, string[]>;
  /** Models whose name says they are no text model (NON_TEXT_WORDS), with the words that say so. */
  nonText: Map<string, Set<string>>;
  /** Model id -> its name and its id as phraseWords, in order: what a query's words written in order are read against. */
  phrases: Map<string, ReadonlyArray<readonly string[]>>;
};

/** How much a match in each field counts: the id and name say what a model is, the vendor only who made it. */
const WEIGHT = { id: 4, name: 4, alias: 3, variant: 2, vendor: 1 } as const;
/**
 * Words of a name that mark a model made for something other than text in, text out: speech, audio, live sessions,
 * embeddings, images, reading scanned pages (`ocr`: Mistral OCR 4.0 is no Mistral a chat means). Such a model
 * follows the text models a query finds unless the query names the word.
 */
const NON_TEXT_WORDS = new Set(['tts', 'audio', 'live', 'embedding', 'image', 'realtime', 'transcribe', 'ocr']);
/**
 * Words of an alias that say how a repo stores the weights, not which model it is (`Qwen3.6-27B-GPTQ-Int4`,
 * `glm-5.1-6bit`, `Meta-Llama-3-1-8B-Instruct-FP8`): left out of the alias's words, or `gpt` found Qwen, Mistral and
 * Gemma models through their GPTQ repos.
 */
const QUANTIZATION = /^(?:gptq|awq|gguf|ggml|exl2|mlx|nf4|fp\p{N}+|int\p{N}+|bf16|q\p{N}|\p{N}+bits?|\p{N}+bpw|w\p{N}+a\p{N}+)$/u;

/**
 * Lower case without diacritics, so a letter is a letter in any script: `é` matches `e` (`Mistral Médium` and
 * `mistral medium` alike), and a name in another script keeps its letters instead of falling away as separators.
 */
const fold = (text: string): string => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();

/**
 * One digit, a `-` or `_`, one digit, alone (`claude-opus-4-5`, `Llama-3_3-Nemotron-Super-49B-v1_5`, `gpt-5-4`): ids
 * that may not hold a dot write a point release so. Read as `4.5`, `3.3`, `v1.5`, `5.4`, the version the name gives,
 * not two versions `4` and `5`. A digit beside a size (`llama-2-7b`) or a date (`gpt-4-0613`, `-05-13`) is not joined.
 */
const SPLIT_POINT_RELEASE = /(?<![\p{N}.])(\p{N})[-_](\p{N})(?![\p{L}\p{N}])/gu;

/** Words: lowercase runs of letters, digits and dots (so `3.3` and `4o` stay whole), edge dots trimmed. */
export function tokenize(text: string): string[] {
  return fold(text)
    .replace(SPLIT_POINT_RELEASE, '$1.$2')
    .split(/[^\p{L}\p{N}.]+/u)
    .map((t) => t.replace(/^\.+|\.+$/g, ''))
    .filter((t) => t.length > 0);
}

/**
 * Words in order for reading a phrase: tokenize's words, each cut where letters meet digits (`qwen3` is qwen, 3;
 * `gpt-4o` gpt, 4, o; `70b` 70, b), a point release kept whole (`qwen3.6` is qwen, 3.6; `claude-3-5-haiku` claude,
 * 3.5, haiku). A query `qwen 3` and a name `Qwen3 32B`, or `llama 70b` and `Llama 70B`, so read alike.
 */
export function phraseWords(text: string): string[] {
  return tokenize(text).flatMap((t) => t.match(/\p{L}+|\p{N}+(?:\.\p{N}+)*/gu) ?? []);
}

/** The text with every separator removed, so `gpt4o` finds `gpt-4o` and `claude-opus-4.8` finds `claude-opus-4-8`. */
export function compact(text: string): string {
  return fold(text).replace(/[^\p{L}\p{N}]+/gu, '');
}

function addPosting(table: Map<string, Postings>, key: string, modelId: string, weight: number): void {
  if (!key) return;
  let p = table.get(key);
  if (!p) table.set(key, (p = new Map()));
  if ((p.get(modelId) ?? 0) < weight) p.set(modelId, weight);
}

/**
 * The part of an alias that names the model: leading `owner/` segments are dropped unless they name the model's
 * developer or family (the owner is, or starts with, its vendor, developer name or family) or a word of the owner, 3
 * letters or more, is in the model's id or name. An alias is often a route at a provider or gateway
 * (`llamagate/qwen3-8b`, `ollama-cloud/gemma3:4b`) or a repo under a host or quantizer (`unsloth/...`,
 * `TechxGenus/...`): indexed whole, `llama` found Qwen3 8B through LlamaGate. An owner that is a provider of the
 * dataset (`hosts`, compact ids and names) is a route, dropped even where one of its words is in the model's name:
 * `nano-gpt/openai/gpt-5` is found as `openai/gpt-5`, and `gpt` no longer finds `nano-gpt/anthropic/claude-opus-4.6`.
 * `google/gemma-3-4b-it`, `qwen/qwen3-8b` and `meta-llama/CodeLlama-34b-Instruct-hf` keep their owner.
 */
export function modelPartOfAlias(
  alias: string, own: { identity: readonly string[]; names: readonly string[]; hosts?: ReadonlySet<string> },
): string {
  let rest = alias;
  for (let i = rest.indexOf('/'); i >= 0 && i < rest.length - 1; i = rest.indexOf('/')) {
    const owner = rest.slice(0, i);
    const c = compact(owner);
    const named = own.identity.includes(c) || (!own.hosts?.has(c) && (own.identity.some((id) => c.startsWith(id)) ||
      tokenize(owner).some((w) => w.length >= 3 && own.names.some((n) => n.includes(compact(w))))));
    if (c && named) break;
    rest = rest.slice(i + 1);
  }
  return rest;
}

/** What an alias owner may name the model by: vendor id, developer name, family; and its id and name. Compact forms. */
function ownNames(ds: Dataset, m: Model, hosts: ReadonlySet<string>): { identity: string[]; names: string[]; hosts: ReadonlySet<string> } {
  const compacts = (xs: Array<string | undefined>) => xs.filter((t): t is string => !!t).map(compact).filter(Boolean);
  return { identity: compacts([m.vendor, ds.developerById.get(m.vendor)?.name, m.family?.value]), names: compacts([m.id, m.name.value]), hosts };
}

/**
 * Each family's developer: of the models carrying the family, the vendor whose models the most providers serve
 * (ties: the vendor id first alphabetically). Meta owns `llama`, not Nous Research, whose Hermes fine-tunes of
 * Llama models.dev also files under `llama`; Mistral owns `mistral`, not the Dolphin fine-tune of Mistral Small.
 */
function familyDevelopers(ds: Dataset): Map<string, string> {
  const served = providersServing(ds);
  const use = new Map<string, Map<string, number>>();
  for (const m of ds.models) {
    if (!m.family) continue;
    const byVendor = use.get(m.family.value) ?? new Map<string, number>();
    use.set(m.family.value, byVendor);
    byVendor.set(m.vendor, (byVendor.get(m.vendor) ?? 0) + (served.get(m.id) ?? 0));
  }
  return new Map([...use].map(([family, byVendor]) => [family, [...byVendor].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0]]));
}

/**
 * The family of a model the catalogues that file families predate (Claude Opus 5.5, GPT-6 Sol, GLM-5.3: no family in
 * the data): the longest family its developer owns, or leading run of one, whose words its name holds in order, from
 * the first (`Claude Opus 5.5`: claude-opus; `Gemini 3.8 Flash`: gemini-flash; `Kimi K3`: kimi, of kimi-k2). Used to
 * order only, like a filed family; none if none fits.
 */
function unfiledFamily(m: Model, byDeveloper: ReadonlyMap<string, string[]>): string | undefined {
  const name = tokenize(m.name.value);
  const holds = (f: string[]) => f[0] === name[0] && f.every((w, i) => i === 0 || name.indexOf(w, 1) > name.indexOf(f[i - 1]));
  let best: string[] | undefined;
  for (const f of byDeveloper.get(m.vendor) ?? []) {
    // A family's leading run counts too (familyRuns: the names a family goes by): Kimi K3 holds `kimi` of kimi-k2,
    // the line's word, where no family Moonshot owns is `kimi` alone.
    const all = tokenize(f);
    for (let n = all.length; n >= 1; n--) {
      const words = all.slice(0, n);
      if (holds(words) && (!best || words.length > best.length)) best = words;
    }
  }
  return best?.join('-');
}

/** The names a family goes by: each leading run of its words, compact (`gemini-flash-lite`: gemini, geminiflash, ...). */
function familyRuns(family: string): Set<string> {
  const runs = new Set<string>();
  let run = '';
  for (const w of tokenize(family)) runs.add((run += compact(w)));
  return runs;
}

/**
 * The name a query must spell to name the model outright: the whole name, compact. No version or date suffix is let
 * off: `mistral large` would spell Mistral Large 2407 (2024) before Mistral Large 3, and `gpt` GPT-4 before GPT-5.5.
 */
function namedBy(name: string): string[] {
  return [compact(name)];
}

function buildIndex(ds: Dataset): SearchIndex {
  const words = new Map<string, Postings>();
  const compacts = new Map<string, Postings>();
  const qualified = new Map<string, Postings>();
  const add = (m: Model, text: string | undefined, weight: number, route = false) => {
    if (!text) return;
    for (const t of tokenize(text)) if (!route || !QUANTIZATION.test(t)) addPosting(words, t, m.id, weight);
    addPosting(compacts, compact(text), m.id, weight);
  };
  const hosts = new Set(ds.providers.flatMap((p) => [compact(p.id), compact(p.name)]).filter(Boolean));
  const developers = familyDevelopers(ds);
  const byDeveloper = new Map<string, string[]>();
  for (const [f, vendor] of developers) byDeveloper.set(vendor, [...(byDeveloper.get(vendor) ?? []), f]);
  const family = new Map<string, Set<string>>();
  const spelled = new Map<string, string[]>();
  const nonText = new Map<string, Set<string>>();
  const phrases = new Map<string, ReadonlyArray<readonly string[]>>();
  for (const m of ds.models) {
    phrases.set(m.id, [phraseWords(m.name.value), phraseWords(m.id)]);
    add(m, m.id, WEIGHT.id);
    add(m, m.name.value, WEIGHT.name);
    const own = ownNames(ds, m, hosts);
    for (const a of m.aliases) {
      add(m, modelPartOfAlias(a, own), WEIGHT.alias, true);
      if (a.includes('/')) addPosting(qualified, compact(a), m.id, WEIGHT.alias);
    }
    // Variants are provider routes like aliases (`nano-gpt/anthropic/claude-opus-4.6:thinking:low`): the same part counts.
    for (const v of m.variants) add(m, modelPartOfAlias(v, own), WEIGHT.variant, true);
    // The family is no word of the model: a query word must be in its name, an alias or its developer. models.dev
    // files Gemini 2.5 Pro Preview TTS under `gemini-flash`, WizardLM-2 and Inflection 3 under `gpt`, and
    // Sao10K's Lunaris under `llama`: `gemini 2.5 flash` and `gpt` found them. The family only orders (FAMILY_BONUS).
    const line = m.family ? (developers.get(m.family.value) === m.vendor ? m.family.value : undefined) : unfiledFamily(m, byDeveloper);
    if (line) family.set(m.id, familyRuns(line));
    for (const n of namedBy(m.name.value)) spelled.set(n, [...(spelled.get(n) ?? []), m.id]);
    add(m, m.vendor, WEIGHT.vendor);
    add(m, ds.developerById.get(m.vendor)?.name, WEIGHT.vendor);
    const marks = tokenize(`${m.id} ${m.name.value}`).filter((w) => NON_TEXT_WORDS.has(w));
    if (marks.length) nonText.set(m.id, new Set(marks));
  }
  const table = (postings: Map<string, Postings>): TokenTable => ({ keys: [...postings.keys()].sort(), postings });
  const nameLength = new Map(ds.models.map((m) => [m.id, Math.max(1, tokenize(m.name.value).length)]));
  return { words: table(words), compacts: table(compacts), qualified: table(qualified), nameLength, family, spelled, nonText, phrases };
}

const indexes = new WeakMap<Dataset, SearchIndex>();

export function searchIndex(ds: Dataset): SearchIndex {
  let idx = indexes.get(ds);
  if (!idx) indexes.set(ds, (idx = buildIndex(ds)));
  return idx;
}
