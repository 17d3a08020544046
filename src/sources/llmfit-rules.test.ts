// Tests of the llmfit trust rules on names and figures seen in the real snapshot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { activeParameters, classifyRepo, contextIsTrusted, hasStandardKvCache, isPackedQuantization } from './llmfit-rules.ts';

test('packed low-bit repos are recognised by name; FP8 and plain repos are not', () => {
  for (const name of ['unsloth/Llama-3.1-8B-Instruct-GGUF', 'Qwen/Qwen2.5-7B-Instruct-AWQ', 'Qwen/Qwen3-1.7B-GPTQ-Int8', 'unsloth/gemma-3-4b-it-bnb-4bit', 'mlx-community/Qwen3-30B-A3B-4bit', 'nvidia/DeepSeek-V3.1-NVFP4', 'RedHatAI/gemma-3-12b-it-quantized.w4a16', 'mlx-community/Kimi-K2.6-mlx-DQ3_K_M-q8']) {
    assert.equal(isPackedQuantization(name), true, name);
  }
  for (const name of ['Qwen/Qwen3-8B-FP8', 'moonshotai/Kimi-K2-Instruct', 'Qwen/Qwen2.5-14B-Instruct-1M', 'openai/gpt-oss-20b', 'Qwen/Qwen3-4B']) {
    assert.equal(isPackedQuantization(name), false, name);
  }
});

test('contexts above 262,144 or from rope-scaled families are not trusted; readable ordinary ones are', () => {
  assert.equal(contextIsTrusted({ architecture: 'qwen3', context_length: 262_144, num_hidden_layers: 36 }), true);
  assert.equal(contextIsTrusted({ architecture: 'llama', context_length: 1_048_576, num_hidden_layers: 32 }), false);
  assert.equal(contextIsTrusted({ architecture: 'gpt_oss', context_length: 131_072, num_hidden_layers: 24 }), false);
  assert.equal(contextIsTrusted({ architecture: 'llama', context_length: 4096, num_hidden_layers: null }), false);
});

test('a dense model reads all its parameters', () => {
  assert.equal(activeParameters({ name: 'org/dense-7b', architecture: 'llama', parameters_raw: 7e9 }), 7e9);
});

test('an embedder built on a decoder family is still not an LLM', () => {
  assert.equal(classifyRepo({ name: 'Qwen/Qwen3-Embedding-8B', architecture: 'qwen3', pipeline_tag: 'unknown', use_case: 'General purpose' }), 'not_llm');
  assert.equal(classifyRepo({ name: 'Qwen/Qwen3-8B', architecture: 'qwen3', pipeline_tag: 'text-generation' }), 'llm');
});

test('NAS-pruned and hybrid families have no flat KV geometry: llmfit\'s reading of them is not served', () => {
  // nvidia/Llama-3_3-Nemotron-Super-49B-v1 (model_type nemotron-nas): num_key_value_heads null and 31 of 80 blocks
  // without attention, so llmfit's 80 layers x 64 KV heads is 13 times the cache; its GGUF architecture is deci.
  assert.equal(hasStandardKvCache('nemotron-nas'), false);
  assert.equal(hasStandardKvCache('deci'), false);
  assert.equal(hasStandardKvCache('nemotron_h'), false);
  assert.equal(hasStandardKvCache('llama'), true);
});

test('StepFun MoE families with is_moe null are not read as dense: their active count stays unknown', () => {
  // llmfit rows: stepfun-ai/step3 (step3_vl, 320,969,912,832 raw, is_moe absent) and stepfun-ai/Step-3.5-Flash
  // (step3p5); the cards give 38B active of 321B and 11B of 196B, so the raw total is no active count.
  const step3 = { name: 'stepfun-ai/step3', architecture: 'step3_vl', parameters_raw: 320_969_912_832 };
  const flash = { name: 'stepfun-ai/Step-3.5-Flash', architecture: 'step3p5', parameters_raw: 199_384_301_376 };
  assert.equal(activeParameters(step3), undefined);
  assert.equal(activeParameters(flash), undefined);
});

test('StepFun attention is not a flat KV geometry: llmfit\'s 64 KV heads (the attention heads) are not served', () => {
  // Step3p5Config: num_attention_groups 8 with 64 heads, sliding window on 3 of 4 layers (sgl-cookbook Step3.5.md);
  // Step3 uses multi-matrix factorization attention (huggingface.co/stepfun-ai/step3-fp8).
  assert.equal(hasStandardKvCache('step3p5'), false);
  assert.equal(hasStandardKvCache('step3_vl'), false);
});

test('LFM2 configs\' 128,000 is not the model\'s window (Liquid\'s cards: 32,768); Qwen3-Next\'s 262,144 is', () => {
  assert.equal(contextIsTrusted({ architecture: 'lfm2', context_length: 128_000, num_hidden_layers: 16 }), false);
  assert.equal(contextIsTrusted({ architecture: 'qwen3_next', context_length: 262_144, num_hidden_layers: 48 }), true);
});

test('Granite 4.0\'s granitemoehybrid family is MoE only where experts are read: H-Micro is dense, H-Tiny is not', () => {
  // llmfit rows: ibm-granite/granite-4.0-h-micro (granitemoehybrid, 3,191,396,096 raw, is_moe and num_experts null) and
  // ibm-granite/granite-4.0-h-tiny (is_moe true, num_experts 64, active 964,959,866). IBM's launch: "Granite-4.0-H-Micro:
  // dense hybrid model with 3B parameters", "Granite-4.0-H-Tiny: hybrid MoE (7B parameters, 1B active)".
  const micro = { name: 'ibm-granite/granite-4.0-h-micro', architecture: 'granitemoehybrid', parameters_raw: 3_191_396_096, num_experts: null };
  const tiny = { name: 'ibm-granite/granite-4.0-h-tiny', architecture: 'granitemoehybrid', parameters_raw: 6_939_037_248, num_experts: 64 };
  assert.equal(activeParameters(micro), 3_191_396_096);
  assert.equal(activeParameters({ ...tiny, is_moe: null, active_parameters: 964_959_866 }), undefined);
  // Outside that family a name with "moe" still says MoE where llmfit reads no experts (ERNIE-4.5-21B-A3B-PT: ernie4_5_moe).
  assert.equal(activeParameters({ name: 'baidu/ERNIE-4.5-21B-A3B-PT', architecture: 'ernie4_5_moe', parameters_raw: 21_825_437_440 }), undefined);
});
