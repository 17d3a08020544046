// Adapter for llmfit's Hugging Face model facts (parameters, config.json architecture), corrected by a reviewed table.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { Architecture, type Source } from '../schema/index.ts';
import { zodIssues } from './curated.ts';
import { loadArchitectureOverrides, OVERRIDES_FILE, OVERRIDES_SOURCE, OVERRIDES_SOURCE_ID, type RepoOverride } from './llmfit-overrides.ts';
import { loadModelArchitecture, MODEL_ARCH_FILE, MODEL_ARCH_SOURCE, MODEL_ARCH_SOURCE_ID } from './model-architecture.ts';
import { untrustedCounts } from './llmfit-params.ts';
import { activeParameters, classifyRepo, contextIsTrusted, hasStandardKvCache, isPackedQuantization, looksMoe } from './llmfit-rules.ts';
import type { Adapter, AdapterResult, IngestIssue, ModelObservation, SourceRoots } from './types.ts';

const FOLDER = 'llmfit-hf-models';
const FILE = 'hf_models-2026-05-12.json';
const SOURCE_ID = 'llmfit';
/** The snapshot's date: llmfit commit 5bdc9df of 2026-05-12 (SOURCE.txt). */
const AS_OF = '2026-05-12';
const DEFAULT_OVERRIDES = fileURLToPath(new URL('../../data/curated/architecture-overrides.csv', import.meta.url));
const DEFAULT_MODEL_ARCH = fileURLToPath(new URL('../../data/curated/model-architecture.csv', import.meta.url));

const Count = z.number().int().positive().nullable().optional();
/** The fields this adapter uses; llmfit's own estimates (RAM, quantization advice) are not read. */
const Row = z.object({
  name: z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'an owner/name Hugging Face repo id'),
  provider: z.string().optional(),
  parameters_raw: z.number().int().positive(),
  active_parameters: z.number().int().positive().nullable().optional(),
  is_moe: z.boolean().nullable().optional(),
  context_length: z.number().int().positive(),
  pipeline_tag: z.string(),
  architecture: z.string(),
  use_case: z.string().optional(),
  num_hidden_layers: Count,
  num_attention_heads: Count,
  num_key_value_heads: Count,
  head_dim: Count,
  hidden_size: Count,
  vocab_size: Count,
  num_experts: z.number().int().nonnegative().nullable().optional(),
  active_experts: z.number().int().nonnegative().nullable().optional(),
  moe_intermediate_size: z.number().int().nonnegative().nullable().optional(),
  // llmfit's scraper writes the Hub API's `createdAt` here (scripts/scrape_hf_models.py: `info.get("createdAt")[:10]`):
  // the repository's creation day, not a release announcement. A malformed value is left out, not the row.
  release_date: z.string().nullable().optional().catch(undefined),
});
export type LlmfitRow = z.infer<typeof Row>;

/**
 * The expert geometry llmfit read from config.json (its `num_experts`, `active_experts` = num_experts_per_tok,
 * `moe_intermediate_size`), for a repo it marks as a mixture of experts with fewer experts a token than experts. Only
 * then: for dense repos llmfit fills `moe_intermediate_size` with the dense `intermediate_size` (Qwen2.5-7B's 18,944),
 * and merged "2x7B" repos route every token to both experts. llmfit reads no shared experts or dense layers.
 */
function expertsOf(r: LlmfitRow): Pick<Architecture, 'experts' | 'experts_per_token' | 'moe_intermediate_size'> {
  const e = r.num_experts ?? 0;
  const k = r.active_experts ?? 0;
  if (r.is_moe !== true || e < 2 || k < 1 || k >= e) return {};
  return { experts: e, experts_per_token: k, ...(r.moe_intermediate_size ? { moe_intermediate_size: r.moe_intermediate_size } : {}) };
}

