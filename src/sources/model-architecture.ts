// The reviewed model-architecture table: one row per model's own Hugging Face repo, read from its config.json and card.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AttentionKind, IsoDate, NativePrecision, RecurrentKind, type Source } from '../schema/index.ts';
import { optionalPositive, parseCsv, tableUrl, zodIssues } from './curated.ts';
import type { ArchitectureField, RepoOverride } from './llmfit-overrides.ts';
import type { IngestIssue } from './types.ts';

export const MODEL_ARCH_SOURCE_ID = 'model-architecture';
export const MODEL_ARCH_FILE = 'data/curated/model-architecture.csv';

export const MODEL_ARCH_SOURCE: Source = {
  id: MODEL_ARCH_SOURCE_ID,
  name: 'Reviewed table: parameters, attention and native precision of open-weights models, one row per model repo',
  url: tableUrl(MODEL_ARCH_FILE),
  licence: 'facts; each row cites the config.json and model card it was read from, with the day it was read',
  kind: 'curated',
  // The newest `read_on` of the table; each fact carries its own row's date.
  retrieved: '2026-11-26',
  covers:
    'total and active parameters (MoE), attention kind (GQA, MLA, sliding window + global, hybrid linear/full) with the ' +
    'facts the KV cache needs, expert counts, experts per token, shared experts, expert width, dense layers and vocabulary ' +
    'of mixture-of-experts models, and the precision the developer ships, for the open-weights models of the LMArena text top 100',
  counts_for_data_as_of: false,
};

const blank = (s: string) => s.trim() === '';
const optionalInt = (min: number) =>
  z.string().transform((s, ctx) => {
    if (blank(s)) return undefined;
    const n = Number(s);
    if (!Number.isInteger(n) || n < min) {
      ctx.addIssue({ code: 'custom', message: `an integer of at least ${min}: ${JSON.stringify(s)}` });
      return z.NEVER;
    }
    return n;
  });
const optionalUrl = z.union([z.literal(''), z.url({ message: 'a URL' })]).transform((s) => (s === '' ? undefined : s));

/** A row; parameters in billions as model cards state them (`32.8`), so that a row reads like its card. */
const Row = z
  .object({
    hf_repo: z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'an owner/name Hugging Face repo id'),
    parameters_total_b: optionalPositive,
    parameters_active_b: optionalPositive,
    context_window: optionalInt(1),
    layers: optionalInt(1),
    attention_heads: optionalInt(1),
    kv_heads: optionalInt(1),
    head_dim: optionalInt(1),
    hidden_size: optionalInt(1),
    attention: z.union([z.literal(''), AttentionKind]).transform((s) => (s === '' ? undefined : s)),
    kv_lora_rank: optionalInt(1),
    rope_dim: optionalInt(1),
    sliding_window: optionalInt(1),
    sliding_layers: optionalInt(0),
    kv_layers: optionalInt(1),
    // Mixture-of-experts geometry and vocabulary, read from the same config.json (schema/model.ts Architecture); a
    // table written before these columns existed still reads.
    experts: optionalInt(1).optional(),
    experts_per_token: optionalInt(1).optional(),
    shared_experts: optionalInt(0).optional(),
    moe_intermediate_size: optionalInt(1).optional(),
    dense_layers: optionalInt(0).optional(),
    vocab_size: optionalInt(1).optional(),
    // Parameters of a multi-token-prediction module counted in the total, which llama.cpp does not load (schema/model.ts
    // Architecture `mtp_parameters`).
    mtp_parameters: optionalInt(1).optional(),
    // A hybrid model's recurrent layers and their kind (schema/model.ts Architecture), written per row, not inferred.
    recurrent_layers: optionalInt(0).optional(),
    recurrent_kind: z.union([z.literal(''), RecurrentKind]).optional().transform((s) => (s === '' ? undefined : s)),
    native_precision: z.union([z.literal(''), NativePrecision]).transform((s) => (s === '' ? undefined : s)),
    config_url: optionalUrl,
    card_url: z.url({ message: 'the model card URL' }),
    read_on: IsoDate,
    note: z.string().optional(),
    // The licence of the weights as the page read states it (`Apache 2.0`), normalised through licences.csv.
    licence: z.string().optional().transform((s) => (s === undefined || blank(s) ? undefined : s.trim())),
    // Where the developer states another window than the weights' (DeepSeek's cards and API: 128K), the words and the
    // pages: served as the note of the context_window fact, so that a reader sees both figures and why this one.
    context_note: z.string().optional().transform((s) => (s === undefined || blank(s) ? undefined : s.trim())),
  })
  .superRefine((r, ctx) => {
    if (r.parameters_active_b !== undefined && r.parameters_total_b !== undefined && r.parameters_active_b > r.parameters_total_b) {
      ctx.addIssue({ code: 'custom', path: ['parameters_active_b'], message: 'active parameters cannot exceed the total' });
    }
    const archGiven = ARCH_COLUMNS.some((c) => r[c] !== undefined);
    if (archGiven && !r.config_url) ctx.addIssue({ code: 'custom', path: ['config_url'], message: 'architecture facts need the config.json they were read from' });
    if (r.context_note !== undefined && r.context_window === undefined) ctx.addIssue({ code: 'custom', path: ['context_note'], message: 'a note beside a window needs the window' });
  });

