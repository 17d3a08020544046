// Adapter for Epoch AI's "Data on Machine Learning Hardware": memory, bandwidth, release date and price per accelerator.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IsoDate, type Source } from '../schema/index.ts';
import { optionalPositive, parseCsv, validateRows } from './curated.ts';
import type { Adapter, AdapterResult, HardwareObservation, SourceRoots } from './types.ts';

const FOLDER = 'epoch-ml-hardware';
const FILE = 'ml_hardware.csv';
const SOURCE_ID = 'epoch-hardware';

/** Bytes -> GB (1e9) or bytes/s -> GB/s, rounded to six decimals so that float noise never shows. */
const toGiga = (n: number | undefined) => (n === undefined ? undefined : Math.round((n / 1e9) * 1e6) / 1e6);

/** `2025-11-12 10:27:59+00:00` -> `2025-11-12`. */
const LastModified = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([ T].*)?$/, 'a date-time starting YYYY-MM-DD')
  .transform((s) => s.slice(0, 10))
  .pipe(IsoDate);

/**
 * The columns this adapter uses; Epoch's other columns (FP32/FP64 FLOP/s, die size...) are not read. The tensor
 * FP16/BF16 column is Epoch's dense figure ("Listed performance figures are without sparsity" in its notes).
 */
const EpochRow = z.object({
  'Hardware name': z.string().min(1, 'a hardware name'),
  Manufacturer: z.string(),
  Type: z.string(),
  'Release date': z.union([z.literal(''), IsoDate]),
  'Release price (USD)': optionalPositive,
  // Where the price comes from; optional so a snapshot without the column still loads.
  'Source for the price': z.string().optional(),
  'Memory size per board (Byte)': optionalPositive,
  'Memory bandwidth (byte/s)': optionalPositive,
  // Optional columns: a snapshot without them still loads (the figures are then simply not given).
  'Tensor-FP16/BF16 performance (FLOP/s)': optionalPositive.optional(),
  'TDP (W)': optionalPositive.optional(),
  'Link to datasheet': z.string(),
  'Last modified': LastModified,
});

/**
 * Epoch's words on a price that is not the maker's: its "Source for the price" opens with "No official MSRP" where the
 * figure is worked out from a server's reported price (the H100 SXM's 33,600 USD is 1/8 of a DGX H100's 269k), and
 * such a figure must not read as a launch price. The cell's first two sentences, the link and what follows left out.
 */
export function priceBasis(cell: string | undefined): string | undefined {
  const text = (cell ?? '').replace(/\s+/g, ' ').trim();
  if (!/^no official msrp\b/i.test(text)) return undefined;
  return (text.match(/[^.]*(?:\.(?=\s|$)|$)/g) ?? []).map((s) => s.trim()).filter(Boolean).slice(0, 2).join(' ');
}

/**
 * The datasheet cell sometimes holds several links separated by newlines or `; `, sometimes a bare domain:
 * keep the first complete http(s) URL and nothing else rather than repair a link.
 */
