// Adapter for the two reviewed tables in ../shared/data/curated, plus the CSV and zod helpers the table adapters share.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { EuResidency, IsoDate, type Source } from '../schema/index.ts';
import type { Adapter, AdapterResult, HardwareObservation, IngestIssue, ProviderObservation, SourceRoots } from './types.ts';
import { termsOf, termsProblem, termsShape } from './provider-terms.ts';

/** SOURCES.md dates both shared curated tables "curated 2026-11-21": their rows are facts as of that review. */
export const SHARED_CURATED_REVIEWED = '2026-11-21';

/**
 * Where a reviewed table lives. The project has no public repository URL yet, so tables are named by a URN
 * over their path in the repository; swap this one function for a browsable URL once there is one.
 */
export function tableUrl(repoPath: string): string {
  return `urn:model-data-service:${repoPath}`;
}

export type CsvRow = { line: number; record: Record<string, string> };

/** Parse a CSV with a header row; `line` is the line the record ends on, for issue reports. */
export function parseCsv(text: string, opts: { trailingOptional?: boolean } = {}): CsvRow[] {
  // `trailingOptional`: a row may stop before the table's last columns (left blank), for a column added after the rows.
  const rows = parse(text, { columns: true, info: true, bom: true, skip_empty_lines: true, trim: true,
    relax_column_count_less: opts.trailingOptional === true }) as Array<{
    record: Record<string, string>;
    info: { lines: number };
  }>;
  return rows.map((r) => ({ line: r.info.lines, record: r.record }));
}

/** One IngestIssue per zod problem, naming the field the problem is in. */
export function zodIssues(source: string, file: string, row: string, error: z.ZodError): IngestIssue[] {
  return error.issues.map((i) => ({
    source,
    file,
    row,
    ...(i.path.length > 0 ? { field: i.path.join('.') } : {}),
    message: i.message,
  }));
}

/** Validate every row; rows that fail become issues and stay out of the result. */
export function validateRows<T>(
  schema: z.ZodType<T>,
  rows: CsvRow[],
  where: { source: string; file: string },
  rowName: (r: CsvRow) => string = (r) => `line ${r.line}`,
): { valid: Array<{ line: number; value: T; row: string }>; issues: IngestIssue[] } {
  const valid: Array<{ line: number; value: T; row: string }> = [];
  const issues: IngestIssue[] = [];
  for (const r of rows) {
    const parsed = schema.safeParse(r.record);
    const name = rowName(r);
    if (parsed.success) valid.push({ line: r.line, value: parsed.data, row: name });
    else issues.push(...zodIssues(where.source, where.file, name, parsed.error));
  }
  return { valid, issues };
}

/**
 * The first valid row for each key: a second row would otherwise leave the later one to win silently, so it is an issue
 * ("a second row for <key>; the first is kept") and is not applied.
 */
export function firstRowPerKey<T>(
  valid: ReadonlyArray<{ value: T; row: string }>,
  key: (v: T) => string,
  where: { source: string; file: string },
  issues: IngestIssue[],
): Array<{ value: T; row: string }> {
  const seen = new Set<string>();
  const kept: Array<{ value: T; row: string }> = [];
  for (const r of valid) {
    const k = key(r.value);
    if (seen.has(k)) {
      issues.push({ source: where.source, file: where.file, row: r.row, message: `a second row for ${k}; the first is kept` });
      continue;
    }
    seen.add(k);
    kept.push(r);
  }
  return kept;
}

/** CSV cell -> number or undefined when blank; anything else that is not a finite number fails validation. */
export const optionalNumber = z
  .string()
  .transform((s, ctx) => {
    if (s.trim() === '') return undefined;
    const n = Number(s);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `not a number: ${JSON.stringify(s)}` });
      return z.NEVER;
    }
    return n;
  });

export const optionalPositive = optionalNumber.refine((n) => n === undefined || n > 0, 'must be positive');
const blankToUndefined = (s: string) => (s.trim() === '' ? undefined : s.trim());
/** A column a row may leave blank or a table may lack: trimmed, or undefined. */
const optionalText = z.string().optional().transform((s) => (s === undefined ? undefined : blankToUndefined(s)));

