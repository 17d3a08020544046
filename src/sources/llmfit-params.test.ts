// Tests of the parameter-count cross-checks: partial counts are caught by the name's size and by same-shape peers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LlmfitRow } from './llmfit.ts';
import { shapeKey, sizeTag, untrustedCounts } from './llmfit-params.ts';

const row = (name: string, parameters_raw: number, shape: Partial<LlmfitRow> = {}): LlmfitRow => ({
  name, parameters_raw, context_length: 4096, pipeline_tag: 'text-generation', architecture: 'mistral',
  num_hidden_layers: 32, hidden_size: 4096, num_attention_heads: 32, num_key_value_heads: 8, head_dim: 128, vocab_size: 32000, ...shape,
});
// Shapes and counts as in llmfit-hf-models/hf_models-2026-05-12.json.
const PHI3 = { architecture: 'phi3', hidden_size: 3072, num_key_value_heads: 32, head_dim: 96, vocab_size: 32064 };
const OLMO = { architecture: 'olmo3', num_hidden_layers: 64, hidden_size: 5120, num_attention_heads: 40, vocab_size: 100278 };

test('the size a name states: plain, decimal, underscore decimal; not active, expert or missing', () => {
  assert.equal(sizeTag('allenai/Olmo-3.1-32B-Instruct'), 32e9);
  assert.equal(sizeTag('HuggingFaceTB/SmolLM2-1.7B-Instruct'), 1.7e9);
  assert.equal(sizeTag('stabilityai/stablelm-2-1_6b-chat'), 1.6e9);
  assert.equal(sizeTag('abaryan/CyberXP_Agent_Llama_3.2_1B'), 1e9);
  assert.equal(sizeTag('Qwen/Qwen3-30B-A3B'), 30e9);
  assert.equal(sizeTag('mistralai/Mixtral-8x7B-v0.1'), undefined);
  assert.equal(sizeTag('microsoft/Phi-3-mini-128k-instruct'), undefined);
});

test('partial counts are caught: Olmo 3.1 Instruct, Mistral 7B v0.1, openchat 3.5, Phi-3 mini 128k and vision', () => {
  const rows = [
    row('allenai/Olmo-3.1-32B-Instruct', 25_343_703_040, OLMO), row('allenai/Olmo-3.1-32B-Think', 32_233_522_176, OLMO),
    row('mistralai/Mistral-7B-Instruct-v0.1', 6_036_652_032), row('mistralai/Mistral-7B-Instruct-v0.2', 7_241_732_096),
    // 23 repos of this shape in the snapshot, median 7.24B; three stand for them here.
    row('HuggingFaceH4/zephyr-7b-beta', 7_241_732_096), row('HuggingFaceH4/mistral-7b-sft-beta', 7_241_732_096),
    row('Intel/neural-chat-7b-v3-1', 7_241_732_096), row('openchat/openchat_3.5', 6_036_660_224, { vocab_size: 32002 }),
    row('microsoft/Phi-3-mini-128k-instruct', 2_917_072_895, PHI3), row('microsoft/Phi-3-vision-128k-instruct', 2_917_072_895, { ...PHI3, architecture: 'phi3_v' }),
    row('microsoft/Phi-3-mini-4k-instruct', 3_821_079_552, PHI3), row('microsoft/Phi-3.5-mini-instruct', 3_821_079_552, PHI3),
    row('microsoft/phi-3-mini-4k-instruct', 3_821_079_552, PHI3),
  ];
  const bad = untrustedCounts(rows);
  assert.deepEqual([...bad.keys()].sort(), [
    'allenai/Olmo-3.1-32B-Instruct', 'microsoft/Phi-3-mini-128k-instruct', 'microsoft/Phi-3-vision-128k-instruct',
    'mistralai/Mistral-7B-Instruct-v0.1', 'openchat/openchat_3.5',
  ]);
  assert.match(bad.get('allenai/Olmo-3.1-32B-Instruct')!, /25\.34B is far below the 32\.00B its name states/);
});

test('correct counts stay: names round down, image towers add, another model of one shape is not a miscount', () => {
  const rows = [
    row('meta-llama/Llama-3.2-1B', 1_235_814_400, { architecture: 'llama' }), // 24% above its tag
    row('cyberagent/open-calm-3b', 2_650_000_000, { architecture: 'gpt_neox' }), // 11.7% below: within BELOW_TAG
    // Mistral-Nemo (FFN 14336) beside Mistral-Small 24B (FFN 32768): same layers, width and vocabulary.
    ...['mistralai/Mistral-Nemo-Instruct-2407', 'x/nemo-tune'].map((n) => row(n, 12_247_782_400, { num_hidden_layers: 40, hidden_size: 5120, vocab_size: 131072 })),
    ...['mistralai/Mistral-Small-24B-Instruct-2501', 'y/small-a', 'y/small-b'].map((n) => row(n, 23_572_403_200, { num_hidden_layers: 40, hidden_size: 5120, vocab_size: 131072 })),
    row('TheBloke/Mistral-7B-Instruct-v0.2-AWQ', 4_150_000_000), // packed: llmfit's figure is not used anyway
  ];
  assert.deepEqual([...untrustedCounts(rows).keys()], []);
  assert.equal(shapeKey(row('a/b', 1, { architecture: 'phi3_v' })), shapeKey(row('a/c', 1, { architecture: 'phi3' })));
});
