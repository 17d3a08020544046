// The first rows of an order without sorting the rest: a page of 20 of some 200 rows, counted in full.

/**
 * Keeps the first `room` items added in `order` (a total order: every tie broken), and counts all of them: read with
 * `slice` and `length` as a sorted array of every item would be, for slices within the room (a page up to
 * offset + limit). Adding is one comparison for an item that does not enter.
 */
export class TopSlice<T> {
  private readonly kept: T[] = [];
  length = 0;

  constructor(private readonly room: number, private readonly order: (a: T, b: T) => number) {}

  /** Whether `probe` would be kept: ask before building the item to add (the probe may be a reused object). */
  admits(probe: T): boolean {
    this.length++;
    const n = this.kept.length;
    return n < this.room || (this.room > 0 && this.order(probe, this.kept[n - 1]) < 0);
  }

  /** Adds an item `admits` accepted (counted there). */
  keep(item: T): void {
    let i = this.kept.length;
    while (i > 0 && this.order(item, this.kept[i - 1]) < 0) i--;
    this.kept.splice(i, 0, item);
    if (this.kept.length > this.room) this.kept.pop();
  }

  slice(start: number, end: number): T[] {
    if (end > this.room) throw new Error(`TopSlice keeps ${this.room} items, not ${end}`);
    return this.kept.slice(start, end);
  }
}

/** Every item kept, sorted once when first read: for a room too large for TopSlice's insertion to pay. */
class SortedAll<T> {
  private readonly all: T[] = [];
  private sorted = false;
  constructor(private readonly order: (a: T, b: T) => number) {}
  get length(): number {
    return this.all.length;
  }
  admits(): boolean {
    return true;
  }
  keep(item: T): void {
    this.all.push(item);
    this.sorted = false;
  }
  slice(start: number, end: number): T[] {
    if (!this.sorted) this.all.sort(this.order);
    this.sorted = true;
    return this.all.slice(start, end);
  }
}

/** Up to this room, insertion into the kept rows beats sorting every row (a page of up to 100 from the start). */
const MAX_INSERTION_ROOM = 128;

export type Ranked<T> = { readonly length: number; admits(probe: T): boolean; keep(item: T): void; slice(start: number, end: number): T[] };

/** The rows in `order`, read by slices ending at `room` at most: the first `room` kept in order, or all sorted. */
export function ranked<T>(room: number, order: (a: T, b: T) => number): Ranked<T> {
  return room <= MAX_INSERTION_ROOM ? new TopSlice(room, order) : new SortedAll(order);
}
