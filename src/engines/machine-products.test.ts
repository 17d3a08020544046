// Product names of systems built around one catalogued device, read as that device (data/curated/machine-products.csv).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { isRefusal, resolveMachine } from './machine.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const real = existsSync(DEFAULT_DATA_DIR) ? committedDataset() : undefined;
const skip = !real;

const idOf = (text: string): string => {
  const r = resolveMachine(real!, text);
  if (isRefusal(r)) throw new Error(`${text}: refused: ${r.message}`);
  return r.value;
};

test('a Strix Halo system named by its product reads as the Ryzen AI Max+ 395 of the memory stated', { skip }, () => {
  // machine-products.csv: the Framework Desktop's top configuration is 'an AMD Ryzen AI Max+ 395 (Strix Halo) ... and
  // 128GB of unified LPDDR5X memory'; the GMKtec EVO-X2 and Beelink GTR9 Pro 'share the same Strix Halo silicon'.
  assert.equal(idOf('Framework Desktop 128GB'), 'strix-halo-128gb');
  assert.equal(idOf('framework desktop with 64 GB'), 'strix-halo-64gb');
  assert.equal(idOf('GMKtec EVO-X2 96GB'), 'strix-halo-96gb');
  assert.equal(idOf('my Beelink GTR9 Pro 128 GB'), 'strix-halo-128gb');
  // A laptop: the catalogue's Strix Halo rows are mini PCs or laptops (hardware-configs.csv).
  assert.equal(idOf('HP ZBook Ultra G1a 128GB'), 'strix-halo-128gb');
  // `X2` is the product's name, not two machines.
  const evo = resolveMachine(real!, 'GMKtec EVO-X2 128GB');
  assert.ok(!isRefusal(evo) && evo.hardware?.count === 1);
  assert.ok(!isRefusal(evo));
  assert.deepEqual(evo.matched, ['gmktec evo x2', 'ai max 395', '128 GB']);
  assert.match(evo.interpretation, /^"gmktec evo x2", sold with AMD Ryzen AI Max\+ 395 \(Strix Halo\) \(a reviewed product table\): read as /);
});

test('a product sold in several memory sizes, named without one, asks for the size', { skip }, () => {
  const r = resolveMachine(real!, 'Framework Desktop');
  assert.ok(isRefusal(r));
  assert.equal(r.refused, 'ambiguous');
  assert.deepEqual(r.candidates, ['strix-halo-128gb', 'strix-halo-385-32gb', 'strix-halo-64gb', 'strix-halo-96gb']);
});

test('a Framework Desktop of 32 GB is the Ryzen AI Max 385, the one the product is sold with at that size', { skip }, () => {
  // machine-products.csv: 'Framework Desktop | Ryzen AI Max 385 / Max+ 395' (a device table), its 32 GB configuration
  // the 385's; accelerators.csv: LPDDR5X-8000 on a 256-bit bus = 8000 MT/s x 32 bytes = 256 GB/s.
  for (const text of ['Framework Desktop 32GB', 'Ryzen AI Max 385', 'Ryzen AI Max 385 32 GB', 'Strix Halo 32GB']) {
    assert.equal(idOf(text), 'strix-halo-385-32gb', text);
  }
  const r = resolveMachine(real!, 'Framework Desktop 32GB');
  assert.ok(!isRefusal(r));
  assert.match(r.interpretation, /^"framework desktop", sold with AMD Ryzen AI Max 385 \(Strix Halo\) \(a reviewed product table\)/);
  const h = real!.hardwareById.get('strix-halo-385-32gb')!;
  assert.deepEqual([h.memory_gb.value, h.bandwidth_gbs?.value, h.usable_fraction.value, h.unified_memory], [32, 256, 0.75, true]);
  assert.deepEqual(h.sold_as?.value, ['Framework Desktop']);
  // The 395 stays itself: its 64 GB Framework Desktop is not the 385.
  assert.equal(idOf('Framework Desktop 64GB'), 'strix-halo-64gb');
  assert.ok(isRefusal(resolveMachine(real!, 'Ryzen AI Max+ 395')), 'the 395 alone is still sold in three sizes');
});

