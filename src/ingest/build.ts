// The ingest's pure core: adapter results and reviewed tables in, the canonical dataset and a report out.
import { DATASET_SCHEMA_VERSION, type DatasetData, type Developer, type Fact, type Hardware, type Licence, type Source } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';
import type { AdapterResult, DeveloperObservation, HardwareObservation, IngestIssue, RentalObservation } from '../sources/types.ts';
import { buildChangesAll } from './build-all-changes.ts';
import { NOT_A_LANGUAGE_MODEL_WHY, type NotLanguageModel } from './not-language-models.ts';
import { markReviewedPriceEvents } from './reviewed-price-events.ts';
import { standingPrices } from './price-unit-errors.ts';
import { sourceReadings } from './launch-corrections.ts';
import { isFirstParty } from './first-party.ts';
import { buildModels } from './build-models.ts';
import { attachListedReleases } from './listed-release.ts';
import { attachBracketedReleases } from './bracketed-release.ts';
import { attachTerritoryExclusions, type TerritoryRow } from './licence-territories.ts';
import { attachGgufFiles, type GgufRow } from './gguf-files.ts';
import { evidenceDates, setDates } from './price-dates.ts';
import { buildOffers, type PriceTrace } from './build-offers.ts';
import { buildProviders } from './build-providers.ts';
import { setAsideUnreachableTiers } from './unreachable-tiers.ts';
import { hostingProviders, retirePastShutdowns } from './past-shutdowns.ts';
import { keepActiveWhereServed } from './served-status.ts';
import { closeUnknownWeights, type ClosedDeveloper } from './closed-developers.ts';
import { applyDeveloperTerms, noteDeveloperApiTerms, type DeveloperTerms } from './developer-terms.ts';
import type { WeightHost } from './weight-hosts.ts';
import type { ProviderRole } from './provider-roles.ts';
import { noteAnnouncedDeprecations, type DeprecationReading } from './deprecation-readings.ts';
import { listingShutdowns } from './retired-listings.ts';
import { holdBackClosedResalesBelowDeveloper } from './closed-resale-below-developer.ts';
import { resolveDeveloperPriceConflicts } from './developer-price-conflicts.ts';
import { priceHistory, tierHistory } from './developer-price-on.ts';
import { dropAbsorbedSiblings } from './absorbed-listings.ts';
import { buildRatings, currentRatingRows } from './build-ratings.ts';
import { allOf, newReport, type BuildReport, type IngestContext } from './context.ts';
import { Matcher, type AliasRow } from './matcher.ts';
import { canonicalSlug } from './match-keys.ts';
import { readNoticeYears } from './notice-year.ts';
import { findRetiredApart } from './retired-apart.ts';
import { findVersionsApart, type VersionPointer } from './versions-apart.ts';
import { attachHeldFacts, partitionSetAsides, setAsideFacts, type FactSetAside } from './fact-set-asides.ts';
import { attachPointsTo } from './points-to.ts';
import { pointerVersionFacts } from './pointer-facts.ts';
import { pointerUndercuts } from './pointer-prices.ts';
import { currentPointers } from './version-pointers.ts';
import type { HeldPrice } from './held-prices.ts';
import { noteBilledCurrencies, type BilledCurrency } from './billed-currencies.ts';
import { applyRunningPromotions, type RunningPromotion } from './running-promotions.ts';
import { applyOfferWindows, type OfferWindow } from './offer-windows.ts';
import { applyDeveloperMaxOutput, type DeveloperMaxOutput } from './developer-max-output.ts';
import { noteWindowOnlyMaxOutput } from './max-output.ts';
import { assertReadByWithin, type PriceRow } from './machine-prices.ts';
import { assertStreetPricesWithin, type StreetRow } from './card-street-prices.ts';

/** The alias table's source for names the lookup resolves that match no source's listing (data/curated/aliases.csv). */
export const LOOKUP_ALIAS_SOURCE = 'lookup';

export type DeveloperInfo = { name: string; country?: Fact<string> };

