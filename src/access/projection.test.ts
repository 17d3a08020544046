// The partial projection: what anonymous and free callers see instead of per-field provenance.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aDataset, aModel, aSource, f } from '../dataset/fixtures.ts';
import { get_trust_profile } from '../ops/get-trust-profile.ts';
import type { Source } from '../schema/index.ts';
import { kept } from '../ops/json-fragment.ts';
import { projectBody } from './projection.ts';

const sources: ReadonlyMap<string, Source> = new Map([
  ['models-dev', aSource({ id: 'models-dev', name: 'models.dev', url: 'https://models.dev' })],
  ['vendor-acme', aSource({ id: 'vendor-acme', name: 'Acme model page', url: 'https://acme.example/models' })],
  ['lmarena', aSource({ id: 'lmarena', name: 'LMArena', url: 'https://lmarena.ai' })],
  ['derived', aSource({ id: 'derived', name: 'Model Data Service (derived)', url: 'https://model-data.dev/methods', kind: 'derived' })],
  ['litellm', aSource({ id: 'litellm', name: 'LiteLLM', url: 'https://github.com/BerriAI/litellm' })],
  ['eu-code', aSource({ id: 'eu-code', name: 'EU GPAI Code signatories', url: 'https://digital-strategy.ec.europa.eu' })],
]);
const base = { sources, baseUrl: 'https://api.example.org' };

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') { Object.freeze(o); for (const v of Object.values(o)) deepFreeze(v); }
  return o;
}

/** A model sheet shaped body: facts at several depths, a rating row, conflicts, a derived figure, a criteria list. */
const sheet = () => deepFreeze({
  data_as_of: '2026-08-01',
  id: 'acme-1',
  name: { value: 'Acme 1', as_of: '2026-07-01', source: 'vendor-acme', corroborated_by: ['models-dev'] },
  context_window: {
    value: 200000, as_of: '2026-07-01', source: 'vendor-acme',
    conflicts: [{ value: 128000, as_of: '2026-06-01', source: 'litellm' }],
  },
  capabilities: { tool_calling: { value: true, as_of: '2026-07-02', source: 'models-dev', note: 'per the catalogue' } },
  ratings: [{ leaderboard: 'text', rating: 1400, votes: 5000, as_of: '2026-07-30', source: 'lmarena' }],
  memory: { value: 42.5, as_of: '2026-08-01', source: 'derived', derived_from: ['parameters_total', 'architecture'] },
  aliases: ['acme/acme-1'],
  listed_by: ['models-dev'],
  criteria: [{ id: 'eu_gpai_code_signatory', status: 'met', evidence: { value: 'signatory', as_of: '2026-07-01', source: 'eu-code' } }],
});

test('full: the body is returned as it is, with no attribution', () => {
  const body = sheet();
  assert.equal(projectBody(body, { ...base, full: true, fullTierOnly: ['criteria'] }), body);
});

test('partial: facts keep value, as_of, derived_from and note, and lose source, corroboration and conflicts', () => {
  const out = projectBody(sheet(), { ...base, full: false }) as Record<string, any>;
  assert.deepEqual(out.name, { value: 'Acme 1', as_of: '2026-07-01' });
  // LiteLLM's 128,000 disagrees with the chosen 200,000: the partial answer says so, without naming it or its value.
  assert.deepEqual(out.context_window, { value: 200000, as_of: '2026-07-01', sources_disagree: true });
  assert.deepEqual(out.capabilities.tool_calling, { value: true, as_of: '2026-07-02', note: 'per the catalogue' });
  assert.deepEqual(out.memory, { value: 42.5, as_of: '2026-08-01', derived_from: ['parameters_total', 'architecture'] });
  assert.deepEqual(out.ratings, [{ leaderboard: 'text', rating: 1400, votes: 5000, as_of: '2026-07-30' }]);
  assert.doesNotMatch(JSON.stringify({ ...out, sources: undefined }), /"source"|corroborated_by|conflicts|128000/);
  assert.equal(out.tier, 'partial', 'a partial answer says it is one');
  assert.deepEqual(out.aliases, ['acme/acme-1'], 'non-fact members are untouched');
  assert.equal(out.data_as_of, '2026-08-01');
});

