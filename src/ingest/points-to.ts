// A moving API name kept as a model of its own (`deepseek-chat`) and the concrete model its developer says it serves.
import type { Model } from '../schema/index.ts';
import type { IngestIssue } from '../sources/types.ts';
import type { VersionPointer } from './versions-apart.ts';

export const VERSION_POINTERS_SOURCE_ID = 'version-pointers';

/**
 * A row of version-pointers.csv whose alias is a model of the dataset and whose snapshot resolves to another model
 * makes the alias a pointer: `points_to` names that model, dated by the row's `read_on`, with the row's reason as the
 * note. Rows whose two ids are one model (gpt-4o -> gpt-4o-2024-08-06, a snapshot merged into its alias) make no fact.
 * Search ranks such a model as it ranks a `-latest` id (docs/data.md, "A moving name's facts").
 */
export function attachPointsTo(
  models: Model[], pointers: readonly VersionPointer[], resolve: (id: string) => string | undefined,
): { attached: string[]; issues: IngestIssue[] } {
  const byId = new Map(models.map((m) => [m.id, m]));
  const attached: string[] = [];
  const issues: IngestIssue[] = [];
  for (const p of pointers) {
    const model = byId.get(p.alias.toLowerCase());
    const target = resolve(p.snapshot);
    if (!model || !target || target === model.id) continue;
    if (!p.read_on) {
      issues.push({ source: VERSION_POINTERS_SOURCE_ID, file: 'data/curated/version-pointers.csv', row: p.alias, field: 'read_on', message: `${p.alias} points to another model (${target}): the row needs the day its page was read` });
      continue;
    }
    model.points_to = { value: target, as_of: p.read_on, source: VERSION_POINTERS_SOURCE_ID, note: p.reason };
    attached.push(model.id);
  }
  return { attached, issues };
}
