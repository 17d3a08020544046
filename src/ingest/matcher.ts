// Matches source identifiers to canonical model ids: the reviewed alias table first, then documented rules.
import { REPO_SOURCES } from './model-repo.ts';
import { experimentalKey, key0, key1, mergeKey, packagingKey, releaseKey, variantKeys } from './match-keys.ts';
import { taggedKey, type RetiredApart } from './retired-apart.ts';
import { versionKey } from './versions-apart.ts';

export type MatchRule = 'alias-table' | 'release' | 'hint' | 'exact' | 'snapshot' | 'variant' | 'loose' | 'weights-url' | 'name';

export type Match = { id: string; rule: MatchRule };

/** One reviewed exception: `canonical_id` empty means "never match this id" (with the reason why). */
export type AliasRow = { source: string; source_id: string; canonical_id: string; reason: string };

/** A routed provider or SKU tag (`:novita`, `:free`) after a repository id. */
const COLON_SKU = /:[a-z][a-z-]*$/;

type KeyIndex = Map<string, string | null>; // null: ambiguous, more than one model has this key

function put(index: KeyIndex, key: string, id: string): void {
  const cur = index.get(key);
  if (cur === undefined) index.set(key, id);
  else if (cur !== id) index.set(key, null);
}

/** A developer's YYMM version in an id (`-2507`, `-2411`): a month of the 2020s that cannot read as a month and day. */
const YYMM_VERSION = /-(2\d(?:0[1-9]|1[0-2]))(?=-|$)/g;

/**
 * A distilled model is not its teacher: a pointer from `…-distill-…` to a model without it is not followed. Nor is a
 * pointer to a model without the id's YYMM version: models.dev gives Chutes' `Qwen3-235B-A22B-Instruct-2507-TEE` the
 * base_model `alibaba/qwen3-235b-a22b`, the April hybrid, while the id names the July Instruct-2507 release.
 */
function hintFits(sourceId: string, hint: string): boolean {
  if (/distill/i.test(sourceId) && !/distill/i.test(hint)) return false;
  const hintKey = key0(hint);
  return [...key0(sourceId).matchAll(YYMM_VERSION)].every((m) => hintKey.includes(`-${m[1]}`));
}

/**
 * A name that spells a model id without loss: letters, digits, spaces, dots and dashes. `Mistral Large (latest)` names
 * a pointer and `Llama 4 Maverick (free)` a SKU; `Command R+` is left out too (its key reads the plus as `-plus`).
 */
export function plainName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9 .-]*$/.test(name.trim());
}

export class Matcher {
  private readonly exact = new Map<string, string>();
  private readonly k0: KeyIndex = new Map();
  private readonly k1: KeyIndex = new Map();
  private readonly kl: KeyIndex = new Map();
  private readonly kn: KeyIndex = new Map();
  private readonly byMergeKey = new Map<string, string>();
  private readonly weights: KeyIndex = new Map();
  private readonly aliases = new Map<string, string>();
  /** Models created from a base spelling (namesBaseWeights): found only by base spellings and exact ones. */
  private readonly bases = new Set<string>();

  private readonly starRows: AliasRow[] = [];
  /** Month-day releases that are models of their own (releases.ts): release key -> canonical id. */
  private releases: ReadonlyMap<string, string> = new Map();
  /** Previews the developer retired apart from their model (retired-apart.ts): tagged key -> canonical id. */
  private apart: RetiredApart = new Map();
  /** Dated snapshots whose facts differ from their alias's (versions-apart.ts): version key -> canonical id. */
  private versions: ReadonlyMap<string, string> = new Map();
  /** Fine-tunes of their own by review (a row for every source naming its own id): key0 -> canonical id. */
  private readonly own = new Map<string, string>();

