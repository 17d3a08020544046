// Tests of buildHardware and the configurations table: memory x count, usable shares, cheapest rental, no guesses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { curated } from '../sources/curated.ts';
import { epochHardware } from '../sources/epoch-hardware.ts';
import { skypilot } from '../sources/skypilot.ts';
import type { HardwareObservation, RentalObservation } from '../sources/types.ts';
import { hfTasksHardware } from '../sources/hf-tasks-hardware.ts';
import { defaultRoots } from './run.ts';
import { buildHardware, DISCRETE_GPU_USABLE_FRACTION, loadAccelerators, loadHardwareConfigs, type HardwareConfig } from './hardware.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectConfigs = path.resolve(here, '../../data/curated/hardware-configs.csv');
const projectAccelerators = path.resolve(here, '../../data/curated/accelerators.csv');

const h100: HardwareObservation = { source: 'epoch-hardware', key: 'NVIDIA H100 SXM5 80GB', name: 'NVIDIA H100 SXM5 80GB', memory_gb: 80, bandwidth_gbs: 3350, launch_price_usd: 33600, as_of: '2025-11-14' };
const m4max: HardwareObservation = { source: 'accelerators-extra', key: 'apple-m4-max', name: 'Apple M4 Max', memory_gb: 128, usable_fraction: 0.75, bandwidth_gbs: 546, as_of: '2026-11-21' };

function aConfig(over: Partial<HardwareConfig> = {}): HardwareConfig {
  return { id: 'h100-80gb-x8', name: '8 x H100', class: 'server', accelerator_key: [h100.key], count: 8, unified_memory: false, rental_accelerators: ['H100 80GB SXM5', 'H100'], ...over } as HardwareConfig;
}
function aRental(over: Partial<RentalObservation>): RentalObservation {
  return { source: 'skypilot', provider: 'p', instance_type: 'i', accelerator: 'H100', gpu_count: 8, usd_per_hour: 30, eu_regions: [], as_of: '2026-01-01', ...over };
}

test('memory is the per-accelerator memory times the count, sourced to the hardware source; bandwidth stays per card', () => {
  const { hardware, issues } = buildHardware([h100], [], [aConfig()]);
  assert.deepEqual(issues, []);
  const h = hardware[0];
  assert.equal(h.memory_gb.value, 640);
  assert.equal(h.memory_gb.source, 'epoch-hardware');
  assert.equal(h.memory_gb.as_of, '2025-11-14');
  assert.equal(h.bandwidth_gbs?.value, 3350);
  assert.equal(h.count, 8);
});

test('a discrete GPU without a stated usable share gets 0.95 as a documented, derived assumption', () => {
  const h = buildHardware([h100], [], [aConfig({ count: 1, id: 'h100-80gb-x1' })]).hardware[0];
  assert.equal(h.usable_fraction.value, DISCRETE_GPU_USABLE_FRACTION);
  assert.equal(h.usable_fraction.source, 'derived');
  assert.ok((h.usable_fraction.derived_from ?? []).length > 0);
  assert.equal(h.purchase_price_usd?.value, 33600);
  assert.equal(h.purchase_price_usd?.source, 'epoch-hardware');
});

test('Apple: the configured memory comes from the configurations table, the usable fraction from Metal\'s default', () => {
  const cfg = aConfig({ id: 'm4-max-64gb', class: 'laptop', accelerator_key: ['apple-m4-max'], count: 1, unified_memory: true, memory_gb: 64, spec_evidence_url: 'https://www.apple.com/macbook-pro/specs/', rental_accelerators: [] });
  const h = buildHardware([m4max], [], [cfg]).hardware[0];
  assert.equal(h.memory_gb.value, 64);
  assert.equal(h.memory_gb.source, 'hardware-configs');
  assert.equal(h.memory_gb.corroborated_by, undefined, 'the chip maximum (128 GB) does not corroborate 64 GB');
  // 64 GB is above 32 GB: Metal gives the GPU 3/4 (48 of 64 GB on an M3 Max, Rapid-MLX#183), by the Mac's memory.
  assert.equal(h.usable_fraction.value, 0.75);
  assert.equal(h.usable_fraction.source, 'derived');
  assert.equal(h.unified_memory, true);
  // The same chip with 16 GB gets 2/3 (10922.67 of 16384 MiB, llama-cpp-python#687), whatever the chip's row says.
  const small = buildHardware([m4max], [], [{ ...cfg, id: 'm4-max-16gb', memory_gb: 16 }]).hardware[0];
  assert.equal(small.usable_fraction.value, 2 / 3);
});