const ARCH_COLUMNS = [
  'layers', 'attention_heads', 'kv_heads', 'head_dim', 'hidden_size', 'attention', 'kv_lora_rank', 'rope_dim', 'sliding_window', 'sliding_layers',
  'kv_layers', 'experts', 'experts_per_token', 'shared_experts', 'moe_intermediate_size', 'dense_layers', 'vocab_size',
  'recurrent_layers', 'recurrent_kind', 'mtp_parameters',
] as const satisfies readonly ArchitectureField[];

/** Billions to a parameter count, rounded to a whole parameter (32.8 -> 32,800,000,000). */
const fromBillions = (b: number) => Math.round(b * 1e9);

/** Load and validate the table; a bad or repeated row is an issue and is not applied. */
export async function loadModelArchitecture(file: string): Promise<{ rows: Map<string, RepoOverride>; issues: IngestIssue[] }> {
  const issues: IngestIssue[] = [];
  const rows = new Map<string, RepoOverride>();
  for (const r of parseCsv(await readFile(file, 'utf8'))) {
    const name = `${r.record.hf_repo ?? ''} (line ${r.line})`;
    const parsed = Row.safeParse(r.record);
    if (!parsed.success) {
      issues.push(...zodIssues(MODEL_ARCH_SOURCE_ID, MODEL_ARCH_FILE, name, parsed.error));
      continue;
    }
    const v = parsed.data;
    if (rows.has(v.hf_repo)) {
      issues.push({ source: MODEL_ARCH_SOURCE_ID, file: MODEL_ARCH_FILE, row: name, message: `a second row for ${v.hf_repo}; the first is kept` });
      continue;
    }
    const architecture: RepoOverride['architecture'] = {};
    for (const c of ARCH_COLUMNS) if (v[c] !== undefined) architecture[c] = v[c];
    rows.set(v.hf_repo, {
      hf_repo: v.hf_repo,
      architecture,
      model: {
        ...(v.parameters_total_b !== undefined ? { parameters_total: fromBillions(v.parameters_total_b) } : {}),
        ...(v.parameters_active_b !== undefined ? { parameters_active: fromBillions(v.parameters_active_b) } : {}),
        ...(v.context_window !== undefined ? { context_window: v.context_window } : {}),
      },
      ...(v.native_precision ? { native_precision: v.native_precision } : {}),
      source: MODEL_ARCH_SOURCE_ID,
      as_of: v.read_on,
      // The row speaks for its own repo: the matcher reads `url` as a weights link, so it must name that repo, not the
      // card the counts were read from (GLM-4.5-Air's figures are on the GLM-4.5 card: that link joined Air to 4.5).
      url: `https://huggingface.co/${v.hf_repo}`,
      read_url: v.card_url,
      ...(v.licence ? { licence_text: v.licence } : {}),
      ...(v.context_note ? { context_note: v.context_note } : {}),
      // A weights link only where the page read is the repository itself: the Ling-2.6-1T row read the -base card.
      ...(v.licence && v.card_url === `https://huggingface.co/${v.hf_repo}` ? { weights_url: v.card_url } : {}),
    });
  }
  return { rows, issues };
}
