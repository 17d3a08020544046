// Jamba's parameter counts from AI21's cards and paper, and what a fit says of a hybrid Mamba-attention model with no KV geometry.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assessFit } from '../src/engines/hardware-fit.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();

test('Jamba Large 1.7, Jamba 1.5 Large and Jamba 1.5 Mini carry the total and active counts AI21 states', () => {
  // data/curated/model-architecture.csv rows: AI21-Jamba-Large-1.7 and AI21-Jamba-1.5-Large "398B total, 94B active",
  // AI21-Jamba-Mini-1.5 "52B total, 12B active" (active only in its row); arXiv 2408.12570: "Jamba-1.5-Large, with 94B active parameters, and
  // Jamba-1.5-Mini, with 12B active parameters".
  for (const [id, total, active] of [['jamba-large-1.7', 398e9, 94e9], ['jamba-1.5-large', 398e9, 94e9]] as const) {
    const m = ds.modelById.get(id)!;
    assert.deepEqual([m.parameters_total?.value, m.parameters_active?.value, m.parameters_total?.source], [total, active, 'model-architecture'], id);
  }
  // Jamba 1.5 Mini's total is the exact count of its repository in the Hugging Face snapshot
  // (llmfit-hf-models/hf_models-2026-05-12.json [ai21labs/AI21-Jamba-Mini-1.5].parameters_raw = 51570323328), not the card's 52B.
  const mini = ds.modelById.get('jamba-1.5-mini')!;
  assert.deepEqual([mini.parameters_total?.value, mini.parameters_total?.source, mini.parameters_active?.value], [51570323328, 'llmfit', 12e9]);
});

test('a fit of Jamba Large 1.7 is not assessable for want of its architecture, not guessed from its weights', () => {
  // The rows give counts only: one attention layer in eight, the rest Mamba with a constant state, is not in the table.
  const m = ds.modelById.get('jamba-large-1.7')!;
  const hw = ds.hardware.find((h) => h.id === 'h100-sxm-80gb') ?? ds.hardware[0]!;
  const fit = assessFit(m, hw, { context: 8192, concurrency: 1 });
  assert.ok('missing' in fit, 'not assessable');
  assert.deepEqual([fit.assessable, fit.missing], [false, ['architecture']]);
});
