// The committed dataset's parameter, attention and precision facts for the models that went wrong, checked against
// the model cards and config.json files named in each comment (not against the code that builds them).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const model = (id: string) => {
  const m = ds.modelById.get(id);
  assert.ok(m, `no model ${id}`);
  return m;
};

test('counts come from the model\'s own repo or card, never a relative or re-upload', () => {
  // huggingface.co/Qwen/Qwen3-32B card: "Number of Parameters: 32.8B" (an FP8 repo read 24.27B).
  assert.equal(model('qwen3-32b').parameters_total?.value, 32.8e9);
  // llmfit's row for Qwen/Qwen3-8B (the repo itself): 8,190,735,360; unsloth/Qwen3-8B read 6,662,127,616.
  assert.equal(model('qwen3-8b').parameters_total?.value, 8_190_735_360);
  // Snowflake Arctic card: 480B total, 17B active (llmfit read 9.86B).
  assert.equal(model('snowflake-arctic-instruct').parameters_total?.value, 480e9);
  assert.equal(model('snowflake-arctic-instruct').parameters_active?.value, 17e9);
  // Seed-OSS-36B card: 36B parameters (llmfit read 25.6B).
  assert.equal(model('seed-oss-36b-instruct').parameters_total?.value, 36e9);
  // Qwen-VL-Max has no open repo; Qwen/Qwen-VL (a 9.6B model of 2023) is not it.
  assert.equal(model('qwen-vl-max').parameters_total, undefined);
  assert.equal(model('qwen-vl-max').architecture, undefined);
});

test('MoE models of the arena top 100 carry active parameters and their attention kind', () => {
  // GLM-4.5 card: 355B total, 32B active; GLM-5 card: 744B, 40B active; Kimi K2.6 card: 1T, 32B, MLA;
  // MiniMax-M2 card: 230B, 10B active; Qwen3-Next card: 80B, 3B active, 12 of 48 layers gated attention.
  const expect: Array<[string, number, string]> = [
    ['glm-4.5', 32e9, 'gqa'], ['glm-4.6', 32e9, 'gqa'], ['glm-4.7', 32e9, 'gqa'], ['glm-5', 40e9, 'mla'], ['glm-5.1', 40e9, 'mla'],
    ['kimi-k2.6', 32e9, 'mla'], ['minimax-m2', 10e9, 'gqa'], ['qwen3-next-80b-a3b-instruct', 3e9, 'hybrid'],
    ['mimo-v2-flash', 15e9, 'sliding'], ['gpt-oss-120b', 5.13e9, 'sliding'],
  ];
  for (const [id, active, kind] of expect) {
    assert.equal(model(id).parameters_active?.value, active, id);
    assert.equal(model(id).architecture?.value.attention, kind, id);
  }
  // GLM-4.7-Flash is MLA (glm4_moe_lite: kv_lora_rank 512, qk_rope_head_dim 64), not full attention.
  const flash = model('glm-4.7-flash').architecture?.value;
  assert.deepEqual([flash?.attention, flash?.kv_lora_rank, flash?.rope_dim], ['mla', 512, 64]);
  // Qwen3-Next: 12 x (3 x Gated DeltaNet + 1 x Gated Attention): 12 layers keep a KV cache.
  assert.equal(model('qwen3-next-80b-a3b-instruct').architecture?.value.kv_layers, 12);
  // Nemotron 3 Ultra 550B A55B: the developer's name states both counts.
  assert.equal(model('nemotron-3-ultra-550b-a55b').parameters_active?.value, 55e9);
});

test('the precision the developer ships is a fact of the model', () => {
  // gpt-oss card: MXFP4 MoE weights; DeepSeek-V3/R1 config.json: FP8; Kimi K2 Thinking card: native INT4; K2 Instruct: FP8.
  const expect: Array<[string, string]> = [['gpt-oss-120b', 'mxfp4'], ['gpt-oss-20b', 'mxfp4'], ['deepseek-v3', 'fp8'], ['deepseek-r1', 'fp8'], ['kimi-k2-thinking', 'int4']];
  for (const [id, p] of expect) assert.equal(model(id).native_precision?.value, p, id);
  assert.equal(model('kimi-k2-thinking').native_precision?.source, 'model-architecture');
});
