// Tests of the reviewed price table of self-contained machines: an applied row prices its configuration and makes it
// its own host; alternatives are quoted, not used; what does not match the catalogue is refused.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Hardware } from '../schema/index.ts';
import { parseCsv } from '../sources/curated.ts';
import { assertReadByWithin, loadMachinePrices, readByProblems, withMachinePrices } from './machine-prices.ts';

const HEAD = 'status,hardware_id,product,usd,memory_gb,storage,configuration,price_date,quote,source_url,read_on,note,price_kind,discontinued_on\n';
const table = async (rows: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'prices-')), 'machine-prices.csv');
  writeFileSync(file, HEAD + rows);
  return loadMachinePrices(file);
};
const mem = (value: number) => ({ value, as_of: '2026-01-01', source: 'hardware-configs' });
const hw = (id: string, memory: number, unified = true, extra: Partial<Hardware> = {}) =>
  ({ id, count: 1, unified_memory: unified, memory_gb: mem(memory), ...extra }) as unknown as Hardware;
const row = (status: string, id: string, usd: number, memory: number, date = '2025-10-15', kind = 'launch', gone = '') =>
  `${status},${id},Box,${usd},${memory},1 TB,"chip, ${memory} GB",${date},"Price: $${usd}",https://example.org/${usd},2026-11-27,"n",${kind},${gone}\n`;

test('an applied row is the configuration\'s purchase price, dated by the price\'s own day and cited, and the machine is its own host', async () => {
  // The latest dated price is applied (a list price of 2026-02-23), the launch price quoted beside it, not used.
  const { rows, issues } = await table(row('alternative', 'spark', 3999, 128) + row('applied', 'spark', 4699, 128, '2026-02-23', 'list'));
  assert.deepEqual(issues, []);
  const spark = hw('spark', 128);
  assert.deepEqual(withMachinePrices([spark], rows), []);
  assert.equal(spark.purchase_price_usd?.value, 4699);
  assert.equal(spark.purchase_price_usd?.source, 'machine-prices');
  assert.equal(spark.purchase_price_usd?.as_of, '2026-02-23', 'the price\'s date, not the day the table was read (2026-11-27)');
  assert.match(
    spark.purchase_price_usd?.note ?? '',
    /^list price since 2026-02-23 \(launch price 3,999 USD on 2025-10-15\): Box, chip, 128 GB, 'Price: \$4699'; n; evidence: https:\/\/example\.org\/4699 \(read 2026-11-27\); /,
  );
  assert.match(spark.purchase_price_usd?.note ?? '', /other prices read, not used: Box 3,999 USD \(1 TB, 2025-10-15\)/);
  assert.deepEqual(spark.host_machine?.value, {
    id: 'self-contained', name: 'Box: the whole machine (CPU, memory, storage, power supply, chassis) is the product priced', basis: 'in_purchase_price', usd: 0,
  });
});

test('a launch price says whether a later one was read, and a configuration no longer sold says so and keeps its last list price', async () => {
  const { rows, issues } = await table(row('applied', 'box', 1999, 128, '2025-02-25') + row('alternative', 'box', 3449, 128, '', 'list')
    + row('applied', 'mac', 9499, 512, '2025-03-05', 'launch', '2026-03') + row('applied', 'studio', 7099, 256, '2025-03-05', 'launch', '2026-08-25'));
  assert.deepEqual(issues, []);
  const [box, mac, studio] = [hw('box', 128), hw('mac', 512), hw('studio', 256)];
  assert.deepEqual(withMachinePrices([box, mac, studio], rows), []);
  assert.equal(box.purchase_price_usd?.as_of, '2025-02-25');
  assert.match(box.purchase_price_usd?.note ?? '', /^launch price of 2025-02-25; a later list price was read undated \(3,449 USD\) and is not used, as it cannot be dated, so this month is the low side: /);
  assert.match(mac.purchase_price_usd?.note ?? '', /^discontinued in 2026-03; price is the last list price, the launch price of 2025-03-05; no later price was read: /);
  assert.match(studio.purchase_price_usd?.note ?? '', /^discontinued on 2026-08-25; price is the last list price/);
  assert.equal(studio.purchase_price_usd?.value, 7099, 'still costed: people own them');
});

