// Adapter for the list of signatories of the EU General-Purpose AI Code of Practice (full, partial, declined).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IsoDate, type Source } from '../schema/index.ts';
import { parseCsv, validateRows } from './curated.ts';
import type { Adapter, AdapterResult, DeveloperObservation, SourceRoots } from './types.ts';

const FOLDER = 'eu-gpai-code-of-practice';
const FILE = 'signatories-as-of-2025-12.csv';
const SOURCE_ID = 'eu-gpai-code';

/**
 * The list states its date as a month ("as of 2025-12"). A month is dated by its first day, 2025-12-01: the
 * earliest day the statement covers, so the fact never claims to be newer than the list.
 */
export const EU_CODE_LIST_DATE = '2025-12-01';

export const EU_CODE_SOURCE: Source = {
  id: SOURCE_ID,
  name: 'Signatories of the EU General-Purpose AI Code of Practice',
  url: 'https://digital-strategy.ec.europa.eu/en/policies/contents-code-gpai',
  licence: 'public information',
  kind: 'index',
  retrieved: EU_CODE_LIST_DATE,
  covers:
    'EU GPAI Code of Practice status per organisation (signatory, partial, declined) as of December 2025. ' +
    'Secondary source: the list was compiled from the International AI Safety Report 2026 footnote and press ' +
    'reports, not read from the European Commission page itself; re-verify against that page before relying on it.',
  caveat: 'the list is a secondary compilation dated December 2025 (from the International AI Safety Report 2026 and '
    + 'press reports), not read from the European Commission\'s own page: check that page before relying on it',
  counts_for_data_as_of: true,
};

const STATUS: Record<string, 'signatory' | 'partial' | 'declined'> = {
  signatory: 'signatory',
  'partial signatory': 'partial',
  partial: 'partial',
  declined: 'declined',
};

/** `2025-12` -> the 1st of the month; a full date is kept as the day that row's evidence speaks for. */
const RowDate = z
  .string()
  .regex(/^\d{4}-\d{2}(-\d{2})?$/, 'YYYY-MM or YYYY-MM-DD')
  .transform((s) => (s.length === 7 ? `${s}-01` : s))
  .pipe(IsoDate);

const Row = z.object({
  organisation: z.string().min(1),
  status: z
    .string()
    .transform((s) => s.trim().toLowerCase())
    .refine((s) => s in STATUS, { message: `one of: ${Object.keys(STATUS).join(', ')}` })
    .transform((s) => STATUS[s]),
  chapters: z.string(),
  as_of: RowDate,
});

export const euCode: Adapter = {
  id: SOURCE_ID,
  async read(roots: SourceRoots): Promise<AdapterResult> {
    const rows = parseCsv(await readFile(path.join(roots.sources, FOLDER, FILE), 'utf8'));
    const { valid, issues } = validateRows(Row, rows, { source: SOURCE_ID, file: FILE }, (r) => r.record.organisation || `line ${r.line}`);
    const developers = valid.map(({ value: v }): DeveloperObservation => ({
      source: SOURCE_ID,
      name: v.organisation,
      as_of: v.as_of,
      // `chapters` is kept as the list writes it (`all`, `Safety and Security only`, `none`).
      eu_code: { status: v.status, ...(v.chapters ? { chapters: v.chapters } : {}) },
    }));
    return { sources: [EU_CODE_SOURCE], developers, issues };
  },
};
