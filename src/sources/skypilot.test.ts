// Tests of the SkyPilot rentals adapter: excerpt rows, Nebius rows merged per offer, EU regions, honest dates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SKYPILOT_AS_OF, skypilot } from './skypilot.ts';

const shared = path.resolve(fileURLToPath(import.meta.url), '../../../../shared/data');
/** The project's reviewed tables, rental-regions.csv among them (the shared snapshot predates that table). */
const curated = path.resolve(fileURLToPath(import.meta.url), '../../../data/curated');
const EXCERPT_HEADER = 'provider,instance_type,accelerator,gpu_count,usd_per_hour_on_demand,usd_per_hour_spot,regions_note,eu_regions,source_file,source_commit';
const NEBIUS_HEADER = 'InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice';
const SHA = 'a'.repeat(40);

function roots(excerpt: string, nebius: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skypilot-'));
  mkdirSync(path.join(dir, 'skypilot-catalog'));
  writeFileSync(path.join(dir, 'skypilot-catalog', 'gpu-hourly-prices-excerpt.csv'), excerpt);
  writeFileSync(path.join(dir, 'skypilot-catalog', 'nebius-vms.csv'), nebius);
  return { sources: dir, curated };
}

test('an excerpt row becomes a rental with its on-demand price; Lambda and RunPod rows show no EU region', async () => {
  const r = await skypilot.read(roots(
    `${EXCERPT_HEADER}\nrunpod,1x_A100-80GB_SECURE,A100 80GB PCIe,1,1.64,1.19,x,EU-CZ-1;EUR-IS-1..3;EU-NL-1,f,${SHA}\n`
      + `lambda,gpu_2x_h100_sxm5,H100 80GB SXM5,2,6.38,,x,europe-central-1;europe-south-1,f,${SHA}\n`,
    `${NEBIUS_HEADER}\n`,
  ));
  const note = (p: string) => `price as listed in SkyPilot's catalogue (catalogs/v7/${p}/vms.csv) at commit ${SHA.slice(0, 8)}, `
    + "read on or before 2026-11-21; the commit's date and the provider's own date are not given";
  assert.deepEqual(r.rentals, [
    {
      source: 'skypilot', provider: 'lambda', instance_type: 'gpu_2x_h100_sxm5', accelerator: 'H100 80GB SXM5', gpu_count: 2,
      usd_per_hour: 6.38,
      // SkyPilot's Lambda fetcher writes every instance type in each of its 17 "possible regions" (fetch_lambda_cloud.py,
      // `for r in REGIONS`), so a Lambda row's europe-central-1 (Germany) does not show the type is offered there.
      eu_regions: [],
      as_of: SKYPILOT_AS_OF, note: note('lambda'),
    },
    {
      source: 'skypilot', provider: 'runpod', instance_type: '1x_A100-80GB_SECURE', accelerator: 'A100 80GB PCIe', gpu_count: 1,
      usd_per_hour: 1.64,
      // SkyPilot's RunPod fetcher appends a row for every GPU type in each zone of its hand-written REGION_ZONES
      // (fetch_runpod.py), so EU-CZ-1 and EU-NL-1 (in the EU by rental-regions.csv) do not show the type offered there.
      eu_regions: [],
      as_of: SKYPILOT_AS_OF, note: note('runpod'),
    },
  ]);
  // The day the catalogue was read (the adapter and excerpt entered the project on 2026-11-21), not a year placeholder.
  assert.equal(SKYPILOT_AS_OF, '2026-11-21');
});

test('Nebius rows of one instance type and price are one offer; CPU rows are not rentals of a GPU', async () => {
  const nebius = [
    NEBIUS_HEADER,
    'cpu-d3_4vcpu-16gb,,0,4,16,0.0992,eu-north1,,',
    'gpu-h200-sxm_1gpu-16vcpu-200gb,H200,1,16,200,3.50,eu-north1,"{}",1.45',
    'gpu-h200-sxm_1gpu-16vcpu-200gb,H200,1,16,200,3.50,us-central1,"{}",1.45',
    'gpu-h200-sxm_1gpu-16vcpu-200gb,H200,1,16,200,3.50,eu-west1,"{}",1.45',
  ].join('\n');
  const r = await skypilot.read(roots(`${EXCERPT_HEADER}\n`, nebius));
  assert.equal(r.rentals?.length, 1);
  // rental-regions.csv: eu-north1 is in Finland (EU); eu-west1 is placed by no Nebius page read; us-central1 is in the US.
  assert.deepEqual(r.rentals?.[0].eu_regions, ['eu-north1']);
  assert.deepEqual(r.issues, []);
  assert.equal(r.rentals?.[0].usd_per_hour, 3.5);
  // nebius-vms.csv is a verbatim copy of catalogs/v7/nebius/vms.csv @22fd1fea (SOURCE.txt).
  assert.match(r.rentals?.[0].note ?? '', /catalogs\/v7\/nebius\/vms\.csv\) at commit 22fd1fea, read on or before 2026-11-21/);
});