test('a later list price the page gives no day for, bounded by its contents, is applied over the launch price and says so', async () => {
  // sunkcost's table (no date) was written after 2026-08-25 and before 2026-09-22: "System $3,449 ... Launched at $1,999".
  const HEAD2 = HEAD.replace('discontinued_on\n', 'discontinued_on,read_by\n');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'prices-')), 'machine-prices.csv');
  writeFileSync(file, HEAD2 + row('alternative', 'box', 1999, 128, '2025-02-25').replace(/\n$/, ',\n')
    + row('applied', 'box', 3449, 128, '2026-08-25', 'list').replace(/\n$/, ',2026-09-22\n'));
  const { rows, issues } = await loadMachinePrices(file);
  assert.deepEqual(issues, []);
  const box = hw('box', 128);
  assert.deepEqual(withMachinePrices([box], rows), []);
  assert.equal(box.purchase_price_usd?.value, 3449);
  assert.equal(box.purchase_price_usd?.as_of, '2026-08-25', 'the earliest day the reading can have been made');
  assert.match(box.purchase_price_usd?.note ?? '',
    /^list price read between 2026-08-25 and 2026-09-22, the source giving no day \(launch price 1,999 USD on 2025-02-25\): /);
});

test('a row for an unknown configuration, another memory size, a card, a second price or a priced one is an issue', async () => {
  const { rows } = await table(row('applied', 'ghost', 100, 64) + row('applied', 'mac', 2699, 48) + row('applied', 'card', 1999, 32)
    + row('applied', 'mac', 2699, 64) + row('applied', 'mac', 2799, 64) + row('applied', 'priced', 500, 16));
  const [mac, card, priced] = [hw('mac', 64), hw('card', 32, false), hw('priced', 16, true, { purchase_price_usd: mem(450) })];
  const issues = withMachinePrices([mac, card, priced], rows);
  assert.deepEqual(issues.map((i) => [i.row, i.field]), [
    ['ghost', 'hardware_id'], ['mac', 'memory_gb'], ['card', 'hardware_id'], ['mac', 'status'], ['priced', 'hardware_id'],
  ]);
  assert.equal(mac.purchase_price_usd?.value, 2699, 'the first applied row is kept');
  assert.equal(card.purchase_price_usd, undefined);
  assert.equal(priced.purchase_price_usd?.value, 450, 'a price from another table is not replaced');
});

test('a not_catalogued row names no configuration, an applied one is dated, and every row cites an https page', async () => {
  const bad = await table(row('not_catalogued', 'mac', 1999, 36) + row('applied', 'mac', 1999, 36, '')
    + 'applied,mac,Box,1999,36,none,chip,2025-03-05,Price,http://example.org/x,2026-11-27,n,launch,\n');
  assert.deepEqual(bad.rows, []);
  assert.deepEqual(bad.issues.map((i) => i.field), ['hardware_id', 'price_date', 'source_url']);
  const ok = await table(row('not_catalogued', '', 1999, 36));
  assert.deepEqual(ok.issues, []);
  assert.deepEqual(withMachinePrices([hw('mac', 36)], ok.rows), [], 'kept for the record, applied to nothing');
});

