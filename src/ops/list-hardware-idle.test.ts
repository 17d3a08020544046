// Tests of idle_power_w in the hardware view: list_hardware and models_for_hardware serve the published idle reading.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { aDataset, aHardware, f } from '../dataset/fixtures.ts';
import { list_hardware } from './list-hardware.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

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
const committed = () => (real ??= committedDataset());

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

// Apple's Mac Studio power table (support.apple.com/102027, idle at the wall with only Finder open): M2 Ultra 10 W,
// M2 Max 9 W, M1 Ultra 13 W, M1 Max 11 W; the whole machine, so the note says so and not "a model loaded" on a card.
test('committed dataset: Apple machines list the whole-machine idle Apple publishes', { skip: !hasCommitted }, () => {
  const byId = list(committed());
  for (const [id, watts] of [['m2-ultra-192gb', 10], ['m2-max-32gb', 9], ['m1-ultra-64gb', 13], ['m1-max-32gb', 11]] as const) {
    const idle = byId.get(id)!.idle_power_w;
    assert.equal(idle.value, watts, id);
    assert.match(idle.note, /the whole machine's idle draw at the wall/, id);
    assert.match(idle.note, /support\.apple\.com\/en-nz\/102027/, id);
  }
  // Every unified-memory machine with a board power has a whole-machine row (published, or a stated assumption), but
  // the DGX Spark, for which none is stored.
  for (const h of byId.values()) {
    if (!h.unified_memory || !h.power_w || h.id === 'dgx-spark') continue;
    assert.ok(h.idle_power_w, `${h.id} has no idle row`);
    assert.match(h.idle_power_w.note, /the whole machine's idle draw at the wall/, h.id);
  }
});
