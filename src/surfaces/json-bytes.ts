// A value's JSON as UTF-8 bytes, written straight into one reused scratch buffer: the same bytes as
// Buffer.from(JSON.stringify(value)), without the text.
//
// Why: JSON.stringify builds its result as a chain of parts that double up to 16 K characters, and encoding that chain
// first makes it one flat string: a 27.6 KB estimate_cost answer allocated some 40 KB of parts and 27 KB of flat copy
// (all of it garbage at once), some 45% of what a cold call allocated, and young-generation collections come with the
// bytes allocated (docs/performance.md, fourteenth round). Written here, an answer allocates its exact-size result,
// the flat copy of a long text the handler made of parts, and the text of a number that is not a short decimal.
//
// The same bytes as JSON.stringify (ECMA-262 SerializeJSONProperty), for the values answers are made of: own
// enumerable string keys in their order, `toJSON` called, undefined, functions and symbols left out of objects and
// null in arrays, non-finite numbers null. A string with a character JSON escapes or past ASCII is escaped as
// JSON.stringify escapes it and encoded as V8 encodes (writeEscaped).
// Anything else (a BigInt, a cycle, a boxed primitive, a typed array, an answer past 4 MB) is handed to JSON.stringify
// whole, which throws or writes it as it always did.

import type { JsonOut } from '../access/json-pieces.ts';

/** At most this many bytes are kept as scratch between calls; a larger answer is written by JSON.stringify. */
const SCRATCH_MAX = 4 * 1024 * 1024;
let buf = Buffer.allocUnsafeSlow(64 * 1024);
let pos = 0;
const hasOwn = Object.prototype.hasOwnProperty;
/** Deeper than any answer nests (a handful of levels); past it a value is taken for a cycle. */
const MAX_DEPTH = 1000;

/** Thrown to fall back to JSON.stringify: the scratch is full, or a value is of a kind written here by nobody. */
class Unwritten extends Error {}
const UNWRITTEN = new Unwritten();

function room(n: number): void {
  if (pos + n <= buf.length) return;
  if (pos + n > SCRATCH_MAX) throw UNWRITTEN;
  const next = Buffer.allocUnsafeSlow(Math.min(SCRATCH_MAX, Math.max(pos + n, buf.length * 2)));
  buf.copy(next, 0, 0, pos);
  buf = next;
}

/** A character JSON escapes (a control, a quote, a backslash) or one past ASCII, for which `s` goes the slow way. */
const NOT_PLAIN = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;
/** From this length a string is checked by NOT_PLAIN and copied by the encoder, not character by character in a loop. */
const LONG = 32;

/** `s` between quotes: plain ASCII copied as it is, anything else as JSON.stringify writes it, encoded. */
function writeString(s: string): void {
  const n = s.length;
  room(n + 2);
  const start = pos;
  buf[pos++] = 34;
  if (n >= LONG) {
    if (NOT_PLAIN.test(s)) return writeEscaped(s, start);
    pos += buf.write(s, pos, 'latin1');
  } else {
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === 34 || c === 92) return writeEscaped(s, start);
      buf[pos++] = c;
    }
  }
  buf[pos++] = 34;
}

/** What JSON.stringify changes in a string: a quote, a backslash, a control character, a lone surrogate (any surrogate here). */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `s`, not plain ASCII, from `start` (its opening quote's place). A text past ASCII with nothing JSON escapes (a
 * multiplication sign, an en dash: most of an estimate_cost answer's non-ASCII texts) is its own JSON between quotes,
 * encoded here as it is. Anything else is escaped and encoded here a character at a time, as JSON.stringify escapes
 * (ECMA-262 QuoteJSONString: the short escapes, \u00XX for other controls and for a lone surrogate, in lower-case hex)
 * and V8 encodes: JSON.stringify's copy of the text was some 2-4 KB a call of recommend_model and estimate_cost, whose
 * sentences quote (a quote and a dash in one text).
 */
function writeEscaped(s: string, start: number): void {
  pos = start + 1;
  if (!ESCAPED.test(s)) {
    // A UTF-16 code unit takes at most 3 UTF-8 bytes; and the closing quote.
    room(s.length * 3 + 1);
    pos += buf.write(s, pos, 'utf8');
    buf[pos++] = 34;
    return;
  }
  // At most 6 bytes a code unit (\u00XX, or a lone surrogate's \uXXXX); a pair's 4 bytes are 2 a unit.
  room(s.length * 6 + 1);
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x80) {
      if (c === 34 || c === 92) buf[pos++] = 92;
      buf[pos++] = c;
    } else if (c < 0x20) {
      const short = SHORT_ESCAPES[c];
      buf[pos++] = 92;
      if (short) buf[pos++] = short;
      else writeUnicodeEscape(c);
    } else if (c < 0x800) {
      buf[pos++] = 0xc0 | (c >> 6);
      buf[pos++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || c > 0xdfff) {
      buf[pos++] = 0xe0 | (c >> 12);
      buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
      buf[pos++] = 0x80 | (c & 0x3f);
    } else {
      const d = c <= 0xdbff && i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        buf[pos++] = 0xf0 | (cp >> 18);
        buf[pos++] = 0x80 | ((cp >> 12) & 0x3f);
        buf[pos++] = 0x80 | ((cp >> 6) & 0x3f);
        buf[pos++] = 0x80 | (cp & 0x3f);
        i++;
      } else {
        buf[pos++] = 92;
        writeUnicodeEscape(c);
      }
    }
  }
  buf[pos++] = 34;
}