test('the committed table: each applied price is the figure its quote gives, on a unified-memory configuration of its size', () => {
  const rows = parseCsv(readFileSync('data/curated/machine-prices.csv', 'utf8')).map((r) => r.record);
  const configs = new Map(parseCsv(readFileSync('data/curated/hardware-configs.csv', 'utf8')).map((r) => [r.record.id, r.record]));
  const applied = rows.filter((r) => r.status === 'applied');
  // The prices as the pages give them: Mac Studio M3 Ultra (80-core GPU) 256 GB 7,099 and 512 GB 9,499; Mac Studio
  // M4 Max (40-core GPU) 48 GB 2,499, 64 GB 2,699 and 128 GB 3,499 (the configuration names the MacBook Pro or the Mac
  // Studio, and the 16-inch MacBook Pro's "$5,000" is the dearer chassis, not the memory); DGX Spark
  // 4,699 since 2026-02-23 (launched at "$3,999"); Framework Desktop Max+ 395 128 GB "System $3,449" and Max 385 32 GB
  // "System $1,269" as rlindsey2/sunkcost's hardware.json read them between 2026-08-25 and 2026-09-22 (launched at
  // "$1999" and "US$ 1.100", kept as alternatives); Macworld's launch
  // report: the 96 GB Mac Studio (M3 Ultra, 60-core GPU) "$3,999" and the 36 GB one (M4 Max, 32-core GPU) "$1,999"; the
  // table's Mac mini M4 Pro (12-core CPU / 16-core GPU) with 64 GB, "price_usd": 1999; the same table's Framework
  // Desktop Max+ 395 64 GB, "System $1,959".
  assert.deepEqual(Object.fromEntries(applied.map((r) => [r.hardware_id, Number(r.usd)])), {
    'm3-ultra-80c-256gb': 7099, 'm3-ultra-512gb': 9499, 'm4-max-48gb': 2499, 'm4-max-64gb': 2699, 'm4-max-128gb': 3499,
    'dgx-spark': 4699, 'strix-halo-128gb': 3449, 'strix-halo-385-32gb': 1269, 'm3-ultra-96gb': 3999, 'm4-max-36gb': 1999,
    'm4-pro-64gb': 1999, 'strix-halo-64gb': 1959,
  });
  const digits = (s: string) => s.replace(/[^0-9]/g, '');
  for (const r of applied) {
    assert.ok(digits(r.quote).includes(r.usd), `${r.hardware_id}: the quote gives ${r.usd}`);
    const c = configs.get(r.hardware_id);
    assert.ok(c, `${r.hardware_id} is a configuration`);
    assert.equal(c.unified_memory, 'true', `${r.hardware_id} is one machine`);
    // The DGX Spark's row gives no memory_gb (its accelerator's 128 GB is used); the others are configured sizes.
    assert.equal(Number(c.memory_gb || 128), Number(r.memory_gb), `${r.hardware_id}: the price's memory is the configuration's`);
  }
  // The 16-core GPU price is the base bin's (m4-pro-64gb), never the 20-core bin's, which no page read prices.
  const priced = new Set(applied.map((r) => r.hardware_id));
  assert.ok(!priced.has('m4-pro-20c-64gb'), 'm4-pro-20c-64gb stays unpriced');
  const m4pro = applied.find((r) => r.hardware_id === 'm4-pro-64gb')!;
  assert.match(m4pro.quote, /"chip_variant": "12-core CPU \/ 16-core GPU"/);
  assert.equal(configs.get('m4-pro-64gb')?.accelerator_key.split(';')[0], 'apple-m4-pro-16c');
});

test('read_by is checked at ingest: a real day, on a list-price row, not before price_date, not after the data date', async () => {
  const headBy = `${HEAD.trimEnd()},read_by\n`;
  const load = async (rows: string) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'prices-')), 'machine-prices.csv');
    writeFileSync(file, headBy + rows);
    return loadMachinePrices(file);
  };
  const by = (id: string, date: string, kind: string, readBy: string) => `${row('applied', id, 2999, 128, date, kind).trimEnd()},${readBy}\n`;
  // A list price read between 2026-08-25 and 2026-09-22 (Framework's table, written between two dated events) loads.
  const ok = await load(by('halo', '2026-08-25', 'list', '2026-09-22'));
  assert.deepEqual([ok.issues, ok.rows[0].read_by], [[], '2026-09-22']);
  // Each bad row fails the load, naming the row and what is wrong, where an issue would have dropped it quietly.
  await assert.rejects(load(by('halo', '2026-08-25', 'list', 'by autumn')), /machine-prices\.csv: halo: read_by is not a day \(YYYY-MM-DD\)/);
  await assert.rejects(load(by('halo', '2026-08-25', 'list', '2026-02-30')), /halo \(line 2\): read_by 2026-02-30 is not a day/);
  await assert.rejects(load(by('halo', '2026-08-25', 'list', '2026-08-24')), /read_by 2026-08-24 is before price_date 2026-08-25/);
  await assert.rejects(load(by('halo', '2026-08-25', 'launch', '2026-09-22')), /read_by is for a list price read undated; this row is a launch price/);
  // The data date is known only once the sources are read: the build checks it (the 2026 build's is 2026-09-23).
  assert.deepEqual(readByProblems({ read_by: '2026-09-22', price_date: '2026-08-25', price_kind: 'list' }, '2026-09-23'), []);
  assert.throws(() => assertReadByWithin([{ ...ok.rows[0], read_by: '2026-10-01' }], '2026-09-23'),
    /machine-prices\.csv: halo: read_by 2026-10-01 is after the data date 2026-09-23/);
});

test('the committed table\'s read_by values hold against the data date', async () => {
  const { rows } = await loadMachinePrices(new URL('../../data/curated/machine-prices.csv', import.meta.url).pathname);
  const meta = JSON.parse(readFileSync(new URL('../../data/dataset/meta.json', import.meta.url), 'utf8')) as { data_as_of: string };
  assert.doesNotThrow(() => assertReadByWithin(rows, meta.data_as_of));
  assert.ok(rows.some((r) => r.read_by !== ''), 'the table has bounded readings to check');
});
