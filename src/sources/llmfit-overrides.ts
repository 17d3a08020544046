// The reviewed architecture-overrides table: corrected or filled config facts per Hugging Face repo, each cited.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AttentionKind, type NativePrecision, RecurrentKind, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, zodIssues } from './curated.ts';
import type { IngestIssue } from './types.ts';

export const OVERRIDES_SOURCE_ID = 'architecture-overrides';
export const OVERRIDES_FILE = 'data/curated/architecture-overrides.csv';
/** The day the table was last reviewed against the cited config.json files and model cards. */
export const OVERRIDES_REVIEWED = '2026-11-21';

export const OVERRIDES_SOURCE: Source = {
  id: OVERRIDES_SOURCE_ID,
  name: 'Reviewed table: architecture overrides for Hugging Face repos',
  url: tableUrl(OVERRIDES_FILE),
  licence: 'facts; each row cites the repo config.json or model card it was read from',
  kind: 'curated',
  retrieved: OVERRIDES_REVIEWED,
  covers: 'architecture, context and parameter facts that llmfit lacks (gated repos) or gets wrong (MLA, sliding window, rope-scaled contexts, MoE active parameters)',
  counts_for_data_as_of: false,
};

/** Fields of the Architecture schema an override row may set. */
export const ARCHITECTURE_FIELDS = [
  'layers',
  'attention_heads',
  'kv_heads',
  'head_dim',
  'hidden_size',
  'attention',
  'kv_lora_rank',
  'rope_dim',
  'sliding_window',
  'sliding_layers',
  'kv_layers',
  'recurrent_layers',
  'recurrent_kind',
  'global_kv_heads',
  'global_head_dim',
  'experts',
  'experts_per_token',
  'shared_experts',
  'moe_intermediate_size',
  'dense_layers',
  'vocab_size',
  'mtp_parameters',
] as const;
/**
 * Model-level fields an override row may set. `max_output` is for weights whose developer states no output cap: the
 * window bounds the output, and a catalogue's figure copied from one host's API (Meta's Llama API: 4,096 for
 * Llama 3.3 70B) is that offer's limit, not the model's.
 */
export const MODEL_FIELDS = ['context_window', 'max_output', 'parameters_total', 'parameters_active'] as const;

export type ArchitectureField = (typeof ARCHITECTURE_FIELDS)[number];
export type ModelField = (typeof MODEL_FIELDS)[number];
export type OverrideField = ArchitectureField | ModelField;

/** Every override for one repo, merged from its rows, with where it was read and when. */
export type RepoOverride = {
  hf_repo: string;
  architecture: Partial<Record<ArchitectureField, number | string>>;
  model: Partial<Record<ModelField, number>>;
  /** The precision the developer ships the weights in (model-architecture table only). */
  native_precision?: NativePrecision;
  /** The reviewed table the facts come from, the day they were read, and the page that states them. */
  source: string;
  as_of: string;
  url: string;
  /** The page the row was read from (model-architecture table only): the card, or another page naming the weights. */
  read_url?: string;
  /** The weights' licence as that page states it, and the weights link when the page is the repository itself. */
  licence_text?: string;
  weights_url?: string;
  /** Beside the window: the developer's other figure and where it is stated (model-architecture table only). */
  context_note?: string;
};

const FIELDS = new Set<string>([...ARCHITECTURE_FIELDS, ...MODEL_FIELDS]);
const NON_NEGATIVE = new Set<string>(['sliding_layers', 'recurrent_layers', 'shared_experts', 'dense_layers']);

const Row = z
  .object({
    hf_repo: z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'an owner/name Hugging Face repo id'),
    field: z.string().refine((f) => FIELDS.has(f), { message: `one of: ${[...FIELDS].join(', ')}` }),
    value: z.string().min(1, 'a value'),
    evidence_url: z.url({ message: 'an evidence URL' }),
    reason: z.string().min(1, 'a reason'),
  })
  .superRefine((r, ctx) => {
    if (!FIELDS.has(r.field)) return; // already reported by the field check
    if (r.field === 'attention') {
      if (!AttentionKind.safeParse(r.value).success) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `attention must be one of ${AttentionKind.options.join(', ')}` });
      }
      return;
    }
    if (r.field === 'recurrent_kind') {
      if (!RecurrentKind.safeParse(r.value).success) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `recurrent_kind must be one of ${RecurrentKind.options.join(', ')}` });
      }
      return;
    }
    const n = Number(r.value);
    const ok = Number.isInteger(n) && (NON_NEGATIVE.has(r.field) ? n >= 0 : n > 0);
    if (!ok) ctx.addIssue({ code: 'custom', path: ['value'], message: `${r.field} must be a ${NON_NEGATIVE.has(r.field) ? 'non-negative' : 'positive'} integer` });
  });

/** Load and validate the table; a bad or duplicated row is an issue and is not applied. */
export async function loadArchitectureOverrides(file: string): Promise<{ overrides: Map<string, RepoOverride>; issues: IngestIssue[] }> {
  const issues: IngestIssue[] = [];
  const overrides = new Map<string, RepoOverride>();
  const seen = new Set<string>();
  for (const r of parseCsv(await readFile(file, 'utf8'))) {
    const row = `${r.record.hf_repo ?? ''} ${r.record.field ?? ''} (line ${r.line})`;
    const parsed = Row.safeParse(r.record);
    if (!parsed.success) {
      issues.push(...zodIssues(OVERRIDES_SOURCE_ID, OVERRIDES_FILE, row, parsed.error));
      continue;
    }
    const { hf_repo, field, value } = parsed.data;
    const key = `${hf_repo}|${field}`;
    if (seen.has(key)) {
      issues.push({ source: OVERRIDES_SOURCE_ID, file: OVERRIDES_FILE, row, field, message: `a second row for ${hf_repo} ${field}; the first is kept` });
      continue;
    }
    seen.add(key);
    const o = overrides.get(hf_repo) ?? { hf_repo, architecture: {}, model: {}, source: OVERRIDES_SOURCE_ID, as_of: OVERRIDES_REVIEWED, url: `https://huggingface.co/${hf_repo}` };
    if ((MODEL_FIELDS as readonly string[]).includes(field)) o.model[field as ModelField] = Number(value);
    else o.architecture[field as ArchitectureField] = field === 'attention' || field === 'recurrent_kind' ? value : Number(value);
    overrides.set(hf_repo, o);
  }
  return { overrides, issues };
}