test('partial: every source removed is listed once, sorted, with name and url; conflicting and corroborating ones too', () => {
  const out = projectBody(sheet(), { ...base, full: false }) as Record<string, any>;
  assert.deepEqual(out.sources, [
    { id: 'derived', name: 'Model Data Service (derived)', url: 'https://model-data.dev/methods' },
    { id: 'eu-code', name: 'EU GPAI Code signatories', url: 'https://digital-strategy.ec.europa.eu' },
    { id: 'litellm', name: 'LiteLLM', url: 'https://github.com/BerriAI/litellm' },
    { id: 'lmarena', name: 'LMArena', url: 'https://lmarena.ai' },
    { id: 'models-dev', name: 'models.dev', url: 'https://models.dev' },
    { id: 'vendor-acme', name: 'Acme model page', url: 'https://acme.example/models' },
  ]);
});

test('partial: an id missing from the sources table is still listed, never silently dropped', () => {
  const out = projectBody({ x: { value: 1, as_of: '2026-01-01', source: 'mystery' } }, { ...base, full: false }) as Record<string, any>;
  assert.deepEqual(out.sources, [{ id: 'mystery', name: 'mystery', url: null }]);
});

test('partial: full-tier-only fields are removed and the attribution obligation is added', () => {
  const out = projectBody(sheet(), { ...base, full: false, fullTierOnly: ['criteria'] }) as Record<string, any>;
  assert.equal('criteria' in out, false);
  assert.equal(out.attribution, 'Data: Model Data Service (https://api.example.org)');
  assert.equal(out.attribution_required, true);
  // The criteria's evidence source is not listed: nothing in the partial response cites it.
  assert.equal(out.sources.some((s: { id: string }) => s.id === 'eu-code'), false);
  assert.equal(out.sources.length, 5);
});

test('partial: the input is not mutated and untouched subtrees are shared, not copied', () => {
  const body = sheet();
  const before = JSON.stringify(body);
  const out = projectBody(body, { ...base, full: false }) as Record<string, any>;
  assert.equal(JSON.stringify(body), before);
  assert.equal(out.aliases, body.aliases);
  assert.notEqual(out.name, body.name);
});

test('partial: a body whose payload is the sources list keeps it; an empty body gets an empty list', () => {
  const listing = { sources: [{ id: 'lmarena', name: 'LMArena', licence: 'CC-BY-4.0', retrieved: '2026-07-30' }] };
  const out = projectBody(listing, { ...base, full: false }) as Record<string, any>;
  assert.equal(out.sources, listing.sources);
  assert.deepEqual((projectBody({}, { ...base, full: false }) as Record<string, any>).sources, []);
});

test('partial: a data key named __proto__ stays a plain member', () => {
  const body = JSON.parse('{"m": {"__proto__": {"value": 1, "as_of": "2026-01-01", "source": "lmarena"}}}');
  const out = projectBody(body, { ...base, full: false }) as Record<string, any>;
  assert.deepEqual(Object.getOwnPropertyDescriptor(out.m, '__proto__')?.value, { value: 1, as_of: '2026-01-01' });
  assert.equal(Object.getPrototypeOf(out.m), Object.prototype);
});