/** Architecture from the row's config facts, or undefined when a required fact is missing or inconsistent. */
function architectureOf(r: LlmfitRow): Architecture | undefined {
  const layers = r.num_hidden_layers ?? undefined;
  const heads = r.num_attention_heads ?? undefined;
  const kv = r.num_key_value_heads ?? undefined;
  const hidden = r.hidden_size ?? undefined;
  // hidden_size / heads is the head dimension whenever config.json does not state one.
  const headDim = r.head_dim ?? (hidden && heads && hidden % heads === 0 ? hidden / heads : undefined);
  if (!layers || !kv || !headDim || (heads !== undefined && kv > heads)) return undefined;
  return {
    layers,
    ...(heads ? { attention_heads: heads } : {}),
    kv_heads: kv,
    head_dim: headDim,
    ...(hidden ? { hidden_size: hidden } : {}),
    attention: heads !== undefined && kv < heads ? 'gqa' : 'full',
    ...expertsOf(r),
    ...(r.vocab_size ? { vocab_size: r.vocab_size } : {}),
    hf_repo: r.name,
  };
}

const hfUrl = (repo: string) => `https://huggingface.co/${repo}`;

/** A repo llmfit reads as dense: not flagged MoE, no MoE config family or name tag, no experts in its config. */
const isDenseRepo = (r: LlmfitRow): boolean => r.is_moe !== true && !looksMoe(r) && (r.num_experts ?? 0) < 2;

/** What llmfit alone says about one repo, leaving out what is known wrong (see llmfit-rules.ts). */
function observe(r: LlmfitRow, miscounted: boolean): ModelObservation {
  const arch = hasStandardKvCache(r.architecture) ? architectureOf(r) : undefined;
  const packed = isPackedQuantization(r.name) || miscounted;
  const active = packed ? undefined : activeParameters(r);
  return {
    source: SOURCE_ID,
    source_model_id: r.name,
    ...(r.provider ? { vendor_hint: r.provider } : {}),
    as_of: AS_OF,
    url: hfUrl(r.name),
    ...(!packed ? { parameters_total: r.parameters_raw } : {}),
    ...(active !== undefined ? { parameters_active: active } : {}),
    ...(arch ? { architecture: arch } : {}),
    // The window is config.json's whether or not the KV geometry is served (a hybrid's config is read all the same).
    ...(contextIsTrusted(r) ? { context_window: r.context_length } : {}),
    // The repository's creation day (release-date.ts reads it as a lower bound of the release, from the developer's own
    // repository only: build-models.ts).
    ...(r.release_date && /^\d{4}-\d{2}-\d{2}$/.test(r.release_date) ? { repo_created: r.release_date } : {}),
  };
}

/**
 * Apply a repo's reviewed overrides. The corrected fields move into an observation of their own, sourced to
 * the overrides table, and leave llmfit's observation, so that provenance shows the fix and no wrong value is
 * kept beside it. An architecture override yields the whole architecture object (llmfit's facts, corrected).
 */
