// Answers written from kept parts: the same bytes and value as projecting the plain answer and serializing it whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aSource } from '../dataset/fixtures.ts';
import { isStitched, kept, keptRunAt, openedBy, stitched, stitchedEach } from '../ops/json-fragment.ts';
import type { Source } from '../schema/index.ts';
import { projectBody } from './projection.ts';
import { PIECE_MAX } from './json-pieces.ts';
import { writeBody } from './write-body.ts';

const sources: ReadonlyMap<string, Source> = new Map([
  ['models-dev', aSource({ id: 'models-dev', name: 'models.dev', url: 'https://models.dev' })],
  ['lmarena', aSource({ id: 'lmarena', name: 'LMArena', url: 'https://lmarena.ai' })],
  ['litellm', aSource({ id: 'litellm', name: 'LiteLLM', url: 'https://github.com/BerriAI/litellm' })],
  ['epoch', aSource({ id: 'epoch', name: 'Epoch AI hardware', url: 'https://epoch.ai' })],
]);
const base = { sources, baseUrl: 'https://api.example.org', fullTierOnly: ['criteria'] };

/** An answer as models_for_hardware builds one: kept parts (a rating row, a configuration) inside stitched entries. */
function answer(context: number) {
  const rating = kept({ leaderboard: 'text', rating: 1400, as_of: '2026-07-30', source: 'lmarena' });
  const hardware = kept({ id: 'gpu', memory_gb: { value: 24, as_of: '2025-07-21', source: 'epoch', corroborated_by: ['litellm'] } });
  const entry = (rank: number) => stitched({
    rank,
    model: kept({ id: `m${rank}`, name: 'M' }),
    rating,
    memory: { total_gb: context / 1000 + rank, note: undefined },
    offer: { provider: 'p', listed_by: ['models-dev'] },
    derived_from: [`context = ${context} (models-dev, 2026-07-02)`],
    skipped: undefined,
  });
  return stitched({
    data_as_of: '2026-08-01',
    hardware,
    items: stitched([entry(1), entry(2), undefined]),
    criteria: [{ id: 'c', evidence: { value: 'x', as_of: '2026-01-01', source: 'litellm' } }],
    assumptions: kept(['decode at batch 1']),
  });
}

test('full: the bytes of JSON.stringify of the answer, undefined members left out and undefined items null', () => {
  const body = answer(8192);
  const w = writeBody(body, { ...base, full: true });
  assert.equal(w.pieces.join(''), JSON.stringify(body));
  assert.equal(w.value, body, 'the full value is the answer itself');
  assert.ok(w.pieces.join('').includes('"items":[{"rank":1,"model":{"id":"m1","name":"M"},"rating":{"leaderboard":"text"'));
  const tail = 'null],"criteria":[{"id":"c","evidence":{"value":"x","as_of":"2026-01-01","source":"litellm"}}],'
    + '"assumptions":["decode at batch 1"]}';
  assert.ok(w.pieces.join('').endsWith(tail));
});

test('partial: the bytes and value of projectBody, kept parts projected once and their sources listed every time', () => {
  for (const context of [8192, 32768, 8192]) {
    const body = answer(context);
    const w = writeBody(body, { ...base, full: false });
    const expected = projectBody(body, { ...base, full: false });
    assert.equal(w.pieces.join(''), JSON.stringify(expected));
    assert.deepEqual(w.value, expected);
    const v = w.value as Record<string, any>;
    // Worked by hand: the rating loses its source, the configuration its source and corroboration, the offer its
    // listed_by, the text its source name; criteria are full-tier only (their litellm citation is not listed).
    assert.deepEqual(v.items[0].rating, { leaderboard: 'text', rating: 1400, as_of: '2026-07-30' });
    assert.deepEqual(v.hardware, { id: 'gpu', memory_gb: { value: 24, as_of: '2025-07-21' } });
    assert.deepEqual(v.items[1].offer, { provider: 'p' });
    assert.deepEqual(v.items[0].derived_from, [`context = ${context} (as of 2026-07-02)`]);
    assert.equal(v.criteria, undefined);
    const listed = v.sources.map((s: { id: string }) => s.id);
    assert.deepEqual(listed, ['epoch', 'litellm', 'lmarena', 'models-dev'], 'litellm: corroborating the configuration');
    assert.equal(v.attribution, 'Data: Model Data Service (https://api.example.org)');
    assert.equal(v.attribution_required, true);
  }
});

