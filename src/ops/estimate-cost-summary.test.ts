// Tests of estimate_cost's short form (`view=summary`): the same figures as the full form, the shared lines once.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { aDataset, aHardware, aModel, anOffer, aProvider, f } from '../dataset/fixtures.ts';
import { validateInput } from '../surfaces/validate.ts';
import { ServiceError } from '../errors/index.ts';
import type { Architecture } from '../schema/index.ts';
import { summarizeCost, SummaryOutput } from './estimate-cost-summary.ts';
import { estimate_cost } from './estimate-cost.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ctx = { today: '2026-10-01' };
type Out = Record<string, any>;
const run = (ds: Dataset, input: Record<string, unknown>) => estimate_cost.handler(ds, estimate_cost.input.parse(input), ctx) as Out;

const arch: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/test' };
const rent = (usd_per_hour: number) => f({ provider: 'cloud', instance_type: 'gpu', usd_per_hour, eu_regions: [] });
const ds = aDataset({
  models: [
    aModel({ id: 'open-8b', open_weights: f(true), parameters_total: f(8_030_261_248), architecture: f(arch), context_window: f(131072) }),
    aModel({ id: 'closed-pro', open_weights: f(false) }),
  ],
  providers: [aProvider({ id: 'cheap', name: 'Cheap Inc.' })],
  offers: [
    anOffer({ model_id: 'open-8b', provider: 'dear', prices: { input: f(1), output: f(2) } }),
    anOffer({ model_id: 'open-8b', provider: 'cheap', prices: { input: f(0.1), output: f(0.2) } }),
    anOffer({ model_id: 'open-8b', provider: 'free', prices: { input: f(0), output: f(0) } }),
    anOffer({ model_id: 'open-8b', provider: 'half', prices: { input: f(0.05) } }),
    anOffer({ model_id: 'closed-pro', provider: 'dear', prices: { input: f(3), output: f(15) } }),
  ],
  hardware: [
    aHardware({ id: 'gpu-80', class: 'server', memory_gb: f(80), bandwidth_gbs: f(3350), rental: rent(2) }),
    aHardware({ id: 'gpu-48', class: 'workstation', memory_gb: f(48), bandwidth_gbs: f(960), rental: rent(1) }),
  ],
});

/** Every figure of the short form is the full form's: the same members at the same place, or the option's own. */
function assertSameFigures(short: Out, full: Out): void {
  for (const k of ['model', 'tokens_millions', 'input_share', 'hardware', 'understood', 'settings', 'break_even', 'break_even_owned', 'cheaper',
    'estimate', 'assumptions']) {
    assert.deepEqual(short[k], full[k], k);
  }
  for (const k of ['cheapest', 'developer_offer', 'note']) assert.deepEqual(short.api[k], full.api[k], `api.${k}`);
  assert.deepEqual(short.api.offers, full.api.offers.filter((l: Out) => !l.zero_priced).slice(0, short.api.offers.length));
  assert.equal(short.api.offers_count, full.api.offers.length);
  assert.equal(short.api.not_priced_count, full.api.not_priced.length);
  const fs = full.self_hosting;
  const ss = short.self_hosting;
  for (const k of ['possible', 'reason', 'fitting', 'skipped', 'derived_from', 'kv_basis']) assert.deepEqual(ss[k], fs[k], `self_hosting.${k}`);
  const pairs: Array<[Out, Out]> = [
    ...fs.options.map((o: Out, i: number) => [ss.options[i], o]),
    ...fs.owned_options.map((o: Out, i: number) => [ss.owned_options[i], o]),
    ...(fs.cheapest ? [[ss.cheapest, fs.cheapest]] : []),
  ] as Array<[Out, Out]>;
  assert.equal(ss.options.length, fs.options.length);
  assert.equal(ss.owned_options.length, fs.owned_options.length);
  for (const [s, o] of pairs) {
    for (const [k, v] of Object.entries(s)) {
      if (k === 'derived_from') continue;
      if (k === 'power') {
        assert.deepEqual(v, o.power && { monthly_usd: o.power.monthly_usd, as_of: o.power.as_of, ...(o.power.source ? { source: o.power.source } : {}) });
      } else {
        assert.deepEqual(v, o[k], `${o.hardware_id}.${k}`);
      }
    }
    // Nothing of the derivation is lost: each line is the option's own or stated once as shared.
    assert.deepEqual([...s.derived_from, ...ss.shared_derived_from].sort(), [...o.derived_from].sort(), `${o.hardware_id}.derived_from`);
  }
}