function applyOverride(
  base: ModelObservation | undefined,
  r: LlmfitRow | undefined,
  o: RepoOverride,
): { llmfit?: ModelObservation; override?: ModelObservation; issue?: IngestIssue } {
  const fix: ModelObservation = { source: o.source, source_model_id: o.hf_repo, as_of: o.as_of, url: o.url };
  const kept = base ? { ...base } : undefined;
  if (o.native_precision !== undefined) fix.native_precision = o.native_precision;
  if (o.read_url !== undefined) fix.read_url = o.read_url;
  if (o.licence_text !== undefined) fix.licence_text = o.licence_text;
  if (o.weights_url !== undefined) fix.weights_url = o.weights_url;
  if (o.model.context_window !== undefined) fix.context_window = o.model.context_window;
  if (o.context_note !== undefined && fix.context_window !== undefined) fix.context_window_note = o.context_note;
  if (o.model.max_output !== undefined) fix.max_output = o.model.max_output;
  if (o.model.parameters_total !== undefined) fix.parameters_total = o.model.parameters_total;
  if (o.model.parameters_active !== undefined) fix.parameters_active = o.model.parameters_active;
  // A dense model reads every parameter, so a corrected total is its active count as well (activeParameters): the
  // partial count the row replaces took llmfit's dense active count with it (Mistral-7B-Instruct-v0.1: 6.04B for 7.24B).
  // Only where llmfit read the repo as dense: no MoE flag, family or name, and no experts in its config.
  if (fix.parameters_total !== undefined && fix.parameters_active === undefined && r && isDenseRepo(r)) fix.parameters_active = fix.parameters_total;
  let issue: IngestIssue | undefined;
  if (Object.keys(o.architecture).length > 0) {
    const from = r ? architectureOf(r) : undefined;
    const raw = r
      ? {
        layers: r.num_hidden_layers ?? undefined, attention_heads: r.num_attention_heads ?? undefined,
        kv_heads: r.num_key_value_heads ?? undefined, head_dim: from?.head_dim, hidden_size: r.hidden_size ?? undefined,
        ...expertsOf(r), vocab_size: r.vocab_size ?? undefined,
      }
      : {};
    const entries = Object.entries({ ...raw, ...o.architecture, hf_repo: o.hf_repo }).filter(([, v]) => v !== undefined);
    const merged: Record<string, unknown> = Object.fromEntries(entries);
    if (merged.attention === undefined) merged.attention = from?.attention;
    const parsed = Architecture.safeParse(merged);
    if (parsed.success) fix.architecture = parsed.data;
    else {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'architecture'}: ${i.message}`).join('; ');
      const file = o.source === MODEL_ARCH_SOURCE_ID ? MODEL_ARCH_FILE : OVERRIDES_FILE;
      issue = { source: o.source, file, row: o.hf_repo, field: 'architecture', message: `the corrected architecture is incomplete, so it is not served (${problems})` };
    }
  }
  if (kept) {
    // A corrected field leaves llmfit's observation; so does any field of an architecture that was corrected.
    if (fix.context_window !== undefined) delete kept.context_window;
    if (fix.max_output !== undefined) delete kept.max_output;
    if (fix.parameters_total !== undefined) delete kept.parameters_total;
    if (fix.parameters_active !== undefined) delete kept.parameters_active;
    if (Object.keys(o.architecture).length > 0) delete kept.architecture;
  }
  // A row of the per-model table read the developer's own repository: that alone is evidence that the weights are
  // published (src/ingest/open-weights.ts), so such a row speaks even when it corrects no figure.
  const hasFix =
    fix.context_window !== undefined || fix.max_output !== undefined || fix.parameters_total !== undefined || fix.parameters_active !== undefined ||
    fix.architecture !== undefined || fix.native_precision !== undefined || (o.source === MODEL_ARCH_SOURCE_ID && !issue);
  return { llmfit: kept, ...(hasFix ? { override: fix } : {}), ...(issue ? { issue } : {}) };
}

export type LlmfitCounts = { rows: number; invalid: number; not_llm: number; kept: number; with_architecture: number; overridden: number };

function llmfitSource(counts: LlmfitCounts): Source {
  return {
    id: SOURCE_ID,
    name: 'llmfit: Hugging Face model facts (parameters, config.json architecture)',
    url: 'https://github.com/AlexsJones/llmfit',
    licence: 'MIT',
    kind: 'aggregator',
    retrieved: AS_OF,
    covers:
      `parameter counts and config.json architecture facts of ${counts.kept} language-model repos on Hugging Face ` +
      `(${counts.with_architecture} with a usable architecture; ${counts.not_llm} non-LLM repos skipped), ` +
      'corrected by the architecture-overrides table',
    counts_for_data_as_of: true,
  };
}

/**
 * Both reviewed tables, keyed by repo. A repo belongs to one table: the per-model table is the newer, dated one,
 * so where a repo is in both its row is used and the per-field rows are reported as superseded.
 */
async function loadReviewed(overridesFile: string, modelArchFile: string): Promise<{ overrides: Map<string, RepoOverride>; issues: IngestIssue[] }> {
  const a = await loadArchitectureOverrides(overridesFile);
  const b = await loadModelArchitecture(modelArchFile);
  const issues = [...a.issues, ...b.issues];
  const overrides = new Map(a.overrides);
  for (const [repo, row] of b.rows) {
    if (overrides.has(repo)) {
      issues.push({ source: OVERRIDES_SOURCE_ID, file: OVERRIDES_FILE, row: repo, message: `${repo} also has a row in ${MODEL_ARCH_FILE}, which is used instead` });
    }
    overrides.set(repo, row);
  }
  return { overrides, issues };
}

export function createLlmfit(options: { overridesFile?: string; modelArchitectureFile?: string } = {}): Adapter & { lastCounts?: LlmfitCounts } {
  const adapter: Adapter & { lastCounts?: LlmfitCounts } = {
    id: SOURCE_ID,
    async read(roots: SourceRoots): Promise<AdapterResult> {
      const raw: unknown = JSON.parse(await readFile(path.join(roots.sources, FOLDER, FILE), 'utf8'));
      const issues: IngestIssue[] = [];
      if (!Array.isArray(raw)) throw new Error(`${FILE}: expected a JSON array of repos`);
      const { overrides, issues: overrideIssues } = await loadReviewed(
        options.overridesFile ?? DEFAULT_OVERRIDES,
        options.modelArchitectureFile ?? DEFAULT_MODEL_ARCH,
      );
      issues.push(...overrideIssues);
      const counts: LlmfitCounts = { rows: raw.length, invalid: 0, not_llm: 0, kept: 0, with_architecture: 0, overridden: 0 };
      const models: ModelObservation[] = [];
      const rowsByRepo = new Map<string, LlmfitRow>();
      raw.forEach((item, i) => {
        const parsed = Row.safeParse(item);
        const name = typeof (item as { name?: unknown })?.name === 'string' ? (item as { name: string }).name : `[${i}]`;
        if (!parsed.success) {
          counts.invalid += 1;
          issues.push(...zodIssues(SOURCE_ID, FILE, name, parsed.error));
          return;
        }
        if (classifyRepo(parsed.data) !== 'llm') {
          counts.not_llm += 1;
          return;
        }
        rowsByRepo.set(parsed.data.name, parsed.data);
      });
      // Counts that fail the cross-checks (llmfit-params.ts) are left out, with an issue naming the check.
      const miscounted = untrustedCounts(rowsByRepo.values());
      for (const [repo, why] of [...miscounted.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        issues.push({ source: SOURCE_ID, file: FILE, row: repo, field: 'parameters_raw', message: `parameter count not used: ${why}` });
      }
      for (const r of rowsByRepo.values()) {
        const base = observe(r, miscounted.has(r.name));
        const o = overrides.get(r.name);
        if (!o) {
          models.push(base);
          continue;
        }
        const res = applyOverride(base, r, o);
        if (res.llmfit) models.push(res.llmfit);
        if (res.override) models.push(res.override);
        if (res.issue) issues.push(res.issue);
      }
      // A reviewed row may describe a repo the snapshot lacks (or classed as not an LLM): it stands on its own.
      for (const o of overrides.values()) {
        if (rowsByRepo.has(o.hf_repo)) continue;
        const res = applyOverride(undefined, undefined, o);
        if (res.override) models.push(res.override);
        if (res.issue) issues.push(res.issue);
      }
      counts.kept = rowsByRepo.size;
      const withArch = new Set(models.filter((m) => m.architecture).map((m) => m.source_model_id));
      counts.with_architecture = withArch.size;
      counts.overridden = models.filter((m) => m.source === OVERRIDES_SOURCE_ID || m.source === MODEL_ARCH_SOURCE_ID).length;
      adapter.lastCounts = counts;
      models.sort((a, b) => a.source_model_id.localeCompare(b.source_model_id) || a.source.localeCompare(b.source));
      return { sources: [llmfitSource(counts), OVERRIDES_SOURCE, MODEL_ARCH_SOURCE], models, issues };
    },
  };
  return adapter;
}

export const llmfit = createLlmfit();
