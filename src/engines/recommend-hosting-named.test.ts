// Tests of recommend_model on a named machine: whether each model fits it and reaches the reading speed there, worked by
// hand, and the verdicts kept per machine, context and floor never served to another ask.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aHardware, aModel, f } from '../dataset/fixtures.ts';
import type { Architecture, Hardware, Model } from '../schema/index.ts';
import type { HostingPick } from './recommend-hosting.ts';
import { hostingOnMachine, hostingOnNamedMachine } from './recommend-hosting-named.ts';
import { speedFloorOf, type SpeedFloor } from './recommend-speed.ts';

const arch = (layers: number): Architecture => ({ layers, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'acme/x' });
const APACHE = f({ id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true });
const open = (id: string, params: number, layers: number) =>
  aModel({ id, open_weights: f(true), licence: APACHE, parameters_total: f(params), architecture: f(arch(layers)), context_window: f(131072) });

/*
 * By hand, small-8b (8e9 weights, 32 layers, 8 KV heads of 128) at batch 1 on a 24 GB desktop card (usable 0.95 x 24 =
 * 22.8 GB), the fixture's accelerator with no fitted runtime row, so weights are read at 0.67 of the bandwidth and the
 * F16 cache at 0.82 (constants.ts DECODE_EFFICIENCY, KV_READ_EFFICIENCY), plus 45 us a layer (32 x 45 us = 1.44 ms):
 * - the cache: 2 (K and V) x 32 x 8 x 128 x 2 bytes = 131,072 bytes a token: 1.074 GB at 8,192 tokens, 8.59 at 65,536;
 * - weights at Q8_0 8.5 bits (34 bytes a block of 32, ggml block_q8_0): 8.5 GB; Q6_K 6.56 and Q4_K_M 4.89 bits
 *   (llama.cpp tools/quantize on Llama-3.1-8B: 6.5633, 4.8944), 6.56 and 4.89 GB;
 * - the reading floor: 238 words a minute / 60 / 0.75 words a token = 5.29 tokens/s (Brysbaert 2019; OpenAI).
 * mid-66 (66 GB/s) at 8,192 tokens: Q8_0 8.5 / 44.22 + 1.074 / 54.12 + 0.00144 = 0.2135 s, 4.7 tokens/s, under the
 *   floor; Q6_K 6.56 / 44.22 + 0.0198 + 0.00144 = 0.1696 s, 5.9 tokens/s: lowered to q6_k, q8_0 passed over at 4.7.
 * mid-66 at 65,536 tokens: fits at Q8_0 (8.5 + 8.59 + 0.75 overhead = 17.8 GB), but even Q4_K_M reads 4.89 / 44.22 +
 *   8.59 / 54.12 + 0.00144 = 0.2708 s, 3.7 tokens/s: below the floor at every format, q8_0 marked below it.
 * fast-1000 (1,000 GB/s) at 8,192: Q8_0 8.5 / 670 + 1.074 / 820 + 0.00144 = 0.01544 s, 64.8 tokens/s: q8_0, over it.
 * large-200b: even Q4_K_M's 200e9 x 4.89 / 8 = 122 GB of weights pass 22.8 GB: it fits none.
 */
const ds = aDataset({
  models: [open('small-8b', 8e9, 32), open('large-200b', 200e9, 80)],
  hardware: [aHardware({ id: 'mid-66', bandwidth_gbs: f(66) }), aHardware({ id: 'fast-1000', bandwidth_gbs: f(1000) })],
});
const small = ds.modelById.get('small-8b')!;
const large = ds.modelById.get('large-200b')!;
const mid = ds.hardwareById.get('mid-66')!;
const fast = ds.hardwareById.get('fast-1000')!;
const FLOOR = speedFloorOf('chat', true);

