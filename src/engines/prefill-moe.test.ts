// The MoE prompt share by the tokens each expert gets in a batch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Architecture } from '../schema/index.ts';
import { prefillEfficiency } from './decode.ts';
import { LLAMA_CPP_UBATCH, moePrefillShare, tokensPerExpert } from './prefill-moe.ts';

// Qwen/Qwen3.5-35B-A3B (llmfit's copy of its config.json: 40 layers, hidden 2,048, 256 experts of width 512, 8 a token)
// and openai/gpt-oss-20b (config.json: 24 layers, hidden 2,880, 32 experts of width 2,880, 4 a token).
const qwen35: Architecture = {
  layers: 40, attention_heads: 16, kv_heads: 2, head_dim: 256, hidden_size: 2048, attention: 'hybrid', kv_layers: 10,
  hf_repo: 'Qwen/Qwen3.5-35B-A3B', experts: 256, experts_per_token: 8, moe_intermediate_size: 512,
};
const gptOss20b: Architecture = {
  layers: 24, attention_heads: 64, kv_heads: 8, head_dim: 64, hidden_size: 2880, attention: 'sliding', sliding_window: 128,
  sliding_layers: 12, hf_repo: 'openai/gpt-oss-20b', experts: 32, experts_per_token: 4, moe_intermediate_size: 2880,
};

test('tokens an expert: ubatch x experts a token / experts, at llama.cpp\'s default ubatch of 512 unless given', () => {
  assert.equal(LLAMA_CPP_UBATCH, 512);
  // 512 x 8 / 256 = 16; 512 x 4 / 32 = 64; at -ub 1024 (the RTX 4090 gpt-oss-20b row) 1,024 x 4 / 32 = 128.
  assert.equal(tokensPerExpert(3e9, 35e9, qwen35), 16);
  assert.equal(tokensPerExpert(3.61e9, 20.91e9, gptOss20b), 64);
  assert.equal(tokensPerExpert(3.61e9, 20.91e9, gptOss20b, 1024), 128);
  // A dense model has no experts to share a batch among.
  assert.equal(tokensPerExpert(8e9, 8e9, { ...gptOss20b, experts: undefined }), undefined);
  // Without the geometry the routed share comes from the counts (moe.ts): Qwen3.5's hybrid attention counts no shared
  // part, so 512 x 3 / 35 = 43.9, the fast side of its true 16 (the docs say so).
  const bare: Architecture = { layers: 40, kv_heads: 2, head_dim: 256, attention: 'hybrid', hf_repo: 'x' };
  assert.ok(Math.abs(tokensPerExpert(3e9, 35e9, bare)! - (512 * 3) / 35) < 1e-9);
});

test('the share rises with the tokens an expert gets, as the fitted rows do, and stops at the dense share', () => {
  // 0.176 x (t / 64)^0.29: t 16 0.176 x 0.6690 = 0.1177 (Qwen3.5-35B-A3B on an RTX 4090 measured 0.114 of its rating);
  // t 48 0.176 x 0.9200 = 0.1619 (DeepSeek-V2-Lite, RTX 3090: 0.144); t 128 0.176 x 1.2226 = 0.2152 (gpt-oss-20b,
  // RTX 4090 at ubatch 1024: 0.242). The dense share, 0.42, is reached at 64 x (0.42 / 0.176)^(1 / 0.29) = 1,284 tokens.
  const near = (a: number, b: number) => Math.abs(a - b) < 5e-5;
  assert.ok(near(moePrefillShare(16, 0.42), 0.1177), `${moePrefillShare(16, 0.42)}`);
  assert.ok(near(moePrefillShare(48, 0.42), 0.1619), `${moePrefillShare(48, 0.42)}`);
  assert.ok(near(moePrefillShare(64, 0.42), 0.176));
  assert.ok(near(moePrefillShare(128, 0.42), 0.2152), `${moePrefillShare(128, 0.42)}`);
  assert.equal(moePrefillShare(2048, 0.42), 0.42);
  assert.ok(moePrefillShare(1200, 0.42) < 0.42);
});

test('the engine\'s prompt share: an MoE model given its architecture takes its tokens an expert, without it the flat 0.19', () => {
  assert.ok(Math.abs(prefillEfficiency(3e9, 35e9, 'geforce', qwen35) - 0.1177) < 5e-5);
  // A workstation part: 0.1177 x 0.87 = 0.1024 of the rating, over the dense factor 0.72 its FLOP/s already carry: 0.1423.
  assert.ok(Math.abs(prefillEfficiency(3e9, 35e9, 'professional', qwen35) - 0.1024 / 0.72) < 1e-4);
  // At -ub 2048, gpt-oss-20b's 256 tokens an expert: 0.176 x 4^0.29 = 0.2631.
  assert.ok(Math.abs(prefillEfficiency(3.61e9, 20.91e9, undefined, gptOss20b, 2048) - 0.2631) < 5e-5);
  assert.equal(prefillEfficiency(3e9, 35e9), 0.19);
  assert.equal(prefillEfficiency(8e9, 8e9, 'geforce', qwen35), 0.42);
});
