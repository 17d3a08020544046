// Tests of the per-model architecture table: what a row yields, how it replaces llmfit's figures, what it refuses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ModelObservation } from './types.ts';
import { createLlmfit } from './llmfit.ts';

const HEADER =
  'hf_repo,parameters_total_b,parameters_active_b,context_window,layers,attention_heads,kv_heads,head_dim,hidden_size,attention,kv_lora_rank,rope_dim,sliding_window,sliding_layers,kv_layers,native_precision,config_url,card_url,read_on,note';
// The table's last column, optional: the weights' licence as the page read states it.
const HEADER_LICENCE = `${HEADER},licence`;
const OVR_HEADER = 'hf_repo,field,value,evidence_url,reason';

/** A row as llmfit writes it (config facts of Qwen3-Next-80B-A3B-Instruct unless changed). */
function anLlmfitRow(name: string, over: Record<string, unknown> = {}) {
  return {
    name, provider: name.split('/')[0], parameter_count: '81B', parameters_raw: 81_324_862_720, active_parameters: 5_575_200_546, is_moe: true,
    context_length: 262144, use_case: 'General purpose', pipeline_tag: 'text-generation', architecture: 'qwen3_next',
    num_hidden_layers: 48, num_attention_heads: 16, num_key_value_heads: 2, head_dim: 256, hidden_size: 2048, ...over,
  };
}

async function read(rows: unknown[], table: string[], overrides: string[] = [], header = HEADER) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'model-arch-'));
  mkdirSync(path.join(dir, 'llmfit-hf-models'));
  writeFileSync(path.join(dir, 'llmfit-hf-models', 'hf_models-2026-05-12.json'), JSON.stringify(rows));
  writeFileSync(path.join(dir, 'arch.csv'), [header, ...table].join('\n'));
  writeFileSync(path.join(dir, 'ovr.csv'), [OVR_HEADER, ...overrides].join('\n'));
  const adapter = createLlmfit({ overridesFile: path.join(dir, 'ovr.csv'), modelArchitectureFile: path.join(dir, 'arch.csv') });
  return adapter.read({ sources: dir, curated: dir });
}
const of = (models: ModelObservation[] | undefined, repo: string, source: string) => models?.find((m) => m.source_model_id === repo && m.source === source);

const NEXT = 'Qwen/Qwen3-Next-80B-A3B-Instruct';
const NEXT_CARD = `https://huggingface.co/${NEXT}`;
// Qwen3-Next-80B-A3B card: 80B total, 3B activated; 12 x (3 Gated DeltaNet + 1 Gated Attention) = 12 of 48 layers with a KV cache.
const nextRow = `${NEXT},80,3,,48,16,2,256,2048,hybrid,,,,,12,bf16,${NEXT_CARD}/blob/main/config.json,${NEXT_CARD},2026-11-25,card`;

test('a row replaces llmfit figures for its repo, dated the day it was read and cited to the card', async () => {
  const r = await read([anLlmfitRow(NEXT)], [nextRow]);
  assert.deepEqual(r.issues, []);
  const fix = of(r.models, NEXT, 'model-architecture');
  assert.equal(fix?.parameters_total, 80_000_000_000);
  assert.equal(fix?.parameters_active, 3_000_000_000);
  assert.equal(fix?.native_precision, 'bf16');
  assert.equal(fix?.as_of, '2026-11-25');
  assert.equal(fix?.url, NEXT_CARD);
  assert.deepEqual(fix?.architecture, { layers: 48, attention_heads: 16, kv_heads: 2, head_dim: 256, hidden_size: 2048, attention: 'hybrid', kv_layers: 12, hf_repo: NEXT });
  // llmfit's own observation keeps nothing the row corrected (its 81.3B tensor count and computed 5.6B active).
  const base = of(r.models, NEXT, 'llmfit');
  assert.equal(base?.parameters_total, undefined);
  assert.equal(base?.parameters_active, undefined);
  assert.ok(r.sources.some((s) => s.id === 'model-architecture' && s.kind === 'curated'));
});