  constructor(aliasRows: readonly AliasRow[] = []) {
    for (const r of aliasRows) {
      if (r.source === '*' && r.canonical_id) this.starRows.push(r);
      this.aliases.set(`${r.source}|${r.source_id.toLowerCase()}`, r.canonical_id);
      // A row also names every spelling with the same key (`deepseek/deepseek-chat-v3-0324` at any reseller);
      // a source's own row does so within that source (`302ai/deepseek-reasoner` in the same models.dev snapshot).
      if (r.source === '*') this.aliases.set(`key|${key0(r.source_id)}`, r.canonical_id);
      else if (r.canonical_id) this.aliases.set(`${r.source}|key|${key0(r.source_id)}`, r.canonical_id);
      // `*,phi-4-reasoning,phi-4-reasoning`: an id whose effort word would read it as a setting of its base model
      // (`phi-4`) is another set of weights, released apart; it merges into nothing but itself.
      if (r.source === '*' && r.canonical_id === r.source_id.toLowerCase() && apartKey(r.source_id) === undefined) {
        this.own.set(key0(r.source_id), r.canonical_id);
      }
    }
  }

  has(id: string): boolean {
    return this.exact.has(id);
  }

  /** Set the month-day releases that are models of their own (releases.ts), before any model is registered. */
  setReleases(releases: ReadonlyMap<string, string>): void {
    this.releases = releases;
  }

  /** Set the previews that are models of their own (retired-apart.ts), before any model is registered. */
  setRetiredApart(apart: RetiredApart): void {
    this.apart = apart;
  }

  /**
   * Previews the alias table names as models of their own: a row for every source whose canonical id is the preview's
   * own tagged id (`qwq-32b-preview` -> `qwq-32b-preview`). A preview with other weights than its final release is
   * another model, though no notice retires it apart (docs/data.md, "Canonical models").
   */
  reviewedPreviews(): RetiredApart {
    const out = new Map<string, string>();
    for (const r of this.starRows) {
      // The key spells dots as dashes: `gemini-2.5-flash-preview` is read as `gemini-2-5-flash-preview`.
      const k = apartKey(r.source_id);
      if (k !== undefined && k === key0(r.canonical_id)) out.set(k, r.canonical_id);
    }
    return out;
  }

  /** Set the dated snapshots that are models of their own (versions-apart.ts), before any model is registered. */
  setVersionsApart(versions: ReadonlyMap<string, string>): void {
    this.versions = versions;
  }

  /**
   * The preview model of its own this id names (`o1-preview-2024-09-12` -> `o1-preview`), the dated snapshot of
   * its own (`anthropic.claude-3-5-sonnet-20240620-v1:0` -> `claude-3-5-sonnet-20240620`), or the fine-tune of its own
   * by review (`azure_ai/Phi-4-reasoning` -> `phi-4-reasoning`), if it names one.
   */
  apartOf(sourceId: string): string | undefined {
    const k = apartKey(sourceId);
    return (k === undefined ? undefined : this.apart.get(k)) ?? this.versions.get(versionKey(sourceId)) ?? this.own.get(key0(sourceId));
  }

  /**
   * The canonical id of the release this id names (`kimi-k2-instruct-0905` -> `kimi-k2-0905`), if it names one; a
   * preview retired apart is such a release too: it merges into no model but itself and takes no family key.
   */
  releaseOf(sourceId: string): string | undefined {
    const apart = this.apartOf(sourceId);
    if (apart !== undefined) return apart;
    const exp = experimentalKey(sourceId);
    return (exp !== undefined ? this.releases.get(exp) : undefined) ?? this.releases.get(releaseKey(sourceId));
  }

  /** The canonical model an entry with this id would merge into (same model up to a snapshot date). */
  mergeTarget(sourceId: string): string | undefined {
    // A release of its own merges only into itself, never into its family by the snapshot rule.
    const release = this.releaseOf(sourceId);
    if (release) return this.exact.has(release) ? release : undefined;
    return this.byMergeKey.get(mergeKey(sourceId));
  }

