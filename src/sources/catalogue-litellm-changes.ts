// LiteLLM field history (a baseline line, then added/removed/field records across hourly versions) as CatalogueChanges.
import { z } from 'zod';
import { Price, defined, isPlainObject, issueAt, jsonLinesOf, perMillion, utcDate, zodMessage } from './catalogue-util.ts';
import { isMappedProvider, toModelsDevProvider } from './provider-ids.ts';
import type { CatalogueChange, IngestIssue } from './types.ts';

const SOURCE_ID = 'litellm';
/** Text-generation modes; images, embeddings, audio, rerank, moderation... are not language-model offers. */
export const TEXT_MODES: ReadonlySet<string> = new Set(['chat', 'completion', 'responses']);

/** Per-token price fields -> project fields (per million). Deprecation dates and limits are not change kinds. */
const FIELDS: Record<string, string> = {
  input_cost_per_token: 'input',
  output_cost_per_token: 'output',
  cache_read_input_token_cost: 'cache_read',
  cache_creation_input_token_cost: 'cache_write',
};

const Line = z.looseObject({
  commit: z.string().min(1),
  date: z.string(),
  change: z.enum(['baseline', 'added', 'removed']).optional(),
  model_key: z.string().min(1).optional(),
  fields: z.record(z.string(), z.unknown()).optional(),
  field: z.string().optional(),
});

type State = { provider?: string; mode?: string };

/** The key minus its provider prefix (`gemini/gemini-2.5-pro` -> `gemini-2.5-pro`, `azure/eu/gpt-5` -> `eu/gpt-5`). */
export function providerModelId(key: string, provider: string): string {
  const slash = key.indexOf('/');
  if (slash < 0) return key;
  const first = key.slice(0, slash);
  const norm = (s: string) => s.replace(/-/g, '_');
  // `vertex_ai/...` under `vertex_ai-anthropic_models`, `azure/...` under `azure_text`, `amazon-nova/...` under `amazon_nova`.
  const same = norm(first) === norm(provider) || provider.startsWith(`${first}_`) || provider.startsWith(`${first}-`);
  return same ? key.slice(slash + 1) : key;
}

/**
 * The log names only the key, so each key's provider and mode are followed through it: set by its `added`
 * record and by field changes. Keys already present at the baseline take them from the snapshot; a key
 * that existed at the baseline and is gone from the snapshot has no known mode (it is kept, so that its
 * removal is recorded) and a provider only when its key prefix is a LiteLLM provider. Changes of keys
 * whose mode is known and not text generation (embeddings, images, audio) are skipped.
 * The log carries no commit subjects: `subject` is absent.
 */
export async function readLitellmChanges(
  filePath: string,
  file: string,
  snapshot: Record<string, unknown>,
  issues: IngestIssue[],
  /** Filled with every key the log adds or removes, text or not: the others were listed all along. */
  moved: Set<string> = new Set(),
): Promise<CatalogueChange[]> {
  const changes: CatalogueChange[] = [];
  const state = new Map<string, State>();
  const stateOf = (key: string): State => {
    let s = state.get(key);
    if (!s) {
      const snap = snapshot[key];
      s = isPlainObject(snap)
        ? { provider: str(snap.litellm_provider), mode: str(snap.mode) }
        : { provider: providerFromKey(key) };
      state.set(key, s);
    }
    return s;
  };
  for await (const { where, rec } of jsonLinesOf(Line, filePath, { source: SOURCE_ID, file }, issues)) {
    if (rec.change === 'baseline') continue;
    const date = utcDate(rec.date);
    if (!date || !rec.model_key) {
      issues.push(issueAt(where, !date ? `not a timestamp: ${rec.date}` : 'no model_key', !date ? 'date' : 'model_key'));
      continue;
    }
    const key = rec.model_key;
    if (rec.change === 'added' || rec.change === 'removed') moved.add(key);
    if (rec.change === 'added') state.set(key, { provider: str(rec.fields?.litellm_provider), mode: str(rec.fields?.mode) });
    const s = stateOf(key);
    if (rec.field === 'mode') s.mode = str(rec.new);
    if (rec.field === 'litellm_provider') s.provider = str(rec.new) ?? s.provider;
    const isText = s.mode === undefined || TEXT_MODES.has(s.mode);
    const make = (change: CatalogueChange['change'], field: string, old: CatalogueChange['old'], now: CatalogueChange['new']) =>
      defined<CatalogueChange>({
        source: SOURCE_ID,
        date,
        commit: rec.commit,
        change,
        provider: s.provider ? toModelsDevProvider('litellm', s.provider) : undefined,
        provider_model_id: s.provider ? providerModelId(key, s.provider) : undefined,
        source_model_id: key,
        field,
        old,
        new: now,
      });

    if (rec.change === 'added' || rec.change === 'removed') {
      const added = rec.change === 'added';
      if (isText) changes.push(make(rec.change, 'offered', !added, added));
      if (!added) state.delete(key);
      continue;
    }
    const field = rec.field === undefined ? undefined : FIELDS[rec.field];
    if (!field || !isText) continue;
    const oldV = Price.nullable().safeParse(rec.old);
    const newV = Price.nullable().safeParse(rec.new);
    if (!oldV.success || !newV.success) {
      const bad = !oldV.success ? oldV.error : newV.error!;
      issues.push(issueAt(where, zodMessage(bad, !oldV.success ? rec.old : rec.new), rec.field));
      continue;
    }
    const oldM = oldV.data === null ? null : perMillion(oldV.data);
    const newM = newV.data === null ? null : perMillion(newV.data);
    if (oldM !== newM) changes.push(make('changed', field, oldM, newM));
  }
  return changes;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** `groq/llama3-8b-8192` -> `groq`, when the prefix is a LiteLLM provider id the table knows. */
function providerFromKey(key: string): string | undefined {
  const slash = key.indexOf('/');
  const prefix = slash > 0 ? key.slice(0, slash) : undefined;
  return prefix && isMappedProvider('litellm', prefix) ? prefix : undefined;
}