const MOE_HEADER =
  'hf_repo,parameters_total_b,parameters_active_b,context_window,layers,attention_heads,kv_heads,head_dim,hidden_size,attention,kv_lora_rank,rope_dim,' +
  'sliding_window,sliding_layers,kv_layers,experts,experts_per_token,shared_experts,moe_intermediate_size,dense_layers,vocab_size,native_precision,' +
  'config_url,card_url,read_on,note';

test("a row's expert geometry is served with the architecture; where the row leaves it blank, llmfit's reading of the config is kept", async () => {
  // Qwen3-Next-80B-A3B-Instruct config.json: num_experts 512, num_experts_per_tok 10, moe_intermediate_size 512, one
  // shared expert (shared_expert_intermediate_size 512), vocab_size 151936; llmfit's snapshot reads 512, 10, 512, 151936.
  const llm = anLlmfitRow(NEXT, { num_experts: 512, active_experts: 10, moe_intermediate_size: 512, vocab_size: 151936 });
  const withGeometry = `${NEXT},80,3,,48,16,2,256,2048,hybrid,,,,,12,512,10,1,512,0,151936,bf16,${NEXT_CARD}/blob/main/config.json,${NEXT_CARD},2026-11-25,card`;
  const r = await read([llm], [withGeometry], [], MOE_HEADER);
  assert.deepEqual(r.issues, []);
  assert.deepEqual(of(r.models, NEXT, 'model-architecture')?.architecture, {
    layers: 48, attention_heads: 16, kv_heads: 2, head_dim: 256, hidden_size: 2048, attention: 'hybrid', kv_layers: 12,
    experts: 512, experts_per_token: 10, shared_experts: 1, moe_intermediate_size: 512, dense_layers: 0, vocab_size: 151936, hf_repo: NEXT,
  });
  // The row without the columns: llmfit's experts, experts a token, width and vocabulary; no shared experts or dense layers.
  const blank = await read([llm], [nextRow]);
  assert.deepEqual(blank.issues, []);
  const a = of(blank.models, NEXT, 'model-architecture')?.architecture;
  assert.deepEqual([a?.experts, a?.experts_per_token, a?.moe_intermediate_size, a?.vocab_size, a?.shared_experts, a?.dense_layers],
    [512, 10, 512, 151936, undefined, undefined]);
  // A row's count contradicting the schema is an issue: 11 a token of 8 experts.
  const bad = await read([], [withGeometry.replace(',512,10,1,512,0,', ',8,11,1,512,0,')], [], MOE_HEADER);
  assert.match(bad.issues.map((i) => i.message).join('; '), /experts_per_token cannot exceed experts/);
});

test("a row's mtp_parameters is served with the architecture; a blank is none, a non-integer an issue", async () => {
  // Qwen3-Next-80B-A3B's mtp.* module: 1,650,471,424 parameters (data/curated/model-architecture.csv, worked from
  // config.json), which llama.cpp's converter drops.
  const header = `${MOE_HEADER},licence,recurrent_layers,recurrent_kind,context_note,mtp_parameters`;
  const row = (mtp: string) =>
    `${NEXT},81.32486272,3,,48,16,2,256,2048,hybrid,,,,,12,512,10,1,512,0,151936,bf16,${NEXT_CARD}/blob/main/config.json,${NEXT_CARD},2026-11-25,card,,36,gated-deltanet,,${mtp}`;
  const r = await read([], [row('1650471424')], [], header);
  assert.deepEqual(r.issues, []);
  assert.equal(of(r.models, NEXT, 'model-architecture')?.architecture?.mtp_parameters, 1_650_471_424);
  const none = await read([], [row('')], [], header);
  assert.equal(of(none.models, NEXT, 'model-architecture')?.architecture?.mtp_parameters, undefined);
  const bad = await read([], [row('1.5')], [], header);
  assert.ok(bad.issues.some((i) => /mtp_parameters/.test(`${i.row} ${i.message}`) || /integer/.test(i.message)), JSON.stringify(bad.issues));
});