test('stitchedEach: a page marked once, its entries unmarked, written as stitched ones: the same bytes and value, both tiers', () => {
  const rating = kept({ leaderboard: 'text', rating: 1400, as_of: '2026-07-30', source: 'lmarena' });
  const entry = (rank: number) => ({
    rank, model: kept({ id: `m${rank}`, name: 'M' }), rating, memory: { total_gb: rank / 3 },
    offer: { provider: 'p', listed_by: ['models-dev'] }, derived_from: ['context = 512 (models-dev, 2026-07-02)'], skipped: undefined,
  });
  // An entry, a fact-shaped object (it keeps only its value and date at the partial tier), a kept one, a hole and a list.
  const fact = { value: 24, as_of: '2025-07-21', source: 'epoch', corroborated_by: ['litellm'] };
  const items = stitchedEach([entry(1), fact, kept({ id: 'k' }), null, undefined, [1, { a: 2 }], entry(2)]);
  const body = stitched({ items, assumptions: kept(['decode at batch 1']) });
  assert.ok(isStitched(items));
  assert.equal(isStitched(items[0] as object), false, 'one mark for the page, none on its entries');
  assert.equal(writeBody(body, { ...base, full: true }).pieces.join(''), JSON.stringify(body));
  const w = writeBody(body, { ...base, full: false });
  const expected = projectBody(body, { ...base, full: false });
  assert.equal(w.pieces.join(''), JSON.stringify(expected));
  assert.deepEqual(w.value, expected);
  // Worked by hand: the entries' rating and offer lose their sources, the fact its source and corroboration.
  const v = w.value as Record<string, any>;
  assert.deepEqual(v.items[0].rating, { leaderboard: 'text', rating: 1400, as_of: '2026-07-30' });
  assert.deepEqual(v.items[0].offer, { provider: 'p' });
  assert.deepEqual(v.items[1], { value: 24, as_of: '2025-07-21' });
  assert.deepEqual(v.sources.map((x: { id: string }) => x.id), ['epoch', 'litellm', 'lmarena', 'models-dev']);
});

test('partial: a stitched object shaped like a fact still loses its provenance; a top-level sources list is kept', () => {
  const body = stitched({
    fact: stitched({ value: 1, as_of: '2026-01-01', source: 'lmarena', note: kept({ a: 1 }) }),
    sources: [{ id: 'lmarena' }],
  });
  const w = writeBody(body, { ...base, full: false });
  assert.equal(w.pieces.join(''), JSON.stringify(projectBody(body, { ...base, full: false })));
  assert.deepEqual((w.value as Record<string, any>).fact, { value: 1, as_of: '2026-01-01', note: { a: 1 } });
  assert.deepEqual((w.value as Record<string, any>).sources, [{ id: 'lmarena' }]);
});

test('partial: an empty answer gets the empty sources list and the attribution', () => {
  const w = writeBody(stitched({}), { ...base, full: false });
  const expected = '{"tier":"partial","sources":[],"attribution":"Data: Model Data Service (https://api.example.org)","attribution_required":true}';
  assert.equal(w.pieces.join(''), expected);
});

test('kept parts are frozen: what is served as prepared text cannot change under it', () => {
  const part = kept({ id: 'x' });
  assert.throws(() => { (part as { id: string }).id = 'y'; }, TypeError);
});

