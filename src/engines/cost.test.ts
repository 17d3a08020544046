// Tests of the cost engine: API lines, self-hosting on rented hardware, break-even, closed weights, monotonicity.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Architecture, Hardware, Model, Offer } from '../schema/index.ts';
import { DEFAULT_MAX_SEQUENCES, DEFAULT_UTILIZATION, HOURS_PER_MONTH } from './constants.ts';
import { estimateCost, type CostOptions } from './cost.ts';

const f = <T>(value: T, source = 'test', as_of = '2026-07-02') => ({ value, as_of, source });

const arch: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/Llama-3.1-8B' };

function aModel(over: Partial<Model> = {}): Model {
  return {
    id: 'llama-3.1-8b',
    vendor: 'meta',
    name: f('Llama 3.1 8B'),
    aliases: [],
    variants: [],
    capabilities: {},
    open_weights: f(true),
    parameters_total: f(8_030_261_248),
    architecture: f(arch),
    context_window: f(131072),
    ...over,
  };
}

function anOffer(provider: string, input?: number, output?: number): Offer {
  return {
    model_id: 'llama-3.1-8b',
    provider,
    provider_model_id: `${provider}/llama-3.1-8b`,
    region: 'global',
    prices: { ...(input === undefined ? {} : { input: f(input, 'genai-prices', '2026-09-23') }), ...(output === undefined ? {} : { output: f(output, 'models-dev') }) },
    eu_resident: f('unknown' as const),
    listed_by: ['models-dev'],
    sku: 'standard',
    first_party: false,
  };
}

function aRig(id: string, memory: number, bandwidth: number, usdPerHour?: number): Hardware {
  return {
    id,
    name: id,
    class: 'server',
    accelerator: id,
    count: 1,
    unified_memory: false,
    memory_gb: f(memory),
    usable_fraction: f(0.95),
    bandwidth_gbs: f(bandwidth),
    ...(usdPerHour === undefined ? {} : { rental: f({ provider: 'cloud', instance_type: `${id}-1x`, usd_per_hour: usdPerHour, eu_regions: [] }, 'skypilot', '2026-01-01') }),
  };
}

const offers = [anOffer('pricey', 0.2, 0.4), anOffer('cheap', 0.1, 0.2), anOffer('half', 0.1)];
// `tiny` holds the 8B model at Q3_K_M but not at Q4_K_M (see the self-hosting test): 6.5 GB, not 7, since a stated GB
// is 2^30 bytes and 7 x 1.0737 x 0.95 = 7.14 GB usable would hold Q4_K_M (7.08 GB, tightly).
const rigs = [aRig('h100', 80, 3350, 2.5), aRig('l4', 24, 300, 0.8), aRig('owned', 48, 900), aRig('tiny', 6.5, 200, 0.1)];
const opts = (tokens_millions: number, over: Partial<CostOptions> = {}): CostOptions => ({ tokens_millions, input_share: 0.75, ...over });

test('API: one line per priced offer, cheapest first, blended by input share, each price with source and date', () => {
  const r = estimateCost(aModel(), offers, rigs, opts(100));
  assert.deepEqual(r.api.offers.map((o) => o.provider), ['cheap', 'pricey']);
  const cheap = r.api.offers[0];
  assert.equal(cheap.blended_usd_per_mtok, 0.125);
  assert.equal(cheap.monthly_usd, 12.5);
  assert.deepEqual(cheap.input, { usd_per_mtok: 0.1, source: 'genai-prices', as_of: '2026-09-23' });
  assert.deepEqual(cheap.output, { usd_per_mtok: 0.2, source: 'models-dev', as_of: '2026-07-02' });
  assert.deepEqual(r.api.not_priced, [{ provider: 'half', provider_model_id: 'half/llama-3.1-8b', region: 'global', reason: 'no output price in the dataset' }]);
  assert.equal(estimateCost(aModel(), offers, rigs, opts(100, { input_share: 0 })).api.cheapest?.blended_usd_per_mtok, 0.2);
});

