// Fixture builders for tests: small valid records with overridable fields, and a dataset built from them.
import type { ChangeEvent, DatasetData, Developer, Hardware, Model, Offer, Provider, Rating, Source } from '../schema/index.ts';
import { fact, type Fact } from '../schema/fact.ts';
import { buildDataset, type Dataset } from './dataset.ts';
import { validateDatasetData } from './load.ts';

export const FIXTURE_DATE = '2026-08-01';

/** A fact dated FIXTURE_DATE from the fixture source. */
export const f = <T>(value: T, source = 'test-source', as_of = FIXTURE_DATE): Fact<T> => fact(value, as_of, source);

export function aSource(over: Partial<Source> = {}): Source {
  return {
    id: 'test-source', name: 'Test source', url: 'https://example.org/source', licence: 'MIT', kind: 'aggregator',
    retrieved: FIXTURE_DATE, counts_for_data_as_of: true, ...over,
  };
}

export function aModel(over: Partial<Model> & { id: string }): Model {
  return {
    vendor: 'acme', name: f(over.id), aliases: [], variants: [], capabilities: {}, ...over,
  };
}

export function anOffer(over: Partial<Offer> & { model_id: string }): Offer {
  return {
    provider: 'acme', provider_model_id: over.model_id, region: 'global',
    prices: { input: f(1), output: f(2) }, eu_resident: f('unknown' as const), listed_by: ['test-source'],
    sku: 'standard', first_party: false, ...over,
  };
}

export function aRating(over: Partial<Rating> & { model_id: string }): Rating {
  return {
    variant: over.model_id, leaderboard: 'text_style_control', category: 'overall', rating: 1400,
    rating_lower: 1390, rating_upper: 1410, votes: 5000, as_of: FIXTURE_DATE, source: 'test-source', ...over,
  };
}

export function aHardware(over: Partial<Hardware> & { id: string }): Hardware {
  return {
    name: over.id, class: 'desktop', accelerator: 'Test GPU', count: 1, unified_memory: false,
    memory_gb: f(24), usable_fraction: f(0.95), bandwidth_gbs: f(1000), ...over,
  };
}

export function aDeveloper(over: Partial<Developer> & { id: string }): Developer {
  return { name: over.id, fmti_scores: [], fmti_indicators: {}, ...over };
}

export function aProvider(over: Partial<Provider> & { id: string }): Provider {
  return { name: over.id, eu_data_residency: f('unknown' as const), ...over };
}

export type DatasetParts = Partial<Omit<DatasetData, 'meta'>> & { data_as_of?: string };

/**
 * A validated dataset from parts. Developers and the fixture source are added when missing,
 * so a test names only what it checks.
 */
export function aDataset(parts: DatasetParts = {}): Dataset {
  const models = parts.models ?? [];
  const developers = parts.developers ?? [];
  const devIds = new Set(developers.map((d) => d.id));
  for (const m of models) if (!devIds.has(m.vendor)) { developers.push(aDeveloper({ id: m.vendor })); devIds.add(m.vendor); }
  const sources = parts.sources ?? [aSource()];
  const changes: ChangeEvent[] = parts.changes ?? [];
  const data = {
    meta: { schema_version: 1, data_as_of: parts.data_as_of ?? FIXTURE_DATE, counts: {} },
    sources, developers, models, changes,
    providers: parts.providers ?? [], offers: parts.offers ?? [], ratings: parts.ratings ?? [], hardware: parts.hardware ?? [],
  };
  return buildDataset(validateDatasetData(data as unknown as Record<string, unknown>, 'fixture'));
}
