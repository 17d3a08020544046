// get_trust_profile: the Trust Index of a model, its 16 criteria with evidence, and compliance information.
import { z } from 'zod';
import { CRITERIA_COUNT, MIN_VOTES, trustProfile } from '../engines/trust.ts';
import { DataTerms, EuCodeStatus, EuResidency, IsoDate, Licence, OfferRegion, OFFER_REGION_TEXT, Sku, TerritoryExclusion } from '../schema/index.ts';
import { ModelIdParam, requireModelId, wireFact } from './common.ts';
import { defineOperation, READ_ONLY } from './operation.ts';
import { ModelRef, toModelRef } from './shapes.ts';

const Evidence = z
  .object({
    source: z.string().nullable().optional().describe('Source id of the fact the status rests on (`derived` for a fit computed here); null when no source gives one.'),
    as_of: IsoDate.nullable().describe('Date of that fact; null when there is none.'),
    detail: z.string().describe('What the evidence says, in a sentence.'),
    indicator: z.string().optional().describe('FMTI criteria: the Dec 2025 indicator name, as the index writes it.'),
    score: z.union([z.literal(0), z.literal(1)]).optional().describe("FMTI criteria: the developer's score on the indicator (1 = disclosed)."),
    justification: z.string().optional().describe("FMTI criteria: the index's justification for the score."),
    value: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional().describe('The value read: licence id, votes, EU Code status, hardware id of the fit, residency.'),
    derived_from: z.array(z.string()).optional().describe('For a derived status (self_hostable): the inputs, each with its source and date; for criterion 8 of an open-weights model, the properties of the model the dataset holds beside the developer\'s FMTI score.'),
  })
  .describe('The evidence behind one criterion.');

const Criterion = z
  .object({
    number: z.number().int().min(1).max(CRITERIA_COUNT).describe('Position in DESIGN.md section 8 (1..16).'),
    id: z.string().describe('Stable criterion id, e.g. `open_weights`, `eu_gpai_code_signatory`.'),
    title: z.string().describe('Short human title.'),
    scope: z.enum(['model', 'developer']).describe("`developer`: the evidence is about the model's developer (FMTI scores a developer's flagship; the EU list names organisations), not this model."),
    met_when: z.string().describe('The rule the status follows.'),
    status: z.enum(['met', 'not_met', 'unknown']).describe('`unknown` when no evidence exists: never counted as not met.'),
    evidence: Evidence,
  })
  .describe('One of the 16 criteria of the Trust Index.');

const Compliance = z
  .object({
    eu_code: wireFact(z.object({ status: EuCodeStatus, chapters: z.string().optional() }))
      .nullable()
      .describe("The developer's EU General-Purpose AI Code of Practice status: signatory, partial, declined, or not_listed (absent from the list the dataset holds). Null when the dataset holds no list."),
    developer: z
      .object({
        id: z.string().describe('Developer id.'),
        name: z.string().describe('Developer name.'),
        country: wireFact(z.string()).nullable().describe("Developer's headquarters country (ISO 3166 alpha-2): the jurisdiction it answers to; null when no source gives it."),
      })
      .describe('Who made the model, and where.'),
    eu_offers: z
      .array(
        z.object({
          provider: z.string().describe('Provider id.'),
          provider_name: z.string().describe('Provider name.'),
          provider_model_id: z.string().describe('The id to put in an API request to this provider.'),
          region: OfferRegion.describe(OFFER_REGION_TEXT),
          sku: Sku.describe('Which product of the provider: `standard`, `regional`, `batch`, `flex`, `priority`... (one provider may list '
            + 'several).'),
          eu_resident: wireFact(EuResidency).describe('`yes`: served in the EU; `region`: EU regions exist and must be chosen. '
            + "`evidence_page`, where present: the provider's own page stating where inference data is processed, quoted, with the day "
            + 'it was read (partial answers keep the day only); `as_of` is that day.'),
          provider_jurisdiction: wireFact(z.string()).nullable().describe("Provider's jurisdiction (`EU`, `US`, ...); null when not established."),
          provider_no_training: wireFact(DataTerms).nullable().describe("The provider's own terms on training with API data: `yes`, "
            + 'not used to train by default (what keep=no-training counts); `condition`, only on an opt-out, an approval or a setting '
            + 'the customer arranges (shown, not counted); `no`; `unknown`. `evidence_page`: the page quoted, with the day read; `note`: '
            + 'the exceptions it names. Null where no page of the provider was read, or its page covers other developers\' models only.'),
          provider_no_retention: wireFact(DataTerms).nullable().describe("The provider's own terms on retaining API data, as "
            + 'provider_no_training (what keep=no-retention counts): `condition` where zero retention needs an approval or a setting.'),
        }),
      )
      .describe('Offers with EU data residency, by provider id.'),
    offers: z
      .object({
        total: z.number().int().describe('Offers of this model in the dataset.'),
        eu_resident: z.number().int().describe('Of those, with EU data residency (yes or region).'),
        eu_resident_providers: z.number().int().describe('The providers those EU-resident offers belong to: a provider listing the model '
          + 'under several ids (a dated id and a `-latest` alias) counts once.'),
        residency_unknown: z.number().int().describe('Of those, whose EU residency is not established.'),
        eu_resident_yes: z.number().int().describe('Of eu_resident: served in the EU (`yes`, or an EU-regional SKU), nothing to arrange.'),
        eu_region: z.number().int().describe('Of eu_resident: `region`, EU regions the customer must choose when setting it up.'),
        eu_region_on_condition: z.number().int().describe('Of eu_region: open only on a condition the provider sets (an eligible '
          + 'organisation, an approval), which the offer\'s eu_resident note quotes.'),
      })
      .describe('Offer counts behind eu_offers.'),
    licence: wireFact(Licence).nullable().describe('Licence with OSI approval and commercial use as the licence table states them; null when no source gives one.'),
    commercial_use: wireFact(z.boolean().nullable()).nullable().describe('Whether the licence allows commercial use (null value: not established by the licence table).'),
    licence_conditions: z.string().nullable().describe(
      'The conditions the licence text states beside commercial_use, in the licence table\'s words (a user-count threshold above which '
      + 'a licence from the developer is needed, a use policy to pass on, an attribution or naming duty); the same text as '
      + '`licence.value.conditions`, dated and sourced there; null when the table records none for the licence.'),
    open_weights: wireFact(z.boolean()).nullable().describe('Whether the weights are downloadable; null when no source says.'),
    territory_exclusion: TerritoryExclusion.nullable().describe(
      'Territories where the licence grants no rights for this model (`excludes_eu`: the European Union is one), with the clause quoted, the page read and the day; null when none is recorded. Commercial use holds only outside them.',
    ),
    licence_sources: z
      .object({
        label: z.object({ source: z.string().optional().describe('The label\'s source (absent on tiers that do not name sources).'), as_of: z.string() }).describe('Who names the licence of this model (a leaderboard label, a catalogue, the developer\'s page read in developer-licences), on which day. LMArena shows a label only.'),
        terms: z
          .object({
            source: z.string().optional().describe('`licence-table`: the reviewed licence table (absent on tiers that do not name sources).'),
            as_of: z.string().describe('The licence table\'s date.'),
            table: z.string().describe('The reviewed table whose row gives osi_approved, commercial_use and the conditions.'),
            evidence_url: z.string().nullable().describe('The page that row rests on: the licence text where the table holds it, else the page showing the label.'),
          })
          .describe('What the licence allows, as the licence table reads the licence (not the label source).'),
        clauses: z
          .array(z.object({ clause: z.string(), url: z.string(), read_on: z.string() }))
          .describe('The clauses the conditions cite, stored word for word in data/curated/licence-clauses.csv, each with its origin pinned to a commit and the day read; empty when none is stored.'),
      })
      .nullable()
      .describe('What each licence fact rests on; null when the model has no licence. commercial_use and licence_conditions cite the licence table, not the label source.'),
  })
  .describe('Compliance information, shown on every tier.');