test('an offer whose prices were held back as doubtful is not priced, and says whose figure was held back and why', () => {
  // The shape src/ingest/regional-below-global.ts gives Bedrock's eu. Claude 3.5 Haiku (LiteLLM 0.25/1.25 against 0.8/4).
  const held = { ...anOffer('eu-zone'), held_back: [
    { field: 'input' as const, value: 0.25, as_of: '2026-07-24', source: 'litellm', reason: 'regional listing priced below (0.3125x)' },
    { field: 'output' as const, value: 1.25, as_of: '2026-07-24', source: 'litellm', reason: 'regional listing priced below (0.3125x)' },
  ] };
  const r = estimateCost(aModel(), [anOffer('cheap', 0.1, 0.2), held], rigs, opts(100));
  assert.deepEqual(r.api.offers.map((o) => o.provider), ['cheap']);
  assert.deepEqual(r.api.not_priced, [{ provider: 'eu-zone', provider_model_id: 'eu-zone/llama-3.1-8b', region: 'global',
    reason: "no input and output price in the dataset: litellm's 0.25 held back (regional listing priced below (0.3125x))" }]);
});

test('closed weights: self-hosting is not possible and says why; unknown weights say unknown, not false', () => {
  const closed = estimateCost(aModel({ open_weights: f(false, 'models-dev') }), offers, rigs, opts(10));
  assert.equal(closed.self_hosting.possible, false);
  assert.match(closed.self_hosting.reason ?? '', /not possible: the weights are not published \(open_weights = false, models-dev/);
  assert.equal(closed.break_even.tokens_millions, null);
  assert.equal(closed.cheaper, null);
  const unknown = estimateCost(aModel({ open_weights: undefined }), offers, rigs, opts(10));
  assert.equal(unknown.self_hosting.possible, null);
  assert.match(unknown.self_hosting.reason ?? '', /^unknown/);
});

test('open weights without architecture facts: possible, but not costed, and says which facts are missing', () => {
  const r = estimateCost(aModel({ architecture: undefined }), offers, rigs, opts(10));
  assert.equal(r.self_hosting.possible, true);
  assert.equal(r.self_hosting.cheapest, null);
  assert.match(r.self_hosting.reason ?? '', /no architecture/);
});

test('self-hosting: every rented configuration that fits at 4 bits or more, cheapest first; others counted', () => {
  const r = estimateCost(aModel(), offers, rigs, opts(10));
  // `owned` has no rental price; `tiny` (6.5 x 2^30 B x 0.95 = 6.5 x 1.0737 x 0.95 = 6.63 GB usable) fits the 8B model
  // only at Q3_K_M, below the 4-bit floor: at 8k, Q3_K_M 3.91 + 1.07 + 0.75 = 5.74 GB fits, Q4_K_M
  // 4.91 + 1.07 + 0.75 = 6.73 GB does not.
  assert.deepEqual(r.self_hosting.options.map((o) => o.hardware_id), ['l4', 'h100']);
  assert.deepEqual(r.self_hosting.skipped, { no_rental_price: 1, no_purchase_price: 3, does_not_fit: 1 });
  assert.ok(r.self_hosting.options.every((o) => o.bits_per_weight >= 4 && o.estimate));
  assert.equal(r.self_hosting.cheapest?.hardware_id, 'l4');
  assert.deepEqual(r.self_hosting.cheapest?.rental, { provider: 'cloud', instance_type: 'l4-1x', usd_per_hour: 0.8, source: 'skypilot', as_of: '2026-01-01' });
});

test('self-hosting: a small volume pays one machine-month; a large one pays the hours it needs at the stated utilization', () => {
  const small = estimateCost(aModel(), offers, [rigs[0]], opts(1)).self_hosting.cheapest!;
  assert.equal(small.billed_hours, HOURS_PER_MONTH);
  assert.equal(small.monthly_usd, 730 * 2.5);
  assert.equal(small.machines, 1);
  assert.equal(small.utilization, DEFAULT_UTILIZATION);
  const big = estimateCost(aModel(), offers, [rigs[0]], opts(100_000)).self_hosting.cheapest!;
  const hours = (100_000e6 / (big.throughput_tokens_per_s * DEFAULT_UTILIZATION * 3600));
  assert.ok(Math.abs(big.hours_needed - hours) / hours < 1e-3);
  assert.equal(big.billed_hours, big.hours_needed);
  assert.equal(big.machines, Math.ceil(big.hours_needed / 730));
  assert.ok(Math.abs(big.monthly_usd - big.hours_needed * 2.5) < 0.05);
  assert.equal(big.dedicated_monthly_usd, big.machines * 730 * 2.5);
});

test('throughput batches as many sequences as memory holds, up to the cap', () => {
  // H100 fixture, served by vLLM (one data-centre card): vLLM's budget is 80 x 2^30 B x 0.9 = 77,309,411,328 B less its
  // 6 GiB reserve (vllm-memory.ts) = 70,866,960,384 B; Llama-3.1-8B in vLLM's FP8 W8A8 is 8,030,261,248 x 8.24 / 8 =
  // 8,271,169,085 B of weights. A request of 8,192 tokens at input share 0.75 is 6,144 of prompt and 2,048 of answer, so
  // a decoding sequence holds 6,144 + 1,024 = 7,168 tokens on average, + 7.5 of a half empty 16-token block: 7,175.5 x
  // 131,072 B (2 x 32 layers x 8 x 128 x 2 bytes) = 940,507,136 B. Room: 70,866,960,384 - 8,271,169,085 =
  // 62,595,791,299 B, / 940,507,136 = 66.6: 66 sequences. It was 77 while the room was the service's 0.95 less 0.75 GB
  // (72,583,209,539 B): vLLM keeps 0.9 of the card and about 6 GiB of activations, non-torch memory and graphs.
  const roomy = estimateCost(aModel(), offers, [rigs[0]], opts(1)).self_hosting.cheapest!;
  assert.equal(roomy.batch, 66);
  assert.equal(roomy.serving.mean_sequence_tokens, 7168);
  assert.equal(roomy.serving.bound, 'memory');
  assert.ok(roomy.batch < DEFAULT_MAX_SEQUENCES);
  const capped = estimateCost(aModel(), offers, [rigs[0]], opts(1, { concurrency: 16 })).self_hosting.cheapest!;
  assert.equal(capped.batch, 16);
  assert.equal(capped.serving.bound, 'max_sequences');
  // 12 GB: 12.24 GB usable holds Q6_K comfortably (6.58 GB of weights): 12.24 - 0.75 - 6.58 = 4.91 GB, 4 sequences.
  const snug = estimateCost(aModel(), offers, [aRig('snug', 12, 300, 0.3)], opts(1)).self_hosting.cheapest!;
  assert.ok(snug.batch >= 1 && snug.batch < 60, `batch ${snug.batch}`);
  const full = estimateCost(aModel(), offers, [rigs[0]], opts(1, { utilization: 1 })).self_hosting.cheapest!;
  assert.ok(full.capacity_tokens_millions_per_month > roomy.capacity_tokens_millions_per_month);
});

test('hardware_id restricts self-hosting to that configuration', () => {
  const r = estimateCost(aModel(), offers, rigs, opts(10, { hardware_id: 'h100' }));
  assert.deepEqual(r.self_hosting.options.map((o) => o.hardware_id), ['h100']);
  const none = estimateCost(aModel(), offers, rigs, opts(10, { hardware_id: 'owned' }));
  assert.equal(none.self_hosting.cheapest, null);
  assert.match(none.self_hosting.reason ?? '', /^open weights, and the model fits owned \(\w+, comfortable\), but no source in the dataset prices/);
  // Named and unpriced, it is taken as the caller's own machine: what it serves, its purchase null; no power figure, no
  // electricity either (the rig has none), so no month at all.
  const own = none.self_hosting.own_machine!;
  assert.deepEqual([own.hardware_id, own.purchase, own.power, own.monthly_usd, own.machines], ['owned', null, null, null, 1]);
  assert.ok(own.throughput_tokens_per_s > 0);
  assert.match(own.note, /no power figure either/);
  // Not named, the same rig is only counted as unpriced.
  assert.equal(estimateCost(aModel(), offers, rigs, opts(10)).self_hosting.own_machine, null);
});

test('an own machine with a power figure: its electricity, board watts for the busy hours and idle draw for the rest', () => {
  // 300 W, no idle reading: 0.2 x 300 = 60 W idle (owned-power.ts IDLE_POWER_FRACTION). At 0.15 USD/kWh.
  const powered = { ...aRig('mine', 48, 900), power_w: f(300) };
  const own = estimateCost(aModel(), offers, [powered], opts(10, { hardware_id: 'mine' })).self_hosting.own_machine!;
  const p = own.power!;
  assert.deepEqual([p.watts, p.idle_watts, p.active_hours + p.idle_hours], [300, 60, 730]);
  const usd = ((p.active_hours * 300 + p.idle_hours * 60) / 1000) * 0.15;
  assert.ok(Math.abs(usd - own.monthly_usd!) < 0.01, `${usd} vs ${own.monthly_usd}`);
});

test('fit before price: a configuration with neither price but too small for the model is too small, not unpriced', () => {
  // `tinyOwned`: 6.5 GB, like `tiny`, which holds the 8B model only below Q4_K_M (4.89 bits per weight, 7.08 GB of
  // weights for 8.03B parameters): no rental and no purchase price. Named, self-hosting there is not possible, as on a
  // priced configuration of the same memory; among all configurations it counts as too small, not as unpriced.
  const tinyOwned = aRig('tiny-owned', 6.5, 200);
  const named = estimateCost(aModel(), offers, [...rigs, tinyOwned], opts(10, { hardware_id: 'tiny-owned' })).self_hosting;
  assert.equal(named.possible, false);
  assert.match(named.reason ?? '', /^not possible on tiny-owned: open weights, but the configuration named is too small/);
  assert.deepEqual(named.skipped, { no_rental_price: 0, no_purchase_price: 0, does_not_fit: 1 });
  const all = estimateCost(aModel(), offers, [...rigs, tinyOwned], opts(10)).self_hosting;
  // tiny and tiny-owned too small; owned (48 GB) fits with no rental price; none of the four has a purchase price.
  assert.deepEqual(all.skipped, { no_rental_price: 1, no_purchase_price: 3, does_not_fit: 2 });
});

test('break-even: 730 h x hourly price / API price, where the costs cross; cheaper flips there', () => {
  const pricey = [anOffer('p', 1.6, 4.8)]; // blended 0.75 x 1.6 + 0.25 x 4.8 = 2.4 USD per 1M tokens
  const r = estimateCost(aModel(), pricey, rigs, opts(10));
  const be = r.break_even;
  assert.equal(be.api_provider, 'p');
  // The L4 is cheaper per month but dearer per token: Q8_0 on 24 x 1.0737 x 0.95 = 24.48 GB usable leaves
  // 24.48 - 0.75 - 8.53 = 15.20 GB for caches; a step reads 8.53 GB of weights at 0.67 x 300 GB/s and each sequence's
  // cache at 0.87 x 300 GB/s, about 160 tokens/s in all: at 0.5 utilization 0.29M tokens an hour, 0.8 / 0.29 = 2.8 USD
  // per 1M, above 2.4. Only the H100 crosses.
  assert.ok(r.self_hosting.options.find((o) => o.hardware_id === 'l4')!.marginal_usd_per_mtok > 2.4);
  assert.equal(be.hardware_id, 'h100');
  assert.equal(be.tokens_millions, Math.round(((730 * 2.5) / 2.4) * 100) / 100);
  assert.equal(be.estimate, true);
  assert.equal(estimateCost(aModel(), pricey, rigs, opts(be.tokens_millions! * 0.99)).cheaper, 'api');
  assert.equal(estimateCost(aModel(), pricey, rigs, opts(be.tokens_millions! * 1.01)).cheaper, 'self_hosted');
  assert.equal(estimateCost(aModel(), pricey, rigs, opts(be.tokens_millions! * 1000)).cheaper, 'self_hosted');
});

test('break-even is null, with the reason, when the API is cheaper per token than self-hosting at full use', () => {
  const r = estimateCost(aModel(), [anOffer('dirt-cheap', 0.0001, 0.0001)], rigs, opts(10));
  assert.equal(r.break_even.tokens_millions, null);
  assert.match(r.break_even.reason, /never cross/);
  assert.equal(r.cheaper, 'api');
  const free = estimateCost(aModel(), [anOffer('gratis', 0, 0)], rigs, opts(10));
  assert.equal(free.break_even.tokens_millions, null);
  assert.match(free.break_even.reason, /every priced API offer is free/);
});

test('every assumption is spelled out in the response', () => {
  const r = estimateCost(aModel(), offers, rigs, opts(10, { utilization: 0.7 }));
  const text = r.assumptions.join('\n');
  for (const needle of ['0.75 x input + 0.25 x output', 'utilization 0.7', '730', 'prefill', 'up to 256 sequences', 'free offers', 'over 36 months', '0.15 USD/kWh']) {
    assert.ok(text.includes(needle), `assumptions mention ${needle}`);
  }
  assert.equal(r.estimate, true);
});

test('property: cost grows with volume, through the API and self-hosted', () => {
  fc.assert(
    fc.property(fc.double({ min: 0.001, max: 1_000_000, noNaN: true }), fc.double({ min: 0, max: 1_000_000, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }), (v, extra, share) => {
      const a = estimateCost(aModel(), offers, rigs, opts(v, { input_share: share }));
      const b = estimateCost(aModel(), offers, rigs, opts(v + extra, { input_share: share }));
      return a.api.cheapest!.monthly_usd <= b.api.cheapest!.monthly_usd && a.self_hosting.cheapest!.monthly_usd <= b.self_hosting.cheapest!.monthly_usd;
    }),
    { numRuns: 200 },
  );
});

test('sizings kept across requests never leak: every setting answered after others equals a first answer', () => {
  // One model object asked in turn with each setting that changes a sizing (volume, input share, context, concurrency,
  // floor, quantization, KV cache type); each answer must equal the one for a fresh copy of the model, which shares
  // nothing kept from earlier asks.
  const model = aModel();
  // A rig with a compute figure: there the input share changes the throughput (prefill runs at the compute rate).
  // And a bought one with board power: its fixed month and marginal power change with the utilization, the
  // amortization and the power price, none of which is part of a kept sizing's key.
  const withCompute = [
    ...rigs, { ...aRig('h200', 141, 4800, 3.5), compute_tflops: f(989) },
    { ...aRig('bought', 80, 3350, 2.1), purchase_price_usd: f(30000), power_w: f(700) },
  ];
  const asks: CostOptions[] = [
    opts(100), opts(3000), opts(100, { input_share: 0.2 }), opts(100, { context: 65536 }), opts(100, { concurrency: 8 }),
    opts(100, { min_bits_per_weight: 8 }), opts(100, { quantization: 'q4_k_m' }), opts(100, { kv_cache: 'q4_0' }), opts(100, { utilization: 0.9 }),
    opts(100), opts(100, { amortization_months: 12 }), opts(100, { power_usd_per_kwh: 0.4 }), opts(700, { utilization: 0.9 }), opts(3000),
  ];
  // First answers, each on a copy of its own of the model and the configurations (a bought configuration's machine
  // terms are kept per configuration: owned-cost.ts); then the one model and configuration objects asked in turn.
  const fresh = asks.map((ask) => estimateCost(structuredClone(model), offers, structuredClone(withCompute), ask));
  for (const [k, ask] of asks.entries()) assert.deepEqual(estimateCost(model, offers, withCompute, ask), fresh[k], JSON.stringify(ask));
});

test('words kept between asks name the settings of the ask that reads them', () => {
  // The purchase line is kept per configuration for the last months asked, the assumptions per settings, the KV basis
  // per context and share: asked at 12 months, 0.9 utilization and a 65,536-token context, then at the defaults,
  // each answer must name its own (36 months, utilization 0.5, 8192 tokens: engines/constants.ts).
  const model = aModel();
  const bought = [{ ...aRig('bought', 80, 3350, 2.1), purchase_price_usd: f(30000), power_w: f(700) }];
  const first = estimateCost(model, offers, bought, opts(100, { amortization_months: 12, utilization: 0.9, context: 65536 }));
  const then = estimateCost(model, offers, bought, opts(100));
  const line = (r: typeof first) => r.self_hosting.owned_options[0].derived_from.find((l) => l.includes('purchase_price_usd'));
  assert.match(line(first)!, /, over 12 months$/);
  assert.match(line(then)!, /, over 36 months$/);
  assert.ok(first.assumptions.includes('utilization 0.9: the share of paid hours spent serving at that throughput (traffic is uneven over a day)'));
  assert.ok(then.assumptions.includes('utilization 0.5: the share of paid hours spent serving at that throughput (traffic is uneven over a day)'));
  assert.match(first.self_hosting.kv_basis!, /of its 65536 tokens/);
  assert.match(then.self_hosting.kv_basis!, /of its 8192 tokens/);
});
