// Where a GPU rental provider's region is, by a reviewed row: in the EU, outside it, or not placed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IsoDate, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from './curated.ts';
import type { IngestIssue } from './types.ts';

export const RENTAL_REGIONS_SOURCE_ID = 'rental-regions';
export const RENTAL_REGIONS_FILE = 'rental-regions.csv';

/**
 * A region name says little on its own: RunPod's `EUR-IS-*` data centres are in Iceland (EEA, not EU), and a name
 * such as Lambda's `europe-south-1` is placed by no page of the provider's. So a region counts as EU only by a row
 * that places it in an EU member state; `unknown` (not placed) and `no` do not count.
 */
const Row = z.object({
  provider: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a lowercase provider id'),
  region: z.string().min(1),
  place: z.string().min(1),
  eu: z.enum(['yes', 'no', 'unknown']),
  url: z.url({ error: 'the page the region was placed on' }),
  read_on: IsoDate,
  note: z.string().min(1, 'what the page says'),
});

export const RENTAL_REGIONS_SOURCE: Source = {
  id: RENTAL_REGIONS_SOURCE_ID,
  name: 'Reviewed table: where each GPU rental region is (EU member state, outside the EU, or not placed)',
  url: tableUrl(`data/curated/${RENTAL_REGIONS_FILE}`),
  licence: 'facts; each row cites the page it was read on, and the day',
  kind: 'curated',
  retrieved: '2026-11-26',
  covers: 'the regions the SkyPilot rental rows list for Lambda, RunPod and Nebius: which are in the EU',
  counts_for_data_as_of: false,
};

export type RentalRegions = { isEu(provider: string, region: string): boolean; known(provider: string, region: string): boolean };

/** The table's rows as a lookup. Exported for the tests, which feed it CSV text. */
export function translateRentalRegions(text: string): { regions: RentalRegions; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(text), { source: RENTAL_REGIONS_SOURCE_ID, file: `data/curated/${RENTAL_REGIONS_FILE}` },
    (r) => `${r.record.provider ?? ''}/${r.record.region ?? ''} (line ${r.line})`);
  const eu = new Map(valid.map(({ value: v }) => [`${v.provider}\u0000${v.region}`, v.eu === 'yes']));
  const key = (provider: string, region: string) => `${provider}\u0000${region}`;
  return { regions: { isEu: (p, r) => eu.get(key(p, r)) === true, known: (p, r) => eu.has(key(p, r)) }, issues };
}

export async function readRentalRegions(curatedDir: string): Promise<{ regions: RentalRegions; issues: IngestIssue[] }> {
  return translateRentalRegions(await readFile(path.join(curatedDir, RENTAL_REGIONS_FILE), 'utf8'));
}
