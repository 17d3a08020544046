// Tests of estimate_cost: API lines, self-hosting (closed, unknown, restricted), break-even, growth with volume, errors.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { aDataset, aHardware, aModel, anOffer, aProvider, f } from '../dataset/fixtures.ts';
import { ServiceError } from '../errors/index.ts';
import type { Architecture, Hardware } from '../schema/index.ts';
import { estimate_cost } from './estimate-cost.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ctx = { today: '2026-10-01' };
type Out = Record<string, any>;
const run = (ds: Dataset, input: Record<string, unknown>) => estimate_cost.handler(ds, estimate_cost.input.parse(input), ctx) as Out;

const arch: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/test' };
const llama8b = { open_weights: f(true), parameters_total: f(8_030_261_248), architecture: f(arch), context_window: f(131072) };
const rent = (usd_per_hour: number) => f({ provider: 'cloud', instance_type: 'gpu', usd_per_hour, eu_regions: [] });

const ds = aDataset({
  models: [
    aModel({ id: 'open-8b', aliases: ['acme/open-8b'], ...llama8b }),
    aModel({ id: 'pricey-8b', ...llama8b }),
    aModel({ id: 'closed-pro', open_weights: f(false) }),
    aModel({ id: 'who-knows' }),
  ],
  providers: [aProvider({ id: 'cheap', name: 'Cheap Inc.' })],
  offers: [
    anOffer({ model_id: 'open-8b', provider: 'dear', prices: { input: f(1), output: f(2) } }),
    anOffer({ model_id: 'open-8b', provider: 'cheap', prices: { input: f(0.1), output: f(0.2) } }),
    anOffer({ model_id: 'open-8b', provider: 'free', prices: { input: f(0), output: f(0) } }),
    anOffer({ model_id: 'open-8b', provider: 'half', prices: { input: f(0.05) } }),
    anOffer({ model_id: 'pricey-8b', provider: 'dear', prices: { input: f(10), output: f(30) } }),
    anOffer({ model_id: 'closed-pro', provider: 'dear', prices: { input: f(3), output: f(15) } }),
  ],
  hardware: [
    aHardware({ id: 'gpu-80', class: 'server', memory_gb: f(80), bandwidth_gbs: f(3350), rental: rent(2) }),
    aHardware({ id: 'gpu-48', class: 'workstation', memory_gb: f(48), bandwidth_gbs: f(960), rental: rent(1) }),
    aHardware({ id: 'gpu-24', memory_gb: f(24), bandwidth_gbs: f(1008) }),
  ],
});

test('API cost per offer, cheapest first, each price with its source and date; $0 listings flagged and last, unpriced offers apart', () => {
  const out = run(ds, { model_id: 'open-8b', tokens_millions: 100 });
  // The $0 listing comes after every offer priced above zero: it is not the cheapest way to buy the model.
  assert.deepEqual(out.api.offers.map((o: Out) => o.provider), ['cheap', 'dear', 'free']);
  const cheap = out.api.offers[0];
  assert.equal(cheap.provider_name, 'Cheap Inc.');
  assert.equal(cheap.blended_usd_per_mtok, 0.125);
  assert.equal(cheap.monthly_usd, 12.5);
  assert.deepEqual(cheap.input, { usd_per_mtok: 0.1, source: 'test-source', as_of: '2026-08-01' });
  assert.deepEqual(out.api.offers.map((o: Out) => o.zero_priced), [false, false, true]);
  assert.equal(out.api.cheapest.provider, 'cheap', 'a free tier is not the cheapest per-token price');
  assert.deepEqual(out.api.not_priced.map((o: Out) => o.provider), ['half']);
  assert.equal(out.model.id, 'open-8b');
  assert.equal(out.input_share, 0.75);
  assert.ok(out.assumptions.some((a: string) => a.startsWith('API: blended price = 0.75 x input')));
});

test('an alias resolves; the input share changes the blend', () => {
  const out = run(ds, { model_id: 'acme/open-8b', tokens_millions: 10, input_share: 0 });
  assert.equal(out.model.id, 'open-8b');
  assert.equal(out.api.cheapest.blended_usd_per_mtok, 0.2);
});

test('self-hosting on the cheapest rented configuration that fits; configurations without a rental price are skipped', () => {
  const out = run(ds, { model_id: 'open-8b', tokens_millions: 100 });
  const s = out.self_hosting;
  assert.equal(s.possible, true);
  assert.deepEqual(s.options.map((o: Out) => o.hardware_id), ['gpu-48', 'gpu-80']);
  assert.equal(s.cheapest.hardware_id, 'gpu-48');
  assert.equal(s.cheapest.monthly_usd, 730, 'one machine for the month at $1/h');
  assert.equal(s.cheapest.rental.as_of, '2026-08-01');
  assert.deepEqual(s.skipped, { no_rental_price: 1, no_purchase_price: 3, does_not_fit: 0 });
  assert.equal(out.cheaper, 'api');
});

