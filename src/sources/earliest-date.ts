// Whether a notice words its shutdown day as the earliest one ("no earlier than October 16, 2026"): a bound, not a date.

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * The words a provider uses for an earliest day: Google's Vertex AI e-mail ("discontinued no earlier than October 16,
 * 2026"), "not before", "on or after", "at the earliest", "earliest shutdown date". Each is followed (or, for "at the
 * earliest", preceded) by the day it bounds.
 */
const BEFORE_DATE = /\b(?:no earlier than|not earlier than|not before|no sooner than|on or after|earliest(?: possible)?(?: shutdown| retirement)?(?: date)?(?: is| of)?:?)\s+(?:on\s+)?/gi;
const AFTER_DATE = /\s*,?\s+at the earliest\b/i;

/** `2026-10-16`, `October 16, 2026`, `Oct 16 2026`, `16 October 2026` at the start of `s`, as YYYY-MM-DD. */
export function leadingDate(s: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})\b/.exec(s);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const mdy = /^([A-Za-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(s);
  const dmy = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+)\.?,?\s+(\d{4})\b/.exec(s);
  const [mon, day, year] = mdy ? [mdy[1], mdy[2], mdy[3]] : dmy ? [dmy[2], dmy[1], dmy[3]] : [];
  if (!mon) return undefined;
  const m = MONTHS.findIndex((x) => x.startsWith(mon.toLowerCase()) && mon.length >= 3);
  return m < 0 ? undefined : `${year}-${String(m + 1).padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

/**
 * Whether `text` gives `shutdown` (YYYY-MM-DD) as an earliest day rather than the day itself. Only the day the words
 * bound counts: OpenAI's "retired in June 2024 at the earliest" says nothing of the 2024-09-13 its later notice fixed.
 */
export function wordsEarliest(text: string, shutdown: string): boolean {
  for (const m of text.matchAll(BEFORE_DATE)) {
    if (leadingDate(text.slice(m.index + m[0].length)) === shutdown) return true;
  }
  // "... on October 16, 2026 at the earliest": the day just before the words.
  for (let i = text.search(AFTER_DATE), rest = text; i >= 0; rest = rest.slice(i + 1), i = rest.search(AFTER_DATE)) {
    const head = rest.slice(Math.max(0, i - 30), i);
    for (let k = 0; k < head.length; k++) if (leadingDate(head.slice(k)) === shutdown) return true;
  }
  return false;
}
