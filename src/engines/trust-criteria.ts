// The 16 Trust Index criteria (DESIGN.md section 8): each rule reads the dataset and says met, not met or unknown, with evidence.
import type { Dataset } from '../dataset/dataset.ts';
import type { Fact } from '../schema/fact.ts';
import type { Developer, EuCodeStatus, Hardware, Licence, Model, Offer } from '../schema/index.ts';
import { LICENCE_TABLE_SOURCE } from './cite.ts';
import { DEFAULT_CONTEXT, MIN_SELF_HOSTING_BITS } from './constants.ts';
import { selfHostingFit } from './self-hosting.ts';
import { euExclusionSentence } from './licence-territory.ts';
import { isShutDownOffer } from './offer-lifecycle.ts';
import { euCodeOf, euResidencyOf, onCondition } from './trust-eu.ts';

export type CriterionStatus = 'met' | 'not_met' | 'unknown';

export type Evidence = {
  /** Source id of the fact the status rests on; null when no source gives one (status unknown). */
  source: string | null;
  as_of: string | null;
  /** What the evidence says, in a sentence. */
  detail: string;
  /** FMTI criteria: the indicator's name and its 0/1 score. */
  indicator?: string;
  score?: 0 | 1;
  justification?: string;
  /** EU list row, licence row, rating row or fit: the value read. */
  value?: string | number | boolean | null;
  derived_from?: string[];
};

export type Criterion = {
  number: number;
  id: string;
  title: string;
  /** `developer`: the evidence is about the developer (FMTI scores a developer's flagship), not this model. */
  scope: 'model' | 'developer';
  met_when: string;
  status: CriterionStatus;
  evidence: Evidence;
};

type Spec = {
  id: string; title: string; scope: 'model' | 'developer'; met_when: string; fmti?: string;
  /** The FMTI indicator's question, word for word (Definition column, data/sources/fmti/Dec2025/Dec2025_indicators.csv.gz). */
  asks?: string;
  /**
   * The provider terms column (inference-providers.csv) that answers a question a reader takes this criterion for: FMTI's
   * "Usage data used in training" asks which of the developer's products feed training, not whether API data trains.
   */
  terms?: 'no_training' | 'no_retention';
};

/** The 16 criteria in DESIGN.md order; FMTI criteria name their Dec 2025 indicator exactly as the index does. */
export const CRITERIA: readonly Spec[] = [
  { id: 'open_weights', title: 'Open weights', scope: 'model', met_when: 'the weights are downloadable (catalogue)' },
  { id: 'open_licence', title: 'Open licence', scope: 'model', met_when: 'the licence is OSI-approved (licence table)' },
  { id: 'self_hostable', title: 'Self-hostable', scope: 'model', met_when: `open weights, and fits at least one catalogued hardware configuration at ${MIN_SELF_HOSTING_BITS} bits per weight or more (derived)` },
  { id: 'eu_hosting', title: 'EU hosting', scope: 'model', met_when: 'at least one offer with EU data residency: `yes`, or `region` (EU regions to choose), or an EU-regional SKU (offers and providers)' },
  { id: 'training_data_disclosed', title: 'Data acquisition methods disclosed', scope: 'developer', met_when: 'FMTI "Data acquisition methods" = 1', fmti: 'Data acquisition methods',
    asks: 'What methods does the developer use to acquire data used to build the model?' },
  { id: 'training_compute_disclosed', title: 'Training compute disclosed', scope: 'developer', met_when: 'FMTI "Compute usage for final training run" = 1', fmti: 'Compute usage for final training run',
    asks: "Is the amount of compute used in the model's final training run disclosed?" },
  { id: 'energy_disclosed', title: 'Energy use disclosed', scope: 'developer', met_when: 'FMTI "Energy usage for final training run" = 1', fmti: 'Energy usage for final training run',
    asks: 'Is the amount of energy expended in building the model disclosed?' },
  { id: 'model_properties_disclosed', title: 'Model properties disclosed', scope: 'developer', met_when: 'FMTI "Basic model properties" = 1', fmti: 'Basic model properties',
    asks: 'Are all basic model properties disclosed?' },
  { id: 'risk_evaluation_published', title: 'Risk evaluation published', scope: 'developer', met_when: 'FMTI "Risks evaluation" = 1', fmti: 'Risks evaluation',
    asks: "Does the developer evaluate the model's risks prior to its release and disclose them concurrent with release?" },
  { id: 'external_risk_evaluation', title: 'External risk evaluation', scope: 'developer', met_when: 'FMTI "External risk evaluation" = 1', fmti: 'External risk evaluation',
    asks: 'Are the parties contracted to evaluated model risks disclosed?' },
  { id: 'incident_reporting', title: 'Incident reporting', scope: 'developer', met_when: 'FMTI "Security incident reporting protocol" = 1', fmti: 'Security incident reporting protocol',
    asks: 'Are major security incidents involving the model disclosed?' },
  { id: 'acceptable_use_policy', title: 'Acceptable use policy', scope: 'developer', met_when: 'FMTI "Permitted, restricted, and prohibited uses" = 1', fmti: 'Permitted, restricted, and prohibited uses',
    asks: 'Which uses are explicitly allowed, conditionally permitted, or strictly disallowed under the acceptable use policy for the top-5 distribution channels?' },
  { id: 'usage_data_policy_disclosed', title: 'Sources of usage data used in training disclosed', scope: 'developer', met_when: 'FMTI "Usage data used in training" = 1', fmti: 'Usage data used in training',
    asks: "What are the top-5 sources (by volume) of usage data from the developer's products and services that are used for building the model?", terms: 'no_training' },
  { id: 'retention_policy_disclosed', title: 'Data retention and deletion policy disclosed', scope: 'developer', met_when: 'FMTI "Data retention and deletion policy" = 1', fmti: 'Data retention and deletion policy',
    asks: 'Is a policy for data retention and deletion disclosed?" and defines it as "a policy for removing particular data from the training set and/or preventing it from being used if there is a user or external request', terms: 'no_retention' },
  { id: 'eu_gpai_code_signatory', title: 'EU GPAI Code of Practice signatory', scope: 'developer', met_when: 'the developer signed the EU General-Purpose AI Code of Practice, all chapters (EU list)' },
  { id: 'independent_evaluation', title: 'Independent evaluation', scope: 'model', met_when: 'rated on an LMArena text leaderboard (text or text with style control) with at least 1,000 votes' },
];

