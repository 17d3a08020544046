// One model, one record: listings of the same weights under a short and a long id resolve to one model with all offers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();

// Each pair was found by looking for a short id whose parameter counts equal a longer id's (same developer), then
// checked against the listing or the model card named in data/curated/aliases.csv.
const SAME = [
  {
    canonical: 'qwen3-coder-480b-a35b-instruct',
    // OpenRouter's listing (https://openrouter.ai/qwen/qwen3-coder) and the Hugging Face repo.
    listings: ['openrouter/qwen/qwen3-coder', 'Qwen/Qwen3-Coder-480B-A35B-Instruct'],
    offerFrom: 'openrouter',
  },
  {
    canonical: 'ernie-4.5-300b-a47b',
    // The PaddlePaddle copy of the weights, as Novita lists it, and the plain listing SiliconFlow serves.
    listings: ['novita-ai/baidu/ernie-4.5-300b-a47b-paddle', 'siliconflow/baidu/ERNIE-4.5-300B-A47B'],
    offerFrom: 'novita-ai',
  },
  {
    canonical: 'pixtral-12b',
    // models.dev models/mistral/pixtral-12b.toml: weights https://huggingface.co/mistralai/Pixtral-12B-2409;
    // providers/scaleway/models/pixtral-12b-2409.toml: base_model = "mistral/pixtral-12b". The arena's row
    // (lmarena_vision-2025-08-04.csv: "Pixtral-12B-2409,...,Mistral,Apache 2.0") rates the same weights.
    listings: ['scaleway/pixtral-12b-2409', 'mistral/pixtral-12b-2409', 'watsonx/mistralai/pixtral-12b-2409', 'Pixtral-12B-2409'],
    offerFrom: 'watsonx',
  },
];

for (const s of SAME) {
  test(`${s.canonical}: every listing resolves to it, and it carries their offers`, () => {
    for (const l of s.listings) assert.equal(ds.resolveModelId(l), s.canonical, l);
    const offers = ds.offersByModel.get(s.canonical) ?? [];
    assert.ok(offers.some((o) => o.provider === s.offerFrom), `no ${s.offerFrom} offer on ${s.canonical}`);
  });
}

test('the short duplicate ids are gone', () => {
  assert.equal(ds.modelById.has('qwen3-coder'), false);
  assert.equal(ds.modelById.has('ernie-4.5-300b-a47b-paddle'), false);
  assert.equal(ds.modelById.has('pixtral-12b-2409'), false);
  // Pixtral 12B is open and Apache 2.0 in one record; Scaleway's one listing, spelled two ways, is one offer.
  const pixtral = ds.modelById.get('pixtral-12b')!;
  assert.equal(pixtral.open_weights?.value, true);
  assert.equal(pixtral.licence?.value.id, 'apache-2.0');
  assert.equal((ds.offersByModel.get('pixtral-12b') ?? []).filter((o) => o.provider === 'scaleway').length, 1);
  // The merged Qwen3-Coder keeps its LMArena rating: OpenRouter's listing now reaches a rated model.
  assert.ok((ds.ratingsByModel.get('qwen3-coder-480b-a35b-instruct') ?? []).length > 0);
});

// The arena and OpenRouter spell some models with their words in another order than the developer and the
// resellers do (data/curated/aliases.csv). Each pair names one model: the entry people can buy carries the rating.
// Rated names from lmarena-daily-2026/lmarena-hf-text-2026-08-22.json (model_name), offered ids from the listings.
const REORDERED = [
  { canonical: 'llama-3.3-nemotron-super-49b-v1', rated: 'llama-3.3-nemotron-49b-super-v1', offered: 'nvidia/Llama-3.3-Nemotron-Super-49B-v1' },
  { canonical: 'gemini-1.5-flash', rated: 'gemini-1.5-flash-002', offered: 'openrouter/google/gemini-flash-1.5' },
  { canonical: 'gemini-1.5-pro', rated: 'gemini-1.5-pro-002', offered: 'openrouter/google/gemini-pro-1.5' },
  { canonical: 'llama-3.2-11b-vision-instruct', rated: 'llama-3.2-vision-11b-instruct', offered: 'meta-llama/Llama-3.2-11B-Vision-Instruct' },
  { canonical: 'llama-3.2-90b-vision-instruct', rated: 'llama-3.2-vision-90b-instruct', offered: 'meta-llama/Llama-3.2-90B-Vision-Instruct' },
];

