// Tests of the llmfit adapter: which repos are kept, which figures are trusted, and how reviewed overrides apply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelObservation } from './types.ts';
import { createLlmfit } from './llmfit.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const shared = path.resolve(here, '../../../shared/data');
const projectOverrides = path.resolve(here, '../../data/curated/architecture-overrides.csv');
const projectModelArch = path.resolve(here, '../../data/curated/model-architecture.csv');
const OVR_HEADER = 'hf_repo,field,value,evidence_url,reason';
const ARCH_HEADER =
  'hf_repo,parameters_total_b,parameters_active_b,context_window,layers,attention_heads,kv_heads,head_dim,hidden_size,attention,kv_lora_rank,rope_dim,sliding_window,sliding_layers,kv_layers,native_precision,config_url,card_url,read_on,note';

/** A row as llmfit writes it; only what a test changes is given. */
function aRow(name: string, over: Record<string, unknown> = {}) {
  return {
    name,
    provider: name.split('/')[0],
    parameter_count: '8B',
    parameters_raw: 8_030_261_248,
    context_length: 131072,
    use_case: 'General purpose',
    pipeline_tag: 'text-generation',
    architecture: 'llama',
    num_hidden_layers: 32,
    num_attention_heads: 32,
    num_key_value_heads: 8,
    head_dim: 128,
    hidden_size: 4096,
    ...over,
  };
}

async function read(rows: unknown[], overrides = `${OVR_HEADER}\n`, modelArch = `${ARCH_HEADER}\n`) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'llmfit-'));
  mkdirSync(path.join(dir, 'llmfit-hf-models'));
  writeFileSync(path.join(dir, 'llmfit-hf-models', 'hf_models-2026-05-12.json'), JSON.stringify(rows));
  writeFileSync(path.join(dir, 'overrides.csv'), overrides);
  writeFileSync(path.join(dir, 'model-architecture.csv'), modelArch);
  const adapter = createLlmfit({ overridesFile: path.join(dir, 'overrides.csv'), modelArchitectureFile: path.join(dir, 'model-architecture.csv') });
  const result = await adapter.read({ sources: dir, curated: path.join(dir, 'curated') });
  return { ...result, counts: adapter.lastCounts };
}

const of = (models: ModelObservation[] | undefined, repo: string, source: string) =>
  models?.find((m) => m.source_model_id === repo && m.source === source);

test('a dense repo with a readable config yields parameters, a GQA architecture and its context', async () => {
  const r = await read([aRow('unsloth/Llama-3.1-8B-Instruct', { context_length: 131072 })]);
  assert.deepEqual(r.models, [
    {
      source: 'llmfit',
      source_model_id: 'unsloth/Llama-3.1-8B-Instruct',
      vendor_hint: 'unsloth',
      as_of: '2026-05-12',
      url: 'https://huggingface.co/unsloth/Llama-3.1-8B-Instruct',
      parameters_total: 8_030_261_248,
      parameters_active: 8_030_261_248,
      architecture: { layers: 32, attention_heads: 32, kv_heads: 8, head_dim: 128, hidden_size: 4096, attention: 'gqa', hf_repo: 'unsloth/Llama-3.1-8B-Instruct' },
      context_window: 131072,
    },
  ]);
});

test("the repository's creation day (llmfit's release_date, the Hub's createdAt) is read as such; a malformed one is left out", async () => {
  const r = await read([aRow('google/gemma-3n-E4B-it', { release_date: '2025-06-25' }), aRow('unsloth/gemma-3n-E4B-it', { release_date: null }),
    aRow('x/odd', { release_date: 'June 2025' })]);
  assert.equal(of(r.models, 'google/gemma-3n-E4B-it', 'llmfit')?.repo_created, '2025-06-25');
  assert.equal(of(r.models, 'google/gemma-3n-E4B-it', 'llmfit')?.release_date, undefined, 'never a listing release date');
  assert.equal(of(r.models, 'unsloth/gemma-3n-E4B-it', 'llmfit')?.repo_created, undefined);
  assert.equal(of(r.models, 'x/odd', 'llmfit')?.repo_created, undefined);
  assert.ok(of(r.models, 'x/odd', 'llmfit'), 'the row itself is kept');
});

