// genai-prices listings whose price an OpenRouter sync copied into a developer's file (docs/data.md, "Imported prices").
import { isPlainObject } from './catalogue-util.ts';

/** One price history record as `price-changes-from-git.jsonl` writes it (the fields this rule reads). */
export type PriceRecord = { commit: string; date: string; subject: string; provider: string; model: string; change: string; new: unknown };

/** The commit that last set a listing's price, when that commit synced OpenRouter's catalogue. */
export type CopiedPrice = { commit: string; date: string; subject: string; input?: number; output?: number };

/**
 * genai-prices' sync scripts (`feat(openrouter): sync models from OpenRouter API`, `Update from openRouter`) copy
 * OpenRouter's catalogue, and in doing so file some models under their developer with OpenRouter's price: DeepSeek
 * V3.2 under `deepseek` at OpenRouter's 0.2288/0.3432 (OpenRouter's own `deepseek/deepseek-v3.2` changed to the same
 * figures in the same commit), while DeepSeek's page says 0.28/0.42. Some such entries say so in `price_comments`
 * ("Imported from OpenRouter pricing"), others do not. So a developer file's listing whose price was last set by a
 * commit that says it copied from OpenRouter ("... from OpenRouter") is OpenRouter's price, not the developer's. A
 * commit that prices a model for several providers, OpenRouter among them ("Add Claude Opus 5 pricing for Bedrock,
 * Vertex and OpenRouter"), is not a copy. OpenRouter's own file is OpenRouter's price and stays.
 */
const SYNC_SUBJECT = /\bfrom open ?router\b/i;

export function openRouterCopies(records: Iterable<PriceRecord>): Map<string, CopiedPrice> {
  const last = new Map<string, PriceRecord>();
  for (const r of records) {
    if (r.provider === 'openrouter') continue;
    const key = listingKey(r.provider, r.model);
    if (r.change === 'removed') {
      last.delete(key);
      continue;
    }
    // A commit that rewrites the block with the same figures (dropping null fields, "add pricing discrepency
    // detection") sets no price: Mistral's `mixtral-8x22b-instruct` kept the 0.9/0.9 of `Update from openRouter (#3)`.
    const prev = last.get(key);
    if (prev && sameHeadline(prev.new, r.new)) continue;
    last.set(key, r);
  }
  const out = new Map<string, CopiedPrice>();
  for (const [key, r] of last) {
    if (!SYNC_SUBJECT.test(r.subject)) continue;
    out.set(key, { commit: r.commit, date: r.date.slice(0, 10), subject: r.subject, ...headline(r.new) });
  }
  return out;
}

/** OpenRouter's SKU tag after a model id (`:free`, `:extended`): OpenRouter's variant of the model, not another id. */
const OPENROUTER_TAG = /:[a-z][a-z-]*$/;

/**
 * Listings an OpenRouter sync added to a developer's file under OpenRouter's SKU tag: `Update from openRouter (#3)`
 * (670c89d3d1, 2025-06-22) filed `mistral-small-24b-instruct-2501:free` ("Mistral Small 3 (free)") under `mistral`,
 * `phi-4-reasoning:free` under `azure`, at OpenRouter's $0/$0. The developer's API has no such id: it is OpenRouter's
 * free variant, no listing of the developer. Keyed by listingKey, with the commit that added each.
 */
export function openRouterVariants(records: Iterable<PriceRecord>): Map<string, PriceRecord> {
  const added = new Map<string, PriceRecord>();
  for (const r of records) {
    if (r.provider === 'openrouter' || r.change !== 'added' || !OPENROUTER_TAG.test(r.model)) continue;
    const key = listingKey(r.provider, r.model);
    if (!added.has(key)) added.set(key, r);
  }
  return new Map([...added].filter(([, r]) => SYNC_SUBJECT.test(r.subject)));
}

export const listingKey = (provider: string, model: string) => `${provider}\u0000${model}`;

/**
 * Whether the listing still holds the copied price: a later edit (a reviewed price, a tier, a scheduled change
 * written after the history ends) makes the price the file's own again.
 */
export function stillCopied(copy: CopiedPrice, now: { input?: number; output?: number; tiers?: unknown[]; next?: unknown }): boolean {
  if (now.tiers?.length || now.next) return false;
  return copy.input === now.input && copy.output === now.output;
}

/** Two flat blocks with the same input and output (a list of conditional prices is never the same as another). */
function sameHeadline(a: unknown, b: unknown): boolean {
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const x = headline(a);
  const y = headline(b);
  return x.input !== undefined && x.input === y.input && x.output === y.output;
}

/** Input and output of a flat price block; a list of conditional prices or a tiered price is not a plain copy. */
function headline(block: unknown): { input?: number; output?: number } {
  if (!isPlainObject(block)) return {};
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const out: { input?: number; output?: number } = {};
  const input = num(block.input_mtok);
  const output = num(block.output_mtok);
  if (input !== undefined) out.input = input;
  if (output !== undefined) out.output = output;
  return out;
}
