// The reviewed territory table (data/curated/licence-territories.csv): licences that grant no rights in some territories.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseCsv, validateRows } from '../sources/curated.ts';
import { IsoDate } from '../schema/primitives.ts';
import type { Licence, Model, TerritoryExclusion } from '../schema/index.ts';

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
  // The schema is strict, so a column missing or added fails on the first row, as a misspelt header would.
  const { valid, issues } = validateRows(TerritoryRow, parseCsv(readFileSync(file, 'utf8')), { source: 'licence-territories', file });
  const first = issues[0];
  if (first) throw new Error(`${file} ${first.row}${first.field ? `, field "${first.field}"` : ''}: ${first.message}`);
  const seen = new Set<string>();
  for (const { value, row } of valid) {
    if (seen.has(value.licence_id)) throw new Error(`${file} ${row}: licence "${value.licence_id}" is listed twice`);
    seen.add(value.licence_id);
  }
  return valid.map((v) => v.value);
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