/** The reviewed tables and lookups the build needs besides the adapters' observations. */
export type Tables = {
  aliases: AliasRow[];
  licenceOf(text: string): Licence | undefined;
  resolveDeveloper(name: string): string | undefined;
  developerInfo(id: string): DeveloperInfo | undefined;
  buildHardware(hw: HardwareObservation[], rentals: RentalObservation[]): { hardware: Hardware[]; issues: IngestIssue[] };
  /** Source rows for the project's own tables (aliases, licences, developers…) and `derived`. */
  projectSources: Source[];
  /** models.dev provider display names. */
  providerNames: Record<string, string>;
  /** Published GGUF file sizes (data/curated/gguf-file-sizes.csv); absent in tests that build without the table. */
  ggufFiles?: readonly GgufRow[];
  /** Licences that grant no rights in some territories (data/curated/licence-territories.csv). */
  licenceTerritories?: readonly TerritoryRow[];
  /** Which dated snapshot an undated alias served (data/curated/version-pointers.csv); absent in tests without it. */
  versionPointers?: readonly VersionPointer[];
  /** One fact of one listing set aside, with the reason (data/curated/fact-set-asides.csv); absent in tests without it. */
  factSetAsides?: readonly FactSetAside[];
  /** Served prices a reviewed row holds back, with the reason (data/curated/held-prices.csv); absent in tests without it. */
  heldPrices?: readonly HeldPrice[];
  /** Providers that bill in another currency than their sources file (data/curated/billed-currencies.csv). */
  billedCurrencies?: readonly BilledCurrency[];
  /** Windows a provider's page gives its own listing (data/curated/offer-windows.csv). */
  offerWindows?: readonly OfferWindow[];
  /** Prices in force their provider calls promotional (data/curated/running-promotions.csv). */
  runningPromotions?: readonly RunningPromotion[];
  /** Output caps a developer's own API states for its model (data/curated/developer-max-output.csv). */
  developerMaxOutput?: readonly DeveloperMaxOutput[];
  /** Developers that publish no weights of their API models (data/curated/closed-developers.csv); absent in tests without it. */
  closedDevelopers?: readonly ClosedDeveloper[];
  /** The terms a developer's API serves its closed models under (data/curated/developer-terms.csv); absent in tests without it. */
  developerTerms?: readonly DeveloperTerms[];
  /** Listings that are not language models and create no model (data/curated/not-language-models.csv); absent in tests without it. */
  notLanguageModels?: readonly NotLanguageModel[];
  /** Providers that host the models they sell themselves (data/curated/weight-hosting-providers.csv); absent in tests without it. */
  weightHosts?: readonly WeightHost[];
  /** Providers that run open weights themselves or route to others (data/curated/provider-roles.csv); absent in tests without it. */
  providerRoles?: readonly ProviderRole[];
  /** What a source's undated `deprecated` means (data/curated/deprecation-readings.csv); absent in tests without it. */
  deprecationReadings?: readonly DeprecationReading[];
  /** The machine price rows (data/curated/machine-prices.csv), for the checks that need the data date; absent in tests without it. */
  machinePrices?: readonly PriceRow[];
  /** The card street prices, checked against the data date once it is known. */
  cardStreetPrices?: readonly StreetRow[];
};

export type BuildResult = { data: DatasetData; report: BuildReport };