test('the cheapest rental of the same accelerator and count is chosen; other counts and names do not match', () => {
  const rentals = [
    aRental({ provider: 'lambda', instance_type: 'big', usd_per_hour: 31, accelerator: 'H100 80GB SXM5' }),
    aRental({ provider: 'nebius', instance_type: 'gpu-h100-sxm_8gpu', usd_per_hour: 23.6, eu_regions: ['eu-north1'], note: 'read at c' }),
    aRental({ provider: 'cheap', instance_type: 'four', usd_per_hour: 5, gpu_count: 4 }),
    aRental({ provider: 'pcie', instance_type: 'x', usd_per_hour: 1, accelerator: 'H100 80GB PCIe' }),
  ];
  const h = buildHardware([h100], rentals, [aConfig()]).hardware[0];
  assert.deepEqual(h.rental?.value, { provider: 'nebius', instance_type: 'gpu-h100-sxm_8gpu', usd_per_hour: 23.6, eu_regions: ['eu-north1'] });
  assert.equal(h.rental?.source, 'skypilot');
  assert.equal(h.rental?.as_of, '2026-01-01');
  // The row's note on what its date means travels with the fact, then the choice (lambda and nebius match: 2).
  assert.equal(h.rental?.note, 'read at c; cheapest of 2 matching on-demand offers');
});

// Worked from SkyPilot's catalogue rows for 8 x H200: Seeweb's ECS8GPU10 (H200, 8, 20.8 USD/h, Region empty;
// skypilot-org/skypilot-catalog catalogs/v7/seeweb/vms.csv @06b032fa) lists no region, Nebius's
// gpu-h200-sxm_8gpu-128vcpu-1600gb (28.00 USD/h) lists eu-north1 among its rows (catalogs/v7/nebius/vms.csv @22fd1fea).
// The cheapest overall is Seeweb's at 20.8; an ask needing EU residency must still see Nebius's at 28.00.
test('beside the cheapest rental, the cheapest one in an EU region is kept when the cheapest lists no EU region', () => {
  const cfg = aConfig({ id: 'h200-x8', accelerator_key: [h100.key], rental_accelerators: ['H200 141GB SXM', 'H200'] });
  const rentals = [
    aRental({ provider: 'seeweb', instance_type: 'ECS8GPU10', accelerator: 'H200', usd_per_hour: 20.8 }),
    aRental({ provider: 'nebius', instance_type: 'gpu-h200-sxm_8gpu-128vcpu-1600gb', accelerator: 'H200', usd_per_hour: 28, eu_regions: ['eu-north1', 'eu-west1'] }),
  ];
  const h = buildHardware([h100], rentals, [cfg]).hardware[0];
  assert.equal(h.rental?.value.provider, 'seeweb');
  assert.equal(h.rental?.value.usd_per_hour, 20.8);
  assert.deepEqual(h.eu_rental?.value, { provider: 'nebius', instance_type: 'gpu-h200-sxm_8gpu-128vcpu-1600gb', usd_per_hour: 28, eu_regions: ['eu-north1', 'eu-west1'] });
  assert.match(h.eu_rental?.note ?? '', /the cheapest overall, seeweb ECS8GPU10 at 20.8 USD\/h, lists none/);
  // Where the cheapest is itself in an EU region there is nothing to add (Nebius's 8 x H100 at 23.6 above).
  const euFirst = buildHardware([h100], [rentals[1], aRental({ provider: 'lambda', accelerator: 'H200', usd_per_hour: 31 })], [cfg]).hardware[0];
  assert.equal(euFirst.rental?.value.provider, 'nebius');
  assert.equal(euFirst.eu_rental, undefined);
  // No offer in an EU region: none is made up.
  assert.equal(buildHardware([h100], [rentals[0]], [cfg]).hardware[0].eu_rental, undefined);
});

test('a configuration whose accelerator has no bandwidth in any source is an issue, not a guess', () => {
  const noBandwidth: HardwareObservation = { source: 'epoch-hardware', key: 'Mystery GPU', name: 'Mystery GPU', memory_gb: 48, as_of: '2025-01-01' };
  const { hardware, issues } = buildHardware([noBandwidth], [], [aConfig({ id: 'mystery', accelerator_key: ['Mystery GPU'], count: 1 })]);
  assert.deepEqual(hardware, []);
  assert.deepEqual(issues.map((i) => `${i.row}:${i.field}`), ['mystery:bandwidth_gbs']);
});