export const CRITERIA_COUNT = CRITERIA.length;
export const MIN_VOTES = 1000;
/** FMTI is an index over developers' flagship models; every FMTI criterion says so. */
export const PER_DEVELOPER_NOTE = "per developer: FMTI scores the developer's flagship model, not each model";

const unknown = (detail: string): Evidence => ({ source: null, as_of: null, detail });
const fromFact = <T>(f: Fact<T>, detail: string, value?: Evidence['value']): Evidence => ({
  source: f.source, as_of: f.as_of, detail, ...(value !== undefined ? { value } : {}),
});

/**
 * `; this model's label: <page>` where the label was read on the developer's page for this model (a developer-licences
 * row, which the fact carries as its `evidence_page`): a licence row shared by several models cites one model's page
 * for its text (Mistral's Modified MIT cites Devstral 2's record), so Mistral Medium 3.5's criterion also names its own
 * record. The page is read from the field, not from the note's words, which may be reworded.
 */
function ownPage(l: Fact<Licence>): string {
  const url = l.evidence_page?.url;
  return url && url !== l.value.evidence_url ? `; this model's label: ${url}` : '';
}

/**
 * A licence criterion's evidence: OSI status and conditions are the licence table's reading of the licence text, not
 * the label source's (LMArena shows a label only); the label's source and day are named in `derived_from`.
 */
const fromLicenceTable = (l: Fact<Licence>, detail: string, value: string): Evidence => ({
  source: LICENCE_TABLE_SOURCE, as_of: l.as_of, value,
  detail: `${detail} (licence table${l.value.evidence_url ? `, text ${l.value.evidence_url}` : ''}${ownPage(l)})`,
  derived_from: [`licence = ${l.value.id} (${l.source}, ${l.as_of})`,
    ...(l.value.clause_sources ?? []).map((c) => `section ${c.clause} (${c.url}, read ${c.read_on})`)],
});

// ---- the criteria ----

function openWeights(m: Model): [CriterionStatus, Evidence] {
  const ow = m.open_weights;
  if (!ow) return ['unknown', unknown('no source in the dataset says whether the weights are downloadable')];
  const where = ow.value && m.weights_url ? ` (${m.weights_url.value})` : '';
  return [ow.value ? 'met' : 'not_met', fromFact(ow, ow.value ? `the weights are downloadable${where}` : 'the weights are not published', ow.value)];
}