export function firstUrl(cell: string): string | undefined {
  for (const token of cell.split(/[\s;]+/)) {
    if (!/^https?:\/\//.test(token)) continue;
    try {
      return new URL(token).toString();
    } catch {
      // not a URL after all: try the next token
    }
  }
  return undefined;
}

/** `<sha> 2025-11-15T19:45:45-08:00` -> `2025-11-15`. */
async function commitDate(file: string): Promise<string> {
  const text = await readFile(file, 'utf8');
  const m = /\b(\d{4}-\d{2}-\d{2})T/.exec(text);
  if (!m) throw new Error(`${file}: no commit date found`);
  return m[1];
}

export function epochSource(retrieved: string): Source {
  return {
    id: SOURCE_ID,
    name: 'Epoch AI, Data on Machine Learning Hardware',
    url: 'https://epoch.ai/data/machine-learning-hardware',
    licence: 'CC BY 4.0',
    // The dataset's README, "Licensing": "... credited under the [Creative Commons Attribution license](this URL)".
    licence_url: 'https://creativecommons.org/licenses/by/4.0/',
    kind: 'aggregator',
    retrieved,
    attribution: "Epoch AI, 'Data on Machine Learning Hardware', https://epoch.ai/data/machine-learning-hardware, CC BY 4.0",
    covers: 'accelerator memory per board, memory bandwidth, dense tensor FP16/BF16 FLOP/s, TDP, release date and release price',
    counts_for_data_as_of: true,
  };
}

/**
 * The memory size a spec page's address names (`techpowerup.com/gpu-specs/a100-pcie-80-gb.c3821` -> 80). Epoch's
 * "NVIDIA A100 PCIe" row holds 40 GB with 1,940 GB/s, the 80 GB card's figure from that page; NVIDIA's A100
 * datasheet gives the 40 GB PCIe card 1,555 GB/s. A figure read off another card's page is not this card's.
 */
export function citedMemoryGb(url: string | undefined): number | undefined {
  const m = url ? /[-_/](\d{2,3})-?gb(?=[-_.]|$)/i.exec(url) : null;
  return m ? Number(m[1]) : undefined;
}

export const epochHardware: Adapter = {
  id: SOURCE_ID,
  async read(roots: SourceRoots): Promise<AdapterResult> {
    const text = await readFile(path.join(roots.sources, FOLDER, FILE), 'utf8');
    const rows = parseCsv(text);
    const { valid, issues } = validateRows(EpochRow, rows, { source: SOURCE_ID, file: FILE }, (r) =>
      r.record['Hardware name'] ? `${r.record['Hardware name']} (line ${r.line})` : `line ${r.line}`,
    );
    const hardware = valid.map(({ value: v, row }): HardwareObservation => {
      const url = firstUrl(v['Link to datasheet']);
      const memory = toGiga(v['Memory size per board (Byte)']);
      let bandwidth = toGiga(v['Memory bandwidth (byte/s)']);
      const cited = citedMemoryGb(url);
      if (bandwidth !== undefined && memory !== undefined && cited !== undefined && cited !== memory) {
        issues.push({
          source: SOURCE_ID, file: FILE, row, field: 'Memory bandwidth (byte/s)',
          message: `the row is a ${memory} GB card but its bandwidth cites the ${cited} GB card's page (${url}): bandwidth not used`,
        });
        bandwidth = undefined;
      }
      const tensor = v['Tensor-FP16/BF16 performance (FLOP/s)'];
      const tflops = tensor === undefined ? undefined : Math.round((tensor / 1e12) * 1e3) / 1e3;
      const tdp = v['TDP (W)'];
      return {
        source: SOURCE_ID,
        key: v['Hardware name'],
        name: v['Hardware name'],
        ...(v.Manufacturer ? { vendor: v.Manufacturer } : {}),
        ...(v.Type ? { kind: v.Type } : {}),
        ...(memory !== undefined ? { memory_gb: memory } : {}),
        ...(bandwidth !== undefined ? { bandwidth_gbs: bandwidth } : {}),
        ...(v['Release date'] ? { release_date: v['Release date'] } : {}),
        ...(v['Release price (USD)'] !== undefined ? { launch_price_usd: v['Release price (USD)'] } : {}),
        ...(v['Release price (USD)'] !== undefined && priceBasis(v['Source for the price']) ? { launch_price_basis: priceBasis(v['Source for the price']) } : {}),
        ...(tflops !== undefined ? { compute_tflops: tflops } : {}),
        ...(tdp !== undefined ? { power_w: tdp } : {}),
        ...(url ? { url } : {}),
        // Each row is dated by its own "Last modified": the day Epoch last reviewed that accelerator.
        as_of: v['Last modified'],
      };
    });
    // The snapshot speaks for the newest row edit (2025-11-14 in the copy we hold); with no valid row at all,
    // fall back to the date of the commit the copy was taken from.
    const newest = hardware.reduce<string | undefined>((max, h) => (max === undefined || h.as_of > max ? h.as_of : max), undefined);
    const retrieved = newest ?? (await commitDate(path.join(roots.sources, FOLDER, 'SOURCE_COMMIT.txt')));
    return { sources: [epochSource(retrieved)], hardware, issues };
  },
};