/** `onPrice` sees each price choice (scripts/price-readings-apart.ts lists readings far apart with it). */
export function build(results: readonly AdapterResult[], tables: Tables, opts: { onPrice?: PriceTrace } = {}): BuildResult {
  const report = newReport();
  for (const r of results) report.issues.push(...r.issues);
  const ctx: IngestContext = { matcher: new Matcher(tables.aliases), report, resolveDeveloper: tables.resolveDeveloper,
    notLanguageModels: new Set((tables.notLanguageModels ?? []).map((r) => r.model_id)) };

  const sourceRows = new Map<string, Source>();
  for (const s of [...results.flatMap((r) => r.sources), ...tables.projectSources]) if (!sourceRows.has(s.id)) sourceRows.set(s.id, s);
  const dataAsOf = [...sourceRows.values()].filter((s) => s.counts_for_data_as_of).map((s) => s.retrieved).sort().at(-1) ?? '1970-01-01';
  // A machine price read by a day after the data date is no reading this dataset can hold: fail, do not serve it.
  assertReadByWithin(tables.machinePrices ?? [], dataAsOf);
  // So is a card's street price dated after it: the owned basis takes a price within the data's window only.
  assertStreetPricesWithin(tables.cardStreetPrices ?? [], dataAsOf);

  // Ratings first: the current leaderboards decide which leaderboard-only models exist.
  const current = currentRatingRows(allOf(results, 'ratings'));
  // A current leaderboard row is itself an observation of its model (its name, organisation and licence).
  const seenRows = new Set<string>();
  const rowObs = current.flatMap((r) => {
    const k = `${r.source}|${r.source_model_id}`;
    if (seenRows.has(k)) return [];
    seenRows.add(k);
    return [{ source: r.source, source_model_id: r.source_model_id, vendor_hint: r.organization, licence_text: r.licence_text, as_of: r.as_of }];
  });
  // A model whose weights a Hugging Face repository holds has downloadable weights: llmfit lists only such repos.
  // A notice's two-digit year (`-09-25`) reads as the listed `-09-2025` (notice-year.ts).
  const noticeYears = readNoticeYears(allOf(results, 'models'), allOf(results, 'offers'));
  // A reviewed row sets aside a listing's fact that belongs to another model (fact-set-asides.ts).
  const [lifecycleRows, factRows] = partitionSetAsides(tables.factSetAsides ?? []);
  const { obs: identityObs, offers: offersKept, held: setAside, issues: setAsideIssues } = setAsideFacts(noticeYears.models
    .map((o) => (o.source === 'llmfit' && o.url && o.open_weights === undefined ? { ...o, open_weights: true } : o)), factRows,
  allOf(results, 'offers'));
  // A shutdown the developer later withdrew still dated that listing apart from its snapshots when it was read (Google's
  // gemini-2.5-flash-lite, 2026-10-16, beside its 06-17 preview's 2025-11-18): which ids are one model reads it, the
  // lifecycle below does not (fact-set-asides.ts).
  const { obs: modelObs, held: withdrawn, issues: withdrawnIssues } = setAsideFacts(identityObs, lifecycleRows);
  report.issues.push(...setAsideIssues, ...withdrawnIssues);
  const allModelObs = [...modelObs, ...rowObs];
  const identityModelObs = [...identityObs, ...rowObs];
  // Dated snapshots whose facts differ from their alias's are models of their own (versions-apart.ts).
  // Only each alias's current target stays with it: an earlier target is a model of its own (version-pointers.ts).
  const versions = findVersionsApart({ models: identityModelObs, offers: allOf(results, 'offers'), ratings: current,
    pointers: currentPointers(tables.versionPointers ?? []).current, retiredApart: findRetiredApart(identityModelObs),
    reviewed: (source, id) => ctx.matcher.aliasOf(source, id) });
  ctx.matcher.setVersionsApart(new Map([...versions].map(([k, v]) => [k, v.id])));
  report.notes.push(`dated snapshots apart from their alias: ${versions.size}`,
    ...[...versions.values()].map((v) => `  ${v.id} (not ${v.family}): ${v.reasons.join('; ')}`));
  const mb = buildModels(allModelObs, current, ctx, tables.licenceOf);
  attachHeldFacts(mb.models, [...setAside, ...withdrawn], (source, id) => mb.resolve(source, id));
  const pointing = attachPointsTo(mb.models, tables.versionPointers ?? [], (id) => mb.resolve('*', id), dataAsOf);
  report.issues.push(...pointing.issues);
  report.notes.push(`moving names pointing to another model (version-pointers.csv): ${pointing.attached.length} (${pointing.attached.join(', ')})`);
  const closed = closeUnknownWeights(mb.models, tables.closedDevelopers ?? []);
  report.notes.push(`models closed by their developer's word, no source giving their weights: ${closed.length} (${closed.join(', ')})`);
  // After the closing above, before a moving name copies its target's facts: a closed model is used under its
  // developer's terms, so its licence reads "proprietary" with the terms named (developer-terms.ts).
  const terms = applyDeveloperTerms(mb.models, tables.developerTerms ?? [], tables.licenceOf('proprietary'));
  report.notes.push(`closed models given a proprietary licence under their developer's terms: ${terms.licensed.length}; `
    + `proprietary labels given the terms: ${terms.annotated.length}`);
  report.issues.push(...attachGgufFiles(mb.models, tables.ggufFiles ?? []));
  // The developer's stated output cap replaces a catalogue's window-sized figure, before a moving name copies it.
  report.issues.push(...applyDeveloperMaxOutput(mb.models, tables.developerMaxOutput ?? []));
  // After every step that sets a version fact: a moving name's are its current target's (pointer-facts.ts).
  const versionFacts = pointerVersionFacts(mb.models);
  const windowOnly = noteWindowOnlyMaxOutput(mb.models);
  report.notes.push(`max_output that is only the context window (noted, no cap): ${windowOnly.length}`);
  report.notes.push(`moving names' version facts taken from their target or withheld: ${versionFacts.length}`, ...versionFacts.map((l) => `  ${l}`));
  const excluded = attachTerritoryExclusions(mb.models, tables.licenceTerritories ?? []);
  report.notes.push(`licences withholding rights in some territories: ${excluded.length} models (${excluded.join(', ')})`);
  // The notice's own spelling (`gemini-2.5-flash-preview-09-25`) stays an id of the model it names.
  for (const [short, long] of noticeYears.spellings) {
    const m = mb.models.find((x) => x.id === mb.resolve('*', long));
    if (m && !m.aliases.includes(short)) m.aliases = [...m.aliases, short].sort();
  }
  // A reviewed row for every source is a spelling of its model even where no snapshot lists it: Mistral's record gives
  // `mistral-saba-2502` as Mistral Saba's API name, which the YYMM rule (match-keys.ts) keeps apart from `mistral-saba`.
  // A spelling another model already holds stays that model's (a row's reach is the matcher's, not the lookup's).
  // A `lookup` row is a name callers send and nothing else: no source's listing is matched by it (the matcher is never
  // asked for source `lookup`), so a moving pointer can resolve to the model it means today while the stale listing
  // of the name stays unmatched (Mistral's ministral-3b-latest: Ministral 3 3B since 2025-12-02, listed at 24.10's price).
  const claimed = new Set(mb.models.flatMap((m) => [m.id, ...m.aliases]).map((s) => s.toLowerCase()));
  for (const a of tables.aliases) {
    if ((a.source !== '*' && a.source !== LOOKUP_ALIAS_SOURCE) || !a.canonical_id || claimed.has(a.source_id.toLowerCase())) continue;
    const m = mb.models.find((x) => x.id === a.canonical_id);
    if (m) m.aliases = [...m.aliases, a.source_id].sort();
  }

  const modelIdSet = new Set(mb.models.map((m) => m.id));
  for (const a of tables.aliases) {
    if (a.canonical_id && !modelIdSet.has(a.canonical_id)) report.issues.push({ source: 'alias-table', file: 'data/curated/aliases.csv', row: a.source_id, field: 'canonical_id', message: `no model "${a.canonical_id}": row ignored` });
  }
  const { ratings, unresolved: unratedRows } = buildRatings(current, (o) => mb.resolve(o.source, o.source_model_id));
  for (const o of unratedRows) report.unmatched.push({ source: o.source, source_id: o.source_model_id, what: `rating (${o.leaderboard}/${o.category})`, why: 'excluded by the alias table' });

  const curatedProviders = buildProviders(allOf(results, 'providers'), tables.providerNames, [], dataAsOf);
  const providerMap = new Map(curatedProviders.map((p) => [p.id, p]));
  const offerObs = offersKept;
  // Lifecycle notices of sources that list no offers (providers' deprecation pages) are statuses of offers.
  const offerSources = new Set(offerObs.map((o) => o.source));
  const notices = modelObs.flatMap((o) => {
    if (!o.provider || offerSources.has(o.source) || !(o.status || o.deprecation_date || o.shutdown_date || o.shutdown_not_before)) return [];
    const model_id = mb.resolve(o.source, o.source_model_id, { hint: o.canonical_hint });
    return model_id ? [{ ...o, provider: o.provider, model_id }] : [];
  });
  const { offers, unresolved: unOffers, held, readings: priceReadings } = buildOffers(offerObs,
    // A reviewed row for this provider's listing speaks first: OpenRouter's deepseek/deepseek-chat is DeepSeek-V3,
    // where the same id at anyapi or zenmux is DeepSeek's moving API name (aliases.csv).
    // A row's "never" for the provider's listing holds too: OpenRouter's ~moonshotai/kimi-latest is no Moonshot pointer.
    (o) => mb.sourceRowExcludes(o.source, `${o.provider}/${o.provider_model_id}`) ? undefined
      : mb.sourceRow(o.source, `${o.provider}/${o.provider_model_id}`)
      ?? mb.resolve(o.source, o.provider_model_id, { hint: o.canonical_hint })
      ?? mb.resolve(o.source, `${o.provider}/${o.provider_model_id}`),
    providerMap,
    { vendorOf: (id) => mb.vendors.get(id), notices, evidence: evidenceDates(allOf(results, 'changes')),
      setOn: setDates(allOf(results, 'changes')),
      residency: allOf(results, 'offer_residency'), onPrice: opts.onPrice, holds: tables.heldPrices });
  report.issues.push(...held);
  report.issues.push(...applyOfferWindows(offers, tables.offerWindows ?? []));
  // A price in another currency than its source files it under says so beside the figure (billed-currencies.ts).
  report.issues.push(...noteBilledCurrencies(offers, tables.billedCurrencies ?? []));
  const windowOf = new Map(mb.models.map((m) => [m.id, m.context_window?.value]));
  report.issues.push(...setAsideUnreachableTiers(offers, (id) => windowOf.get(id)));
  for (const o of unOffers) {
    const priced = o.input !== undefined || o.output !== undefined;
    const id = `${o.provider}/${o.provider_model_id}`;
    report.unmatched.push({ source: o.source, source_id: id, what: priced ? 'priced offer' : 'offer',
      why: mb.notLanguageModel(id) ? NOT_A_LANGUAGE_MODEL_WHY : 'no canonical model matches' });
  }
  const providers = buildProviders(allOf(results, 'providers'), tables.providerNames, new Set(offers.map((o) => o.provider)), dataAsOf,
    tables.weightHosts ?? [], tables.providerRoles ?? []);
  // Before the past shutdowns: a date that has passed retires a listing whose deprecation only announced it.
  noteAnnouncedDeprecations(offers, tables.deprecationReadings ?? []);
  retirePastShutdowns(mb.models, offers, dataAsOf, hostingProviders(providers));
  keepActiveWhereServed(mb.models, offers, dataAsOf);
  // Once the developers' own listings are known: a non-commercial licence names the terms the developer sells under,
  // where a new customer can still buy it there (not a listing shut down, or one served to existing customers only:
  // Cohere's command-r-03-2024, Mistral's Codestral 2405).
  const buyable = (o: (typeof offers)[number]) => !(o.shutdown_date && o.shutdown_date.value <= dataAsOf)
    && !(o.status?.value === 'deprecated' && o.status.availability !== 'retirement_announced');
  const soldByDeveloper = new Set(offers.filter((o) => o.first_party && buyable(o)).map((o) => o.model_id));
  const apiTerms = noteDeveloperApiTerms(mb.models, tables.developerTerms ?? [], (id) => soldByDeveloper.has(id));
  report.notes.push(`non-commercial licences given the developer's API terms: ${apiTerms.length} (${apiTerms.join(', ')})`);
  const listed = [...offers];
  const priceConflicts = resolveDeveloperPriceConflicts(offers, dataAsOf, (o) => priceReadings.get(o));
  report.issues.push(...dropAbsorbedSiblings(listed, offers));
  // After the developer's own price is settled: a closed model's resale far below it is held back (the rule's file).
  const closedIds = new Set(mb.models.filter((m) => m.open_weights?.value === false).map((m) => m.id));
  // Each reseller's price against the developer's in force on its day, and against the developer's tiers on long prompts.
  report.issues.push(...holdBackClosedResalesBelowDeveloper(offers, (id) => closedIds.has(id), { readings: (o) => priceReadings.get(o),
    history: priceHistory(allOf(results, 'changes')), tierHistory: tierHistory(allOf(results, 'changes')),
    modelWindow: (id) => windowOf.get(id) }));
  report.notes.push(`developer price conflicts: ${priceConflicts.length} (the best-evidenced price kept, the others in conflicts)`,
    ...priceConflicts.map((l) => `  ${l}`));
  const undercuts = pointerUndercuts(mb.models, offers);
  report.notes.push(`pointer listings priced below their target's own price (to review): ${undercuts.length}`, ...undercuts.map((l) => `  ${l}`));

  const { hardware, issues: hwIssues } = tables.buildHardware(allOf(results, 'hardware'), allOf(results, 'rentals'));
  report.issues.push(...hwIssues);

  const modelIds = new Set(mb.models.map((m) => m.id));
  const vendorOf = new Map(mb.models.map((m) => [m.id, m.vendor]));
  const isDeveloper = (provider: string, modelId: string) => isFirstParty(provider, vendorOf.get(modelId) ?? '');
  const changes = buildChangesAll(allOf(results, 'changes'), allOf(results, 'history'), mb.resolve, report, modelObs, tables.licenceOf, isDeveloper,
    standingPrices(offers), sourceReadings(offers), listingShutdowns(mb.models, listed, isDeveloper, hostingProviders(providers)),
    { dataAsOf, offers, held: allOf(results, 'held_listings') })
    .filter((e) => modelIds.has(e.model_id));
  const listedReleases = attachListedReleases(mb.models, changes, isDeveloper, (id) => tables.developerInfo(id)?.name ?? id);
  report.notes.push(`release dates derived from the developer's first listing in a dated history: ${listedReleases.length} (${listedReleases.join(', ')})`);
  // Models listed only after every history ends: the two dated copies that bracket the developer's listing.
  const bracketed = offerObs.flatMap((o) => {
    if (!o.listed_between) return [];
    const model_id = mb.resolve(o.source, o.provider_model_id, { hint: o.canonical_hint }) ?? mb.resolve(o.source, `${o.provider}/${o.provider_model_id}`);
    return model_id && isDeveloper(o.provider, model_id) ? [{ ...o, model_id, listed_between: o.listed_between }] : [];
  });
  const listedBy = new Map<string, Set<string>>();
  for (const o of offers) for (const s of o.listed_by) listedBy.set(o.model_id, (listedBy.get(o.model_id) ?? new Set<string>()).add(s));
  const bracketedReleases = attachBracketedReleases(mb.models, bracketed, (id) => [...(listedBy.get(id) ?? [])], changes,
    (id) => tables.developerInfo(id)?.name ?? id);
  report.notes.push(`release dates bounded by the copies that bracket the developer's listing: ${bracketedReleases.length} (${bracketedReleases.join(', ')})`);
  const reviewed = markReviewedPriceEvents(changes, allOf(results, 'price_event_reviews'));
  report.issues.push(...reviewed.issues);
  // The provider's own dated moves the reviewed rows add, in the order the build keeps (newest first, then by id).
  changes.push(...reviewed.added);
  changes.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
  report.issues.push(...applyRunningPromotions(offers, changes, tables.runningPromotions ?? []));
  report.notes.push(`price events a reviewed row settles as the catalogue correcting itself: ${reviewed.marked}; as a real move: ${reviewed.kept}; ` +
    `as a late record of the provider's own dated move: ${reviewed.late}, with ${reviewed.added.length} events of those moves added`);

  const developers = buildDevelopers(new Set(mb.vendors.values()), allOf(results, 'developers'), tables, report);

  const data: DatasetData = {
    meta: { schema_version: DATASET_SCHEMA_VERSION, data_as_of: dataAsOf, counts: {} },
    sources: [...sourceRows.values()].sort((a, b) => a.id.localeCompare(b.id)),
    developers, providers, models: mb.models, offers, ratings, hardware, changes,
  };
  data.meta.counts = Object.fromEntries((['sources', 'developers', 'providers', 'models', 'offers', 'ratings', 'hardware', 'changes'] as const).map((k) => [k, data[k].length]));
  return { data, report };
}