test('head_dim is hidden_size / heads when config.json gives none; equal KV and query heads is full attention', async () => {
  const r = await read([aRow('org/mha', { head_dim: null, num_key_value_heads: 32 })]);
  assert.equal(r.models?.[0].architecture?.head_dim, 128);
  assert.equal(r.models?.[0].architecture?.attention, 'full');
});

test('encoders, embedders, test fixtures and draft heads are not kept, and are counted', async () => {
  const r = await read([
    aRow('BAAI/bge-large-en', { architecture: 'bert' }),
    aRow('Qwen/Qwen3-Embedding-8B', { architecture: 'qwen3' }),
    aRow('hmellor/tiny-random-LlamaForCausalLM'),
    aRow('RedHatAI/Llama-3.1-8B-Instruct-speculator.eagle3', { architecture: 'unknown' }),
    aRow('org/kept'),
  ]);
  assert.deepEqual(r.models?.map((m) => m.source_model_id), ['org/kept']);
  assert.equal(r.counts?.not_llm, 4);
  assert.equal(r.counts?.kept, 1);
});

test('a rope-scaled context (Llama 3.1 shows 1,048,576) and the placeholder of an unreadable config are not served', async () => {
  const r = await read([
    aRow('unsloth/Llama-3.3-70B-Instruct', { context_length: 1_048_576 }),
    aRow('meta-llama/Llama-3.1-8B', { context_length: 4096, num_hidden_layers: null, num_attention_heads: null, num_key_value_heads: null, head_dim: null, hidden_size: null }),
    aRow('openai/gpt-oss-20b', { architecture: 'gpt_oss', context_length: 131072 }),
  ]);
  for (const m of r.models ?? []) assert.equal(m.context_window, undefined, m.source_model_id);
  // The gated repo keeps its parameter count but has no architecture to offer.
  const gated = of(r.models, 'meta-llama/Llama-3.1-8B', 'llmfit');
  assert.equal(gated?.parameters_total, 8_030_261_248);
  assert.equal(gated?.architecture, undefined);
});

test('packed low-bit repos keep their architecture but not their tensor counts', async () => {
  const r = await read([aRow('unsloth/Llama-3.1-8B-Instruct-GGUF', { parameters_raw: 6_430_916_608 })]);
  const m = r.models?.[0];
  assert.equal(m?.parameters_total, undefined);
  assert.equal(m?.parameters_active, undefined);
  assert.equal(m?.architecture?.layers, 32);
});

test('MoE active parameters: a stated round figure is kept, a computed one only when the A<n>B tag agrees', async () => {
  const moe = { is_moe: true, parameters_raw: 30_000_000_000, architecture: 'qwen3_moe' };
  const r = await read([
    aRow('org/Stated', { ...moe, active_parameters: 22_000_000_000 }),
    aRow('org/Model-30B-A3B', { ...moe, active_parameters: 3_339_427_840 }),
    aRow('org/Model-235B-A22B', { ...moe, active_parameters: 25_713_278_969 }),
    aRow('org/Untagged', { ...moe, active_parameters: 9_595_358_141 }),
    aRow('baidu/ERNIE-4.5-21B-A3B-PT', { architecture: 'ernie4_5_moe' }),
  ]);
  const active = Object.fromEntries((r.models ?? []).map((m) => [m.source_model_id, m.parameters_active]));
  assert.deepEqual(active, {
    'baidu/ERNIE-4.5-21B-A3B-PT': undefined,
    'org/Model-235B-A22B': undefined,
    'org/Model-30B-A3B': 3_339_427_840,
    'org/Stated': 22_000_000_000,
    'org/Untagged': undefined,
  });
});

test('MLA models get no architecture from llmfit: its head_dim is hidden_size / heads', async () => {
  const r = await read([aRow('org/deepseek-v3-copy', { architecture: 'deepseek_v3', num_attention_heads: 128, num_key_value_heads: 128, head_dim: 56, hidden_size: 7168, num_hidden_layers: 61 })]);
  assert.equal(r.models?.[0].architecture, undefined);
});

