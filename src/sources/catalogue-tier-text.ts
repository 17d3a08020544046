// A listing's long-context tiers as one comparable text, for a source's history of them (a `tiers` CatalogueChange).

/** One tier: a prompt above `above_tokens` tokens pays these prices for all of it (USD per 1M tokens). */
export type TierRow = { above_tokens: number; input?: number; output?: number };

/**
 * The tiers as JSON text, sorted by threshold with input and output only (what the offers' tiers hold), or null for
 * none: two versions of a file compare equal exactly when the tiers an offer would read from them are the same.
 */
export function tiersText(tiers: readonly TierRow[] | undefined): string | null {
  const rows = (tiers ?? []).filter((t) => t.input !== undefined || t.output !== undefined)
    .map((t) => ({ above_tokens: t.above_tokens, ...(t.input === undefined ? {} : { input: t.input }),
      ...(t.output === undefined ? {} : { output: t.output }) }))
    .sort((a, b) => a.above_tokens - b.above_tokens);
  return rows.length ? JSON.stringify(rows) : null;
}

/** The tiers a `tiersText` gives back (undefined for none or a text that is not one). */
export function tiersOfText(text: string | null): TierRow[] | undefined {
  if (text === null) return undefined;
  try {
    const rows: unknown = JSON.parse(text);
    if (!Array.isArray(rows)) return undefined;
    const ok = rows.every((r) => typeof r === 'object' && r !== null && typeof (r as TierRow).above_tokens === 'number');
    return ok && rows.length ? (rows as TierRow[]) : undefined;
  } catch {
    return undefined;
  }
}
