// estimate_cost on the shipped dataset: the curve at the volume asked and the owned windows agree with the answer there.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { estimate_cost } from './estimate-cost.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const shipped = existsSync(`${DEFAULT_DATA_DIR}/models.json`);
const ds = shipped ? await committedDataset() : null;
type Out = Record<string, any>;
const run = (input: Record<string, unknown>) =>
  estimate_cost.handler(ds!, estimate_cost.input.parse(input), { today: '2026-11-26' }) as Out;

test('the curve at the volume asked costs what the answer costs there, rented and owned', { skip: !shipped }, () => {
  const r = run({ model_id: 'llama-3.3-70b-instruct', tokens_millions: 3000 });
  const rented = r.self_hosting.options[0];
  // h200-x1 (141 GB, 4,800 GB/s, 989.5 TFLOPS) in FP8 W8A8: 70,553,706,496 x 8.24 / 8 = 72.670 GB of weights. vLLM's
  // budget (vllm-memory.ts): 141 x 2^30 B x 0.9 less 6 GiB less the weights = 57.145 GB, over 7,175.5 held tokens x
  // 80 x 8 x 128 x 2 x 2 = 327,680 B a token (2.3513 GB) = 24.3: 24 sequences of 7,168 tokens (29 at the service's
  // former 0.95 less 0.75 GB), 56.371 GB of cache. A step: 72.670 GB / (0.67 x 4,800 GB/s) = 22.596 ms + 56.371 GB /
  // (0.73 x 4,800 GB/s, the serving cache read refitted on that budget) = 16.088 ms + 80 x 45 us = 42.284 ms: 567.59
  // tokens/s (620.15 before); prefill 0.3024 x 989.5e12 / (2 x 70.55e9) = 2,120.55 tokens/s for the matrix products (6,144-token
  // prompt: 2.8974 s) + its attention on Hopper, 4 x 80 x 64 x 128 = 2,621,440 FLOPs a position x 6,144^2 / 2 =
  // 4.9478e13 FLOPs at FlashAttention-3's causal 616 / 989.4 of 989.5 TFLOPS (128-wide heads, arXiv 2407.08608):
  // 0.0803 s, so 6,144 / 2.9777 s = 2,063.35; at 75% input 1 / (0.75 / 2,063.35 + 0.25 / 567.59) = 1,243.86 tokens/s,
  // 2.23895M a paid hour at 50% utilization. 3,000M tokens need 1,339.91 hours (above one machine-month): 1,339.91 x
  // 3.5 = 4,689.69 (4,471.91 at 29 sequences and 0.69, before vLLM's budget).
  assert.equal(rented.hardware_id, 'h200-x1');
  // Hours shown to 0.01: up to 0.005 h x 3.5 = 0.0175 USD off.
  assert.ok(Math.abs(rented.billed_hours * rented.rental.usd_per_hour - 4689.69) <= 0.0175, `${rented.billed_hours} hours`);
  assert.equal(rented.monthly_usd, 4689.69);
  const at = r.curve.find((p: Out) => p.tokens_millions === 3000);
  assert.equal(at.rented_usd, 4689.69);
  assert.equal(at.owned_usd, r.self_hosting.owned_options[0].monthly_usd);
  for (const v of [1, 730, 12_345, 250_000]) {
    const a = run({ model_id: 'llama-3.3-70b-instruct', tokens_millions: v });
    const p = a.curve.find((x: Out) => x.tokens_millions === v);
    assert.equal(p.rented_usd, a.self_hosting.options[0].monthly_usd, `rented at ${v}`);
    assert.equal(p.owned_usd, a.self_hosting.owned_options[0].monthly_usd, `owned at ${v}`);
  }
});

