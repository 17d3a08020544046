// The reviewed host-machine table: what the machine around the accelerators costs, per class of configuration.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { fact, Slug, type Hardware, type Source } from '../schema/index.ts';
import { optionalPositive, parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';

const HOST_FILE = 'data/curated/host-machines.csv';
export const HOST_SOURCE_ID = 'host-machines';

export const HOST_MACHINES_SOURCE: Source = {
  id: HOST_SOURCE_ID,
  name: 'Reviewed table: the host machine around the accelerators (CPU, board, memory, storage, power supply, chassis)',
  url: tableUrl(HOST_FILE),
  licence: 'facts; each row cites the published build or bill of materials it was read from, and the day',
  kind: 'curated',
  retrieved: '2026-11-27',
  covers: 'the price of the machine an owned configuration\'s accelerators sit in, per class of configuration, where a source gives it',
  counts_for_data_as_of: false,
};

const HostRow = z.object({
  id: Slug,
  name: z.string().min(1),
  basis: z.enum(['priced', 'in_purchase_price'], { message: 'priced or in_purchase_price' }),
  usd: z.coerce.number().nonnegative().finite(),
  /** Blank: one host per machine. n: one host serves n accelerators (an 8-GPU server); a configuration of k pays k/n. */
  shared_by: z.string().transform((s, ctx) => {
    if (s.trim() === '') return undefined;
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1) ctx.addIssue({ code: 'custom', message: 'a whole number of accelerators, or blank' });
    return n;
  }),
  hardware_ids: z.string().transform((s) => s.split(';').map((x) => x.trim()).filter(Boolean)),
  source_url: z.url(),
  read_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'the day the source was read, YYYY-MM-DD'),
  note: z.string().min(1, 'what the figure adds up, as the source gives it'),
  /** The whole host's draw at the wall with nothing to do, W, where a reading is published (blank: none). */
  idle_w: z.string().default('').pipe(optionalPositive),
  /** The reading's page: a host's power is read elsewhere than its price. */
  idle_source_url: z.string().default('').pipe(z.union([z.literal(''), z.url()])).transform((s) => (s === '' ? undefined : s)),
  /** What the reading measured (the machine, the meter, what else was plugged in). */
  idle_note: z.string().default('').transform((s) => (s.trim() === '' ? undefined : s.trim())),
})
  .refine((r) => (r.basis === 'priced') === (r.usd > 0), { path: ['usd'], message: 'a priced host has a price above 0; one in the purchase price has 0' })
  .refine((r) => r.idle_w === undefined || (r.idle_source_url !== undefined && r.idle_note !== undefined), {
    path: ['idle_source_url'], message: 'an idle draw needs the page it was read from and what was measured',
  });
export type HostRow = z.infer<typeof HostRow>;

/** Load and validate the table; a bad row is an issue and stays out. */
export async function loadHostMachines(file: string): Promise<{ hosts: HostRow[]; issues: IngestIssue[] }> {
  const rows = parseCsv(await readFile(file, 'utf8'));
  const { valid, issues } = validateRows(HostRow, rows, { source: HOST_SOURCE_ID, file: HOST_FILE }, (r) => r.record.id || `line ${r.line}`);
  return { hosts: valid.map((v) => v.value), issues };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Each listed configuration's host machine: the row's price, or its share where one host serves `shared_by`
 * accelerators (count / shared_by of it). A configuration named by two rows keeps the first; a name no configuration
 * has, or a configuration without a purchase price (an owned option needs one), is an issue.
 */
export function withHostMachines(hardware: Hardware[], hosts: readonly HostRow[]): IngestIssue[] {
  const byId = new Map(hardware.map((h) => [h.id, h]));
  const issues: IngestIssue[] = [];
  const where = (row: string, message: string): IngestIssue => ({ source: HOST_SOURCE_ID, file: HOST_FILE, row, field: 'hardware_ids', message });
  for (const r of hosts) {
    for (const id of r.hardware_ids) {
      const h = byId.get(id);
      if (!h) {
        issues.push(where(r.id, `no hardware configuration ${id}`));
        continue;
      }
      if (h.host_machine) {
        issues.push(where(r.id, `${id} already has the host ${h.host_machine.value.id}; the first row is kept`));
        continue;
      }
      if (!h.purchase_price_usd) issues.push(where(r.id, `${id} has no purchase price: its host is never costed`));
      const share = r.shared_by === undefined ? 1 : h.count / r.shared_by;
      const usd = round2(r.usd * share);
      const split = r.shared_by === undefined || r.basis !== 'priced' ? '' : `; ${h.count} of the ${r.shared_by} accelerators one host serves: ${h.count}/${r.shared_by} x ${r.usd} USD`;
      const idle = r.idle_w === undefined ? undefined : round2(r.idle_w * share);
      const drawn = r.idle_w === undefined ? ''
        : `; its own draw, ${r.idle_w} W at the wall with nothing to do${share === 1 ? '' : ` (${idle} W for ${h.count}/${r.shared_by})`}: ${r.idle_note}; evidence: ${r.idle_source_url}`;
      h.host_machine = fact({ id: r.id, name: r.name, basis: r.basis, usd, ...(idle === undefined ? {} : { idle_watts: idle }) }, r.read_on, HOST_SOURCE_ID, {
        note: `${r.note}${split}; evidence: ${r.source_url}${drawn}`,
      });
    }
  }
  return issues;
}