/** The licence table's id for a closed model's use under its developer's terms (licences.csv, `proprietary`). */
const PROPRIETARY = 'proprietary';

function openLicence(m: Model): [CriterionStatus, Evidence] {
  const l = m.licence;
  if (!l) return ['unknown', unknown('no licence in the dataset for this model')];
  const osi = l.value.osi_approved;
  // The licence's conditions (a user threshold, a policy to pass on) are named too: "not OSI-approved" alone hides them.
  const cond = l.value.conditions ? `; conditions (licence table): ${l.value.conditions}` : '';
  if (osi === null) {
    return ['unknown', fromLicenceTable(l, `licence ${l.value.name} (${l.value.id}): the licence table does not establish OSI approval${cond}`, l.value.id)];
  }
  // A licence that withholds its rights in the EU is not OSI-approved either (OSD clause 5: no discrimination against
  // persons or groups); the evidence says so, with the clause, since this is where a reader checks the licence.
  const eu = euExclusionSentence(m);
  // "Proprietary" licenses no weights: the model is used under its developer's service terms, which the fact's note
  // names and quotes (data/curated/developer-terms.csv); "not OSI-approved" alone would not say under what.
  const terms = l.value.id === PROPRIETARY && l.note ? `; ${l.note}` : '';
  return [osi ? 'met' : 'not_met',
    fromLicenceTable(l, `licence ${l.value.name} (${l.value.id}) is ${osi ? '' : 'not '}OSI-approved${eu ? `; ${eu}` : ''}${cond}${terms}`, l.value.id)];
}

function selfHostable(ds: Dataset, m: Model): [CriterionStatus, Evidence] {
  const r = selfHostingFit(ds, m);
  switch (r.status) {
    case 'closed': return ['not_met', fromFact(m.open_weights!, 'the weights are not published, so the model cannot be self-hosted', false)];
    case 'weights_unknown': return ['unknown', unknown('no source says whether the weights are downloadable')];
    case 'not_assessable':
      return ['unknown', unknown(`open weights, but the dataset has no ${r.missing.join(' or ') || 'facts'} to check a fit, and the service does not guess them`)];
    case 'fits': {
      const f = r.fit;
      return ['met', {
        source: 'derived', as_of: newestAsOf(m, r.hardware), value: r.hardware.id,
        detail: `fits ${r.hardware.name} (${r.hardware.id}), the smallest catalogued configuration it fits, at ${f.quantization} with ${DEFAULT_CONTEXT} tokens of context: ${f.memory.total_gb} GB of ${f.memory.usable_gb} GB usable (${f.fit}, an estimate)`,
        derived_from: f.derived_from,
      }];
    }
    case 'no_fit': {
      const l = r.largest;
      return ['not_met', {
        source: 'derived', as_of: l ? newestAsOf(m, ds.hardwareById.get(l.hardware_id)!) : null, value: null,
        detail: l ? `fits no catalogued configuration at ${MIN_SELF_HOSTING_BITS} bits or more: ${l.reason}` : 'no hardware configuration is catalogued',
        ...(l ? { derived_from: l.derived_from } : {}),
      }];
    }
  }
}


/** A residency fact's source and day, its page when it quotes one, and the admission when a provider row quotes none. */
function residencyCite(f: Offer['eu_resident']): string {
  const page = f.evidence_page ? `, ${f.evidence_page.url}` : f.source === 'inference-providers' ? ', its provider row quotes no page' : '';
  // EU processing on a condition still counts: the page offers it (OpenAI's to eligible organizations, in its Europe
  // region of the EEA and Switzerland; Bedrock's when called from an EU Region); the detail says a condition holds,
  // whose words the offer's note gives (src/ingest/offer-residency.ts).
  const condition = onCondition(f) ? ', on the condition its note gives' : '';
  return `${f.value}: ${f.source}, ${f.as_of}${page}${condition}`;
}

function newestAsOf(m: Model, h: Hardware): string {
  return [m.parameters_total?.as_of, m.architecture?.as_of, h.memory_gb.as_of, h.usable_fraction.as_of].filter(Boolean).sort().at(-1)!;
}

const isEu = (o: Offer): boolean => euResidencyOf(o) === 'yes' || euResidencyOf(o) === 'region';