/** The controls JSON writes with a letter after the backslash (b, t, n, f, r); 0 for those written \u00XX. */
const SHORT_ESCAPES = new Uint8Array(0x20);
SHORT_ESCAPES[8] = 98;
SHORT_ESCAPES[9] = 116;
SHORT_ESCAPES[10] = 110;
SHORT_ESCAPES[12] = 102;
SHORT_ESCAPES[13] = 114;
const HEX = '0123456789abcdef';

/** `u` and the code unit's four lower-case hex digits (after the backslash). */
function writeUnicodeEscape(c: number): void {
  buf[pos++] = 117;
  buf[pos++] = HEX.charCodeAt(c >> 12);
  buf[pos++] = HEX.charCodeAt((c >> 8) & 0xf);
  buf[pos++] = HEX.charCodeAt((c >> 4) & 0xf);
  buf[pos++] = HEX.charCodeAt(c & 0xf);
}

/** 10 to the power of 0 to MAX_PLACES, each exact as a double. */
const SCALES = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];
const MAX_PLACES = SCALES.length - 1;
/** A decimal's digits below this (2^50) are spaced wider than a double's precision at its size: see writeNumber. */
const MAX_DIGITS = 2 ** 50;

/**
 * A number as JSON.stringify writes it: String(n) when finite (ECMA-262 Number::toString, the shortest decimal that
 * reads back as n), else null. Most numbers in an answer are rounded to a few decimal places, and String(n) makes a
 * new string for each (V8's number cache holds few): such a number is written from its digits instead. When
 * n === k / 10^p for a whole k below 2^50 and p <= 6, the decimal D = k x 10^-p reads back as n (the division is
 * correctly rounded), and no shorter decimal does: every other decimal of at most p places is at least 10^-p from D,
 * far more than n's precision (n x 2^-52) at that size, and a decimal of more places but fewer significant digits
 * would start at a lower power of ten, as far from n. With p the fewest places, D's last digit is not zero; and
 * 10^-6 <= |n| < 2^50 is in the range Number::toString writes without an exponent. So D is String(n).
 */
function writeNumber(v: number): void {
  if (!Number.isFinite(v)) return writeAscii('null');
  for (let p = 0; p <= MAX_PLACES; p++) {
    const scale = SCALES[p];
    const k = Math.round(v * scale);
    if (k / scale !== v || Math.abs(k) >= MAX_DIGITS) continue;
    const a = Math.abs(k);
    room(24);
    // -0 is written 0, as String(-0) is.
    if (k < 0) buf[pos++] = 45;
    writeDigits(Math.floor(a / scale), 1);
    if (p > 0) {
      buf[pos++] = 46;
      writeDigits(a % scale, p);
    }
    return;
  }
  writeAscii(String(v));
}

/** Powers of ten to 10^16, exact as doubles: a whole number's count of digits. */
const TENS = Array.from({ length: 17 }, (_, i) => 10 ** i);

/** A whole number below 2^53 in decimal, zero-padded to at least `width` digits; written from its last digit (exact). */
function writeDigits(n: number, width: number): void {
  let len = 1;
  while (len < 16 && n >= TENS[len]) len++;
  if (len < width) len = width;
  const first = pos;
  pos += len;
  for (let at = pos - 1; at >= first; at--) {
    // Below 2^31 in small-integer arithmetic; above, a double's remainder and exact division.
    const q = n < 0x80000000 ? (n / 10) | 0 : (n - (n % 10)) / 10;
    buf[at] = 48 + n - q * 10;
    n = q;
  }
}

/** A finite number's text is String(n) (ECMA-262 Number::toString, as JSON.stringify writes it); else null. */
function writeAscii(t: string): void {
  const n = t.length;
  room(n);
  for (let i = 0; i < n; i++) buf[pos++] = t.charCodeAt(i);
}

