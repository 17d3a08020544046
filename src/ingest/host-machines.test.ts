// Tests of the reviewed host-machine table: rows to each named configuration's host_machine, cited, shared, and refused.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Hardware } from '../schema/index.ts';
import { parseCsv } from '../sources/curated.ts';
import { loadHostMachines, withHostMachines } from './host-machines.ts';

const HEAD = 'id,name,basis,usd,shared_by,hardware_ids,source_url,read_on,note\n';
const table = async (rows: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'host-')), 'host-machines.csv');
  writeFileSync(file, HEAD + rows);
  return loadHostMachines(file);
};
const price = { value: 1000, as_of: '2026-01-01', source: 'epoch-hardware' };
const hw = (id: string, count: number, priced = true) => ({ id, count, ...(priced ? { purchase_price_usd: price } : {}) }) as unknown as Hardware;

test('a whole-machine row gives each named configuration its price, dated and cited', async () => {
  const { hosts, issues } = await table('desk,a desktop,priced,565,,card;card-b,https://example.org/build,2026-11-27,"CPU $130, board $110"\n');
  assert.deepEqual(issues, []);
  const [a, b, other] = [hw('card', 1), hw('card-b', 1), hw('other', 1)];
  assert.deepEqual(withHostMachines([a, b, other], hosts), []);
  assert.deepEqual(a.host_machine?.value, { id: 'desk', name: 'a desktop', basis: 'priced', usd: 565 });
  assert.equal(b.host_machine?.value.usd, 565);
  assert.equal(a.host_machine?.source, 'host-machines');
  assert.equal(a.host_machine?.as_of, '2026-11-27');
  assert.match(a.host_machine?.note ?? '', /CPU \$130, board \$110; evidence: https:\/\/example\.org\/build$/);
  assert.equal(other.host_machine, undefined, 'a configuration no row names has no host figure');
});

test('a host one server shares among eight GPUs gives a configuration of n of them n/8 of its price', async () => {
  // 32,010 USD for eight: one GPU's share 4,001.25, two 8,002.5, eight the whole.
  const { hosts } = await table('hgx,an 8-GPU host,priced,32010,8,g1;g2;g8,https://example.org/bom,2026-11-27,"bill of materials"\n');
  const [g1, g2, g8] = [hw('g1', 1), hw('g2', 2), hw('g8', 8)];
  assert.deepEqual(withHostMachines([g1, g2, g8], hosts), []);
  assert.deepEqual([g1, g2, g8].map((h) => h.host_machine?.value.usd), [4001.25, 8002.5, 32010]);
  assert.match(g2.host_machine?.note ?? '', /2 of the 8 accelerators one host serves: 2\/8 x 32010 USD/);
});

test('a host already in the purchase price is 0 USD; a priced host must cost more than 0, and the other way round', async () => {
  const ok = await table('dgx,in the price,in_purchase_price,0,8,h1,https://example.org/dgx,2026-11-27,"server price / 8"\n');
  assert.deepEqual(ok.issues, []);
  const h1 = hw('h1', 1);
  withHostMachines([h1], ok.hosts);
  assert.deepEqual(h1.host_machine?.value, { id: 'dgx', name: 'in the price', basis: 'in_purchase_price', usd: 0 });
  const bad = await table('free,a free host,priced,0,,x,https://example.org/a,2026-11-27,"n"\n'
    + 'paid,paid yet included,in_purchase_price,10,,x,https://example.org/b,2026-11-27,"n"\n'
    + 'nourl,no evidence,priced,10,,x,,2026-11-27,"n"\n');
  assert.deepEqual(bad.hosts, []);
  assert.deepEqual(bad.issues.map((i) => [i.row, i.field]), [['free', 'usd'], ['paid', 'usd'], ['nourl', 'source_url']]);
});

