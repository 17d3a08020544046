// The recommend_model vocabulary (DESIGN.md section 6): canonical values, their synonyms, and free text mapped to them.
import { EU_MEMBER_STATE_NAMES, NON_EU_COUNTRY_HINT, NON_EU_COUNTRY_WORDS } from './eu-member-states.ts';
import { unreadPhrases } from './unread.ts';
import { asciiWords, WORDS_MAX } from './word-scan.ts';

export const WHO = ['individual', 'startup', 'enterprise', 'public-sector', 'researcher', 'healthcare', 'education'] as const;
export const DATA = ['public', 'internal', 'personal', 'financial', 'health', 'secret'] as const;
export const KEEP = ['any', 'eu-only', 'no-training', 'no-retention', 'on-device', 'open-weights', 'open-licence'] as const;
export const WHERE = ['any-cloud', 'eu-cloud', 'on-premises', 'local'] as const;
export const MACHINE_CLASSES = ['none', 'laptop', 'workstation', 'server', 'cluster'] as const;

export type Who = (typeof WHO)[number];
export type DataKind = (typeof DATA)[number];
export type Keep = (typeof KEEP)[number];
export type Where = (typeof WHERE)[number];
export type MachineClass = (typeof MACHINE_CLASSES)[number];

export type TextParameter = 'who' | 'use' | 'data' | 'keep' | 'where' | 'machine';

/**
 * When text names several values of one parameter: `first` keeps the one mentioned first (who, use: a preference);
 * `strictest` keeps the most restrictive, in the order of `values` (data, where: "personal health records" is health
 * data); `all` keeps every value named (keep: "EU only, no training, no retention" is three constraints, each of which
 * must hold, so none may be set aside).
 */
export type Combine = 'first' | 'strictest' | 'all';

export type VocabularyEntry = { value: string; synonyms: readonly string[] };
export type ParameterVocabulary = {
  combine: Combine;
  values: readonly VocabularyEntry[];
  /** `all`: the value that means no constraint, dropped when the text also names a real one (`any`). */
  none?: string;
  /** What to ask instead when a part names no value but one of these words: the nearest the service offers. */
  hints?: ReadonlyArray<{ words: readonly string[]; hint: string }>;
  /**
   * combine `first`: a value named only by a verb of these `phrases` gives way to `to` named in the same text, wherever
   * each stands: the verb says what is done, the other value what it is done to ("write code" is coding, not writing).
   */
  yields?: ReadonlyArray<{ value: string; phrases: readonly string[]; to: string }>;
};

