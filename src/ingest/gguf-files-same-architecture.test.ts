// Tests of the same-architecture rule: a model without published GGUF sizes takes its architectural twin's, saying whose.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aModel, f } from '../dataset/fixtures.ts';
import type { Architecture, GgufFile, Model } from '../schema/index.ts';
import { architectureKey, shareSameArchitectureSizes } from './gguf-files-same-architecture.ts';

const CARD = 'https://huggingface.co/bartowski/deepseek-ai_DeepSeek-V3-0324-GGUF';
// DeepSeek-V3's config.json: 61 layers, hidden 7,168, 128 heads, MLA with kv_lora_rank 512 and rope dim 64; 671B
// parameters, 37B active (the model card). V3.1 and R1 publish the same config.
const mla = (hf_repo: string): Architecture => ({
  layers: 61, kv_heads: 128, head_dim: 128, attention: 'mla', attention_heads: 128, hidden_size: 7168, kv_lora_rank: 512,
  rope_dim: 64, hf_repo,
});
const file = (quantization: GgufFile['quantization'], size_gb: number) => {
  const name = `deepseek-ai_DeepSeek-V3-0324-${quantization.toUpperCase()}.gguf`;
  return f({ quantization, file: name, size_gb, url: CARD }, 'gguf-file-sizes', '2026-11-26');
};
const deepseek = (id: string, repo: string, over: Partial<Model> = {}): Model =>
  aModel({ id, parameters_total: f(671e9), parameters_active: f(37e9), architecture: f(mla(repo)), ...over });

test('DeepSeek-V3.1 and R1 take DeepSeek-V3\'s published sizes, as derived facts naming deepseek-v3 and the shared row', () => {
  // bartowski's DeepSeek-V3-0324 card: Q4_K_M 404.43 GB, Q3_K_M 319.20 GB (data/curated/gguf-file-sizes.csv).
  const v3 = deepseek('deepseek-v3', 'deepseek-ai/DeepSeek-V3', { gguf_files: [file('q3_k_m', 319.2), file('q4_k_m', 404.43)] });
  const v31 = deepseek('deepseek-v3.1', 'deepseek-ai/DeepSeek-V3.1');
  const r1 = deepseek('deepseek-r1', 'deepseek-ai/DeepSeek-R1');
  assert.deepEqual(shareSameArchitectureSizes([v31, v3, r1]), [
    { model: 'deepseek-v3.1', from: 'deepseek-v3' },
    { model: 'deepseek-r1', from: 'deepseek-v3' },
  ]);
  const q4 = v31.gguf_files!.find((x) => x.value.quantization === 'q4_k_m')!;
  assert.deepEqual(q4.value, { quantization: 'q4_k_m', file: 'deepseek-ai_DeepSeek-V3-0324-Q4_K_M.gguf', size_gb: 404.43, url: CARD });
  assert.equal(q4.source, 'derived');
  assert.equal(q4.as_of, '2026-11-26');
  const row = '671B parameters, 37B active, 61 layers, hidden 7168, MLA attention';
  assert.equal(q4.note, `published size of deepseek-v3's Q4_K_M, same architecture (${row})`);
  const input = 'deepseek-v3.gguf_files q4_k_m: deepseek-ai_DeepSeek-V3-0324-Q4_K_M.gguf, 404.43 GB (gguf-file-sizes, 2026-11-26)';
  assert.equal(q4.derived_from![0], input);
  assert.equal(r1.gguf_files!.length, 2);
  // The donor keeps its own rows untouched.
  assert.deepEqual(v3.gguf_files!.map((x) => x.source), ['gguf-file-sizes', 'gguf-file-sizes']);
});

test('no twin, no sizes: another active count, another layer count, a missing count, or rows of its own', () => {
  const v3 = deepseek('deepseek-v3', 'r/v3', { gguf_files: [file('q4_k_m', 404.43)] });
  // Kimi K2 shares 61 layers, hidden 7,168 and MLA but not the counts (1T parameters, 32B active).
  const kimi = deepseek('kimi-k2', 'r/k2', { parameters_total: f(1e12), parameters_active: f(32e9) });
  const otherActive = deepseek('a', 'r/a', { parameters_active: f(21e9) });
  const otherLayers = deepseek('b', 'r/b', { architecture: f({ ...mla('r/b'), layers: 60 }) });
  const noActive = deepseek('c', 'r/c', { parameters_active: undefined });
  const own = deepseek('d', 'r/d', { gguf_files: [file('q8_0', 713.29)] });
  assert.deepEqual(shareSameArchitectureSizes([v3, kimi, otherActive, otherLayers, noActive, own]), []);
  for (const m of [kimi, otherActive, otherLayers, noActive]) assert.equal(m.gguf_files, undefined, m.id);
  assert.equal(own.gguf_files!.length, 1);
  assert.equal(architectureKey(noActive), null);
  // The repository a row was read from is not part of the architecture.
  assert.equal(architectureKey(v3), architectureKey(deepseek('e', 'another/repo')));
  // Nor is the expert geometry one source gives and another lacks: DeepSeek-V3.1-Terminus's row has none, V3's has
  // config.json's 256 experts, 8 a token, 1 shared, 2,048 wide, 3 dense layers and a 129,280 vocabulary.
  const geometry = { experts: 256, experts_per_token: 8, shared_experts: 1, moe_intermediate_size: 2048, dense_layers: 3, vocab_size: 129280 };
  assert.equal(architectureKey(v3), architectureKey(deepseek('f', 'r/f', { architecture: f({ ...mla('r/f'), ...geometry }) })));
});

