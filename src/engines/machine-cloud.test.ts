// Cloud instance types read as the GPUs they carry (data/curated/cloud-instances.csv), and mixed cards refused plainly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { isRefusal, resolveMachine } from './machine.ts';
import { mayNameMachine } from './machine-readable.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const real = existsSync(DEFAULT_DATA_DIR) ? committedDataset() : undefined;
const skip = !real;

const read = (text: string) => {
  const r = resolveMachine(real!, text);
  if (isRefusal(r)) throw new Error(`${text}: refused: ${r.message}`);
  return r;
};

test('AWS instances read as the GPUs SkyPilot\'s catalogue lists for them', { skip }, () => {
  // skypilot-catalog catalogs/v7/aws/vms.csv @27f67dd4: g5.xlarge,A10G,1.0 (22888 MiB); g5.12xlarge,A10G,4.0;
  // g6.xlarge,L4,1.0; g6e.12xlarge,L40S,4.0 (45776 MiB); p4d.24xlarge,A100,8.0 (40960 MiB); p4de.24xlarge,A100-80GB,8.0;
  // p5.48xlarge,H100,8.0 (81920 MiB); p5en.48xlarge,H200,8.0.
  const cases: Array<[string, string, number, string]> = [
    ['g5.xlarge', 'a10g', 1, 'NVIDIA A10G'],
    ['g5.12xlarge', 'a10g-x4', 4, 'NVIDIA A10G'],
    ['g6.xlarge', 'l4', 1, 'NVIDIA L4'],
    ['g6e.12xlarge', 'l40s-x4', 4, 'NVIDIA L40S'],
    ['p4d.24xlarge', 'a100-40gb-x8', 8, 'NVIDIA A100 SXM4 40 GB'],
    ['p4de.24xlarge', 'a100-80gb-x8', 8, 'NVIDIA A100 SXM4 80 GB'],
    ['p5.48xlarge', 'h100-80gb-x8', 8, 'NVIDIA H100 SXM5 80GB'],
    ['p5en.48xlarge', 'h200-x8', 8, 'NVIDIA H200 SXM'],
  ];
  for (const [text, id, count, accelerator] of cases) {
    const r = read(text);
    assert.deepEqual([r.value, r.hardware?.count, r.hardware?.accelerator], [id, count, accelerator], text);
    assert.match(r.interpretation, new RegExp(`^AWS ${text.replace('.', '\\.')} carries ${count} x `), text);
  }
  // Written as people do: a provider's name, `instance`, another case.
  assert.equal(read('AWS g5.xlarge instance').value, 'a10g');
  assert.equal(read('G5.XLARGE').value, 'a10g');
  // 4 x 24 GB (the A10G's catalogued memory) = 96 GB.
  assert.equal(read('aws g5.12xlarge').hardware?.memory_gb.value, 96);
});

