// Tests of the Epoch AI hardware adapter: unit conversion, per-row dates, links, and rejected rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Source } from '../schema/index.ts';
import { citedMemoryGb, epochHardware, firstUrl, priceBasis } from './epoch-hardware.ts';

const shared = path.resolve(fileURLToPath(import.meta.url), '../../../../shared/data');
const HEADER =
  'Hardware name,Manufacturer,Type,Notes,Release date,Release price (USD),Memory size per board (Byte),Memory bandwidth (byte/s),Link to datasheet,Last modified';

function roots(csv: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'epoch-'));
  mkdirSync(path.join(dir, 'epoch-ml-hardware'), { recursive: true });
  writeFileSync(path.join(dir, 'epoch-ml-hardware', 'ml_hardware.csv'), csv);
  writeFileSync(path.join(dir, 'epoch-ml-hardware', 'SOURCE_COMMIT.txt'), 'abc 2025-11-15T19:45:45-08:00\n');
  return { sources: dir, curated: path.join(dir, 'curated') };
}

test('bytes become GB and bytes/s GB/s; each row is dated by its Last modified day', async () => {
  const r = await epochHardware.read(
    roots(`${HEADER}\nNVIDIA H100 SXM5 80GB,NVIDIA,GPU,,2022-09-20,33600.0,80000000000.0,3350000000000.0,https://example.com/h100,2025-11-14 10:00:00+00:00\n`),
  );
  assert.deepEqual(r.issues, []);
  assert.deepEqual(r.hardware, [
    {
      source: 'epoch-hardware',
      key: 'NVIDIA H100 SXM5 80GB',
      name: 'NVIDIA H100 SXM5 80GB',
      vendor: 'NVIDIA',
      kind: 'GPU',
      memory_gb: 80,
      bandwidth_gbs: 3350,
      release_date: '2022-09-20',
      launch_price_usd: 33600,
      url: 'https://example.com/h100',
      as_of: '2025-11-14',
    },
  ]);
  assert.equal(r.sources[0].retrieved, '2025-11-14');
});

test('a row without memory keeps what it has and claims nothing more', async () => {
  const r = await epochHardware.read(roots(`${HEADER}\nNVIDIA H200 SXM,NVIDIA,GPU,,2024-11-18,,,4800000000000.0,,2025-11-01 00:00:00+00:00\n`));
  const h = r.hardware?.[0];
  assert.equal(h?.memory_gb, undefined);
  assert.equal(h?.bandwidth_gbs, 4800);
  assert.equal(h?.url, undefined);
});

test('non-numeric memory and a malformed date are issues and the row is left out', async () => {
  const r = await epochHardware.read(
    roots(`${HEADER}\nBad Card,X,GPU,,2024-02-30,,lots,1,,2025-11-01 00:00:00+00:00\nGood Card,X,GPU,,,,1000000000,1000000000,,2025-10-01 00:00:00+00:00\n`),
  );
  assert.deepEqual(r.hardware?.map((h) => h.key), ['Good Card']);
  assert.deepEqual(r.issues.map((i) => i.field).sort(), ['Memory size per board (Byte)', 'Release date']);
  assert.match(r.issues[0].row, /Bad Card/);
});

test('a bandwidth read off another card\'s page (A100 PCIe: 40 GB row, the 80 GB page\'s 1,940 GB/s) is an issue, not a figure', async () => {
  // ml_hardware.csv line 149 as published: 40 GB, 1.94e12 byte/s, cites techpowerup's a100-pcie-80-gb page.
  const row = 'NVIDIA A100 PCIe,NVIDIA,GPU,,2020-06-22,,40000000000.0,1940000000000.0,https://www.techpowerup.com/gpu-specs/a100-pcie-80-gb.c3821,2025-11-14';
  const r = await epochHardware.read(roots(`${HEADER}\n${row}\n`));
  assert.equal(r.hardware?.[0].memory_gb, 40);
  assert.equal(r.hardware?.[0].bandwidth_gbs, undefined);
  assert.deepEqual(r.issues.map((i) => i.field), ['Memory bandwidth (byte/s)']);
  assert.equal(citedMemoryGb('https://www.techpowerup.com/gpu-specs/a100-sxm4-40-gb.c3506'), 40);
  assert.equal(citedMemoryGb('https://www.techpowerup.com/gpu-specs/h100-pcie.c3899'), undefined);
});

