// Validation keeps records as read: that is sound only while every dataset schema is strict and transforms nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { z } from 'zod';
import { DatasetFiles, DatasetMeta } from '../schema/index.ts';
import { collectionProblems } from './validate.ts';

type Def = { type: string; catchall?: z.ZodType; shape?: Record<string, z.ZodType>; options?: z.ZodType[]; getter?: () => z.ZodType } & Record<string, unknown>;
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every place in a schema where a parse could return something other than its input. */
function reshapingParts(schema: z.ZodType, at: string, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const out: string[] = [];
  if (['default', 'prefault', 'transform', 'pipe', 'catch', 'success'].includes(def.type)) out.push(`${at}: ${def.type}`);
  if (def.type === 'object') {
    if (!def.catchall || defOf(def.catchall).type !== 'never') out.push(`${at}: not strict (unknown keys would be dropped)`);
    for (const [k, v] of Object.entries(def.shape ?? {})) out.push(...reshapingParts(v, `${at}.${k}`, seen));
  }
  for (const k of ['innerType', 'element', 'valueType', 'keyType', 'in', 'out', 'left', 'right']) {
    const inner = def[k] as z.ZodType | undefined;
    if (inner && typeof inner === 'object' && '_zod' in inner) out.push(...reshapingParts(inner, `${at}.${k}`, seen));
  }
  for (const [i, o] of (def.options ?? []).entries()) out.push(...reshapingParts(o, `${at}|${i}`, seen));
  if (def.type === 'lazy' && def.getter) out.push(...reshapingParts(def.getter(), at, seen));
  return out;
}

test('every dataset schema is strict with no defaults or transforms, so a valid record is its own parse', () => {
  const parts = Object.entries({ ...DatasetFiles, meta: DatasetMeta }).flatMap(([name, s]) => reshapingParts(s as z.ZodType, name));
  assert.deepEqual(parts, []);
});

test('the reshaping check finds a loose object and a default', async () => {
  const { z } = await import('zod');
  assert.deepEqual(reshapingParts(z.object({ a: z.string() }), 'x'), ['x: not strict (unknown keys would be dropped)']);
  assert.deepEqual(reshapingParts(z.object({ a: z.string().default('') }).strict(), 'x'), ['x.a: default']);
});

test('problems name the file, the record and the field, at most 20 of them', () => {
  const ratings = Array.from({ length: 30 }, (_, i) => ({ model_id: `m${i}`, variant: 'v', leaderboard: 'text', category: 'overall', rating: 1, rating_lower: 2, rating_upper: 3, as_of: '2026-01-01', source: 's' }));
  const problems = collectionProblems('ratings', ratings, 'data');
  assert.equal(problems.length, 20);
  assert.match(problems[0]!, /^data\/ratings\.json: record #0 \(model m0\): field "\(record\)": rating must lie within/);
  assert.deepEqual(collectionProblems('ratings', {}, 'data'), ['data/ratings.json: expected an array of records']);
});
