// Tests of list_hardware: order, class filter, derived usable memory, missing prices as null, paging; the committed list.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { aDataset, aHardware, f } from '../dataset/fixtures.ts';
import { ServiceError } from '../errors/index.ts';
import { list_hardware, requireHardware } from './list-hardware.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ctx = { today: '2026-10-01' };
type Out = { class: string | null; items: Array<Record<string, any>>; page: { total: number; limit: number; next_cursor: string | null } };
const run = (ds: ReturnType<typeof aDataset>, input: Record<string, unknown> = {}) => list_hardware.handler(ds, list_hardware.input.parse(input), ctx) as Out;

const ds = aDataset({
  hardware: [
    aHardware({ id: 'node-8', class: 'server', count: 8, memory_gb: f(640), bandwidth_gbs: f(3350), rental: f({ provider: 'cloud', instance_type: '8x', usd_per_hour: 20, eu_regions: ['eu-west-1'] }) }),
    aHardware({ id: 'mac-128', class: 'laptop', unified_memory: true, memory_gb: f(128), usable_fraction: f(0.75), bandwidth_gbs: f(546), purchase_price_usd: f(4999) }),
    aHardware({ id: 'card-24', class: 'desktop', memory_gb: f(24) }),
    aHardware({ id: 'card-16', class: 'desktop', memory_gb: f(16) }),
  ],
});

test('configurations are listed laptop to cluster, then by usable memory, smallest first', () => {
  assert.deepEqual(run(ds).items.map((h) => h.id), ['mac-128', 'card-16', 'card-24', 'node-8']);
});

test('the class filter keeps only that class and is echoed', () => {
  const out = run(ds, { class: 'desktop' });
  assert.equal(out.class, 'desktop');
  assert.deepEqual(out.items.map((h) => h.id), ['card-16', 'card-24']);
  assert.equal(run(ds, { class: 'cluster' }).items.length, 0);
  assert.equal(list_hardware.input.safeParse({ class: 'phone' }).success, false);
});

test('usable memory and aggregate bandwidth are derived figures that cite their facts', () => {
  const mac = run(ds).items.find((h) => h.id === 'mac-128')!;
  // A stated GB is 2^30 bytes, shown in GB of 1e9: 128 x 0.75 = 96 GiB = 96 x 1.073741824 = 103.08 GB.
  assert.equal(mac.usable_memory_gb.value, 103.08);
  assert.ok(mac.usable_memory_gb.derived_from.some((s: string) => s.startsWith('usable_fraction = 0.75')));
  // The stated size is cited with its unit, and the sum is written out: "memory_gb = 128" beside 103.08 would read as
  // 128 x 0.75 = 96.
  assert.ok(mac.usable_memory_gb.derived_from.some((s: string) => s.startsWith('memory_gb = 128 GiB (')));
  assert.ok(mac.usable_memory_gb.derived_from.includes('usable memory = 128 GiB (vendors\' memory sizes are binary) x 0.75 = 103.08 GB (1e9 bytes)'));
  const card = run(ds).items.find((h) => h.id === 'card-24')!;
  // An RTX 4090's 24 GiB x 0.95 = 22.8 GiB = 22.8 x 1.073741824 = 24.48 GB.
  assert.ok(card.usable_memory_gb.derived_from.includes('usable memory = 24 GiB (vendors\' memory sizes are binary) x 0.95 = 24.48 GB (1e9 bytes)'));
  const node = run(ds).items.find((h) => h.id === 'node-8')!;
  assert.equal(node.aggregate_bandwidth_gbs.value, 26800);
  assert.match(node.split, /8 x/);
  assert.equal(mac.split, null);
});

test('prices no source gives are null, never filled in; given ones keep their date and source', () => {
  const byId = new Map(run(ds).items.map((h) => [h.id, h]));
  assert.equal(byId.get('card-24')!.rental, null);
  assert.equal(byId.get('card-24')!.purchase_price_usd, null);
  assert.deepEqual(byId.get('node-8')!.rental.value.usd_per_hour, 20);
  assert.equal(byId.get('mac-128')!.purchase_price_usd.as_of, '2026-08-01');
  assert.equal(byId.get('mac-128')!.purchase_price_usd.source, 'test-source');
});

