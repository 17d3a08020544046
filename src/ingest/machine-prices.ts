// The reviewed price table of self-contained machines (a Mac, a DGX Spark, a Strix Halo mini PC): the whole machine
// is the product priced, so its price is the configuration's purchase price and it is its own host.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { fact, type Hardware, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';

const PRICES_FILE = 'data/curated/machine-prices.csv';
export const MACHINE_PRICES_SOURCE_ID = 'machine-prices';

export const MACHINE_PRICES_SOURCE: Source = {
  id: MACHINE_PRICES_SOURCE_ID,
  name: 'Reviewed table: launch and list prices of self-contained machines (Mac Studio, MacBook Pro, DGX Spark, Strix Halo mini PCs)',
  url: tableUrl(PRICES_FILE),
  licence: 'facts; each row quotes the price and configuration from the page it was read on, and the day (the makers\' own pages were not in the snapshots)',
  kind: 'curated',
  retrieved: '2026-11-27',
  covers: 'the purchase price of unified-memory configurations sold as one machine, which is also their host',
  counts_for_data_as_of: false,
};

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

const PriceRow = z
  .object({
    /**
     * applied: the configuration's purchase price; alternative: another product or a later list price of the same
     * configuration, quoted in the applied price's note; not_catalogued: a configuration the catalogue does not have,
     * kept for the record (no hardware_id).
     */
    status: z.enum(['applied', 'alternative', 'not_catalogued'], { message: 'applied, alternative or not_catalogued' }),
    hardware_id: z.string().transform((s) => s.trim()),
    product: z.string().min(1),
    usd: z.coerce.number().positive().finite(),
    /** The machine's memory as the page gives it: it must be the configuration's. */
    memory_gb: z.coerce.number().positive().finite(),
    storage: z.string().min(1, 'the storage the price includes (none, where the buyer adds it)'),
    configuration: z.string().min(1, 'chip, memory and storage as the page gives them'),
    /** The day the price was set (the launch); blank only where the page does not date it. */
    price_date: z.union([z.literal(''), Day]),
    quote: z.string().min(1, 'the words of the page that give the price'),
    source_url: z.url({ protocol: /^https$/, error: 'an https URL' }),
    read_on: Day,
    note: z.string().min(1),
    /** launch: the price the machine launched at; list: a list price set later (a rise, a cut). */
    price_kind: z.enum(['launch', 'list'], { message: 'launch or list' }),
    /** The day (or month, where the page gives no day) the configuration stopped being sold new; blank while it is. */
    discontinued_on: z.union([z.literal(''), Day, z.string().regex(/^\d{4}-\d{2}$/, 'YYYY-MM')]),
    /**
     * Where the page gives no day but its contents bound it: the latest day it can have been read, `price_date` the
     * earliest (a table written after one dated event and before another). Blank where `price_date` is the day itself.
     */
    read_by: z.union([z.literal(''), Day]).default(''),
  })
  .strict()
  .refine((r) => (r.status === 'not_catalogued') === (r.hardware_id === ''), {
    path: ['hardware_id'], message: 'a catalogue configuration for an applied or alternative row; none for a not_catalogued one',
  })
  .refine((r) => r.status !== 'applied' || r.price_date !== '', { path: ['price_date'], message: 'an applied price is dated' });
export type PriceRow = z.infer<typeof PriceRow>;

/**
 * Load and validate the table; a bad row stays out as an issue, except a bad `read_by`, which fails the build
 * (readByProblems): a wrong bound would date a price the page never dated, silently.
 */
export async function loadMachinePrices(file: string): Promise<{ rows: PriceRow[]; issues: IngestIssue[] }> {
  const where = { source: MACHINE_PRICES_SOURCE_ID, file: PRICES_FILE };
  const { valid, issues } = validateRows(PriceRow, parseCsv(await readFile(file, 'utf8')), where, (r) => r.record.hardware_id || r.record.product || `line ${r.line}`);
  const problems = [
    ...issues.filter((i) => i.field === 'read_by').map((i) => `${i.row}: read_by is not a day (${i.message})`),
    ...valid.flatMap((v) => readByProblems(v.value).map((m) => `${v.row} (line ${v.line}): ${m}`)),
  ];
  if (problems.length) throw new Error(`${PRICES_FILE}: ${problems.join('; ')}`);
  return { rows: valid.map((v) => v.value), issues };
}

const realDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d)) && new Date(Date.parse(d)).toISOString().slice(0, 10) === d;

/**
 * What is wrong with a row's `read_by`, the latest day an undated list price can have been read: it must be a real
 * day, on a list-price row (a launch price is dated by the launch), on or after `price_date` (the earliest, which it
 * needs), and, where `dataAsOf` is given, on or before the dataset's data date (a bound after it is no bound this
 * dataset can know). Empty: nothing wrong, or no `read_by`.
 */
export function readByProblems(r: Pick<PriceRow, 'read_by' | 'price_date' | 'price_kind'>, dataAsOf?: string): string[] {
  if (!r.read_by) return [];
  if (!realDay(r.read_by)) return [`read_by ${r.read_by} is not a day`];
  const out: string[] = [];
  if (r.price_kind !== 'list') out.push(`read_by is for a list price read undated; this row is a ${r.price_kind} price`);
  if (!r.price_date) out.push(`read_by ${r.read_by} needs a price_date, the earliest day of the reading`);
  else if (r.read_by < r.price_date) out.push(`read_by ${r.read_by} is before price_date ${r.price_date}`);
  if (dataAsOf && r.read_by > dataAsOf) out.push(`read_by ${r.read_by} is after the data date ${dataAsOf}`);
  return out;
}

