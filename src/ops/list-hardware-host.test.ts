// Tests of host_machine in list_hardware: the machine around the accelerators, as estimate_cost buys it, dated and cited.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { list_hardware } from './list-hardware.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const shipped = existsSync(`${DEFAULT_DATA_DIR}/models.json`);
const ds = shipped ? await committedDataset() : null;
type View = Record<string, any>;

const all = () => {
  const items: View[] = [];
  for (let cursor: string | undefined; ;) {
    const out = list_hardware.handler(ds!, list_hardware.input.parse({ limit: 100, ...(cursor ? { cursor } : {}) }), { today: '2026-11-27' }) as {
      items: View[]; page: { next_cursor: string | null };
    };
    assert.deepEqual(list_hardware.output.parse(out), out);
    items.push(...out.items);
    if (!out.page.next_cursor) return new Map(items.map((h) => [h.id, h]));
    cursor = out.page.next_cursor;
  }
};

test('the committed configurations carry the host their table row prices, a share for an HGX server, null where none', { skip: !shipped }, () => {
  const hw = all();
  // data/curated/host-machines.csv: the EPYC workstation for four RTX 3090, 1,314 USD; an H200 pair carries 2/8 of the
  // 32,010 USD HGX host, 8,002.50; an H100 pair's price already pays its host; four L40S in a server: no row.
  const h = (id: string) => hw.get(id)!.host_machine;
  assert.deepEqual([h('rtx-3090-x4').value.usd, h('rtx-3090-x4').value.id, h('rtx-3090-x4').as_of], [1314, 'workstation-4gpu', '2026-11-27']);
  assert.match(h('rtx-3090-x4').note, /evidence: https:\/\/thinksmart\.life\/research\/posts\/gpu-rig-budget-vs-pro$/);
  assert.deepEqual([h('h200-x2').value.usd, h('h200-x2').value.basis], [8002.5, 'priced']);
  assert.deepEqual([h('h100-80gb-x2').value.usd, h('h100-80gb-x2').value.basis], [0, 'in_purchase_price']);
  assert.equal(h('l40s-x4'), null);
  assert.equal(h('rtx-4090-x4'), null, 'four 450 W cards exceed the sourced workstation\'s one 1600 W supply');
});

test('the A100 and B200 servers carry their hosts; the one-card desktop its own idle draw; the rest stay without', { skip: !shipped }, () => {
  const hw = all();
  const h = (id: string) => hw.get(id)!.host_machine;
  // host-machines.csv: the DGX A100 at 199,000 USD less eight A100 40 GB at 15,000 = 79,000 for eight, 9,875 for one;
  // the B200's host parts priced as the DGX H100's, 32,010 for eight: 2/8 x 32,010 = 8,002.50 for a pair.
  assert.deepEqual([h('a100-40gb-x8').value.usd, h('a100-40gb-x1').value.usd, h('a100-40gb-x1').value.id], [79000, 9875, 'dgx-a100-rest']);
  assert.deepEqual([h('b200-x2').value.usd, h('b200-x8').value.usd, h('b200-x8').value.id], [8002.5, 32010, 'hgx-b200-bom']);
  assert.match(h('b200-x8').note, /docs\.nvidia\.com\/dgx\/dgxb200-user-guide/);
  // pashalog.com: a Ryzen 5 5600X on B550 with 32 GB and an 850 W PSU, 45-50 W at the wall idle: 45 W taken.
  assert.equal(h('rtx-3090').value.idle_watts, 45);
  assert.match(h('rtx-3090').note, /its own draw, 45 W at the wall with nothing to do: .*evidence: https:\/\/pashalog\.com\/ryzen5-5600x-watt-check\/$/);
  assert.equal(h('rtx-3090-x4').value.idle_watts, undefined, 'no reading of the EPYC workstation');
  // No priced host: the PCIe data-centre cards, MI300X and MI250 platforms, four RTX 4090; the new H200 NVL too.
  for (const id of ['l4', 't4', 'a10', 'l40', 'l40s', 'a40', 'l40s-x4', 'mi300x-x8', 'mi250-x4', 'rtx-4090-x4', 'h200-nvl-x2']) {
    assert.equal(h(id), null, id);
  }
});
