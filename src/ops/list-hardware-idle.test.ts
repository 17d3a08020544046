// Tests of idle_power_w in the hardware view: list_hardware and models_for_hardware serve the published idle reading.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { aDataset, aHardware, f } from '../dataset/fixtures.ts';
import { loadDataset } from '../dataset/load.ts';
import { list_hardware } from './list-hardware.ts';
import { models_for_hardware } from './models-for-hardware.ts';

const ctx = { today: '2026-11-26' };
type View = Record<string, any>;
/** Every configuration, all pages, each page checked against the declared schema (zod drops undeclared fields). */
const list = (ds: Dataset) => {
  const items: View[] = [];
  for (let cursor: string | undefined; ;) {
    const out = list_hardware.handler(ds, list_hardware.input.parse({ limit: 100, ...(cursor ? { cursor } : {}) }), ctx) as {
      items: View[]; page: { next_cursor: string | null };
    };
    assert.deepEqual(list_hardware.output.parse(out), out);
    items.push(...out.items);
    if (!out.page.next_cursor) return new Map(items.map((h) => [h.id, h]));
    cursor = out.page.next_cursor;
  }
};

test('idle_power_w is served with its date and source where the configuration has it, null where it does not', () => {
  const reading = { ...f(22), note: 'watt meter' };
  const ds = aDataset({
    hardware: [aHardware({ id: 'card-read', power_w: f(450), idle_power_w: reading }), aHardware({ id: 'card-none', power_w: f(300) })],
  });
  const byId = list(ds);
  assert.deepEqual(byId.get('card-read')!.idle_power_w, reading);
  assert.equal(byId.get('card-none')!.idle_power_w, null);
});

const hasCommitted = existsSync(DEFAULT_DATA_DIR);
let real: Dataset | undefined;
const committed = () => (real ??= loadDataset(DEFAULT_DATA_DIR));

// data/curated/accelerator-idle-power.csv: RTX 4090 22 W (ollama issue 8591), RTX 3090 24 W (stable-diffusion-webui 9810).
test('committed dataset: the RTX 4090 lists 22 W idle, cited; the A100 has no reading (null)', { skip: !hasCommitted }, () => {
  const byId = list(committed());
  const idle = byId.get('rtx-4090')!.idle_power_w;
  assert.equal(idle.value, 22);
  assert.equal(idle.source, 'accelerator-idle-power');
  assert.match(idle.note, /github\.com\/ollama\/ollama\/issues\/8591/);
  const a100 = [...byId.values()].find((h) => h.accelerator.includes('A100'));
  assert.ok(a100, 'an A100 configuration');
  assert.equal(a100.idle_power_w, null);
});

test('committed dataset: models_for_hardware shows it in its hardware block, per accelerator for counted cards',
  { skip: !hasCommitted }, () => {
  const block = (hardware_id: string) => {
    const input = models_for_hardware.input.parse({ hardware_id, limit: 1 });
    return (models_for_hardware.handler(committed(), input, ctx) as { hardware: View }).hardware;
  };
  assert.equal(block('rtx-4090').idle_power_w.value, 22);
  const two = block('2x 3090');
  assert.equal(two.count, 2);
  assert.equal(two.idle_power_w.value, 24);
});
