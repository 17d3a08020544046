// recommend_model on hardware the caller owns or buys: a pick too slow at the highest quantization that fits runs at the
// highest one that reaches the usable-speed floor, and the reason says which and why.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aHardware, aModel, aRating, f } from '../dataset/fixtures.ts';
import type { Architecture } from '../schema/index.ts';
import { interpret } from './interpret.ts';
import { recommend } from './recommend.ts';
import { usableFormat } from './recommend-quant.ts';
import { prefillText, READING_TOKENS_PER_S, secondsText } from './recommend-speed.ts';

const arch: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'acme/x' };
const APACHE = f({ id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true });
const host = (usd: number) => f({ id: 'tower', name: 'tower', basis: 'priced' as const, usd });

// small-8b on mid-24, a GPU reading memory at 60 GB/s, by the decode formula of docs/hardware-and-cost.md section 4:
// seconds a token = weights / (0.67 x 60 GB/s) + KV read / (0.82 x 60 GB/s) + 32 layers x 45 us. The KV cache at 8,192
// tokens is 2 x 32 layers x 8 heads x 128 x 2 bytes x 8,192 = 1.074 GB: 0.02183 s, plus 0.00144 s of layers.
//   Q8_0   8e9 x 8.5 / 8  = 8.50 GB: 0.21144 + 0.02327 = 0.23471 s, 4.26 tokens/s (under 5.29: 238 words a minute, 0.75 a token)
//   Q6_K   8e9 x 6.56 / 8 = 6.56 GB: 0.16318 + 0.02327 = 0.18645 s, 5.36 tokens/s (reaches it)
// All fit comfortably in 24 x 0.95 GB, so Q6_K, not Q5_K_M or Q4_K_M, is the highest that reaches the floor.
const DATA = {
  models: [aModel({
    id: 'small-8b', open_weights: f(true), licence: APACHE, parameters_total: f(8e9), architecture: f(arch), context_window: f(131072),
  })],
  ratings: [aRating({ model_id: 'small-8b', rating: 1400, rating_lower: 1395, rating_upper: 1405 })],
  hardware: [
    aHardware({ id: 'mid-24', memory_gb: f(24), bandwidth_gbs: f(60), purchase_price_usd: f(540), power_w: f(100), host_machine: host(180) }),
    aHardware({ id: 'fast-24', memory_gb: f(24), bandwidth_gbs: f(1000), purchase_price_usd: f(1080), power_w: f(300), host_machine: host(720) }),
  ],
};
const ds = aDataset(DATA);
const small = (r: ReturnType<typeof recommend>) => r.recommendations.find((x) => x.model.id === 'small-8b');

test('on a named machine: the highest quantization that reaches the floor is run, not the one held back', () => {
  const r = recommend(ds, interpret(ds, { where: 'local', machine: 'mid-24' }));
  const s = small(r)!.option.self!;
  assert.deepEqual([s.fit.quantization, s.below_floor, s.slower_quantization?.quantization], ['q6_k', false, 'q8_0']);
  assert.equal(Math.round(s.fit.tokens_per_s! * 10) / 10, 5.4);
  assert.equal(Math.round(s.slower_quantization!.tokens_per_s! * 10) / 10, 4.3);
  assert.deepEqual(r.held_back, []);
  // 5.4 tokens/s is above reading (5.3) and under skimming (500 / 60 / 0.75 = 11.1): said first, with the machine.
  assert.match(small(r)!.reasons[0], /^Slow to read from: about 5\.4 tokens\/s at q6_k on mid-24 .*under the 11\.1 tokens\/s of a reader who skims/);
  assert.match(small(r)!.reasons[2], /at q6_k: .*q6_k, the largest format that reads at a usable speed here; q8_0, the largest that fits, would read at about 4\.3 tokens\/s\./);
  assert.match(small(r)!.reasons[2], /estimate_cost with hardware=mid-24, tokens_millions=[\d.]+, quantization=q6_k and context=8192 gives/);
});

test('on premises: the least costly configuration runs it at a lower quantization rather than being passed over', () => {
  const r = recommend(ds, interpret(ds, { where: 'on premises' }));
  const s = small(r)!.option.self!;
  assert.deepEqual([s.hardware.id, s.fit.quantization, s.passed_over, s.slower_quantization?.quantization], ['mid-24', 'q6_k', null, 'q8_0']);
  // mid-24 bought and run, by hand: (540 + 180) / 36 = 20 USD; busy 730 x 0.5 = 365 h at 100 W, idle 0.2 x 100 = 20 W
  // for the other 365 h: (100 x 365 + 20 x 365) / 1000 x 0.15 USD/kWh = 6.57; 26.57 USD.
  assert.equal(s.cost!.monthly_usd, 26.57);
  assert.ok(s.cost!.basis.some((b) => /quantization=q6_k/.test(b)));
});

test('a machine fast enough at the highest quantization keeps it', () => {
  const r = recommend(ds, interpret(ds, { where: 'local', machine: 'fast-24' }));
  const s = small(r)!.option.self!;
  assert.deepEqual([s.fit.quantization, s.slower_quantization], ['q8_0', null]);
});

