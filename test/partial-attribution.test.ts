// A figure a partial answer keeps credits every source it is derived from, even where the answer leaves its inputs out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AccessControl } from '../src/access/types.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { servedDataset } from './dataset-helpers.ts';

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
/**
 * The licence's page, as Epoch AI's README quotes it (/work/shared/data/sources/epoch-ml-hardware/README-from-talmolab.md,
 * "Licensing": "credited under the [Creative Commons Attribution license](https://creativecommons.org/licenses/by/4.0/)");
 * FMTI's LICENSE.md is the text of that licence, "Attribution 4.0 International".
 */
const CC_BY_4 = 'https://creativecommons.org/licenses/by/4.0/';

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
  // Section 3(a)(1)(C) asks for a link to the licence; (B), that a modification be indicated: the Trust Index is
  // derived from FMTI's indicators, not FMTI's own figure.
  assert.equal(fmti.licence_url, CC_BY_4);
  assert.ok(fmti.attribution.includes(CC_BY_4), fmti.attribution);
  assert.equal(fmti.modified, true);
  assert.match(fmti.attribution, /modified/);
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

test('a CC BY source quoted as it is is credited with the licence link and no note of modification', () => {
  // get_model shows the developer's FMTI score as FMTI publishes it (a fact with its source), no figure derived from it.
  const fmti = answer('get_model', { model_id: 'gpt-5' }, false).sources.find((s: { id: string }) => s.id === 'fmti');
  assert.ok(fmti);
  assert.equal(fmti.licence_url, CC_BY_4);
  assert.equal(fmti.modified, undefined);
  assert.doesNotMatch(fmti.attribution, /modified/);
});

test('a trust profile credits Epoch AI where the self-hostable criterion fits the model on hardware whose memory Epoch gives', () => {
  // llama-3.3-70b-instruct's open weights fit an NVIDIA A40, 48 GB (NVIDIA's A40 datasheet; Epoch's row gives the same):
  // the criterion reads that memory from Epoch's table, so the Trust Index rests on it and the credit is owed.
  const full = answer('get_trust_profile', { model_id: 'llama-3.3-70b-instruct' }, true);
  const fit = full.criteria.find((c: Body) => c.id === 'self_hostable');
  assert.equal(fit.status, 'met');
  assert.ok(fit.evidence.derived_from.some((l: string) => /^a40\.memory_gb = 48 \(epoch-hardware, /.test(l)), fit.evidence.derived_from.join('\n'));
  const epoch = answer('get_trust_profile', { model_id: 'llama-3.3-70b-instruct' }, false).sources.find((s: { id: string }) => s.id === 'epoch-hardware');
  assert.ok(epoch, 'Epoch AI not credited');
  assert.equal(epoch.licence_url, CC_BY_4);
  assert.equal(epoch.modified, true);
  // A closed model fits nothing: its profile reads no hardware, and Epoch is not credited.
  assert.ok(!listed(answer('get_trust_profile', { model_id: 'gpt-4o' }, false)).includes('epoch-hardware'));
});
