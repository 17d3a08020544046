// A vLLM configuration whose chosen format leaves no KV room for one sequence serves the next narrower format vLLM runs
// there, and says so; where the runtime serves nothing narrower it stays no option.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimateCost } from './cost.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ds = committedDataset();
const hw = (id: string) => ds.hardware.find((h) => h.id === id)!;
const ask = (modelId: string, hardwareId: string, context: number) =>
  estimateCost(ds.modelById.get(modelId)!, [], [hw(hardwareId)], { tokens_millions: 1000, input_share: 0.75, context }).self_hosting;

test('DeepSeek V3.2 on 4 x B200: FP8 leaves vLLM no room, so it is served at INT4 W4A16, 144 sequences of 8,192 tokens', () => {
  // By hand. The committed dataset: 671e9 parameters, 4 x 180 GB cards (720 GiB, as the dataset counts them), MLA
  // (61 layers, latent 512 + rope 64). vLLM's budget: 0.9 x 720 = 648 GiB less 4 x 6 GiB = 624 GiB.
  // FP8 (the shipped format, 8 bits): 671e9 B = 624.92 GiB; 624 - 624.92 = -0.92 GiB, no room: vLLM would not start.
  // INT4 W4A16 (4.51 bits): 671e9 x 4.51 / 8 = 378,252,500,000 B = 352.30 GiB; room 624 x 2^30 - that =
  // 291,762,398,176 B (271.70 GiB). A sequence's latent at its mean 7,168 tokens (0.75 x 8,192 prompt + half the
  // 0.25 answer): 61 x 576 x 2 B x 7,168 = 503,709,696 B, held on each of the 4 cards: 2,014,838,784 B.
  // 291,762,398,176 / 2,014,838,784 = 144.8: 144 sequences. Before, the configuration was no option (does_not_fit).
  const s = ask('deepseek-v3.2', 'b200-x4', 8192);
  assert.equal(s.options.length + s.owned_options.length > 0, true);
  const o = s.options[0] ?? s.owned_options[0];
  assert.equal(o.quantization, 'int4_w4a16');
  assert.equal(o.serving.batch, 144);
  const why = o.derived_from.find((x) => x.startsWith('served at'));
  assert.match(why ?? '', /served at INT4 AWQ\/GPTQ \(W4A16\), not FP8: at FP8 the weights \(624\.92 GiB\) leave vLLM's budget \(0\.9 x 720 GiB less 4 x 6 GiB\) -0\.92 GiB/);
  assert.match(why ?? '', /one sequence of 8192 tokens needs \(2\.14 GiB\).* leaves 271\.70 GiB beside its 352\.30 GiB of weights/);
});

test('DeepSeek V3.2 on 8 x H100 keeps the INT4 W4A16 the fit chose (46 sequences): no step is said where none is taken', () => {
  // The fit already chooses INT4 W4A16 there (FP8's 671 GB is over the 0.95 x 640 GiB usable): nothing moves.
  const o = ask('deepseek-v3.2', 'h100-80gb-x8', 8192).options[0] ?? ask('deepseek-v3.2', 'h100-80gb-x8', 8192).owned_options[0];
  assert.equal(o.quantization, 'int4_w4a16');
  assert.equal(o.serving.batch, 46);
  assert.equal(o.derived_from.some((x) => x.startsWith('served at')), false);
});

test('Kimi K2.6 on 8 x H100: vLLM serves nothing narrower than its shipped INT4, so it stays no option', () => {
  // INT4 (4.63 bits) is the narrowest format vLLM serves for Kimi (runtime.ts, quantization.ts: no format under 4 bits
  // under vLLM, and INT4 W4A16 is the shipped format re-quantized at the same width). Its weights: 1,058,589,420,528 x
  // 4.63 / 8 = 612.66 GB = 570.58 GiB, over the 576 - 48 = 528 GiB vLLM's budget leaves: -42.58 GiB.
  const s = ask('kimi-k2.6', 'h100-80gb-x8', 8192);
  assert.deepEqual([s.options.length, s.skipped.does_not_fit], [0, 1]);
  assert.match(s.reason!, /does not start where what is left, at every format it serves for the model there down to the narrowest, cannot hold one sequence of 8192 tokens/);
});
