// A break-even's volume windows in one short phrase, for the cost page and the MCP text: the REST `reason` at length.

// A wire value (estimate_cost's `break_even` or `break_even_owned`), read defensively: a field may be absent.
type V = Record<string, any>;

/**
 * "cheaper than the API between A and B, then in N more windows, and from C on" (or "..., and never stays cheaper"), each volume
 * written by `volume`, `unit` after the first window's end. Undefined when the break-even has no window: self-hosting
 * then stays cheaper from the break-even volume on (or never crosses), which the caller says as before. Owned hardware
 * costs no more only just below each whole number of machines' capacity until the windows join (engines/cheaper-ranges.ts),
 * so the first break-even volume alone would read as "cheaper from there on", which it is not.
 */
export function windowsPhrase(b: V | undefined, volume: (millions: number) => string, unit: string): string | undefined {
  const first = b?.cheaper_windows?.[0];
  const count = b?.cheaper_windows_count;
  if (!first || typeof count !== 'number' || count < 1) return undefined;
  const more = count - 1;
  const then = more > 0 ? `, then in ${more} more window${more > 1 ? 's' : ''}` : '';
  const from = b?.stays_cheaper_from_tokens_millions;
  const end = typeof from === 'number' ? `, and from ${volume(from)} on` : ', and never stays cheaper';
  return `cheaper than the API between ${volume(first.from_tokens_millions)} and ${volume(first.to_tokens_millions)}${unit}${then}${end}`;
}
