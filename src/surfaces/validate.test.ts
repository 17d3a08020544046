// Validation shared by both surfaces: codes, named parameters and the allowed ranges callers are told.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ServiceError } from '../errors/index.ts';
import { defineOperation, READ_ONLY } from '../ops/operation.ts';
import { describeAllowed, inputInfo } from './input-info.ts';
import { coerceQuery } from './rest/query.ts';
import { validateInput } from './validate.ts';

const op = defineOperation({
  name: 'probe',
  title: 'Probe',
  description: 'A test operation.',
  path: '/probe/{id}',
  input: z.object({
    id: z.string().min(1).max(10),
    n: z.number().int().min(1).max(256).default(1),
    share: z.number().min(0).max(1).optional(),
    flag: z.boolean().optional(),
    kind: z.array(z.enum(['a', 'b', 'c'])).min(1).max(2).optional(),
    sort: z.enum(['x', 'y']).optional(),
  }).strict(),
  output: z.object({}),
  annotations: READ_ONLY,
  examples: [],
  handler: () => ({}),
});

function codeOf(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  assert.fail('expected a ServiceError');
}

test('the allowed text states ranges, enums and list sizes from the schema', () => {
  const f = inputInfo(op).fields;
  assert.equal(f.get('n')!.allowed, 'an integer from 1 to 256');
  assert.equal(f.get('share')!.allowed, 'a number from 0 to 1');
  assert.equal(f.get('flag')!.allowed, 'true or false');
  assert.equal(f.get('sort')!.allowed, 'one of: x, y');
  assert.equal(f.get('kind')!.allowed, 'a list of 1 to 2 values, each one of: a, b, c');
  assert.equal(describeAllowed({ type: 'number', exclusiveMinimum: 0, maximum: 5 }), 'a number > 0 and <= 5');
  assert.deepEqual(inputInfo(op).pathParams, ['id']);
});

test('unknown parameters are named, with the accepted ones', () => {
  const e = codeOf(() => validateInput(op, { id: 'x', bogus: 1 }));
  assert.equal(e.code, 'unknown_parameter');
  assert.match(e.detail, /bogus/);
  assert.match(e.detail, /id, n, share, flag, kind, sort/);
});

test('invalid values give invalid_parameter with the parameter and what is allowed', () => {
  const e = codeOf(() => validateInput(op, { id: 'x', n: 999, sort: 'z' }));
  assert.equal(e.code, 'invalid_parameter');
  assert.deepEqual(e.options.errors!.map((x) => [x.parameter, x.allowed]), [['n', 'an integer from 1 to 256'], ['sort', 'one of: x, y']]);
  const missing = codeOf(() => validateInput(op, {}));
  assert.deepEqual(missing.options.errors, [{ parameter: 'id', message: 'required', allowed: 'text of 1 to 10 characters' }]);
  const wrongType = codeOf(() => validateInput(op, { id: 'x', n: '5' }));
  assert.equal(wrongType.options.errors![0].message, 'expected an integer');
});

test('valid input comes back parsed with defaults', () => {
  assert.deepEqual(validateInput(op, { id: 'x' }), { id: 'x', n: 1 });
});

test('query text is coerced to the schema types; lists take repeats and commas', () => {
  const raw = coerceQuery(op, { n: '3', share: '0.5', flag: 'true', kind: ['a,b'] }, { id: 'x' });
  assert.deepEqual(raw, { n: 3, share: 0.5, flag: true, kind: ['a', 'b'], id: 'x' });
  assert.deepEqual(coerceQuery(op, { kind: ['a', 'c'] }, { id: 'x' }).kind, ['a', 'c']);
  // Malformed numbers and booleans stay text, so the schema rejects them by name.
  assert.equal(coerceQuery(op, { n: '3abc', flag: 'yes' }, { id: 'x' }).n, '3abc');
  assert.equal(codeOf(() => validateInput(op, coerceQuery(op, { flag: 'yes' }, { id: 'x' }))).options.errors![0].parameter, 'flag');
});

test('a single-valued parameter given twice, or a path parameter in the query, is refused', () => {
  const twice = codeOf(() => coerceQuery(op, { n: ['1', '2'] }, { id: 'x' }));
  assert.equal(twice.code, 'invalid_parameter');
  assert.equal(twice.options.errors![0].parameter, 'n');
  assert.equal(codeOf(() => coerceQuery(op, { id: 'y' }, { id: 'x' })).code, 'unknown_parameter');
});

test("a value out of range is told in the parameter's own range, not the schema's internal bound", () => {
  // n runs 1..256. 1e308 breaks an int schema's implicit safe-integer bound first: zod's own words were
  // "Too big: expected int to be <=9007199254740991", a bound no caller is told of.
  for (const [n, got] of [[1e308, '1e+308'], [0, '0'], [257, '257']] as const) {
    const e = codeOf(() => validateInput(op, { id: 'a', n }));
    assert.equal(e.options.errors?.[0]?.message, `out of range (got ${got}): an integer from 1 to 256`);
    assert.doesNotMatch(e.message, /9007199254740991/);
  }
  // A list too long says the list's allowed size.
  const list = codeOf(() => validateInput(op, { id: 'a', kind: ['a', 'b', 'c'] }));
  assert.match(list.options.errors?.[0]?.message ?? '', /^out of range: a list of 1 to 2/);
});

test('a list sent as REST\'s comma-separated text over MCP is answered with the JSON array it meant', () => {
  // compare_models {"models":"gpt-4o,claude-sonnet-4-6"}: the caller is shown the array to send instead.
  const e = codeOf(() => validateInput(op, { id: 'x', kind: 'a, b' }));
  assert.equal(e.code, 'invalid_parameter');
  assert.equal(e.options.errors?.[0].message, 'expected a list of values, not text: send a JSON array, e.g. ["a","b"]');
});