test("the rental shows the note that says what its date means, as list_hardware's rental does", () => {
  // hardware.json's SkyPilot rentals carry such a note: the date is the day the catalogue was read, not the provider's.
  const note = "price as listed in SkyPilot's catalogue (catalogs/v7/lambda/vms.csv) at commit 11580132, read on or before 2026-11-21";
  const noted = aDataset({
    models: [aModel({ id: 'open-8b', ...llama8b })],
    hardware: [aHardware({ id: 'gpu-48', class: 'workstation', memory_gb: f(48), bandwidth_gbs: f(960), rental: { ...rent(1), note } })],
  });
  assert.equal(run(noted, { model_id: 'open-8b', tokens_millions: 100 }).self_hosting.cheapest.rental.note, note);
  // A rental fact without a note gives none (no filler).
  assert.equal(Object.hasOwn(run(ds, { model_id: 'open-8b', tokens_millions: 100 }).self_hosting.cheapest.rental, 'note'), false);
  // The output schema carries the field, so REST, MCP and the OpenAPI document show it.
  const parsed = estimate_cost.output.parse(run(noted, { model_id: 'open-8b', tokens_millions: 100 })) as Out;
  assert.equal(parsed.self_hosting.cheapest.rental.note, note);
});

test('cheaper weighs owned hardware too: a bought box cheaper than the API is self-hosting, even with no rental price', () => {
  // One 24 GB card, bought for 3,600 USD (100 USD a month over 36 months), in a host machine priced at 720 USD (20 USD a
  // month), 300 W board power, no idle reading (0.2 x 300 = 60 W). At 1M tokens a month it serves minutes: power about
  // 60 W x 730 h = 43.8 kWh x 0.15 = 6.57 USD, so the owned month is about 126.6 USD. The API at $200/$200 per 1M costs
  // 200 USD for 1M tokens.
  const host = f({ id: 'a-desktop', name: 'a desktop around one card', basis: 'priced' as const, usd: 720 });
  const d = aDataset({
    models: [aModel({ id: 'open-8b', ...llama8b })],
    offers: [anOffer({ model_id: 'open-8b', provider: 'dear', prices: { input: f(200), output: f(200) } })],
    hardware: [aHardware({
      id: 'box', class: 'desktop', memory_gb: f(24), bandwidth_gbs: f(1008), purchase_price_usd: f(3600), power_w: f(300), host_machine: host,
    })],
  });
  const out = run(d, { model_id: 'open-8b', tokens_millions: 1 });
  assert.equal(out.self_hosting.cheapest, null, 'no rental price');
  const o = out.self_hosting.owned_options[0];
  assert.ok(Math.abs(o.monthly_usd - 126.6) < 0.1, `${o.monthly_usd}`);
  assert.equal(o.purchase.monthly_usd, 100, 'the accelerators alone: 3,600 / 36');
  assert.deepEqual([o.host_machine.usd, o.host_machine.monthly_usd, o.host_machine.basis], [720, 20, 'priced'], '720 / 36');
  assert.ok(o.derived_from.some((l: string) => l.startsWith('box.host_machine = 720 USD, a desktop around one card')), o.derived_from.join('\n'));
  assert.equal(out.cheaper, 'self_hosted');
  assert.equal(out.cheaper_note, null);
});

test('a host machine with a published idle draw adds it to the month\'s electricity, every hour, busy or not', () => {
  // The same box, its host now drawing 45 W at the wall with nothing to do: 45 W x 1 machine x 730 h = 32.85 kWh x 0.15
  // = 4.93 USD more power a month (4.9275), so about 131.5 USD; and 4.93 more in what one machine costs whatever it
  // serves (fixed_per_machine_usd): 100 + 20 + 60 W x 730 h x 0.15 / 1000 (6.57) + 4.9275 = 131.50.
  const host = f({ id: 'a-desktop', name: 'a desktop around one card', basis: 'priced' as const, usd: 720, idle_watts: 45 });
  const box = (h: Hardware['host_machine']) => aDataset({
    models: [aModel({ id: 'open-8b', ...llama8b })],
    offers: [anOffer({ model_id: 'open-8b', provider: 'dear', prices: { input: f(200), output: f(200) } })],
    hardware: [aHardware({
      id: 'box', class: 'desktop', memory_gb: f(24), bandwidth_gbs: f(1008), purchase_price_usd: f(3600), power_w: f(300),
      host_machine: h,
    })],
  });
  const without = run(box(f({ id: 'a-desktop', name: 'a desktop around one card', basis: 'priced' as const, usd: 720 })), { model_id: 'open-8b', tokens_millions: 1 })
    .self_hosting.owned_options[0];
  const out = run(box(host), { model_id: 'open-8b', tokens_millions: 1 });
  const o = out.self_hosting.owned_options[0];
  assert.equal(o.host_machine.idle_watts, 45);
  assert.deepEqual([o.power.host_watts, o.power.host_kwh, o.power.host_usd], [45, 32.85, 4.93]);
  assert.ok(Math.abs(o.power.monthly_usd - (o.power.active_usd + o.power.idle_usd + 4.93)) < 0.011, JSON.stringify(o.power));
  assert.ok(Math.abs(o.monthly_usd - without.monthly_usd - 4.93) < 0.011, `${o.monthly_usd} vs ${without.monthly_usd}`);
  assert.ok(Math.abs(o.fixed_per_machine_usd - 131.5) < 0.011, `${o.fixed_per_machine_usd}`);
  assert.equal(without.power.host_watts, undefined, 'no reading, no host draw');
  assert.ok(o.derived_from.some((l: string) => /^box\.host_machine = 720 USD, .*; its own draw, 45 W at the wall with nothing to do/.test(l)), o.derived_from.join('\n'));
  assert.ok(without.derived_from.some((l: string) => /its own power draw is not counted \(no published reading\)$/.test(l)));
  // The assumptions agree with both options: the host's draw is charged where a reading measures it (this one's 45 W),
  // not counted where none does; they never say it is not counted at all (it was, here, 4.93 USD).
  const line = out.assumptions.find((l: string) => l.startsWith('owned host machine'))!;
  assert.match(line, /its own draw at the wall with nothing to do is charged every one of the 730 hours where a published reading/);
  assert.match(line, /not counted where none does/);
  assert.doesNotMatch(line, /its own power draw not counted/);
  // The wire schema carries the new members, so REST, MCP and the OpenAPI document show them.
  assert.deepEqual(estimate_cost.output.parse(out), out);
});