test('unified memory without a stated usable share, or an unknown accelerator key, is an issue', () => {
  const soc: HardwareObservation = { source: 'x', key: 'soc', name: 'SoC', memory_gb: 64, bandwidth_gbs: 200, as_of: '2025-01-01' };
  const { hardware, issues } = buildHardware([soc], [], [
    aConfig({ id: 'soc-box', accelerator_key: ['soc'], count: 1, unified_memory: true }),
    aConfig({ id: 'ghost', accelerator_key: ['No Such GPU'], count: 1 }),
  ]);
  assert.deepEqual(hardware, []);
  assert.deepEqual(issues.map((i) => `${i.row}:${i.field}`), ['soc-box:usable_fraction', 'ghost:accelerator_key']);
});

test('several accelerators at launch price are a derived purchase price that names its inputs', () => {
  const h = buildHardware([h100], [], [aConfig({ count: 2, id: 'h100-80gb-x2' })]).hardware[0];
  assert.equal(h.purchase_price_usd?.value, 67200);
  assert.equal(h.purchase_price_usd?.source, 'derived');
  assert.equal(h.purchase_price_usd?.derived_from?.length, 2);
});

test('a launch price says it is not today\'s market price, which no source dates', () => {
  // The accelerator's only price is its launch price (h100 fixture): an owner of a discontinued card must not read it
  // as what the card costs today.
  for (const count of [1, 2]) {
    const h = buildHardware([h100], [], [aConfig({ count, id: `h100-80gb-x${count}` })]).hardware[0];
    assert.match(h.purchase_price_usd?.note ?? '', /launch price .*; a launch price is not today's market price, which no source in the dataset dates/);
  }
});

test('a price the source calls an estimate, or a table\'s unsourced MSRP, says which it is beside a launch price', () => {
  // Epoch's H100 SXM row: 'No official MSRP. Industry analyst in May 2023 reports DGX servers with 8xH100 were sold for
  // $269k, or $33,600 per GPU.' (269,000 / 8 = 33,625, Epoch's 33,600); the Hugging Face table's H200: msrp 32_000.
  const basis = 'No official MSRP. Industry analyst in May 2023 reports DGX servers with 8xH100 were sold for $269k, or $33,600 per GPU.';
  const est = buildHardware([{ ...h100, launch_price_basis: basis }], [], [aConfig({ count: 1, id: 'h100-80gb-x1' })]).hardware[0];
  assert.equal(est.purchase_price_usd?.value, 33600);
  assert.ok(est.purchase_price_usd?.note?.startsWith(`estimated price of the accelerator (epoch-hardware: "${basis}"); an estimated price is not`));
  const h200: HardwareObservation = { source: 'hf-tasks-hardware', key: 'hf:NVIDIA/H200', name: 'H200', memory_gb: 141, bandwidth_gbs: 4800, launch_price_usd: 32000, as_of: '2026-09-29' };
  const hf = buildHardware([h200], [], [aConfig({ count: 8, id: 'h200-x8', accelerator_key: [h200.key] })]).hardware[0];
  assert.equal(hf.purchase_price_usd?.value, 256000);
  assert.ok(hf.purchase_price_usd?.note?.startsWith('MSRP of the accelerators only (the Hugging Face hardware table\'s msrp figure, which cites no source); '));
  assert.match(hf.purchase_price_usd?.note ?? '', /an MSRP is not today's market price/);
});

test('loadHardwareConfigs rejects a bad class, a duplicate id, and a memory figure without evidence', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hwcfg-'));
  const file = path.join(dir, 'hardware-configs.csv');
  writeFileSync(
    file,
    [
      'id,name,class,accelerator_key,count,unified_memory,memory_gb,bandwidth_gbs,purchase_price_usd,price_evidence_url,spec_evidence_url,rental_accelerators,note',
      'a,A,desktop,k,1,false,,,,,,,',
      'a,A again,desktop,k,1,false,,,,,,,',
      'b,B,mainframe,k,1,false,,,,,,,',
      'c,C,desktop,k,1,true,64,,,,,,',
      'd,D,server,k,2,false,,,,,,H100;H100 80GB SXM5,',
    ].join('\n'),
  );
  const { configs, issues } = await loadHardwareConfigs(file);
  assert.deepEqual(configs.map((c) => c.id), ['a', 'd']);
  assert.deepEqual(configs[1].rental_accelerators, ['H100', 'H100 80GB SXM5']);
  assert.deepEqual(issues.map((i) => `${i.row}:${i.field}`).sort(), ['a:id', 'b:class', 'c:spec_evidence_url']);
});

test('every configuration of the project table builds from the real sources with no issue', async () => {
  const roots = defaultRoots(path.resolve(here, '../..'));
  const { configs, issues: loadIssues } = await loadHardwareConfigs(projectConfigs);
  assert.deepEqual(loadIssues, []);
  const accelerators = await loadAccelerators(projectAccelerators);
  assert.deepEqual(accelerators.issues, []);
  const obs = [
    ...((await epochHardware.read(roots)).hardware ?? []),
    ...((await hfTasksHardware.read(roots)).hardware ?? []),
    ...((await curated.read(roots)).hardware ?? []),
    ...accelerators.hardware,
  ];
  const rentals = (await skypilot.read(roots)).rentals ?? [];
  const { hardware, issues } = buildHardware(obs, rentals, configs);
  assert.deepEqual(issues, []);
  assert.equal(hardware.length, configs.length);
  const byId = new Map(hardware.map((h) => [h.id, h]));
  for (const id of ['rtx-3090', 'rtx-4090', 'rtx-4090-x2', 'rtx-5090', 'rtx-4060-ti-16gb', 'rtx-6000-ada', 'rtx-a6000', 'l40s', 'm4-pro-64gb', 'm4-max-128gb', 'm3-ultra-512gb', 'dgx-spark', 'strix-halo-128gb', 'cpu-ddr5-64gb']) {
    assert.ok(byId.has(id), id);
  }
  for (const gpu of ['a100-80gb', 'h100-80gb', 'h200', 'b200', 'mi300x']) for (const n of [1, 2, 4, 8]) assert.ok(byId.has(`${gpu}-x${n}`), `${gpu}-x${n}`);
  assert.equal(byId.get('h100-80gb-x8')?.memory_gb.value, 640);
  assert.equal(byId.get('h100-80gb-x8')?.rental?.value.usd_per_hour, 23.6);
  assert.equal(byId.get('h200-x1')?.memory_gb.value, 141);
  assert.equal(byId.get('m3-ultra-512gb')?.usable_fraction.value, 0.75);
  assert.ok(hardware.length >= 120, `${hardware.length} configurations`);
  // Two RTX 3090 are 2 x 24 GB (Epoch: 24e9 bytes per board), 936 GB/s per card.
  assert.equal(byId.get('rtx-3090-x2')?.memory_gb.value, 48);
  assert.equal(byId.get('rtx-3090-x2')?.bandwidth_gbs?.value, 936);
  // RTX 3060 12 GB: 360 GB/s from the reviewed accelerators table, 170 W from the Hugging Face table.
  assert.equal(byId.get('rtx-3060-12gb')?.bandwidth_gbs?.value, 360);
  assert.equal(byId.get('rtx-3060-12gb')?.bandwidth_gbs?.source, 'hardware-accelerators');
  assert.equal(byId.get('rtx-3060-12gb')?.power_w?.value, 170);
  assert.equal(byId.get('rtx-3060-12gb')?.power_w?.source, 'hf-tasks-hardware');
  // H100 SXM: dense tensor 989.4 TFLOPS and 700 W from Epoch, first in the key list.
  assert.equal(byId.get('h100-80gb-x1')?.compute_tflops?.value, 989.4);
  assert.equal(byId.get('h100-80gb-x1')?.power_w?.source, 'epoch-hardware');
  // A100 40 GB PCIe: NVIDIA's A100 datasheet, max TDP 250 W (300 W is the 80 GB PCIe card, Epoch's figure for this key).
  assert.equal(byId.get('a100-40gb-pcie')?.power_w?.value, 250);
  assert.equal(byId.get('a100-40gb-pcie')?.power_w?.source, 'hardware-accelerators');
  assert.deepEqual(byId.get('a100-40gb-pcie')?.power_w?.conflicts?.map((c) => c.value), [300]);
  assert.equal(byId.get('a100-40gb-pcie')?.memory_gb.value, 40);
  // Apple M3 Max 64 GB: the configured amount, corroborated by the Hugging Face table's memory options.
  assert.deepEqual(byId.get('m3-max-64gb')?.memory_gb.corroborated_by, ['hf-tasks-hardware']);
  assert.equal(byId.get('m3-max-64gb')?.bandwidth_gbs?.value, 400);
  assert.equal(byId.get('m3-max-64gb')?.purchase_price_usd, undefined, 'a chip price is the price of no one memory size');
  // RTX 5060 Ti: NVIDIA's launch prices as reported on 2025-04-15 (betweentwopixels.com): 'an 8GB model priced at
  // $379 and a 16GB version at $429'; board power 180 W from the Hugging Face table.
  assert.equal(byId.get('rtx-5060-ti-16gb')?.purchase_price_usd?.value, 429);
  assert.equal(byId.get('rtx-5060-ti-8gb')?.purchase_price_usd?.value, 379);
  assert.equal(byId.get('rtx-5060-ti-16gb')?.power_w?.value, 180);
  // RTX 4060 Ti 16 GB: launch price 499 (accelerators-extra) and, from the reviewed accelerators table, 165 W
  // (cputronic.com's specification page: 'With a TDP of 165W').
  assert.equal(byId.get('rtx-4060-ti-16gb')?.purchase_price_usd?.value, 499);
  assert.equal(byId.get('rtx-4060-ti-16gb')?.power_w?.value, 165);
  assert.equal(byId.get('rtx-4060-ti-16gb')?.power_w?.source, 'hardware-accelerators');
  // RX 7800 XT: AMD's announcement as reported on 2023-08-25 (sportskeeda.com): 16 GB GDDR6, 256-bit at 19.5 Gbps
  // (19.5 x 256 / 8 = 624 GB/s), 'Total Board Power 263W'; launch price $499 (chipversus.com).
  assert.equal(byId.get('rx-7800-xt')?.memory_gb.value, 16);
  assert.equal(byId.get('rx-7800-xt')?.bandwidth_gbs?.value, 624);
  assert.equal(byId.get('rx-7800-xt')?.power_w?.value, 263);
  assert.equal(byId.get('rx-7800-xt')?.purchase_price_usd?.value, 499);
});

test('a key read in two tables keeps both readings: the first gives what it has, the second fills the rest', () => {
  const extra: HardwareObservation = { source: 'accelerators-extra', key: 'k', name: 'K card', memory_gb: 16, bandwidth_gbs: 288, launch_price_usd: 499, as_of: '2026-11-21' };
  const reviewed: HardwareObservation = { source: 'hardware-accelerators', key: 'k', name: 'K card', memory_gb: 16, bandwidth_gbs: 288, power_w: 165, as_of: '2026-11-28' };
  const cfg = aConfig({ id: 'k', accelerator_key: ['k'], count: 1, rental_accelerators: [] });
  const h = buildHardware([extra, reviewed], [], [cfg]).hardware[0];
  assert.equal(h.purchase_price_usd?.value, 499);
  assert.equal(h.power_w?.value, 165);
  assert.equal(h.power_w?.source, 'hardware-accelerators');
  assert.equal(h.memory_gb.source, 'accelerators-extra');
  assert.deepEqual(h.memory_gb.corroborated_by, ['hardware-accelerators']);
});

test('a figure is taken from the first named source that gives it; later sources fill only what is missing', () => {
  const epochRow: HardwareObservation = { source: 'epoch-hardware', key: 'E', name: 'E card', memory_gb: 24, bandwidth_gbs: 936, power_w: 350, as_of: '2025-08-02' };
  // Board power is the one figure where a disagreeing hf-tasks-hardware wins (hardware-power.ts); here they agree.
  const hfRow: HardwareObservation = {
    source: 'hf-tasks-hardware', key: 'hf:NVIDIA/E', name: 'E', memory_gb: 24, power_w: 350, launch_price_usd: 1500, as_of: '2026-09-29',
  };
  const cfg = aConfig({ id: 'e', accelerator_key: ['E', 'hf:NVIDIA/E'], count: 1, rental_accelerators: [] });
  const h = buildHardware([epochRow, hfRow], [], [cfg]).hardware[0];
  assert.equal(h.power_w?.value, 350);
  assert.equal(h.power_w?.source, 'epoch-hardware');
  assert.deepEqual(h.power_w?.corroborated_by, ['hf-tasks-hardware']);
  assert.equal(h.purchase_price_usd?.value, 1500);
  assert.equal(h.purchase_price_usd?.source, 'hf-tasks-hardware');
  assert.deepEqual(h.memory_gb.corroborated_by, ['hf-tasks-hardware']);
  assert.equal(h.accelerator, 'E card');
});
