// Tests of the attention-kernel rule: DeepSeek Sparse Attention has vLLM kernels on Hopper/Blackwell data-centre GPUs
// and AMD Instinct MI300X/MI355X only (vllm-project/vllm#30644, #40851; vllm-project/recipes#279).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aHardware, aModel } from '../dataset/fixtures.ts';
import { attentionAssumption, attentionUnsupported, usesSparseAttention } from './attention-support.ts';

const arch = (hf_repo: string) => ({ value: { layers: 61, kv_heads: 1, head_dim: 576, attention: 'mla', hf_repo }, source: 'x', as_of: '2026-11-28' });

test('a DSA model under vLLM: no kernel on an A100 (SM80) or an RTX PRO 6000 (SM120), kernels on H100, B200 and MI300X', () => {
  const v32 = aModel({ id: 'deepseek-v3.2', architecture: arch('deepseek-ai/DeepSeek-V3.2') } as never);
  assert.equal(usesSparseAttention(v32), true);
  const on = (accelerator: string) => attentionUnsupported(v32, aHardware({ id: 'x', accelerator } as never), 'vllm');
  assert.match(on('NVIDIA A100 80GB SXM') ?? '', /DeepSeek Sparse Attention.*vllm-project\/vllm\/issues\/40851/);
  assert.ok(on('NVIDIA RTX PRO 6000 Blackwell'));
  assert.equal(on('NVIDIA H100 80GB SXM'), undefined);
  assert.equal(on('NVIDIA B200'), undefined);
  assert.equal(on('AMD Instinct MI300X'), undefined);
  // llama.cpp is not ruled on (no source settles DSA there either way), nor a model without DSA.
  assert.equal(attentionUnsupported(v32, aHardware({ id: 'a100', accelerator: 'NVIDIA A100 80GB SXM' } as never), 'llama.cpp' as never), undefined);
  const v3 = aModel({ id: 'deepseek-v3', architecture: arch('deepseek-ai/DeepSeek-V3') } as never);
  assert.equal(attentionUnsupported(v3, aHardware({ id: 'a100', accelerator: 'NVIDIA A100 80GB SXM' } as never), 'vllm'), undefined);
  assert.deepEqual(attentionAssumption(v3), []);
  assert.equal(attentionAssumption(v32).length, 1);
});
