// How a partial answer words a text that names its source: the date stays, the source id gives way to the sources list.
import type { Source } from '../schema/index.ts';

/** Rewrites one string for a partial answer, adding each source id it removes to `ids`. */
export type PartialText = (text: string, ids: Set<string>) => string;

/** What stands for a source in a partial answer's text: the caller finds it in the answer's `sources` list. */
export const LISTED_SOURCE = 'a listed source';

/**
 * What marks one copy of a source after its id: a commit (7 to 40 hex digits, letters and digits both, as
 * `47df840a5a`) or a release (`0.1.8`, `v1.2`).
 */
const COPY_MARK = '(?:(?=[0-9a-f]*\\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}|v?\\d+(?:\\.\\d+)+)';

/**
 * A file's place in a source's repository, in parentheses (`(catalogs/v7/nebius/vms.csv)`: at least one folder, a file
 * with an extension, whose name may hold spaces: `(data/Hardware prices.csv)`), or a commit (` at commit 22fd1fea`),
 * each with the space before it.
 */
const COORDINATES = / \((?:[\w.-]+\/)+[\w.-]+(?: [\w.-]+)*\.[a-z]{2,5}\)| at commit [0-9a-f]{7,40}(?![\w-])/g;

/** One or more commits of a source's repository: `commit c28fc0ad7e`, `commits c6641ba93d and eaffc05654`. */
const COMMITS = 'commits? [0-9a-f]{7,40}(?:(?:, | and )[0-9a-f]{7,40})*(?![\\w-])';

/**
 * The commits a text that named a source cites, and what is left: a parenthesis of commits alone goes with its space
 * (` (commits c6641ba93d and eaffc05654)`), commits opening a parenthesis leave the rest (`(commit 5fc6a44227,
 * 2025-11-16: ...` reads `(2025-11-16: ...`), commits after the source go with their comma (`(genai-prices, commit
 * c28fc0ad7e and cc40e93de7)` reads `(a listed source)`).
 */
const COMMIT_MARKS = new RegExp(` \\(${COMMITS}\\)|(?<=\\()${COMMITS}, |(?:,| at)? ${COMMITS}`, 'g');

/**
 * A provider's terms quoted in a recommendation's reason (engines/offer-terms.ts, termsReasons: `keep=no-training:
 * cortecs's own terms say "..." (https://..., read 2026-11-28); exceptions.`): a partial answer keeps that a page was
 * read and the day, not which page or what it says, as it keeps only `read_on` of an evidence page.
 */