test('an unknown configuration, one named twice, or one without a purchase price is an issue', async () => {
  const { hosts } = await table('a,host a,priced,100,,x;ghost;bare,https://example.org/a,2026-11-27,"n"\n'
    + 'b,host b,priced,200,,x,https://example.org/b,2026-11-27,"n"\n');
  const x = hw('x', 1);
  const issues = withHostMachines([x, hw('bare', 1, false)], hosts);
  assert.deepEqual(issues.map((i) => [i.row, i.message]), [
    ['a', 'no hardware configuration ghost'],
    ['a', 'bare has no purchase price: its host is never costed'],
    ['b', 'x already has the host a; the first row is kept'],
  ]);
  assert.equal(x.host_machine?.value.id, 'a');
});

test('the committed table: every row sums what its note says, and every name is a configuration of the table', () => {
  // The notes' own figures, added by hand: 130 + 110 + 65 + 110 + 75 + 75 = 565; 340 + 430 + 380 + 150 + 380 + 300 =
  // 1,980; 4,314 - 4 x 750 = 1,314; 5,200 + 7,860 + 3,456 + 10,908 + 563 + 875 + 463 + 1,200 + 1,485 = 32,010 (the DGX
  // H100's host parts, for the H200 and the B200 alike); the DGX A100 at 8 x 24,875 = 199,000 less eight A100 40 GB at
  // 15,000: 199,000 - 120,000 = 79,000.
  const rows = parseCsv(readFileSync('data/curated/host-machines.csv', 'utf8'));
  const configs = new Set(readFileSync('data/curated/hardware-configs.csv', 'utf8').split('\n').slice(1).map((l) => l.split(',')[0]));
  const usd = (id: string) => Number(rows.find((r) => r.record.id === id)?.record.usd);
  assert.deepEqual(['desktop-1gpu', 'desktop-2gpu', 'workstation-4gpu', 'hgx-8gpu-bom', 'hgx-b200-bom', 'dgx-a100-rest'].map(usd),
    [565, 1980, 1314, 32010, 32010, 79000]);
  for (const r of rows) {
    for (const id of r.record.hardware_ids.split(';')) assert.ok(configs.has(id), `${id} is a configuration`);
  }
  // Only the one-card desktop has a published reading of its own draw: 45-50 W at the wall, the low end taken.
  assert.deepEqual(rows.filter((r) => r.record.idle_w !== '').map((r) => [r.record.id, r.record.idle_w]), [['desktop-1gpu', '45']]);
});

test('an idle draw read for a host is its share of it, cited beside the price; one without its page is refused', async () => {
  const head = HEAD.trimEnd() + ',idle_w,idle_source_url,idle_note\n';
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'host-')), 'host-machines.csv');
  writeFileSync(file, head
    + 'desk,a desktop,priced,565,,card,https://example.org/build,2026-11-27,"parts",45,https://example.org/meter,"a wattmeter at the wall"\n'
    + 'hgx,an 8-GPU host,priced,32010,8,g2,https://example.org/bom,2026-11-27,"bom",800,https://example.org/hgx-meter,"idle at the wall"\n'
    + 'bare,no page,priced,100,,x,https://example.org/a,2026-11-27,"n",50,,\n');
  const { hosts, issues } = await loadHostMachines(file);
  assert.deepEqual(issues.map((i) => [i.row, i.field]), [['bare', 'idle_source_url']]);
  const [card, g2] = [hw('card', 1), hw('g2', 2)];
  assert.deepEqual(withHostMachines([card, g2], hosts), []);
  // One host a machine: its whole draw. Two of the eight GPUs one host serves: 2/8 x 800 = 200 W.
  assert.deepEqual([card.host_machine?.value.idle_watts, g2.host_machine?.value.idle_watts], [45, 200]);
  assert.match(card.host_machine?.note ?? '', /its own draw, 45 W at the wall with nothing to do: a wattmeter at the wall; evidence: https:\/\/example\.org\/meter$/);
  assert.match(g2.host_machine?.note ?? '', /800 W at the wall with nothing to do \(200 W for 2\/8\)/);
});
