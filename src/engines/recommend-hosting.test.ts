// Tests of recommend_model's self-hosting door: the configuration picked with no machine named, and its monthly cost.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aHardware, aModel, aProvider, aRating, f } from '../dataset/fixtures.ts';
import type { Architecture } from '../schema/index.ts';
import { interpret } from './interpret.ts';
import { recommend } from './recommend.ts';
import { priceScore, UNKNOWN_MACHINE_PRICE_SCORE } from './recommend-weights.ts';
import { cheapestHosting, hostingOnMachine, hostingOnNamedMachine } from './recommend-hosting.ts';

const arch = (layers: number): Architecture => ({ layers, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'acme/x' });
const APACHE = f({ id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true });
const open = (id: string, params: number, layers: number) =>
  aModel({ id, open_weights: f(true), licence: APACHE, parameters_total: f(params), architecture: f(arch(layers)),
    context_window: f(131072) });
const rent = (usd_per_hour: number, eu_regions: string[] = [], provider = 'cloud') => f({ provider, instance_type: 'box', usd_per_hour, eu_regions });
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
  const r = recommend(ds, interpret(ds, { keep: 'no retention' }));
  assert.deepEqual(r.recommendations.map((x) => x.model.id), ['small-8b', 'large-200b']);
  const [small, large] = r.recommendations;
  assert.equal(small.option.parts.price, Math.round(priceScore(small.option.self!.cost!.usd_per_mtok) * 1e4) / 1e4);
  assert.ok(large.option.parts.price < small.option.parts.price);
  assert.notEqual(small.option.parts.price, UNKNOWN_MACHINE_PRICE_SCORE);
  assert.match(small.reasons[1], /least costly rented configuration it fits.*\$730 a month to rent/);
  // A stated GB is 2^30 bytes: 24 x 1.073741824 x 0.95 = 24.48 GB (of 1e9 bytes) usable. It has no rental price (it may
  // have a purchase price: the words say which price it lacks).
  assert.match(small.reasons[1], /It also fits desk-24 \(desk-24, 24\.48 GB usable\), which has no rental price in the dataset/, 'usable = 24 GiB x 0.95');
});

// Bought machines, as machine-prices and host-machines give them: the rented ones above have no purchase price.
const host = (usd: number) => f({ id: 'tower', name: 'tower', basis: 'priced' as const, usd });
const BOUGHT = {
  models: [open('small-8b', 8e9, 32), open('large-200b', 200e9, 80)],
  ratings: [rated('small-8b', 1400), rated('large-200b', 1400)],
  hardware: [
    // 24 GB card, 1,080 USD with a 720 USD host: the least costly to own that small-8b fits.
    aHardware({ id: 'card-24', memory_gb: f(24), purchase_price_usd: f(1080), power_w: f(300), host_machine: host(720) }),
    // 48 GB card with no host priced: a month without the machine around it, passed over while one counting it fits.
    aHardware({ id: 'bare-48', class: 'server', memory_gb: f(48), purchase_price_usd: f(900), power_w: f(200) }),
    aHardware({ id: 'rent-80', class: 'server', memory_gb: f(80), rental: rent(2, ['eu-west']) }),
    // 8 TB/s a card: large-200b's 221 GB at Q8_0 then decode above the speed floor on premises (5.3 tokens/s, recommend-speed.ts),
    // which 1 TB/s a card (221 GB read per token over one card's bandwidth at a time: under 4.5 tokens/s) would not reach.
    aHardware({ id: 'node-640', class: 'server', count: 8, memory_gb: f(640), bandwidth_gbs: f(8000), rental: rent(20) }),
  ],
};
const bought = aDataset(BOUGHT);