  /**
   * Once the models exist, a row for every source (`*`) becomes a spelling of its model, so that the looser keys
   * find it too (`llama4-maverick-instruct-basic` by way of the row for `llama-4-maverick`).
   */
  addAliasSpellings(): void {
    for (const r of this.starRows) if (this.exact.has(r.canonical_id)) this.addSpelling(r.source_id, r.canonical_id, { reviewed: true });
  }

  /** Register a canonical model and the spellings that name it. */
  addCanonical(id: string, spellings: readonly string[] = [], opts: { base?: boolean } = {}): void {
    if (opts.base) this.bases.add(id);
    this.exact.set(id, id);
    // A release of its own does not take its family's merge key: `kimi-k2-0711-preview` must not merge into 0905.
    if (!this.releaseOf(id) && !this.byMergeKey.has(mergeKey(id))) this.byMergeKey.set(mergeKey(id), id);
    for (const s of [id, ...spellings]) this.addSpelling(s, id);
  }

  addSpelling(spelling: string, id: string, opts: { reviewed?: boolean } = {}): void {
    this.exact.set(spelling.toLowerCase(), id);
    put(this.k0, key0(spelling), id);
    // A release's spelling is found by its release key; without its date it would claim the family's keys.
    if (this.releaseOf(spelling)) return;
    // A reviewed row names its own spelling: the looser keys it reads as are another model's where one holds them
    // (`gpt-4-1106-preview` is GPT-4 Turbo Preview, but its key less the date, `gpt-4`, stays GPT-4's).
    const free = (index: KeyIndex, key: string) => !opts.reviewed || index.get(key) === undefined || index.get(key) === id;
    if (free(this.k1, key1(spelling))) put(this.k1, key1(spelling), id);
    // A model's own spelling keeps its effort words: `kimi-k2-thinking` is not found by `kimi-k2`.
    // A base model stays out of the loose index, which drops `-instruct`: that key is its instruct model's.
    const loose = packagingKey(key1(spelling));
    if (!this.bases.has(id) && free(this.kl, loose)) put(this.kl, loose, id);
  }

  /**
   * A moving pointer (`mistral-large-latest`) found to name this model today: its exact spelling only, so that
   * `mistral-large` at another reseller, whichever version that is, is not taken for it.
   */
  addPointer(spelling: string, id: string): void {
    this.exact.set(spelling.toLowerCase(), id);
    put(this.k0, key0(spelling), id);
  }

  /**
   * The instruct model a base spelling's loose key would reach (`meta-llama/Llama-3.1-405B` ->
   * `llama-3.1-405b-instruct`): a model created from such a spelling is the base beside it.
   */
  instructTwin(sourceId: string): string | undefined {
    const id = this.kl.get(packagingKey(variantKeys(sourceId)[0]));
    return id && isInstructId(id) ? id : undefined;
  }

  /**
   * A catalogue's display name (`Mistral Large 3` for `mistral-large-2512`): a last rule, so that a developer's
   * own name for a version finds the YYMM-named entry. Never used when two models share the name.
   */
  addName(name: string, id: string): void {
    if (plainName(name)) put(this.kn, key0(name), id);
  }

  /**
   * The model an entry's display name spells exactly (`Mistral Medium 3.1` -> `mistral-medium-3-1`), if exactly one
   * model has that spelling: an entry named after a model is that model.
   */
  byDisplayName(name: string): string | undefined {
    if (!plainName(name)) return undefined;
    return this.k0.get(key0(name)) ?? this.kn.get(key0(name)) ?? undefined;
  }

  /**
   * Join by Hugging Face repository: models.dev weights URLs and llmfit repos name the same repo. A repository two
   * models claim (`deepseek-chat`, DeepSeek's API pointer, and `deepseek-v3.2`) joins neither.
   */
  addWeightsUrl(url: string, id: string): void {
    const repo = hfRepo(url);
    if (repo) put(this.weights, repo, id);
  }