/** Fails the build on a `read_by` after the data date (known only once every source is read: build.ts). */
export function assertReadByWithin(rows: readonly PriceRow[], dataAsOf: string): void {
  const problems = rows.flatMap((r) => readByProblems(r, dataAsOf).map((m) => `${r.hardware_id || r.product}: ${m}`));
  if (problems.length) throw new Error(`${PRICES_FILE}: ${problems.join('; ')}`);
}

const dollars = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** An alternative price in words, for the applied price's note. */
function alternativeWords(r: PriceRow): string {
  return `${r.product} ${dollars(r.usd)} USD (${r.storage}${r.price_date ? `, ${r.price_date}` : ', undated'}): ${r.note}; evidence: ${r.source_url}`;
}

/**
 * What the applied price is, in the words an owned option opens its purchase note with: the latest dated price read
 * (a launch price only where no later dated one is known, and said so), and, for a configuration no longer sold new,
 * that it is still costed (people own them) at its last list price.
 */
function basisWords(r: PriceRow, others: readonly PriceRow[]): string {
  const launch = others.find((o) => o.price_kind === 'launch' && o.product === r.product && o.price_date !== '');
  const undatedLater = others.filter((o) => o.price_kind === 'list' && o.product === r.product && o.price_date === '');
  const was = launch ? ` (launch price ${dollars(launch.usd)} USD on ${launch.price_date})` : '';
  const kind = r.price_kind === 'list'
    ? (r.read_by ? `list price read between ${r.price_date} and ${r.read_by}, the source giving no day${was}` : `list price since ${r.price_date}${was}`)
    : `launch price of ${r.price_date}` + (undatedLater.length
      ? `; a later list price was read undated (${undatedLater.map((o) => `${dollars(o.usd)} USD`).join(', ')}) and is not used, as it cannot be dated, so this month is the low side`
      : '; no later price was read');
  const when = /^\d{4}-\d{2}$/.test(r.discontinued_on) ? 'in' : 'on';
  return r.discontinued_on ? `discontinued ${when} ${r.discontinued_on}; price is the last list price, the ${kind}` : kind;
}

/**
 * Each applied row sets its configuration's purchase price (the whole machine, at the latest dated price read) and its host machine
 * (`in_purchase_price`: CPU, memory, storage, power supply and chassis are the product priced). An issue, and the row
 * stays out, where the configuration is unknown, is not a unified-memory machine, has another memory size, or already
 * has a price or a host; a second applied row for one configuration is an issue too (the first is kept).
 */
export function withMachinePrices(hardware: Hardware[], rows: readonly PriceRow[]): IngestIssue[] {
  const byId = new Map(hardware.map((h) => [h.id, h]));
  const issues: IngestIssue[] = [];
  const where = (r: PriceRow, field: string, message: string): IngestIssue =>
    ({ source: MACHINE_PRICES_SOURCE_ID, file: PRICES_FILE, row: r.hardware_id, field, message });
  const applied = new Set<string>();
  for (const r of rows) {
    if (r.status === 'not_catalogued') continue;
    const h = byId.get(r.hardware_id);
    if (!h) {
      issues.push(where(r, 'hardware_id', `no hardware configuration ${r.hardware_id}`));
      continue;
    }
    if (h.memory_gb.value !== r.memory_gb) {
      issues.push(where(r, 'memory_gb', `${r.memory_gb} GB is not the configuration's ${h.memory_gb.value} GB`));
      continue;
    }
    if (r.status !== 'applied') continue;
    if (!h.unified_memory) {
      issues.push(where(r, 'hardware_id', `${r.hardware_id} is not a unified-memory machine: its price is its accelerators' and its host's`));
    } else if (applied.has(r.hardware_id)) {
      issues.push(where(r, 'status', `${r.hardware_id} already has an applied price; the first row is kept`));
    } else if (h.purchase_price_usd || h.host_machine) {
      issues.push(where(r, 'hardware_id', `${r.hardware_id} already has a purchase price or a host from another table`));
    } else {
      applied.add(r.hardware_id);
      const alternatives = rows.filter((o) => o.status === 'alternative' && o.hardware_id === r.hardware_id);
      const others = alternatives.map(alternativeWords);
      // Dated by the price's own day, not the day the table was read: a 2025 launch price is a 2025 fact.
      h.purchase_price_usd = fact(r.usd, r.price_date, MACHINE_PRICES_SOURCE_ID, {
        note: `${basisWords(r, alternatives)}: ${r.product}, ${r.configuration}, '${r.quote}'; ${r.note}; evidence: ${r.source_url} (read ${r.read_on})`
          + (others.length ? `; other prices read, not used: ${others.join(' | ')}` : ''),
      });
      // Structured beside the note, so an answer offering the machine can say it is no longer sold new.
      if (r.discontinued_on) h.discontinued_on = fact(r.discontinued_on, r.read_on, MACHINE_PRICES_SOURCE_ID, { note: `evidence: ${r.source_url}` });
      h.host_machine = fact({
        id: 'self-contained', name: `${r.product}: the whole machine (CPU, memory, storage, power supply, chassis) is the product priced`,
        basis: 'in_purchase_price' as const, usd: 0,
      }, r.read_on, MACHINE_PRICES_SOURCE_ID, { note: `evidence: ${r.source_url}` });
    }
  }
  return issues;
}
