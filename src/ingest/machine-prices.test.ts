// Tests of the reviewed price table of self-contained machines: an applied row prices its configuration and makes it
// its own host; alternatives are quoted, not used; what does not match the catalogue is refused.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Hardware } from '../schema/index.ts';
import { parseCsv } from '../sources/curated.ts';
import { loadMachinePrices, withMachinePrices } from './machine-prices.ts';

const HEAD = 'status,hardware_id,product,usd,memory_gb,storage,configuration,price_date,quote,source_url,read_on,note\n';
const table = async (rows: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'prices-')), 'machine-prices.csv');
  writeFileSync(file, HEAD + rows);
  return loadMachinePrices(file);
};
const mem = (value: number) => ({ value, as_of: '2026-01-01', source: 'hardware-configs' });
const hw = (id: string, memory: number, unified = true, extra: Partial<Hardware> = {}) =>
  ({ id, count: 1, unified_memory: unified, memory_gb: mem(memory), ...extra }) as unknown as Hardware;
const row = (status: string, id: string, usd: number, memory: number, date = '2025-10-15') =>
  `${status},${id},Box ${usd},${usd},${memory},1 TB,"chip, ${memory} GB",${date},"Price: $${usd}",https://example.org/${usd},2026-11-27,"launch"\n`;

test('an applied row is the configuration\'s purchase price, dated and cited, and the machine is its own host', async () => {
  const { rows, issues } = await table(row('applied', 'spark', 3999, 128) + row('alternative', 'spark', 4699, 128, '2026-02-23'));
  assert.deepEqual(issues, []);
  const spark = hw('spark', 128);
  assert.deepEqual(withMachinePrices([spark], rows), []);
  assert.equal(spark.purchase_price_usd?.value, 3999);
  assert.equal(spark.purchase_price_usd?.source, 'machine-prices');
  assert.equal(spark.purchase_price_usd?.as_of, '2026-11-27');
  assert.match(spark.purchase_price_usd?.note ?? '', /^Box 3999, chip, 128 GB, launch price of 2025-10-15: 'Price: \$3999'; launch; evidence: https:\/\/example\.org\/3999; /);
  // The later price is quoted, not used.
  assert.match(spark.purchase_price_usd?.note ?? '', /other prices read, not used: Box 4699 4,699 USD \(1 TB, 2026-02-23\)/);
  assert.deepEqual(spark.host_machine?.value, {
    id: 'self-contained', name: 'Box 3999: the whole machine (CPU, memory, storage, power supply, chassis) is the product priced', basis: 'in_purchase_price', usd: 0,
  });
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
    + 'applied,mac,Box,1999,36,none,chip,2025-03-05,Price,http://example.org/x,2026-11-27,n\n');
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
  // M4 Max (40-core GPU) 48 GB 2,499 and 64 GB 2,699; 16-inch MacBook Pro M4 Max 128 GB "$5,000"; DGX Spark
  // "$3,999"; Framework Desktop Max+ 395 128 GB "$1999" and its Max 385 32 GB start "US$ 1.100"; Macworld's launch
  // report: the 96 GB Mac Studio (M3 Ultra, 60-core GPU) "$3,999" and the 36 GB one (M4 Max, 32-core GPU) "$1,999".
  assert.deepEqual(Object.fromEntries(applied.map((r) => [r.hardware_id, Number(r.usd)])), {
    'm3-ultra-256gb': 7099, 'm3-ultra-512gb': 9499, 'm4-max-48gb': 2499, 'm4-max-64gb': 2699, 'm4-max-128gb': 5000,
    'dgx-spark': 3999, 'strix-halo-128gb': 1999, 'strix-halo-385-32gb': 1100, 'm3-ultra-96gb': 3999, 'm4-max-36gb': 1999,
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
  // The catalogue's 64 GB M4 Pro (20-core GPU) is not the 16-core GPU configuration priced.
  const priced = new Set(applied.map((r) => r.hardware_id));
  assert.ok(!priced.has('m4-pro-64gb'), 'm4-pro-64gb stays unpriced');
});