/** Synonyms are words or phrases; matching is case-insensitive on whole words, a plural `s` tolerated. */
export const VOCABULARY: Readonly<Record<Exclude<TextParameter, 'machine'>, ParameterVocabulary>> = {
  who: {
    combine: 'first',
    values: [
      { value: 'individual', synonyms: ['me', 'myself', 'solo', 'solo developer', 'freelancer', 'hobbyist', 'hobby', 'consumer', 'private person', 'indie developer', 'indie hacker', 'single developer', 'person', 'personal use'] },
      { value: 'startup', synonyms: ['start up', 'small company', 'small business', 'sme', 'smb', 'scale up', 'scaleup', 'founder', 'small team', 'saas company'] },
      { value: 'enterprise', synonyms: ['company', 'corporation', 'corporate', 'large company', 'business', 'bank', 'insurer', 'insurance company', 'multinational', 'firm', 'organisation', 'organization', 'law firm'] },
      { value: 'public-sector', synonyms: ['public sector', 'public administration', 'administration', 'government', 'govt', 'ministry', 'municipality', 'city', 'city council', 'council', 'agency', 'public agency', 'public authority', 'local authority', 'civil service', 'public service', 'federal', 'state agency'] },
      { value: 'researcher', synonyms: ['research', 'academic', 'academia', 'scientist', 'lab', 'laboratory', 'university lab', 'phd', 'research institute', 'research group'] },
      { value: 'healthcare', synonyms: ['health care', 'hospital', 'clinic', 'doctor', 'physician', 'medical practice', 'nurse', 'care provider', 'health system', 'pharma', 'pharmaceutical company'] },
      { value: 'education', synonyms: ['school', 'university', 'college', 'teacher', 'student', 'edtech', 'classroom', 'tutor', 'academy'] },
    ],
  },
  use: {
    combine: 'first',
    // "write code", "writing code", "code writing", "write python": the verb names the act, the code what is written.
    // "write a story" keeps writing: story is a writing phrase of its own, not the verb.
    yields: [{ value: 'writing', phrases: ['write', 'writing'], to: 'coding' }],
    values: [
      { value: 'chat', synonyms: ['chatbot', 'assistant', 'conversation', 'general', 'general purpose', 'everyday', 'questions', 'q&a'] },
      { value: 'coding', synonyms: ['code', 'programming', 'software development', 'software engineering', 'code generation', 'code review', 'copilot', 'autocomplete', 'code completion', 'debugging', 'developer', 'python', 'javascript', 'typescript', 'sql'] },
      { value: 'writing', synonyms: ['write', 'copywriting', 'creative writing', 'content', 'marketing copy', 'blog', 'story', 'fiction', 'poetry', 'essay', 'email'] },
      { value: 'math', synonyms: ['maths', 'mathematics', 'calculation', 'arithmetic', 'algebra', 'calculus'] },
      { value: 'reasoning', synonyms: ['analysis', 'hard problems', 'logic', 'problem solving', 'complex tasks', 'planning', 'thinking'] },
      { value: 'documents', synonyms: ['document', 'rag', 'retrieval', 'long context', 'long documents', 'knowledge base', 'pdf', 'contract', 'summarization', 'summarisation', 'summarize', 'summarise', 'summarizing', 'summarising', 'summary', 'summaries', 'search over documents'] },
      { value: 'agents', synonyms: ['agent', 'agentic', 'tool calling', 'tool use', 'function calling', 'automation', 'workflow', 'mcp'] },
      { value: 'vision', synonyms: ['image', 'picture', 'photo', 'screenshot', 'ocr', 'multimodal', 'chart', 'diagram', 'scan'] },
      { value: 'translation', synonyms: ['translate', 'translating', 'multilingual', 'languages', 'localization', 'localisation', 'non english'] },
      { value: 'customer-support', synonyms: ['customer support', 'support', 'customer service', 'help desk', 'helpdesk', 'service desk', 'call center', 'call centre', 'ticket', 'support bot'] },
    ],
  },
  data: {
    combine: 'strictest',
    // "Sensitive" says the data needs care, not which care: personal data (GDPR), health and financial records, a
    // company's own and classified material are each kept under their own rules, so the service asks which it is.
    hints: [{ words: ['sensitive', 'private'],
      hint: 'sensitive names no one kind: say personal (about people: PII, GDPR), health, financial, internal (the company\'s own, confidential) or secret (classified)' }],
    values: [
      { value: 'public', synonyms: ['public data', 'open data', 'published', 'non sensitive', 'nonsensitive', 'not sensitive'] },
      { value: 'internal', synonyms: ['company data', 'business data', 'proprietary', 'confidential', 'source code', 'codebase', 'code base', 'internal documents'] },
      { value: 'personal', synonyms: ['personal data', 'pii', 'gdpr', 'customer data', 'user data', 'customer records', 'hr', 'employee data', 'citizen data'] },
      { value: 'financial', synonyms: ['finance', 'banking', 'payment', 'transaction', 'credit card', 'accounting', 'tax'] },
      { value: 'health', synonyms: ['medical', 'patient', 'patient records', 'patient data', 'clinical', 'medical records', 'health records', 'health data', 'ehr', 'emr', 'phi', 'hipaa', 'diagnosis'] },
      { value: 'secret', synonyms: ['top secret', 'classified', 'trade secret', 'national security', 'defence', 'defense', 'highly confidential', 'restricted'] },
    ],
  },
  keep: {
    combine: 'all',
    none: 'any',
    // A part naming a licence or weights in words no value knows ("source available", "GPL") points at the two that exist.
    hints: [{ words: ['open', 'licence', 'license', 'licensed', 'weights', 'weight', 'source', 'gpl', 'mit', 'apache'],
      hint: 'for downloadable weights under any licence ask keep=open-weights; for an OSI-approved licence, keep=open-licence' },
    { words: NON_EU_COUNTRY_WORDS, hint: NON_EU_COUNTRY_HINT }],
    values: [
      { value: 'any', synonyms: ['anything', 'no requirement', 'none', 'no constraint', "don't care", 'do not care', 'whatever'] },
      { value: 'eu-only', synonyms: ['eu', 'europe', 'european', 'european union', 'in the eu', 'eu residency', 'eu data residency', 'data residency', 'eu resident', 'stay in the eu', ...EU_MEMBER_STATE_NAMES] },
      { value: 'no-training', synonyms: ['no training', 'not used for training', 'not used to train', 'no model training', 'opt out of training', "don't train", 'do not train', 'not for training'] },
      { value: 'no-retention', synonyms: ['no retention', 'zero retention', 'zero data retention', 'zdr', 'no logging', 'no logs', 'not stored', 'no storage', 'delete immediately'] },
      { value: 'on-device', synonyms: ['on device', 'offline', 'air gapped', 'airgapped', 'local only', 'never leaves the device', 'on my machine', 'on my device', 'edge'] },
      { value: 'open-weights', synonyms: ['open weights', 'open weight', 'open weights only', 'open model', 'downloadable weights', 'weights available', 'public weights', 'self hostable', 'no vendor lock in', 'no lock in'] },
      // "Open source" is the OSI's term (and its licence list is the one the licence table follows): the stricter reading.
      { value: 'open-licence', synonyms: ['open licence', 'open license', 'open source', 'opensource', 'osi', 'osi approved', 'osi licence', 'osi license', 'permissive licence', 'permissive license', 'foss', 'free software'] },
    ],
  },
  where: {
    combine: 'strictest',
    // A country outside the EU ("Switzerland") reads as no value: the 400 says why and what to ask instead.
    hints: [{ words: NON_EU_COUNTRY_WORDS, hint: NON_EU_COUNTRY_HINT }],
    values: [
      { value: 'any-cloud', synonyms: ['cloud', 'api', 'saas', 'hosted', 'managed', 'anywhere', 'any'] },
      // Bare "EU" or "Europe" as a place to run is a cloud in the EU: a caller on premises says so in words of that value.
      { value: 'eu-cloud', synonyms: ['eu cloud', 'european cloud', 'cloud in the eu', 'eu hosted', 'eu region', 'sovereign cloud', 'eu api', 'eu', 'europe', 'european union', 'in the eu', 'eu only',
        // A member state named as the place to run ("in Germany") is an EU cloud, as keep reads it as eu-only: the same list.
        ...EU_MEMBER_STATE_NAMES] },
      { value: 'on-premises', synonyms: ['on premises', 'on premise', 'on prem', 'onprem', 'own servers', 'own server', 'our servers', 'self hosted', 'self host', 'self hosting', 'own data center', 'own datacenter', 'private cloud', 'in house', 'data center', 'data centre'] },
      { value: 'local', synonyms: ['locally', 'on my laptop', 'my laptop', 'my computer', 'my machine', 'on device', 'my pc', 'laptop', 'desktop', 'home'] },
    ],
  },
};

