import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsonBytes } from './json-bytes.ts';

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