test('partial: texts keep their dates and name no source; the sources they named are listed', () => {
  const body = deepFreeze({
    derived_from: ['context_window = 200000 (models-dev, 2026-07-02)', 'usable_fraction = 0.95 (derived, 2026-07-01)'],
    cost_basis: ['h100-x1 rented at 2 USD/h (runpod x; litellm, 2026-01-01) x 730 h'],
    reason: 'Open weights (models-dev, 2026-07-02), rated (lmarena, 2026-07-30, https://lmarena.ai/leaderboard).',
    labelled: ['vendor-acme: launch price of Acme 1, 1499 USD'],
    notes: ['litellm gives no date. lmarena gives one', 'held back: litellm 71000', 'residency from the eu-code table'],
    untouched: ['an estimate derived from two facts', 'see https://models-dev.example/litellm and acme/litellm-7b', 'lmarena-x'],
  });
  const out = projectBody(body, { ...base, full: false }) as Record<string, any>;
  assert.deepEqual(out.derived_from, ['context_window = 200000 (as of 2026-07-02)', 'usable_fraction = 0.95 (as of 2026-07-01)']);
  assert.deepEqual(out.cost_basis, ['h100-x1 rented at 2 USD/h (runpod x; as of 2026-01-01) x 730 h']);
  // https://lmarena.ai/leaderboard is a page of the lmarena source (its URL, https://lmarena.ai, above): it names it too.
  assert.equal(out.reason, "Open weights (as of 2026-07-02), rated (as of 2026-07-30, a listed source's page).");
  assert.deepEqual(out.labelled, ['A listed source: launch price of Acme 1, 1499 USD']);
  assert.deepEqual(out.notes, [
    'A listed source gives no date. A listed source gives one', 'held back: a listed source 71000', 'residency from a listed source',
  ]);
  assert.equal(out.untouched, body.untouched, 'a word, a URL, a repo path or a longer id is not a citation');
  assert.deepEqual(out.sources.map((s: { id: string }) => s.id), ['derived', 'eu-code', 'litellm', 'lmarena', 'models-dev', 'vendor-acme']);
});

test('partial: an offer loses listed_by, whose sources are listed once; full keeps it', () => {
  const body = deepFreeze({ offer: { provider: 'acme', listed_by: ['litellm', 'models-dev'], region: 'global' } });
  const out = projectBody(body, { ...base, full: false }) as Record<string, any>;
  assert.deepEqual(out.offer, { provider: 'acme', region: 'global' });
  assert.deepEqual(out.sources.map((s: { id: string }) => s.id), ['litellm', 'models-dev']);
  assert.equal(projectBody(body, { ...base, full: true }), body);
});

test('partial: a text seen before (remembered) still lists the sources it named, in every answer that quotes it', () => {
  const line = 'parameters_total = 8000000000 (models-dev, 2026-07-02), a figure quoted by many answers';
  const first = projectBody({ derived_from: [line] }, { ...base, full: false }) as Record<string, any>;
  const second = projectBody({ other: { why: [line] } }, { ...base, full: false }) as Record<string, any>;
  const rewritten = 'parameters_total = 8000000000 (as of 2026-07-02), a figure quoted by many answers';
  assert.deepEqual(first.derived_from, [rewritten]);
  assert.deepEqual(second.other.why, [rewritten]);
  assert.deepEqual(second.sources.map((s: { id: string }) => s.id), ['models-dev']);
});

test('a partial trust profile that names the criteria it leaves out says which tiers carry them', () => {
  // get_trust_profile's `criteria` is full tier only: a free caller's text may name it only with where it is.
  const ds = aDataset({ models: [aModel({ id: 'm', open_weights: f(true) })] });
  const body = get_trust_profile.handler(ds, get_trust_profile.input.parse({ model_id: 'm' }), { today: '2026-11-21' });
  const partial = projectBody(body, { full: false, fullTierOnly: get_trust_profile.fullTierOnly, sources, baseUrl: 'https://x' });
  assert.equal(Object.hasOwn(partial, 'criteria'), false);
  const texts: string[] = [];
  const walk = (n: unknown): void => {
    if (typeof n === 'string') texts.push(n);
    else if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') Object.values(n).forEach(walk);
  };
  walk(partial);
  const naming = texts.filter((t) => t.includes('`criteria`'));
  assert.ok(naming.length > 0, 'the derivation names the criteria it counts');
  for (const t of naming) assert.match(t, /`criteria`, on the pro and enterprise tiers/);
});

test('partial: a quoted page keeps only the day it was read; full keeps its address and words', () => {
  // Scaleway's Generative APIs FAQ, as data/curated/inference-providers.csv quotes it.
  const page = { url: 'https://www.scaleway.com/en/docs/generative-apis/faq',
    quote: 'All models are currently hosted in a secure data center located in Paris, France, operated by OPCORE.', read_on: '2026-11-28' };
  const body = deepFreeze({
    eu_offers: [{ provider: 'scaleway', eu_resident: { value: 'yes', as_of: '2026-11-28', source: 'models-dev', evidence_page: page } }],
    picks: [{ provider: 'scaleway', residency: 'yes', evidence_page: page }],
  });
  const out = projectBody(body, { ...base, full: false }) as Record<string, any>;
  assert.deepEqual(out.eu_offers[0].eu_resident, { value: 'yes', as_of: '2026-11-28', evidence_page: { read_on: '2026-11-28' } });
  assert.deepEqual(out.picks[0], { provider: 'scaleway', residency: 'yes', evidence_page: { read_on: '2026-11-28' } });
  assert.doesNotMatch(JSON.stringify(out), /OPCORE|scaleway\.com/);
  const full = projectBody(body, { ...base, full: true }) as typeof body;
  assert.deepEqual(full.picks[0].evidence_page, page);
});