test('an owned window names the configuration and machines that cost least inside it', { skip: !shipped }, () => {
  // gpt-oss-120b on rtx-pro-6000-max-q (named: the owned figures rest on one configuration, so windows of two
  // configurations meet only in the engine's own tests, cheaper-ranges.test.ts): one card in its desktop host costs
  // 238.89 + 15.69 USD a month, plus idle power 60 W and the host's 45 W x 730 h x 0.15 USD/kWh = 6.57 + 4.93, so
  // 266.08 flat, plus 1e6 / (3,561.3 tokens/s x 3,600) = 0.077999 busy hours x 240 W more x 0.15 = 0.002808 USD of power
  // per 1M tokens, against OpenRouter's blended 0.06: cheaper from 266.08 / (0.06 - 0.002808) = 4,652.41M until it is
  // full at 3,561.3 x 3,600 x 730 x 0.5 = 4,679.56M. k machines repeat it: two from 9,304.82M to 9,359.13M, three from
  // 13,957.23M. Between 4,679.56M and 9,304.82M no number of machines costs no more than the API.
  // (rtx-3090-x4 had such windows, 4,504.02M-5,673.88M and on, until an MoE step under vLLM paid its weights' read and
  // its compute in turn, serving.ts batchDecodeRate: its four PCIe cards serve gpt-oss at 3,582.7 tokens/s, not 4,318,
  // so a million tokens costs 0.01517 USD of power, 213.57 / (0.06 - 0.01517) = 4,764M, past the 4,707.61M it serves.)
  // (DeepSeek V3.2 on mi300x-x8 had such windows until each MI300X read its own copy of the MLA latent in a decode step.)
  const be = run({ model_id: 'gpt-oss-120b', tokens_millions: 3000, hardware: 'rtx-pro-6000-max-q' }).break_even_owned;
  const within = (v: number) => be.cheaper_windows.find((w: Out) => w.from_tokens_millions <= v && v <= w.to_tokens_millions);
  assert.deepEqual(within(9_330), {
    from_tokens_millions: 9304.82, to_tokens_millions: 9359.13, hardware_id: 'rtx-pro-6000-max-q', machines: 2,
  });
  assert.equal(within(7_000), undefined);
  assert.deepEqual([within(13_960).from_tokens_millions, within(13_960).machines], [13957.23, 3]);
  const x3090 = run({ model_id: 'gpt-oss-120b', tokens_millions: 3000, hardware: 'rtx-3090-x4' }).break_even_owned;
  assert.deepEqual(x3090.cheaper_windows, []);
  const ds32 = run({ model_id: 'deepseek-v3.2', tokens_millions: 3000, hardware: 'mi300x-x8' }).break_even_owned;
  assert.deepEqual(ds32.cheaper_windows, []);
});

test('the curve at an owned window\'s end shows the machines of that window, no more than the API', { skip: !shipped }, () => {
  // gpt-oss-120b: one rtx-pro-6000-max-q with its desktop host costs 266.08 USD a month flat plus 0.002808 USD of power
  // per 1M tokens (the test above), against OpenRouter's blended 0.06: from 4,652.41M, and the machine is full at
  // 4,679.56M. Costed just past the full volume as shown, it would need a second machine and read above the API; the
  // curve costs it where it lies. (rtx-3090-x4 had such a window, 4,504M-5,674M, until the MoE step paid its read and its
  // compute in turn; Gemma 3 27B on one rtx-4090-x4 had one, 5,478-5,929M, before vLLM's GeForce prompts ran at the
  // FP32-accumulate rate. Qwen3 8B on one rtx-5080 had one before its desktop host's own 45 W was counted: 51.36 + 4.93
  // = 56.28 USD flat now, 56.28 / (0.06 - 0.01392) = 1,221M, past the 1,132.63M one machine serves, so that window is gone.)
  const r = run({ model_id: 'gpt-oss-120b', tokens_millions: 9586.664, hardware: 'rtx-pro-6000-max-q' });
  const [w] = r.break_even_owned.cheaper_windows;
  assert.deepEqual([w.from_tokens_millions, w.to_tokens_millions, w.hardware_id, w.machines], [4652.41, 4679.56, 'rtx-pro-6000-max-q', 1]);
  for (const v of [w.from_tokens_millions, w.to_tokens_millions]) {
    const p = r.curve.find((x: Out) => x.tokens_millions === v);
    assert.ok(p.owned_usd <= p.api_usd + 0.01, `at ${v}: owned ${p.owned_usd}, API ${p.api_usd}`);
  }
  const q = run({ model_id: 'qwen3-8b', tokens_millions: 9586.664, hardware: 'rtx-5080' }).break_even_owned;
  assert.deepEqual(q.cheaper_windows.filter((x: Out) => x.hardware_id === 'rtx-5080'), []);
});

