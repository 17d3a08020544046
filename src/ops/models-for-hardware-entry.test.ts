// Tests of a models_for_hardware entry against the engine's full write-out (describeFit): the same figures, member for member.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { assessFit, describeFit, rankedHeadroom, type FitAssessment, type FitOptions } from '../engines/hardware-fit.ts';
import { fitCandidates, rankForHardware } from '../engines/hardware-rank.ts';
import { batchOneTokensPerSecond, speedOf } from '../engines/speed.ts';
import { resolveHardware } from './list-hardware.ts';
import { toEntry, type Heading } from './models-for-hardware-entry.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

/** The committed dataset, loaded once for the tests here that read it: it is frozen, and each load costs 1.5 s of CPU. */
let shared: Dataset | undefined;
const committedOnce = (): Dataset => (shared ??= committedDataset());

const hasCommitted = existsSync(DEFAULT_DATA_DIR);

// Each kind of configuration: one card, Apple unified memory, an NVLink node, PCIe cards (split by layer at
// concurrency 1, tensor parallel above), and a bare memory size (no bandwidth: no speed).
const MACHINES = ['rtx-4090', 'm4-max-128gb', 'h100-80gb-x8', '2x 3090', '11 GB GPU'];
const ASKS: FitOptions[] = [
  { context: 8192, concurrency: 1 },
  { context: 512, concurrency: 1 },
  { context: 100_003, concurrency: 7, kv_cache: 'q8_0' },
  { context: 4096, concurrency: 16, min_bits_per_weight: 8, kv_cache: 'q4_0' },
];

test('committed dataset: every ranked entry carries describeFit\'s figures, and a page\'s kept parts are shared across asks', {
  skip: !hasCommitted,
}, () => {
  const ds = committedOnce();
  const { candidates, excluded } = fitCandidates(ds.models);
  const headings = new Map<string, Heading>();
  let compared = 0;
  let dispatchNamed = 0;
  for (const text of MACHINES) {
    const { hardware } = resolveHardware(ds, text, 'hardware_id');
    for (const opts of ASKS) {
      const r = rankForHardware(candidates, hardware, opts, () => null, { candidates, excluded });
      for (const x of r.ranked) {
        const e = toEntry(ds, headings, x, hardware, opts, 'the shared rule');
        // The reference: the engine's own write-out of the same fit, as the entry was built before its parts were kept.
        const d = describeFit(assessFit(x.model, hardware, opts) as FitAssessment, hardware, opts, 'own');
        const where = `${x.model.id} on ${text} at ${JSON.stringify(opts)}`;
        assert.equal(e.fit, d.fit, where);
        assert.equal(e.quantization, d.quantization, where);
        assert.equal(e.quantization_rule, d.quantization_rule, where);
        assert.deepEqual(e.alternatives, d.by_quantization, where);
        assert.deepEqual(e.kv_cache, d.kv_cache, where);
        assert.equal(e.bits_per_weight, d.bits_per_weight, where);
        assert.deepEqual(e.memory, d.memory, where);
        assert.equal(e.tokens_per_s, d.tokens_per_s, where);
        assert.deepEqual(e.derived_from, d.derived_from, where);
        if (d.speed === null) assert.equal(e.speed, null, where);
        else {
          // Only the basis differs: the entry names what is particular to the model, the answer states the method once.
          assert.deepEqual({ ...e.speed, basis: '' }, { ...d.speed, basis: '' }, where);
          assert.match(e.speed!.basis, / weights; \d+ layers; /, where);
          // The words are kept per configuration as well as per model: an MoE model's basis names the Metal expert
          // dispatch on the Mac (llama.cpp Metal) and not on the CUDA cards asked before and after it.
          const metal = /us of expert dispatch \(llama.cpp Metal/.test(d.speed.basis);
          assert.equal(/Metal expert dispatch/.test(e.speed!.basis), metal, where);
          if (metal) dispatchNamed++;
        }
        // The ranking's headroom is the written-out memory report's, rounded as the wire shows it.
        assert.equal(x.headroom_gb, e.memory.headroom_gb, where);
        compared++;
      }
    }
  }
  assert.ok(compared > 1000, `${compared} entries compared`);
  // MoE models ranked on the Mac at each ask: the dispatch is named there, so the check above is not vacuous.
  assert.ok(dispatchNamed > 0, `${dispatchNamed} entries naming the Metal dispatch`);
  // The same model at two contexts shares its KV cache form and derivation (kept text), not its memory figures.
  const { hardware } = resolveHardware(ds, 'h100-80gb-x8', 'hardware_id');
  const one = rankForHardware(candidates, hardware, ASKS[0], () => null, { candidates, excluded }).ranked[0];
  const a = toEntry(ds, headings, one, hardware, { context: 8192, concurrency: 1 }, 'r');
  const b = toEntry(ds, headings, one, hardware, { context: 8200, concurrency: 1 }, 'r');
  assert.equal(a.kv_cache, b.kv_cache);
  assert.equal(a.derived_from, b.derived_from);
  assert.notEqual(a.memory.kv_cache_gb, undefined);
  assert.ok(Object.isFrozen(a.derived_from));
});

test('committed dataset: the ranking headroom of an ask equals rankedHeadroom model by model, and alternatives\' speeds speedOf\'s', {
  skip: !hasCommitted,
}, () => {
  const ds = committedOnce();
  const { candidates, excluded } = fitCandidates(ds.models);
  for (const text of MACHINES) {
    const { hardware } = resolveHardware(ds, text, 'hardware_id');
    for (const opts of ASKS) {
      const r = rankForHardware(candidates, hardware, opts, () => null, { candidates, excluded });
      for (const x of r.ranked) {
        assert.ok(rankedHeadroom(x.model, hardware, opts) !== null, x.model.id);
        const a = assessFit(x.model, hardware, opts) as FitAssessment;
        if (!hardware.bandwidth_gbs) continue;
        const d = describeFit(a, hardware, opts);
        for (const [i, t] of a.tried.entries()) {
          if (t.level === 'no') continue;
          const own = speedOf(a.facts, t.q, hardware, opts).tokens_per_s;
          assert.equal(d.by_quantization[i].tokens_per_s, own, `${x.model.id} ${t.q.id}`);
          // The chosen format's figure is read from the fit's `speed` (describeFit, toEntry), not decoded again: that
          // holds only while the batch-1 decode and speedOf's agree at every format, at any concurrency (7, 16 above).
          assert.equal(batchOneTokensPerSecond(a.facts, t.q, hardware, opts), own, `${x.model.id} ${t.q.id} batch 1`);
        }
      }
    }
  }
});