/** Machine words that name a class, a catalogued configuration, or no machine at all. */
export const MACHINE_SYNONYMS: Readonly<Record<MachineClass, readonly string[]>> = {
  none: ['no machine', 'api only', 'no hardware', 'no gpu', 'cloud only', 'nothing'],
  laptop: ['notebook', 'macbook', 'macbook pro'],
  workstation: ['tower', 'professional workstation', 'pro workstation'],
  server: ['servers', 'gpu server', 'rack server', 'dgx', 'hgx', 'node'],
  cluster: ['gpu cluster', 'multi node', 'multinode', 'supercomputer', 'many gpus'],
};

/**
 * Machine words that stand for one catalogued configuration (a desktop is not a class of the vocabulary): a PC of no
 * stated GPU is the commonest one (machine-family.ts, DESKTOP_REPRESENTATIVE), not the largest.
 */
export const MACHINE_HARDWARE_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  'rtx-3060-8gb': ['desktop', 'gaming pc', 'desktop pc', 'pc', 'personal computer'],
};

/**
 * Lowercase words: accents off, anything but letters and digits a separator, `24gb` split into `24 gb`. An ASCII text
 * is split in one pass (word-scan.ts): the same words, without the copies the general path makes.
 */
export function words(text: string): string[] {
  return asciiWords(text) ?? anyWords(text);
}