for (const r of REORDERED) {
  test(`${r.rated} and ${r.offered} are one model, rated and offered`, () => {
    assert.equal(ds.resolveModelId(r.rated), r.canonical);
    assert.equal(ds.resolveModelId(r.offered), r.canonical);
    assert.ok((ds.ratingsByModel.get(r.canonical) ?? []).length > 0, `no rating on ${r.canonical}`);
    assert.ok((ds.offersByModel.get(r.canonical) ?? []).length > 0, `no offer on ${r.canonical}`);
  });
}

test('Sao10K L3.3 Euryale 70B v2.3 is one model under its repository and OpenRouter id', () => {
  // https://huggingface.co/Sao10K/L3.3-70B-Euryale-v2.3; https://openrouter.ai/sao10k/l3.3-euryale-70b
  assert.equal(ds.resolveModelId('openrouter/sao10k/l3.3-euryale-70b'), 'l3.3-70b-euryale-v2.3');
  assert.equal(ds.resolveModelId('Sao10K/L3.3-70B-Euryale-v2.3'), 'l3.3-70b-euryale-v2.3');
  const providers = new Set((ds.offersByModel.get('l3.3-70b-euryale-v2.3') ?? []).map((o) => o.provider));
  for (const p of ['deepinfra', 'nano-gpt', 'openrouter', 'kilo']) assert.ok(providers.has(p), `no ${p} offer`);
});

test('QwQ-32B-Preview and QwQ-32B are two models, each with its own ratings and release date', () => {
  // Qwen's announcements: the preview on 2024-11-28 (https://qwenlm.github.io/blog/qwq-32b-preview/), the final
  // model with other weights on 2025-03-06 (https://qwenlm.github.io/blog/qwq-32b/).
  assert.equal(ds.resolveModelId('openrouter/qwen/qwq-32b-preview'), 'qwq-32b-preview');
  assert.equal(ds.resolveModelId('Qwen/QwQ-32B'), 'qwq-32b');
  assert.equal(ds.modelById.get('qwq-32b')?.release_date?.value, '2025-03-06');
  assert.equal(ds.modelById.get('qwq-32b-preview')?.release_date?.value, '2024-11-28');
  // The arena rates both (model_name qwq-32b-preview and qwq-32b): each rating stays with its own model.
  const variants = (id: string) => new Set((ds.ratingsByModel.get(id) ?? []).map((r) => r.variant));
  assert.deepEqual([...variants('qwq-32b')], ['qwq-32b']);
  assert.deepEqual([...variants('qwq-32b-preview')], ['qwq-32b-preview']);
});

test('Gemini 1.5 Flash-8B is one model: rated, offered and retired by Google on 2025-09-29', () => {
  // genai-prices npm 0.1.8, provider google: {"id": "gemini-flash-1.5-8b", "name": "gemini 1.5 flash", "price_comments":
  // "See https://ai.google.dev/gemini-api/docs/pricing#gemini-1.5-flash-8b", input_mtok 0.0375}; provider openrouter:
  // {"id": "gemini-flash-1.5-8b", "name": "Gemini 1.5 Flash 8B"}. The arena (lmarena-hf-text-2026-08-22.json) rates
  // model_name gemini-1.5-flash-8b-001 (1225.95, 35558 votes); lmarena-fboulnois links that row to
  // aistudio.google.com/...&model=gemini-1.5-flash-8b. deprecations-rss, Google gemini-1.5-flash-8b: shutdown_date
  // 2025-09-29 ("The following Gemini 1.5 models are now shut down: gemini-1.5-pro gemini-1.5-flash-8b gemini-1.5-flash").
  for (const id of ['openrouter/google/gemini-flash-1.5-8b', 'google/gemini-flash-1.5-8b', 'gemini-1.5-flash-8b-001', 'gemini-1.5-flash-8b']) {
    assert.equal(ds.resolveModelId(id), 'gemini-1.5-flash-8b', id);
  }
  const m = ds.modelById.get('gemini-1.5-flash-8b');
  assert.equal(m?.shutdown_date?.value, '2025-09-29');
  assert.equal(m?.status?.value, 'deprecated');
  // Google's listing is named after Gemini 1.5 Flash in genai-prices: that name is the other model's.
  assert.equal(m?.name.value, 'Gemini 1.5 Flash 8B');
  const rated = (ds.ratingsByModel.get('gemini-1.5-flash-8b') ?? []).find((r) => r.leaderboard === 'text' && r.category === 'overall' && r.as_of === '2026-08-19');
  assert.equal(rated?.rating, 1225.95);
  const google = (ds.offersByModel.get('gemini-1.5-flash-8b') ?? []).find((o) => o.provider === 'google');
  assert.equal(google?.prices.input?.value, 0.0375);
  assert.equal(google?.status?.value, 'deprecated');
  assert.equal(ds.modelById.has('gemini-flash-1.5-8b'), false);
});