const AcceleratorRow = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a lowercase slug'),
  name: z.string().min(1),
  vendor: z.string().transform(blankToUndefined),
  kind: z.string().transform(blankToUndefined),
  memory_gb: optionalPositive,
  usable_memory_fraction: optionalNumber.refine((n) => n === undefined || (n > 0 && n <= 1), 'a fraction in (0, 1]'),
  memory_bandwidth_gbs: optionalPositive,
  launch_date: z.union([z.literal(''), IsoDate]).transform(blankToUndefined),
  launch_price_usd: optionalPositive,
  source_url: z.url(),
  note: z.string().optional(),
  // Other memory sizes the card's name is sold in, GB (`8` for the RX 9060 XT 16GB: AMD sold an 8 GB card too), and the
  // page that says so: a bare name is then not read as this card (src/engines/machine.ts).
  also_sold_gb: optionalText.transform((s) => (s ? s.split(';').map(Number) : undefined))
    .pipe(z.array(z.number().positive()).optional()),
  also_sold_url: optionalText.pipe(z.url().optional()),
}).refine((r) => (r.also_sold_gb === undefined) === (r.also_sold_url === undefined), {
  path: ['also_sold_url'], message: 'also_sold_gb needs the page that says so (also_sold_url)',
});

const ProviderRow = z.object({
  provider_id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a lowercase slug'),
  name: z.string().min(1),
  hq_country: z.union([z.literal(''), z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 alpha-2 code')]).transform(blankToUndefined),
  jurisdiction: z.string().transform(blankToUndefined),
  // `unknown` means not established: it stays unknown, never promoted to yes or no.
  eu_data_residency: EuResidency,
  evidence_url: z.url(),
  note: z.string().optional(),
  // The day a row added after the shared review was read; blank: the review's date.
  read_on: z.string().optional().transform((s) => (s?.trim() ? s.trim() : undefined)).pipe(IsoDate.optional()),
  // The provider's own page stating where inference data is processed, a short quote from it and the day it was read:
  // what an EU residency of `yes` or `region` rests on (an EU hospital's key legal fact), served with the claim.
  residency_url: optionalText.pipe(z.url().optional()),
  residency_quote: optionalText,
  residency_read_on: optionalText.pipe(IsoDate.optional()),
  // Why the residency reads as it does where no quote says it (an `unknown` that was a claim: the pages searched).
  residency_note: optionalText,
  // The provider's own terms on training with and retaining API data, each on its quoted page (provider-terms.ts).
  ...termsShape,
})
  .refine((r) => (r.residency_url === undefined) === (r.residency_quote === undefined)
    && (r.residency_url === undefined) === (r.residency_read_on === undefined), {
    path: ['residency_quote'], message: 'residency_url, residency_quote and residency_read_on go together',
  })
  // An unsourced `yes` is never served: a provider serving every request in the EU must be quoted saying so.
  .refine((r) => r.eu_data_residency !== 'yes' || r.residency_quote !== undefined, {
    path: ['residency_quote'], message: 'eu_data_residency yes needs the page that says so (residency_url, residency_quote, residency_read_on)',
  })
  .superRefine((r, ctx) => {
    const bad = termsProblem(r);
    if (bad) ctx.addIssue({ code: 'custom', path: [bad.path], message: bad.message });
  });

const ACCELERATORS_FILE = 'accelerators-extra.csv';
const PROVIDERS_FILE = 'inference-providers.csv';

export const ACCELERATORS_SOURCE: Source = {
  id: 'accelerators-extra',
  name: 'Reviewed table: accelerators missing from Epoch AI (Apple Silicon, recent GPUs, unified-memory machines)',
  url: tableUrl(`curated/${ACCELERATORS_FILE}`),
  licence: 'facts; each row cites its vendor specification page',
  kind: 'curated',
  retrieved: SHARED_CURATED_REVIEWED,
  covers: 'memory, usable memory fraction, bandwidth, launch date and price of accelerators Epoch lacks',
  counts_for_data_as_of: false,
};

export const PROVIDERS_SOURCE: Source = {
  id: 'inference-providers',
  name: 'Reviewed table: inference providers, headquarters, jurisdiction and EU data residency',
  url: tableUrl(`curated/${PROVIDERS_FILE}`),
  licence: 'facts; each row cites its evidence page',
  kind: 'curated',
  retrieved: SHARED_CURATED_REVIEWED,
  covers: 'provider headquarters country, jurisdiction, EU data residency (yes / region / no / unknown), and the provider\'s own '
    + 'terms on training with and retaining API data (no_training, no_retention: yes / condition / no / unknown, each on its quoted page); also the GPU clouds whose '
    + 'rental prices the hardware configurations cite (SkyPilot ids), whose jurisdiction a rented self-hosting pick takes',
  counts_for_data_as_of: false,
};

async function readAccelerators(dir: string): Promise<{ hardware: HardwareObservation[]; issues: IngestIssue[] }> {
  const rows = parseCsv(await readFile(path.join(dir, ACCELERATORS_FILE), 'utf8'));
  const where = { source: ACCELERATORS_SOURCE.id, file: ACCELERATORS_FILE };
  const { valid, issues } = validateRows(AcceleratorRow, rows, where, (r) => r.record.id || `line ${r.line}`);
  const hardware = valid.map(({ value: v }): HardwareObservation => ({
    source: ACCELERATORS_SOURCE.id,
    key: v.id,
    name: v.name,
    ...(v.vendor ? { vendor: v.vendor } : {}),
    ...(v.kind ? { kind: v.kind } : {}),
    ...(v.memory_gb !== undefined ? { memory_gb: v.memory_gb } : {}),
    ...(v.usable_memory_fraction !== undefined ? { usable_fraction: v.usable_memory_fraction } : {}),
    ...(v.memory_bandwidth_gbs !== undefined ? { bandwidth_gbs: v.memory_bandwidth_gbs } : {}),
    ...(v.launch_date ? { release_date: v.launch_date } : {}),
    ...(v.launch_price_usd !== undefined ? { launch_price_usd: v.launch_price_usd } : {}),
    ...(v.also_sold_gb && v.also_sold_url ? { also_sold_gb: v.also_sold_gb, also_sold_url: v.also_sold_url } : {}),
    url: v.source_url,
    as_of: SHARED_CURATED_REVIEWED,
  }));
  return { hardware, issues };
}

async function readProviders(dir: string): Promise<{ providers: ProviderObservation[]; issues: IngestIssue[] }> {
  const rows = parseCsv(await readFile(path.join(dir, PROVIDERS_FILE), 'utf8'));
  const where = { source: PROVIDERS_SOURCE.id, file: PROVIDERS_FILE };
  const { valid, issues } = validateRows(ProviderRow, rows, where, (r) => r.record.provider_id || `line ${r.line}`);
  const providers = valid.map(({ value: v }): ProviderObservation => ({
    source: PROVIDERS_SOURCE.id,
    id: v.provider_id,
    name: v.name,
    ...(v.hq_country ? { hq_country: v.hq_country } : {}),
    ...(v.jurisdiction ? { jurisdiction: v.jurisdiction } : {}),
    eu_data_residency: v.eu_data_residency,
    url: v.evidence_url,
    as_of: v.read_on ?? SHARED_CURATED_REVIEWED,
    ...(v.residency_url && v.residency_quote && v.residency_read_on
      ? { residency_page: { url: v.residency_url, quote: v.residency_quote, read_on: v.residency_read_on } }
      : {}),
    ...(v.residency_note ? { residency_note: v.residency_note } : {}),
    ...termsOf(v),
  }));
  return { providers, issues };
}

export const curated: Adapter = {
  id: 'curated',
  async read(roots: SourceRoots): Promise<AdapterResult> {
    const acc = await readAccelerators(roots.curated);
    const prov = await readProviders(roots.curated);
    return {
      sources: [ACCELERATORS_SOURCE, PROVIDERS_SOURCE],
      hardware: acc.hardware,
      providers: prov.providers,
      issues: [...acc.issues, ...prov.issues],
    };
  },
};