test('the time to read a prompt filling the context is stated past a minute, with its prefill speed, and not under it', () => {
  // 32,768 tokens at 180 tokens/s: 32,768 / 180 = 182 s, about 3 minutes; at 1,000 tokens/s, 32.8 s: not stated.
  const at = (prefill: number) => ({ speed: { prefill_tokens_per_s: prefill, time_to_first_token_s: 32768 / prefill } }) as Parameters<typeof prefillText>[0];
  assert.match(prefillText(at(180), 32768), /^A prompt that fills the 32,768 tokens of context takes about 3 minutes to read here .*prefill at about 180 tokens\/s/);
  assert.equal(prefillText(at(1000), 32768), '');
  assert.equal(prefillText({ speed: null }, 32768), '');
});

test('the floor decided from the fit\'s sums: the format run, without writing the fit out', () => {
  const m = ds.modelById.get('small-8b')!;
  const hw = (id: string) => ds.hardwareById.get(id)!;
  // mid-24: Q8_0 4.26 tokens/s, Q6_K 5.36 (above): Q6_K. fast-24 (1,000 GB/s) reaches it at Q8_0.
  assert.equal(usableFormat(m, hw('mid-24'), 8192, READING_TOKENS_PER_S), 'q6_k');
  assert.equal(usableFormat(m, hw('fast-24'), 8192, READING_TOKENS_PER_S), 'fast');
  // 40 GB/s: even Q4_K_M, 8e9 x 4.89 / 8 = 4.89 GB, reads 4.89 / (0.67 x 40) + 1.074 / (0.82 x 40) + 0.00144 = 0.2166 s
  // a token, 4.6 tokens/s: under the floor at every format of 4 bits or more.
  assert.equal(usableFormat(m, aHardware({ id: 'slow-24', bandwidth_gbs: f(40) }), 8192, READING_TOKENS_PER_S), 'slow');
  // A machine named by its memory alone has no speed estimate: not held back.
  assert.equal(usableFormat(m, aHardware({ id: 'mem-24', bandwidth_gbs: undefined }), 8192, READING_TOKENS_PER_S), 'fast');
  // 4 GB holds not even the Q4_K_M weights (4.89 GB): no fit.
  assert.equal(usableFormat(m, aHardware({ id: 'tiny-4', memory_gb: f(4) }), 8192, READING_TOKENS_PER_S), undefined);
});

test('a named machine asked again reads the format kept for it: the same lowered quantization', () => {
  const ask = () => small(recommend(ds, interpret(ds, { where: 'local', machine: 'mid-24' })))!.option.self!;
  const first = ask();
  const again = ask();
  // Q6_K at 5.36 tokens/s, Q8_0 passed over at 4.26 (the hand calculation above), both times.
  assert.deepEqual([again.fit.quantization, again.slower_quantization?.quantization, again.below_floor], ['q6_k', 'q8_0', false]);
  assert.deepEqual([first.fit.quantization, first.slower_quantization?.quantization], ['q6_k', 'q8_0']);
});

// The prompt limit (use=documents, 120 s): prefill is compute-bound, docs/hardware-and-cost.md section 4: 0.42 (a dense
// model's share on a GeForce card) x 10 TFLOPS / (2 x 8e9 parameters) = 262.5 tokens/s, so a prompt of 32,768 tokens
// takes 124.8 s (over 120 s) and one of 16,384 tokens 62.4 s. No format changes it: it is 'slow' even where Q8_0 writes
// far above the floor (1,000 GB/s), and without a compute figure nothing is held back.
test('the prompt limit: a machine that reads a full prompt in more than the limit is slow at every format', () => {
  const m = ds.modelById.get('small-8b')!;
  const gpu = aHardware({ id: 'tflops-24', accelerator: 'NVIDIA GeForce Test', compute_tflops: f(10) });
  assert.equal(usableFormat(m, gpu, 32768, READING_TOKENS_PER_S, 'batch', 120), 'slow');
  assert.equal(usableFormat(m, gpu, 16384, READING_TOKENS_PER_S, 'batch', 120), 'fast');
  assert.equal(usableFormat(m, gpu, 32768, READING_TOKENS_PER_S, 'batch', null), 'fast');
  assert.equal(usableFormat(m, aHardware({ id: 'no-tflops-24' }), 32768, READING_TOKENS_PER_S, 'batch', 120), 'fast');
});

test('secondsText: seconds up to 3 minutes, so a time just over the 120 s limit never reads as 2 minutes', () => {
  // 131,072 tokens at 1,025 tokens/s = 127.9 s: "about 128 s", not "about 2 minutes" beside "over the limit of 120 s".
  assert.equal(secondsText(131072 / 1025), 'about 128 s');
  assert.equal(secondsText(180), 'about 180 s');
  // 65,536 tokens at 72.6 tokens/s = 902.7 s = 15.0 minutes.
  assert.equal(secondsText(65536 / 72.6), 'about 15 minutes');
});