test('a listing whose catalogue pointer names a sibling model stays on the model its id names', () => {
  // models.dev 2026-07-02: providers/neon/models/claude-sonnet-4.toml has base_model = "anthropic/claude-sonnet-4-5-20250929"
  // while neon/claude-sonnet-4-5.toml lists Claude Sonnet 4.5 apart; providers/databricks/models/databricks-claude-sonnet-4.toml
  // has the same pointer, and LiteLLM lists databricks/databricks-claude-sonnet-4 beside -4-1 and -4-5. Claude Sonnet 4 is
  // claude-sonnet-4-0 (deprecations-rss: claude-sonnet-4-20250514 shutdown_date 2026-06-15).
  const onModel = (model: string, provider: string, id: string) =>
    (ds.offersByModel.get(model) ?? []).filter((o) => o.provider === provider && o.provider_model_id === id);
  assert.equal(onModel('claude-sonnet-4-0', 'neon', 'claude-sonnet-4').length, 1);
  assert.equal(onModel('claude-sonnet-4-5', 'neon', 'claude-sonnet-4').length, 0);
  assert.equal(onModel('claude-sonnet-4-0', 'databricks', 'databricks-claude-sonnet-4').length, 1);
  assert.equal(onModel('claude-sonnet-4-5', 'databricks', 'databricks-claude-sonnet-4').length, 0);
  // providers/moonshotai/models/kimi-k2.7-code-highspeed.toml: base_model = "moonshotai/kimi-k2.7-code", name "Kimi K2.7 Code
  // HighSpeed", cost.input = 1.90; the catalogue has models/moonshotai/kimi-k2.7-code-highspeed.toml; genai-prices' moonshotai
  // kimi-k2.7-code-highspeed: input_mtok 1.9. Kimi K2.7 Code itself: cost.input = 0.95.
  for (const p of ['moonshotai', 'moonshotai-cn']) {
    assert.equal(onModel('kimi-k2.7-code', p, 'kimi-k2.7-code-highspeed').length, 0, p);
    assert.equal(onModel('kimi-k2.7-code-highspeed', p, 'kimi-k2.7-code-highspeed')[0]?.prices.input?.value, 1.9, p);
  }
  assert.deepEqual([...new Set(onModel('kimi-k2.7-code', 'moonshotai', 'kimi-k2.7-code').map((o) => o.prices.input?.value))], [0.95]);
});

test("OCI's cohere.command-latest is a pointer kept apart, not Cohere Command", () => {
  // LiteLLM 2026-07-24: "oci/cohere.command-latest" max_input_tokens 128000, input_cost_per_token 1.56e-06, the same as
  // "oci/cohere.command-r-plus-08-2024" and "oci/cohere.command-plus-latest" (already unmatched); Cohere Command's window
  // is 4,096 tokens (models.dev) and OCI's Command R 08-2024 costs 1.5e-07. No source names the model the pointer serves.
  assert.equal(ds.resolveModelId('oci/cohere.command-latest'), undefined);
  assert.equal((ds.offersByModel.get('command') ?? []).some((o) => o.provider === 'oci'), false);
  assert.equal(ds.modelById.get('command')?.context_window?.value, 4096);
});

test("Mistral's own API names for Mistral Saba resolve to it; a spelling another model holds stays with it", () => {
  // docs.mistral.ai/models/mistral-saba-25-02: "apiNames: ['mistral-saba-2502', 'mistral-saba-latest']". No snapshot
  // lists either id, and a YYMM tail is a version of its own to the keys: the alias rows join them.
  assert.equal(ds.resolveModelId('mistral-saba-2502'), 'mistral-saba');
  assert.equal(ds.resolveModelId('mistral-saba-latest'), 'mistral-saba');
  // A row for every source that another model's listing already holds stays with that model: deepseek-reasoner's `*`
  // row names DeepSeek-R1 for the sources that price it so, while DeepSeek's own name is deepseek-chat's thinking mode.
  assert.equal(ds.resolveModelId('deepseek-reasoner'), 'deepseek-chat');
});