test('on premises: the configuration least costly to own, costed as estimate_cost costs it owned', () => {
  const r = recommend(bought, interpret(bought, { where: 'on premises' }));
  const small = parts(r, 'small-8b').self!;
  assert.deepEqual([small.hardware.id, small.on_premises, small.cost!.rental], ['card-24', true, null]);
  const o = small.cost!.owned!;
  // By hand (docs/hardware-and-cost.md, owned): (1,080 + 720) / 36 months = 50 USD; at the volume it serves in a month
  // the busy hours are 730 x 0.5 = 365, idle draw 0.2 x 300 = 60 W for the other 365: (300 x 365 + 60 x 365) / 1000 x
  // 0.15 USD/kWh = 19.71 USD; 69.71 USD in all.
  assert.deepEqual([o.purchase.monthly_usd, o.host_machine?.monthly_usd, o.power_monthly_usd, small.cost!.monthly_usd, o.machines],
    [30, 20, 19.71, 69.71, 1]);
  assert.ok(Math.abs(small.cost!.usd_per_mtok - 69.71 / o.tokens_millions) < 1e-4, 'the month over the tokens it serves');
  const reason = r.recommendations.find((x) => x.model.id === 'small-8b')!.reasons[1];
  assert.match(reason, /least costly configuration to own that it fits.*\$70 a month bought and run.*the purchase, \$1,080.*over 36 months, and \$19\.71 of electricity.*its host machine, \$720 /);
  assert.doesNotMatch(reason, /priced at its rent|to rent|\/h,/);
  // large-200b fits no configuration with a purchase price: the smallest it fits, price 0, said so.
  const large = parts(r, 'large-200b');
  assert.deepEqual([large.self!.hardware.id, large.self!.cost, large.parts.price], ['node-640', null, 0]);
  assert.match(r.recommendations.find((x) => x.model.id === 'large-200b')!.reasons[1], /No configuration it fits has a purchase price/);
  // Without card-24, the month that leaves out the host is the one there is: a lower bound, and said so.
  const bare = aDataset({ ...BOUGHT, hardware: BOUGHT.hardware.filter((h) => h.id !== 'card-24') });
  const rb = recommend(bare, interpret(bare, { where: 'on premises' }));
  assert.equal(parts(rb, 'small-8b').self!.hardware.id, 'bare-48');
  assert.match(rb.recommendations.find((x) => x.model.id === 'small-8b')!.reasons[1], /no source prices the host machine.*lower bound/);
});

// Rentals at three GPU clouds, as the providers table lists them: `eu-gpu` under EU jurisdiction (like Nebius, NL),
// `us-gpu` under US jurisdiction (like Lambda, a Delaware corporation), and `mystery-gpu`, which the table does not list.
const CLOUDS = {
  models: [open('small-8b', 8e9, 32), open('large-200b', 200e9, 80)],
  ratings: [rated('small-8b', 1400), rated('large-200b', 1400)],
  providers: [aProvider({ id: 'eu-gpu', name: 'EU GPU', hq_country: f('NL'), jurisdiction: f('EU') }),
    aProvider({ id: 'us-gpu', name: 'US GPU', hq_country: f('US'), jurisdiction: f('US') })],
  hardware: [
    aHardware({ id: 'mystery-32', class: 'workstation', memory_gb: f(32), rental: rent(0.5, ['eu-north'], 'mystery-gpu') }),
    aHardware({ id: 'us-48', class: 'workstation', memory_gb: f(48), rental: rent(1, ['eu-central'], 'us-gpu') }),
    aHardware({ id: 'eu-80', class: 'server', memory_gb: f(80), rental: rent(2, ['eu-west'], 'eu-gpu') }),
    aHardware({ id: 'us-640', class: 'server', count: 8, memory_gb: f(640), rental: rent(20, [], 'us-gpu') }),
  ],
};
const clouds = aDataset(CLOUDS);
const parts = (r: ReturnType<typeof recommend>, id: string) => r.recommendations.find((x) => x.model.id === id)!.option;

