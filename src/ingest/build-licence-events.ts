// Licence events from a leaderboard's dated licence labels: the model's label moving from one licence to another.
import type { ChangeEvent, Licence } from '../schema/index.ts';
import type { RatingHistoryPoint } from '../sources/types.ts';
import { stableId } from './ids.ts';
import { UNNAMED_LICENCE } from './model-licence.ts';

type Label = { licence: Licence; source: string; variants: Set<string> };

/**
 * LMArena shows a licence beside each model on each board. Per canonical model (all its variants together),
 * a date whose rows name exactly one licence is that day's label; an event is the label differing from the
 * last such day's under a variant both days name. Two variants' labels are two products' terms, not a change:
 * Kimi K3 "Proprietary" as kimi-k3 to 2026-07-21 and "Kimi K3 license" as kimi-k3-max from 2026-07-27 is no
 * event. A day whose variants disagree says nothing; "open" names no licence and moves nothing; a text the
 * licence table does not know is left out (the model build reports it).
 */
export function leaderboardLicenceEvents(
  history: readonly RatingHistoryPoint[],
  resolve: (p: RatingHistoryPoint) => string | undefined,
  licenceOf: (text: string) => Licence | undefined,
): { events: ChangeEvent[]; unresolved: number } {
  const byModel = new Map<string, Map<string, Map<string, Label>>>();
  const modelOf = new Map<string, string | undefined>();
  let unresolved = 0;
  for (const p of history) {
    if (!p.licence_text) continue;
    const licence = licenceOf(p.licence_text);
    if (!licence || licence.id === UNNAMED_LICENCE) continue;
    const mk = `${p.source}|${p.source_model_id}`;
    if (!modelOf.has(mk)) modelOf.set(mk, resolve(p));
    const model = modelOf.get(mk);
    if (!model) { unresolved++; continue; }
    const days = byModel.get(model) ?? new Map<string, Map<string, Label>>();
    byModel.set(model, days);
    const labels = days.get(p.date) ?? new Map<string, Label>();
    days.set(p.date, labels);
    const label = labels.get(licence.id) ?? { licence, source: p.source, variants: new Set<string>() };
    label.variants.add(p.source_model_id);
    labels.set(licence.id, label);
  }
  const events: ChangeEvent[] = [];
  for (const [model_id, days] of [...byModel.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    let last: { date: string; label: Label } | undefined;
    for (const date of [...days.keys()].sort()) {
      const labels = [...days.get(date)!.values()];
      if (labels.length !== 1) continue;
      const label = labels[0];
      const sameVariant = last !== undefined && [...label.variants].some((v) => last!.label.variants.has(v));
      if (last && sameVariant && last.label.licence.id !== label.licence.id) {
        const names = (l: Label) => [...l.variants].sort().join(', ');
        const e: ChangeEvent = {
          id: '', date, model_id, kind: 'licence', field: 'licence',
          old: last.label.licence.name, new: label.licence.name, source: label.source, correction: null,
          variant: [...label.variants].sort()[0],
          subject: `leaderboard licence label: "${last.label.licence.name}" (${names(last.label)}) to ${last.date}, ` +
            `"${label.licence.name}" (${names(label)}) from ${date}`,
        };
        e.id = stableId([e.date, model_id, 'licence', 'licence', e.old, e.new]);
        events.push(e);
      }
      last = { date, label };
    }
  }
  return { events, unresolved };
}
