// Record-level validation of the dataset's collections against their schemas, shared by the loader and its worker.
import { DatasetFiles, DatasetMeta, type CollectionName } from '../schema/index.ts';

/** Enough problems to see what is wrong; a wholly broken file would otherwise print thousands of lines. */
export const MAX_PROBLEMS = 20;

/** Record label for messages: its id, or the fields that identify it. */
function label(rec: unknown, index: number): string {
  if (rec && typeof rec === 'object') {
    const r = rec as Record<string, unknown>;
    if (typeof r.id === 'string') return `"${r.id}"`;
    if (typeof r.model_id === 'string') return `#${index} (model ${r.model_id})`;
  }
  return `#${index}`;
}

export function metaProblems(meta: unknown, where: string): string[] {
  const parsed = DatasetMeta.safeParse(meta);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${where}/meta.json: field "${i.path.join('.')}": ${i.message}`);
}

/**
 * Problems of one collection, naming file, record and field; at most MAX_PROBLEMS. The records themselves are
 * kept as read: every object in the dataset schemas is strict and none has a default or a transform (a test
 * holds this), so a record that passes is exactly what the schema's parse would have returned.
 */
export function collectionProblems(name: CollectionName, list: unknown, where: string): string[] {
  if (!Array.isArray(list)) return [`${where}/${name}.json: expected an array of records`];
  const schema = DatasetFiles[name];
  const problems: string[] = [];
  for (let i = 0; i < list.length && problems.length < MAX_PROBLEMS; i++) {
    const r = schema.safeParse(list[i]);
    if (r.success) continue;
    for (const issue of r.error.issues.slice(0, 3)) {
      problems.push(`${where}/${name}.json: record ${label(list[i], i)}: field "${issue.path.join('.') || '(record)'}": ${issue.message}`);
    }
  }
  return problems;
}
