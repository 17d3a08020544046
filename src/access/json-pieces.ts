// JSON written as a list of pieces, none of them a long string of many parts, so that no answer is ever made flat.
//
// Why: text appended piece by piece is a chain of parts (a cons string), and turning it into bytes first makes it one
// flat string. Over about 128 K characters V8 makes that string in its large-object space, and it costs some 20 times
// more per character: a 190 KB cheapest_for page took 1.7 ms to turn into bytes where the same text already flat took
// 0.1 ms; synthetic chains of 120 K characters wrote in 33 us, of 140 K in 785 us (docs/performance.md, seventh and
// eighth rounds). Text appended here is cut into pieces of at most PIECE_MAX characters, written one after another.

/** A run of appended text is cut before it grows past this; well under the 128 K where flattening turns slow. */
export const PIECE_MAX = 32 * 1024;

/**
 * A string this long or longer (a kept part's text, a member serialized whole) is a piece of its own, never appended
 * to a run: it is already flat, so it is encoded as it is, where appended it would be copied once more when the run is
 * flattened for encoding. A 100-entry models_for_hardware page copied some 270 KB so (docs/performance.md). Each piece
 * is one more write into the encoder, about 0.2 us: at 128 characters a 100-item cheapest_for page cost some 10% more
 * CPU, at 256 about as much as at 512, with an offer's kept members and each item's sentence (written as they are,
 * write-body.ts) no longer copied.
 */
export const OWN_PIECE_MIN = 256;

/**
 * Where the answer writer (write-body.ts) puts its JSON: text pieces (JsonPieces), or bytes straight away
 * (surfaces/json-bytes.ts `writtenBytes`), the same bytes either way once encoded.
 */
export interface JsonOut {
  /** Appends JSON text as it is (a member's head, a bracket, a kept part's prepared text). */
  add(s: string): void;
  /** Appends `head` and JSON.stringify(v); nothing, and false, where that is undefined (a member JSON leaves out). */
  value(head: string, v: unknown): boolean;
  /** Appends `head` and the JSON of the string `s`. */
  string(head: string, s: string): void;
}

/**
 * A string at least this long is written as its own text between quotes when JSON.stringify would not change a
 * character of it (see `string`); a shorter one is serialized, which costs less than the test and two appends.
 */
const QUOTED_MIN = 64;
/** What JSON.stringify escapes in a string: a quote, a backslash, a control character, a lone surrogate (any surrogate here). */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;
/** `head` and an opening quote, made once per head (the writer's heads are a bounded set: write-body.ts headOf). */
const quotedHeads = new Map<string, string>();
const QUOTED_HEADS_MAX = 4096;

export class JsonPieces implements JsonOut {
  private readonly list: string[] = [];
  private run = '';

  /**
   * Appends `s`. A string of OWN_PIECE_MIN characters or more (a kept part's JSON, a member serialized whole) becomes
   * a piece of its own, as it is. Pieces end only between two calls, so a call's text (a whole JSON token or more) is never split:
   * a surrogate pair stays in one piece, and each piece is encoded alone with the same bytes.
   */
  add(s: string): void {
    if (s.length >= OWN_PIECE_MIN) {
      if (this.run.length > 0) this.list.push(this.run);
      this.list.push(s);
      this.run = '';
      return;
    }
    if (this.run.length + s.length <= PIECE_MAX) {
      this.run += s;
      return;
    }
    if (this.run.length > 0) this.list.push(this.run);
    this.run = s;
  }

  value(head: string, v: unknown): boolean {
    const json = JSON.stringify(v);
    if (json === undefined) return false;
    this.add(head);
    this.add(json);
    return true;
  }

  /**
   * JSON.stringify copies a long text once or twice more (its builder's parts, then the flat result): a cheapest_for
   * item's sentence (about 400 characters made per ask) or a repeated rule (models_for_hardware, 418 characters an
   * entry). A text with nothing to escape is its own JSON between quotes, appended as it is: a long one is then a piece
   * of its own, never copied before encoding.
   */
  string(head: string, s: string): void {
    if (s.length < QUOTED_MIN || ESCAPED.test(s)) {
      this.add(head);
      this.add(JSON.stringify(s));
      return;
    }
    let h = quotedHeads.get(head);
    if (h === undefined) {
      h = `${head}"`;
      if (quotedHeads.size < QUOTED_HEADS_MAX) quotedHeads.set(head, h);
    }
    this.add(h);
    this.add(s);
    this.add('"');
  }

  /** The pieces in order (the text appended so far, whole when joined). */
  pieces(): string[] {
    if (this.run.length > 0) {
      this.list.push(this.run);
      this.run = '';
    }
    return this.list;
  }
}