test('the datasheet cell yields its first complete http(s) URL only', () => {
  assert.equal(firstUrl('https://a.example/x\nhttps://b.example/y'), 'https://a.example/x');
  assert.equal(firstUrl('techpowerup.com/gpu-specs/rtx-a4000.c3756'), undefined);
  assert.equal(firstUrl('see https://a.example/z; https://b.example'), 'https://a.example/z');
});

test('the source row carries the CC BY attribution', async () => {
  const r = await epochHardware.read(roots(`${HEADER}\n`));
  const s = r.sources[0];
  assert.ok(Source.safeParse(s).success);
  assert.match(s.attribution ?? '', /Epoch AI.*CC BY 4\.0/);
  // No row at all: the snapshot is dated by the commit it was copied from.
  assert.equal(s.retrieved, '2025-11-15');
});

test('the real Epoch table: 169 accelerators, one issue (A100 PCIe), H100 SXM5 as published', { skip: !existsSync(shared) }, async () => {
  const r = await epochHardware.read({ sources: path.join(shared, 'sources'), curated: path.join(shared, 'curated') });
  assert.deepEqual(r.issues.map((i) => i.row), ['NVIDIA A100 PCIe (line 150)']);
  assert.equal(r.hardware?.length, 169);
  const h100 = r.hardware?.find((h) => h.key === 'NVIDIA H100 SXM5 80GB');
  assert.equal(h100?.memory_gb, 80);
  assert.equal(h100?.bandwidth_gbs, 3350);
  assert.equal(r.sources[0].retrieved, '2025-11-14');
});

test('the real snapshot: dense tensor FP16/BF16 TFLOPS and TDP per accelerator', { skip: !existsSync(path.join(shared, 'sources', 'epoch-ml-hardware')) }, async () => {
  const r = await epochHardware.read({ sources: path.join(shared, 'sources'), curated: path.join(shared, 'curated') });
  const by = new Map(r.hardware!.map((h) => [h.key, h]));
  // ml_hardware.csv: H100 SXM5 "Tensor-FP16/BF16 performance" 9.894e14 FLOP/s (NVIDIA's dense 989.4 TFLOPS), TDP 700 W.
  assert.equal(by.get('NVIDIA H100 SXM5 80GB')?.compute_tflops, 989.4);
  assert.equal(by.get('NVIDIA H100 SXM5 80GB')?.power_w, 700);
  // A row without the tensor figure (RTX 3090 in this snapshot) claims none.
  assert.equal(by.get('NVIDIA GeForce RTX 3090')?.compute_tflops, undefined);
  assert.equal(by.get('NVIDIA GeForce RTX 3090')?.power_w, 350);
});

test('a price Epoch says has no official MSRP keeps Epoch\'s first two sentences on where it comes from', () => {
  // Epoch's H100 SXM5 80GB cell, as the snapshot holds it (the link and the bill-of-materials sentences cut here).
  const cell = 'No official MSRP. \n\nIndustry analyst in May 2023 reports DGX servers with 8xH100 were sold for $269k, or $33,600 per GPU. '
    + 'In bill of materials, 8 GPUs + baseboard are $195k, or $24.4k per GPU.\n\nhttps://web.archive.org/x';
  assert.equal(priceBasis(cell), 'No official MSRP. Industry analyst in May 2023 reports DGX servers with 8xH100 were sold for $269k, or $33,600 per GPU.');
  // A cell that is only a link, or absent, says nothing about the kind of price: a launch price stays one.
  assert.equal(priceBasis('https://www.nextplatform.com/2021/04/15/x/'), undefined);
  assert.equal(priceBasis(undefined), undefined);
});
