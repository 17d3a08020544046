// Tests of recommend_model's kept picks: a pick kept for one ask is never served for another (another context, settings,
// pool or model), a pick that does not fit is kept too, and past the bound of contexts kept each ask is still right.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aHardware, aModel, f } from '../dataset/fixtures.ts';
import type { Architecture, Hardware, Model } from '../schema/index.ts';
import type { HostingPick } from './recommend-hosting.ts';
import { cheapestHosting, ownedHosting } from './recommend-hosting.ts';
import { keptPick, MAX_KEPT_CONTEXTS, type KeptPicks } from './recommend-hosting-kept.ts';
import { speedFloorOf } from './recommend-speed.ts';

const arch = (layers: number): Architecture => ({ layers, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'acme/x' });
const APACHE = f({ id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true });
const open = (id: string, params: number, layers: number) =>
  aModel({ id, open_weights: f(true), licence: APACHE, parameters_total: f(params), architecture: f(arch(layers)), context_window: f(131072) });

/** A stand-in pick that says which ask it was worked out for, and a compute that counts its calls. */
const stub = (label: string) => ({ label }) as unknown as HostingPick;
const labelOf = (p: HostingPick | undefined) => (p as unknown as { label: string } | undefined)?.label;
function counter() {
  let calls = 0;
  return {
    calls: () => calls,
    compute: (label: string | undefined) => () => {
      calls++;
      return label === undefined ? undefined : stub(label);
    },
  };
}

const m1 = open('m1', 8e9, 32);
const m2 = open('m2', 8e9, 32);
const hw = aHardware({ id: 'desk' });

test('a kept pick is served only to the same pool, context, settings and model; each other ask gets its own', () => {
  const store: KeptPicks = new WeakMap();
  const pool: readonly Hardware[] = [hw];
  // The same configurations in another array: another pool (a filter of the catalogue is kept per dataset as its own).
  const otherPool: readonly Hardware[] = [hw];
  const c = counter();
  const ask = (p: readonly Hardware[], ctx: number, settings: string, m: Model, label: string) =>
    labelOf(keptPick(store, p, ctx, settings, m, c.compute(label)));
  // Each ask first: worked out, its own label.
  assert.equal(ask(pool, 8192, 'priced', m1, 'base'), 'base');
  assert.equal(ask(pool, 32768, 'priced', m1, 'context'), 'context', 'another context');
  assert.equal(ask(pool, 8192, 'priced eu', m1, 'settings'), 'settings', 'other settings');
  assert.equal(ask(pool, 8192, 'priced', m2, 'model'), 'model', 'another model (same values, another object)');
  assert.equal(ask(otherPool, 8192, 'priced', m1, 'pool'), 'pool', 'another pool');
  assert.equal(c.calls(), 5);
  // Asked again (compute would now answer 'wrong'): each served its own kept pick, none worked out again.
  assert.equal(ask(pool, 8192, 'priced', m1, 'wrong'), 'base');
  assert.equal(ask(pool, 32768, 'priced', m1, 'wrong'), 'context');
  assert.equal(ask(pool, 8192, 'priced eu', m1, 'wrong'), 'settings');
  assert.equal(ask(pool, 8192, 'priced', m2, 'wrong'), 'model');
  assert.equal(ask(otherPool, 8192, 'priced', m1, 'wrong'), 'pool');
  // Settings of the same value made afresh (a key string built again) are the same settings: served the kept pick.
  assert.equal(ask(pool, 8192, ['priced', 'eu'].join(' '), m1, 'wrong'), 'settings');
  assert.equal(c.calls(), 5);
});

test('a model that fits nowhere is kept as such: served undefined again without being worked out again', () => {
  const store: KeptPicks = new WeakMap();
  const pool: readonly Hardware[] = [hw];
  const c = counter();
  assert.equal(keptPick(store, pool, 8192, '', m1, c.compute(undefined)), undefined);
  assert.equal(keptPick(store, pool, 8192, '', m1, c.compute('wrong')), undefined);
  assert.equal(c.calls(), 1);
  // The same model at another context is its own ask: it may fit there.
  assert.equal(labelOf(keptPick(store, pool, 4096, '', m1, c.compute('fits'))), 'fits');
});

