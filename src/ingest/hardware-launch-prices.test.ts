// The RTX 50 series and RX 9070 XT launch prices, read from the built dataset: the maker's own dollar figure as the
// page the curated row cites quotes it, not the Hugging Face hardware table's rounded MSRP (750, 1000, 550, 300, 600),
// and the RTX 5060's board power as NVIDIA announced it, which is what owned-machine electricity is charged at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const real = existsSync(DEFAULT_DATA_DIR) ? committedDataset() : undefined;
const skip = !real;

const PRICES: [id: string, usd: number][] = [
  // techtwisted.com / technologistmag.com on CES 2025: 'RTX 5080: $999 - RTX 5070 Ti: $749 - RTX 5070: $549'.
  ['rtx-5080', 999], ['rtx-5070-ti', 749], ['rtx-5070', 549],
  // chipversus.com: 'Launch price was $299' (NVIDIA's announcement as zhikuai.com reports it: 299美元).
  ['rtx-5060', 299],
  // purepc.pl on AMD's announcement: MSRP '599 i 549 dolarów' (RX 9070 XT, RX 9070).
  ['rx-9070-xt', 599],
];

test('an RTX 50 card and the RX 9070 XT cost their maker\'s launch price, to the dollar', { skip }, () => {
  const byId = new Map(real!.hardware.map((h) => [h.id, h]));
  for (const [id, usd] of PRICES) {
    const price = byId.get(id)?.purchase_price_usd;
    assert.equal(price?.value, usd, id);
    assert.equal(price?.source, 'accelerators-extra', id);
    assert.match(price?.note ?? '', /^launch price of the accelerator/, id);
  }
});

test('the RTX 5060 draws NVIDIA\'s 145 W, the rounded 150 W kept only as a conflict', { skip }, () => {
  // zhikuai.com on NVIDIA's April 2025 announcement: 'RTX 5060的总功耗则为145W'; 128-bit x 28 Gbps / 8 = 448 GB/s.
  const c = real!.hardware.find((h) => h.id === 'rtx-5060');
  assert.equal(c?.power_w?.value, 145);
  assert.equal(c?.bandwidth_gbs?.value, 448);
  assert.deepEqual(c?.power_w?.conflicts?.map((x) => [x.source, x.value]), [['hf-tasks-hardware', 150]]);
});

test('the H100 SXM\'s price reads as Epoch\'s estimate and the H200\'s as the Hugging Face table\'s MSRP, not one kind', { skip }, () => {
  const byId = new Map(real!.hardware.map((h) => [h.id, h]));
  // Epoch: 'No official MSRP. ... DGX servers with 8xH100 were sold for $269k, or $33,600 per GPU.'
  const h100 = byId.get('h100-80gb-x1')?.purchase_price_usd;
  assert.equal(h100?.value, 33600);
  assert.match(h100?.note ?? '', /^estimated price of the accelerator \(epoch-hardware: "No official MSRP\. .*\$33,600 per GPU\."\)/);
  // hardware-nvidia.js: H200 msrp 32_000, no source beside it.
  const h200 = byId.get('h200-x1')?.purchase_price_usd;
  assert.equal(h200?.value, 32000);
  assert.match(h200?.note ?? '', /^MSRP of the accelerator \(the Hugging Face hardware table's msrp figure, which cites no source\)/);
});