test('data that must stay in the EU: rentals in an EU region are costed, whatever their provider\'s jurisdiction', () => {
  // keep=eu-only asks EU residency of a rental as of an API offer: all three EU-region rentals qualify, the cheapest is
  // mystery-32 ($0.5/h, eu-north); us-640 lists no EU region and does not.
  const pick = cheapestHosting(clouds, clouds.modelById.get('small-8b')!, clouds.hardware, 8192, true, true)!;
  assert.deepEqual([pick.hardware.id, pick.cost!.monthly_usd, pick.cost!.eu_regions], ['mystery-32', 365, ['eu-north']], '0.5 USD/h x 730 h');
  const r = recommend(clouds, interpret(clouds, { keep: 'EU only, no retention' }));
  const small = parts(r, 'small-8b');
  // Resident in the EU (1); the provider's jurisdiction is not in the providers table, so it scores 0 and is said so.
  assert.deepEqual([small.self!.hardware.id, small.parts.eu_residency, small.parts.eu_jurisdiction], ['mystery-32', 1, 0]);
  const reasons = r.recommendations.find((x) => x.model.id === 'small-8b')!.reasons;
  assert.match(reasons[1], /in an EU region \(eu-north\), as keep=eu-only requires; mystery-gpu's jurisdiction is not established in the dataset, so it is not counted as EU/);
  // large-200b fits only us-640, rented in no EU region: shown on it as hardware you would own, price 0.
  const large = parts(r, 'large-200b');
  assert.deepEqual([large.self!.hardware.id, large.self!.cost, large.parts.price, large.parts.eu_jurisdiction], ['us-640', null, 0, 1]);
  // A pick under the skimming pace says so first (recommend-speed-class.ts), so how it runs is the reason beginning `Runs on`.
  assert.match(r.recommendations.find((x) => x.model.id === 'large-200b')!.reasons.find((x) => x.startsWith('Runs on '))!,
    /No configuration it fits has a rental price in the dataset in an EU region: .*hardware you would own/);
});

test('keep=eu-only: a US provider\'s rental in an EU region qualifies, its US jurisdiction scored 0 and stated', () => {
  // Without the mystery cloud, the cheapest EU-region rental small-8b fits is us-48 ($1/h, eu-central, US GPU: US).
  const noMystery = aDataset({ ...CLOUDS, hardware: CLOUDS.hardware.filter((h) => h.id !== 'mystery-32') });
  // (where=eu-cloud asks for API offers only, so it never rents: keep=eu-only is the one that restricts rentals.)
  const r = recommend(noMystery, interpret(noMystery, { keep: 'EU only' }));
  const small = parts(r, 'small-8b');
  assert.deepEqual([small.self!.hardware.id, small.self!.cost!.monthly_usd, small.parts.eu_residency, small.parts.eu_jurisdiction],
    ['us-48', 730, 1, 0], '1 USD/h x 730 h');
  const reason = r.recommendations.find((x) => x.model.id === 'small-8b')!.reasons[1];
  assert.match(reason, /in an EU region \(eu-central\), as keep=eu-only requires; US GPU is under US jurisdiction \(/);
  // What keep=eu-only requires is EU residency: the words are never said of a jurisdiction.
  assert.doesNotMatch(reason, /from a provider under EU jurisdiction/);
});

test('keep=eu-only: a configuration rented cheaper outside the EU is costed at its dearer EU rental, not lost', () => {
  // The 8 x H200 rows of SkyPilot's catalogue: Seeweb's ECS8GPU10 at 20.8 USD/h lists no region (catalogs/v7/seeweb/
  // vms.csv @06b032fa), Nebius's 8-GPU H200 at 28.00 lists eu-north1 (catalogs/v7/nebius/vms.csv @22fd1fea). large-200b
  // fits only this node. Without keep it rents Seeweb's: 20.8 x 730 = 15,184 USD a month; with keep=eu-only Nebius's:
  // 28 x 730 = 20,440 USD, in eu-north1, where before only the cheapest was kept and the model had no EU rental at all.
  const h200 = aHardware({ id: 'h200-x8', class: 'server', count: 8, memory_gb: f(1128),
    rental: f({ provider: 'seeweb', instance_type: 'ECS8GPU10', usd_per_hour: 20.8, eu_regions: [] }),
    eu_rental: f({ provider: 'nebius', instance_type: 'gpu-h200-sxm_8gpu-128vcpu-1600gb', usd_per_hour: 28, eu_regions: ['eu-north1'] }) });
  const node = aDataset({ ...CLOUDS, hardware: [h200] });
  const large = node.modelById.get('large-200b')!;
  const anywhere = cheapestHosting(node, large, node.hardware, 8192)!;
  assert.deepEqual([anywhere.cost!.rental!.provider, anywhere.cost!.monthly_usd, anywhere.cost!.eu_regions], ['seeweb', 15184, []]);
  const inEu = cheapestHosting(node, large, node.hardware, 8192, true, true)!;
  assert.deepEqual([inEu.hardware.id, inEu.cost!.rental!.provider, inEu.cost!.monthly_usd, inEu.cost!.eu_regions],
    ['h200-x8', 'nebius', 20440, ['eu-north1']]);
  const r = recommend(node, interpret(node, { keep: 'EU only' }));
  const o = parts(r, 'large-200b');
  assert.deepEqual([o.self!.cost!.rental!.instance_type, o.parts.eu_residency], ['gpu-h200-sxm_8gpu-128vcpu-1600gb', 1]);
  assert.match(r.recommendations.find((x) => x.model.id === 'large-200b')!.reasons.find((x) => x.startsWith('Runs on '))!, /in an EU region \(eu-north1\), as keep=eu-only requires/);
});

test('a rented configuration takes its provider\'s jurisdiction and its EU regions; unknown is not EU', () => {
  // No keep: small-8b runs on the cheapest rental it fits, mystery-32 ($0.5/h): EU regions (residency 1), jurisdiction unknown (0).
  const any = recommend(clouds, interpret(clouds, { keep: 'no retention' }));
  const small = parts(any, 'small-8b');
  assert.deepEqual([small.self!.hardware.id, small.parts.eu_residency, small.parts.eu_jurisdiction], ['mystery-32', 1, 0]);
  assert.match(any.recommendations.find((x) => x.model.id === 'small-8b')!.reasons[1],
    /in EU regions to choose \(eu-north\); mystery-gpu's jurisdiction is not established in the dataset, so it is not counted as EU/);
  // large-200b on us-640: a US provider (0) with no EU region listed (0).
  const large = parts(any, 'large-200b');
  assert.deepEqual([large.self!.hardware.id, large.parts.eu_residency, large.parts.eu_jurisdiction], ['us-640', 0, 0]);
  // Without the mystery cloud, small-8b rents us-48: EU regions to choose (1), but under US jurisdiction (0).
  const noMystery = aDataset({ ...CLOUDS, hardware: CLOUDS.hardware.filter((h) => h.id !== 'mystery-32') });
  const us = parts(recommend(noMystery, interpret(noMystery, { keep: 'no retention' })), 'small-8b');
  assert.deepEqual([us.self!.hardware.id, us.parts.eu_residency, us.parts.eu_jurisdiction], ['us-48', 1, 0]);
});

test('on premises and on a named machine the hardware is the caller\'s: residency and jurisdiction score 1', () => {
  // where=on-premises: bought and run, even with keep=eu-only; none of these rentals has a purchase price, so it is
  // shown on the smallest configuration it fits, not rented.
  for (const keep of [undefined, 'EU only']) {
    const r = recommend(clouds, interpret(clouds, { where: 'on premises', ...(keep ? { keep } : {}) }));
    const small = parts(r, 'small-8b');
    assert.deepEqual([small.self!.hardware.id, small.self!.on_premises, small.self!.cost], ['mystery-32', true, null]);
    assert.deepEqual([small.parts.eu_residency, small.parts.eu_jurisdiction], [1, 1], `keep=${keep}`);
  }
  const own = parts(recommend(clouds, interpret(clouds, { machine: 'us-48' })), 'small-8b');
  assert.deepEqual([own.self!.own_machine, own.parts.eu_residency, own.parts.eu_jurisdiction], [true, 1, 1]);
});