test('Google Cloud and Azure instances read as their GPUs, the form said to be assumed', { skip }, () => {
  // SkyPilot sky/catalog/gcp_catalog.py @b9dd08e7, _ACC_INSTANCE_TYPE_DICTS: 'A100' 1: ['a2-highgpu-1g'];
  // 'A100-80GB' 1: ['a2-ultragpu-1g']; 'L4' 1: ['g2-standard-4', ...]; 'H100' 8: ['a3-highgpu-8g'].
  // huggingface.co/docs/microsoft-azure/azure-ai/hardware: Standard_ND96amsr_A100_v4 | NVIDIA A100 80GB | 8;
  // Standard_ND96isr_H100_v5 | NVIDIA H100 80GB | 8 | 640 GB.
  const cases: Array<[string, string]> = [
    ['a2-highgpu-1g', 'a100-40gb-x1'], ['a2-ultragpu-1g', 'a100-80gb-x1'], ['g2-standard-4', 'l4'], ['a3-highgpu-8g', 'h100-80gb-x8'],
    ['Standard_ND96amsr_A100_v4', 'a100-80gb-x8'], ['Standard_ND96isr_H100_v5', 'h100-80gb-x8'], ['Standard_NC4as_T4_v3', 't4'],
  ];
  for (const [text, id] of cases) assert.equal(read(text).value, id, text);
  const nd = read('Standard_ND96amsr_A100_v4');
  assert.match(nd.interpretation, /^Azure Standard_ND96amsr_A100_v4 carries 8 x NVIDIA A100 SXM4 80 GB \(/);
  assert.match(nd.interpretation, /without its form: read as the SXM module catalogued/);
  assert.doesNotMatch(read('g6.xlarge').interpretation, /SXM/, 'an L4 has one form; nothing is assumed');
});

test('Azure NC A100 v4 reads as the A100 80 GB PCIe card (1,935 GB/s), never the SXM module', { skip }, () => {
  // Microsoft, articles/virtual-machines/nc-a100-v4-series.md @0af0f2ef: "up to 4 NVIDIA A100 PCIe GPUs with 80 GB
  // memory each", size table NC24ads 1 GPU, NC48ads 2, NC96ads 4; "1 GPU = one A100 80GB PCIe GPU card". NVIDIA's A100
  // datasheet, A100 80GB PCIe: 80 GB HBM2e, 1,935 GB/s (the SXM module: 2,039 GB/s).
  const one = read('Standard_NC24ads_A100_v4');
  assert.deepEqual([one.value, one.hardware?.accelerator, one.hardware?.memory_gb.value, one.hardware?.bandwidth_gbs?.value],
    ['a100-80gb-pcie', 'NVIDIA A100 80GB PCIe', 80, 1935]);
  assert.match(one.interpretation, /^Azure Standard_NC24ads_A100_v4 carries 1 x NVIDIA A100 80GB PCIe \(/);
  assert.doesNotMatch(one.interpretation, /SXM/);
  // 2 x 80 and 4 x 80 GB, as Microsoft's table gives (160 and 320 GiB).
  assert.deepEqual([read('Azure Standard_NC48ads_A100_v4').hardware?.memory_gb.value, read('Standard_NC96ads_A100_v4').hardware?.count], [160, 4]);
});

test('Azure NCads H100 v5 reads as the H100 NVL (94 GB, PCIe), never the 80 GB SXM module', { skip }, () => {
  // Microsoft (azure-docs, sizes/gpu-accelerated/includes/ncadsh100v5-series-summary.md): "powered by NVIDIA H100 NVL
  // GPU ... up to 2 NVIDIA H100 NVL GPUs with 94GB memory each"; the size table: NC40ads 1 GPU 94 GB, NC80adis 2, 188 GB.
  const one = read('Standard_NC40ads_H100_v5');
  assert.deepEqual([one.value, one.hardware?.accelerator, one.hardware?.memory_gb.value], ['h100-nvl', 'NVIDIA H100 NVL', 94]);
  assert.match(one.interpretation, /^Azure Standard_NC40ads_H100_v5 carries 1 x NVIDIA H100 NVL \(/);
  assert.doesNotMatch(one.interpretation, /SXM/);
  const two = read('Azure Standard_NC80adis_H100_v5 VM');
  assert.deepEqual([two.hardware?.count, two.hardware?.memory_gb.value], [2, 188]);
});

test('an instance\'s answer says the rent is not the cloud\'s rate for the instance', { skip }, () => {
  // The dataset holds no AWS instance price (AWS lists p5.48xlarge at $39.33/h effective on Capacity Blocks), so the
  // rent of h100-80gb-x8 is a GPU-rental provider's: the reading must say so, for a node and for a single card.
  for (const [text, cloud] of [['p5.48xlarge', 'AWS'], ['g5.xlarge', 'AWS'], ['a2-highgpu-1g', 'Google Cloud']]) {
    const r = read(text);
    assert.match(r.interpretation, /read as its GPUs only/, text);
    assert.match(r.interpretation, new RegExp(`not ${cloud}'s rate for ${text.replace('.', '\\.')}, which the dataset does not hold`), text);
  }
});

test('an instance beside other device words is left to the device reader; the pre-filter passes instance names', { skip }, () => {
  // `g5.xlarge 4090` names two things: not the instance alone.
  const r = resolveMachine(real!, 'g5.xlarge 4090');
  assert.ok(isRefusal(r) || r.value !== 'a10g');
  for (const t of ['g5.xlarge', 'a2-highgpu-1g', 'Standard_ND96amsr_A100_v4']) assert.ok(mayNameMachine(real!, t), t);
});

test('two kinds of card in one machine are refused with what each part reads as', { skip }, () => {
  // hardware-configs.csv: rtx-4090 and rtx-3090, 24 GB each: 48 GB together.
  for (const text of ['4090 + 3090', '3090 and 4090', 'RTX 4090, RTX 3090']) {
    const r = resolveMachine(real!, text);
    assert.ok(isRefusal(r), text);
    assert.equal(r.refused, 'ambiguous', text);
    assert.deepEqual([...r.candidates].sort(), ['rtx-3090', 'rtx-4090'], text);
    assert.match(r.message, /names different cards in one machine/, text);
    assert.match(r.message, /"48 GB GPU"/, text);
  }
  // Where the whole text reads as one of the cards, the other is not dropped: hardware-configs.csv lists
  // rtx-3060-12gb (12 GB) and rtx-3060-8gb (8 GB), rtx-4090-laptop (16 GB) and rtx-4090 (24 GB).
  const cases: Array<[string, string[], string]> = [
    ['3060 12gb + 3060 8gb', ['rtx-3060-12gb', 'rtx-3060-8gb'], '"20 GB GPU"'],
    ['rtx 4090 laptop + 4090', ['rtx-4090', 'rtx-4090-laptop'], '"40 GB GPU"'],
  ];
  for (const [text, ids, total] of cases) {
    const r = resolveMachine(real!, text);
    assert.ok(isRefusal(r), text);
    assert.equal(r.refused, 'ambiguous', text);
    assert.deepEqual([...r.candidates].sort(), ids, text);
    assert.ok(r.message.includes(total), text);
  }
  // A card beside a unified-memory machine is two machines, not a mixed one: no summed "GPU" is offered.
  const mac = resolveMachine(real!, '4090 + M4 Max 64GB');
  assert.ok(isRefusal(mac) && !/different cards/.test(mac.message));
});

test('the same card listed twice is two of it, where reading the text at once counted one', { skip }, () => {
  // hardware-configs.csv: rtx-3090 24 GB, rtx-3090-x2 catalogued; three are built: 3 x 24 = 72 GB.
  assert.deepEqual([read('3090 + 3090').value, read('3090 + 3090').hardware?.memory_gb.value], ['rtx-3090-x2', 48]);
  assert.deepEqual([read('2x 3090 and a 3090').value, read('2x 3090 and a 3090').hardware?.memory_gb.value], ['rtx-3090-x3', 72]);
  assert.equal(read('L40S + L40S + L40S + L40S').value, 'l40s-x4');
  // A size beside the card is not a second card, nor is a class word.
  assert.equal(read('RTX 3090, 24GB').value, 'rtx-3090');
  assert.equal(read('2x 3090').value, 'rtx-3090-x2');
});