test('a GB10 system of another maker reads as the DGX Spark', { skip }, () => {
  // 'ASUS Ascent GX10 NVIDIA GB10 Grace Blackwell, 128 GB unified memory per node'; StorageReview: the AI TOP ATOM has
  // 'the same GB10 Superchip ... and 128GB of unified LPDDR5X memory'.
  assert.equal(idOf('ASUS Ascent GX10'), 'dgx-spark');
  assert.equal(idOf('Gigabyte AI TOP ATOM'), 'dgx-spark');
  // Two Sparks joined over their network ports are not modelled: refused as `2x DGX Spark` is.
  const two = resolveMachine(real!, '2x ASUS Ascent GX10');
  assert.ok(isRefusal(two) && two.refused === 'out_of_range');
  assert.equal(two.message, (resolveMachine(real!, '2x DGX Spark') as { message: string }).message);
});

test('the hardware record names the products, with the evidence of each', { skip }, () => {
  const spark = real!.hardwareById.get('dgx-spark')!;
  assert.deepEqual(spark.sold_as?.value, ['ASUS Ascent GX10', 'GIGABYTE AI TOP ATOM']);
  assert.equal(spark.sold_as?.source, 'machine-products');
  assert.match(spark.sold_as?.note ?? '', /evidence: https:\/\/www\.storagereview\.com\/review\/gigabyte-ai-top-atom-review/);
  assert.equal(real!.hardwareById.get('rtx-4090')!.sold_as, undefined);
});

test('a product named without its maker reads as with it, and its model number is never a count', { skip }, () => {
  // machine-products.csv: the GMKtec EVO-X2 shares the Framework Desktop's Strix Halo silicon (Ryzen AI Max+ 395).
  for (const text of ['EVO-X2 128GB', 'evo x2 128 gb', 'EVO-X2 with 128GB']) {
    const r = resolveMachine(real!, text);
    assert.ok(!isRefusal(r), text);
    assert.equal(r.value, 'strix-halo-128gb', text);
    assert.equal(r.hardware?.count, 1, `${text}: X2 is the product's name, not two machines`);
    assert.match(r.interpretation, /^"evo x2", sold with AMD Ryzen AI Max\+ 395 \(Strix Halo\)/, text);
  }
  assert.equal(idOf('EVO-X2 64GB'), 'strix-halo-64gb');
  assert.equal(idOf('GTR9 Pro 96GB'), 'strix-halo-96gb');
  assert.equal(idOf('Ascent GX10'), 'dgx-spark');
  // Without a size it asks for one, naming the sizes the 395 is catalogued with.
  const bare = resolveMachine(real!, 'EVO-X2');
  assert.ok(isRefusal(bare) && bare.refused === 'ambiguous');
  assert.deepEqual([...bare.candidates].sort(), ['strix-halo-128gb', 'strix-halo-64gb', 'strix-halo-96gb']);
  // A product name without a model number keeps its maker: `Desktop 128GB` is no Framework Desktop.
  const desk = resolveMachine(real!, 'Desktop 128GB');
  assert.ok(isRefusal(desk) || desk.value !== 'strix-halo-128gb');
});

test('the 2025 ROG Flow Z13 reads as the Ryzen AI Max+ 395 of the memory stated, and only as it', { skip }, () => {
  // github.com/th3cavalry/GZ302-Linux-Setup docs/README.md (commit 58cfaa7, 2026-05-03): 'ASUS ROG Flow Z13
  // (GZ302EA-XS99)', 'CPU: AMD Ryzen AI MAX+ 395', 'RAM: 128GB LPDDR5X (unified memory)'.
  assert.equal(idOf('ROG Flow Z13 128GB'), 'strix-halo-128gb');
  assert.equal(idOf('ASUS ROG Flow Z13 128 GB'), 'strix-halo-128gb');
  assert.deepEqual(real!.hardwareById.get('strix-halo-128gb')!.sold_as?.value.includes('ASUS ROG Flow Z13'), true);
  // A product sold with the 395 alone is not read as the 385 at a size the 395 is not catalogued with (it was, through
  // the family name both share): refused, with the 395's sizes.
  for (const text of ['ROG Flow Z13 32GB', 'GMKtec EVO-X2 32GB']) {
    const r = resolveMachine(real!, text);
    assert.ok(isRefusal(r), text);
    assert.match(r.message, /catalogued with 128 GB, 64 GB, 96 GB, not 32 GB/, text);
  }
});
