// Input and output pieces several operations share: ids, pagination, the fact envelope on the wire.
import { z } from 'zod';
import { DEFAULT_CONTEXT } from '../engines/constants.ts';
import { ServiceError } from '../errors/index.ts';
import { EvidencePage, FactBound, IsoDate, OfferLifecycleState, SourcesDisagree } from '../schema/index.ts';

/** A model id or any alias a source uses (`anthropic/claude-opus-4.8`): up to 200 printable characters. */
export const ModelIdParam = z
  .string()
  .min(1, 'a model id is required')
  .max(200, 'at most 200 characters')
  // Spaces are let through to the lookup, which reads them as separators or suggests near ids ("claude 3.5 sonnet",
  // the name an agent guesses first); control characters and non-ASCII are still refused here.
  .regex(/^[\x20-\x7e]+$/, 'printable ASCII')
  .describe('Canonical model id (e.g. `llama-3.3-70b-instruct`) or any alias a source uses (e.g. `anthropic/claude-opus-4.8`).');

export const HardwareIdParam = z
  .string()
  .min(1)
  .max(100, 'at most 100 characters')
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'a hardware id slug (see GET /api/v1/hardware)')
  .describe('Hardware configuration id from `GET /api/v1/hardware` (e.g. `rtx-4090`, `h100-80gb-x8`).');

/** Tokens each sequence holds in the KV cache: one range for every operation that sizes memory. */
export const contextParam = (description: string) =>
  z
    .number()
    .int('context must be a whole number of tokens from 512 to 1,048,576')
    .min(512, 'context must be from 512 to 1,048,576 tokens')
    .max(1048576, 'context must be from 512 to 1,048,576 tokens')
    .default(DEFAULT_CONTEXT)
    .describe(description);

export const Limit = z.number().int().min(1).max(100).default(20).describe('Page size, 1..100 (default 20).');
export const Cursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'an opaque cursor from a previous page')
  .optional()
  .describe('Opaque cursor from `next_cursor` of the previous page.');

/**
 * An offer line's lifecycle in one word (the status's `availability`), beside its `lifecycle_note`: what a client tests
 * instead of the note's words, which may change. One vocabulary on every offer line (docs/data.md, "Lifecycle states").
 */
export const LIFECYCLE_STATE_TEXT = 'The offer\'s lifecycle in doubt as a machine-readable state, present with `lifecycle_note` (the same '
  + 'offers): `retirement_announced` (its provider marks it deprecated with no shutdown date, its source meaning still served and '
  + 'sold), `existing_customers_only` (served to existing customers only: a new customer cannot buy it, so no cheapest or best pick '
  + 'takes it), `hosted_past_developer_shutdown` (the developer shut its API down; this provider hosts the model itself and states '
  + 'no date, so whether it is still sold is not known).';
export const LifecycleState = OfferLifecycleState;

/** A fact as it travels on the wire; `source` and provenance are absent in partial (anonymous, free) responses. */
export const wireFact = <T extends z.ZodType>(value: T) =>
  z.object({
    value,
    as_of: IsoDate,
    source: z.string().optional(),
    corroborated_by: z.array(z.string()).optional(),
    conflicts: z.array(z.object({ value, as_of: IsoDate, source: z.string().optional() })).optional(),
    sources_disagree: SourcesDisagree,
    derived_from: z.array(z.string()).optional(),
    note: z.string().optional(),
    bound: FactBound.optional(),
    evidence_page: EvidencePage.optional(),
  });

export const Page = z.object({
  total: z.number().int().nonnegative().describe('Items matching, across all pages.'),
  limit: z.number().int(),
  next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
});

/** Cursors are opaque to callers: a versioned, base64url-encoded offset. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`v1:${offset}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^v1:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new ServiceError('invalid_parameter', 'The cursor is not one this service issued.', {
    errors: [{ parameter: 'cursor', message: 'not a valid cursor', allowed: 'the next_cursor value of a previous page' }],
  });
  return Number(m[1]);
}

/** Slice one page out of a ranked list. */
/** A list, or a run of one that a page slices without copying the rest (engines/change-index.ts: EventSpan). */
type Sliceable<T> = { readonly length: number; slice(start: number, end: number): T[] };

export function paginate<T>(items: Sliceable<T>, limit: number, cursor: string | undefined) {
  const offset = decodeCursor(cursor);
  const page = items.slice(offset, offset + limit);
  const next = offset + limit < items.length ? encodeCursor(offset + limit) : null;
  return { items: page, page: { total: items.length, limit, next_cursor: next } };
}

/** Resolve a model id or alias, or throw model_not_found with near ids. */
export function requireModelId(ds: { resolveModelId(s: string): string | undefined; suggestModelIds(s: string, n?: number): string[] }, id: string, parameter = 'model_id'): string {
  const found = ds.resolveModelId(id);
  if (found) return found;
  throw new ServiceError('model_not_found', `No model "${id}" in the dataset.`, {
    suggestions: ds.suggestModelIds(id),
    errors: [{ parameter, message: 'unknown model id' }],
  });
}
