// A figure a partial answer keeps credits every source it is derived from, even where the answer leaves its inputs out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AccessControl } from '../src/access/types.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { servedDataset } from './helpers.ts';

const { dataset } = servedDataset();
const executor = createExecutor({
  dataset, access: undefined as unknown as AccessControl, baseUrl: 'http://127.0.0.1:8080', today: () => '2026-11-25', cacheEntries: 0,
});
type Body = Record<string, any>;
const answer = (name: string, raw: Record<string, unknown>, full: boolean): Body => {
  const op = OPERATIONS.find((o) => o.name === name)!;
  return executor.run(op, validateInput(op, raw), full).value as Body;
};
const listed = (b: Body): string[] => b.sources.map((s: { id: string }) => s.id);

// /work/shared/data/SOURCES.md, the FMTI row: "Stanford Foundation Model Transparency Index ... |
// https://github.com/stanford-crfm/fmti (commit in `HEAD_COMMIT.txt`); https://crfm.stanford.edu/fmti/ | CC BY 4.0:
// attribution required". Criteria 5-14 of the Trust Index are its indicators, so an answer showing the index credits it.
const FMTI = { id: 'fmti', urls: ['https://github.com/stanford-crfm/fmti', 'https://crfm.stanford.edu/fmti/'] };

test('partial trust profile of gpt-5: the index stays, the criteria go, and FMTI (CC BY 4.0) is credited', () => {
  const partial = answer('get_trust_profile', { model_id: 'gpt-5' }, false);
  assert.equal(partial.criteria, undefined);
  assert.equal(typeof partial.trust_index, 'number');
  const fmti = partial.sources.find((s: { id: string }) => s.id === FMTI.id);
  assert.ok(fmti, `fmti not among ${listed(partial)}`);
  assert.ok(FMTI.urls.includes(fmti.url), fmti.url);
  // CC BY 4.0 asks that the licence be named with the credit: the partial answer names it, whatever the tier.
  assert.equal(fmti.licence, 'CC BY 4.0');
  assert.match(fmti.attribution, /Stanford CRFM/);
  // The list of inputs is provenance: the partial answer shows it once, in `sources`, not as a member.
  assert.equal(partial.derived_from_sources, undefined);
  // Every source a criterion's evidence cites in the full answer is credited by the partial one.
  const full = answer('get_trust_profile', { model_id: 'gpt-5' }, true);
  const cited = new Set<string>(full.criteria.map((c: Body) => c.evidence.source).filter(Boolean));
  for (const id of cited) assert.ok(listed(partial).includes(id), `${id} cited by a criterion, not credited`);
  assert.ok(cited.has('fmti') && cited.has('eu-gpai-code'));
});

test('partial recommend_model: every recommendation shows a Trust Index, so the sources of its criteria are credited', () => {
  const raw = { use: 'coding', data: 'patient records', where: 'germany' };
  const partial = answer('recommend_model', raw, false);
  assert.ok(partial.recommendations.length > 0);
  assert.ok(listed(partial).includes('fmti'), `fmti not among ${listed(partial)}`);
  const full = answer('recommend_model', raw, true);
  for (const r of full.recommendations) {
    assert.ok(r.trust.derived_from_sources.includes('fmti') || r.trust.coverage < 10 / 16, `${r.model.id}: FMTI criteria unknown?`);
    for (const id of r.trust.derived_from_sources) assert.ok(listed(partial).includes(id), `${r.model.id}: ${id} not credited`);
  }
});

test('every example of every operation: the sources a derived figure names are credited by its partial answer', () => {
  let figures = 0;
  for (const op of OPERATIONS) {
    for (const ex of op.examples) {
      const ids = new Set<string>();
      const walk = (n: unknown): void => {
        if (Array.isArray(n)) n.forEach(walk);
        else if (n && typeof n === 'object') {
          for (const [k, v] of Object.entries(n)) {
            if (k === 'derived_from_sources') { figures++; for (const s of v as string[]) ids.add(s); } else walk(v);
          }
        }
      };
      walk(answer(op.name, ex.input, true));
      const credited = listed(answer(op.name, ex.input, false));
      for (const id of ids) assert.ok(credited.includes(id), `${op.name} ${JSON.stringify(ex.input)}: ${id}`);
    }
  }
  assert.ok(figures >= 2, `only ${figures} derived figures naming their sources in the examples`);
});
