// genai-prices' fallback providers: which providers price others' models, and from which day a removal falls back.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IsoDate, issueAt } from './catalogue-util.ts';
import type { CatalogueChange, IngestIssue } from './types.ts';

const FOLDER = 'genai-prices';
const REPO = 'genai-prices';
/**
 * Days of the source's own history the adapter relies on, each with its commit and reason, kept beside the snapshot
 * (as HEAD_COMMIT.txt is) rather than in code: `fallback_model_providers_since`, the day its providers gained
 * `fallback_model_providers`.
 */
const DATES_FILE = 'SOURCE_DATES.json';
const SourceDates = z.object({
  fallback_model_providers_since: z.object({
    date: IsoDate, commit: z.string().regex(/^[0-9a-f]{7,40}$/), subject: z.string().min(1), reason: z.string().min(20),
  }).strict(),
}).strict();

/**
 * Each provider's `fallback_model_providers` (genai-prices' schema: "provider identifiers to fallback to to get prices if
 * this provider doesn't have a price ... Azure offers OpenAI models"), the newer copy's where both state it.
 */
export function fallbackProviders(docs: readonly unknown[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const doc of docs) {
    const { id, fallback_model_providers: f } = (doc ?? {}) as { id?: unknown; fallback_model_providers?: unknown };
    if (typeof id === 'string' && Array.isArray(f) && f.every((x) => typeof x === 'string')) out.set(id, f as string[]);
  }
  return out;
}

/**
 * genai-prices' d062d87193 (2026-01-13, "Fallback model providers") gave azure `fallback_model_providers: [openai,
 * anthropic]` and dropped from azure's file the OpenAI and Anthropic models it priced: azure's prices for them are now
 * openai's and anthropic's. Read as stops, the feed said Azure stopped offering GPT-4.1, GPT-4o, GPT-5 and more, which
 * it still serves (LiteLLM's 2026-07-24 file and models.dev list azure/gpt-4.1). Each removal from a provider whose
 * newest copy declares fallbacks carries them (`falls_back_to`); the build, which knows the canonical models and the
 * offers, decides whether the stop is one (build-changes.ts). Only removals from the day the field came in count: azure's
 * earlier removals (fa5b9fe0bb, 2025-07-14, "improvements to azure prices") were made with no fallback to price them.
 */
export function markFallbackRemovals(
  history: CatalogueChange[], fallbacks: ReadonlyMap<string, readonly string[]>, since: string | undefined,
): void {
  // Without the day the field came in, no removal can be told made with a fallback: each stays a stop, as it reads.
  if (since === undefined) return;
  for (const c of history) {
    if (c.change !== 'removed' || c.field !== 'offered' || c.date < since) continue;
    const to = fallbacks.get(c.source_model_id.slice(0, c.source_model_id.indexOf('/')));
    if (to?.length) c.falls_back_to = [...to];
  }
}

/** The day genai-prices' providers gained `fallback_model_providers` (SOURCE_DATES.json); undefined, with an issue, if unread. */
export async function fallbacksSince(dir: string, issues: IngestIssue[]): Promise<string | undefined> {
  const file = path.join(dir, DATES_FILE);
  const where = { source: REPO, file: `${FOLDER}/${DATES_FILE}`, row: '(file)' };
  if (!existsSync(file)) {
    issues.push(issueAt(where, 'missing: no removal is read as a fallback to other providers'));
    return undefined;
  }
  const parsed = SourceDates.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    issues.push(issueAt(where, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')));
    return undefined;
  }
  return parsed.data.fallback_model_providers_since.date;
}