test('past the contexts kept, a pick at a new context is worked out on each ask and the kept ones stay right', () => {
  // MAX_KEPT_CONTEXTS is 4 (the service asks at two): contexts 1,000 to 4,000 are kept; 5,000 and 6,000 are not.
  assert.equal(MAX_KEPT_CONTEXTS, 4);
  const store: KeptPicks = new WeakMap();
  const pool: readonly Hardware[] = [hw];
  const c = counter();
  for (const ctx of [1000, 2000, 3000, 4000]) assert.equal(labelOf(keptPick(store, pool, ctx, '', m1, c.compute(`at ${ctx}`))), `at ${ctx}`);
  assert.equal(c.calls(), 4);
  for (let ask = 0; ask < 2; ask++) {
    assert.equal(labelOf(keptPick(store, pool, 5000, '', m1, c.compute(`5000 ask ${ask}`))), `5000 ask ${ask}`, 'worked out, not kept');
    assert.equal(labelOf(keptPick(store, pool, 6000, '', m1, c.compute(`6000 ask ${ask}`))), `6000 ask ${ask}`);
  }
  assert.equal(c.calls(), 8);
  for (const ctx of [1000, 2000, 3000, 4000]) assert.equal(labelOf(keptPick(store, pool, ctx, '', m1, c.compute('wrong'))), `at ${ctx}`);
  // Another pool has its own contexts: its first is kept.
  const otherPool: readonly Hardware[] = [hw];
  assert.equal(labelOf(keptPick(store, otherPool, 5000, '', m1, c.compute('other'))), 'other');
  assert.equal(labelOf(keptPick(store, otherPool, 5000, '', m1, c.compute('wrong'))), 'other');
  assert.equal(c.calls(), 9);
});

test('rented picks: priced, priced in the EU and unpriced are kept apart, asked in any order', () => {
  // small-8b fits each configuration. Rented at 1 USD/h (rent-48, outside the EU) it costs 730 USD a month (x 730 h);
  // in the EU only rent-80 at 2 USD/h is offered: 1,460 USD. Unpriced (a local machine): the smallest it fits, desk-24
  // (24 GB), at no cost.
  const rent = (usd_per_hour: number, eu_regions: string[] = []) => f({ provider: 'cloud', instance_type: 'box', usd_per_hour, eu_regions });
  const ds = aDataset({
    models: [open('small-8b', 8e9, 32)],
    hardware: [
      aHardware({ id: 'desk-24', memory_gb: f(24) }),
      aHardware({ id: 'rent-48', class: 'workstation', memory_gb: f(48), rental: rent(1) }),
      aHardware({ id: 'rent-80', class: 'server', memory_gb: f(80), rental: rent(2, ['eu-west']) }),
    ],
  });
  const m = ds.models[0];
  const expect: Record<string, [string, number | null]> = { priced: ['rent-48', 730], eu: ['rent-80', 1460], unpriced: ['desk-24', null] };
  const answer = (kind: string) => {
    const p = cheapestHosting(ds, m, ds.hardware, 8192, kind !== 'unpriced', kind === 'eu');
    return [p?.hardware.id, p?.cost?.monthly_usd ?? null];
  };
  for (const order of [['unpriced', 'priced', 'eu'], ['eu', 'priced', 'unpriced']]) {
    for (const kind of [...order, ...order]) assert.deepEqual(answer(kind), expect[kind], `${order.join(', ')}: ${kind}`);
  }
});

test('bought picks: the speed floor and local against on premises are kept apart', () => {
  // Two desktops small-8b fits. slow-24 is the cheaper to own (540 + 180 USD against 1,080 + 720) but reads memory at
  // 40 GB/s: 8B weights at Q8_0 (8.5 bits, 8.5 GB) read once a token allow at most 40 / 8.5 = 4.7 tokens/s, under the
  // reading floor (238 words a minute / 60 / 0.75 words a token = 5.29 tokens/s); even Q4_K_M (4.89 bits, 4.89 GB), the
  // lowest GGUF type of 4 bits or more, reads in 4.89 / (40 x 0.67) + the cache's 1.07 GB at 8,192 tokens / (40 x 0.82)
  // + 32 layers x 45 us = 0.217 s a token: 4.6 tokens/s, under 5.29 too.
  // With no floor the cheaper slow-24 is picked; with the floor fast-24 (1,000 GB/s), slow-24 passed over.
  const host = (usd: number) => f({ id: 'tower', name: 'tower', basis: 'priced' as const, usd });
  const ds = aDataset({
    models: [open('small-8b', 8e9, 32)],
    hardware: [
      aHardware({ id: 'slow-24', bandwidth_gbs: f(40), purchase_price_usd: f(540), power_w: f(100), host_machine: host(180) }),
      aHardware({ id: 'fast-24', bandwidth_gbs: f(1000), purchase_price_usd: f(1080), power_w: f(300), host_machine: host(720) }),
    ],
  });
  const m = ds.models[0];
  const floor = speedFloorOf('chat');
  const answer = (withFloor: boolean, onPremises: boolean) => {
    const p = ownedHosting(ds, m, ds.hardware, 8192, withFloor ? floor : null, onPremises);
    return [p?.hardware.id, p?.passed_over?.hardware.id ?? null, p?.on_premises];
  };
  const expect = (withFloor: boolean, onPremises: boolean) => [withFloor ? 'fast-24' : 'slow-24', withFloor ? 'slow-24' : null, onPremises];
  const asks: Array<[boolean, boolean]> = [[false, true], [true, true], [true, false], [false, false]];
  for (const [withFloor, onPremises] of [...asks, ...[...asks].reverse()]) {
    assert.deepEqual(answer(withFloor, onPremises), expect(withFloor, onPremises), `floor ${withFloor}, on premises ${onPremises}`);
  }
});
