import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ModelObservation, RatingObservation } from '../sources/types.ts';
import { buildModels } from './build-models.ts';
import { newReport } from './context.ts';
import { Matcher } from './matcher.ts';

const asOf = '2026-07-02';
const obs = (o: Partial<ModelObservation> & { source_model_id: string }): ModelObservation => ({ source: 'models-dev', as_of: asOf, ...o });

function run(observations: ModelObservation[]) {
  const ctx = { matcher: new Matcher(), report: newReport(), resolveDeveloper: () => undefined };
  const mb = buildModels(observations, [], ctx, () => undefined);
  return { ids: mb.models.map((m) => m.id), model: (id: string) => mb.models.find((m) => m.id === id) };
}

test('Mistral Large versions are separate models, Large 3 keeps its open weights', () => {
  // The models.dev snapshot of 2026-07-02: models/mistral/mistral-large-2411.toml ("Mistral Large 2.1"),
  // mistral-large-2512.toml ("Mistral Large 3", open_weights = true), mistral-large-latest.toml (weights of 2512),
  // providers/mistral/models/mistral-large-3 served with open_weights = false by the provider entry.
  const { ids, model } = run([
    obs({ source_model_id: 'mistral/mistral-large-2411', name: 'Mistral Large 2.1', open_weights: true, weights_url: 'https://huggingface.co/mistralai/Mistral-Large-Instruct-2411' }),
    obs({ source_model_id: 'mistral/mistral-large-2512', name: 'Mistral Large 3', open_weights: true, weights_url: 'https://huggingface.co/mistralai/Mistral-Large-3-675B-Instruct-2512' }),
    obs({ source_model_id: 'mistral/mistral-large-latest', name: 'Mistral Large (latest)', weights_url: 'https://huggingface.co/mistralai/Mistral-Large-3-675B-Instruct-2512' }),
    obs({ source_model_id: 'mistral/mistral-large-3', provider: 'mistral', name: 'Mistral Large 3', open_weights: false }),
    obs({ source_model_id: 'mistral/mistral-large-2402', provider: 'mistral', name: 'Mistral Large' }),
    obs({ source_model_id: 'mistral/mistral-large-2407', provider: 'mistral', name: 'Mistral Large 2' }),
    obs({ source_model_id: 'mistral/mistral-large', provider: 'mistral', name: 'Mistral Large' }),
  ]);
  assert.deepEqual(ids, ['mistral-large-2402', 'mistral-large-2407', 'mistral-large-2411', 'mistral-large-2512']);
  assert.ok(model('mistral-large-2512')!.aliases.includes('mistral/mistral-large-3'));
  assert.ok(model('mistral-large-2512')!.aliases.includes('mistral/mistral-large-latest'));
  assert.ok(!model('mistral-large-2411')!.aliases.some((a) => /2402|2407|2512|large-3|latest/.test(a)));
  assert.equal(model('mistral-large-2512')!.open_weights?.value, true);
});

test('Kimi K2 Instruct and Kimi K2 Thinking are two models', () => {
  // Without repositories or limits the dated previews are snapshots of one model; with them 0905 is a release of its
  // own (releases.test.ts).
  const { ids, model } = run([
    obs({ source_model_id: 'moonshotai/kimi-k2-thinking', name: 'Kimi K2 Thinking', weights_url: 'https://huggingface.co/moonshotai/Kimi-K2-Thinking' }),
    obs({ source_model_id: 'moonshotai/kimi-k2-0711-preview', provider: 'moonshotai', name: 'Kimi K2 0711' }),
    obs({ source_model_id: 'moonshotai/kimi-k2-0905-preview', provider: 'moonshotai', name: 'Kimi K2 0905' }),
  ]);
  assert.deepEqual(ids, ['kimi-k2', 'kimi-k2-thinking']);
  assert.deepEqual(model('kimi-k2')!.aliases, ['moonshotai/kimi-k2-0711-preview', 'moonshotai/kimi-k2-0905-preview']);
});

