// models_for_hardware on the committed dataset: DeepSeek-V3 at a 131,072-token context on 8 x H200 (its window is the
// weights' 163,840, not DeepSeek's API limit of 65,536).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ctx = { today: '2026-11-26' };
type Out = { items: Array<{ model: { id: string }; quantization?: string }>; page: { next_cursor: string | null } };
const hasCommitted = existsSync(DEFAULT_DATA_DIR);
let real: Dataset | undefined;
const committed = () => (real ??= committedDataset());

function fitting(context: number): Out['items'] {
  const items: Out['items'] = [];
  let cursor: string | undefined;
  for (;;) {
    const input = models_for_hardware.input.parse({ hardware_id: 'h200-x8', context, limit: 100, ...(cursor ? { cursor } : {}) });
    const out = models_for_hardware.handler(committed(), input, ctx) as Out;
    items.push(...out.items);
    if (!out.page.next_cursor) return items;
    cursor = out.page.next_cursor;
  }
}

test('DeepSeek-V3 fits 8 x H200 at 131,072 tokens and is left out past its 163,840-token window', { skip: !hasCommitted }, () => {
  const m = committed().models.find((x) => x.id === 'deepseek-v3');
  // config.json max_position_embeddings 163840 (data/curated/model-architecture.csv), not LiteLLM's deepseek/deepseek-v3
  // max_input_tokens 65536.
  assert.deepEqual([m?.context_window?.value, m?.context_window?.source], [163840, 'model-architecture']);
  // 671B at 8 bits a weight is ~671 GB of 8 x 141 GB = 1,128 GB; the MLA cache at 131,072 tokens is
  // 61 layers x (512 + 64) x 2 bytes x 131,072 = 9.2 GB: it fits.
  assert.ok(fitting(131072).some((i) => i.model.id === 'deepseek-v3'));
  assert.ok(!fitting(196608).some((i) => i.model.id === 'deepseek-v3'), 'a context above the window is no fit');
});