/** What a pick says: the quantization it runs at, its speed, whether it is under the floor, the one passed over. */
const said = (p: HostingPick | undefined) => p && [
  p.hardware.id, p.fit.quantization, p.fit.speed?.tokens_per_s, p.below_floor,
  p.slower_quantization && [p.slower_quantization.quantization, p.slower_quantization.tokens_per_s],
];
const ask = (m: Model, h: Hardware, context: number, floor: SpeedFloor | null) => said(hostingOnNamedMachine(ds, m, h, context, floor));

const LOWERED = ['mid-66', 'q6_k', 5.9, false, ['q8_0', 4.7]];
// At 65,536 tokens the q8_0 fit reads 8.5 / 44.22 + 8.59 / 54.12 + 0.00144 = 0.3524 s a token: 2.8 tokens/s.
const BELOW_65K = ['mid-66', 'q8_0', 2.8, true, null];
const NO_FLOOR_65K = ['mid-66', 'q8_0', 2.8, false, null];
const NO_FLOOR_8K = ['mid-66', 'q8_0', 4.7, false, null];
const FAST = ['fast-1000', 'q8_0', 64.8, false, null];

test('on a named machine: the format that reaches the reading speed, or the usual one marked below it, by hand', () => {
  assert.deepEqual(ask(small, mid, 8192, FLOOR), LOWERED);
  assert.deepEqual(ask(small, fast, 8192, FLOOR), FAST);
  assert.deepEqual(ask(large, mid, 8192, FLOOR), undefined);
  assert.deepEqual(ask(large, fast, 8192, null), undefined);
  // At 65,536 tokens every format of 4 bits or more reads too slowly (3.7 tokens/s at q4_k_m): q8_0 marked below.
  assert.deepEqual(ask(small, mid, 65536, FLOOR), BELOW_65K);
});

test('the verdicts kept never answer another context, floor, model or machine, asked in any order', () => {
  // At 4,096 tokens (a 0.537 GB cache) q8_0 reads 8.5 / 44.22 + 0.537 / 54.12 + 0.00144 = 0.2036 s, 4.9 tokens/s, under
  // the floor; q6_k 6.56 / 44.22 + 0.0099 + 0.00144 = 0.1597 s, 6.3 tokens/s: lowered as at 8,192, at other speeds.
  const asks: Array<[Model, Hardware, number, SpeedFloor | null, unknown]> = [
    [small, mid, 8192, FLOOR, LOWERED],
    [small, mid, 4096, FLOOR, ['mid-66', 'q6_k', 6.3, false, ['q8_0', 4.9]]],
    [small, mid, 8192, null, NO_FLOOR_8K],
    [small, mid, 65536, FLOOR, BELOW_65K],
    [small, mid, 65536, null, NO_FLOOR_65K],
    [large, mid, 8192, FLOOR, undefined],
    [small, fast, 8192, FLOOR, FAST],
    [large, fast, 8192, FLOOR, undefined],
  ];
  for (const order of [asks, [...asks].reverse(), asks]) {
    for (const [m, h, context, floor, expected] of order) {
      assert.deepEqual(ask(m, h, context, floor), expected, `${m.id} on ${h.id} at ${context}, floor ${floor !== null}`);
    }
  }
});

test('a floor of the same values as another object is the same floor; other values are another', () => {
  // A floor made afresh with the reading floor's values answers as the kept one; one at 6 tokens/s (Q6_K's 5.9 is under
  // it, Q5_K_M's 5.7 bits read 5.7 / 44.22 + 0.0198 + 0.00144 = 0.1502 s, 6.66 tokens/s, over it) is lowered further.
  const same: SpeedFloor = { ...FLOOR };
  const six: SpeedFloor = { ...FLOOR, tokens_per_s: 6 };
  for (let round = 0; round < 2; round++) {
    assert.deepEqual(ask(small, mid, 8192, FLOOR), LOWERED);
    assert.deepEqual(ask(small, mid, 8192, same), LOWERED);
    assert.deepEqual(ask(small, mid, 8192, six), ['mid-66', 'q5_k_m', 6.7, false, ['q8_0', 4.7]]);
  }
});