test('an owned month below the API that leaves out an unpriced host machine is not called cheaper, and the note says why', () => {
  // The same box with no host machine priced: about 106.6 USD a month (100 purchase + 6.57 power), the API 200 USD,
  // (200 - 106.6) / 106.6 = 87.6% more. Whether the host fits in the 93.4 USD saving is not known: `cheaper` is null.
  const d = aDataset({
    models: [aModel({ id: 'open-8b', ...llama8b })],
    offers: [anOffer({ model_id: 'open-8b', provider: 'dear', prices: { input: f(200), output: f(200) } })],
    hardware: [aHardware({ id: 'box', class: 'desktop', memory_gb: f(24), bandwidth_gbs: f(1008), purchase_price_usd: f(3600), power_w: f(300) })],
  });
  const out = run(d, { model_id: 'open-8b', tokens_millions: 1 });
  const o = out.self_hosting.owned_options[0];
  assert.equal(o.host_machine, null);
  assert.ok(o.derived_from.some((l: string) => /^box: no source in the dataset prices the host machine .* lower bound$/.test(l)), o.derived_from.join('\n'));
  assert.equal(out.cheaper, null);
  assert.match(out.cheaper_note, /^self-hosting is not shown cheaper: box bought and run costs 106\.\d+ USD a month, and the API \(dear\) 200 USD, 87\.[67]% more; /);
  assert.match(out.cheaper_note, /no configuration costed here counts the whole machine$/);
  // At a volume where even that month is dearer than the API, the API is cheaper whatever the host costs: 0.5M tokens
  // cost 100 USD through the API, the box still about 106.6.
  const low = run(d, { model_id: 'open-8b', tokens_millions: 0.5 });
  assert.deepEqual([low.cheaper, low.cheaper_note], ['api', null]);
  // The short form gives the same verdict and note.
  const short = run(d, { model_id: 'open-8b', tokens_millions: 1, view: 'summary' });
  assert.deepEqual([short.cheaper, short.cheaper_note, short.self_hosting.owned_options[0].host_machine], [null, out.cheaper_note, null]);
  assert.deepEqual(estimate_cost.output.parse(out), out);
});

test("a price the source qualifies keeps its note in the cost line (a price for part of each day)", () => {
  // As deepseek-v4-pro at DeepSeek (genai-prices npm 0.1.8): $0.66/$1.98 for 17 hours a day, $1.32/$3.96 at peak.
  const note = 'the price for 17 of 24 hours a day (UTC); 01:00-04:00 and 06:00-10:00 UTC the source lists $1.32 input and $3.96 output per 1M tokens';
  const d = aDataset({
    models: [aModel({ id: 'v4', open_weights: f(true) })],
    offers: [anOffer({ model_id: 'v4', provider: 'deepseek', prices: { input: { ...f(0.66), note }, output: { ...f(1.98), note } } })],
  });
  const out = run(d, { model_id: 'v4', tokens_millions: 100 });
  assert.equal(out.api.offers[0].input.note, note);
  assert.equal(out.api.offers[0].monthly_usd, 99, '100 x (0.75 x 0.66 + 0.25 x 1.98)');
  assert.deepEqual(estimate_cost.output.parse(out), out);
});

test('options_limit writes out the cheapest few; every configuration still counts for cheapest, the break-even and the curve', () => {
  // open-8b fits both rented configurations: gpu-48 at $1/h ($730 a month) and gpu-80 at $2/h ($1,460).
  const all = run(ds, { model_id: 'open-8b', tokens_millions: 100 });
  const one = run(ds, { model_id: 'open-8b', tokens_millions: 100, options_limit: 1 });
  assert.deepEqual(one.self_hosting.options.map((o: Out) => o.hardware_id), ['gpu-48']);
  assert.deepEqual(one.self_hosting.fitting, { rented: 2, owned: all.self_hosting.owned_options.length });
  assert.deepEqual(all.self_hosting.fitting.rented, 2);
  assert.deepEqual(
    [one.self_hosting.cheapest, one.break_even, one.break_even_owned, one.curve],
    [all.self_hosting.cheapest, all.break_even, all.break_even_owned, all.curve],
  );
  assert.throws(() => run(ds, { model_id: 'open-8b', tokens_millions: 1, options_limit: 0 }), /options_limit/);
});

