// The reviewed product table: systems sold under their own names (Framework Desktop, ASUS Ascent GX10) whose one
// accelerator is a catalogued one, so that a machine text naming the product reads as that accelerator.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { fact, type Hardware, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';
import type { HardwareConfig } from './hardware.ts';

const PRODUCTS_FILE = 'data/curated/machine-products.csv';
const PRODUCTS_SOURCE_ID = 'machine-products';

export const MACHINE_PRODUCTS_SOURCE: Source = {
  id: PRODUCTS_SOURCE_ID,
  name: 'Reviewed table: systems sold under a product name around one catalogued accelerator',
  url: tableUrl(PRODUCTS_FILE),
  licence: 'facts; each row cites where it was read (owners\' and press reviews: the makers\' own pages were not in the snapshots)',
  kind: 'curated',
  retrieved: '2026-11-27',
  covers: 'sold_as of unified-memory configurations: the product names a machine text may use for them',
  counts_for_data_as_of: false,
};

const ProductRow = z
  .object({
    accelerator_key: z.string().min(1, 'an accelerator key of data/curated/hardware-configs.csv'),
    // Letters, digits, spaces and the joiners product names use; a name is matched word by word.
    product: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 .+-]*$/, 'a product name'),
    source_url: z.url({ protocol: /^https$/, error: 'an https URL' }),
    read_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'the day the page was read, YYYY-MM-DD'),
    note: z.string().min(1, 'what the page says about the product\'s chip and memory'),
  })
  .strict();
export type ProductRow = z.infer<typeof ProductRow>;

/**
 * Load and validate the table; a bad row, or a product listed twice for one accelerator, is an issue and stays out. A
 * product sold around two accelerators (the Framework Desktop: Ryzen AI Max 385 or Max+ 395) has a row for each; the
 * memory size a text states then chooses among their configurations.
 */
export async function loadMachineProducts(file: string): Promise<{ rows: ProductRow[]; issues: IngestIssue[] }> {
  const where = { source: PRODUCTS_SOURCE_ID, file: PRODUCTS_FILE };
  const { valid, issues } = validateRows(ProductRow, parseCsv(await readFile(file, 'utf8')), where, (r) => r.record.product || `line ${r.line}`);
  const seen = new Set<string>();
  const rows: ProductRow[] = [];
  for (const { value, row } of valid) {
    const name = `${value.product.toLowerCase()}\n${value.accelerator_key}`;
    if (seen.has(name)) issues.push({ ...where, row, field: 'product', message: 'repeated product; the first row is kept' });
    else rows.push(value);
    seen.add(name);
  }
  return { rows, issues };
}

/**
 * Each configuration's `sold_as`: the products of the table whose accelerator key it names, in the table's order,
 * with every row's evidence in the note; an issue for a key no configuration names (a typo would leave rows unused).
 */
export function withProducts(hardware: Hardware[], configs: readonly HardwareConfig[], rows: readonly ProductRow[]): IngestIssue[] {
  const keysOf = new Map(configs.map((c) => [c.id, c.accelerator_key]));
  for (const h of hardware) {
    const keys = new Set(keysOf.get(h.id) ?? []);
    const mine = rows.filter((r) => keys.has(r.accelerator_key));
    if (mine.length === 0) continue;
    const asOf = mine.map((r) => r.read_on).sort().at(-1)!;
    const note = mine.map((r) => `${r.product}: ${r.note}; evidence: ${r.source_url}`).join(' | ');
    h.sold_as = fact(mine.map((r) => r.product), asOf, PRODUCTS_SOURCE_ID, { note });
  }
  const used = new Set(configs.flatMap((c) => c.accelerator_key));
  return rows.filter((r) => !used.has(r.accelerator_key)).map((r) => ({
    source: PRODUCTS_SOURCE_ID, file: PRODUCTS_FILE, row: r.product, field: 'accelerator_key', message: 'no hardware configuration names this key',
  }));
}