test("the excerpt's copy of a Nebius row does not count twice", async () => {
  const r = await skypilot.read(
    roots(
      `${EXCERPT_HEADER}\nnebius,gpu-l40s-a_1gpu-8vcpu-32gb,L40S 48GB,1,1.5484,,x,eu-north1,f,${SHA}\n`,
      `${NEBIUS_HEADER}\ngpu-l40s-a_1gpu-8vcpu-32gb,L40S,1,8,32,1.5484,eu-north1,"{}",\n`,
    ),
  );
  assert.equal(r.rentals?.length, 1);
  assert.equal(r.rentals?.[0].accelerator, 'L40S');
});

test('a row without an on-demand price is an issue and no rental', async () => {
  const r = await skypilot.read(roots(`${EXCERPT_HEADER}\nlambda,gpu_1x_a10,A10 24GB,1,,,x,,f,${SHA}\n`, `${NEBIUS_HEADER}\n`));
  assert.deepEqual(r.rentals, []);
  assert.equal(r.issues[0].field, 'usd_per_hour_on_demand');
  assert.equal(r.issues[0].row, 'lambda/gpu_1x_a10');
});

test('undated rows do not move data_as_of', async () => {
  const r = await skypilot.read(roots(`${EXCERPT_HEADER}\n`, `${NEBIUS_HEADER}\n`));
  assert.equal(r.sources[0].counts_for_data_as_of, false);
  assert.equal(r.sources[0].retrieved, SKYPILOT_AS_OF);
});

test('the real catalogue excerpt reads without issues', { skip: !existsSync(shared) }, async () => {
  const r = await skypilot.read({ sources: path.join(shared, 'sources'), curated });
  assert.deepEqual(r.issues, []);
  assert.ok((r.rentals?.length ?? 0) >= 20 && (r.rentals?.length ?? 0) <= 40, `${r.rentals?.length} rentals`);
  const h100x8 = r.rentals?.find((x) => x.provider === 'nebius' && x.accelerator === 'H100' && x.gpu_count === 8);
  assert.equal(h100x8?.usd_per_hour, 23.6);
});

test('RunPod rows show no EU region, though the table places four of their zones in the EU', async () => {
  const r = await skypilot.read(roots(
    `${EXCERPT_HEADER}\nrunpod,1x_A100-80GB_SECURE,A100 80GB PCIe,1,1.64,1.19,x,EU-CZ-1;EUR-IS-1..3;EU-NL-1;EU-SE-1;EU-RO-1,f,${SHA}\n`,
    `${NEBIUS_HEADER}\n`,
  ));
  // rental-regions.csv places EU-CZ-1, EU-NL-1, EU-SE-1 and EU-RO-1 in EU member states (EUR-IS-1..3: Iceland, not EU),
  // but SkyPilot's RunPod fetcher writes every GPU type in each of those zones (fetch_runpod.py, REGION_ZONES), so the
  // rows do not show the A100 offered in any of them.
  assert.deepEqual(r.rentals?.[0].eu_regions, []);
  assert.deepEqual(r.issues, []);
});

test('a region no row places is not counted as EU, whatever its name, and is reported', async () => {
  const r = await skypilot.read(roots(`${EXCERPT_HEADER}\n`, `${NEBIUS_HEADER}\ngpu-h200-sxm_1gpu-16vcpu-200gb,H200,1,16,200,3.50,eu-north2,"{}",1.45\n`));
  assert.deepEqual(r.rentals?.[0].eu_regions, []);
  assert.equal(r.issues.length, 1);
  assert.match(r.issues[0].message, /nebius region eu-north2 has no row in rental-regions\.csv: not counted as EU/);
});
