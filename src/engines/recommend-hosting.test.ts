// Tests of recommend_model's self-hosting door: the configuration picked with no machine named, and its monthly cost.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aHardware, aModel, aRating, f } from '../dataset/fixtures.ts';
import type { Architecture } from '../schema/index.ts';
import { interpret } from './interpret.ts';
import { priceScore, recommend, UNKNOWN_MACHINE_PRICE_SCORE } from './recommend.ts';
import { cheapestHosting, hostingOnMachine, hostingOnNamedMachine } from './recommend-hosting.ts';

const arch = (layers: number): Architecture => ({ layers, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'acme/x' });
const APACHE = f({ id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true });
const open = (id: string, params: number, layers: number) =>
  aModel({ id, open_weights: f(true), licence: APACHE, parameters_total: f(params), architecture: f(arch(layers)),
    context_window: f(131072) });
const rent = (usd_per_hour: number, eu_regions: string[] = []) => f({ provider: 'cloud', instance_type: 'box', usd_per_hour, eu_regions });
const rated = (model_id: string, rating: number) => aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5 });

// small (8B) fits every configuration; large (200B: 122 GB of weights at Q4_K_M's 4.89 bits) fits only the 640 GB node at 4 bits or more.
const ds = aDataset({
  models: [open('small-8b', 8e9, 32), open('large-200b', 200e9, 80)],
  ratings: [rated('small-8b', 1400), rated('large-200b', 1400)],
  hardware: [
    aHardware({ id: 'desk-24', memory_gb: f(24) }),
    aHardware({ id: 'rent-48', class: 'workstation', memory_gb: f(48), rental: rent(1) }),
    aHardware({ id: 'rent-80', class: 'server', memory_gb: f(80), rental: rent(2, ['eu-west']) }),
    aHardware({ id: 'node-640', class: 'server', count: 8, memory_gb: f(640), rental: rent(20) }),
  ],
});

test('no machine named: the least costly rented configuration that fits, a month of it, and the smallest fit beside it', () => {
  const pick = cheapestHosting(ds, ds.modelById.get('small-8b')!, ds.hardware, 8192)!;
  assert.equal(pick.hardware.id, 'rent-48', 'rent-48 at $1/h is the cheapest rented configuration it fits');
  assert.equal(pick.own_machine, false);
  assert.equal(pick.cost!.monthly_usd, 730, '1 USD/h x 730 h');
  assert.ok(Math.abs(pick.cost!.usd_per_mtok * pick.cost!.capacity_tokens_millions_per_month - 730) < 0.5, 'the month over what it serves');
  assert.equal(pick.smallest?.hardware.id, 'desk-24', 'it also fits the 24 GB desktop, which has no price');
  const large = cheapestHosting(ds, ds.modelById.get('large-200b')!, ds.hardware, 8192)!;
  assert.deepEqual([large.hardware.id, large.cost!.monthly_usd, large.smallest], ['node-640', 14600, null], '20 USD/h x 730 h');
});

test('local machines are bought: the smallest one that fits, at no known cost', () => {
  const pick = cheapestHosting(ds, ds.modelById.get('small-8b')!, ds.hardware, 8192, false)!;
  assert.deepEqual([pick.hardware.id, pick.cost], ['desk-24', null]);
});

test('on the machine named: the fit there, no cost (already paid), nothing when it does not fit', () => {
  const desk = ds.hardwareById.get('desk-24')!;
  assert.deepEqual([hostingOnMachine(ds.modelById.get('small-8b')!, desk, 8192)?.own_machine], [true]);
  assert.equal(hostingOnMachine(ds.modelById.get('large-200b')!, desk, 8192), undefined);
});

test('on a named machine asked again: the same fit as when first asked, at each context apart', () => {
  const desk = ds.hardwareById.get('desk-24')!;
  const small = ds.modelById.get('small-8b')!;
  for (let ask = 0; ask < 2; ask++) {
    const pick = hostingOnNamedMachine(ds, small, desk, 8192);
    assert.deepEqual([pick?.own_machine, pick?.hardware.id, pick?.fit.context], [true, 'desk-24', 8192], `ask ${ask}`);
    assert.deepEqual(pick?.fit, hostingOnMachine(small, desk, 8192)?.fit);
    assert.equal(hostingOnNamedMachine(ds, ds.modelById.get('large-200b')!, desk, 8192), undefined, `ask ${ask}`);
  }
  // 8B weights fit 24 GB at 8,192 tokens; at 4M tokens the KV cache alone passes 24 GB (a context not kept apart would
  // answer from the 8,192-token fit).
  assert.equal(hostingOnNamedMachine(ds, small, desk, 4_000_000), undefined);
  assert.ok(hostingOnNamedMachine(ds, small, desk, 8192));
});

test('the monthly cost counts in the ranking: at equal ratings the model needing the 8-GPU node ranks below', () => {
  const r = recommend(ds, interpret(ds, { where: 'on premises' }));
  assert.deepEqual(r.recommendations.map((x) => x.model.id), ['small-8b', 'large-200b']);
  const [small, large] = r.recommendations;
  assert.equal(small.option.parts.price, Math.round(priceScore(small.option.self!.cost!.usd_per_mtok) * 1e4) / 1e4);
  assert.ok(large.option.parts.price < small.option.parts.price);
  assert.notEqual(small.option.parts.price, UNKNOWN_MACHINE_PRICE_SCORE);
  assert.match(small.reasons[1], /least costly rented configuration it fits.*\$730 a month to rent/);
  // A stated GB is 2^30 bytes: 24 x 1.073741824 x 0.95 = 24.48 GB (of 1e9 bytes) usable.
  assert.match(small.reasons[1], /It also fits desk-24 \(desk-24, 24\.48 GB usable\)/, 'usable = 24 GiB x 0.95');
});

test('data that must stay in the EU: only rentals offered in an EU region are costed, and the reason names them', () => {
  const pick = cheapestHosting(ds, ds.modelById.get('small-8b')!, ds.hardware, 8192, true, true)!;
  assert.deepEqual([pick.hardware.id, pick.cost!.monthly_usd, pick.cost!.eu_regions], ['rent-80', 1460, ['eu-west']], 'rent-48 lists no EU region; 2 USD/h x 730 h');
  const r = recommend(ds, interpret(ds, { keep: 'EU only', where: 'on premises' }));
  assert.match(r.recommendations[0].reasons[1], /in an EU region \(eu-west\), as keep=eu-only requires/);
  // large-200b fits only node-640, whose rental lists no EU region: it needs more than any EU rental, so price 0.
  const large = r.recommendations.find((x) => x.model.id === 'large-200b')!;
  assert.deepEqual([large.option.self!.cost, large.option.parts.price], [null, 0]);
  assert.match(large.reasons[1], /No configuration it fits has a rental price in the dataset in an EU region/);
});