const DEEPSEEK = 'deepseek-ai/DeepSeek-V3-0324';
const deepseekRow = aRow(DEEPSEEK, {
  architecture: 'deepseek_v3', is_moe: true, parameters_raw: 684_531_386_000, active_parameters: 54_548_594_820,
  context_length: 6_553_600, num_hidden_layers: 61, num_attention_heads: 128, num_key_value_heads: 128, head_dim: 56, hidden_size: 7168,
});
const cfg = `https://huggingface.co/${DEEPSEEK}/blob/main/config.json`;
const deepseekOverrides = [
  OVR_HEADER,
  `${DEEPSEEK},attention,mla,${cfg},MLA`,
  `${DEEPSEEK},head_dim,128,${cfg},qk_nope_head_dim`,
  `${DEEPSEEK},kv_lora_rank,512,${cfg},kv_lora_rank`,
  `${DEEPSEEK},rope_dim,64,${cfg},qk_rope_head_dim`,
  `${DEEPSEEK},parameters_active,37000000000,https://huggingface.co/${DEEPSEEK},model card: 37B activated`,
].join('\n');

test('override: DeepSeek-V3 becomes MLA with 37B active, sourced to the overrides table', async () => {
  const r = await read([deepseekRow], deepseekOverrides);
  assert.deepEqual(r.issues, []);
  const fix = of(r.models, DEEPSEEK, 'architecture-overrides');
  assert.equal(fix?.parameters_active, 37_000_000_000);
  assert.deepEqual(fix?.architecture, {
    layers: 61, attention_heads: 128, kv_heads: 128, head_dim: 128, hidden_size: 7168,
    attention: 'mla', kv_lora_rank: 512, rope_dim: 64, hf_repo: DEEPSEEK,
  });
  assert.equal(fix?.as_of, '2026-11-21');
  // llmfit's own observation keeps only what was not corrected: no wrong active count, no context.
  const base = of(r.models, DEEPSEEK, 'llmfit');
  assert.equal(base?.parameters_total, 684_531_386_000);
  assert.equal(base?.parameters_active, undefined);
  assert.equal(base?.architecture, undefined);
  assert.equal(base?.context_window, undefined);
  assert.ok(r.sources.some((s) => s.id === 'architecture-overrides' && s.kind === 'curated' && !s.counts_for_data_as_of));
});

test('override: a corrected total of a dense repo is its active count too; of a mixture of experts it is not', async () => {
  // architecture-overrides.csv: Mistral-7B-Instruct-v0.1 7,241,732,096 worked from config.json, where llmfit reads
  // 6.04B; a dense model reads every parameter. The MoE repo (is_moe true) gets no active count from its total.
  const dense = 'org/Dense-7B-Instruct';
  const moe = 'org/Moe-30B-Instruct';
  const rows = [aRow(dense, { parameters_raw: 6_036_652_032 }), aRow(moe, { is_moe: true, num_experts: 64, active_experts: 8, parameters_raw: 25e9 })];
  const ovr = [OVR_HEADER, `${dense},parameters_total,7241732096,https://example.org/c,sum`, `${moe},parameters_total,30500000000,https://example.org/c,card`].join('\n');
  const r = await read(rows, ovr);
  assert.deepEqual([of(r.models, dense, 'architecture-overrides')?.parameters_total, of(r.models, dense, 'architecture-overrides')?.parameters_active],
    [7_241_732_096, 7_241_732_096]);
  assert.equal(of(r.models, moe, 'architecture-overrides')?.parameters_active, undefined);
});