test('the hardware parameter restricts self-hosting to that configuration, and says when it has no rental price', () => {
  const on80 = run(ds, { model_id: 'open-8b', tokens_millions: 100, hardware: 'gpu-80' });
  assert.equal(on80.hardware, 'gpu-80');
  assert.deepEqual(on80.self_hosting.options.map((o: Out) => o.hardware_id), ['gpu-80']);
  const on24 = run(ds, { model_id: 'open-8b', tokens_millions: 100, hardware: 'gpu-24' });
  assert.equal(on24.self_hosting.cheapest, null);
  assert.equal(on24.self_hosting.skipped.no_rental_price, 1);
  assert.match(on24.self_hosting.reason, /no source in the dataset prices that configuration, rented or bought/);
  assert.equal(on24.self_hosting.own_machine.hardware_id, 'gpu-24');
});

test('closed weights: self-hosting is not possible, with why; the API is still costed', () => {
  const out = run(ds, { model_id: 'closed-pro', tokens_millions: 10 });
  assert.equal(out.self_hosting.possible, false);
  assert.match(out.self_hosting.reason, /^not possible: the weights are not published/);
  assert.deepEqual(out.self_hosting.options, []);
  assert.equal(out.break_even.tokens_millions, null);
  assert.equal(out.cheaper, null);
  assert.equal(out.api.cheapest.monthly_usd, 60);
});

test('weights whose openness no source states: self-hosting unknown (null), never "not possible"', () => {
  const out = run(ds, { model_id: 'who-knows', tokens_millions: 10 });
  assert.equal(out.self_hosting.possible, null);
  assert.match(out.self_hosting.reason, /^unknown/);
  assert.deepEqual(out.api.offers, []);
});

test('break-even: below it the API is cheaper, above it self-hosting', () => {
  const be = run(ds, { model_id: 'pricey-8b', tokens_millions: 1 }).break_even;
  assert.equal(be.hardware_id, 'gpu-48');
  assert.ok(Math.abs(be.tokens_millions - 730 / 15) < 0.01, String(be.tokens_millions));
  assert.equal(run(ds, { model_id: 'pricey-8b', tokens_millions: be.tokens_millions * 0.9 }).cheaper, 'api');
  assert.equal(run(ds, { model_id: 'pricey-8b', tokens_millions: be.tokens_millions * 1.1 }).cheaper, 'self_hosted');
});

test('cost never falls as the volume grows, API and self-hosted alike', () => {
  fc.assert(fc.property(fc.double({ min: 0.001, max: 1e6, noNaN: true }), fc.double({ min: 1, max: 50, noNaN: true }), (v, k) => {
    const lo = run(ds, { model_id: 'open-8b', tokens_millions: v });
    const hi = run(ds, { model_id: 'open-8b', tokens_millions: Math.min(1e6, v * k) });
    return hi.api.cheapest.monthly_usd >= lo.api.cheapest.monthly_usd
      && hi.api.offers.every((o: Out, i: number) => o.monthly_usd >= lo.api.offers[i].monthly_usd)
      && hi.self_hosting.cheapest.monthly_usd >= lo.self_hosting.cheapest.monthly_usd;
  }), { numRuns: 60 });
});

test('unknown model and hardware ids are 404s with near ids', () => {
  assert.throws(() => run(ds, { model_id: 'open-9b', tokens_millions: 1 }), (e: unknown) =>
    e instanceof ServiceError && e.code === 'model_not_found' && e.status === 404 && (e.options.suggestions ?? []).includes('open-8b'));
  assert.throws(() => run(ds, { model_id: 'open-8b', tokens_millions: 1, hardware: 'gpu-81' }), (e: unknown) =>
    e instanceof ServiceError && e.code === 'hardware_not_found' && e.status === 404
    && (e.options.suggestions ?? []).includes('gpu-80') && e.options.errors?.[0].parameter === 'hardware');
});

test('volume and input share out of range are refused with a message stating the range', () => {
  for (const bad of [{ tokens_millions: 0 }, { tokens_millions: -5 }, { tokens_millions: 1000001 }]) {
    const r = estimate_cost.input.safeParse({ model_id: 'open-8b', ...bad });
    assert.equal(r.success, false, JSON.stringify(bad));
    assert.match(r.error!.issues[0].message, /greater than 0 and at most 1,000,000/);
  }
  const share = estimate_cost.input.safeParse({ model_id: 'open-8b', tokens_millions: 1, input_share: 1.5 });
  assert.match(share.error!.issues[0].message, /from 0 to 1/);
  assert.equal(estimate_cost.input.safeParse({ model_id: 'open-8b' }).success, false, 'the volume is required');
  assert.equal(estimate_cost.input.parse({ model_id: 'open-8b', tokens_millions: 1e6 }).input_share, 0.75);
});