export const get_trust_profile = defineOperation({
  name: 'get_trust_profile',
  title: 'Trust Index and compliance of a model',
  description:
    'Return the Trust Index of a model (share of 16 transparency, openness and compliance criteria met, with coverage: the share of criteria with evidence either way), and compliance facts: EU GPAI Code of Practice status of its developer, developer jurisdiction, EU-resident offers with their providers, licence and commercial use. Full responses (pro, enterprise) add the 16 criteria, each met, not met or unknown with its evidence (source, date, FMTI indicator or list row). FMTI and EU Code criteria are per developer.',
  path: '/trust/{model_id}',
  input: z.object({ model_id: ModelIdParam }).strict(),
  output: z.object({
    model: ModelRef,
    trust_index: z.number().int().min(0).max(100).describe(`Derived: round(100 x criteria met / ${CRITERIA_COUNT}). Only evidence earns credit; unknown criteria count as not met here, so read it with coverage.`),
    coverage: z.number().min(0).max(1).describe(`Derived: criteria with evidence (met or not met) / ${CRITERIA_COUNT}.`),
    counts: z
      .object({
        met: z.number().int(),
        not_met: z.number().int(),
        unknown: z.number().int(),
        total: z.number().int().describe(`Always ${CRITERIA_COUNT}.`),
      })
      .describe('How many criteria are met, not met and unknown.'),
    derivation: z.string().describe('How trust_index and coverage are computed, and from what.'),
    // Optional on the wire: partial responses drop it and list these sources once (access/projection.ts).
    derived_from_sources: z.array(z.string()).optional().describe(
      'Source ids of the facts the criteria rest on, which trust_index and coverage are derived from (FMTI for criteria 5-14). '
      + 'Full tier only: partial answers, which leave the criteria out, list these sources once in `sources`.'),
    compliance: Compliance,
    criteria: z.array(Criterion).describe('The 16 criteria in order, each with its status and evidence.'),
  }),
  annotations: READ_ONLY,
  fullTierOnly: ['criteria'],
  examples: [
    { title: 'Trust profile of Llama 3.3 70B Instruct', input: { model_id: 'llama-3.3-70b-instruct' } },
    { title: 'Trust profile of GPT-4o', input: { model_id: 'gpt-4o' } },
  ],
  handler(ds, input) {
    const m = ds.modelById.get(requireModelId(ds, input.model_id))!;
    const p = trustProfile(ds, m);
    return {
      model: toModelRef(ds, m),
      trust_index: p.trust_index,
      coverage: p.coverage,
      counts: p.counts,
      derivation: `Derived by this service from the ${CRITERIA_COUNT} criteria (each with its evidence in \`criteria\`, on the pro and enterprise tiers): trust_index = round(100 x ${p.counts.met} met / ${CRITERIA_COUNT}); coverage = (${p.counts.met} met + ${p.counts.not_met} not met) / ${CRITERIA_COUNT}. Criteria 5-15 are per developer; criterion 16 needs ${MIN_VOTES} votes on an LMArena text leaderboard.`,
      derived_from_sources: p.sources,
      compliance: p.compliance,
      criteria: p.criteria,
    };
  },
});
