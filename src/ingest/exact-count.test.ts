// Tests of the rounded-count rule: a copy's exact count replaces a card's rounded one, and nothing else.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ModelObservation } from '../sources/types.ts';
import { denseActive, preferExactCount } from './exact-count.ts';

const obs = (source_model_id: string, parameters_total: number): ModelObservation => ({ source: 'llmfit', source_model_id, as_of: '2026-05-12', parameters_total });
const rounded = { value: 14_000_000_000, as_of: '2026-05-12', source: 'llmfit' };

test('phi-4: microsoft/phi-4 reads a rounded 14B, unsloth/phi-4 (the same weights) 14,659,507,200', () => {
  const f = preferExactCount(rounded, [obs('unsloth/phi-4', 14_659_507_200)]);
  assert.equal(f?.value, 14_659_507_200);
  assert.match(f?.note ?? '', /unsloth\/phi-4.*rounded 14B/);
});

test('an exact count stays; a far copy (another size) does not replace a rounded one', () => {
  const exact = { value: 7_241_732_096, as_of: '2026-05-12', source: 'llmfit' };
  assert.equal(preferExactCount(exact, [obs('x/copy', 7_000_000_001)]), exact);
  assert.equal(preferExactCount(rounded, [obs('x/other', 17_000_000_123)]), rounded);
  assert.equal(preferExactCount(undefined, []), undefined);
});

test('a dense active count rounded by another source becomes the total; a mixture of experts keeps its own', () => {
  // llmfit hf_models-2026-05-12.json: google/gemma-3-12b-it parameters_raw 12,000,000,000 (dense, so also its active
  // count); unsloth/gemma-3-12b-it, the same weights, 12,187,325,040.
  const total = { value: 12_187_325_040, as_of: '2026-05-12', source: 'llmfit' };
  const active = { value: 12_000_000_000, as_of: '2026-05-12', source: 'llmfit' };
  assert.equal(denseActive(total, active)?.value, 12_187_325_040);
  assert.match(denseActive(total, active)?.note ?? '', /dense/);
  // Mixtral 8x7B (llmfit): 46,702,792,704 total, 12,900,000,000 active (the card's 12.9B), a real MoE.
  const mixtral = { value: 12_900_000_000, as_of: '2026-05-12', source: 'llmfit' };
  assert.equal(denseActive({ ...total, value: 46_702_792_704 }, mixtral), mixtral);
  assert.equal(denseActive(undefined, active), active);
});
