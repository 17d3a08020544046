import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ModelObservation } from '../sources/types.ts';
import { judgeCutoff } from './cutoff-reading.ts';
import type { Placed } from './placed.ts';

// Tiers as placed.ts gives them: 1 models.dev's own entry, 2 the developer's listing, 4 a reseller's listing.
const at = (tier: number, source: string, id: string, cutoff: string): Placed => ({
  obs: { source, source_model_id: id, as_of: '2026-07-02', knowledge_cutoff: cutoff } as ModelObservation,
  tier, authoritative: tier < 4,
});
const fact = (value: string, source = 'models-dev') => ({ value, as_of: '2026-07-02', source });

test("the developer's own statement (a reviewed row) is served unchanged", () => {
  const row = { value: '2024-06-01', as_of: '2026-11-29', source: 'developer-releases', note: "OpenAI's page" };
  const j = judgeCutoff(row, [at(4, 'models-dev', 'x/gpt-oss-120b', '2025-08')]);
  assert.deepEqual(j, { kind: 'served', fact: row });
});

test("a catalogue's reading is served, its note saying so and naming the months that disagree", () => {
  // DeepSeek-R1 on the 2026 snapshots: models.dev's entry 2024-07; github-models 2024-06; drun and iflowcn 2024-12.
  const j = judgeCutoff(fact('2024-07'), [
    at(1, 'models-dev', 'deepseek-r1', '2024-07'), at(4, 'models-dev', 'github-models/deepseek/deepseek-r1', '2024-06'),
    at(4, 'models-dev', 'drun/public/deepseek-r1', '2024-12'), at(4, 'models-dev', 'iflowcn/deepseek-r1', '2024-12'),
  ]);
  assert.equal(j.kind, 'served');
  assert.equal(j.kind === 'served' && j.fact.value, '2024-07');
  assert.equal(j.kind === 'served' && j.fact.note,
    "a catalogue's reading (models-dev), not the developer's own statement: no page of the developer's giving one was reviewed; " +
    'listings that disagree: 2024-06 (github-models/deepseek/deepseek-r1), 2024-12 (drun/public/deepseek-r1, iflowcn/deepseek-r1)');
});

test('resellers that agree to the month are served as what they are', () => {
  // A day and its month agree: 2024-08-31 and 2024-08.
  const j = judgeCutoff(fact('2024-08-31'), [at(4, 'models-dev', 'a/m', '2024-08-31'), at(4, 'models-dev', 'b/m', '2024-08')]);
  assert.equal(j.kind === 'served' && j.fact.note,
    "only resellers' listings give it (2 listings, all 2024-08), not the developer's own statement: no page of the developer's giving one was reviewed");
});

test('resellers that disagree give no cutoff: a vote of copied fields is no reading', () => {
  // Qwen3-235B-A22B-Instruct-2507: Bedrock 2024-04 was served over 302.AI's 2025-04, a year apart.
  const j = judgeCutoff(fact('2024-04'), [
    at(4, 'models-dev', 'amazon-bedrock/qwen.qwen3-235b-a22b-2507-v1:0', '2024-04'),
    at(4, 'models-dev', '302ai/qwen3-235b-a22b-instruct-2507', '2025-04'),
  ]);
  assert.deepEqual(j, { kind: 'withheld', reason: "only resellers' listings give a knowledge cutoff and they disagree: " +
    '2024-04 (amazon-bedrock/qwen.qwen3-235b-a22b-2507-v1:0), 2025-04 (302ai/qwen3-235b-a22b-instruct-2507); ' +
    "no page of the developer's giving one was reviewed to settle it" });
});