/** Developer rows: every vendor a model names, plus FMTI and EU Code facts attached by the developer table. */
function buildDevelopers(vendorIds: Set<string>, obs: readonly DeveloperObservation[], tables: Tables, report: BuildReport): Developer[] {
  const devs = new Map<string, Developer>();
  const get = (id: string): Developer => {
    let d = devs.get(id);
    if (!d) {
      const info = tables.developerInfo(id);
      d = { id, name: info?.name ?? id, fmti_scores: [], fmti_indicators: {} };
      if (info?.country) d.country = info.country;
      devs.set(id, d);
    }
    return d;
  };
  for (const id of vendorIds) get(id);
  for (const o of obs) {
    const id = tables.resolveDeveloper(o.name);
    if (!id) {
      // FMTI and EU-list organisations without models in the catalogue are kept only if the table names them.
      if (o.fmti_score || o.fmti_indicators) report.unmatched.push({ source: o.source, source_id: o.name, what: 'developer', why: 'not in data/curated/developers.csv' });
      continue;
    }
    const d = get(id);
    if (o.fmti_score) d.fmti_scores.push(fact({ edition: o.fmti_score.edition, score: o.fmti_score.score }, o.as_of, o.source));
    if (o.fmti_indicators) for (const [k, v] of Object.entries(o.fmti_indicators)) d.fmti_indicators[k] = fact(v, o.as_of, o.source);
    if (o.eu_code) d.eu_code = fact(o.eu_code, o.as_of, o.source);
  }
  for (const d of devs.values()) d.fmti_scores.sort((a, b) => a.as_of.localeCompare(b.as_of));
  return [...devs.values()].sort((a, b) => a.id.localeCompare(b.id)).map((d) => ({ ...d, id: canonicalSlug(d.id) }));
}