export const PARTIAL_TERMS = /^(keep=no-(?:training|retention): .+?'s own terms) say ".*?" \(\S+, read (\d{4}-\d{2}-\d{2})\).*$/s;

const rewriters = new WeakMap<ReadonlyMap<string, Source>, PartialText>();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The forms a source id takes in the service's texts, and what the partial tier shows instead:
 * - a citation `(models-dev, 2026-07-02)`, also after other words (`(nebius x; skypilot, 2026-01-01)`): the date
 *   stays, as `(as of 2026-07-02)`, so every figure a text quotes is still dated;
 * - a label `epoch-hardware: launch price of ...` opening a derivation: `A listed source: launch price of ...`;
 * - a possessive (`genai-prices' price history`, `litellm's date`): `a listed source's`;
 * - any other mention (`litellm 71000`, `the inference-providers table`): `a listed source`.
 * An id counts only as a word of its own: never inside a URL, a domain, a repo path or a longer id. The service's
 * own derivation source (kind `derived`, id "derived") is an English word too, so only its citation form is
 * rewritten ("an estimate derived from" stays as it is).
 * A source is also named by its other forms (sourceForms): its name, its package name, its URLs and repository; a
 * text naming it so reads `a listed source` (`a listed source's page` for a URL), so that a partial answer never
 * says which source gave which fact.
 * Built once per sources table (one per dataset), since the pattern depends on its ids.
 */
export function partialText(sources: ReadonlyMap<string, Source>): PartialText {
  let fn = rewriters.get(sources);
  if (fn) return fn;
  // Longest first, so that `genai-prices-npm` is never read as `genai-prices` followed by text.
  const ids = [...sources.keys()].sort((a, b) => b.length - a.length || a.localeCompare(b));
  const wordOnly = new Set([...sources.values()].filter((s) => s.kind === 'derived').map((s) => s.id));
  const named = namedForms(sources);
  if (ids.length === 0) fn = (t) => t;
  else {
    const alt = ids.map(escape).join('|');
    const re = new RegExp(`(?<![\\w./@-])(?:(the) )?(${alt})(?![\\w/-]|\\.\\w)('s(?!\\w)|'(?!\\w)|, (?=\\d{4}-\\d{2}-\\d{2}(?!\\d))|: | table)?`, 'g');
    // Most strings name no source. A plain search (several times faster in V8 than the patterns, and true wherever
    // one matches: every id begins and ends with a letter or digit, and every other form is searched for as it is)
    // skips them.
    const maybe = new RegExp(`\\b(?:${alt})\\b${named ? `|${named.alternation(Infinity)}` : ''}`);
    // A text shorter than REMEMBER_FROM (most strings of an answer: ids, units, dates) can hold only the shorter
    // forms, and is searched each time it is met: so it is searched for those only (45 of 211 forms on the dataset).
    const short = named?.alternation(REMEMBER_FROM - 1);
    const maybeShort = new RegExp(`\\b(?:${alt})\\b${short ? `|${short}` : ''}`);
    // A source that is a package is also named by the package's name (`@pydantic/genai-prices` for genai-prices-npm).
    const packages = new Map<string, string>();
    for (const src of sources.values()) {
      const name = /^https:\/\/www\.npmjs\.com\/package\/(@[\w.-]+\/[\w.-]+|[\w.-]+)$/.exec(src.url ?? '')?.[1];
      if (name) packages.set(name, src.id);
    }
    const names = [...packages.keys()].map(escape);
    const pkg = names.length ? `|${names.join('|')}` : '';
    const copy = new RegExp(`(?<![\\w./@-])(?:the (?:npm )?(?:bundle|package) |the )?(?:(${alt}) ${COPY_MARK}(?![\\w-]|\\.\\w)${pkg ? `|(${names.join('|')})(?: ${COPY_MARK})?(?![\\w/-]|\\.\\w)` : ''})`
      + '(?: \\((\\d{4}-\\d{2}-\\d{2})\\))?', 'g');
    // Whether `copy` can match: each match holds a package's name, or a space and the start of a mark (seven hex
    // digits, or a release's first number and dot). Most texts that cite a source hold neither, and skip the pattern.
    const copyMaybe = new RegExp(` (?:[0-9a-f]{7}|v?\\d+\\.\\d)${pkg}`);
    // The search alone, in a function of its own: `rewriteFound`'s replacers capture the text and the ids found, so
    // each call of it makes a context object for them on entry, before any test (some 64 bytes); a 100-entry
    // models_for_hardware page passes some 800 short texts naming no source (50 KB a partial answer).
    const rewrite: PartialText = (text, found) =>
      ((text.length < REMEMBER_FROM ? maybeShort : maybe).test(text) ? rewriteFound(text, found) : text);
    const rewriteFound: PartialText = (text, found) => {
      // A copy of a source named by its commit or version (`genai-prices 47df840a5a (2026-08-21)`), or a package named by
      // its name (`@pydantic/genai-prices 0.1.8`): the mark or name tells the source as well as its id does, so both go;
      // the date stays. "absent from a listed source's copy of 2026-08-21".
      const copied = (_m: string, id: string | undefined, npm: string | undefined, day: string | undefined, at: number) => {
        found.add(id ?? packages.get(npm!)!);
        const start = at === 0 || /[.!?]\s+$/.test(text.slice(Math.max(0, at - 3), at));
        const words = start ? 'A listed source' : LISTED_SOURCE;
        return day ? `${words}'s copy of ${day}` : words;
      };
      const copies = copyMaybe.test(text) ? text.replace(copy, copied) : text;
      // Then the source's other forms (its name, repository, URLs: sourceForms), then its id.
      // Most texts that name a source name it by its id only: the pattern of the forms runs only where a form is, and
      // holds only the forms the text holds (namedForms' `within`).
      const some = named && named.maybe.test(copies) ? named.within(copies) : undefined;
      const t = some ? copies.replace(some.re, (match: string, ...groups: unknown[]) => {
        const at = groups[groups.length - 2] as number;
        const whole = groups[groups.length - 1] as string;
        const i = groups.findIndex((g, n) => n < some.ids.length && g !== undefined);
        found.add(some.ids[i]!);
        const possessive = /^'s?$/.test(groups[some.ids.length] as string ?? '');
        // A page: a URL, with its scheme or without (`github.com/x/y/...`); a bare domain (`models.dev`) is the source.
        const url = some.urls[i]! && (/^https?:\/\//.test(match) || /^[\w-]+(?:\.[\w-]+)+\//.test(match));
        const start = at === 0 || /[.!?]\s+$/.test(whole.slice(Math.max(0, at - 3), at));
        return `${start ? 'A listed source' : LISTED_SOURCE}${possessive || url ? "'s" : ''}${url && !possessive ? ' page' : ''}`;
      }) : copies;
      const out = t.replace(re, (match: string, the: string | undefined, id: string, tail: string | undefined, at: number) => {
        if (tail === ', ') {
          found.add(id);
          return `${the ? 'the ' : ''}as of `;
        }
        if (wordOnly.has(id)) return match;
        found.add(id);
        const start = at === 0 || /[.!?]\s+$/.test(t.slice(Math.max(0, at - 3), at));
        const words = start ? 'A listed source' : LISTED_SOURCE;
        if (tail === "'s" || tail === "'") return `${words}'s`;
        return tail === ': ' ? `${words}: ` : words;
      });
      // A text that named a source may also give where in that source's repository a figure sits (`SkyPilot's catalogue
      // (catalogs/v7/nebius/vms.csv) at commit 22fd1fea`): the path and the commit tell the source as well as its name.
      // So do its commits; and a pull request of the source's repository stays readable as the listed source's.
      return out === text ? out : out.replace(COORDINATES, '').replace(COMMIT_MARKS, '')
        .replace(/\b([Aa] listed source) pull request\b/g, "$1's pull request");
    };
    fn = remembered(rewrite);
  }
  const sourced = fn;
  fn = (text, found) => sourced(text.startsWith('keep=no-') ? text.replace(PARTIAL_TERMS, '$1, on a page read $2, say so.') : text, found);
  rewriters.set(sources, fn);
  return fn;
}

/** One form a source is named by other than its id, and whether it is a URL (a page of the source). */
export type SourceForm = { id: string; form: string; url: boolean };

/**
 * The forms other than its id that name a source, read from its row of the sources table:
 * - its name, whole and without its parenthesised parts (`@pydantic/genai-prices 0.1.8 (npm)`: also
 *   `@pydantic/genai-prices 0.1.8`), and a domain in parentheses (`AI Deprecations RSS (deprecations.info)`);
 * - the package names in its name or URL (`@huggingface/tasks`, npmjs.com's `@pydantic/genai-prices`);
 * - its URL and the URLs its attribution line quotes: a URL on GitHub or Hugging Face stands for the whole
 *   repository (`https://github.com/pydantic/genai-prices`, also as `pydantic/genai-prices`), any other for
 *   itself and the pages under it; a site with no path also as its bare domain (`models.dev`); a table of this
 *   repository (`urn:model-data-service:data/curated/aliases.csv`) also as its path (`data/curated/aliases.csv`),
 *   a table rather than a page, and its file name alone (`aliases.csv`);
 * - its own spelling of its id or of the id's first word (`LiteLLM`, `SkyPilot`, `Epoch`), see below.
 * The service's own derivation source names the service itself, which the partial tier shows: it has no forms.
 * Forms of fewer than 4 characters are left out (too likely a word of another text).
 */
export function sourceForms(sources: ReadonlyMap<string, Source>): SourceForm[] {
  const forms = new Map<string, SourceForm>();
  const add = (id: string, form: string, url: boolean) => {
    const f = form.trim().replace(/\s+/g, ' ').replace(/[/.]+$/, '');
    if (f.length < 4 || f === id) return;
    // A form met twice (`models.dev`, a name and a site) is a page when either says so.
    const had = forms.get(f);
    if (!had || (url && !had.url)) forms.set(f, { id: had?.id ?? id, form: f, url });
  };
  // A source's own spelling of its id or of the id's first word (`LiteLLM` for litellm, `SkyPilot`, `Epoch` for
  // epoch-hardware), as its name or credit line writes it: notes name a source so (`LiteLLM: regional_..._eu 1.1`).
  // A spelling that is also another source's (`LMArena`, of four sources' ids) tells no source apart.
  const words = (s: Source) => [s.id, s.id.split('-')[0]!].filter((w, i) => i === 0 || w.length >= 5);
  const spellings = (s: Source) => {
    const out: string[] = [];
    for (const w of words(s)) {
      for (const m of `${s.name} ${s.attribution ?? ''}`.matchAll(new RegExp(`(?<![\\w-])${escape(w)}(?![\\w-])`, 'gi'))) {
        const low = m[0].toLowerCase();
        const shared = [...sources.values()].some((o) => o.id !== s.id && o.kind !== 'derived' && words(o).includes(low));
        if (m[0] !== w && !shared && !out.includes(m[0])) out.push(m[0]);
      }
    }
    return out;
  };
  for (const s of sources.values()) {
    if (s.kind === 'derived') continue;
    for (const w of spellings(s)) add(s.id, w, false);
    add(s.id, s.name, false);
    add(s.id, s.name.replace(/\s*\([^)]*\)/g, ''), false);
    for (const m of s.name.matchAll(/\(([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})\)/g)) add(s.id, m[1]!, false);
    for (const m of `${s.name} ${s.url}`.matchAll(/(?<![\w.-])@[\w.-]+\/[\w.-]+/g)) add(s.id, m[0], false);
    const urls = [s.url, ...(s.attribution?.match(/https?:\/\/[^\s,;)]+/g) ?? [])];
    for (const u of urls) {
      if (u.startsWith('urn:model-data-service:')) {
        const path = u.slice('urn:model-data-service:'.length);
        add(s.id, u, false);
        add(s.id, path, false);
        add(s.id, path.startsWith('data/') ? path.slice(5) : `data/${path}`, false);
        // Notes cite a reviewed table by its file name alone too (`a reviewed row (developer-releases.csv)`).
        add(s.id, path.slice(path.lastIndexOf('/') + 1), false);
        continue;
      }
      const m = /^https?:\/\/(?:www\.)?([^/]+)(\/.*)?$/.exec(u);
      if (!m) continue;
      const [, host, path = ''] = m;
      const repo = /^\/(?:datasets\/|spaces\/)?([\w.-]+\/[\w.-]+)/.exec(path);
      if ((host === 'github.com' || host === 'huggingface.co') && repo) {
        add(s.id, `${host}${path.slice(0, path.indexOf(repo[1]!) + repo[1]!.length)}`, true);
        add(s.id, repo[1]!, false);
      } else {
        add(s.id, `${host}${path}`, true);
        if (path === '' || path === '/') add(s.id, host, false);
      }
    }
  }
  // Longest first, so that a URL is replaced whole before a shorter form inside it is seen.
  return [...forms.values()].sort((a, b) => b.form.length - a.form.length || a.form.localeCompare(b.form));
}