test('a configuration rented cheapest outside the EU shows its cheapest EU rental beside it, and only then', () => {
  // The EU hospital's ask (keep=eu-only, where=eu-cloud) rents `eu_rental`: the list must show the same offer.
  const priced = aDataset({
    hardware: [
      aHardware({
        id: 'node-2', class: 'server', count: 2, memory_gb: f(160), bandwidth_gbs: f(2039),
        rental: f({ provider: 'cheap', instance_type: '2x', usd_per_hour: 3, eu_regions: [] }),
        eu_rental: f({ provider: 'eu-cloud', instance_type: 'eu-2x', usd_per_hour: 3.78, eu_regions: ['it-fr2'] }),
      }),
      ...ds.hardware,
    ],
  });
  const byId = new Map(run(priced).items.map((h) => [h.id, h]));
  assert.equal(byId.get('node-2')!.rental.value.provider, 'cheap');
  assert.deepEqual(byId.get('node-2')!.eu_rental.value, { provider: 'eu-cloud', instance_type: 'eu-2x', usd_per_hour: 3.78, eu_regions: ['it-fr2'] });
  assert.equal(byId.get('node-2')!.eu_rental.as_of, '2026-08-01');
  // node-8's cheapest rental is itself in an EU region; card-24 has no rental: neither has an EU one apart.
  assert.equal(byId.get('node-8')!.eu_rental, null);
  assert.equal(byId.get('card-24')!.eu_rental, null);
  assert.ok(list_hardware.output.safeParse(run(priced)).success);
});

test('the list pages with limit and cursor', () => {
  const first = run(ds, { limit: 3 });
  assert.equal(first.items.length, 3);
  assert.equal(first.page.total, 4);
  const second = run(ds, { limit: 3, cursor: first.page.next_cursor });
  assert.deepEqual(second.items.map((h) => h.id), ['node-8']);
  assert.equal(second.page.next_cursor, null);
});

test('an unknown hardware id is hardware_not_found with near ids', () => {
  assert.throws(() => requireHardware(ds, 'card-32', 'hardware_id'), (e: unknown) =>
    e instanceof ServiceError && e.code === 'hardware_not_found' && e.status === 404
    && (e.options.suggestions ?? []).includes('card-24') && e.options.errors?.[0].parameter === 'hardware_id');
});

/** The committed dataset, loaded once for the tests that read it, and every configuration list_hardware pages through. */
const committed = existsSync(DEFAULT_DATA_DIR) ? committedDataset() : undefined;
function everyListed(ds: NonNullable<typeof committed>): Array<Record<string, any>> {
  const items: Array<Record<string, any>> = [];
  for (let cursor: string | undefined, page = 0; page < 10; page++) {
    const out = run(ds, { limit: 100, ...(cursor ? { cursor } : {}) });
    items.push(...out.items);
    if (!out.page.next_cursor) break;
    cursor = out.page.next_cursor;
  }
  return items;
}

test('committed dataset: every configuration is listed once, and the examples match the output schema', { skip: !existsSync(DEFAULT_DATA_DIR) }, () => {
  const real = committed!;
  const all = { items: everyListed(real) };
  assert.ok(all.items.length >= 120, `${all.items.length} configurations`);
  assert.deepEqual(all.items.map((h) => h.id).sort(), real.hardware.map((h) => h.id).sort());
  // The dataset's RTX 4090: memory_gb 24 (epoch-hardware), usable_fraction 0.95: 24 x 1.073741824 x 0.95 = 24.48 GB.
  assert.ok(all.items.some((h) => h.id === 'rtx-4090' && h.usable_memory_gb.value === 24.48));
  for (const ex of list_hardware.examples) {
    const out = list_hardware.handler(real, list_hardware.input.parse(ex.input), ctx) as Out;
    assert.ok(out.items.length > 0, ex.title);
    assert.deepEqual(list_hardware.output.parse(out), out, `${ex.title}: output has exactly the declared fields`);
  }
});

test('committed dataset: a configuration no longer sold new says so in discontinued_on, one still sold has null', { skip: !existsSync(DEFAULT_DATA_DIR) }, () => {
  const all = everyListed(committed!);
  const get = (id: string) => all.find((h) => h.id === id)!;
  // data/curated/machine-prices.csv: Apple withdrew the 512 GB M3 Ultra option in March 2026 (the row gives the month).
  assert.equal(get('m3-ultra-512gb').discontinued_on?.value, '2026-03');
  // The same table: the Framework Desktop 128 GB is still listed for sale (a list price read 2026-08-25..09-22).
  assert.equal(get('strix-halo-128gb').discontinued_on, null);
  // data/curated/card-production.csv: NVIDIA reportedly stopped making the RTX 4090 in early October 2024 (Neowin), and
  // every RTX 40 chip but the AD107 by HotHardware's report of 2024-11-12: one, two and four cards say so; the RTX 4060
  // (AD107) has no end reported.
  assert.deepEqual(['rtx-4090', 'rtx-4090-x2', 'rtx-4090-x4', 'rtx-4080'].map((id) => get(id).discontinued_on?.value), ['2024-10', '2024-10', '2024-10', '2024-11']);
  assert.match(get('rtx-4090').discontinued_on!.note!, /^end of production reported by the press, not confirmed by the maker/);
  assert.equal(get('rtx-4060').discontinued_on, null);
});