test("llmfit's expert fields are read only for a repo it marks MoE with fewer experts a token than experts", async () => {
  // llmfit fills moe_intermediate_size with the dense intermediate_size on dense repos (Qwen2.5-7B-Instruct: 18,944),
  // and merged "2x7B" repos route each token to both experts (allenai/Flex-reddit-2x7B-1T: 2 of 2).
  const dense = anLlmfitRow('Qwen/Qwen2.5-7B-Instruct', { is_moe: null, moe_intermediate_size: 18944, architecture: 'qwen2', num_key_value_heads: 4,
    num_attention_heads: 28, head_dim: 128, hidden_size: 3584, num_hidden_layers: 28, parameters_raw: 7_615_616_512, active_parameters: null });
  const both = anLlmfitRow('allenai/Flex-reddit-2x7B-1T', { num_experts: 2, active_experts: 2, moe_intermediate_size: 11008, architecture: 'flex_olmo' });
  const r = await read([dense, both], []);
  for (const repo of ['Qwen/Qwen2.5-7B-Instruct', 'allenai/Flex-reddit-2x7B-1T']) {
    const a = of(r.models, repo, 'llmfit')?.architecture;
    assert.ok(a, repo);
    assert.equal(a?.experts, undefined, repo);
    assert.equal(a?.moe_intermediate_size, undefined, repo);
  }
});

test('a row for a repo the snapshot lacks stands on its own; a counts-only row needs no config', async () => {
  const card = 'https://huggingface.co/deepseek-ai/DeepSeek-V4-Flash';
  // DeepSeek-V4 card: V4-Flash has 284B parameters (13B activated).
  const r = await read([], [`deepseek-ai/DeepSeek-V4-Flash,284,13,,,,,,,,,,,,,,,${card},2026-11-25,card`]);
  assert.deepEqual(r.issues, []);
  const fix = of(r.models, 'deepseek-ai/DeepSeek-V4-Flash', 'model-architecture');
  assert.equal(fix?.parameters_total, 284_000_000_000);
  assert.equal(fix?.parameters_active, 13_000_000_000);
  assert.equal(fix?.architecture, undefined);
});

test('a row with no figures is still evidence that the developer publishes the weights (Trinity Mini)', async () => {
  // data/curated/model-architecture.csv: arcee-ai/Trinity-Mini, open-weights evidence only (no counts taken).
  const card = 'https://huggingface.co/arcee-ai/Trinity-Mini';
  const r = await read([], [`arcee-ai/Trinity-Mini,,,,,,,,,,,,,,,,,${card},2026-11-26,evidence`]);
  assert.deepEqual(r.issues, []);
  assert.deepEqual(of(r.models, 'arcee-ai/Trinity-Mini', 'model-architecture'), {
    source: 'model-architecture', source_model_id: 'arcee-ai/Trinity-Mini', as_of: '2026-11-26', url: card, read_url: card,
  });
});

test("a row's licence is the weights' licence; the weights link is served only where the page read is the repository", async () => {
  // data/curated/model-architecture.csv: arcee-ai/Trinity-Mini (license apache-2.0), read on its own repository page;
  // inclusionAI/Ring-2.6-1T read from SGLang's cookbook ('License: MIT'), which is no weights link.
  const trinity = 'https://huggingface.co/arcee-ai/Trinity-Mini';
  const cookbook = 'https://docs.sglang.io/cookbook/autoregressive/InclusionAI/Ring-2.6-1T';
  const r = await read([], [
    `arcee-ai/Trinity-Mini,,,,,,,,,,,,,,,,,${trinity},2026-11-26,evidence,Apache-2.0`,
    `inclusionAI/Ring-2.6-1T,,,,,,,,,,,,,,,,,${cookbook},2026-11-26,evidence,MIT`,
  ], [], HEADER_LICENCE);
  assert.deepEqual(r.issues, []);
  const t = of(r.models, 'arcee-ai/Trinity-Mini', 'model-architecture');
  assert.equal(t?.licence_text, 'Apache-2.0');
  assert.equal(t?.weights_url, trinity);
  const ring = of(r.models, 'inclusionAI/Ring-2.6-1T', 'model-architecture');
  assert.equal(ring?.licence_text, 'MIT');
  assert.equal(ring?.weights_url, undefined);
  assert.equal(ring?.read_url, cookbook);
  // The matcher still joins the row by the repository it names.
  assert.equal(ring?.url, 'https://huggingface.co/inclusionAI/Ring-2.6-1T');
});

