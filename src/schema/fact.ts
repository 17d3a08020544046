// Fact<T>: the envelope every served value travels in, so that each one carries its date and its source.
import { z } from 'zod';
import { IsoDate, Slug } from './primitives.ts';

/** Another source's reading of the same fact that disagrees with the chosen value: kept, never averaged. */
export const conflictOf = <T extends z.ZodType>(value: T) =>
  z.object({ value, as_of: IsoDate, source: Slug }).strict();

/** Partial tiers only, in place of a non-empty `conflicts`: that the sources disagree, without who says what. */
export const SourcesDisagree = z.literal(true).optional().describe(
  'Partial responses (anonymous, free) only: the sources disagree on this fact; full responses name them in `conflicts`.',
);

/**
 * Where the value is a bound of the fact rather than the fact itself: `on_or_before` (an upper bound: it was so by
 * that day, maybe earlier), `on_or_after` (a lower bound: not before that day). A release date derived from the day
 * the developer first listed the model is `on_or_before`; the day its weights' repository was created `on_or_after`.
 * Absent: the value is read as the fact itself (its note says whose reading it is). Set where the fact is decided
 * (src/ingest), read by every filter, sort and comparison of the fact (docs/data.md, "Bounded release dates").
 */
export const FactBound = z.enum(['on_or_before', 'on_or_after']).describe(
  'Present only when the value is a bound, not the fact: `on_or_before` (an upper bound: so by that day, maybe '
    + 'earlier), `on_or_after` (a lower bound: not before that day). Filters and comparisons admit such a value only '
    + 'where the bound proves the condition (docs/data.md, "Bounded release dates").',
);
export type FactBound = z.infer<typeof FactBound>;

/**
 * The page a fact rests on, quoted: its address, the words it says, and the day it was read (an EU residency claim:
 * the provider's own page on where inference data is processed). Partial answers keep only `read_on`: that a page was
 * read that day, not which page or what it says (access/projection.ts).
 */
export const EvidencePage = z
  .object({
    url: z.url().optional(),
    quote: z.string().min(1).optional(),
    read_on: IsoDate,
  })
  .strict()
  .describe('The page this fact rests on: `url`, a short verbatim `quote` and the day it was read (`read_on`). Partial '
    + '(anonymous, free) answers keep `read_on` only: a page was read; full answers give the address and the words.');
export type EvidencePage = z.infer<typeof EvidencePage>;

/**
 * Build the schema of a fact carrying `value`.
 * `corroborated_by` lists other sources that give the same value; `conflicts` those that give another.
 * `derived_from` names the inputs of a value computed by this service (source `derived`).
 */
export const factOf = <T extends z.ZodType>(value: T) =>
  z
    .object({
      value,
      as_of: IsoDate,
      source: Slug,
      corroborated_by: z.array(Slug).optional(),
      conflicts: z.array(conflictOf(value)).optional(),
      sources_disagree: SourcesDisagree,
      derived_from: z.array(z.string()).optional(),
      note: z.string().optional(),
      bound: FactBound.optional(),
      evidence_page: EvidencePage.optional(),
    })
    .strict();

export type Fact<T> = {
  value: T;
  as_of: string;
  source: string;
  corroborated_by?: string[];
  conflicts?: Array<{ value: T; as_of: string; source: string }>;
  /** Partial tiers only, where `conflicts` was: that the sources disagree, without who says what. */
  sources_disagree?: true;
  derived_from?: string[];
  note?: string;
  /** The value is a bound of the fact, not the fact (FactBound). */
  bound?: FactBound;
  /** The page the fact rests on, quoted and dated (EvidencePage). */
  evidence_page?: EvidencePage;
};

/** Make a fact; the one constructor the ingest uses so that no fact can be built without a date and source. */
export function fact<T>(value: T, as_of: string, source: string, extra: Partial<Fact<T>> = {}): Fact<T> {
  return { value, as_of, source, ...extra };
}
