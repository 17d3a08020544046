// Licence: what a model's weights or terms allow, as a licence table row states it.
import { z } from 'zod';
import { IsoDate } from './primitives.ts';

/**
 * Territories where the licence grants no rights, as its own text says (data/curated/licence-territories.csv).
 * Present on a model's licence only where the exclusion reaches that model: Meta's Llama 3.2 and Llama 4 policies
 * withhold the rights to their multimodal models only, so Llama 3.2 1B (text) carries none and 11B Vision does.
 */
export const TerritoryExclusion = z
  .object({
    /** The European Union is among the territories excluded. */
    excludes_eu: z.boolean(),
    /** Every territory the clause names, in its words (`European Union`, `United Kingdom`, `South Korea`). */
    territories: z.array(z.string().min(1)).min(1),
    /** `all`: every model under the licence; `multimodal`: the models that take images as input. */
    applies_to: z.enum(['all', 'multimodal']),
    /** The clause, quoted. */
    clause: z.string().min(1),
    evidence_url: z.string().url(),
    /** The day the evidence page was read. */
    read: IsoDate,
  })
  .strict();
export type TerritoryExclusion = z.infer<typeof TerritoryExclusion>;

export const Licence = z
  .object({
    /** SPDX id where one exists (`apache-2.0`, `mit`), else a slug of the named licence (`llama-3.3`, `proprietary`). */
    id: z.string().min(1),
    name: z.string().min(1),
    /** null: the licence table does not establish it. */
    osi_approved: z.boolean().nullable(),
    commercial_use: z.boolean().nullable(),
    /**
     * What the licence text requires beyond the yes/no of commercial_use, in the licence table's words
     * (data/curated/licences.csv, column `conditions`): a user-count threshold above which a licence from the developer
     * is needed (Llama: 700 million monthly active users; Qwen: 100 million), a use policy that binds every user and
     * must be passed on (Gemma, DeepSeek), an attribution or naming duty (Llama 3.x, modified MIT). Absent: the text
     * states none beyond its permissions and notices (Apache 2.0, MIT), or the table did not review it.
     */
    conditions: z.string().min(1).optional(),
    /**
     * The licence table's note on the licence and on its review (column `note`): OSI status in words, which leaderboard
     * writes the label, what the review did not establish. Absent: the row has no note.
     */
    note: z.string().min(1).optional(),
    /** Absent: the territory table records no exclusion for this licence and model. */
    territory_exclusion: TerritoryExclusion.optional(),
    /**
     * The page the licence table's row rests on (licences.csv, column `evidence_url`): the licence's own text where the
     * table has it (Apache 2.0 and MIT on opensource.org, Meta's agreements in their repositories, the CC legal code),
     * else the page that shows the label (arena.ai for a label seen only there). What the licence allows (osi_approved,
     * commercial_use, conditions) is the table's reading of this page, not the label source's.
     */
    evidence_url: z.string().url().optional(),
    /**
     * The clauses the conditions cite, each stored word for word in data/curated/licence-clauses.csv with its origin
     * pinned to a commit and the day read (Llama 2 to 4 agreements, CC BY-NC and BY-NC-SA 4.0). Absent: none stored.
     */
    clause_sources: z.array(z.object({ clause: z.string().min(1), url: z.string().url(), read_on: IsoDate }).strict()).optional(),
  })
  .strict();
export type Licence = z.infer<typeof Licence>;
