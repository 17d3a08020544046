// The reviewed product table: loaded, checked, applied to the configurations of each product's accelerator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fact, type Hardware } from '../schema/index.ts';
import type { HardwareConfig } from './hardware.ts';
import { loadMachineProducts, withProducts } from './machine-products.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const HEADER = 'accelerator_key,product,source_url,read_on,note\n';

function tableOf(body: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mds-products-')), 'machine-products.csv');
  writeFileSync(file, HEADER + body);
  return file;
}

test('the committed table loads whole: every row valid, each product once per accelerator', async () => {
  const { rows, issues } = await loadMachineProducts(path.resolve(here, '../../data/curated/machine-products.csv'));
  assert.deepEqual(issues, []);
  assert.ok(rows.some((r) => r.product === 'Framework Desktop' && r.accelerator_key === 'amd-ryzen-ai-max-395'));
  assert.ok(rows.every((r) => r.source_url.startsWith('https://')));
});

test('a product repeated for one accelerator or a row without evidence is an issue naming the field, and stays out', async () => {
  const file = tableOf([
    'k1,Framework Desktop,https://example.org/a,2026-11-27,reviewed',
    'k1,framework desktop,https://example.org/b,2026-11-27,the same product in other case',
    'k1,Other Box,not a url,2026-11-27,no evidence',
  ].join('\n'));
  const { rows, issues } = await loadMachineProducts(file);
  assert.deepEqual(rows.map((r) => r.product), ['Framework Desktop']);
  assert.deepEqual(issues.map((i) => [i.row, i.field]), [['Other Box', 'source_url'], ['framework desktop', 'product']]);
});

test('a product sold around two accelerators keeps a row for each', async () => {
  const file = tableOf([
    'k1,Framework Desktop,https://example.org/a,2026-11-27,the 16-core chip',
    'k2,Framework Desktop,https://example.org/b,2026-11-27,the 8-core chip',
  ].join('\n'));
  const { rows, issues } = await loadMachineProducts(file);
  assert.deepEqual(issues, []);
  assert.deepEqual(rows.map((r) => [r.accelerator_key, r.product]), [['k1', 'Framework Desktop'], ['k2', 'Framework Desktop']]);
});

test('each configuration of the accelerator gets every product, with each row\'s evidence; an unused key is an issue', () => {
  const hw = (id: string) => ({ id, memory_gb: fact(64, '2026-11-27', 't') }) as unknown as Hardware;
  const a = hw('box-64gb');
  const b = hw('box-128gb');
  const other = hw('card');
  const configs = [
    { id: 'box-64gb', accelerator_key: ['k1'] }, { id: 'box-128gb', accelerator_key: ['k1'] }, { id: 'card', accelerator_key: ['k9'] },
  ] as unknown as HardwareConfig[];
  const rows = [
    { accelerator_key: 'k1', product: 'Box One', source_url: 'https://example.org/1', read_on: '2026-11-20', note: 'says Box One has it' },
    { accelerator_key: 'k1', product: 'Box Two', source_url: 'https://example.org/2', read_on: '2026-11-27', note: 'says Box Two has it' },
    { accelerator_key: 'k5', product: 'Lost', source_url: 'https://example.org/3', read_on: '2026-11-27', note: 'a typo in the key' },
  ];
  const issues = withProducts([a, b, other], configs, rows);
  assert.deepEqual(a.sold_as?.value, ['Box One', 'Box Two']);
  assert.equal(a.sold_as?.as_of, '2026-11-27', 'the newest reading');
  assert.equal(a.sold_as?.note, 'Box One: says Box One has it; evidence: https://example.org/1 | Box Two: says Box Two has it; evidence: https://example.org/2');
  assert.deepEqual(b.sold_as?.value, ['Box One', 'Box Two']);
  assert.equal(other.sold_as, undefined);
  assert.deepEqual(issues.map((i) => [i.row, i.message]), [['Lost', 'no hardware configuration names this key']]);
});
