// Catalogue licence flips that fix the catalogue rather than record a developer's decision: flagged as corrections.
import type { ChangeEvent } from '../schema/index.ts';

/** One commit flipping the same licence field of at least this many models is a sweep of the catalogue. */
export const BULK_MODELS = 3;
/** A flip undone within this many days never held in the world: both flips are corrections. */
export const REVERT_DAYS = 30;

const DAY = 86_400_000;

/**
 * docs/data.md, "Change events". A developer opens or closes one model's weights at a time, by its own decision. A
 * catalogue commit that flips `open_weights` (or `licence`) for several models at once is an audit of the catalogue:
 * models.dev's "feat(models): add coding benchmarks and weights (#2000)" (2026-06-04) set deepseek-r1 true (MIT since
 * 2025-01-20) and qwen3-coder-plus, devstral-medium-2507, magistral-medium-latest, glm-4.5-flash and minimax-m3
 * false. And a flip undone within REVERT_DAYS (minimax-m3 true -> false on 06-04, back on 06-14) was never the
 * world's state. Such events get `correction: true` and a `correction_note` saying which rule; a commit whose own
 * subject already says it fixed something keeps its reading. Mutates and returns the events.
 */
export function markLicenceCorrections(events: ChangeEvent[]): ChangeEvent[] {
  const licence = events.filter((e) => e.kind === 'licence');
  const models = new Map<string, Set<string>>();
  for (const e of licence) {
    if (!e.commit) continue;
    const k = `${e.commit}|${e.field}`;
    models.set(k, (models.get(k) ?? new Set<string>()).add(e.model_id));
  }
  for (const e of licence) {
    const n = e.commit ? models.get(`${e.commit}|${e.field}`)!.size : 0;
    if (n >= BULK_MODELS && e.correction !== true) {
      mark(e, `one catalogue commit changed ${e.field} for ${n} models at once: a sweep of the catalogue, not a developer's decision`);
    }
  }
  const series = new Map<string, ChangeEvent[]>();
  for (const e of licence) {
    const k = `${e.model_id}|${e.field}|${e.provider ?? ''}`;
    series.set(k, [...(series.get(k) ?? []), e]);
  }
  for (const list of series.values()) {
    list.sort((a, b) => a.date.localeCompare(b.date));
    for (let i = 0; i + 1 < list.length; i++) {
      const [a, b] = [list[i], list[i + 1]];
      const days = (Date.parse(b.date) - Date.parse(a.date)) / DAY;
      if (a.old !== b.new || a.new !== b.old || days > REVERT_DAYS) continue;
      const why = `${String(a.old)} -> ${String(a.new)} on ${a.date}, undone on ${b.date}: the value never held`;
      if (a.correction !== true) mark(a, why);
      if (b.correction !== true) mark(b, why);
    }
  }
  return events;
}

function mark(e: ChangeEvent, note: string): void {
  e.correction = true;
  e.correction_note = note;
}