test('self-hosting inputs out of range, and two quantization choices at once, are refused with the rule stated', () => {
  const bad: Array<[Record<string, unknown>, RegExp]> = [
    [{ utilization: 0 }, /greater than 0 and at most 1/],
    [{ utilization: 1.5 }, /greater than 0 and at most 1/],
    [{ concurrency: 0 }, /from 1 to 4096/],
    [{ context: 100 }, /from 512 to 1,048,576/],
    [{ min_bits: 20 }, /from 3 to 16/],
    [{ quantization: 'q2_k' }, /quantization must be one of/],
    [{ kv_cache: 'fp4' }, /kv_cache must be f16, q8_0 or q4_0/],
    [{ amortization_months: 0 }, /from 1 to 120/],
    [{ power_usd_per_kwh: -1 }, /from 0 to 5/],
  ];
  for (const [input, message] of bad) {
    const r = estimate_cost.input.safeParse({ model_id: 'open-8b', tokens_millions: 1, ...input });
    assert.equal(r.success, false, JSON.stringify(input));
    assert.match(r.error!.issues[0].message, message);
  }
  assert.throws(
    () => run(ds, { model_id: 'open-8b', tokens_millions: 1, min_bits: 8, quantization: 'q4_k_m' }),
    (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter' && /min_bits or quantization/.test(e.message),
  );
});

test('the response states its settings, prefill and decode apart, owned options and the curve of cost against volume', () => {
  const out = run(ds, { model_id: 'open-8b', tokens_millions: 100, utilization: 0.8, concurrency: 8, quantization: 'q4_k_m', kv_cache: 'q8_0' });
  // The context asked is within the model's window: nothing capped, no note.
  assert.deepEqual(out.settings, {
    context: 8192, utilization: 0.8, max_sequences: 8, amortization_months: 36, power_usd_per_kwh: 0.15, context_asked: 8192, context_note: null,
  });
  const o = out.self_hosting.cheapest;
  assert.equal(o.quantization, 'q4_k_m');
  assert.ok(o.serving.batch <= 8);
  assert.equal(o.prefill.tokens_millions, 75);
  assert.equal(o.decode.tokens_millions, 25);
  assert.ok(Array.isArray(out.self_hosting.owned_options));
  assert.ok(out.curve.some((p: Out) => p.tokens_millions === 100));
  assert.ok(out.curve.every((p: Out) => p.api_usd !== undefined && p.rented_usd !== undefined && p.owned_usd !== undefined));
  assert.equal(out.break_even_owned.estimate, true);
  assert.deepEqual(estimate_cost.output.parse(out), out);
});

const hasCommitted = existsSync(DEFAULT_DATA_DIR);
let real: Dataset | undefined;
const committed = () => (real ??= committedDataset());

test('committed dataset: Claude is API-only; Llama 3.3 70B self-hosts on rented GPUs; every price is dated and sourced', { skip: !hasCommitted }, () => {
  const claude = run(committed(), { model_id: 'claude-opus-4-8', tokens_millions: 10 });
  assert.equal(claude.self_hosting.possible, false);
  assert.ok(claude.api.offers.length > 0);
  const llama = run(committed(), { model_id: 'llama-3.3-70b-instruct', tokens_millions: 100 });
  assert.ok(llama.self_hosting.options.length > 0);
  for (const o of llama.api.offers) assert.ok(o.input.source && o.input.as_of && o.output.source && o.output.as_of);
  assert.ok(llama.api.cheapest.blended_usd_per_mtok > 0);
});

test('committed dataset: the examples succeed and match the output schema', { skip: !hasCommitted }, () => {
  for (const ex of estimate_cost.examples) {
    const out = run(committed(), ex.input);
    assert.ok(out.api.offers.length > 0, ex.title);
    // The short form (view=summary) has a schema of its own.
    const schema = ex.input.view === 'summary' ? estimate_cost.altOutput! : estimate_cost.output;
    assert.deepEqual(schema.parse(out), out, `${ex.title}: output has exactly the declared fields`);
  }
});

test('API cost reads base SKUs only: a cheaper stealth listing is another product, not the model\'s price', () => {
  // Kilo's claude-opus-4.6 (models.dev): anthropic/ 5/25 and stealth/ 4/20. At 10M tokens, input share 0.75:
  // 0.75 x 5 + 0.25 x 25 = 10 per 1M, 100 a month.
  const d = aDataset({
    models: [aModel({ id: 'claude-opus-4-6', open_weights: f(false) })],
    offers: [
      anOffer({ model_id: 'claude-opus-4-6', provider: 'kilo', provider_model_id: 'stealth/claude-opus-4.6', sku: 'stealth', prices: { input: f(4), output: f(20) } }),
      anOffer({ model_id: 'claude-opus-4-6', provider: 'kilo', provider_model_id: 'anthropic/claude-opus-4.6', prices: { input: f(5), output: f(25) } }),
    ],
  });
  const out = run(d, { model_id: 'claude-opus-4-6', tokens_millions: 10 });
  assert.equal(out.api.offers.length, 1);
  assert.equal(out.api.cheapest.monthly_usd, 100);
});

test('committed dataset: the hardware parameter takes a device as people say it, echoes the reading, and refuses a bare memory size', { skip: !hasCommitted }, () => {
  // "a single H100" is one H100 80 GB SXM (h100-80gb-x1), the configuration the H100 example names by id.
  const said = run(committed(), { model_id: 'qwen3-8b', tokens_millions: 5000, hardware: 'a single H100' });
  const byId = run(committed(), { model_id: 'qwen3-8b', tokens_millions: 5000, hardware: 'h100-80gb-x1' });
  assert.deepEqual([said.hardware, said.understood.hardware_id, said.understood.how], ['h100-80gb-x1', 'h100-80gb-x1', 'device']);
  assert.deepEqual(said.self_hosting, byId.self_hosting);
  // Two RTX 4090s (2 x 24 GB, catalogued as rtx-4090-x2): no rental is listed for them, so only the owned option,
  // and only on that configuration.
  const two = run(committed(), { model_id: 'qwen3-8b', tokens_millions: 100, hardware: '2x 4090' });
  assert.equal(two.understood.hardware_id, 'rtx-4090-x2');
  assert.deepEqual(two.self_hosting.owned_options.map((o: Out) => o.hardware_id), ['rtx-4090-x2']);
  // Three 3090s are built from the text, not catalogued: the built configuration is the one costed.
  const three = run(committed(), { model_id: 'qwen3-8b', tokens_millions: 100, hardware: '3 x 3090' });
  assert.deepEqual([three.hardware, three.understood.how], ['rtx-3090-x3', 'counted']);
  // "24 GB GPU" names no device: no bandwidth, so no speed and no cost.
  assert.throws(() => run(committed(), { model_id: 'qwen3-8b', tokens_millions: 100, hardware: '24 GB GPU' }),
    (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter' && /memory size on no named device/.test(e.message));
});

test('a reseller\'s cheapest price is flagged with the developer\'s own beside it; a shut-down offer is not costed', () => {
  // As listed for Claude Sonnet 4.5: QiHang $0.43/$2.14, Anthropic $3/$15 (data date 2026-09-23). At input share 0.75:
  // QiHang 0.75 x 0.43 + 0.25 x 2.14 = 0.8575 per 1M; Anthropic 0.75 x 3 + 0.25 x 15 = 6; 0.8575 / 6 = 14%.
  const d = aDataset({
    data_as_of: '2026-09-23',
    models: [aModel({ id: 'sonnet', open_weights: f(false) })],
    providers: [aProvider({ id: 'qihang', name: 'QiHang' }), aProvider({ id: 'anthropic', name: 'Anthropic' })],
    offers: [
      anOffer({ model_id: 'sonnet', provider: 'qihang', prices: { input: f(0.43), output: f(2.14) } }),
      anOffer({ model_id: 'sonnet', provider: 'anthropic', first_party: true, prices: { input: f(3), output: f(15) } }),
      anOffer({ model_id: 'sonnet', provider: 'old-relay', prices: { input: f(0.1), output: f(0.1) }, shutdown_date: f('2026-09-01') }),
      anOffer({ model_id: 'sonnet', provider: 'anthropic', provider_model_id: 'eu.sonnet', region: 'eu', sku: 'regional', first_party: true,
        prices: { input: f(3.3), output: f(16.5) } }),
    ],
  });
  const out = run(d, { model_id: 'sonnet', tokens_millions: 100 });
  assert.deepEqual(out.api.offers.map((o: Out) => [o.provider, o.sku, o.first_party]),
    [['qihang', 'standard', false], ['anthropic', 'standard', true], ['anthropic', 'regional', true]]);
  assert.deepEqual([out.api.cheapest.provider, out.api.cheapest.first_party], ['qihang', false]);
  assert.deepEqual([out.api.developer_offer.provider, out.api.developer_offer.blended_usd_per_mtok], ['anthropic', 6]);
  assert.match(out.api.note, /reseller's listing \(QiHang, \$0\.43\/\$2\.14 input\/output\).*does not vouch for it/);
  assert.match(out.api.note, /developer's own offer \(Anthropic\) is \$3\/\$15 input\/output; the reseller's blended price is 14% of it/);
  assert.deepEqual(out.api.not_priced, [{ provider: 'old-relay', provider_model_id: 'sonnet', region: 'global',
    reason: 'shut down on 2026-09-01 (test-source): no longer sold, not costed' }]);
  assert.deepEqual(estimate_cost.output.parse(out), out);
});

test('an open-weights model\'s cheapest third-party listing is a host\'s, not a reseller\'s; a closed model\'s stays a reseller\'s', () => {
  // An open model at DeepInfra $0.02/$0.06 and its developer's own API at $0.2/$0.2 (fixture prices). At input share
  // 0.75: DeepInfra 0.75 x 0.02 + 0.25 x 0.06 = 0.03; the developer 0.2; 0.03 / 0.2 = 15%.
  const d = aDataset({
    data_as_of: '2026-09-23',
    models: [aModel({ id: 'llama', open_weights: f(true) })],
    providers: [aProvider({ id: 'deepinfra', name: 'DeepInfra' }), aProvider({ id: 'meta', name: 'Meta' })],
    offers: [
      anOffer({ model_id: 'llama', provider: 'deepinfra', prices: { input: f(0.02), output: f(0.06) } }),
      anOffer({ model_id: 'llama', provider: 'meta', first_party: true, prices: { input: f(0.2), output: f(0.2) } }),
    ],
  });
  const out = run(d, { model_id: 'llama', tokens_millions: 100 });
  assert.match(out.api.note, /^The cheapest offer is a third party's listing \(DeepInfra, \$0\.02\/\$0\.06 input\/output\): the weights are open/);
  assert.match(out.api.note, /does not vouch for it/);
  assert.match(out.api.note, /the third party's blended price is 15% of it/);
  assert.doesNotMatch(out.api.note, /reseller/);
});

test('an open-weights model\'s cheapest listing is named a host\'s or a router\'s where the provider\'s own page says which', () => {
  // The same fixture prices as above: the listing at $0.02/$0.06 blends to 0.75 x 0.02 + 0.25 x 0.06 = $0.03 at input
  // share 0.75, the developer's $0.2/$0.2 to $0.2; 0.03 / 0.2 = 15%, whoever sells the listing.
  const page = (role: 'host' | 'router') => ({ ...f(role), evidence_page: { url: 'https://example.com/page', quote: 'what the page says', read_on: '2026-11-29' } });
  const withSeller = (seller: ReturnType<typeof aProvider>) => aDataset({
    data_as_of: '2026-09-23',
    models: [aModel({ id: 'llama', open_weights: f(true) })],
    providers: [seller, aProvider({ id: 'meta', name: 'Meta' })],
    offers: [
      anOffer({ model_id: 'llama', provider: seller.id, prices: { input: f(0.02), output: f(0.06) } }),
      anOffer({ model_id: 'llama', provider: 'meta', first_party: true, prices: { input: f(0.2), output: f(0.2) } }),
    ],
  });
  // DeepInfra's page: "all our publicly available models ... are shared among many users" (provider-roles.csv).
  const host = run(withSeller(aProvider({ id: 'deepinfra', name: 'DeepInfra', serving_role: page('host') })), { model_id: 'llama', tokens_millions: 100 });
  assert.match(host.api.note, /^The cheapest offer is a host's listing \(DeepInfra, \$0\.02\/\$0\.06 input\/output\): the weights are open and DeepInfra runs the weights on its own servers, as its own page describes; the dataset lists it as its sources give it and does not vouch for it\./);
  assert.match(host.api.note, /the host's blended price is 15% of it/);
  assert.doesNotMatch(host.api.note, /third party|reseller/);
  // OpenRouter's page: "OpenRouter routes every request across 60+ providers": which one serves is its choice, and
  // the dataset holds no per-listing endpoints of OpenRouter's (models.dev's files carry no upstream), so it says so.
  const router = run(withSeller(aProvider({ id: 'openrouter', name: 'OpenRouter', serving_role: page('router') })), { model_id: 'llama', tokens_millions: 100 });
  assert.match(router.api.note, /^The cheapest offer is a router's listing \(OpenRouter, \$0\.02\/\$0\.06 input\/output\): the weights are open and OpenRouter forwards each request to another provider that runs the weights, as its own page describes, and which one is its choice unless the request names one; which provider serves this listing is not known \(no source in the dataset lists a router's upstream endpoints\);/);
  assert.match(router.api.note, /the router's blended price is 15% of it/);
  // A provider that runs the closed models it sells on its own servers (Bedrock, hosts_weights) runs open ones there too.
  const bedrock = run(withSeller(aProvider({ id: 'amazon-bedrock', name: 'Amazon Bedrock', hosts_weights: f(true) })), { model_id: 'llama', tokens_millions: 100 });
  assert.match(bedrock.api.note, /^The cheapest offer is a host's listing \(Amazon Bedrock,/);
  // No page read: the words stay a third party's, as before.
  const unknown = run(withSeller(aProvider({ id: 'acme', name: 'Acme' })), { model_id: 'llama', tokens_millions: 100 });
  assert.match(unknown.api.note, /^The cheapest offer is a third party's listing \(Acme,/);
});

test("the developer's own offer shut down: the note says it is no longer served, not that the developer sells none", () => {
  // As DeepSeek V3 at DeepSeek: LiteLLM's $0.27/$1.10 listing, retired on 2025-08-21 (developer-notices: V3.1 took its
  // place); Hyperbolic's $0.2/$0.2 is the cheapest offer still served (data date 2026-09-23).
  const d = aDataset({
    data_as_of: '2026-09-23',
    models: [aModel({ id: 'deepseek-v3', open_weights: f(true) })],
    providers: [aProvider({ id: 'hyperbolic', name: 'Hyperbolic' }), aProvider({ id: 'deepseek', name: 'DeepSeek' })],
    offers: [
      anOffer({ model_id: 'deepseek-v3', provider: 'hyperbolic', prices: { input: f(0.2), output: f(0.2) } }),
      anOffer({ model_id: 'deepseek-v3', provider: 'deepseek', first_party: true, prices: { input: f(0.27), output: f(1.1) },
        shutdown_date: f('2025-08-21') }),
    ],
  });
  const out = run(d, { model_id: 'deepseek-v3', tokens_millions: 100 });
  assert.equal(out.api.developer_offer, null);
  assert.match(out.api.note, /The developer's own offer is no longer served: shut down on 2025-08-21 \(test-source\)\.$/);
  assert.deepEqual(out.api.not_priced.map((x: Out) => x.provider), ['deepseek']);
});

test('a scheduled price travels with its offer line and the note names the day and the new price', () => {
  // genai-prices (npm 0.1.8) google.yml gemini-3.7-flash: $0.75/$3.75 until 2027-01-01, then $1.5/$7.5 (data date
  // 2026-09-23: 100 days ahead). A second model whose only paid offer changes on 2026-11-01 is 39 days ahead.
  const d = aDataset({
    data_as_of: '2026-09-23',
    models: [aModel({ id: 'flash', open_weights: f(false) }), aModel({ id: 'soon', open_weights: f(false) })],
    providers: [aProvider({ id: 'google', name: 'Google' })],
    offers: [
      anOffer({ model_id: 'flash', provider: 'google', first_party: true, prices: { input: f(0.75), output: f(3.75) },
        next_prices: f({ starts: '2027-01-01', input: 1.5, output: 7.5 }) }),
      anOffer({ model_id: 'soon', provider: 'google', first_party: true, prices: { input: f(1), output: f(2) },
        next_prices: f({ starts: '2026-11-01', input: 2, output: 4 }) }),
    ],
  });
  const out = run(d, { model_id: 'flash', tokens_millions: 100 });
  assert.deepEqual(out.api.cheapest.next_prices.value, { starts: '2027-01-01', input: 1.5, output: 7.5 });
  assert.equal(out.api.note, "The cheapest offer's price changes on 2027-01-01, 100 days after the data date (2026-09-23): from that day "
    + 'Google lists $1.5 input and $7.5 output per 1M tokens (now $0.75/$3.75); its monthly cost holds until then.');
  assert.deepEqual(estimate_cost.output.parse(out), out);
  assert.match(run(d, { model_id: 'soon', tokens_millions: 1 }).api.note, /changes on 2026-11-01, within 90 days of the data date/);
  assert.doesNotMatch(run(ds, { model_id: 'open-8b', tokens_millions: 1 }).api.note, /price changes/);
});

test("the developer's own $0 listing is named, never 'sells the model through no offer'", () => {
  // As listed for llama-3.3-70b-instruct: Meta's Llama API (provider `llama`, first_party) at $0/$0 in models.dev
  // providers/llama/models/llama-3.3-70b-instruct.toml; NanoGPT $0.05/$0.23.
  const d = aDataset({
    models: [aModel({ id: 'llama', open_weights: f(true) })],
    providers: [aProvider({ id: 'meta', name: 'Llama API' }), aProvider({ id: 'nano', name: 'NanoGPT' })],
    offers: [
      anOffer({ model_id: 'llama', provider: 'meta', first_party: true, prices: { input: f(0), output: f(0) } }),
      anOffer({ model_id: 'llama', provider: 'nano', prices: { input: f(0.05), output: f(0.23) } }),
    ],
  });
  const out = run(d, { model_id: 'llama', tokens_millions: 100 });
  assert.equal(out.api.developer_offer, null);
  assert.match(out.api.note, /The developer's own offer \(Llama API\) is listed at \$0 \(a free tier or not a per-token price\), /);
  assert.match(out.api.note, /, so there is no developer price to compare\.$/);
  assert.doesNotMatch(out.api.note, /through no offer/);
});

test('DeepSeek-R1 on 8 x H200 serves with the MLA layer term and says so; Llama 3.3 70B on the same cards does not', { skip: !existsSync(DEFAULT_DATA_DIR) }, () => {
  // The serving step of an MLA mixture of experts split tensor parallel adds 61 x 69 us = 4.209 ms (decode-mla.ts).
  // Worked by hand from the published sizes: vLLM's KV budget on 8 x H200 (141 GiB each) is 0.9 x 1,128 GiB less 8 x 6
  // GiB of reserve = 967.2 GiB = 1,038.52e9 bytes, less DeepSeek-R1's FP8 weights, 671e9 x 8.002 / 8 = 671.17e9:
  // 367.36e9 bytes. Each card holds every sequence's latent cache (kv_lora_rank 512 + rope 64 = 576 values x 2 bytes x
  // 61 layers x 7,168 held tokens = 503.71e6 bytes), so a sequence takes 8 x 503.71e6 = 4.030e9: 367.36 / 4.030 = 91.2,
  // 91 sequences. The blend at input_share 0.75 is 1 / (0.75 / prefill + 0.25 / decode) of the two rates the answer
  // shows (16,870 and 1,776.1 tokens/s: 1 / (4.4458e-5 + 1.4076e-4) = 5,399.1), and at 0.5 utilization a month of
  // 730 h serves 5,399.1 x 0.5 x 2.628e6 s = 7.09e9 tokens, 7x the 1e9 asked: one machine.
  const committed = committedDataset();
  const deepseek = run(committed, { model_id: 'deepseek-r1', tokens_millions: 1000, hardware: 'h200-x8' }).self_hosting.options[0];
  const sv = deepseek.serving;
  assert.deepEqual([sv.batch, sv.mean_sequence_tokens, sv.split, deepseek.machines], [91, 7168, 'tensor', 1]);
  const blend = 1 / (0.75 / sv.prefill_tokens_per_s + 0.25 / sv.decode_tokens_per_s);
  assert.ok(Math.abs(deepseek.throughput_tokens_per_s - blend) < 0.1, `${deepseek.throughput_tokens_per_s} against ${blend}`);
  assert.ok(deepseek.derived_from.some((l: string) => l.startsWith('decode: each step adds 61 layers x 69 us of MLA mixture-of-experts layer time')), deepseek.derived_from.join('\n'));
  const llama = run(committed, { model_id: 'llama-3.3-70b-instruct', tokens_millions: 1000, hardware: 'h200-x8' }).self_hosting.options[0];
  assert.ok(!llama.derived_from.some((l: string) => l.includes('MLA mixture-of-experts layer time')));
});
