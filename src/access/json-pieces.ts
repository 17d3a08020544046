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

export class JsonPieces {
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

  /** The pieces in order (the text appended so far, whole when joined). */
  pieces(): string[] {
    if (this.run.length > 0) {
      this.list.push(this.run);
      this.run = '';
    }
    return this.list;
  }
}