test('gpt-oss-120b at 3,000M: four RTX 3090 with their host machine cost more than the API, so the API is cheaper', { skip: !shipped }, () => {
  // OpenRouter at 0.03/0.15 (models.dev's sync of OpenRouter's API, f34441cf84, 2026-06-26; genai-prices' 0.039/0.18 is
  // its sync of 2026-06-15), blended 3:1 (3 x 0.03 + 0.15) / 4 = 0.06: 3,000 x 0.06 = 180 USD. rtx-3090-x4: the cards
  // 5,996 / 36 = 166.56, the EPYC workstation around them 1,314 / 36 = 36.50, power 4 x 24 W idle x 730 h x 0.15 =
  // 10.51 plus 3,000 x 0.018664 = 55.99 (1e6 / (2,911.2 tokens/s x 3,600) = 0.095418 busy hours a million x 1,304 W
  // above idle x 0.15): 269.56 USD, above 180 with or without the host (233.06). The 2,911.2 tokens/s are at a batch of
  // 55: vLLM's budget on four 24 GiB cards, 0.9 x 96 GiB less 4 x 2 GiB (vllm-memory.ts, cards under 70 GiB) less the
  // 64.38 GiB it loads of the MXFP4 checkpoint (vllm-mxfp4.ts), leaves 14.02 GiB = 15.05 GB, 55 sequences of 0.269 GB
  // (18 global layers x 7,168 tokens x 2,048 B plus the sliding layers' 128-token windows); 110 and 3,582.7 tokens/s
  // (259.06 USD) when 24 GB cards kept the service's sums, 0.95 of the cards less 0.75 GB a card.
  // rtx-4090-x4 (no host priced) costs 235.43 even without one: above 180 whatever its host costs.
  const full = run({ model_id: 'gpt-oss-120b', tokens_millions: 3000 });
  const short = run({ model_id: 'gpt-oss-120b', tokens_millions: 3000, view: 'summary' });
  const x3090 = full.self_hosting.owned_options.find((o: Out) => o.hardware_id === 'rtx-3090-x4');
  assert.deepEqual([x3090.purchase.monthly_usd, x3090.host_machine.monthly_usd, x3090.monthly_usd], [166.56, 36.5, 269.56]);
  assert.deepEqual([full.api.cheapest.provider, full.api.cheapest.monthly_usd], ['openrouter', 180]);
  assert.deepEqual([full.cheaper, full.cheaper_note], ['api', null]);
  assert.deepEqual([short.cheaper, short.cheaper_note], ['api', null]);
  assert.deepEqual(short.self_hosting.owned_options.map((o: Out) => [o.hardware_id, o.monthly_usd, o.host_machine?.monthly_usd ?? null]),
    full.self_hosting.owned_options.map((o: Out) => [o.hardware_id, o.monthly_usd, o.host_machine?.monthly_usd ?? null]));
});

test('WizardLM-2 8x22B at 1,000M: the owned month below the API leaves out its host, so it is not called cheaper', { skip: !shipped }, () => {
  // One mi300x-x1 bought costs 15,000 / 36 = 416.67 USD a month, plus 750 W x 0.15 USD/kWh for about 300.4 busy hours
  // (33.80) and 0.2 x 750 W for the other 429.6 (9.66): 460.13, against Novita AI's 0.62 in and out x 1,000 = 620
  // (34.7% more): offers.json's cheaper DeepInfra 0.48 (litellm, set 2025-08-22) and NanoGPT 0.493 (set 2026-02-18), and
  // Hugging Face's and Kilo's 0.62 (set 2026-03-20, 2026-02-16), are prices no other source confirms, set more than six
  // months before the data's date (2026-09-23); Novita's 0.62 is confirmed by genai-prices and litellm. (480, DeepInfra's, 4.3% more, before
  // the break-even and `cheaper` took such a price only for want of another.)
  // (457.41 and 270.2 busy hours before an MoE step under vLLM paid its weights' read and its compute in
  // turn, serving.ts batchDecodeRate: 924.6 tokens/s, not 1,028.2; 453.09 and 222.21 before the batch on a 192 GB
  // card was sized on vLLM's memory budget, vllm-memory.ts.)
  // No source prices an MI300X server's host, so that month is a lower bound and not called cheaper.
  // The owned basis, listed first, is the cheapest month that counts the whole machine of a configuration on sale:
  // rtx-pro-6000-max-q with its desktop host (rtx-3090-x4 with its workstation was, until the RTX 3090's withdrawal
  // from NVIDIA's store in 2023-03 was recorded in card-production.csv). (DeepSeek V3.2 on six mi300x-x8 at 104,000M
  // was this case until each card read its own copy of the MLA latent in a decode step: its owned month now costs more
  // than the API.)
  const full = run({ model_id: 'wizardlm-2-8x22b', tokens_millions: 1000 });
  const short = run({ model_id: 'wizardlm-2-8x22b', tokens_millions: 1000, view: 'summary' });
  const [basis, hostless] = full.self_hosting.owned_options;
  assert.deepEqual([basis.hardware_id, basis.host_machine.id], ['rtx-pro-6000-max-q', 'desktop-1gpu']);
  assert.deepEqual([hostless.hardware_id, hostless.host_machine], ['mi300x-x1', null]);
  assert.match(full.cheaper_note, /the cheapest month that counts the whole machine, rtx-pro-6000-max-q bought, costs /);
  assert.equal(full.cheaper, null);
  assert.match(full.cheaper_note,
    /^self-hosting is not shown cheaper: mi300x-x1 bought and run costs 460\.13 USD a month, and the API \(novita-ai\) 620 USD, 34\.7% more/);
  assert.deepEqual([short.cheaper, short.cheaper_note], [full.cheaper, full.cheaper_note]);
});