test('override: a gated repo gets its whole architecture and context from the table', async () => {
  const repo = 'meta-llama/Llama-3.1-70B-Instruct';
  const c = `https://huggingface.co/${repo}/blob/main/config.json`;
  const rows = [['layers', 80], ['attention_heads', 64], ['kv_heads', 8], ['head_dim', 128], ['hidden_size', 8192], ['attention', 'gqa'], ['context_window', 131072]];
  const r = await read(
    [aRow(repo, {
      parameters_raw: 70_553_706_496, context_length: 4096, num_hidden_layers: null, num_attention_heads: null,
      num_key_value_heads: null, head_dim: null, hidden_size: null,
    })],
    [OVR_HEADER, ...rows.map(([f, v]) => `${repo},${f},${v},${c},config.json`)].join('\n'),
  );
  const fix = of(r.models, repo, 'architecture-overrides');
  assert.equal(fix?.context_window, 131072);
  assert.equal(fix?.architecture?.layers, 80);
  assert.equal(fix?.architecture?.kv_heads, 8);
  assert.equal(of(r.models, repo, 'llmfit')?.parameters_total, 70_553_706_496);
});

test('override: a max_output row (Llama 3.3 70B: the window, 131,072; Meta states no output cap) is the override\'s, not llmfit\'s', async () => {
  const repo = 'meta-llama/Llama-3.3-70B-Instruct';
  // Meta's model card (llama-models models/llama3_3/MODEL_CARD.md): context length 128k, no output limit; config.json
  // max_position_embeddings 131072. models.dev's 4,096 is the cap of Meta's own Llama API, an offer's limit.
  const card = 'https://github.com/meta-llama/llama-models/blob/main/models/llama3_3/MODEL_CARD.md';
  const r = await read([aRow(repo, { parameters_raw: 70_553_706_496 })], [OVR_HEADER, `${repo},max_output,131072,${card},no output cap`].join('\n'));
  const fix = of(r.models, repo, 'architecture-overrides');
  assert.equal(fix?.max_output, 131072);
  assert.equal(fix?.architecture, undefined, 'a max_output row corrects no architecture');
  assert.equal(of(r.models, repo, 'llmfit')?.max_output, undefined);
  assert.deepEqual(r.issues, []);
});

test('bad override rows are issues and are not applied; an incomplete architecture is an issue', async () => {
  const r = await read(
    [aRow('org/x')],
    [
      OVR_HEADER,
      'org/x,layers,many,https://huggingface.co/org/x,why',
      'org/x,colour,blue,https://huggingface.co/org/x,why',
      'org/x,context_window,8192,not a url,why',
      'org/x,context_window,8192,https://huggingface.co/org/x,why',
      'org/x,context_window,4096,https://huggingface.co/org/x,again',
      'org/absent,attention,mla,https://huggingface.co/org/absent,no rank given',
    ].join('\n'),
  );
  const fields = r.issues.map((i) => i.field).sort();
  assert.deepEqual(fields, ['architecture', 'context_window', 'evidence_url', 'field', 'value']);
  assert.equal(of(r.models, 'org/x', 'architecture-overrides')?.context_window, 8192);
  assert.equal(of(r.models, 'org/absent', 'architecture-overrides'), undefined);
});

test('a row that is not the shape llmfit writes is an issue naming the repo and field', async () => {
  const r = await read([aRow('org/bad', { num_hidden_layers: -3 }), aRow('org/good')]);
  assert.deepEqual(r.models?.map((m) => m.source_model_id), ['org/good']);
  assert.equal(r.issues[0].row, 'org/bad');
  assert.equal(r.issues[0].field, 'num_hidden_layers');
});