test('the short form: the cheapest paid offers, the counts of the others, the rented options priced as in the full form', () => {
  const full = run(ds, { model_id: 'open-8b', tokens_millions: 100 });
  const short = run(ds, { model_id: 'open-8b', tokens_millions: 100, view: 'summary' });
  assert.equal(short.view, 'summary');
  assert.equal(full.view, undefined, 'the full form is unchanged: no view member');
  // Blends by hand at the 0.75 input share: cheap 0.75 x 0.1 + 0.25 x 0.2 = 0.125 (12.5 USD for 100M), dear 0.75 x 1 + 0.25 x 2 = 1.25.
  assert.deepEqual(short.api.offers.map((o: Out) => [o.provider, o.blended_usd_per_mtok, o.monthly_usd]), [['cheap', 0.125, 12.5], ['dear', 1.25, 125]]);
  // free (a $0 listing) is costed but not listed; half has no output price: not costed.
  assert.deepEqual([short.api.offers_count, short.api.zero_priced_count, short.api.not_priced_count], [3, 1, 1]);
  assert.deepEqual(short.api.offers[0].input, { usd_per_mtok: 0.1, source: 'test-source', as_of: '2026-08-01' });
  // gpu-48 at $1/h for at least 730 hours; gpu-80 at $2/h.
  assert.deepEqual(short.self_hosting.options.map((o: Out) => [o.hardware_id, o.rental.usd_per_hour, o.rental.as_of]),
    [['gpu-48', 1, '2026-08-01'], ['gpu-80', 2, '2026-08-01']]);
  assert.equal(short.self_hosting.cheapest.monthly_usd, 730);
  assert.ok(short.self_hosting.shared_derived_from.includes('utilization = 0.5'), 'a line every option has is stated once');
  for (const o of short.self_hosting.options) assert.ok(!o.derived_from.includes('utilization = 0.5'));
  assert.ok(short.self_hosting.options[0].derived_from.some((l: string) => l.startsWith('gpu-48.')), 'the option keeps its own hardware facts');
  assertSameFigures(short, full);
  assert.deepEqual(SummaryOutput.parse(short), short, 'the short form matches its schema, no member beyond it');
});

test('options_limit bounds the offers listed; a closed model keeps its reason; the default is the full form', () => {
  const one = run(ds, { model_id: 'open-8b', tokens_millions: 100, view: 'summary', options_limit: 1 });
  assert.deepEqual(one.api.offers.map((o: Out) => o.provider), ['cheap']);
  assert.deepEqual(one.self_hosting.options.map((o: Out) => o.hardware_id), ['gpu-48']);
  const closed = run(ds, { model_id: 'closed-pro', tokens_millions: 10, view: 'summary' });
  assert.equal(closed.self_hosting.possible, false);
  assert.deepEqual([closed.self_hosting.options, closed.self_hosting.shared_derived_from], [[], []]);
  assertSameFigures(closed, run(ds, { model_id: 'closed-pro', tokens_millions: 10 }));
  assert.deepEqual(run(ds, { model_id: 'open-8b', tokens_millions: 7, view: 'full' }), run(ds, { model_id: 'open-8b', tokens_millions: 7 }));
});