/**
 * The EU offers a criterion not met leaves out as shut down, with the day and its source: get_model still lists them
 * (Bedrock's eu.anthropic.claude-sonnet-4 listing, shut down on 2026-10-14), so "none is EU-resident" alone would read
 * as a contradiction to a reader who has seen them there.
 */
function shutEuText(ds: Dataset, listed: readonly Offer[]): string {
  const shut = listed.filter((o) => isEu(o) && isShutDownOffer(o, ds.lifecycleDate));
  if (!shut.length) return '';
  const when = (o: Offer): string => o.shutdown_date ? `shut down on ${o.shutdown_date.value}, ${o.shutdown_date.source}`
    : o.status?.note ? `${o.status.note} (${o.status.source})` : `retired by its provider (${o.status?.source ?? 'status'})`;
  const shown = shut.slice(0, 4).map((o) => `${ds.providerById.get(o.provider)?.name ?? o.provider} ${o.provider_model_id} (${euResidencyOf(o)}; ${when(o)})`);
  const more = shut.length > shown.length ? ` and ${shut.length - shown.length} more` : '';
  return `; left out as shut down by ${ds.lifecycleDate}: ${shut.length === 1 ? 'the EU offer' : `${shut.length} EU offers`} ${shown.join(', ')}${more}`;
}

function euHosting(ds: Dataset, m: Model): [CriterionStatus, Evidence] {
  const listed = ds.offersByModel.get(m.id) ?? [];
  // An offer shut down by the dataset's date hosts nothing, in the EU or elsewhere.
  const offers = listed.filter((o) => !isShutDownOffer(o, ds.lifecycleDate));
  if (listed.length && !offers.length) {
    return ['not_met', { source: 'derived', as_of: ds.meta.data_as_of, value: null,
      detail: `${listed.length === 1 ? 'the one offer' : `all ${listed.length} offers`} of this model ${listed.length === 1 ? 'is' : 'are'} shut down by ${ds.lifecycleDate}${shutEuText(ds, listed)}` }];
  }
  const eu = offers.filter(isEu);
  if (eu.length) {
    const o = [...eu].sort((a, b) => Number(euResidencyOf(a) !== 'yes') - Number(euResidencyOf(b) !== 'yes') || a.provider.localeCompare(b.provider))[0];
    // Each provider's residency rests on its own fact (a listing's EU SKU, a provider row's quoted page, a reviewed
    // rule): the detail names each one's source and day, and says when a provider row quotes no page.
    const cited = [...new Set(eu.map((x) => `${ds.providerById.get(x.provider)?.name ?? x.provider} (${residencyCite(x.eu_resident)})`))].sort();
    // EU offers are hosting facts; whether an EU company may run the model itself is the licence's word, said beside.
    const excluded = euExclusionSentence(m);
    const detail = `${eu.length} offer${eu.length > 1 ? 's' : ''} with EU data residency, from ${cited.join(', ')}${excluded ? `; but ${excluded}` : ''}`;
    const sources = new Set(eu.map((x) => x.eu_resident.source));
    if (sources.size === 1) return ['met', fromFact(o.eu_resident, detail, euResidencyOf(o))];
    // Several sources: the evidence is the dataset's reading of them all, dated by the newest.
    const asOf = eu.map((x) => x.eu_resident.as_of).sort().at(-1)!;
    return ['met', { source: 'derived', as_of: asOf, value: euResidencyOf(o), detail,
      derived_from: cited.map((c) => `eu_resident: ${c}`) }];
  }
  const unknownCount = offers.filter((o) => euResidencyOf(o) === 'unknown').length;
  const served = listed.length > offers.length ? ' still served' : '';
  const shutEu = shutEuText(ds, listed);
  if (unknownCount) {
    return ['unknown', unknown(`none of the ${offers.length} offers${served} is known to be EU-resident; the residency of ${unknownCount} is not established${shutEu}`)];
  }
  if (offers.length) {
    // Residency is a fact of each listing, not of its provider: Azure has EU data zones, yet its Global Standard
    // listing is not served in the EU. So the evidence names the listings, not their providers.
    const o = offers[0];
    const n = offers.length;
    const lead = n === 1 ? 'the 1 offer' : n === 2 ? 'both offers' : `all ${n} offers`;
    const shown = offers.slice(0, 4).map((x) => `${ds.providerById.get(x.provider)?.name ?? x.provider} ${x.provider_model_id} (${x.region}, ${x.sku} SKU)`);
    const more = n > shown.length ? ` and ${n - shown.length} more` : '';
    const detail = `${lead}${served} ${n === 1 ? 'is a listing' : 'are listings'} without EU data residency: ${shown.join(', ')}${more}${shutEu}`;
    return ['not_met', fromFact(o.eu_resident, detail, 'no')];
  }
  return ['not_met', { source: null, as_of: null, value: null, detail: 'no source in the dataset lists an offer of this model, so no EU-resident offer is known' }];
}