test('a large answer comes in pieces of at most PIECE_MAX characters, joined the same bytes on both tiers', () => {
  // 600 entries of about 215 characters: some 130,000 characters, the size where one flat string turns slow.
  const body = stitched({ data_as_of: '2026-08-01', items: stitched(Array.from({ length: 600 }, (_, i) => answer(i).items[0])) });
  for (const full of [true, false]) {
    const w = writeBody(body, { ...base, full });
    const whole = w.pieces.join('');
    assert.equal(whole, JSON.stringify(full ? body : projectBody(body, { ...base, full: false })));
    assert.ok(whole.length > 128_000 && w.pieces.length >= 4, `${whole.length} characters in ${w.pieces.length} pieces`);
    assert.ok(w.pieces.every((p) => p.length <= PIECE_MAX));
  }
});

test('keys written as JSON.stringify writes them: escaped, and the same key first in one object and later in another', () => {
  // Worked by hand: the key a"b is written `"a\"b":`; `x` leads one object and follows `y` in the other.
  const body = stitched({ 'a"b': 1, inner: stitched({ x: 1, y: kept({ z: 2 }) }), other: stitched({ y: 0, x: 'line\u2028' }) });
  const w = writeBody(body, { ...base, full: true });
  assert.equal(w.pieces.join(''), '{"a\\"b":1,"inner":{"x":1,"y":{"z":2}},"other":{"y":0,"x":"line\u2028"}}');
  assert.equal(w.pieces.join(''), JSON.stringify(body));
});

test('a kept head: its members copied as one text, the same bytes and value as the plain answer, both tiers', () => {
  // As cheapest_for's offer view: the offer's kept members, then a blended price each ask adds.
  const head = kept({
    provider: 'p', prices: kept({ input: { value: 1, as_of: '2026-07-02', source: 'models-dev' } }),
    listed_by: kept(['litellm', 'models-dev']), status: undefined, first_party: false,
  });
  const view = (share: number) => openedBy(Object.assign({}, head, { blended_price: { value: share * 2, input_share: share } }), head);
  const empty = kept({});
  const body = stitched({ data_as_of: '2026-08-01', items: stitched([view(0.75), view(0.5)]), bare: openedBy({ only: 1 }, empty) });
  const full = writeBody(body, { ...base, full: true }).pieces.join('');
  assert.equal(full, JSON.stringify(body));
  // Worked by hand: the head's text, then the member after it; an empty head writes no comma.
  assert.ok(full.includes('{"provider":"p","prices":{"input":{"value":1,"as_of":"2026-07-02","source":"models-dev"}},'
    + '"listed_by":["litellm","models-dev"],"first_party":false,"blended_price":{"value":1.5,"input_share":0.75}}'));
  assert.ok(full.endsWith('"bare":{"only":1}}'));
  const w = writeBody(body, { ...base, full: false });
  const expected = projectBody(body, { ...base, full: false }) as Record<string, any>;
  assert.equal(w.pieces.join(''), JSON.stringify(expected));
  assert.deepEqual(w.value, expected);
  // The partial head loses its source list and the price's source; both ids are listed once.
  assert.ok(w.pieces.join('').includes('{"provider":"p","prices":{"input":{"value":1,"as_of":"2026-07-02"}},"first_party":false,"blended_price"'));
  assert.deepEqual(expected.sources.map((s: { id: string }) => s.id), ['litellm', 'models-dev']);
});