test('partial: a derived figure\'s sources are credited as modified in the answer that derives from them, and in no other', () => {
  // Sources with an attribution line, so that their entry in `sources` says whether a figure was derived from them.
  const table: ReadonlyMap<string, Source> = new Map([
    ['src-a', aSource({ id: 'src-a', name: 'Source A', url: 'https://a.example', attribution: 'A, CC BY 4.0' })],
    ['src-b', aSource({ id: 'src-b', name: 'Source B', url: 'https://b.example', attribution: 'B, CC BY 4.0' })],
  ]);
  const opts = { sources: table, baseUrl: 'https://api.example.org', full: false };
  const modifiedOf = (out: Record<string, any>) =>
    Object.fromEntries(out.sources.map((s: { id: string; modified?: boolean }) => [s.id, s.modified === true]));
  // Two derived members in one answer: both sources are derived from.
  const first = projectBody({ derived_from: ['x = 1 (src-a, 2026-01-01)'], part: { derived_from: ['y = 2 (src-b, 2026-01-02)'] } }, opts);
  assert.deepEqual(modifiedOf(first as Record<string, any>), { 'src-a': true, 'src-b': true });
  // The next answer quotes src-a in a plain text and derives from src-b: src-a is listed, not as modified.
  const second = projectBody({ reason: 'z (src-a, 2026-01-01)', derived_from: ['w = 3 (src-b, 2026-01-02)'] }, opts);
  assert.deepEqual(modifiedOf(second as Record<string, any>), { 'src-a': false, 'src-b': true });
});

test('partial: a kept part projected once is listed, and credited as derived from, in every answer that shows it', () => {
  // A kept fact (ops/json-fragment.ts `kept`): its projection is made on its first sight and read again after. Each
  // answer must still list its source (vendor-acme: lost from the fact, listed once) and its text's (lmarena), and
  // credit them as derived from only where the part sits under a derived figure's inputs.
  const table: ReadonlyMap<string, Source> = new Map([
    ['vendor-acme', aSource({ id: 'vendor-acme', name: 'Acme model page', url: 'https://acme.example/models', attribution: 'Acme, CC BY 4.0' })],
    ['lmarena', aSource({ id: 'lmarena', name: 'LMArena', url: 'https://lmarena.ai', attribution: 'attribute LMArena' })],
  ]);
  const opts = { sources: table, baseUrl: 'https://api.example.org', full: false };
  const fact = kept({ value: 'apache-2.0', as_of: '2026-07-01', source: 'vendor-acme', note: 'as rated (lmarena, 2026-07-30)' });
  // The fact as the partial tier shows it, worked by hand: source gone, the note's citation a date.
  const shown = { value: 'apache-2.0', as_of: '2026-07-01', note: 'as rated (as of 2026-07-30)' };
  const creditOf = (out: Record<string, any>) =>
    Object.fromEntries(out.sources.map((s: { id: string; modified?: boolean }) => [s.id, s.modified === true]));
  for (let ask = 0; ask < 2; ask++) {
    const plain = projectBody({ licence: fact }, opts) as Record<string, any>;
    assert.deepEqual(plain.licence, shown);
    assert.deepEqual(creditOf(plain), { lmarena: false, 'vendor-acme': false });
    const derived = projectBody({ figure: { value: 1, derived_from: [fact] } }, opts) as Record<string, any>;
    assert.deepEqual(derived.figure.derived_from, [shown]);
    assert.deepEqual(creditOf(derived), { lmarena: true, 'vendor-acme': true });
  }
});
