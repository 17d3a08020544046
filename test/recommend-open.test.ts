// recommend_model with keep=open-weights / open-licence: every pick's weights (and licence) as the sources state them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { recommend_model } from '../src/ops/recommend-model.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
type Out = { recommendations: Array<Record<string, any>>; constraints: Array<{ id: string; constraint: string }>; notes: string[] };
const ask = (q: Record<string, string>) =>
  recommend_model.handler(ds, recommend_model.input.parse(q), { today: '2026-11-26' } as never) as unknown as Out;
/** Licence ids the licence table itself marks OSI-approved (data/curated/licences.csv), read apart from the engine. */
const osi = new Set((parse(readFileSync('data/curated/licences.csv'), { columns: true }) as Array<Record<string, string>>)
  .filter((r) => r.osi_approved === 'true').map((r) => r.id));

test('a European bank asking "eu-only, open licence" gets only open weights under an OSI-approved licence', () => {
  const out = ask({ who: 'european bank', data: 'customer financial data', keep: 'eu-only, open licence', use: 'documents' });
  assert.equal(out.recommendations.length, 3);
  for (const r of out.recommendations) {
    const m = ds.modelById.get(r.model.id)!;
    assert.equal(m.open_weights?.value, true, r.model.id);
    assert.ok(osi.has(m.licence!.value.id), `${r.model.id}: ${m.licence?.value.id} is not OSI-approved in licences.csv`);
  }
  assert.equal(out.constraints.find((s) => s.id === 'open_licence')?.constraint, 'keep=open-licence');
  assert.ok(out.notes.some((n) => n.startsWith('keep=open-licence asks what the weights are, not where the model runs')));
});

test('keep=open-weights admits open weights under any licence, and is one step with the self-hosting plan', () => {
  const out = ask({ use: 'coding', keep: 'open weights' });
  assert.ok(out.recommendations.every((r) => ds.modelById.get(r.model.id)!.open_weights?.value === true));
  assert.deepEqual(out.constraints.filter((s) => s.id === 'open_weights').map((s) => s.constraint), ['keep=open-weights']);
  // With API offers ruled out (keep=on-device) the plan's own open_weights step already asks for open weights: no
  // second step.
  const local = ask({ use: 'coding', keep: 'on-device, open weights' });
  assert.deepEqual(local.constraints.filter((s) => s.id === 'open_weights').map((s) => s.constraint), ['keep=on-device']);
  // keep=no-retention no longer rules every API offer out: Scaleway's and OVHcloud's own pages say requests are not
  // retained (data/curated/inference-providers.csv), so open weights is asked by keep=open-weights, and an API pick
  // may stand (Gemma 4 26B A4B at Scaleway).
  const retained = ask({ use: 'coding', keep: 'no-retention, open weights' });
  assert.deepEqual(retained.constraints.filter((s) => s.id === 'open_weights').map((s) => s.constraint), ['keep=open-weights']);
});
