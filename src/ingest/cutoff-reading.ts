// What a served knowledge cutoff rests on, said in its note (docs/data.md, "Whose knowledge cutoff is served").
// One rule for every model: the developer's own statement (a reviewed row of developer-releases.csv) is served as
// it is; otherwise a catalogue's reading is served as such, its note saying it is not the developer's and naming the
// readings that disagree; readings resellers alone give are served only when they agree to the month.
import type { Fact } from '../schema/index.ts';
import { DEVELOPER_RELEASES_SOURCE_ID } from '../sources/developer-releases.ts';
import type { Placed } from './placed.ts';

/** The tier of a resellers' listing (placed.ts): it speaks for its own serving, not for the model. */
const RESELLER_TIER = 4;

export type CutoffJudgement =
  | { kind: 'served'; fact: Fact<string> }
  | { kind: 'withheld'; reason: string };

const month = (v: string): string => v.slice(0, 7);

/** `2024-12 (302ai/deepseek-v3.2, deepinfra/...)`: each month other readings give, with the listings that give it. */
function othersText(byMonth: ReadonlyMap<string, string[]>, except?: string): string {
  return [...byMonth].filter(([m]) => m !== except).sort(([a], [b]) => a.localeCompare(b))
    .map(([m, ls]) => `${m} (${ls.slice(0, 4).join(', ')}${ls.length > 4 ? ` and ${ls.length - 4} more` : ''})`).join(', ');
}

/**
 * Judges the chosen cutoff against every reading still standing (`readings`: the listings' cutoffs after set-asides
 * and the release test). A developer's statement passes unchanged. A catalogue's reading (models.dev's entry, the
 * developer's listing, LMArena's catalogue) is served with a note that says so. When only resellers' listings give a
 * cutoff, a reseller's field being a copy or a guess, they must agree to the month; if they disagree, nothing says
 * which is the model's and none is served (DeepSeek-V3.2: 2024-07 in four listings, 2024-12 in three, 2025-01, 2025-11).
 */
export function judgeCutoff(chosen: Fact<string>, readings: readonly Placed[]): CutoffJudgement {
  if (chosen.source === DEVELOPER_RELEASES_SOURCE_ID) return { kind: 'served', fact: chosen };
  const given = readings.filter((p) => p.obs.knowledge_cutoff !== undefined && p.obs.source !== DEVELOPER_RELEASES_SOURCE_ID);
  const byMonth = new Map<string, string[]>();
  for (const p of given) {
    const m = month(p.obs.knowledge_cutoff as string);
    const ls = byMonth.get(m) ?? [];
    if (!ls.includes(p.obs.source_model_id)) ls.push(p.obs.source_model_id);
    byMonth.set(m, ls);
  }
  const resellersOnly = given.length > 0 && given.every((p) => p.tier >= RESELLER_TIER);
  const others = othersText(byMonth, month(chosen.value));
  if (resellersOnly && others) {
    return { kind: 'withheld', reason: `only resellers' listings give a knowledge cutoff and they disagree: ${othersText(byMonth)}; no page of the developer's giving one was reviewed to settle it` };
  }
  const n = byMonth.get(month(chosen.value))?.length ?? 1;
  const kind = resellersOnly
    ? `only resellers' listings give it (${n} listing${n === 1 ? '' : 's'}, all ${month(chosen.value)})`
    : `a catalogue's reading (${chosen.source})`;
  const note = [
    chosen.note,
    `${kind}, not the developer's own statement: no page of the developer's giving one was reviewed`,
    others ? `listings that disagree: ${others}` : undefined,
  ].filter(Boolean).join('; ');
  return { kind: 'served', fact: { ...chosen, note } };
}