test('several twins with sizes: the one with the most rows, then the first by id, so the choice is stable', () => {
  const few = deepseek('aaa', 'r/aaa', { gguf_files: [file('q4_k_m', 404.43)] });
  const many = deepseek('zzz', 'r/zzz', { gguf_files: [file('q3_k_m', 319.2), file('q4_k_m', 404.43)] });
  const tieA = deepseek('bbb', 'r/bbb', { parameters_active: f(1e9), gguf_files: [file('q4_k_m', 1)] });
  const tieB = deepseek('ccc', 'r/ccc', { parameters_active: f(1e9), gguf_files: [file('q4_k_m', 2)] });
  const twin = deepseek('twin', 'r/twin');
  const twin2 = deepseek('twin2', 'r/twin2', { parameters_active: f(1e9) });
  assert.deepEqual(shareSameArchitectureSizes([few, many, tieB, tieA, twin, twin2]), [
    { model: 'twin', from: 'zzz' },
    { model: 'twin2', from: 'bbb' },
  ]);
  // A borrowed row never lends again: a derived fact is not a published one.
  const third = deepseek('third', 'r/third');
  assert.deepEqual(shareSameArchitectureSizes([twin, third]), []);
});

// Mixtral-8x7B-Instruct-v0.1's config.json: 32 layers, hidden 4,096, 32 heads, 8 KV heads, 8 experts (2 a token),
// 14,336 wide, vocab 32,000; Nous-Hermes-2-Mixtral-8x7B-DPO's is the same with vocab 32,002 (two ChatML tokens).
const gqa = (hf_repo: string, vocab_size: number): Architecture => ({
  layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', attention_heads: 32, hidden_size: 4096, experts: 8,
  experts_per_token: 2, moe_intermediate_size: 14336, vocab_size, hf_repo,
});
const mixtralFile = (size_gb: number) => f(
  { quantization: 'q3_k_m' as const, file: 'mixtral-8x7b-instruct-v0.1.Q3_K_M.gguf', size_gb, url: 'https://huggingface.co/TheBloke/Mixtral-8x7B-Instruct-v0.1-GGUF' },
  'gguf-file-sizes', '2026-11-26');
const mixtralLike = (id: string, total: number, vocab: number, over: Partial<Model> = {}): Model =>
  aModel({ id, parameters_total: f(total), parameters_active: f(12.9e9), architecture: f(gqa(`r/${id}`, vocab)), ...over });

test('a fine-tune that added tokens takes its base\'s file plus the added rows at the file\'s average width', () => {
  // Totals as the dataset reads them (llmfit): 46,702,792,704 and 46,702,809,088, 16,384 apart = 2 tokens x 4,096 x 2
  // (embedding and output). TheBloke's Q3_K_M file is 20.36 GB: 20.36e9 / 46,702,792,704 = 0.43595 bytes a weight
  // (3.488 bits), x 16,384 = 7,143 bytes, so 20.360007 GB.
  const mixtral = mixtralLike('mixtral-8x7b', 46702792704, 32000, { gguf_files: [mixtralFile(20.36)] });
  const hermes = mixtralLike('nous-hermes-2-mixtral-8x7b-dpo', 46702809088, 32002);
  assert.deepEqual(shareSameArchitectureSizes([mixtral, hermes]), [{ model: 'nous-hermes-2-mixtral-8x7b-dpo', from: 'mixtral-8x7b' }]);
  const q3 = hermes.gguf_files![0]!;
  assert.equal(q3.value.size_gb, 20.360007);
  assert.equal(q3.source, 'derived');
  assert.match(q3.note!, /^published size of mixtral-8x7b's Q3_K_M plus 2 added tokens' rows, same architecture/);
  assert.match(q3.derived_from![1]!, /16384 = 2 added tokens x hidden 4096 x 2 \(embedding and output\)/);
  assert.match(q3.derived_from![2]!, /= 7143 bytes/);
});

test('a total off by anything but the added tokens\' rows, or by more than 0.1%, finds no twin', () => {
  const mixtral = () => mixtralLike('mixtral-8x7b', 46702792704, 32000, { gguf_files: [mixtralFile(20.36)] });
  // 16,385 is no multiple of the rows: 2 tokens x 4,096 is 8,192 (tied) or 16,384 (untied).
  const offByOne = mixtralLike('a', 46702792704 + 16385, 32002);
  // The same vocabulary but another total: something else in the layers differs.
  const sameVocab = mixtralLike('b', 46702792704 + 16384, 32000);
  // 20,000 added tokens x 4,096 x 2 = 163.8M, 0.35% of 46.7B: a new embedding, not a fine-tune's few tokens.
  const manyTokens = mixtralLike('c', 46702792704 + 20000 * 4096 * 2, 52000);
  for (const m of [offByOne, sameVocab, manyTokens]) {
    assert.deepEqual(shareSameArchitectureSizes([mixtral(), m]), [], m.id);
    assert.equal(m.gguf_files, undefined, m.id);
  }
  // Tied embeddings: 2 tokens x 4,096 x 1 = 8,192.
  const tied = mixtralLike('d', 46702792704 + 8192, 32002);
  assert.deepEqual(shareSameArchitectureSizes([mixtral(), tied]), [{ model: 'd', from: 'mixtral-8x7b' }]);
});