test('a machine is kept by its configuration, not its id: another configuration of the same id is answered on its own', () => {
  // A configuration built from a machine text, named as a catalogue one but reading memory at 1,000 GB/s, is fast-1000's
  // case by hand (64.8 tokens/s at q8_0), whatever was kept for the catalogue's mid-66.
  const built = aHardware({ id: 'mid-66', bandwidth_gbs: f(1000) });
  for (let round = 0; round < 2; round++) {
    assert.deepEqual(ask(small, mid, 8192, FLOOR), LOWERED);
    assert.deepEqual(ask(small, built, 8192, FLOOR), ['mid-66', 'q8_0', 64.8, false, null]);
  }
});

test('past the contexts kept for a machine, each ask is still answered at its own context and floor', () => {
  // Four keys are kept a configuration (MAX_KEPT_CONTEXTS), one made with the dataset (8,192 tokens at the floor); the
  // asks below make six, the last ones worked out afresh on each ask. Q8_0 at 16,384 tokens (a 2.147 GB cache):
  // 8.5 / 44.22 + 2.147 / 54.12 + 0.00144 = 0.2333 s, 4.3 tokens/s; at 4,096 (0.537 GB): 0.2036 s, 4.9 tokens/s.
  const own = aDataset({ models: [open('small-8b', 8e9, 32)], hardware: [aHardware({ id: 'mid-66', bandwidth_gbs: f(66) })] });
  const m = own.models[0];
  const h = own.hardware[0];
  const at = (context: number, floor: SpeedFloor | null) => said(hostingOnNamedMachine(own, m, h, context, floor));
  const asks: Array<[number, SpeedFloor | null, unknown]> = [
    [8192, FLOOR, LOWERED], [8192, null, NO_FLOOR_8K], [16384, null, ['mid-66', 'q8_0', 4.3, false, null]],
    [65536, null, NO_FLOOR_65K], [65536, FLOOR, BELOW_65K],
    [4096, null, ['mid-66', 'q8_0', 4.9, false, null]],
  ];
  for (let round = 0; round < 3; round++) {
    for (const [context, floor, expected] of round === 1 ? [...asks].reverse() : asks) {
      assert.deepEqual(at(context, floor), expected, `round ${round}: ${context}, floor ${floor !== null}`);
    }
  }
});

test('use=documents on a named machine: a model over the prompt limit there is kept, marked to rank after; chat never is', () => {
  // By hand, small-8b (8e9 parameters, dense) on the fixture's accelerator ('Test GPU': the professional class, whose
  // prefill share is 0.42 x 0.72 = 0.3024 of the rated compute; constants.ts PREFILL_EFFICIENCY, PREFILL_CLASS_FACTOR):
  // - slow-compute (1 TFLOP/s): 0.3024e12 / (2 x 8e9) = 18.9 prompt tokens/s, so 8,192 tokens take at least 433 s
  //   before any attention at depth: over the documents limit of 120 s. It decodes at fast-1000's 64.8 tokens/s (same
  //   bandwidth), over the reading floor, so it is not held back (below_floor false): marked over the limit;
  // - fast-compute (1,000 TFLOP/s): 18,900 tokens/s, 0.43 s for the prompt, and its attention at depth (at most
  //   4 x 32 layers x 64 heads x 128 x 8,192^2 / 2 = 3.5e13 FLOPs) well under a second at even 5% of the rating: in time.
  const own = aDataset({
    models: [open('small-8b', 8e9, 32)],
    hardware: [
      aHardware({ id: 'slow-compute', bandwidth_gbs: f(1000), compute_tflops: f(1) }),
      aHardware({ id: 'fast-compute', bandwidth_gbs: f(1000), compute_tflops: f(1000) }),
    ],
  });
  const m = own.models[0];
  const [slowC, fastC] = own.hardware;
  const docs = speedFloorOf('documents', true);
  const chat = speedFloorOf('chat', true);
  const over = (h: Hardware, floor: SpeedFloor) => {
    const p = hostingOnNamedMachine(own, m, h, 8192, floor);
    return p && [p.hardware.id, p.fit.quantization, p.below_floor, p.over_prompt_limit];
  };
  for (let round = 0; round < 2; round++) {
    // Asked in both orders: the verdicts kept for chat (no limit) never answer documents at the same context, nor back.
    const asks: Array<[Hardware, SpeedFloor, unknown]> = [
      [slowC, docs, ['slow-compute', 'q8_0', false, true]],
      [slowC, chat, ['slow-compute', 'q8_0', false, false]],
      [fastC, docs, ['fast-compute', 'q8_0', false, false]],
    ];
    for (const [h, floor, expected] of round === 0 ? asks : [...asks].reverse()) {
      assert.deepEqual(over(h, floor), expected, `round ${round}: ${h.id}, ${floor === docs ? 'documents' : 'chat'}`);
    }
  }
  // The machine built afresh (not kept): the same answer.
  assert.equal(hostingOnMachine(m, slowC, 8192, docs)?.over_prompt_limit, true);
  assert.equal(hostingOnMachine(m, fastC, 8192, docs)?.over_prompt_limit, false);
});

