// Tests of the reviewed NVLink table: rows to each configuration's nvlink, cited; bad values and unused keys reported.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Hardware } from '../schema/index.ts';
import { loadAcceleratorNvlink, NVLINK_BASIS, NVLINK_SECONDARY_BASIS, nvlinkBasis, withNvlink } from './accelerator-nvlink.ts';
import type { HardwareConfig } from './hardware.ts';

const HEAD = 'accelerator_key,nvlink,source_url,read_on,note\n';
const table = async (rows: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'nvlink-')), 'accelerator-nvlink.csv');
  writeFileSync(file, HEAD + rows);
  return loadAcceleratorNvlink(file);
};
const hw = (id: string) => ({ id }) as unknown as Hardware;
const cfg = (id: string, keys: string[]) => ({ id, accelerator_key: keys }) as unknown as HardwareConfig;

test('a row gives every configuration of the card its NVLink, dated and cited', async () => {
  // The RTX 4090 has no NVLink connector (Ada Lovelace dropped it); the RTX 3090 takes a bridge.
  const { nvlink, issues } = await table(
    'NVIDIA GeForce RTX 4090,none,https://www.tweaktown.com/news/88605/x,2026-11-26,"Ada drops the NVLink connector"\n'
    + 'NVIDIA GeForce RTX 3090,bridge,https://www.tomshardware.com/news/x,2026-11-26,"the only RTX 30 card with NVLink"\n');
  assert.deepEqual(issues, []);
  const [one, pair, bridged] = [hw('rtx-4090'), hw('rtx-4090-x2'), hw('rtx-3090-x2')];
  const keys = ['NVIDIA GeForce RTX 4090', 'hf:NVIDIA/RTX 4090'];
  const configs = [cfg('rtx-4090', keys), cfg('rtx-4090-x2', keys), cfg('rtx-3090-x2', ['NVIDIA GeForce RTX 3090'])];
  assert.deepEqual(withNvlink([one, pair, bridged], configs, nvlink), []);
  assert.deepEqual([one.nvlink?.value, pair.nvlink?.value, bridged.nvlink?.value], ['none', 'none', 'bridge']);
  assert.equal(one.nvlink?.as_of, '2026-11-26');
  assert.equal(one.nvlink?.source, 'accelerator-nvlink');
  assert.match(one.nvlink?.note ?? '', /evidence: https:\/\/www.tweaktown.com/);
});

test('a value other than bridge, switch or none stays out; a key no configuration names is reported', async () => {
  const { nvlink, issues } = await table(
    'NVIDIA L4,yes,https://example.org/l4,2026-11-26,"not a value"\n'
    + 'NVIDIA GeForce RTX 4009,none,https://example.org/x,2026-11-26,"a typo in the key"\n');
  assert.deepEqual(issues.map((i) => i.field), ['nvlink']);
  const l4 = hw('l4');
  const out = withNvlink([l4], [cfg('l4', ['NVIDIA L4'])], nvlink);
  assert.equal(l4.nvlink, undefined);
  assert.deepEqual(out.map((i) => [i.row, i.field]), [['NVIDIA GeForce RTX 4009', 'accelerator_key']]);
});

test('a row read from a secondary source says so; only a vendor page is "as the vendor specifies"', () => {
  // nvidia.com/de-de/data-center/nvlink is NVIDIA's own page; wikimili.com, manuals.plus, dev.to are not the vendor's.
  assert.equal(nvlinkBasis('https://www.nvidia.com/de-de/data-center/nvlink/'), NVLINK_BASIS);
  for (const url of ['https://wikimili.com/en/NVLink', 'https://manuals.plus/m/d4b5', 'https://dev.to/x/multi-gpu',
    'https://www.aiminingco.com/gpu/h100-nvl/specs', 'https://nvidia.com.example.org/x']) {
    assert.equal(nvlinkBasis(url), NVLINK_SECONDARY_BASIS, url);
  }
});
