// ChangeEvent: a dated change of price, rating, licence or hosting, from a source's history.
import { z } from 'zod';
import { ChangeKind, IsoDate, Slug } from './primitives.ts';

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ChangeEvent = z
  .object({
    /** Stable id: a hash of (date, model, kind, field, provider, old, new). */
    id: z.string().regex(/^[0-9a-f]{16}$/),
    date: IsoDate,
    /**
     * The day the source last spoke for the event, when that is before its date: a shutdown a provider's notice (or a
     * catalogue's own date) scheduled, read before the day came. The event is the schedule, not an observation of the
     * withdrawal; absent: the event's date.
     */
    as_of: IsoDate.optional(),
    model_id: Slug,
    kind: ChangeKind,
    /** The field that changed (`input`, `output`, `rating`, `open_weights`, `offered`). */
    field: z.string().min(1),
    provider: Slug.optional(),
    /**
     * The provider's own ids of the listings the change was recorded on, as the sources' offers name them: a provider
     * may list one model under several ids (regional and global endpoints, dated versions), each priced apart.
     */
    provider_model_ids: z.array(z.string().min(1)).min(1).optional(),
    leaderboard: z.string().optional(),
    /** For rating events: the rated variant as the leaderboard names it. */
    variant: z.string().optional(),
    /**
     * For rating events: the name the leaderboard gave the same variant until the publication before (a rename, its
     * votes and rating carried over): `old` is the rating under that name, and the event is no debut.
     */
    renamed_from: z.string().optional(),
    old: Scalar,
    new: Scalar,
    source: Slug,
    /** Other sources that recorded the same change (de-duplicated into this event). */
    corroborated_by: z.array(Slug).optional(),
    /**
     * For hosting events of a service listed under two provider ids (`azure` and `azure-cognitive-services`): every id
     * whose listings the change was recorded on, sorted; `provider` is the service's own id. Absent: `provider` alone.
     */
    listed_under: z.array(Slug).min(2).optional(),
    /**
     * Later records of this same change by other sources (a catalogue catching up weeks or months after the first
     * record, nothing undoing it in between): evidence of the change, not changes of their own. Oldest first.
     */
    recorded_later: z.array(z.object({ source: Slug, date: IsoDate, commit: z.string().optional() }).strict()).min(1).optional(),
    /** true: the source's commit says it fixed the catalogue; false: a real change; null: not stated. */
    correction: z.boolean().nullable(),
    /** Why `correction` is true (or false) when the build's rules or a stated change (not the commit subject) decided it. */
    correction_note: z.string().optional(),
    /** The source commit's subject line, kept so corrections can be told from changes. */
    subject: z.string().optional(),
    commit: z.string().optional(),
  })
  .strict();
export type ChangeEvent = z.infer<typeof ChangeEvent>;
