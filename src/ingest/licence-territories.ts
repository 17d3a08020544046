// The reviewed territory table (data/curated/licence-territories.csv): licences that grant no rights in some territories.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { IsoDate } from '../schema/primitives.ts';
import type { Licence, Model, TerritoryExclusion } from '../schema/index.ts';

const COLUMNS = ['licence_id', 'applies_to', 'territories', 'clause', 'evidence_url', 'read', 'note'] as const;

/** One reviewed row: the licence, which of its models the clause reaches, the territories, and the clause quoted. */
export const TerritoryRow = z
  .object({
    licence_id: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'a licence id of data/curated/licences.csv'),
    applies_to: z.enum(['all', 'multimodal'], { error: 'all or multimodal' }),
    territories: z
      .string()
      .min(1, 'at least one territory')
      .transform((s) => s.split(';').map((t) => t.trim()).filter(Boolean)),
    clause: z.string().trim().min(1, 'the clause, quoted'),
    evidence_url: z.string().url('a URL').refine((u) => u.startsWith('https://'), 'an https URL'),
    read: IsoDate,
    note: z.string().optional(),
  })
  .strict();
export type TerritoryRow = z.infer<typeof TerritoryRow>;

/** Load and check the table; a malformed or repeated row stops the build with the file, line and field. */
export function loadLicenceTerritories(file: string): TerritoryRow[] {
  const records = parse(readFileSync(file), { columns: true, skip_empty_lines: true, bom: true }) as Array<Record<string, string>>;
  const header = records.length > 0 ? Object.keys(records[0]) : [];
  if (records.length > 0 && header.join(',') !== COLUMNS.join(',')) {
    throw new Error(`${file}: columns must be ${COLUMNS.join(',')}; found ${header.join(',')}`);
  }
  const seen = new Set<string>();
  return records.map((record, index) => {
    const parsed = TerritoryRow.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${file} line ${index + 2}, field "${issue?.path.join('.')}": ${issue?.message}`);
    }
    if (seen.has(parsed.data.licence_id)) throw new Error(`${file} line ${index + 2}: licence "${parsed.data.licence_id}" is listed twice`);
    seen.add(parsed.data.licence_id);
    return parsed.data;
  });
}

/**
 * Whether a row's clause reaches this model. A `multimodal` clause reaches a model whose modalities fact lists image
 * input; a model with no modalities fact is not known to be multimodal, so the exclusion is not claimed (never guessed).
 */
function reaches(row: TerritoryRow, model: Model): boolean {
  if (row.applies_to === 'all') return true;
  return model.modalities?.value.input.includes('image') === true;
}

export function exclusionOf(row: TerritoryRow): TerritoryExclusion {
  return {
    excludes_eu: row.territories.includes('European Union'),
    territories: row.territories,
    applies_to: row.applies_to,
    clause: row.clause,
    evidence_url: row.evidence_url,
    read: row.read,
  };
}

/** Set `territory_exclusion` on the licence of every model the table's clause reaches. Returns the ids touched. */
export function attachTerritoryExclusions(models: Model[], rows: readonly TerritoryRow[]): string[] {
  const byLicence = new Map(rows.map((r) => [r.licence_id, r]));
  const touched: string[] = [];
  for (const model of models) {
    const licence = model.licence;
    const row = licence ? byLicence.get(licence.value.id) : undefined;
    if (!licence || !row || !reaches(row, model)) continue;
    const value: Licence = { ...licence.value, territory_exclusion: exclusionOf(row) };
    model.licence = { ...licence, value };
    touched.push(model.id);
  }
  return touched;
}
