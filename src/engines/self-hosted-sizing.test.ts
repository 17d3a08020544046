// The bases estimate_cost keeps per dataset: the same as made afresh per ask, for every open model on every configuration.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { MIN_SELF_HOSTING_BITS } from './constants.ts';
import { fitBasis, fitLadder } from './fit-basis.ts';
import { modelFacts } from './memory.ts';
import { costBases } from './self-hosted-sizing.ts';
import { attentionUnsupported } from './attention-support.ts';
import { estimateCost } from './cost.ts';
import { freshCommittedDataset } from '../../test/committed-dataset.ts';

test('committed dataset: the fit bases made for the catalogue equal fitBasis per model and configuration', {
  skip: !existsSync(DEFAULT_DATA_DIR),
}, () => {
  // Its own load: the count below is of the bases made at a dataset's first costing, which another file's tests in
  // the same process would have made already on the shared one.
  const ds = freshCommittedDataset();
  const made = costBases(ds);
  const open = ds.models.filter((m) => m.open_weights?.value === true && !('missing' in modelFacts(m)));
  // One basis per open model with facts on every configuration (all have a bandwidth), made once per dataset.
  assert.equal(made, open.length * ds.hardware.length);
  assert.equal(costBases(ds), made);
  assert.ok(open.length > 100, `${open.length} open models with facts`);
  // Costing a model then reads them: every configuration's answer equals one from a fresh copy of the model, which
  // has no kept basis and so makes each with fitBasis as before.
  const opts = { context: 8192, concurrency: 1, min_bits_per_weight: MIN_SELF_HOSTING_BITS, figure: 'serving' as const };
  for (const m of open.filter((_, i) => i % 5 === 0)) {
    for (const h of ds.hardware) {
      // A configuration whose runtime has no kernel for the model's attention (DSA under vLLM on an A100) has no basis.
      const noKernel = attentionUnsupported(m, h, fitLadder(h, opts).runtime);
      assert.equal(Boolean(fitBasis(m, h, opts)), !noKernel, `${m.id} on ${h.id}`);
    }
    const ask = { tokens_millions: 250, input_share: 0.75, context: 20000 };
    assert.deepEqual(estimateCost(m, [], ds.hardware, ask, 200), estimateCost(structuredClone(m), [], ds.hardware, ask, 200), m.id);
  }
});
