// RAM said in the machine text of estimate_cost, which assesses the card alone, and of recommend_model, which reads it
// as system_ram_gb (since 2026-11-29): each says so, and a card too small for the model is self-hosting not possible on
// it for estimate_cost, with why, never `possible: true` beside no figure.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { estimate_cost } from './estimate-cost.ts';
import { recommend_model } from './recommend-model.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const committed = existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json'));
const ds = committed ? committedDataset() : undefined!;
const skip = !committed && 'no committed dataset';
const ctx = { today: '2026-11-27' };
type Rec = Record<string, any>;
const cost = (input: Record<string, unknown>) => estimate_cost.handler(ds, estimate_cost.input.parse(input), ctx) as Rec;
const recommend = (input: Record<string, unknown>) => recommend_model.handler(ds, recommend_model.input.parse(input), ctx) as Rec;

test('estimate_cost on a card too small for the model: not possible there, with why, and the RAM said set aside', { skip }, () => {
  // gpt-oss-120b: 116.83B parameters (data/curated/model-architecture.csv, from its model card); at 4 bits a weight that
  // is 116.83e9 x 0.5 bytes = 58.4 GB, over the RTX 4090's 24 GB (data/curated/hardware-configs.csv) before any cache.
  for (const view of ['full', 'summary']) {
    const out = cost({ model_id: 'gpt-oss-120b', tokens_millions: 100, hardware: 'RTX 4090 with 64GB RAM', view });
    assert.equal(out.hardware, 'rtx-4090', view);
    assert.equal(out.self_hosting.possible, false, view);
    assert.equal(out.self_hosting.cheapest, null, view);
    assert.match(out.self_hosting.reason, /^not possible on rtx-4090: open weights, but the configuration named is too small/, view);
    assert.match(out.understood.interpretation, /64 GB of RAM is system memory, not the card's.*only models_for_hardware and recommend_model read the RAM/, view);
  }
  // With no hardware named, some catalogued configuration holds it (an H100's 80 GB holds 58.4 GB): possible, costed.
  const any = cost({ model_id: 'gpt-oss-120b', tokens_millions: 100 });
  assert.equal(any.self_hosting.possible, true);
  assert.notEqual(any.self_hosting.cheapest, null);
});

test('recommend_model reads the machine text\'s RAM as system_ram_gb, and says so', { skip }, () => {
  // Until 2026-11-29 the reading said only models_for_hardware read the RAM, and recommend_model assessed the card alone.
  const out = recommend({ use: 'coding', machine: 'RTX 4090 with 64GB RAM' });
  assert.equal(out.understood.machine.hardware_id, 'rtx-4090');
  assert.match(out.understood.machine.interpretation, /64 GB of RAM is system memory, not the card's: fits use the card's memory, and only models_for_hardware and recommend_model read the RAM.*; the 64 GB of RAM is read as system_ram_gb/);
});
