// The words of an ASCII text in one pass, as `words` (vocabulary.ts) splits them, without its chain of rewritten copies.
//
// Why: every recommend_model ask reads five or six short texts (who, use, data, keep, where, machine) and the words
// left unread again; `words` made six strings and two arrays a text (slice, normalize, four replaces, a split and a
// filter), and `wordSpans` (unread.ts) three arrays of one entry a character. Nearly every text is ASCII, where
// NFKD and the accent strip change nothing: the split is then lower case, apostrophes dropped, anything but a-z and
// 0-9 a separator, and a digit followed by a letter a boundary (`24gb` is `24 gb`). Other texts take the general path.

/** Texts are read up to this many characters (UTF-16 units), as `words` cuts them. */
export const WORDS_MAX = 400;

/**
 * The words of `text` (its first WORDS_MAX characters), or undefined when a character is not ASCII. With `starts`
 * and `ends`, each word's span in the text is pushed there too: its first character and the one after its last.
 */
export function asciiWords(text: string, starts?: number[], ends?: number[]): string[] | undefined {
  const n = Math.min(text.length, WORDS_MAX);
  for (let i = 0; i < n; i++) if (text.charCodeAt(i) > 127) return undefined;
  // One copy in lower case where the text has a capital (V8 gives the text itself back otherwise).
  const lower = text.toLowerCase();
  const out: string[] = [];
  // The current word: its text before an apostrophe (`don't` is `dont`), the run since, and where it began.
  let before = '';
  let from = -1;
  let first = -1;
  let last = -1;
  let prevDigit = false;
  const flush = (at: number) => {
    const w = from >= 0 ? before + lower.slice(from, at) : before;
    if (w) {
      out.push(w);
      starts?.push(first);
      ends?.push(last + 1);
    }
    before = '';
    from = -1;
    first = -1;
  };
  for (let i = 0; i < n; i++) {
    const c = lower.charCodeAt(i);
    if (c === 39) {
      // An apostrophe is dropped: the letters either side are one word.
      if (from >= 0) before += lower.slice(from, i);
      from = -1;
      continue;
    }
    const digit = c >= 48 && c <= 57;
    if (!digit && !(c >= 97 && c <= 122)) {
      if (first >= 0) flush(i);
      prevDigit = false;
      continue;
    }
    if (first >= 0 && prevDigit && !digit) flush(i);
    if (first < 0) first = i;
    if (from < 0) from = i;
    last = i;
    prevDigit = digit;
  }
  if (first >= 0) flush(n);
  return out;
}