test('a kept run inside an object: its members copied as one text after the first ones, both tiers', () => {
  // As a cheapest_for item at the default share: a position, the kept members its offers decide, a sentence.
  const run = kept({
    model: kept({ id: 'm', name: 'M' }), offer: kept({ provider: 'p', listed_by: kept(['litellm']) }),
    price: kept({ value: 2, as_of: '2026-07-02', source: 'models-dev' }), missing: null,
  });
  const item = (position: number) => keptRunAt(Object.assign({ position }, run, { why: `Place ${position} (litellm, 2026-07-02).` }), 1, run);
  const lone = keptRunAt(Object.assign({ skipped: undefined }, run), 1, run);
  const body = stitched({ data_as_of: '2026-08-01', items: stitched([item(1), item(2)]), lone });
  const full = writeBody(body, { ...base, full: true }).pieces.join('');
  assert.equal(full, JSON.stringify(body));
  // Worked by hand: the position, a comma, the run's text, then the sentence; with nothing written before it, no comma.
  assert.ok(full.includes('{"position":2,"model":{"id":"m","name":"M"},"offer":{"provider":"p","listed_by":["litellm"]},'
    + '"price":{"value":2,"as_of":"2026-07-02","source":"models-dev"},"missing":null,"why":"Place 2 (litellm, 2026-07-02)."}'));
  assert.ok(full.includes('"lone":{"model":{"id":"m"'));
  const w = writeBody(body, { ...base, full: false });
  const expected = projectBody(body, { ...base, full: false }) as Record<string, any>;
  assert.equal(w.pieces.join(''), JSON.stringify(expected));
  assert.deepEqual(w.value, expected);
  assert.deepEqual(Object.keys((w.value as Record<string, any>).items[0]), ['position', 'model', 'offer', 'price', 'missing', 'why']);
  // The partial run loses the offer's source list and the price's source; the sentence its source id.
  assert.ok(w.pieces.join('').includes('{"position":1,"model":{"id":"m","name":"M"},"offer":{"provider":"p"},'
    + '"price":{"value":2,"as_of":"2026-07-02"},"missing":null,"why":"Place 1 (as of 2026-07-02)."}'));
  assert.deepEqual(expected.sources.map((s: { id: string }) => s.id), ['litellm', 'models-dev']);
  // Members moved out of the run's places are refused, not written wrong.
  const moved = stitched({ x: keptRunAt({ position: 1, offer: run.offer, model: run.model, price: run.price, missing: null }, 1, run) });
  assert.throws(() => writeBody(moved, { ...base, full: true }), /does not hold its kept run/);
  assert.throws(() => writeBody(moved, { ...base, full: false }), /does not hold its kept run/);
});

test('a kept head the object does not open with is refused, not written wrong', () => {
  const head = kept({ a: 1, b: 2 });
  const body = stitched({ x: openedBy({ b: 2, a: 1, c: 3 }, head) });
  assert.throws(() => writeBody(body, { ...base, full: true }), /does not open with its kept head/);
  assert.throws(() => openedBy({}, { a: 1 }), /must be kept/);
});

test('long texts written between quotes where JSON.stringify would change nothing, escaped as it escapes them elsewhere', () => {
  const plain = `${'The cheapest offer is $0.15 input per 1M tokens (models-dev, 2026-07-02); '.repeat(6)}end`;
  // Each of these needs JSON.stringify's escaping (a quote, a backslash, a control character, a lone surrogate), or
  // holds a surrogate pair or U+2028, which JSON.stringify leaves as they are.
  const odd = ['say "no"', 'a\\b', 'tab\there', 'nul\u0000', 'lone \ud800 high', 'lone \udc00 low', 'pair 😀', 'line\u2028sep']
    .map((s) => `${s} ${'x'.repeat(300)}`);
  const short = 'short "quoted" text';
  // A sentence made of parts per ask, as cheapest_for's `why`.
  const made = ['rated ', String(1234), ' on text/overall; its cheapest offer is ', 'p'.repeat(80), ' at $', String(0.25)].join('');
  const body = stitched({ data_as_of: '2026-08-01', plain, odd: stitched(odd), short, made, nested: { why: plain } });
  for (const full of [true, false]) {
    const w = writeBody(body, { ...base, full });
    const expected = full ? body : projectBody(body, { ...base, full: false });
    assert.equal(w.pieces.join(''), JSON.stringify(expected));
  }
  // Worked by hand: the partial tier names no source in a text (partial-text.ts), so the citation keeps its date only.
  const partial = writeBody(body, { ...base, full: false }).pieces.join('');
  assert.ok(partial.includes('"plain":"The cheapest offer is $0.15 input per 1M tokens (as of 2026-07-02); The'));
  assert.ok(partial.includes('"odd":["say \\"no\\" x'));
  assert.ok(partial.includes('lone \\ud800 high'));
});