function anyWords(text: string): string[] {
  return text
    .slice(0, WORDS_MAX)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/**
 * The words of a phrase, split once: phrases come from the vocabularies and the dataset's configuration ids, never
 * from a caller, so the set is small; every interpreted ask used to split each of them again.
 */
const splitPhrases = new Map<string, readonly string[]>();
const MAX_SPLIT_PHRASES = 20_000;
export function phraseWords(phrase: string): readonly string[] {
  let w = splitPhrases.get(phrase);
  if (!w) {
    if (splitPhrases.size >= MAX_SPLIT_PHRASES) splitPhrases.clear();
    splitPhrases.set(phrase, (w = words(phrase)));
  }
  return w;
}

/** A text word matches a phrase word exactly or as its plural (`p` + `s` or `es`), compared without building strings. */
function sameWord(w: string, p: string): boolean {
  if (w === p) return true;
  const extra = w.length - p.length;
  if (extra === 1) return w.charCodeAt(p.length) === 115 && w.startsWith(p);
  return extra === 2 && w.charCodeAt(p.length) === 101 && w.charCodeAt(p.length + 1) === 115 && w.startsWith(p);
}

/** Whether the words of a phrase stand in the text from word `at` on. */
function phraseAt(text: readonly string[], at: number, p: readonly string[]): boolean {
  for (let j = 0; j < p.length; j++) if (!sameWord(text[at + j], p[j])) return false;
  return true;
}

export type PhraseMatch = { value: string; phrase: string; start: number; length: number };

/** Every whole-word occurrence of every phrase, then only the maximal ones (a longer phrase hides those inside it). */
export function findPhrases(text: readonly string[], phrases: ReadonlyArray<{ value: string; phrase: string }>): PhraseMatch[] {
  const found: PhraseMatch[] = [];
  for (const { value, phrase } of phrases) {
    const p = phraseWords(phrase);
    if (p.length === 0) continue;
    for (let i = 0; i + p.length <= text.length; i++) {
      if (phraseAt(text, i, p)) found.push({ value, phrase, start: i, length: p.length });
    }
  }
  if (found.length < 2) return found;
  return found.filter((m) => !found.some((o) => o !== m && o.length > m.length && o.start <= m.start && o.start + o.length >= m.start + m.length));
}

export type Mapping = {
  /** The canonical value; with combine `all`, every value named, comma-separated in the vocabulary's order. */
  value: string;
  /** Every value used: one, or with combine `all` each value named. */
  values: string[];
  /** `canonical`: the text is the value; `synonym`: phrases in the text map to it. */
  how: 'canonical' | 'synonym';
  /** The phrases of the text that decided the value. */
  matched: string[];
  /** Other values the text also named, set aside by the parameter's combine rule. */
  set_aside: string[];
  /** The words of the text no phrase read, as written, stop words left out (unread.ts): they decided nothing. */
  unread: string[];
};

/** Each vocabulary's phrases, listed once: the vocabularies are constants, so this holds a handful of short lists. */
const vocabPhrases = new WeakMap<ParameterVocabulary, ReadonlyArray<{ value: string; phrase: string }>>();

/** Phrases of a vocabulary, each canonical value being a phrase of itself (`public-sector` as `public sector`). */
function phrasesOf(vocab: ParameterVocabulary): ReadonlyArray<{ value: string; phrase: string }> {
  let p = vocabPhrases.get(vocab);
  if (!p) {
    p = vocab.values.flatMap((e) => [{ value: e.value, phrase: e.value }, ...e.synonyms.map((phrase) => ({ value: e.value, phrase }))]);
    vocabPhrases.set(vocab, p);
  }
  return p;
}

/**
 * One word of each phrase of a vocabulary, the longest (the least common: `care` of `care provider`, not `a`): a phrase
 * matches only whole, and a canonical value is a phrase of itself, so a text holding none of these words, as written
 * or as a plural, maps to nothing. Most texts recommend_model asks of every other parameter (its unread words) hold none.
 */
const vocabKeys = new WeakMap<ParameterVocabulary, ReadonlySet<string>>();
function holdsKeyWord(w: readonly string[], vocab: ParameterVocabulary): boolean {
  let keys = vocabKeys.get(vocab);
  if (!keys) {
    const k = new Set<string>();
    for (const { phrase } of phrasesOf(vocab)) {
      const p = phraseWords(phrase);
      if (p.length) k.add(p.reduce((a, b) => (b.length > a.length ? b : a)));
    }
    vocabKeys.set(vocab, (keys = k));
  }
  const has = keys;
  return w.some((t) => has.has(t)
    || (t.endsWith('s') && (has.has(t.slice(0, -1)) || (t.endsWith('es') && has.has(t.slice(0, -2))))));
}

/** The canonical value a text is exactly (case and separators aside), if any. */
function canonicalOf(text: string, vocab: ParameterVocabulary, w: readonly string[] = words(text)): string | undefined {
  const joined = w.join(' ');
  return joined ? canonicalForms(vocab).get(joined) : undefined;
}

/**
 * Each value's words joined by one space, to the value (the first in the vocabulary's order, should two read alike):
 * made once per vocabulary (they are constants), where every interpreted text used to join every value's words again.
 */
const vocabForms = new WeakMap<ParameterVocabulary, ReadonlyMap<string, string>>();
function canonicalForms(vocab: ParameterVocabulary): ReadonlyMap<string, string> {
  let forms = vocabForms.get(vocab);
  if (!forms) {
    const m = new Map<string, string>();
    for (const e of vocab.values) {
      const joined = phraseWords(e.value).join(' ');
      if (!m.has(joined)) m.set(joined, e.value);
    }
    vocabForms.set(vocab, (forms = m));
  }
  return forms;
}

/**
 * combine `all`: every value named, in the vocabulary's order; `none` dropped beside a real constraint. Each part of
 * a list (split at commas and semicolons) names a value or is set aside with the reason, never silently dropped:
 * `keep=eu-only, open licence` applies eu-only and says that "open licence" is no keep constraint.
 */
function mapAll(text: string, vocab: ParameterVocabulary, found: PhraseMatch[], unread: string[]): Mapping {
  const order = vocab.values.map((e) => e.value);
  const named = [...new Set(found.map((m) => m.value))].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const values = named.length > 1 && vocab.none ? named.filter((v) => v !== vocab.none) : named;
  // A comma-separated list of canonical values (`eu-only,no-training`) is canonical: the form the echo gives back.
  // "and" and "&" join parts as commas do ("HIPAA and EU only" is two parts; no keep synonym holds either).
  const pieces = text.split(/[,;&]|\band\b/i).filter((p) => words(p).length > 0);
  const canonical = pieces.length > 0 && pieces.every((p) => canonicalOf(p, vocab) !== undefined);
  const matched = canonical
    ? pieces.map((p) => canonicalOf(p, vocab)!)
    : found.filter((m) => values.includes(m.value)).map((m) => m.phrase);
  const phrases = phrasesOf(vocab);
  const unknown = pieces.filter((p) => findPhrases(words(p), phrases).length === 0).map((p) => p.trim().slice(0, 100));
  const set_aside = [
    ...unknown.map((p) => `"${p}": not a ${vocab.none ? 'constraint' : 'value'} of this parameter (accepted: ${order.join(', ')}), `
      + `so nothing is applied for it${hintFor(p, vocab) ? `; ${hintFor(p, vocab)}` : ''}`),
    ...(vocab.none && named.includes(vocab.none) && values.length < named.length
      ? [`${vocab.none}: no constraint, outweighed by ${values.join(', ')}`] : []),
  ];
  return { value: values.join(','), values, how: canonical ? 'canonical' : 'synonym', matched: [...new Set(matched)], set_aside, unread };
}

/**
 * Map free text to a canonical value of `vocab` (or, combine `all`, to every value it names); undefined for none.
 * `w` is `words(text)`, for a caller that reads one text against several vocabularies.
 */
export function mapText(text: string, vocab: ParameterVocabulary, w?: readonly string[]): Mapping | undefined {
  return exactMappings(vocab).get(text) ?? readText(text, vocab, w ?? words(text));
}

/**
 * A text that is one of the vocabulary's values exactly as written (`coding`, `eu-only`: what most callers send for
 * use, data, keep and where) maps to the one kept mapping of that value: found by the text itself, before its words
 * are split. Made once per vocabulary by reading each value as any text is read, so the answer is the same.
 */
const vocabExact = new WeakMap<ParameterVocabulary, ReadonlyMap<string, Mapping>>();
function exactMappings(vocab: ParameterVocabulary): ReadonlyMap<string, Mapping> {
  let exact = vocabExact.get(vocab);
  if (!exact) {
    const m = new Map<string, Mapping>();
    for (const e of vocab.values) {
      const read = readText(e.value, vocab, words(e.value));
      if (read?.how === 'canonical') m.set(e.value, read);
    }
    vocabExact.set(vocab, (exact = m));
  }
  return exact;
}

function readText(text: string, vocab: ParameterVocabulary, w: readonly string[]): Mapping | undefined {
  if (w.length === 0 || !holdsKeyWord(w, vocab)) return undefined;
  const canonical = canonicalOf(text, vocab, w);
  if (canonical) return canonicalMapping(canonical);
  const found = findPhrases(w, phrasesOf(vocab));
  if (found.length === 0) return undefined;
  // A word any phrase matched was read, whether its value is used or set aside; the rest decided nothing.
  const read = new Array<boolean>(w.length).fill(false);
  for (const m of found) read.fill(true, m.start, m.start + m.length);
  const unread = unreadPhrases(text, w, read);
  if (vocab.combine === 'all') return mapAll(text, vocab, found, unread);
  const order = vocab.values.map((e) => e.value);
  const values = [...new Set(yielded(found, vocab).map((m) => m.value))];
  const chosen = vocab.combine === 'strictest'
    ? values.reduce((a, b) => (order.indexOf(b) > order.indexOf(a) ? b : a))
    : yielded(found, vocab).sort((a, b) => a.start - b.start || b.length - a.length || order.indexOf(a.value) - order.indexOf(b.value))[0].value;
  const matched = [...new Set(found.filter((m) => m.value === chosen).map((m) => m.phrase))];
  const set_aside = values.filter((v) => v !== chosen).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { value: chosen, values: [chosen], how: 'synonym', matched, set_aside, unread };
}

/**
 * The matches that decide a value: a value named only by a verb its vocabulary lets give way (`yields`) is dropped where
 * the value it gives way to is named too (its words were still read). A new list, which the caller may sort.
 */
function yielded(found: readonly PhraseMatch[], vocab: ParameterVocabulary): PhraseMatch[] {
  const drop = vocab.yields?.filter((y) => found.some((m) => m.value === y.to)
    && found.every((m) => m.value !== y.value || y.phrases.includes(m.phrase)));
  return drop?.length ? found.filter((m) => !drop.some((y) => y.value === m.value)) : [...found];
}

/**
 * A text that is a value as written maps the same on every ask: made once per value and read by reference (the answer's
 * `understood` echoes its lists; nothing changes them), where each ask made an object and four lists.
 */
const canonicalMappings = new Map<string, Mapping>();
function canonicalMapping(value: string): Mapping {
  let m = canonicalMappings.get(value);
  if (!m) {
    m = { value, values: [value], how: 'canonical', matched: [value], set_aside: [], unread: [] };
    canonicalMappings.set(value, m);
  }
  return m;
}

/** What to ask instead of a text that names no value but one of the parameter's hint words (`Switzerland`), if any. */
export function hintFor(text: string, vocab: ParameterVocabulary): string | undefined {
  const w = words(text);
  return vocab.hints?.find((h) => w.some((x) => h.words.includes(x)))?.hint;
}

/** The accepted values of a parameter as the 400 lists them. */
export function acceptedValues(parameter: Exclude<TextParameter, 'machine'>): string {
  return VOCABULARY[parameter].values.map((e) => e.value).join(', ');
}