test('a machine named by its memory alone: each model fits where its smallest format does, at every size and context', () => {
  // By hand, on one device of N GB with no bandwidth (a bare size: no speed is estimated, so no floor holds a model
  // back), usable N x 0.95 GiB (1 GiB = 1.073741824e9 bytes), against the least need of 4 bits or more, Q4_K_M's 4.8944
  // bits (llama.cpp tools/quantize on Llama-3.1-8B), plus the F16 cache and 0.75 GB of overhead (constants.ts):
  // - small-8b at 8,192: 4.894 + 1.074 (131,072 bytes a token) + 0.75 = 6.718 GB; 7 GB gives 7.140 usable (fits, at
  //   q4_k_m: Q5_K_M's 5.7 bits need 7.524), 6 GB gives 6.120 (fits none);
  // - small-8b at 65,536: 4.894 + 8.590 + 0.75 = 14.234 GB; 14 GB gives 14.281 (fits), 13 GB 13.260 (none);
  // - large-200b at 8,192: 122.36 + 2.684 (2 x 80 x 8 x 128 x 2 = 327,680 bytes a token) + 0.75 = 125.79 GB; 124 GB
  //   gives 126.49 (fits), 123 GB 125.47 (none).
  const sized = (gb: number) => aHardware({ id: `gpu-${gb}gb`, memory_gb: f(gb), bandwidth_gbs: undefined });
  const at = (m: Model, gb: number, context: number, floor: SpeedFloor | null) => {
    const p = hostingOnNamedMachine(ds, m, sized(gb), context, floor);
    return p && [p.hardware.id, p.fit.quantization, p.fit.speed, p.below_floor, p.over_prompt_limit];
  };
  const asks: Array<[Model, number, number, unknown]> = [
    [small, 7, 8192, ['gpu-7gb', 'q4_k_m', null, false, false]], [small, 6, 8192, undefined],
    [small, 14, 65536, ['gpu-14gb', 'q4_k_m', null, false, false]], [small, 13, 65536, undefined],
    [large, 124, 8192, ['gpu-124gb', 'q4_k_m', null, false, false]], [large, 123, 8192, undefined],
    [small, 124, 65536, ['gpu-124gb', 'q8_0', null, false, false]], [large, 7, 65536, undefined],
  ];
  // Each size a configuration built afresh (a new first ask), in both orders, with and without a floor.
  for (const order of [asks, [...asks].reverse()]) {
    for (const floor of [null, FLOOR]) {
      for (const [m, gb, context, expected] of order) {
        assert.deepEqual(at(m, gb, context, floor), expected, `${m.id} on ${gb} GB at ${context}, floor ${floor !== null}`);
      }
    }
  }
});