/**
 * Where the developer sells its models through an API of its own and the providers table quotes its terms on API data,
 * the criterion says that those terms answer another question: OpenAI scores 0 on "Usage data used in training" (which
 * of its products' usage data builds the model) while its API page says API data is not used to train.
 */
function termsAside(ds: Dataset, m: Model, spec: Spec): string {
  if (!spec.terms) return '';
  const p = ds.providerById.get(m.vendor);
  const t = p?.[spec.terms];
  if (!p || !t) return '';
  const page = t.evidence_page ? `, ${t.evidence_page.url}` : '';
  const question = spec.terms === 'no_training' ? 'whether its API data is used to train models' : 'whether it retains API data';
  return `; not the same question as ${question}: ${p.name}'s own terms answer that (${spec.terms} ${t.value}: ${t.source}, ${t.as_of}${page}), `
    + `shown as provider_${spec.terms} with each EU offer and read by keep=${spec.terms.replace('_', '-')}`;
}

/**
 * FMTI's "Basic model properties" (input and output modality, size, components, architecture) scored the developer's
 * flagship: Google's Dec 2025 report discloses about Gemini 2.5 Pro (data/sources/fmti/Dec2025/reports), so its 0 says
 * nothing of Gemma 4 26B A4B, whose own card (huggingface.co/google/gemma-4-26B-A4B-it) states its parameters,
 * architecture, context and modalities. The status stays the index's (DESIGN.md section 8: met when FMTI = 1); for a
 * model with open weights the evidence says plainly whose score it is and names the model's own card and the properties
 * the dataset holds for it, each with its source and day, and those it does not hold. Nothing for other criteria or
 * for closed weights (the developer's page is then the only statement, and FMTI reads the developer's disclosures).
 */
function ownCardAside(m: Model, dev: Developer | undefined, spec: Spec): { text: string; derived_from: string[] } | undefined {
  if (spec.id !== 'model_properties_disclosed' || m.open_weights?.value !== true) return undefined;
  const at = (f: Fact<unknown>) => `${f.source}, ${f.as_of}`;
  const said: string[] = [];
  const held: Array<[string, Fact<unknown> | undefined, (f: Fact<any>) => string]> = [
    ['modalities', m.modalities, (f) => `modalities ${f.value.input.join(', ')} -> ${f.value.output.join(', ')}`],
    ['parameters_total', m.parameters_total, (f) => `${(f.value / 1e9).toFixed(1)}B parameters in total`],
    ['parameters_active', m.parameters_active, (f) => `${(f.value / 1e9).toFixed(1)}B active`],
    ['architecture', m.architecture, () => 'its architecture'],
    ['context_window', m.context_window, (f) => `a ${f.value.toLocaleString('en-US')}-token context window`],
  ];
  for (const [, f, words] of held) if (f) said.push(`${words(f)} (${at(f)})`);
  const absent = held.filter(([, f]) => !f).map(([name]) => name);
  const card = m.weights_url ? `its own card, ${m.weights_url.value} (${at(m.weights_url)}), and the sources read for it` : 'the sources read for it';
  const text = `; this score is ${dev?.name ?? 'the developer'}'s flagship's, not ${m.id}'s: for this open-weights model ${card} give `
    + `${said.length ? said.join(', ') : 'none of its basic properties'}${absent.length ? `; not in the dataset: ${absent.join(', ')}` : ''}`;
  return { text, derived_from: held.flatMap(([name, f]) => (f ? [`${name} (${at(f)})`] : [])) };
}

