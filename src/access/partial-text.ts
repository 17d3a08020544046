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

const rewriters = new WeakMap<ReadonlyMap<string, Source>, PartialText>();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The forms a source id takes in the service's texts, and what the partial tier shows instead:
 * - a citation `(models-dev, 2026-07-02)`, also after other words (`(nebius x; skypilot, 2026-01-01)`): the date
 *   stays, as `(as of 2026-07-02)`, so every figure a text quotes is still dated;
 * - a label `epoch-hardware: launch price of ...` opening a derivation: `A listed source: launch price of ...`;
 * - any other mention (`litellm 71000`, `the inference-providers table`): `a listed source`.
 * An id counts only as a word of its own: never inside a URL, a domain, a repo path or a longer id. The service's
 * own derivation source (kind `derived`, id "derived") is an English word too, so only its citation form is
 * rewritten ("an estimate derived from" stays as it is).
 * Built once per sources table (one per dataset), since the pattern depends on its ids.
 */
export function partialText(sources: ReadonlyMap<string, Source>): PartialText {
  let fn = rewriters.get(sources);
  if (fn) return fn;
  // Longest first, so that `genai-prices-npm` is never read as `genai-prices` followed by text.
  const ids = [...sources.keys()].sort((a, b) => b.length - a.length || a.localeCompare(b));
  const wordOnly = new Set([...sources.values()].filter((s) => s.kind === 'derived').map((s) => s.id));
  if (ids.length === 0) fn = (t) => t;
  else {
    const alt = ids.map(escape).join('|');
    const re = new RegExp(`(?<![\\w./@-])(?:(the) )?(${alt})(?![\\w/-]|\\.\\w)(, (?=\\d{4}-\\d{2}-\\d{2}(?!\\d))|: | table)?`, 'g');
    // Most strings name no source. A plain word-bounded search (several times faster in V8 than the pattern above,
    // and true wherever the pattern matches, since every id begins and ends with a letter or digit) skips them.
    const maybe = new RegExp(`\\b(?:${alt})\\b`);
    // A source that is a package is also named by the package's name (`@pydantic/genai-prices` for genai-prices-npm).
    const packages = new Map<string, string>();
    for (const src of sources.values()) {
      const name = /^https:\/\/www\.npmjs\.com\/package\/(@[\w.-]+\/[\w.-]+|[\w.-]+)$/.exec(src.url ?? '')?.[1];
      if (name) packages.set(name, src.id);
    }
    const names = [...packages.keys()].map(escape);
    const pkg = names.length ? `|${names.join('|')}` : '';
    const copy = new RegExp(`(?<![\\w./@-])(?:the )?(?:(${alt}) ${COPY_MARK}(?![\\w-]|\\.\\w)${pkg ? `|(${names.join('|')})(?: ${COPY_MARK})?(?![\\w/-]|\\.\\w)` : ''})`
      + '(?: \\((\\d{4}-\\d{2}-\\d{2})\\))?', 'g');
    const rewrite: PartialText = (text, found) => {
      if (!maybe.test(text) && !(pkg && text.includes('@'))) return text;
      // A copy of a source named by its commit or version (`genai-prices 47df840a5a (2026-08-21)`), or a package named by
      // its name (`@pydantic/genai-prices 0.1.8`): the mark or name tells the source as well as its id does, so both go;
      // the date stays. "absent from a listed source's copy of 2026-08-21".
      const copies = text.replace(copy, (_m: string, id: string | undefined, npm: string | undefined, day: string | undefined, at: number) => {
        found.add(id ?? packages.get(npm!)!);
        const start = at === 0 || /[.!?]\s+$/.test(text.slice(Math.max(0, at - 3), at));
        const words = start ? 'A listed source' : LISTED_SOURCE;
        return day ? `${words}'s copy of ${day}` : words;
      });
      if (!maybe.test(copies)) return copies;
      return copies.replace(re, (match: string, the: string | undefined, id: string, tail: string | undefined, at: number) => {
        if (tail === ', ') {
          found.add(id);
          return `${the ? 'the ' : ''}as of `;
        }
        if (wordOnly.has(id)) return match;
        found.add(id);
        const start = at === 0 || /[.!?]\s+$/.test(copies.slice(Math.max(0, at - 3), at));
        const words = start ? 'A listed source' : LISTED_SOURCE;
        return tail === ': ' ? `${words}: ` : words;
      });
    };
    fn = remembered(rewrite);
  }
  rewriters.set(sources, fn);
  return fn;
}

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
