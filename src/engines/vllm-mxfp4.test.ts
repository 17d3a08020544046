// gpt-oss-120b under vLLM on one A100 80GB and one H100 against GPUStack's published runs of the same server.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GIB, QUANTIZATIONS } from './constants.ts';
import { modelFacts, type ModelFacts } from './memory.ts';
import { servingAt, servingConstants } from './serving.ts';
import { vllmA100Mxfp4PromptRate, vllmChargedWeights, vllmMxfp4Basis } from './vllm-mxfp4.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ds = committedDataset();
const facts = modelFacts(ds.modelById.get('gpt-oss-120b')!) as ModelFacts;
const mxfp4 = QUANTIZATIONS.find((q) => q.id === 'mxfp4')!;
const bf16 = QUANTIZATIONS.find((q) => q.id === 'bf16')!;
const a100 = ds.hardware.find((h) => h.id === 'a100-80gb-x1')!;
const h100 = ds.hardware.find((h) => h.id === 'h100-80gb-x1')!;

/**
 * GPUStack's baseline runs (`vllm serve openai/gpt-oss-120b --max-model-len 32768`, one card, `vllm bench serve`, all
 * requests at once): [name, prompt tokens, generated tokens, requests, Total Token throughput, lowest and highest
 * estimate / measured]. A100: gpustack/gpustack docs/performance-lab/gpt-oss-120b/a100.md @1f37f1b8 (vLLM 0.11.0;
 * max_num_seqs the A100 default, 256). H100: h100.md @72aee9dd (vLLM 0.10.2; max_num_seqs 1,024 on a card of 70 GiB
 * or more). Before the A100 prompt share, the logged loaded size and the A100 reserve, the same sums read A100
 * ShareGPT 1.01x, 4K 0.54x, 2K 0.50x, 32K 1.06x, 128 0.51x; H100 ShareGPT 2.02x, 4K 0.77x, 2K 0.81x, 32K 0.76x, 128 0.89x.
 */
const runs: { hw: typeof a100; maxSeqs: number; rows: [string, number, number, number, number, [number, number]][] }[] = [
  {
    hw: a100, maxSeqs: 256, rows: [
      // 1.028x since an MoE step under vLLM pays its weights' read and its compute in turn (serving.ts
      // batchDecodeRate): 256 sequences decode at 3,226 tokens/s, not 5,365 (1.37x before).
      ['ShareGPT', 215312, 196656, 1000, 4768.75, [0.97, 1.08]],
      ['4000 in / 200 out', 1999249, 67259, 500, 7671.0, [0.8, 0.9]],
      ['2000 in / 100 out', 999120, 48981, 500, 8456.65, [0.8, 0.9]],
      ['32000 in / 100 out', 3200000, 9988, 100, 4337.21, [1.1, 1.25]],
      // The run the A100 share is read from: 1.00x by construction (0.98x with its 4 decode steps at the min), 0.948x
      // with those steps paying their compute after the weights' read: 3.0% of the tokens at 3,274 tokens/s, not 9,427.
      ['128 in / 4 out', 127755, 4000, 1000, 9353.12, [0.92, 0.98]],
    ],
  },
  {
    hw: h100, maxSeqs: 1024, rows: [
      // 0.788x (0.93x at the min): 105 sequences in 1.62 GiB decode at 2,741 tokens/s, the step's compute after its read.
      ['ShareGPT', 215312, 195544, 1000, 6095.37, [0.74, 0.84]],
      ['4000 in / 200 out', 1999249, 67205, 500, 14247.47, [0.62, 0.72]],
      ['2000 in / 100 out', 999120, 49197, 500, 14385.69, [0.6, 0.7]],
      ['32000 in / 100 out', 3200000, 9877, 100, 16136.57, [0.68, 0.76]],
      ['128 in / 4 out', 127755, 4000, 1000, 17059.15, [0.8, 0.9]],
    ],
  },
];

test("gpt-oss-120b on one A100 and one H100 reads within the stated error of GPUStack's vLLM runs", () => {
  for (const { hw, maxSeqs, rows } of runs) {
    const c = servingConstants(facts, mxfp4, hw);
    for (const [name, input, output, requests, measured, [low, high]] of rows) {
      const s = servingAt(c, facts.architecture, {
        context: Math.round((input + output) / requests), input_share: input / (input + output), max_sequences: maxSeqs,
      });
      const ratio = s.tokens_per_s / measured;
      assert.ok(ratio >= low && ratio <= high, `${hw.id} ${name}: ${ratio.toFixed(3)}, stated ${low}-${high}`);
    }
  }
});

test("an A100's MXFP4 MoE prompt rate is the Marlin share of its rating; the H100 keeps the class's MoE share", () => {
  // 0.31 x 312 TFLOPS / (2 x 5.13e9 active parameters) = 9,427.0 tokens/s; GPUStack measured 9,353.12 on 128-token prompts.
  assert.ok(Math.abs(vllmA100Mxfp4PromptRate(a100, facts.parameters_active) - 9427.0) < 0.1);
  assert.ok(Math.abs(servingConstants(facts, mxfp4, a100).compute_rate - 9427.0) < 0.1);
  // H100: 0.19 x 0.83 x 989.4 TFLOPS / 10.26e9 = 15,207 tokens/s, as before.
  assert.ok(Math.abs(servingConstants(facts, mxfp4, h100).compute_rate - 15207) < 2);
  // Not MXFP4, not the case: BF16 on an A100 keeps 0.158 of the rating, 312e12 x 0.1577 / 10.26e9 = 4,796 tokens/s.
  assert.ok(Math.abs(servingConstants(facts, bf16, a100).compute_rate - 4796) < 2);
});

test("vLLM's budget is charged with the logged 64.38 GiB of gpt-oss-120b, and an A100 keeps 2 GiB, not 6", () => {
  // H100: 0.9 x 80 - 6 - 64.38 = 1.62 GiB; A100: 0.9 x 80 - 2 - 64.38 = 5.62 GiB (the file's 60.80 left 5.20 on both).
  assert.ok(Math.abs(servingConstants(facts, mxfp4, h100).room / GIB - 1.62) < 0.005);
  assert.ok(Math.abs(servingConstants(facts, mxfp4, a100).room / GIB - 5.62) < 0.005);
  // Only the native MXFP4 checkpoint is charged its log: another format keeps the fit's weights.
  assert.equal(vllmChargedWeights(h100, facts.architecture, bf16, 1e9), 1e9);
  assert.equal(vllmChargedWeights(h100, facts.architecture, mxfp4, 1e9), 64.38 * GIB);
});

test("an MXFP4 option on vLLM says what its figures owe to vLLM's load and, on an A100, to Marlin's prompt share", () => {
  const a = vllmMxfp4Basis(a100, 'mxfp4')!;
  assert.match(a, /64\.38 GiB/);
  assert.match(a, /0\.31 of the A100's dense BF16 rating/);
  const h = vllmMxfp4Basis(h100, 'mxfp4')!;
  assert.match(h, /64\.38 GiB/);
  assert.doesNotMatch(h, /Marlin/);
  assert.equal(vllmMxfp4Basis(h100, 'fp8_w8a8'), null);
});
