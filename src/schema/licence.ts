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
     * The licence table's word on the terms beyond the yes/no of commercial_use, in its words (data/curated/licences.csv,
     * column `note`): a user-count threshold above which a licence from the developer is needed (Llama: 700 million
     * monthly active users; Qwen: 100 million), a use policy that binds every user and must be passed on (Gemma,
     * DeepSeek), an attribution duty (modified MIT), or what the review did not establish. Absent: the row has no note.
     */
    conditions: z.string().min(1).optional(),
    /** Absent: the territory table records no exclusion for this licence and model. */
    territory_exclusion: TerritoryExclusion.optional(),
  })
  .strict();
export type Licence = z.infer<typeof Licence>;
