// The words of a free text that decided nothing, given back as the caller wrote them: "budget of $1 per million tokens".
import { asciiWords } from './word-scan.ts';

/**
 * Words that carry no meaning of their own in a situation described in a few words: articles, pronouns, prepositions,
 * conjunctions, auxiliaries and the framing verbs people put around a value ("must stay in", "we need", "that uses").
 * They are never reported alone and are trimmed from the ends of a run of words not read; inside a run they stay, so
 * that "budget of $1 per million tokens" reads as written. Negations (`no`, `not`) and numbers are never stop words.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'some', 'any', 'each', 'every', 'all', 'both',
  'i', 'im', 'me', 'my', 'mine', 'we', 'were', 'us', 'our', 'ours', 'you', 'your', 'it', 'its', 'they', 'them', 'their', 'he', 'she', 'his', 'her',
  'of', 'in', 'on', 'at', 'to', 'for', 'with', 'from', 'by', 'about', 'as', 'into', 'onto', 'via', 'within', 'like',
  'and', 'or', 'but', 'nor', 'so', 'if', 'than', 'then', 'while', 'who', 'which', 'what', 'whose',
  'is', 'are', 'am', 'was', 'be', 'been', 'being', 'has', 'have', 'had', 'having', 'do', 'does', 'did',
  'will', 'would', 'shall', 'should', 'can', 'could', 'may', 'might', 'must',
  'need', 'needs', 'needing', 'want', 'wants', 'wanting', 'looking', 'use', 'uses', 'using', 'used',
  'keep', 'keeps', 'kept', 'stay', 'stays', 'remain', 'remains', 'only', 'just', 'also', 'very', 'please', 'etc',
]);

const isDigit = (c: string) => c >= '0' && c <= '9';
const isAlnum = (c: string) => isDigit(c) || (c >= 'a' && c <= 'z');

/** One word as `words` (vocabulary.ts) splits it, with the characters of the text it came from. */
export type WordSpan = { word: string; start: number; end: number };

/**
 * The words of a text, split exactly as `words` splits them (the first 400 characters, accents off, lower case,
 * apostrophes dropped, anything but a-z and 0-9 a separator, `24gb` split into `24 gb`), each with its span in the
 * text, so that a run of words can be given back as written (`$1` keeps its sign, `Germany` its capital).
 */
export function wordSpans(text: string): WordSpan[] {
  const chars: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const cut = text.slice(0, 400);
  let at = 0;
  for (const c of cut) {
    // ASCII, nearly every character: NFKD and the accent strip leave it as it is, so only the case and an apostrophe
    // matter. The general path below makes new strings for every character: 5.5 of the 160 KB a cold ask allocated.
    const code = c.charCodeAt(0);
    if (code < 128) {
      if (code !== 39) {
        chars.push(code >= 65 && code <= 90 ? c.toLowerCase() : c);
        from.push(at);
        to.push(at + 1);
      }
      at += 1;
      continue;
    }
    const n = c.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/'/g, '');
    for (const x of n) {
      chars.push(x);
      from.push(at);
      to.push(at + c.length);
    }
    at += c.length;
  }
  const spans: WordSpan[] = [];
  let i = 0;
  while (i < chars.length) {
    if (!isAlnum(chars[i])) { i++; continue; }
    let j = i + 1;
    // A word ends at a separator, or where a digit is followed by a letter (`24gb` is `24 gb`).
    while (j < chars.length && isAlnum(chars[j]) && !(isDigit(chars[j - 1]) && !isDigit(chars[j]))) j++;
    spans.push({ word: chars.slice(i, j).join(''), start: from[i], end: to[j - 1] });
    i = j;
  }
  return spans;
}

/**
 * Where each word of `wordsOfText` stands in the text, and whether the text splits into those words (`same`: should the
 * two splits ever differ, the words themselves are given back). An ASCII text is split in one pass, the spans with it
 * (word-scan.ts); any other by wordSpans, a character at a time.
 */
function spansOf(text: string, wordsOfText: readonly string[]): { starts: number[]; ends: number[]; same: boolean } {
  const starts: number[] = [];
  const ends: number[] = [];
  const ascii = asciiWords(text, starts, ends);
  if (ascii) return { starts, ends, same: sameWords(ascii, wordsOfText) };
  const spans = wordSpans(text);
  return { starts: spans.map((s) => s.start), ends: spans.map((s) => s.end), same: sameWords(spans.map((s) => s.word), wordsOfText) };
}

const sameWords = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((w, k) => w === b[k]);

/** Words that join two separate asks (`200k context and low latency`): a run not read is split there. */
const JOINERS: ReadonlySet<string> = new Set(['and', 'or', 'but', 'nor', 'plus']);
/**
 * Punctuation between two words that ends an ask: a semicolon, a comma not inside a number (`$1,000`), a full stop not
 * inside one (`$1.50`). It is tested on the characters between the words and the first of the next word.
 */
const BREAK = /;|,(?!\d)|[.!?](?:\s|$)/;

/**
 * The runs of words no phrase read, as written in the text, stop words trimmed from their ends and runs of stop words
 * alone dropped; a run is split at a joining word or punctuation, each part an ask of its own. `read[i]` says whether
 * word i of `words(text)` decided something (a phrase of the vocabulary matched it, whether its value was used or set
 * aside). `wordsOfText` is `words(text)`, the split the reading used.
 */
export function unreadPhrases(text: string, wordsOfText: readonly string[], read: readonly boolean[]): string[] {
  if (read.every(Boolean)) return [];
  const { starts, ends, same } = spansOf(text, wordsOfText);
  const breaksBefore = (k: number) => JOINERS.has(wordsOfText[k]) || (same && k > 0 && BREAK.test(text.slice(ends[k - 1], starts[k] + 1)));
  const out: string[] = [];
  const add = (a: number, b: number) => {
    while (a <= b && STOP_WORDS.has(wordsOfText[a])) a++;
    while (b >= a && STOP_WORDS.has(wordsOfText[b])) b--;
    if (a > b) return;
    const phrase = same ? text.slice(starts[a], ends[b]).replace(/\s+/g, ' ') : wordsOfText.slice(a, b + 1).join(' ');
    if (!out.includes(phrase)) out.push(phrase);
  };
  let start = -1;
  for (let k = 0; k <= wordsOfText.length; k++) {
    const open = k < wordsOfText.length && !read[k];
    if (start >= 0 && (!open || breaksBefore(k))) {
      add(start, k - 1);
      start = -1;
    }
    if (open && start < 0) start = k;
  }
  return out;
}
