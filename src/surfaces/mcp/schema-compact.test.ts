// The compactor writes a repeated subschema once and says a repeated description once, validating the same
// instances as the schema it was given (checked with Ajv's JSON Schema 2020-12 validator, the dialect MCP uses).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { compactSchema } from './schema-compact.ts';

// A dated fact as the output schemas write it, described the same way at each use (the `bound` of every fact).
const BOUND = {
  type: 'string', enum: ['on_or_before', 'on_or_after'],
  description: 'Present only when the value is a bound, not the fact: on_or_before (an upper bound), on_or_after (a lower bound).',
};
const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const fact = (value: object) => ({
  type: 'object',
  properties: { value, as_of: DATE, bound: BOUND },
  required: ['value', 'as_of'],
  additionalProperties: false,
});
const ANSWER = {
  type: 'object',
  properties: {
    released: { ...fact(DATE), description: 'The release date.' },
    shut_down: { ...fact(DATE), description: 'The shutdown date.' },
    replaced_on: fact(DATE),
    parameters: fact({ type: 'number', minimum: 0 }),
  },
  required: ['released'],
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
type S = Record<string, unknown> & { $defs?: Record<string, Record<string, unknown>> };

test('a description repeated with its subschema is said once: the definition carries it, each use is a bare $ref', () => {
  const out = compactSchema(ANSWER) as S;
  const text = JSON.stringify(out);
  // BOUND is used in four facts (three date facts and one number fact): its description must appear exactly once.
  assert.equal(text.split(BOUND.description).length - 1, 1);
  const boundDef = Object.entries(out.$defs ?? {}).find(([, d]) => d.description === BOUND.description);
  assert.ok(boundDef, 'BOUND is defined with its description');
  assert.equal(text.split(`{"$ref":"#/$defs/${boundDef[0]}"}`).length - 1, 2, 'used bare by the date fact and the number fact');
});

test('a subschema repeated under different descriptions is defined bare; each use keeps its own description, none gains one', () => {
  const out = compactSchema(ANSWER) as S;
  const props = out.properties as Record<string, Record<string, unknown>>;
  // released, shut_down and replaced_on are the same date fact: one definition, three uses.
  assert.equal(props.released!.$ref, props.shut_down!.$ref);
  assert.equal(props.released!.$ref, props.replaced_on!.$ref);
  assert.equal(props.released!.description, 'The release date.');
  assert.equal(props.shut_down!.description, 'The shutdown date.');
  assert.equal('description' in props.replaced_on!, false, 'the undescribed use stays undescribed');
  const def = out.$defs![(props.released!.$ref as string).split('/').pop()!]!;
  assert.equal('description' in def, false, 'the shared definition carries no use\'s description');
});

test('a subschema used once stays in place, and a schema without repeats comes back unchanged', () => {
  const out = compactSchema(ANSWER) as S;
  const props = out.properties as Record<string, Record<string, unknown>>;
  // The number fact occurs once: written in place, only its BOUND referenced.
  assert.equal(props.parameters!.type, 'object');
  const plain = { type: 'object', properties: { a: { type: 'string', description: 'A long enough description to be worth a definition.' } } };
  assert.deepEqual(compactSchema(plain), plain);
});

test('existing $defs are kept and their references still resolve', () => {
  const withDefs = { type: 'object', $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } }, properties: { a: { $ref: '#/$defs/node' } } };
  const out = compactSchema(withDefs) as S;
  assert.deepEqual(out.$defs!.node, withDefs.$defs.node);
  assert.equal(ajv.validate(out, { a: { next: { next: {} } } }), true);
});

test('the compacted schema accepts and refuses exactly what the original does', () => {
  const original = ajv.compile(ANSWER);
  const compacted = ajv.compile(compactSchema(ANSWER));
  const day = '2026-03-09';
  const cases: Array<[string, unknown, boolean]> = [
    ['a full answer', { released: { value: day, as_of: day, bound: 'on_or_before' }, shut_down: { value: day, as_of: day }, parameters: { value: 70, as_of: day } }, true],
    ['the required fact alone', { released: { value: day, as_of: day } }, true],
    ['a bound outside the enum', { released: { value: day, as_of: day, bound: 'about' } }, false],
    ['a member the fact does not declare', { released: { value: day, as_of: day, source: 'x' } }, false],
    ['a negative parameter count', { released: { value: day, as_of: day }, parameters: { value: -1, as_of: day } }, false],
    ['a date that is not one', { released: { value: 'March', as_of: day } }, false],
    ['the required fact missing', { shut_down: { value: day, as_of: day } }, false],
  ];
  for (const [what, instance, valid] of cases) {
    assert.equal(original(instance), valid, `original: ${what}`);
    assert.equal(compacted(instance), valid, `compacted: ${what}`);
  }
});