/**
 * The pattern of the forms a text holds (`within`), one capture group per form, then the possessive that may follow. A URL
 * form takes its scheme, `www.` and the rest of the URL (path, query) with it; a package name its version.
 */
function namedForms(sources: ReadonlyMap<string, Source>): {
  maybe: RegExp; alternation: (longest: number) => string; within: (text: string) => FormsPattern | undefined;
} | undefined {
  const forms = sourceForms(sources);
  if (forms.length === 0) return undefined;
  const rest = `(?:[/?#][^\\s"'<>)\\]]*[^\\s"'<>)\\].,;:!?])?/?`;
  const alts = forms.map((f) => {
    const core = escape(f.form);
    if (!f.url) return `(${core}(?: v?\\d+(?:\\.\\d+)+)?)`;
    return `((?:https?://)?(?:www\\.)?${core}${rest})`;
  });
  const pattern = (some: readonly number[]): FormsPattern => ({
    re: new RegExp(`(?<![\\w./@-])(?:the (?:npm )?(?:bundle|package) )?(?:${some.map((i) => alts[i]).join('|')})(?![\\w@-]|[./]\\w)('s(?!\\w)|'(?!\\w))?`, 'g'),
    ids: some.map((i) => forms[i]!.id), urls: some.map((i) => forms[i]!.url),
  });
  // The pattern of every form (211 on the dataset, with a look-behind) took 16-36 ms on a 935-character text the first
  // time, and 20-40 us a character after. Each of its matches holds its form as it is (a name, a package's name, a URL's
  // host and path, a table's file name), so a form the text does not hold cannot match anywhere in it: the pattern of
  // the forms the text holds, in the same order, matches where the whole one does, with the same captures in turn. A
  // text holds one form or two; the patterns, by the forms they hold, are few and kept (emptied when WITHIN_MAX).
  const byForms = new Map<string, FormsPattern>();
  const within = (text: string): FormsPattern | undefined => {
    const some: number[] = [];
    for (let i = 0; i < forms.length; i++) if (text.includes(forms[i]!.form)) some.push(i);
    if (some.length === 0) return undefined;
    const key = some.join(' ');
    let p = byForms.get(key);
    if (p === undefined) {
      if (byForms.size >= WITHIN_MAX) byForms.clear();
      byForms.set(key, (p = pattern(some)));
    }
    return p;
  };
  // The plain search for the forms of at most `longest` characters, as an alternation ('' if none).
  // A reviewed table's file name (28 of them, `aliases.csv`) is searched for by its extension alone: one branch instead
  // of one a table, and still true wherever the pattern matches, since every such form holds `.csv`.
  const alternation = (longest: number) => {
    const some = forms.filter((f) => f.form.length <= longest);
    const files = some.some((f) => f.form.endsWith('.csv'));
    return [...some.filter((f) => !f.form.endsWith('.csv')).map((f) => escape(f.form)), ...(files ? ['\\.csv'] : [])].join('|');
  };
  // Whether a text holds any form as it is: true wherever `re` matches (every match holds its form whole).
  const maybe = new RegExp(alternation(Infinity));
  return { maybe, alternation, within };
}