test('an unknown view is a coded error naming the parameter', () => {
  assert.throws(() => validateInput(estimate_cost, { model_id: 'open-8b', tokens_millions: 1, view: 'short' }),
    (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter' && e.options.errors?.[0]?.parameter === 'view'
      && /view must be full or summary/.test(e.detail));
});

const hasCommitted = existsSync(DEFAULT_DATA_DIR);
test('committed dataset: the same figures as the full form, in well under two thirds of the bytes', { skip: !hasCommitted }, () => {
  const real = committedDataset();
  const inputs = [
    { model_id: 'llama-3.3-70b-instruct', tokens_millions: 100 },
    { model_id: 'qwen3-8b', tokens_millions: 5000, input_share: 0.5, hardware: 'h100-80gb-x1' },
    { model_id: 'gemini-2.5-pro', tokens_millions: 300, context: 400000 },
    { model_id: 'deepseek-v3.2', tokens_millions: 2000, context: 65536 },
  ];
  for (const input of inputs) {
    const full = run(real, input);
    const short = run(real, { ...input, view: 'summary' });
    assertSameFigures(short, full);
    assert.deepEqual(SummaryOutput.parse(short), short);
    const ratio = JSON.stringify(short).length / JSON.stringify(full).length;
    console.log(`${input.model_id}: ${JSON.stringify(short).length} of ${JSON.stringify(full).length} bytes`);
    assert.ok(ratio < 0.6, `${input.model_id}: ${(100 * ratio).toFixed(1)}% of the full form`);
  }
});

test('shared lines: those every listed option has, in the first option\'s order; a line given twice by one option counts once', () => {
  const option = (hardware_id: string, derived_from: string[]) => ({
    hardware_id, hardware_name: hardware_id, quantization: 'q4_k_m' as const, fit: 'comfortable' as const, machines: 1,
    throughput_tokens_per_s: 100, capacity_tokens_millions_per_month: 131.4, derived_from,
    rental: { provider: 'cloud', instance_type: 'gpu', usd_per_hour: 1, source: 'test-source', as_of: '2026-08-01' }, monthly_usd: 730,
  });
  // `a` has rent-a twice and b lacks it: not shared. Both have runtime and utilization (shared, in a's order).
  const a = option('a', ['utilization = 0.5', 'rent-a', 'runtime: vLLM', 'rent-a']);
  const b = option('b', ['runtime: vLLM', 'rent-b', 'utilization = 0.5']);
  const none = { tokens_millions: null, reason: 'none', api_provider: null, hardware_id: null, stays_cheaper_from_tokens_millions: null,
    cheaper_windows: [], cheaper_windows_count: 0, estimate: true as const, derived_from: [] };
  const short = summarizeCost({
    model: { id: 'm', name: 'M', vendor: 'v', vendor_name: 'V' }, tokens_millions: 1, input_share: 0.75, hardware: null, understood: null,
    api: { offers: [], not_priced: [], cheapest: null, developer_offer: null, note: null, developer_shutdown: null },
    settings: { context: 8192, utilization: 0.5, max_sequences: 256, amortization_months: 36, power_usd_per_kwh: 0.15 },
    self_hosting: {
      possible: true, reason: null, cheapest: a, options: [a, b], owned_options: [], fitting: { rented: 2, owned: 0 },
      skipped: { no_rental_price: 0, no_purchase_price: 0, does_not_fit: 0 }, derived_from: [], kv_basis: null, own_machine: null,
    },
    break_even: none, break_even_owned: none, cheaper: null, cheaper_note: null, cheaper_basis: null, estimate: true, assumptions: [],
  }, 5);
  assert.deepEqual(short.self_hosting.shared_derived_from, ['utilization = 0.5', 'runtime: vLLM']);
  assert.deepEqual(short.self_hosting.options.map((o) => o.derived_from), [['rent-a', 'rent-a'], ['rent-b']]);
  assert.deepEqual(short.self_hosting.cheapest?.derived_from, ['rent-a', 'rent-a'], 'cheapest is the first option, as in the full form');
});
