// Source: a row of the sources table that every fact's `source` points into.
import { z } from 'zod';
import { IsoDate, Slug, SourceKind } from './primitives.ts';

export const Source = z
  .object({
    id: Slug,
    name: z.string().min(1),
    /** The source's public URL; for the project's own reviewed tables, their path in this repository. */
    url: z.string().min(1),
    licence: z.string().min(1),
    kind: SourceKind,
    /** Date of the snapshot the ingest read (the newest date the source's data speaks for). */
    retrieved: IsoDate,
    /** Attribution text the licence requires, where it requires one. */
    attribution: z.string().optional(),
    /** The licence's own page, where the licence asks that a credit link to it (CC BY 4.0 section 3(a)(1)(C)). */
    licence_url: z.string().url().optional(),
    /** What this source contributes, one line. */
    covers: z.string().optional(),
    /** What a reader must know before relying on a fact of this source (a secondary compilation, say): each fact it gives carries it. */
    caveat: z.string().optional(),
    /** Curated tables do not move data_as_of (DESIGN.md section 2.5). */
    counts_for_data_as_of: z.boolean(),
  })
  .strict();
export type Source = z.infer<typeof Source>;
