import assert from 'node:assert/strict';
import { test } from 'node:test';
import { projectBody, writeBody, writeBodyTo } from '../access/index.ts';
import { aSource } from '../dataset/fixtures.ts';
import { kept, stitched } from '../ops/json-fragment.ts';
import type { Source } from '../schema/index.ts';
import { jsonBytes, writtenBytes } from './json-bytes.ts';

// The expected bytes are V8's own JSON.stringify encoded as UTF-8 (the serializer this writer must equal), and, for the
// first case, written out by hand from RFC 8259.
const same = (v: object): void => assert.equal(jsonBytes(v).toString('hex'), Buffer.from(JSON.stringify(v), 'utf8').toString('hex'), JSON.stringify(v));

test('jsonBytes: a small answer byte by byte', () => {
  assert.equal(jsonBytes({ a: 1, b: [true, null, 'x'], c: { d: 2.5 } }).toString('latin1'), '{"a":1,"b":[true,null,"x"],"c":{"d":2.5}}');
  assert.equal(jsonBytes([]).toString('latin1'), '[]');
  assert.equal(jsonBytes({}).toString('latin1'), '{}');
});

test('jsonBytes: strings with escapes, past ASCII, lone surrogates, and long ones', () => {
  same({ q: 'say "hi"', b: 'a\\b', n: 'line\nnext\ttab\u0001\u001f', del: '\u007f', e: 'café ≤ 5 µs — 😀', lone: 'a\ud800b\udc00' });
  same({ long: 'x'.repeat(31), longer: 'y'.repeat(32), mixed: `${'z'.repeat(100)}"${'w'.repeat(100)}`, uni: `${'v'.repeat(200)}é` });
  // A string made of parts (as templates make them) and a key that needs an escape.
  const parts = ['ab', 'cd', 'ef'].map((p) => `${p}${'-'.repeat(40)}`).join('');
  same({ parts, 'k"ey': 1, 'ké': 2, '': 3 });
});

test('jsonBytes: texts past ASCII with nothing to escape encoded as they are; with something to escape, as JSON.stringify', () => {
  // Nothing JSON escapes: each is its own UTF-8 between quotes ('×' is C3 97 in UTF-8, RFC 3629).
  assert.equal(jsonBytes(['8 × H100']).toString('hex'), `5b22${Buffer.from('8 ', 'latin1').toString('hex')}c397${Buffer.from(' H100', 'latin1').toString('hex')}225d`);
  same({ short: 'é', dash: '3.2–4.1 ms', long: `${'a'.repeat(40)} × ${'b'.repeat(40)} ≤ µ`, del: 'é\u007f' });
  // Past ASCII, then something to escape after it (a quote, a backslash, a control, a lone or paired surrogate).
  same({ q: 'é "x"', b: `${'é'.repeat(40)}\\`, c: 'é\n', lone: 'é\ud800', pair: `${'é'.repeat(40)}😀` });
  // Every kind at once, escaped and encoded a character at a time: each short escape and a \u00XX control, a quote
  // and a backslash beside two- and three-byte characters, pairs, a high surrogate last, a low one alone, U+2028.
  same({
    all: 'é\b\t\n\f\r\u0000\u001f\u007f "q" \\ × – ≤ \u2028 😀😀 \udc00 \ud83d',
    key: { 'é"': 'µ\ud800\ud800\udc00', tail: `${'ü'.repeat(30_000)}"${'😀'.repeat(20_000)}\n` },
  });
  // Longer than the scratch's first size (64 KB): it grows with the opening quote already written.
  same({ big: `${'x'.repeat(70_000)}é`, bigger: 'ü'.repeat(50_000) });
});

test('jsonBytes: numbers as Number::toString writes them, non-finite as null', () => {
  same({ n: [0, -0, 1, -1, 42, 2.5, -2.5, 0.1, 0.2, 0.1 + 0.2, 1 / 3, 2 / 3, 12.34, 1234.56, 9_038.32, 0.000001, 0.0000001, 1e21, 1e20, 123e-20] });
  same({ n: [NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, Number.MAX_VALUE] });
  same({ n: [2 ** 50, 2 ** 50 - 1, 2 ** 50 + 0.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 1e15 - 1, 1e15 + 0.25] });
  same({ n: [0.05, 0.95, 1.005, 99.995, 123456.789012, 1234567.1234567, 4.35, 0.07, 8.2e-7, 5e-324, 1e-6 * 3] });
  // Rounded money, shares and rates, as answers hold them, and random doubles at every size.
  let seed = 7;
  const rand = () => ((seed = (Math.imul(seed, 48271) >>> 0) % 2147483647) / 2147483647);
  const xs: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const m = 10 ** Math.floor(rand() * 24 - 8);
    const x = (rand() - 0.3) * m;
    xs.push(x, Math.round(x * 100) / 100, Math.round(x * 10_000) / 10_000, Math.round(x));
  }
  same({ xs });
});

test('jsonBytes: members JSON leaves out, elements it writes null, toJSON, and own properties only', () => {
  same({ a: undefined, b: () => 1, c: Symbol('s'), d: 1, e: [undefined, () => 1, Symbol('t'), 2], f: new Date(Date.UTC(2026, 10, 27)) });
  same({ first: undefined, second: undefined });
  same({ a: 1, last: undefined });
  class Figures {
    monthly = 12.5;
    get hidden(): number {
      return 1;
    }
  }
  const inherited = Object.create({ up: 1 }) as Record<string, unknown>;
  inherited.own = 2;
  same({ f: new Figures(), inherited, 3: 'integer keys first', z: 1, 1: 'one', nul: Object.assign(Object.create(null), { x: 1 }) });
  same({ withJson: { toJSON: (k: string) => `key ${k}` }, arr: [{ toJSON: (k: string) => `element ${k}` }] });
  same({ map: new Map([[1, 2]]), set: new Set([1]) });
});