  /**
   * Whether YYMM versions of this id exist (`mistral-large-2411`, `-2512`): then the bare family name
   * (`mistral-large`) names no one version and is not made a model of its own.
   */
  hasVersionsOf(id: string): boolean {
    const k = key0(id);
    for (const key of this.k0.keys()) if (key.startsWith(`${k}-`) && /^\d{4}$/.test(key.slice(k.length + 1))) return true;
    return false;
  }

  /** The model whose weights this Hugging Face URL names, if one was registered. */
  byWeights(url: string): string | undefined {
    const repo = hfRepo(url);
    return repo ? this.weights.get(repo) ?? undefined : undefined;
  }

  /** The alias table's row for this id, whether or not its model exists yet: a canonical id, or '' for "never". */
  aliasOf(source: string, sourceId: string): string | undefined {
    const lower = sourceId.toLowerCase();
    return this.aliases.get(`${source}|${lower}`) ?? this.aliases.get(`${source}|key|${key0(sourceId)}`) ??
      this.aliases.get(`*|${lower}`) ?? this.aliases.get(`key|${key0(sourceId)}`);
  }

  /**
   * The model a reviewed row written for this very source names (`deprecations-rss,gemini-1.0-pro,gemini-pro`), if
   * one does: rows for every source (`*`) and key-wide spellings are left out, so only a row that read this source's
   * own id joins it.
   */
  sourceRowOf(source: string, sourceId: string): string | undefined {
    return this.aliases.get(`${source}|${sourceId.toLowerCase()}`) || undefined;
  }

  /** Whether a reviewed row written for this very source and id says "never" (an empty canonical id). */
  sourceRowExcludes(source: string, sourceId: string): boolean {
    return this.aliases.get(`${source}|${sourceId.toLowerCase()}`) === '';
  }

  /**
   * Resolve a source's id. Returns undefined when no rule gives exactly one model, and `null`
   * when the alias table says this id must not match.
   */
  resolve(source: string, sourceId: string, opts: { hint?: string; url?: string } = {}): Match | null | undefined {
    const lower = sourceId.toLowerCase();
    const aliased = this.aliasOf(source, sourceId);
    if (aliased === '') return null;
    // The row's id must be a model, not only a spelling another model took (the listing `hy3` of Hy3 preview's).
    if (aliased !== undefined && this.exact.get(aliased) === aliased) return { id: aliased, rule: 'alias-table' };
    // A row naming a model not created yet matches nothing, rather than letting a looser rule give the id to another
    // model: the developer's own listing of it creates the model by the row (Cohere's `command-r` is command-r-03-2024,
    // though the catalogue's name of command-r-08-2024, "Command R", spells it).
    if (aliased !== undefined) return undefined;
    // The id's own month-day tail names the release, whatever a base-model pointer says; not created yet: no match.
    const release = this.releaseOf(sourceId);
    if (release) return this.exact.has(release) ? { id: release, rule: 'release' } : undefined;
    if (opts.hint && hintFits(sourceId, opts.hint)) {
      // A pointer names a catalogue file; a source's own dated rows (deepseek-reasoner) are about the id, not the file.
      const h = this.resolve('*', opts.hint);
      if (h) return { id: h.id, rule: 'hint' };
    }
    if (opts.url) {
      const id = this.byWeights(opts.url);
      if (id) return { id, rule: 'weights-url' };
    }
    const base = namesBaseWeights(source, sourceId);
    const ex = this.exact.get(lower);
    if (ex) return { id: ex, rule: 'exact' };
    const k0 = this.k0.get(key0(sourceId));
    if (k0 && (base || !this.bases.has(k0))) return { id: k0, rule: 'exact' };
    if (k0 === null) return undefined;
    // A reseller id that is the Hugging Face repository of a model's weights (`deepinfra/mistralai/Mistral-…-2506`).
    const segs = lower.replace(COLON_SKU, '').split('/');
    const repoId = segs.length >= 2 ? this.weights.get(segs.slice(-2).join('/')) ?? undefined : undefined;
    if (repoId) return { id: repoId, rule: 'weights-url' };
    const vks = variantKeys(sourceId);
    const tries: Array<[KeyIndex, string, MatchRule]> = [
      [this.k1, vks[0], 'snapshot'],
      ...vks.slice(1).map((k): [KeyIndex, string, MatchRule] => [this.k1, k, 'variant']),
      // Packaging off the id as written: `phi-4-mini-reasoning` is a model, not a reasoning setting of phi-4-mini.
      [this.kl, packagingKey(vks[0]), 'loose'],
      [this.kn, key0(sourceId), 'name'],
    ];
    for (const [index, key, rule] of tries) {
      const id = index.get(key);
      // The loose rule drops `-instruct`: a developer's bare repository is its base model, never the instruct one.
      if (id && rule === 'loose' && base && isInstructId(id)) return undefined;
      // A base model is found only by base spellings: other catalogues' bare names are the instruct model's.
      if (id && !base && this.bases.has(id)) continue;
      if (id) return { id, rule };
      if (id === null) return undefined; // ambiguous at this level: a looser rule would only guess
    }
    return undefined;
  }
}

