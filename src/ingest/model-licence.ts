// A model's licence: the developer's word first (a reviewed row, developer-licences.csv), then the newest label a
// leaderboard gave it (licences change).
import type { Fact, Licence } from '../schema/index.ts';
import type { ModelObservation } from '../sources/types.ts';
import { choose, type Candidate } from './precedence.ts';

type Placed = { obs: ModelObservation; tier: number; authoritative: boolean };

/** LMArena's "open": open weights with no licence named (licences.csv); it never hides a named licence. */
export const UNNAMED_LICENCE = 'open-unspecified';
/**
 * LMArena's plain "Llama" (licences.csv: "version not stated") names the family, not the agreement: Llama 4 Scout is
 * "Llama" on LMArena from 2026-08-19 but "Llama 4" in the LMArena catalogue, and the Llama 4 agreement is the one
 * that binds it. A label that states the version therefore wins over one that does not, as a named one over "open".
 * Cohere Labs' cards write "CC-BY-NC" with no version (`cc-by-nc`): a statement of CC BY-NC 4.0 at the same tier wins.
 */
const UNVERSIONED = new Set([UNNAMED_LICENCE, 'llama-community', 'cc-by-nc']);

/**
 * Among the statements of the best tier, the newest wins: a licence is a dated statement that can change
 * (Kimi K3 was "Proprietary" on LMArena to 2026-07-21, then "Kimi K3 license" from 2026-07-27), and the
 * spelling of a variant's name says nothing about which label is current. A label that names no licence is
 * used only where no statement of that tier names one, and one naming no version (UNVERSIONED) only where none
 * states it. Texts the table does not know are collected.
 */
export function pickLicence(placed: readonly Placed[], licenceOf: (text: string) => Licence | undefined, unknown: Set<string>): Fact<Licence> | undefined {
  const cands: Candidate<Licence>[] = [];
  for (const p of placed) {
    const text = p.obs.licence_text;
    if (!text) continue;
    const l = licenceOf(text);
    if (!l) {
      unknown.add(text.trim().toLowerCase());
      continue;
    }
    cands.push({ value: l, source: p.obs.source, as_of: p.obs.as_of, tier: p.tier, authoritative: p.authoritative });
  }
  if (!cands.length) return undefined;
  const best = Math.min(...cands.map((c) => c.tier));
  const top = cands.filter((c) => c.tier === best);
  const named = top.filter((c) => c.value.id !== UNNAMED_LICENCE);
  const versioned = named.filter((c) => !UNVERSIONED.has(c.value.id));
  const chosen = choose(versioned.length ? versioned : named.length ? named : top, undefined, { newestFirst: true });
  if (!chosen) return undefined;
  const picked = withOtherTiers(chosen, cands);
  // A reviewed row (developer-licences.csv) names the page it read and the words quoted: the fact carries them as its
  // `evidence_page`, which the trust profile reads (trust-criteria.ts), and says them in its note.
  const page = placed.find((p) => p.obs.licence_page && p.obs.source === picked.source && p.obs.as_of === picked.as_of
    && p.obs.licence_text !== undefined && licenceOf(p.obs.licence_text)?.id === picked.value.id)?.obs.licence_page;
  return page ? { ...picked, note: `${page.url}, read ${page.read_on}: "${page.quote}"`, evidence_page: { ...page } } : picked;
}

/**
 * What a label says against the chosen licence. "open" names no licence, so it contradicts none; an unversioned
 * "Llama" contradicts no Llama agreement (it names the family), but does any other licence.
 */
function disagrees(label: Licence, chosen: Licence): boolean {
  if (label.id === chosen.id || label.id === UNNAMED_LICENCE) return false;
  return !(label.id === 'llama-community' && chosen.id.startsWith('llama-'));
}

/**
 * Every source's current label, compared with the chosen licence, whatever its tier: a leaderboard the developer's
 * own file outranks still disagrees, and the reader of a full answer sees it (LMArena's "Apache 2.0" for MiniMax-M2,
 * whose LICENSE is MIT with MiniMax's paragraph). A source's current label is its newest authoritative one (a
 * licence is a dated statement: Kimi K3's older "Proprietary" is history, not a disagreement); a reseller's own
 * listing speaks for no model. The chosen fact's own source is not compared with itself. This replaces what the
 * choice among the best tier recorded, which saw no other tier.
 */
function withOtherTiers(chosen: Fact<Licence>, cands: readonly Candidate<Licence>[]): Fact<Licence> {
  const current = new Map<string, Candidate<Licence>>();
  const newestFirst = [...cands].filter((c) => c.authoritative && c.source !== chosen.source)
    .sort((a, b) => (a.as_of < b.as_of ? 1 : a.as_of > b.as_of ? -1 : 0) || a.tier - b.tier || a.value.id.localeCompare(b.value.id));
  for (const c of newestFirst) {
    const held = current.get(c.source);
    // A label naming no licence (or no version) is a source's current word only where it gives no other that day.
    if (!held || (held.as_of === c.as_of && UNVERSIONED.has(held.value.id) && !UNVERSIONED.has(c.value.id))) current.set(c.source, c);
  }
  const agree = new Set<string>();
  const conflicts = new Map<string, { value: Licence; as_of: string; source: string }>();
  for (const [source, c] of current) {
    if (disagrees(c.value, chosen.value)) conflicts.set(source, { value: c.value, as_of: c.as_of, source });
    else if (c.value.id === chosen.value.id) agree.add(source);
  }
  const f: Fact<Licence> = { value: chosen.value, as_of: chosen.as_of, source: chosen.source };
  if (agree.size) f.corroborated_by = [...agree].sort();
  if (conflicts.size) f.conflicts = [...conflicts.values()].sort((a, b) => a.source.localeCompare(b.source));
  return f;
}
