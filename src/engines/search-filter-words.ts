// Words of a search text that name one of search_models' filters rather than a model ("cheap", "long context", "vision").
import { CAPABILITIES, type Capability, type SearchQuery } from './search.ts';
import { findPhrases, words } from './vocabulary.ts';

/**
 * The window `long context` is read as: 128,000 tokens, the length recommend_model's documents use requires (docs/
 * trust-and-recommend.md, section 2.2) and the example search_models gives for min_context.
 */
export const LONG_CONTEXT_TOKENS = 128000;

/** A filter a phrase names, as search_models takes it. */
type Named = { sort: 'price' } | { min_context: number } | { open_weights: true } | { capability: Capability };

/** The phrases, each with the filter it names. A name word no model is called by (cheap, long context) or a capability. */
const PHRASES: ReadonlyArray<{ phrases: readonly string[]; names: Named }> = [
  { phrases: ['cheap', 'cheapest', 'cheaper', 'inexpensive', 'affordable', 'low cost', 'budget'], names: { sort: 'price' } },
  { phrases: ['long context', 'large context', 'long window', 'big context'], names: { min_context: LONG_CONTEXT_TOKENS } },
  { phrases: ['open weights', 'open weight', 'open source', 'opensource', 'downloadable weights'], names: { open_weights: true } },
  { phrases: ['vision', 'image input', 'multimodal', 'visual'], names: { capability: 'vision' } },
  { phrases: ['reasoning', 'reasoner'], names: { capability: 'reasoning' } },
  { phrases: ['tool calling', 'tool use', 'function calling', 'tools'], names: { capability: 'tool_calling' } },
  { phrases: ['structured output', 'json mode', 'json schema'], names: { capability: 'structured_output' } },
];

const ALL = PHRASES.flatMap((p, i) => p.phrases.map((phrase) => ({ value: String(i), phrase })));

/** What a search text names: the phrases read as filters, the query they make, and the words left to match names. */
export type FilterReading = {
  /** Each phrase read, with the parameter it names written as a request would (`sort=price`). */
  read: Array<{ phrase: string; parameter: string }>;
  /** The filters named, added to those the query already has. */
  query: Pick<SearchQuery, 'sort' | 'min_context' | 'open_weights' | 'capability'>;
  /** The text's other words, as q, or undefined when none is left. */
  rest: string | undefined;
};

/**
 * The filters a search text names that the query does not already set, or undefined where it names none. Pure: the
 * caller decides whether the search so asked finds more than the text did, and only then says so.
 */
export function filterWords(q: string, query: SearchQuery): FilterReading | undefined {
  const w = words(q);
  const found = findPhrases(w, ALL);
  if (found.length === 0) return undefined;
  const read: FilterReading['read'] = [];
  const out: FilterReading['query'] = {};
  const caps = new Set<Capability>(query.capability ?? []);
  const used = new Array<boolean>(w.length).fill(false);
  for (const m of found) {
    used.fill(true, m.start, m.start + m.length);
    const n = PHRASES[Number(m.value)].names;
    if ('sort' in n && query.sort !== 'price' && out.sort === undefined) {
      out.sort = 'price';
      read.push({ phrase: m.phrase, parameter: 'sort=price' });
    } else if ('min_context' in n && query.min_context === undefined && out.min_context === undefined) {
      out.min_context = n.min_context;
      read.push({ phrase: m.phrase, parameter: `min_context=${n.min_context}` });
    } else if ('open_weights' in n && query.open_weights === undefined && out.open_weights === undefined) {
      out.open_weights = true;
      read.push({ phrase: m.phrase, parameter: 'open_weights=true' });
    } else if ('capability' in n && !caps.has(n.capability)) {
      caps.add(n.capability);
      read.push({ phrase: m.phrase, parameter: `capability=${n.capability}` });
    }
  }
  if (read.length === 0) return undefined;
  if (caps.size > (query.capability?.length ?? 0)) out.capability = CAPABILITIES.filter((c) => caps.has(c));
  const rest = w.filter((_, i) => !used[i]).join(' ');
  return { read, query: out, rest: rest || undefined };
}