function fmti(ds: Dataset, m: Model, dev: Developer | undefined, spec: Spec): [CriterionStatus, Evidence] {
  const indicator = spec.fmti!;
  const asks = spec.asks ? `, which asks "${spec.asks}"` : '';
  const aside = termsAside(ds, m, spec);
  const f = dev?.fmti_indicators[indicator];
  if (!f) {
    const why = dev && Object.keys(dev.fmti_indicators).length ? `FMTI Dec 2025 gives no "${indicator}" indicator for ${dev.name}` : `${dev?.name ?? 'the developer'} is not scored by FMTI Dec 2025`;
    return ['unknown', { ...unknown(`${why}${asks} (${PER_DEVELOPER_NOTE})${aside}`), indicator }];
  }
  const card = ownCardAside(m, dev, spec);
  const e: Evidence = {
    ...fromFact(f, `${dev!.name} scores ${f.value.score} on FMTI "${indicator}"${asks} (${PER_DEVELOPER_NOTE})${aside}${card?.text ?? ''}`),
    indicator, score: f.value.score, ...(card ? { derived_from: card.derived_from } : {}),
  };
  if (f.value.justification) e.justification = f.value.justification;
  return [f.value.score === 1 ? 'met' : 'not_met', e];
}

/** What each EU Code status says about a developer, in a sentence (chapters named where the list gives them). */
const EU_CODE_TEXT: Readonly<Record<EuCodeStatus, (name: string, chapters: string, asOf: string) => string>> = {
  signatory: (name, ch) => `${name} signed the EU GPAI Code of Practice${ch}`,
  partial: (name, ch) => `${name} signed only part of the EU GPAI Code of Practice${ch}`,
  declined: (name) => `${name} declined to sign the EU GPAI Code of Practice`,
  not_listed: (name, _ch, asOf) => `${name} is not on the EU list of signatories as of ${asOf}`,
};

function euCode(ds: Dataset, dev: Developer | undefined): [CriterionStatus, Evidence] {
  const c = euCodeOf(ds, dev);
  const name = dev?.name ?? 'the developer';
  if (!c) return ['unknown', unknown(`the dataset holds no EU GPAI Code of Practice list (per developer)`)];
  const { status, chapters } = c.value;
  const ch = chapters ? `, chapters: ${chapters}` : '';
  const text = EU_CODE_TEXT[status](name, ch, c.as_of);
  const met = status === 'signatory' && (chapters === undefined || chapters === 'all');
  const caveat = ds.sourceById.get(c.source)?.caveat;
  return [met ? 'met' : 'not_met', { source: c.source, as_of: c.as_of, value: status, detail: `${text} (per developer)${caveat ? `; ${caveat}` : ''}` }];
}

function independentEvaluation(ds: Dataset, m: Model): [CriterionStatus, Evidence] {
  const rows = (ds.ratingsByModel.get(m.id) ?? []).filter((r) => r.leaderboard === 'text' || r.leaderboard === 'text_style_control');
  const voted = rows
    .filter((r) => r.votes !== undefined)
    .sort((a, b) => b.votes! - a.votes! || b.as_of.localeCompare(a.as_of) || a.variant.localeCompare(b.variant));
  const best = voted[0];
  if (best && best.votes! >= MIN_VOTES) {
    return ['met', { source: best.source, as_of: best.as_of, value: best.votes!, detail: `rated on ${best.leaderboard}/${best.category} as ${best.variant} with ${best.votes} votes` }];
  }
  if (rows.length > voted.length) return ['unknown', unknown(`rated on a text leaderboard, but ${best ? `the best-voted row has ${best.votes} votes and ` : ''}no vote count is published for ${rows.length - voted.length} row(s)`)];
  if (best) return ['not_met', { source: best.source, as_of: best.as_of, value: best.votes!, detail: `rated on ${best.leaderboard}/${best.category} with ${best.votes} votes, fewer than ${MIN_VOTES}` }];
  return ['not_met', { source: null, as_of: null, value: null, detail: 'not rated on an LMArena text leaderboard in any source of the dataset' }];
}

/** One criterion's status and evidence: the FMTI criteria by their indicator, the others by their own rule. */
export function assess(ds: Dataset, m: Model, dev: Developer | undefined, spec: Spec): [CriterionStatus, Evidence] {
  if (spec.fmti) return fmti(ds, m, dev, spec);
  switch (spec.id) {
    case 'open_weights': return openWeights(m);
    case 'open_licence': return openLicence(m);
    case 'self_hostable': return selfHostable(ds, m);
    case 'eu_hosting': return euHosting(ds, m);
    case 'eu_gpai_code_signatory': return euCode(ds, dev);
    default: return independentEvaluation(ds, m); // independent_evaluation, the last criterion
  }
}
