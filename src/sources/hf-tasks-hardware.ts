// Adapter for Hugging Face's hardware table (@huggingface/tasks): memory sizes per SKU, board power and MSRP.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Source } from '../schema/index.ts';
import type { Adapter, AdapterResult, HardwareObservation, IngestIssue, SourceRoots } from './types.ts';

const FOLDER = 'hf-tasks-hardware';
const SOURCE_ID = 'hf-tasks-hardware';
/** The day npm published @huggingface/tasks 0.21.54, the copy we hold (data/SOURCES.md). */
export const HF_TASKS_PUBLISHED = '2026-09-29';

export const HF_TASKS_SOURCE: Source = {
  id: SOURCE_ID,
  name: 'Hugging Face, @huggingface/tasks hardware table (0.21.54)',
  url: 'https://github.com/huggingface/huggingface.js/tree/main/packages/tasks/src',
  licence: 'MIT',
  kind: 'aggregator',
  retrieved: HF_TASKS_PUBLISHED,
  attribution: 'Hugging Face, huggingface.js packages/tasks hardware table, MIT licence',
  covers: 'memory sizes each accelerator or chip is sold with, board power and MSRP',
  counts_for_data_as_of: false,
};

/** Files and the vendor each one's top level stands for (hardware.js nests vendors under GPU / CPU / Apple Silicon). */
const FILES: ReadonlyArray<{ file: string; vendor: string | null }> = [
  { file: 'hardware-nvidia.js', vendor: 'NVIDIA' },
  { file: 'hardware-amd.js', vendor: 'AMD' },
  { file: 'hardware.js', vendor: null },
];

/** One SKU as the table writes it; `tflops` there is FP16 shader throughput (A100: 77.97), not tensor, so unused. */
const Sku = z.object({
  tflops: z.number().nonnegative().optional(),
  memory: z.array(z.number().positive()).optional(),
  msrp: z.number().positive().optional(),
  power: z.number().positive().optional(),
  releaseYear: z.number().int().optional(),
});

const OPEN = /^(\s*)(?:export const (\w+) = |"([^"]+)"|([A-Za-z_][\w+-]*)):?\s*\{$/;
const FIELD = /^\s*(\w+):\s*(.+?),?$/;

/**
 * Read the SKU objects of one file without running it: the files are object literals, one field a line, so a
 * line reader with a stack of open objects is enough. Returns each innermost object with the keys enclosing it.
 */
export function parseSkus(text: string): Array<{ path: string[]; fields: Record<string, string> }> {
  const out: Array<{ path: string[]; fields: Record<string, string> }> = [];
  const stack: Array<{ key: string; fields: Record<string, string>; nested: boolean }> = [];
  for (const line of text.split('\n')) {
    const open = OPEN.exec(line);
    if (open) {
      if (stack.length) stack[stack.length - 1].nested = true;
      stack.push({ key: open[2] ?? open[3] ?? open[4], fields: {}, nested: false });
      continue;
    }
    if (/^\s*\}[,;]?\s*$/.test(line)) {
      const top = stack.pop();
      if (top && !top.nested && Object.keys(top.fields).length) out.push({ path: [...stack.map((s) => s.key), top.key], fields: top.fields });
      continue;
    }
    const field = FIELD.exec(line);
    if (field && stack.length) stack[stack.length - 1].fields[field[1]] = field[2];
  }
  return out;
}

/** `1_600` -> 1600; `[12, 8]` -> [12, 8]; a reference to a shared list (AMD's integrated GPUs) is not read. */
function value(raw: string | undefined): number | number[] | undefined {
  if (raw === undefined) return undefined;
  const s = raw.trim();
  if (/^\[[\d\s,._]*\]$/.test(s)) return s.slice(1, -1).split(',').map((x) => x.trim().replace(/_/g, '')).filter(Boolean).map(Number);
  if (/^[\d._]+$/.test(s)) return Number(s.replace(/_/g, ''));
  return undefined;
}

/** The key configurations name a SKU by: `hf:<vendor>/<sku>`, e.g. `hf:NVIDIA/RTX 3090`, `hf:Apple/Apple M3 Max`. */
export const hfKey = (vendor: string, sku: string) => `hf:${vendor}/${sku}`;

function vendorOf(filesVendor: string | null, p: string[]): string | undefined {
  if (filesVendor) return filesVendor;
  // hardware.js: SKUS > GPU > INTEL > sku, SKUS > CPU > AMD > sku, SKUS > Apple Silicon > - > sku
  if (p[1] === 'Apple Silicon') return 'Apple';
  if (p[1] === 'GPU' || p[1] === 'CPU') return p[2] === 'INTEL' ? 'Intel' : p[2];
  return undefined;
}

export const hfTasksHardware: Adapter = {
  id: SOURCE_ID,
  async read(roots: SourceRoots): Promise<AdapterResult> {
    const hardware: HardwareObservation[] = [];
    const issues: IngestIssue[] = [];
    for (const { file, vendor } of FILES) {
      const text = await readFile(path.join(roots.sources, FOLDER, file), 'utf8');
      for (const { path: p, fields } of parseSkus(text)) {
        if (!('tflops' in fields)) continue;
        const sku = p[p.length - 1];
        // GPU > NVIDIA / AMD in hardware.js are references to the two other files, read there.
        const v = vendorOf(vendor, p);
        if (!v) continue;
        const parsed = Sku.safeParse(Object.fromEntries(Object.entries(fields).map(([k, raw]) => [k, value(raw)])));
        if (!parsed.success) {
          for (const i of parsed.error.issues) issues.push({ source: SOURCE_ID, file, row: sku, field: i.path.join('.'), message: i.message });
          continue;
        }
        const s = parsed.data;
        const memory = s.memory ?? [];
        hardware.push({
          source: SOURCE_ID,
          key: hfKey(v, sku),
          name: v === 'Apple' || sku.startsWith(v) ? sku : `${v} ${sku}`,
          vendor: v,
          kind: p.includes('CPU') ? 'CPU' : v === 'Apple' ? 'unified-memory SoC' : 'GPU',
          // One memory size is the SKU's memory; several are options, each configuration names its own.
          ...(memory.length === 1 ? { memory_gb: memory[0] } : {}),
          ...(memory.length > 1 ? { memory_options_gb: [...memory].sort((a, b) => a - b) } : {}),
          ...(s.power !== undefined ? { power_w: s.power } : {}),
          ...(s.msrp !== undefined ? { launch_price_usd: s.msrp } : {}),
          url: 'https://github.com/huggingface/huggingface.js/blob/main/packages/tasks/src/hardware.ts',
          as_of: HF_TASKS_PUBLISHED,
        });
      }
    }
    return { sources: [HF_TASKS_SOURCE], hardware, issues };
  },
};