test('Llama 4 Maverick under the Llama API\'s provider-specific ids is one model', () => {
  // providers/llama/models: llama-4-maverick-17b-128e-instruct-fp8, cerebras-…, groq-… (models.dev, 2026-07-02).
  const { ids } = run([
    obs({ source_model_id: 'meta/llama-4-maverick-17b-instruct', name: 'Llama 4 Maverick 17B Instruct' }),
    obs({ source_model_id: 'llama/llama-4-maverick-17b-128e-instruct-fp8', provider: 'llama' }),
    obs({ source_model_id: 'llama/cerebras-llama-4-maverick-17b-128e-instruct', provider: 'llama' }),
    obs({ source_model_id: 'llama/groq-llama-4-maverick-17b-128e-instruct', provider: 'llama' }),
  ]);
  assert.deepEqual(ids, ['llama-4-maverick-17b-instruct']);
});

test('the R1 distills are models of their own, not DeepSeek-R1', () => {
  // models.dev gives Cloudflare's distill base_model = deepseek/deepseek-r1; llmfit lists the Hugging Face repo
  // deepseek-ai/DeepSeek-R1-Distill-Qwen-32B; Together and OpenRouter list it for a price.
  const { ids, model } = run([
    obs({ source_model_id: 'deepseek/deepseek-r1', name: 'DeepSeek-R1', weights_url: 'https://huggingface.co/deepseek-ai/DeepSeek-R1' }),
    obs({ source: 'llmfit', source_model_id: 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B', url: 'https://huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Qwen-32B' }),
    obs({ source_model_id: 'cloudflare-workers-ai/@cf/deepseek-ai/deepseek-r1-distill-qwen-32b', provider: 'cloudflare-workers-ai', canonical_hint: 'deepseek/deepseek-r1', name: 'Deepseek R1 Distill Qwen 32B' }),
    obs({ source: 'litellm', source_model_id: 'together_ai/deepseek-ai/DeepSeek-R1-Distill-Qwen-32B', provider: 'togetherai' }),
    // A reseller's own product under a developer's namespace is not made a model: no repository has that name.
    obs({ source_model_id: 'nano-gpt/deepseek/deepseek-v3.2-fast', provider: 'nano-gpt' }),
  ]);
  assert.deepEqual(ids, ['deepseek-r1', 'deepseek-r1-distill-qwen-32b']);
  assert.ok(!model('deepseek-r1')!.aliases.some((a) => /distill/i.test(a)));
});

test('three providers listing a name under its developer corroborate a model; a thinking sibling stays apart', () => {
  // Llama 3.2 90B Vision Instruct: listed under meta-llama/ or meta/ by Azure, GitHub Models and OpenRouter, in no catalogue.
  const listing = (provider: string, id: string) => obs({ source_model_id: `${provider}/${id}`, provider });
  const three = run([
    listing('openrouter', 'meta-llama/llama-3.2-90b-vision-instruct'),
    listing('github-models', 'meta/llama-3.2-90b-vision-instruct'),
    listing('io-net', 'meta-llama/Llama-3.2-90B-Vision-Instruct'),
  ]);
  assert.deepEqual(three.ids, ['llama-3.2-90b-vision-instruct']);
  // OpenRouter's own catalogue makes models by rule R3; two other providers alone do not.
  const two = run([listing('io-net', 'meta-llama/llama-3.2-90b-vision-instruct'), listing('github-models', 'meta/llama-3.2-90b-vision-instruct')]);
  assert.deepEqual(two.ids, []);
  // Qwen3-VL-8B-Thinking is its own set of weights, not a reasoning setting of Qwen3-VL-8B-Instruct.
  const vl = run([
    obs({ source_model_id: 'alibaba/qwen3-vl-8b-instruct', name: 'Qwen3 VL 8B Instruct' }),
    obs({ source_model_id: 'alibaba/qwen3-vl-8b-thinking', name: 'Qwen3 VL 8B Thinking' }),
    listing('openrouter', 'qwen/qwen3-vl-8b-thinking'),
  ]);
  assert.deepEqual(vl.model('qwen3-vl-8b-thinking')!.aliases, ['alibaba/qwen3-vl-8b-thinking', 'openrouter/qwen/qwen3-vl-8b-thinking']);
});

test('an entry matched away from its base_model does not lend the base\'s facts', () => {
  // models.dev fills Cloudflare's distill from models/deepseek/deepseek-r1.toml (weights: deepseek-ai/DeepSeek-R1).
  const { model } = run([
    obs({ source_model_id: 'deepseek/deepseek-r1', name: 'DeepSeek-R1', weights_url: 'https://huggingface.co/deepseek-ai/DeepSeek-R1' }),
    obs({ source: 'llmfit', source_model_id: 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B', url: 'https://huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Qwen-32B', parameters_total: 32_763_876_352 }),
    obs({ source_model_id: 'cloudflare-workers-ai/@cf/deepseek-ai/deepseek-r1-distill-qwen-32b', provider: 'cloudflare-workers-ai', canonical_hint: 'deepseek/deepseek-r1', weights_url: 'https://huggingface.co/deepseek-ai/DeepSeek-R1' }),
  ]);
  // Not R1's link: the distill's own repo (DeepSeek's organisation, listed by the Hub snapshot) is where its weights are.
  assert.equal(model('deepseek-r1-distill-qwen-32b')!.weights_url?.value, 'https://huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Qwen-32B');
  assert.equal(model('deepseek-r1-distill-qwen-32b')!.weights_url?.source, 'llmfit');
  assert.equal(model('deepseek-r1-distill-qwen-32b')!.parameters_total?.value, 32_763_876_352);
});

test('a free SKU\'s listing does not name the model: "Gemma 3 27B (free)" is OpenRouter\'s name for its :free listing', () => {
  // models.dev providers/openrouter/models/google/gemma-3-27b-it.toml and gemma-3-27b-it:free.toml.
  const { model } = run([
    // The free listing read later: by date alone it would name the model.
    obs({ source_model_id: 'openrouter/google/gemma-3-27b-it:free', provider: 'openrouter', name: 'Gemma 3 27B (free)', as_of: '2026-07-03' }),
    obs({ source_model_id: 'openrouter/google/gemma-3-27b-it', provider: 'openrouter', name: 'Gemma 3 27B' }),
  ]);
  assert.equal(model('gemma-3-27b-it')?.name.value, 'Gemma 3 27B');
});

test('the model\'s own config.json window beats a provider\'s shorter serving limit and the catalogue entry', () => {
  // models.dev 2026-07-02: models/alibaba/qwen3-next-80b-a3b-instruct.toml limit.context 131072 (Alibaba's own API);
  // llmfit hf_models-2026-05-12: Qwen/Qwen3-Next-80B-A3B-Instruct context_length 262144 (config.json
  // max_position_embeddings; the card: "262,144 natively").
  const { model } = run([
    obs({ source_model_id: 'qwen/qwen3-next-80b-a3b-instruct', name: 'Qwen3-Next 80B A3B Instruct', context_window: 131072,
      weights_url: 'https://huggingface.co/Qwen/Qwen3-Next-80B-A3B-Instruct' }),
    obs({ source_model_id: 'alibaba/qwen3-next-80b-a3b-instruct', provider: 'alibaba', context_window: 131072 }),
    obs({ source: 'llmfit', source_model_id: 'Qwen/Qwen3-Next-80B-A3B-Instruct',
      url: 'https://huggingface.co/Qwen/Qwen3-Next-80B-A3B-Instruct', context_window: 262144 }),
  ]);
  const w = model('qwen3-next-80b-a3b-instruct')!.context_window!;
  assert.equal(w.value, 262144);
  assert.equal(w.source, 'llmfit');
  assert.ok(w.conflicts?.some((c) => c.value === 131072), 'the catalogue\'s 131,072 is kept as a conflict');
});

test('a model\'s vendor is the owner of its Hugging Face repo, not the reseller whose listing created it', () => {
  // Observations as the 2026-07 build reads them: LiteLLM's `perplexity/codellama-34b-instruct` (Perplexity's own API
  // reselling Meta's model: `codellama` is Meta's brand, so the listing creates no model of Perplexity's) beside
  // LMArena's row `codellama-34b-instruct` with no organisation, llmfit's repo meta-llama/CodeLlama-34b-Instruct-hf;
  // LMArena's catalog row `qwen2-vl-72b`
  // with no organisation, llmfit's Qwen/Qwen2-VL-72B-Instruct; LiteLLM's Snowflake Cortex listing of Jamba 1.5 Large.
  const orgs: Record<string, string> = {
    'meta-llama': 'meta', qwen: 'alibaba', snowflake: 'snowflake', nvidia: 'nvidia', perplexity: 'perplexity',
  };
  const ctx = { matcher: new Matcher(), report: newReport(), resolveDeveloper: (n: string) => orgs[n.toLowerCase()] };
  const row = (name: string): RatingObservation => ({
    source: 'lmarena-arena-catalog', source_model_id: name, leaderboard: 'vision', category: 'overall', rating: 1200,
    rating_lower: 1190, rating_upper: 1210, as_of: asOf,
  });
  const mb = buildModels([
    obs({ source: 'litellm', source_model_id: 'perplexity/codellama-34b-instruct', provider: 'perplexity' }),
    obs({ source: 'lmarena-arena-catalog', source_model_id: 'codellama-34b-instruct', name: 'CodeLlama 34B Instruct' }),
    obs({ source: 'llmfit', source_model_id: 'meta-llama/CodeLlama-34b-Instruct-hf', name: 'CodeLlama 34B Instruct' }),
    obs({ source: 'lmarena-arena-catalog', source_model_id: 'qwen2-vl-72b', name: 'Qwen2-VL-72B' }),
    obs({ source: 'llmfit', source_model_id: 'Qwen/Qwen2-VL-72B-Instruct' }),
    obs({ source: 'lmarena-arena-catalog', source_model_id: 'jamba-1.5-large', name: 'Jamba 1.5 Large' }),
    obs({ source: 'litellm', source_model_id: 'snowflake/jamba-1.5-large', provider: 'snowflake-cortex' }),
    // A quantization under NVIDIA's organisation is not Qwen3-8B's own repo: the model keeps its unknown vendor.
    obs({ source: 'lmarena-arena-catalog', source_model_id: 'qwen3-8b', name: 'Qwen3 8B' }),
    obs({ source: 'llmfit', source_model_id: 'nvidia/Qwen3-8B-NVFP4' }),
  ], [row('codellama-34b-instruct'), row('qwen2-vl-72b'), row('jamba-1.5-large'), row('qwen3-8b')], ctx, () => undefined);
  const vendor = (id: string) => mb.models.find((m) => m.id === id)?.vendor;
  assert.equal(vendor('codellama-34b-instruct'), 'meta');
  assert.equal(vendor('qwen2-vl-72b'), 'alibaba');
  // `snowflake/jamba-1.5-large` is Snowflake Cortex's listing, not a repo: AI21's model does not become Snowflake's.
  assert.equal(vendor('jamba-1.5-large'), 'unknown');
  assert.equal(vendor('qwen3-8b'), 'unknown');
  // Perplexity's listing is a resale of Meta's brand: it creates no model of Perplexity's; the leaderboard's row does,
  // and the repo's owner names Meta.
  assert.ok(ctx.report.notes.includes('model codellama-34b-instruct: vendor meta, the owner of its Hugging Face repo, not unknown'));
  assert.ok(!mb.models.some((m) => m.vendor === 'perplexity'));
});

test('a leaderboard-only model whose current row names no organisation takes the one its earlier rows name', () => {
  // lmarena-hf-text-2026-08-22.json rows `jamba-1.5-large` and `phi-3.5-vision-instruct`... carry organization "";
  // lmarena_text-2025-08-04.csv names `Jamba-1.5-Large` AI21 Labs, lmarena_vision-2025-08-04.csv
  // `Phi-3.5-vision-instruct` Microsoft. teknium/OpenHermes-2.5-Mistral-7B is the weights' repository, while the
  // leaderboard names NousResearch: the repository's owner speaks first.
  const orgs: Record<string, string> = { 'ai21 labs': 'ai21', microsoft: 'microsoft', teknium: 'teknium', nousresearch: 'nousresearch' };
  const ctx = { matcher: new Matcher(), report: newReport(), resolveDeveloper: (n: string) => orgs[n.toLowerCase()] };
  const row = (name: string): RatingObservation => ({
    source: 'lmarena', source_model_id: name, leaderboard: 'text', category: 'overall', rating: 1200,
    rating_lower: 1190, rating_upper: 1210, as_of: '2026-08-19',
  });
  const mb = buildModels([
    obs({ source: 'lmarena-fboulnois', source_model_id: 'Jamba-1.5-Large', name: 'Jamba-1.5-Large', vendor_hint: 'AI21 Labs' }),
    obs({ source: 'lmarena-fboulnois', source_model_id: 'Phi-3.5-vision-instruct', vendor_hint: 'Microsoft' }),
    obs({ source: 'lmarena-fboulnois', source_model_id: 'OpenHermes-2.5-Mistral-7b', vendor_hint: 'NousResearch' }),
    obs({ source: 'llmfit', source_model_id: 'teknium/OpenHermes-2.5-Mistral-7B' }),
    obs({ source: 'lmarena-fboulnois', source_model_id: 'Vicuna-13B', vendor_hint: 'LMSYS' }),
  ], [row('jamba-1.5-large'), row('phi-3.5-vision-instruct'), row('openhermes-2.5-mistral-7b'), row('vicuna-13b')], ctx, () => undefined);
  const vendor = (id: string) => mb.models.find((m) => m.id === id)?.vendor;
  assert.equal(vendor('jamba-1.5-large'), 'ai21');
  assert.equal(vendor('phi-3.5-vision-instruct'), 'microsoft');
  assert.equal(vendor('openhermes-2.5-mistral-7b'), 'teknium');
  // No table row spells LMSYS here: the model stays unknown, and the build says why.
  assert.equal(vendor('vicuna-13b'), 'unknown');
  assert.ok(ctx.report.notes.includes('model vicuna-13b: vendor unknown; the leaderboard\'s organisation LMSYS is no developer-table spelling'));
});

test('an NVIDIA NIM listing under a developer\'s namespace is that developer\'s model, not NVIDIA\'s', () => {
  // models.dev 2026-07-02: providers/nvidia/models/sarvamai/sarvam-m.toml and google/google-paligemma.toml (no catalogue
  // entry), models/nvidia/mistral-nemotron.toml (the catalogue files it under nvidia) beside NVIDIA's own listing
  // providers/nvidia/models/mistralai/mistral-nemotron.toml, and NVIDIA's own nvidia/nemotron-mini-4b-instruct.
  const orgs: Record<string, string> = { sarvamai: 'sarvam', nvidia: 'nvidia' };
  const ctx = { matcher: new Matcher(), report: newReport(), resolveDeveloper: (n: string) => orgs[n.toLowerCase()] };
  const mb = buildModels([
    obs({ source_model_id: 'nvidia/mistral-nemotron', vendor_hint: 'nvidia', name: 'Mistral Nemotron' }),
    obs({ source_model_id: 'nvidia/mistralai/mistral-nemotron', provider: 'nvidia', canonical_hint: 'nvidia/mistral-nemotron' }),
    obs({ source_model_id: 'nvidia/sarvamai/sarvam-m', provider: 'nvidia', name: 'sarvam-m' }),
    obs({ source_model_id: 'nvidia/google/google-paligemma', provider: 'nvidia', name: 'google-paligemma' }),
    obs({ source_model_id: 'nvidia/nvidia/nemotron-mini-4b-instruct', provider: 'nvidia', name: 'Nemotron Mini 4B Instruct' }),
  ], [], ctx, () => undefined);
  const vendor = (id: string) => mb.models.find((m) => m.id === id)?.vendor;
  assert.equal(vendor('sarvam-m'), 'sarvam');
  assert.equal(vendor('google-paligemma'), 'google');
  assert.equal(vendor('mistral-nemotron'), 'mistral');
  assert.equal(vendor('nemotron-mini-4b-instruct'), 'nvidia');
  assert.ok(ctx.report.notes.includes(
    "model mistral-nemotron: vendor mistral, the namespace of nvidia's own listing nvidia/mistralai/mistral-nemotron"));
});

test('a knowledge cutoff after the release yields to a consistent one, or is withheld with the reason', () => {
  // models.dev 2026-07-02: mistral/open-mistral-7b gives release 2023-09-27 and cutoff 2023-12, a month the model,
  // released in September 2023, cannot know. With no other cutoff the field is absent and `withheld` says why.
  const alone = run([obs({ source_model_id: 'mistral/open-mistral-7b', name: 'Mistral 7B', release_date: '2023-09-27', knowledge_cutoff: '2023-12' })]);
  const m = alone.model('open-mistral-7b')!;
  assert.equal(m.knowledge_cutoff, undefined);
  assert.deepEqual(m.withheld, [{ field: 'knowledge_cutoff', value: '2023-12', as_of: asOf, source: 'models-dev', reason: 'is after the release date 2023-09-27' }]);
  // A second listing with a cutoff before the release is served instead, and the note names the one set aside.
  const two = run([
    obs({ source_model_id: 'mistral/open-mistral-7b', name: 'Mistral 7B', release_date: '2023-09-27', knowledge_cutoff: '2023-12' }),
    obs({ source_model_id: 'other/open-mistral-7b', provider: 'other', knowledge_cutoff: '2023-08' }),
  ]).model('open-mistral-7b')!;
  assert.equal(two.knowledge_cutoff?.value, '2023-08');
  assert.match(two.knowledge_cutoff!.note!, /2023-12 \(models-dev\) is after the release date 2023-09-27: set aside/);
  assert.equal(two.withheld, undefined);
});

test('a licence row of the developer\'s page sets the licence, with its quote, and does not rename the model', () => {
  // data/curated/developer-licences.csv names the model by its canonical id; the catalogue spells the repo's name.
  const apache = { id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true };
  const page = { url: 'https://huggingface.co/mistralai/Mistral-7B-v0.1', quote: 'License: apache-2.0', read_on: '2026-11-27' };
  const note = 'https://huggingface.co/mistralai/Mistral-7B-v0.1, read 2026-11-27: "License: apache-2.0"';
  const ctx = { matcher: new Matcher(), report: newReport(), resolveDeveloper: () => undefined };
  const mb = buildModels([
    obs({ source_model_id: 'mistral/Mistral-7B-v0.1', open_weights: true }),
    { source: 'developer-licences', source_model_id: 'mistral-7b-v0.1', canonical_hint: 'mistral-7b-v0.1', as_of: '2026-11-27',
      url: 'https://huggingface.co/mistralai/Mistral-7B-v0.1', licence_text: 'Apache 2.0', licence_page: page },
  ], [], ctx, (t) => (t.toLowerCase() === 'apache 2.0' ? apache : undefined));
  const m = mb.models.find((x) => x.id === 'mistral-7b-v0.1')!;
  assert.deepEqual([m.licence?.value.id, m.licence?.source, m.licence?.note, m.licence?.evidence_page], ['apache-2.0', 'developer-licences', note, page]);
  assert.equal(m.name.value, 'Mistral-7B-v0.1');
  assert.equal(m.open_weights?.value, true);
});

test("a developer's listing with a reviewed row is created under the row's id, and a name that spells another model is not its name", () => {
  // genai-prices npm 0.1.8: provider google lists {"id": "gemini-flash-1.5-8b", "name": "gemini 1.5 flash"} (priced by
  // https://ai.google.dev/gemini-api/docs/pricing#gemini-1.5-flash-8b), provider openrouter {"name": "Gemini 1.5 Flash 8B"};
  // the arena rates gemini-1.5-flash-8b-001. data/curated/aliases.csv: *,gemini-flash-1.5-8b,gemini-1.5-flash-8b.
  const matcher = new Matcher([{ source: '*', source_id: 'gemini-flash-1.5-8b', canonical_id: 'gemini-1.5-flash-8b', reason: 'word order' }]);
  const ctx = { matcher, report: newReport(), resolveDeveloper: () => undefined };
  const rating = {
    source: 'lmarena', as_of: '2026-08-19', source_model_id: 'gemini-1.5-flash-8b-001', leaderboard: 'text', category: 'overall',
    rating: 1225.95, rating_lower: 1221.68, rating_upper: 1230.22,
  } as RatingObservation;
  const mb = buildModels([
    obs({ source_model_id: 'google/gemini-1.5-flash', provider: 'google', source: 'genai-prices-npm', name: 'Gemini 1.5 Flash' }),
    obs({ source_model_id: 'google/gemini-flash-1.5-8b', provider: 'google', source: 'genai-prices-npm', name: 'gemini 1.5 flash' }),
    obs({ source_model_id: 'openrouter/gemini-flash-1.5-8b', provider: 'openrouter', source: 'genai-prices-npm', name: 'Gemini 1.5 Flash 8B' }),
  ], [rating], ctx, () => undefined);
  assert.deepEqual(mb.models.map((m) => m.id), ['gemini-1.5-flash', 'gemini-1.5-flash-8b']);
  assert.equal(mb.resolve('lmarena', 'gemini-1.5-flash-8b-001'), 'gemini-1.5-flash-8b');
  assert.equal(mb.models[1].name.value, 'Gemini 1.5 Flash 8B');
  assert.equal(mb.models[0].name.value, 'Gemini 1.5 Flash');
});

test("the developer's own cloud platform makes a model only of a listing a reviewed row names, and the developer's label leaves the name", () => {
  // models.dev 2026-07-02: providers/azure/models/phi-4-reasoning-plus.toml (name "Phi-4-reasoning-plus", $0.125/$0.50)
  // and providers/azure/models/phi-4-mini-flash-reasoning.toml; data/curated/aliases.csv:
  // *,phi-4-reasoning-plus,phi-4-reasoning-plus. Azure is Microsoft's platform (first-party.ts), not Microsoft's API.
  const listings = [
    obs({ source_model_id: 'azure/phi-4-reasoning-plus', provider: 'azure', name: 'Phi-4-reasoning-plus' }),
    obs({ source_model_id: 'azure/phi-4-mini-flash-reasoning', provider: 'azure', name: 'Phi-4-mini-flash-reasoning' }),
    // OpenRouter's catalogue entry as models.dev copies it: "Cohere: Command R (08-2024)".
    obs({ source_model_id: 'openrouter/cohere/command-r-08-2024', provider: 'openrouter', name: 'Cohere: Command R (08-2024)' }),
  ];
  const reviewed = [{ source: '*', source_id: 'phi-4-reasoning-plus', canonical_id: 'phi-4-reasoning-plus', reason: 'its own weights' }];
  const orgs: Record<string, string> = { cohere: 'cohere', microsoft: 'microsoft' };
  const build = (rows: typeof reviewed) => buildModels(listings, [],
    { matcher: new Matcher(rows), report: newReport(), resolveDeveloper: (n: string) => orgs[n.toLowerCase()] }, () => undefined);
  const withRow = build(reviewed);
  assert.deepEqual(withRow.models.map((m) => [m.id, m.vendor]), [['command-r-08-2024', 'cohere'], ['phi-4-reasoning-plus', 'microsoft']]);
  assert.equal(withRow.models[0].name.value, 'Command R (08-2024)');
  // Without the row Azure's listings make nothing: Azure also sells other developers' models under its own spellings.
  assert.deepEqual(build([]).models.map((m) => m.id), ['command-r-08-2024']);
});

test("a leaderboard row a reviewed row names as its own model is one, and the arena's preview row joins the catalogue's preview", () => {
  // lmarena-daily-2026 lmarena-hf-text-2026-08-22.json: hy3 1441.85 ("Apache 2.0") and hunyuan-hy3-preview 1404.54
  // ("tencent-hunyuan-community"), two rows of one leaderboard naming no organisation; models.dev lists only
  // tencent/hy3-preview ("Hy3 preview").
  // data/curated/aliases.csv: lmarena,hy3,hy3 and lmarena,hunyuan-hy3-preview,hy3-preview.
  const rating = (name: string, value: number): RatingObservation => ({
    source: 'lmarena', as_of: '2026-08-19', source_model_id: name, leaderboard: 'text', category: 'overall', organization: '',
    rating: value, rating_lower: value - 5, rating_upper: value + 5,
  } as RatingObservation);
  const listing = obs({ source_model_id: 'openrouter/tencent/hy3-preview', provider: 'openrouter', name: 'Hy3 preview' });
  const ratings = [rating('hy3', 1441.85), rating('hunyuan-hy3-preview', 1404.54)];
  const build = (rows: Array<{ source: string; source_id: string; canonical_id: string; reason: string }>) => {
    // A current row is also an observation of its model (build.ts), as the arena's own name and licence.
    const rowObs = ratings.map((r) => obs({ source: 'lmarena', source_model_id: r.source_model_id, as_of: r.as_of }));
    const mb = buildModels([listing, ...rowObs], ratings, { matcher: new Matcher(rows), report: newReport(), resolveDeveloper: () => undefined },
      () => undefined);
    return { ids: mb.models.map((m) => m.id), resolve: (id: string) => mb.resolve('lmarena', id) };
  };
  // Without rows the key less `-preview` gives the arena's hy3 to Hy3 preview.
  assert.equal(build([]).resolve('hy3'), 'hy3-preview');
  const after = build([
    { source: 'lmarena', source_id: 'hy3', canonical_id: 'hy3', reason: 'another model than the preview' },
    { source: 'lmarena', source_id: 'hunyuan-hy3-preview', canonical_id: 'hy3-preview', reason: "the arena's name of the preview" },
  ]);
  assert.deepEqual(after.ids, ['hy3', 'hy3-preview']);
  assert.equal(after.resolve('hy3'), 'hy3');
  assert.equal(after.resolve('hunyuan-hy3-preview'), 'hy3-preview');
});