/**
 * Writes `v` as the member or element `key` and says whether it was written: an object's member that JSON leaves out
 * is not. `depth` bounds the nesting: a cycle is left to JSON.stringify, which throws on it.
 */
function writeValue(v: unknown, key: string | number, inArray: boolean, depth: number): boolean {
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    v = (v as { toJSON: (k: string) => unknown }).toJSON(String(key));
  }
  switch (typeof v) {
    case 'string':
      writeString(v);
      return true;
    case 'number':
      writeNumber(v);
      return true;
    case 'boolean':
      writeAscii(v ? 'true' : 'false');
      return true;
    case 'undefined':
    case 'function':
    case 'symbol':
      if (inArray) writeAscii('null');
      return inArray;
    case 'object':
      if (v === null) writeAscii('null');
      else if (depth > MAX_DEPTH) throw UNWRITTEN;
      else if (Array.isArray(v)) writeArray(v, depth + 1);
      else writeObject(v as Record<string, unknown>, depth + 1);
      return true;
    default:
      throw UNWRITTEN;
  }
}

function writeArray(a: readonly unknown[], depth: number): void {
  room(1);
  buf[pos++] = 91;
  for (let i = 0; i < a.length; i++) {
    if (i > 0) {
      room(1);
      buf[pos++] = 44;
    }
    writeValue(a[i], i, true, depth);
  }
  room(1);
  buf[pos++] = 93;
}

function writeObject(o: Record<string, unknown>, depth: number): void {
  // JSON.stringify writes a boxed primitive as its value: left to it, as is a typed array.
  const proto = Object.getPrototypeOf(o);
  if (proto !== Object.prototype && proto !== null && (o instanceof Number || o instanceof String || o instanceof Boolean || ArrayBuffer.isView(o))) {
    throw UNWRITTEN;
  }
  room(1);
  buf[pos++] = 123;
  let first = true;
  for (const k in o) {
    if (!hasOwn.call(o, k)) continue;
    const mark = pos;
    if (!first) {
      room(1);
      buf[pos++] = 44;
    }
    writeString(k);
    room(1);
    buf[pos++] = 58;
    if (writeValue(o[k], k, false, depth)) first = false;
    else pos = mark;
  }
  room(1);
  buf[pos++] = 125;
}

/** JSON text (a kept part's, a member's head) as UTF-8: a short ASCII text copied here, any other by the encoder. */
function writeText(s: string): void {
  const n = s.length;
  if (n < LONG) {
    room(n);
    const start = pos;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7f) {
        pos = start;
        return writeUtf8(s);
      }
      buf[pos++] = c;
    }
    return;
  }
  writeUtf8(s);
}

function writeUtf8(s: string): void {
  // A UTF-16 code unit takes at most 3 UTF-8 bytes (a surrogate pair, 2 units, takes 4).
  room(s.length * 3);
  pos += buf.write(s, pos, 'utf8');
}

/**
 * The answer writer's output as bytes (access/json-pieces.ts JsonOut): its texts copied into the scratch, its values
 * written as jsonBytes writes them (numbers from their digits, plain strings copied), so no piece of text is made for
 * them and none is flattened before encoding.
 */
const byteOut: JsonOut = {
  add: writeText,
  value(head, v) {
    const mark = pos;
    writeText(head);
    if (writeValue(v, '', false, 0)) return true;
    pos = mark;
    return false;
  },
  string(head, s) {
    writeText(head);
    writeString(s);
  },
};

/**
 * The bytes `write` puts into its output, its own memory sized by their length; undefined when they are not written
 * here (past SCRATCH_MAX, or a value JSON.stringify alone writes): the caller then writes them another way. `write`
 * must not call jsonBytes or writtenBytes (one scratch).
 */
export function writtenBytes(write: (out: JsonOut) => void): Buffer | undefined {
  pos = 0;
  try {
    write(byteOut);
  } catch (e) {
    if (e !== UNWRITTEN) throw e;
    return undefined;
  }
  const out = Buffer.allocUnsafeSlow(pos);
  buf.copy(out, 0, 0, pos);
  return out;
}

/** The UTF-8 bytes of JSON.stringify(value), for an object or array value. Its own memory, sized by its length. */
export function jsonBytes(value: object): Buffer {
  pos = 0;
  try {
    writeValue(value, '', false, 0);
  } catch (e) {
    if (e !== UNWRITTEN) throw e;
    return Buffer.from(JSON.stringify(value), 'utf8');
  }
  const out = Buffer.allocUnsafeSlow(pos);
  buf.copy(out, 0, 0, pos);
  return out;
}