test('the real snapshot with the project tables', { skip: !existsSync(shared) }, async () => {
  const adapter = createLlmfit({ overridesFile: projectOverrides, modelArchitectureFile: projectModelArch });
  const r = await adapter.read({ sources: path.join(shared, 'sources'), curated: path.join(shared, 'curated') });
  // The only issues are parameter counts that fail the cross-checks (llmfit-params.ts), each left out.
  assert.deepEqual([...new Set(r.issues.map((i) => i.field))], ['parameters_raw']);
  const miscounted = new Set(r.issues.map((i) => i.row));
  for (const repo of ['allenai/Olmo-3.1-32B-Instruct', 'microsoft/Phi-3-mini-128k-instruct', 'mistralai/Mistral-7B-Instruct-v0.1', 'openchat/openchat_3.5']) {
    assert.ok(miscounted.has(repo), repo);
    assert.equal(of(r.models, repo, 'llmfit')?.parameters_total, undefined, repo);
  }
  // The reviewed counts that take their place (architecture-overrides.csv, worked from each config.json).
  assert.equal(of(r.models, 'allenai/Olmo-3.1-32B-Instruct', 'architecture-overrides')?.parameters_total, 32_233_522_176);
  // Dense: the corrected count is the active count too (64 layers x 424.7M FFN + attention + embeddings = 32.23B).
  assert.equal(of(r.models, 'allenai/Olmo-3.1-32B-Instruct', 'architecture-overrides')?.parameters_active, 32_233_522_176);
  assert.equal(of(r.models, 'microsoft/phi-4', 'architecture-overrides')?.parameters_total, 14_659_507_200);
  assert.equal(of(r.models, 'meta-llama/Llama-3.1-8B-Instruct', 'llmfit')?.parameters_total, 8_030_261_248, 'a correct count stays');
  // hf_models-2026-05-12.json: 132 rows give release_date; google/gemma-3n-E4B-it's is 2025-06-25.
  assert.equal(of(r.models, 'google/gemma-3n-E4B-it', 'llmfit')?.repo_created, '2025-06-25');
  const c = adapter.lastCounts;
  assert.equal(c?.rows, 1852);
  assert.ok((c?.kept ?? 0) > 1500 && (c?.kept ?? 0) < 1750, `kept ${c?.kept}`);
  assert.ok((c?.with_architecture ?? 0) > 1000, `with architecture ${c?.with_architecture}`);
  // DeepSeek-V3 card: 671B total, 37B activated, MLA with kv_lora_rank 512 + rope 64; config.json: FP8 weights.
  const ds = of(r.models, 'deepseek-ai/DeepSeek-V3', 'model-architecture');
  assert.equal(ds?.architecture?.attention, 'mla');
  assert.equal(ds?.parameters_active, 37_000_000_000);
  assert.equal(ds?.native_precision, 'fp8');
  assert.equal(of(r.models, 'deepseek-ai/DeepSeek-V3', 'llmfit')?.parameters_active, undefined);
  assert.equal(of(r.models, 'meta-llama/Llama-3.1-405B-Instruct', 'architecture-overrides')?.architecture?.layers, 126);
  // gpt-oss model card (arXiv 2508.10925): 116.83B total, 5.13B active, MXFP4; config.json: 131,072 tokens.
  const oss = of(r.models, 'openai/gpt-oss-120b', 'model-architecture');
  assert.equal(oss?.context_window, 131072);
  assert.equal(oss?.native_precision, 'mxfp4');
  assert.equal(oss?.parameters_total, 116_830_000_000);
  for (const m of r.models ?? []) {
    if (m.source === 'llmfit') assert.ok((m.context_window ?? 0) <= 262_144, `${m.source_model_id} ${m.context_window}`);
  }
  // Qwen's deployment guide (QwenLM/Qwen3 docs/source/deployment/vllm.md): "The context length for Qwen3 models in
  // pretraining is up to 32,768 tokens"; YaRN to 131,072 is the host's choice. config.json's 40,960 (llmfit) is not it.
  for (const [repo, table] of [['Qwen/Qwen3-8B', 'architecture-overrides'], ['Qwen/Qwen3-14B', 'architecture-overrides'],
    ['Qwen/Qwen3-235B-A22B', 'architecture-overrides'], ['Qwen/Qwen3-32B', 'model-architecture'], ['Qwen/Qwen3-30B-A3B', 'model-architecture']]) {
    assert.equal(of(r.models, repo, table)?.context_window, 32768, repo);
  }
  // Meta's Llama 3.3 card states a 128k context and no output cap: the window, 131,072, bounds the output.
  assert.equal(of(r.models, 'meta-llama/Llama-3.3-70B-Instruct', 'architecture-overrides')?.max_output, 131072);
});