/**
 * The key of an id that a row of the alias table can set apart as a model of its own: a preview-tagged id
 * (`qwq-32b-preview`), or a rolling `-latest` pointer whose untagged name is an older model (Google's
 * `gemini-pro-latest` serves a Gemini Pro of 2026 with a 1M window, while `gemini-pro` is Gemini 1.0 Pro of 2023).
 */
function apartKey(id: string): string | undefined {
  const k = key0(id);
  return taggedKey(id) ?? (/-latest$/.test(k) ? k : undefined);
}

/**
 * Developers' Hugging Face organisations that publish a base model beside its instruct model under the same name
 * (`meta-llama/Llama-3.1-405B` and `meta-llama/Llama-3.1-405B-Instruct`, `Qwen/Qwen2.5-7B` and `-Instruct`,
 * `google/gemma-2b` and `gemma-2b-it`).
 */
const BASE_PUBLISHERS = '(?:meta-llama|mistralai|qwen|google|microsoft|allenai|deepseek-ai|ibm-granite|tiiuae|01-ai|internlm|huggingfacetb|nvidia)';
/** A Hugging Face repository id, as llmfit writes it, and OpenRouter's copy of one (`openrouter/meta-llama/llama-3.1-405b`). */
const REPO_ID = new RegExp(`^${BASE_PUBLISHERS}/[^/]+$`, 'i');
const OPENROUTER_REPO_ID = new RegExp(`^openrouter/${BASE_PUBLISHERS}/[^/:]+(?::[a-z]+)?$`, 'i');
/** Instruction-tuning tags in an id (`-instruct`, `-chat`, `-it`), however written. */
const INSTRUCT_TAG = /-(?:instruct|chat|it)(?:-|$)/;

/**
 * The base weights: a developer's repository without an instruct or chat tag, where the id is known to be a
 * repository id (llmfit's rows are Hugging Face repos; OpenRouter lists Meta's "Llama 3.1 405B (base)" as
 * `meta-llama/llama-3.1-405b`). Other catalogues write bare names for the instruct model (Cerebras's
 * `gemma-4-31b`, Snowflake's `llama3.1-405b`), and a models.dev vendor folder (`google/`) is not a repository.
 */
export function namesBaseWeights(source: string, sourceId: string): boolean {
  const id = sourceId.trim();
  const repo = (REPO_SOURCES.has(source) && REPO_ID.test(id)) || OPENROUTER_REPO_ID.test(id);
  return repo && !INSTRUCT_TAG.test(key0(id));
}

export function isInstructId(id: string): boolean {
  return INSTRUCT_TAG.test(key0(id));
}

export function hfRepo(url: string): string | undefined {
  const m = /^https?:\/\/huggingface\.co\/([^/?#]+\/[^/?#]+)/i.exec(url.trim());
  return m ? m[1].toLowerCase() : undefined;
}