test("a row's context note rides with its window; a note without a window is refused (DeepSeek-V3.1)", async () => {
  // data/curated/model-architecture.csv: deepseek-ai/DeepSeek-V3.1, config.json max_position_embeddings 163840, where
  // the card's download table and DeepSeek's API say 128K.
  const card = 'https://huggingface.co/deepseek-ai/DeepSeek-V3.1';
  const note = "163,840 is the window the weights read; DeepSeek states 128K ('DeepSeek-V3.1 | 671B | 37B | 128K')";
  const r = await read([], [
    `deepseek-ai/DeepSeek-V3.1,671,37,163840,,,,,,,,,,,,,,${card},2026-11-26,card,,"${note}"`,
    `org/note-alone,1,1,,,,,,,,,,,,,,,${card},2026-11-26,card,,a note beside no window`,
  ], [], `${HEADER_LICENCE},context_note`);
  const fix = of(r.models, 'deepseek-ai/DeepSeek-V3.1', 'model-architecture');
  assert.deepEqual([fix?.context_window, fix?.context_window_note], [163840, note]);
  assert.deepEqual(r.issues.map((i) => `${i.row.split(' ')[0]} ${i.field ?? ''}`), ['org/note-alone context_note']);
  assert.equal(of(r.models, 'org/note-alone', 'model-architecture'), undefined);
});

test('bad rows are issues and are not applied', async () => {
  const card = 'https://huggingface.co/org/x';
  const r = await read(
    [],
    [
      `org/active-above-total,10,20,,,,,,,,,,,,,,,${card},2026-11-25,`,
      `org/no-config,,,,48,16,2,256,2048,gqa,,,,,,,,${card},2026-11-25,`,
      `org/bad-kind,,,,48,16,2,256,2048,linear,,,,,,,${card}/c,${card},2026-11-25,`,
      `org/bad-precision,1,1,,,,,,,,,,,,,fp6,,${card},2026-11-25,`,
      `org/bad-date,1,1,,,,,,,,,,,,,,,${card},2026-13-40,`,
      `org/hybrid-without-kv-layers,,,,48,16,2,256,2048,hybrid,,,,,,,${card}/c,${card},2026-11-25,`,
      `org/twice,1,1,,,,,,,,,,,,,,,${card},2026-11-25,`,
      `org/twice,2,2,,,,,,,,,,,,,,,${card},2026-11-25,`,
    ],
  );
  const byRow = r.issues.map((i) => `${i.row.split(' ')[0]} ${i.field ?? ''}`).sort();
  assert.deepEqual(byRow, [
    'org/active-above-total parameters_active_b',
    'org/bad-date read_on',
    'org/bad-kind attention',
    'org/bad-precision native_precision',
    'org/hybrid-without-kv-layers architecture',
    'org/no-config config_url',
    'org/twice ',
  ]);
  assert.equal(of(r.models, 'org/twice', 'model-architecture')?.parameters_total, 1_000_000_000);
  assert.equal(of(r.models, 'org/hybrid-without-kv-layers', 'model-architecture'), undefined);
});

test('a repo in both reviewed tables is reported, and the dated per-model row is used', async () => {
  const r = await read([anLlmfitRow(NEXT)], [nextRow], [`${NEXT},parameters_active,3000000000,${NEXT_CARD},card`]);
  assert.equal(r.issues.length, 1);
  assert.match(r.issues[0].message, /model-architecture\.csv/);
  assert.equal(of(r.models, NEXT, 'architecture-overrides'), undefined);
  assert.equal(of(r.models, NEXT, 'model-architecture')?.parameters_active, 3_000_000_000);
});