/**
 * A pattern of some forms, one capture group per form (in `ids` order), then the possessive that may follow; `urls`:
 * whether each form is a URL.
 */
type FormsPattern = { re: RegExp; ids: string[]; urls: boolean[] };
/** Patterns of forms kept, by the forms they hold. */
const WITHIN_MAX = 256;

/** Strings shorter than this are rewritten each time: a look-up would cost about as much as the search. */
const REMEMBER_FROM = 24;
/** Strings remembered per generation; two generations are kept (the older dropped as a new one fills). */
const GENERATION = 4096;

type Rewritten = { text: string; ids: readonly string[] };
const NO_IDS: readonly string[] = [];

/** Texts seen once, per generation: a text is remembered from its second sight (see remembered). */
const SEEN_GENERATION = 512;

/**
 * The rewriting with its results remembered, keyed by the text: answers repeat the same derivation lines (a
 * hardware fact, the decode formula, a model's facts) in every entry and across asks, and the search over every
 * source id took most of a partial projection (derivations of 1.5 KB an entry). Bounded: two generations of
 * GENERATION strings, the older dropped whole when the newer fills, so a line in use stays and the rest goes.
 *
 * A text is remembered from its second sight only. Texts made for one ask (a cheapest_for item's sentence, about 450
 * characters with the ask's prices, 20 to 100 an answer) were each remembered until 8,192 others came: held past
 * several young-generation collections, copied by each and then moved to the old generation, to die there. Texts
 * seen once are noted in two small generations of SEEN_GENERATION, which turn over within a few asks, so a text seen
 * once mostly dies young; a text asked again soon (a line every entry repeats, the same page asked twice) is found
 * there and remembered.
 */
function remembered(rewrite: PartialText): PartialText {
  let young = new Map<string, Rewritten>();
  let old = new Map<string, Rewritten>();
  let seen = new Set<string>();
  let seenBefore = new Set<string>();
  return (text, found) => {
    if (text.length < REMEMBER_FROM) return rewrite(text, found);
    let r = young.get(text);
    if (!r) {
      r = old.get(text);
      if (!r) {
        if (!seen.has(text) && !seenBefore.has(text)) {
          if (seen.size >= SEEN_GENERATION) {
            seenBefore = seen;
            seen = new Set();
          }
          seen.add(text);
          return rewrite(text, found);
        }
        const ids = new Set<string>();
        const out = rewrite(text, ids);
        r = { text: out, ids: ids.size ? [...ids] : NO_IDS };
      }
      if (young.size >= GENERATION) {
        old = young;
        young = new Map();
      }
      young.set(text, r);
    }
    for (const id of r.ids) found.add(id);
    return r.text;
  };
}
