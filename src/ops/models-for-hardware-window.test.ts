// Tests of models_for_hardware on models without a context window (committed dataset): listed apart above 4,096 tokens.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ctx = { today: '2026-11-26' };
type Out = {
  items: Array<{ model: { id: string }; fit: string; derived_from: string[] }>;
  page: { next_cursor: string | null };
  not_assessable: { count: number; reason: string; models: Array<{ model_id: string; missing: string[] }> };
};
const hasCommitted = existsSync(DEFAULT_DATA_DIR);
let real: Dataset | undefined;
const committed = () => (real ??= committedDataset());

/** Every page of one ask. */
function all(context: number): { items: Out['items']; last: Out } {
  const items: Out['items'] = [];
  let cursor: string | undefined;
  for (;;) {
    const input = models_for_hardware.input.parse({ hardware_id: 'm3-max-64gb', context, limit: 100, ...(cursor ? { cursor } : {}) });
    const out = models_for_hardware.handler(committed(), input, ctx) as Out;
    items.push(...out.items);
    if (!out.page.next_cursor) return { items, last: out };
    cursor = out.page.next_cursor;
  }
}

// The four open-weights language models of the committed dataset with architecture facts and no context window
// (gemma-1.1-2b-it reads 8,192 tokens per its config's max_position_embeddings; the dataset has none).
const NO_WINDOW = ['gemma-1.1-2b-it', 'gemma-3-1b-it', 'llama-3.1-nemotron-nano-8b-v1', 'olmo-3.1-32b-instruct'];

test('committed dataset: at 32,768 tokens on an M3 Max 64 GB the models without a window are listed apart', { skip: !hasCommitted }, () => {
  const { items, last } = all(32768);
  const ranked = new Set(items.map((i) => i.model.id));
  for (const id of NO_WINDOW) {
    assert.equal(ranked.has(id), false, `${id} ranked at 32,768 tokens`);
    assert.deepEqual(last.not_assessable.models.find((m) => m.model_id === id)?.missing, ['context_window'], id);
  }
  assert.match(last.not_assessable.reason, /missing context_window .* not assessed at 32,768 tokens/);
});

test('committed dataset: at 4,096 tokens they are ranked, each saying the fit assumes the window', { skip: !hasCommitted }, () => {
  const { items, last } = all(4096);
  for (const id of NO_WINDOW) {
    const entry = items.find((i) => i.model.id === id);
    assert.ok(entry, `${id} not ranked at 4,096 tokens`);
    assert.ok(entry.derived_from.some((d) => d.startsWith('context_window: not in the dataset')), id);
    assert.equal(last.not_assessable.models.some((m) => m.model_id === id), false, id);
  }
});
