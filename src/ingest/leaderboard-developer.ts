// A model's developer read from the organisation the leaderboards' own rows name for it.
import type { ModelObservation } from '../sources/types.ts';

export type LeaderboardDeveloper = {
  /** The one developer every named organisation resolves to; undefined when none is named, or they disagree. */
  developer?: string;
  /** Organisation names no row of the developer table spells (reported, never turned into a developer). */
  unresolved: string[];
};

/**
 * The leaderboard of 2026-08-22 names no organisation on its rows (`jamba-1.5-large`, organization ""), while its
 * earlier rows of the same model do (lmarena_text-2025-08-04.csv: `Jamba-1.5-Large,...,AI21 Labs,Jamba Open`). A model
 * only a leaderboard lists takes that organisation when every name the leaderboards give it is a spelling of one
 * developer in the reviewed table: `AI21 Labs` is ai21, `01 AI` is 01-ai, `AllenAI/UW` allenai. A name the table does
 * not spell, or two developers, leaves the model's vendor as it was: the table, not the leaderboard's free text, says
 * who a developer is.
 */
export function leaderboardDeveloper(
  observations: readonly ModelObservation[],
  resolveDeveloper: (name: string) => string | undefined,
): LeaderboardDeveloper {
  const developers = new Set<string>();
  const unresolved = new Set<string>();
  for (const o of observations) {
    if (!o.source.startsWith('lmarena') || !o.vendor_hint) continue;
    const dev = resolveDeveloper(o.vendor_hint);
    if (dev) developers.add(dev);
    else unresolved.add(o.vendor_hint);
  }
  const developer = developers.size === 1 && unresolved.size === 0 ? [...developers][0] : undefined;
  return { ...(developer ? { developer } : {}), unresolved: [...unresolved].sort() };
}
