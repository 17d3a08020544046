// A catalogue copying the base model's price into an emptied listing, then writing the listing's own price back.

/**
 * models.dev's history shows a listing's price going through another model's price and back: LLM Gateway's
 * qwen3-max listed 3/15 until 91db9d81ec ("feat: update LLM Gateway to 182 models", 2026-04-18) emptied it;
 * f6c6f04367 ("feat(models): add model metadata (#1974)", 2026-06-03) set `base_model = "alibaba/qwen3-max"` and, in
 * the same commit, filled the empty price with that base file's 1.2/6; the sync 9629a104d5 (2026-06-24) wrote 3/15
 * back. Read as events, that is a price rise of 150% that never happened: 1.2/6 was Alibaba's figure, never the
 * gateway's. Fed the history's rows in file order (a commit's rows are sorted by field, so `base_model` comes before
 * `cost.*`), it marks the change that writes the listing's own figure back over such a copy. The copy must be the
 * first figure after the emptying and the write-back the next change, to the very figure the emptying removed; any
 * other move from a copied figure (to a new price) is left as the source gives it.
 */
export class CopiedPrices {
  /** path -> the commit that set its base_model from none, with the base. */
  private readonly baseSet = new Map<string, { commit: string; base: string }>();
  /** path|field -> the listing's own figure an emptying removed, and the commit. */
  private readonly emptied = new Map<string, { value: number; commit: string }>();
  /** path|field -> the copied figure, with its commit and base, while it stands. */
  private readonly copied = new Map<string, { value: number; commit: string; base: string; own: { value: number; commit: string } }>();

  /** A `base_model` row. */
  base(path: string, commit: string, old: unknown, now: unknown): void {
    if ((old === null || old === undefined) && typeof now === 'string') this.baseSet.set(path, { commit, base: now });
    else this.baseSet.delete(path);
  }

  /**
   * A price field's row (`cost.input`...), raw old and new; returns the basis when it writes the listing's own figure
   * back over a copy of the base model's, else undefined.
   */
  price(path: string, field: string, commit: string, old: unknown, now: unknown): string | undefined {
    const k = `${path}|${field}`;
    const copy = this.copied.get(k);
    this.copied.delete(k);
    if (typeof old === 'number' && old > 0 && now === null) {
      this.emptied.set(k, { value: old, commit });
      return undefined;
    }
    const own = this.emptied.get(k);
    this.emptied.delete(k);
    const base = this.baseSet.get(path);
    if (old === null && typeof now === 'number' && own && base?.commit === commit) {
      this.copied.set(k, { value: now, commit, base: base.base, own });
      return undefined;
    }
    if (copy && old === copy.value && now === copy.own.value && now !== old) {
      // The fill is not compared with the base file's figure (the rule reads one listing's history): said as a fill
      // beside base_model, which the reviewed rows (price-event-reviews.csv) confirm as copies where read.
      return `${copy.own.commit} emptied the listing's ${field} ${copy.own.value}; ${copy.commit} set base_model ${copy.base} and filled `
        + `the listing's ${field} with ${old} in the same commit; this writes the listing's own ${now} back: ${old}, filled `
        + "beside the base model's name, was never the listing's own figure, and the catalogue correcting itself is not a price change";
    }
    return undefined;
  }
}