test('a row read from a relative\'s card still names its own repo as its link (GLM-4.5-Air\'s counts are on the GLM-4.5 card)', async () => {
  const air = 'zai-org/GLM-4.5-Air';
  // GLM-4.5 card: "GLM-4.5-Air adopts a more compact design with 106 billion total parameters and 12 billion active parameters".
  const row = `${air},106,12,,46,96,8,128,4096,gqa,,,,,,bf16,https://huggingface.co/${air}/blob/main/config.json,https://huggingface.co/zai-org/GLM-4.5,2026-11-25,card`;
  const r = await read([anLlmfitRow(air)], [row]);
  assert.equal(of(r.models, air, 'model-architecture')?.url, `https://huggingface.co/${air}`);
});

test('a context-only row (Nemotron-Mini-4B: 4,096 tokens, NVIDIA\'s model reference) leaves llmfit\'s architecture and counts', async () => {
  const repo = 'nvidia/Nemotron-Mini-4B-Instruct';
  const nim = 'https://docs.api.nvidia.com/nim/reference/nvidia-nemotron-mini-4b-instruct';
  const row = { architecture: 'nemotron', context_length: 4096, is_moe: null, active_parameters: null, parameters_raw: 3_806_330_880,
    num_hidden_layers: 32, num_attention_heads: 24, num_key_value_heads: 8, head_dim: 128, hidden_size: 3072 };
  const r = await read([anLlmfitRow(repo, row)], [`${repo},,,4096,,,,,,,,,,,,,,${nim},2026-11-26,card`]);
  assert.deepEqual(r.issues, []);
  const fix = of(r.models, repo, 'model-architecture');
  assert.equal(fix?.context_window, 4096);
  assert.equal(fix?.architecture, undefined);
  assert.equal(fix?.as_of, '2026-11-26');
  const base = of(r.models, repo, 'llmfit');
  assert.equal(base?.context_window, undefined);
  assert.equal(base?.parameters_total, 3_806_330_880);
  assert.deepEqual(base?.architecture, {
    layers: 32, attention_heads: 24, kv_heads: 8, head_dim: 128, hidden_size: 3072, attention: 'gqa', hf_repo: repo,
  });
});

test('a row serves a family llmfit\'s geometry is withheld for, and its KV heads replace llmfit\'s (Step-3.5-Flash)', async () => {
  const repo = 'stepfun-ai/Step-3.5-Flash';
  // llmfit read step3p5's num_key_value_heads as the 64 attention heads; the row gives 8 KV groups, 33 of 45 layers in
  // a 512-token window (Megatron-Bridge's Step-3.5-Flash run: window_size [512,0], mask [0,1,1,1] x 12).
  const llmfit = { architecture: 'step3p5', is_moe: null, active_parameters: null, parameters_raw: 199_384_301_376, context_length: 524288,
    num_hidden_layers: 45, num_attention_heads: 64, num_key_value_heads: 64, head_dim: 128, hidden_size: 4096 };
  const cfg = 'https://github.com/NVIDIA-NeMo/Megatron-Bridge/blob/main/examples/models/stepfun/step35/slurm_pretrain.sh';
  const card = 'https://github.com/stepfun-ai/Step-3.5-Flash';
  const r = await read([anLlmfitRow(repo, llmfit)], [`${repo},,11,,45,64,8,128,4096,sliding,,,512,33,,,${cfg},${card},2026-11-26,card`]);
  assert.deepEqual(r.issues, []);
  assert.equal(of(r.models, repo, 'llmfit')?.architecture, undefined);
  assert.deepEqual(of(r.models, repo, 'model-architecture')?.architecture, {
    layers: 45, attention_heads: 64, kv_heads: 8, head_dim: 128, hidden_size: 4096, attention: 'sliding', sliding_window: 512,
    sliding_layers: 33, hf_repo: repo,
  });
});
