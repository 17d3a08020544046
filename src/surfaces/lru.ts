// A small least-recently-used map bounded by entry count and total size: the response cache's store.

export class Lru<V> {
  private readonly map = new Map<string, { value: V; size: number }>();
  private total = 0;

  constructor(private readonly maxEntries: number, private readonly maxSize = Number.POSITIVE_INFINITY) {}

  get size(): number {
    return this.map.size;
  }

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    // Re-insert so that Map order is recency order; the oldest entry is the first one.
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  set(key: string, value: V, size = 1): void {
    if (size > this.maxSize) return;
    const old = this.map.get(key);
    if (old) {
      this.total -= old.size;
      this.map.delete(key);
    }
    this.map.set(key, { value, size });
    this.total += size;
    while (this.map.size > this.maxEntries || this.total > this.maxSize) {
      const oldest = this.map.keys().next().value as string;
      this.total -= this.map.get(oldest)!.size;
      this.map.delete(oldest);
    }
  }
}