test('jsonBytes: boxed primitives and typed arrays as JSON.stringify writes them; a BigInt or a cycle throws as it does', () => {
  same({ s: new String('boxed'), n: new Number(3), b: new Boolean(false), t: new Uint8Array([1, 2]) });
  assert.throws(() => jsonBytes({ big: 1n }), TypeError);
  const cycle: Record<string, unknown> = { a: 1 };
  cycle.self = cycle;
  assert.throws(() => jsonBytes(cycle), TypeError);
});

test('jsonBytes: answers larger than the scratch, and past its bound, come out whole and independent', () => {
  const big = { rows: Array.from({ length: 5_000 }, (_, i) => ({ id: `row-${i}`, usd: i * 1.25, note: 'n'.repeat(50) })) };
  const a = jsonBytes(big);
  same(big);
  const huge = { text: 'h'.repeat(5_000_000) };
  same(huge);
  // An earlier result is not overwritten by a later call (each has its own memory).
  assert.equal(a.toString('utf8'), JSON.stringify(big));
});

test('writtenBytes: an answer of kept parts written as bytes, the same bytes as the text pieces and JSON.stringify, both tiers', () => {
  const sources: ReadonlyMap<string, Source> = new Map([
    ['lmarena', aSource({ id: 'lmarena', name: 'LMArena', url: 'https://lmarena.ai' })],
    ['epoch', aSource({ id: 'epoch', name: 'Epoch AI hardware', url: 'https://epoch.ai' })],
  ]);
  const opts = { sources, baseUrl: 'https://api.example.org', fullTierOnly: ['criteria'] };
  // As models_for_hardware writes one: kept parts (a rating, a configuration, names past ASCII) in stitched entries
  // whose figures each ask makes (numbers, undefined members, an undefined item), and a key JSON escapes.
  const rating = kept({ leaderboard: 'text', rating: 1400, as_of: '2026-07-30', source: 'lmarena' });
  const entry = (rank: number) => stitched({
    rank,
    model: kept({ id: `m${rank}`, name: 'Modèle “M”' }),
    rating,
    speed: { tokens_per_s: 41.3 * rank, ttft_s: 0.0123, basis: `Q4_K_M weights; ${rank} layers — µs`, note: undefined },
    alternatives: [{ q: 'q8_0', total_gb: 1 / 3 }, { q: 'f16', total_gb: 2.5e-7, fit: null }],
    derived_from: [`context = 512 (epoch, 2026-07-02) ${'x'.repeat(40)}`],
    'k"é': 'short "quoted" é',
    skipped: undefined,
  });
  const body = stitched({
    data_as_of: '2026-08-01',
    hardware: kept({ id: 'gpu', memory_gb: { value: 24, as_of: '2025-07-21', source: 'epoch' } }),
    items: stitched([entry(1), entry(2), undefined]),
    criteria: [{ id: 'c' }],
    long: `${'plain text '.repeat(40)}end`,
  });
  for (const full of [true, false]) {
    let value: Record<string, unknown> | undefined;
    const bytes = writtenBytes((out) => {
      value = writeBodyTo(body, { ...opts, full }, out);
    });
    const expected = full ? body : projectBody(body, { ...opts, full });
    assert.equal(bytes?.toString('hex'), Buffer.from(JSON.stringify(expected), 'utf8').toString('hex'), `full: ${full}`);
    assert.equal(bytes?.toString('hex'), Buffer.from(writeBody(body, { ...opts, full }).pieces.join(''), 'utf8').toString('hex'));
    assert.deepEqual(value, expected);
    // Without its value (as the executor writes an answer), the same bytes; the partial projection is not made.
    let none: Record<string, unknown> | undefined;
    const alone = writtenBytes((out) => {
      none = writeBodyTo(body, { ...opts, full }, out, false);
    });
    assert.equal(alone?.toString('hex'), bytes?.toString('hex'), `without the value, full: ${full}`);
    assert.equal(none, full ? body : undefined);
  }
  // Worked by hand: the first entry's figures as JSON writes them, the undefined member left out.
  const whole = writtenBytes((out) => writeBodyTo(body, { ...opts, full: true }, out))!.toString('utf8');
  assert.ok(whole.includes('"speed":{"tokens_per_s":41.3,"ttft_s":0.0123,"basis":"Q4_K_M weights; 1 layers — µs"},'));
  assert.ok(whole.includes('"alternatives":[{"q":"q8_0","total_gb":0.3333333333333333},{"q":"f16","total_gb":2.5e-7,"fit":null}]'));
  assert.ok(whole.includes(',"k\\"é":"short \\"quoted\\" é"}'));
  assert.ok(whole.includes('},null],"criteria"'));
});

test('writtenBytes: past the scratch bound, or a value only JSON.stringify writes, nothing: the caller writes it', () => {
  assert.equal(writtenBytes((out) => out.add(`"${'h'.repeat(5_000_000)}"`)), undefined);
  assert.equal(writtenBytes((out) => out.value('', { big: 1n })), undefined);
  // And the scratch is whole for the next answer.
  assert.equal(writtenBytes((out) => out.value('', { a: [1, 'b'] }))?.toString('latin1'), '{"a":[1,"b"]}');
});
