// A moving API name kept as a model of its own (`deepseek-chat`) and the concrete model its developer says it serves.
import type { Model } from '../schema/index.ts';
import type { IngestIssue } from '../sources/types.ts';
import { currentPointers, evidenceDate } from './version-pointers.ts';
import type { VersionPointer } from './versions-apart.ts';

export const VERSION_POINTERS_SOURCE_ID = 'version-pointers';

/** An earlier target of the alias, as the note says it: `codestral-2405 (evidence of 2024-05-29; https://...)`. */
function earlierText(p: VersionPointer, resolve: (id: string) => string | undefined): string {
  const url = p.reason.match(/https?:\/\/[^\s,;)'"]+/)?.[0] ?? '';
  const span = [evidenceDate(p) && `evidence of ${evidenceDate(p)}`, p.until && `until ${p.until}`].filter(Boolean).join(', ');
  return `${resolve(p.snapshot) ?? p.snapshot} (${[span, url].filter(Boolean).join('; ')})`;
}

/**
 * The current row of version-pointers.csv (the newest evidence of each alias, version-pointers.ts) whose alias is a
 * model of the dataset and whose snapshot resolves to another model makes the alias a pointer: `points_to` names that
 * model, dated by the row's evidence (`evidence_on`, or `read_on` in rows written before it), with the row's reason
 * as the note and the alias's earlier dated targets after it. Rows whose two ids are one model (gpt-4o ->
 * gpt-4o-2024-08-06, a snapshot merged into its alias) make no fact, nor does an alias whose newest row has ended
 * (`until`): its target at the data date is unknown. A row whose evidence is older than the data date says so in the
 * note. Search ranks such a model as it ranks a `-latest` id
 * (docs/data.md, "A moving name's facts").
 */
export function attachPointsTo(
  models: Model[], pointers: readonly VersionPointer[], resolve: (id: string) => string | undefined, dataAsOf?: string,
): { attached: string[]; issues: IngestIssue[] } {
  const byId = new Map(models.map((m) => [m.id, m]));
  const attached: string[] = [];
  const issues: IngestIssue[] = [];
  const { current, earlier } = currentPointers(pointers);
  for (const p of current) {
    const model = byId.get(p.alias.toLowerCase());
    const target = resolve(p.snapshot);
    if (!model || !target || target === model.id) continue;
    const asOf = evidenceDate(p);
    if (!asOf) {
      issues.push({ source: VERSION_POINTERS_SOURCE_ID, file: 'data/curated/version-pointers.csv', row: p.alias, field: 'evidence_on', message: `${p.alias} points to another model (${target}): the row needs the date of its evidence` });
      continue;
    }
    const before = earlier.get(p.alias.toLowerCase()) ?? [];
    // A moving name read before the data date may have moved since: the note says so first, so no reader takes the
    // target for the name's target at the data date (OpenRouter's family pointers move with every release).
    const moved = dataAsOf && asOf < dataAsOf
      ? `The target as read on ${asOf}, the newest evidence; the name moves and may serve a later model by the data date (${dataAsOf}). ` : '';
    const history = before.length ? `. Earlier: ${before.map((e) => earlierText(e, resolve)).join('; ')}` : '';
    const note = `${moved}${p.reason}${history}`;
    model.points_to = { value: target, as_of: asOf, source: VERSION_POINTERS_SOURCE_ID, note };
    attached.push(model.id);
  }
  return { attached, issues };
}
