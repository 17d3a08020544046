// One table mapping genai-prices and LiteLLM provider ids to models.dev provider ids, the project's provider vocabulary.
import { slugify } from './catalogue-util.ts';

/**
 * genai-prices provider id -> models.dev provider id (`ls providers/` of the models.dev snapshot).
 * Ids absent here have no models.dev provider and pass through slugified: arcee, avian, cursor, doubleword,
 * modal, quicksilverpro, typesafe, voyageai. `huggingface_<backend>` is Hugging Face's router with a
 * pinned backend: it maps to `huggingface` (the adapter keeps the backend in the model id).
 */
const GENAI_PRICES: Record<string, string> = {
  anthropic: 'anthropic',
  aws: 'amazon-bedrock',
  azure: 'azure',
  baseten: 'baseten',
  cerebras: 'cerebras',
  // genai-prices' `cloudflare` lists Workers AI models (`@cf/...`), priced per Workers AI.
  cloudflare: 'cloudflare-workers-ai',
  cohere: 'cohere',
  deepseek: 'deepseek',
  fireworks: 'fireworks-ai',
  'github-copilot': 'github-copilot',
  google: 'google',
  groq: 'groq',
  minimax: 'minimax',
  mistral: 'mistral',
  moonshotai: 'moonshotai',
  novita: 'novita-ai',
  openai: 'openai',
  openrouter: 'openrouter',
  ovhcloud: 'ovhcloud',
  perplexity: 'perplexity',
  together: 'togetherai',
  // The repo's yml file is x_ai.yml with id `x-ai`; early history used `x`.
  'x-ai': 'xai',
  x_ai: 'xai',
  x: 'xai',
  zai: 'zai',
  zhipuai: 'zhipuai',
};

/**
 * LiteLLM `litellm_provider` -> models.dev provider id. Every `vertex_ai-*` family maps to `google-vertex`
 * (see toModelsDevProvider). Left unmapped (no models.dev provider, or not the same service): ai21,
 * anyscale, chatgpt (ChatGPT-subscription login, not the OpenAI API), crusoe, darkbloom, featherless_ai,
 * gigachat, heroku, hyperbolic, lambda_ai, lemonade, libertai, llamagate, meta, nlp_cloud, nscale, oci,
 * ollama (a local runtime, not Ollama Cloud), pinstripes, publicai, replicate, sagemaker, sambanova,
 * tencent, tensormesh, volcengine, watsonx.
 */
const LITELLM: Record<string, string> = {
  anthropic: 'anthropic',
  openai: 'openai',
  'text-completion-openai': 'openai',
  azure: 'azure',
  azure_text: 'azure',
  azure_ai: 'azure',
  bedrock: 'amazon-bedrock',
  bedrock_converse: 'amazon-bedrock',
  // Bedrock's OpenAI-compatible endpoint; models.dev lists those models under amazon-bedrock too.
  bedrock_mantle: 'amazon-bedrock',
  vertex_ai: 'google-vertex',
  gemini: 'google',
  // The legacy PaLM API was Google's Generative Language API, today's Gemini API.
  palm: 'google',
  fireworks_ai: 'fireworks-ai',
  together_ai: 'togetherai',
  xai: 'xai',
  mistral: 'mistral',
  codestral: 'mistral',
  'text-completion-codestral': 'mistral',
  deepseek: 'deepseek',
  groq: 'groq',
  cerebras: 'cerebras',
  perplexity: 'perplexity',
  openrouter: 'openrouter',
  novita: 'novita-ai',
  deepinfra: 'deepinfra',
  nebius: 'nebius',
  ovhcloud: 'ovhcloud',
  scaleway: 'scaleway',
  databricks: 'databricks',
  snowflake: 'snowflake-cortex',
  cloudflare: 'cloudflare-workers-ai',
  github_copilot: 'github-copilot',
  moonshot: 'moonshotai',
  // LiteLLM's DashScope default base is dashscope-intl, models.dev's `alibaba` (not `alibaba-cn`).
  dashscope: 'alibaba',
  zai: 'zai',
  minimax: 'minimax',
  cohere: 'cohere',
  cohere_chat: 'cohere',
  vercel_ai_gateway: 'vercel',
  wandb: 'wandb',
  baseten: 'baseten',
  meta_llama: 'llama',
  amazon_nova: 'nova',
  friendliai: 'friendli',
  gmi: 'gmicloud',
  // DigitalOcean's Gradient AI platform.
  gradient_ai: 'digitalocean',
  v0: 'v0',
  morph: 'morph',
  inception: 'inception',
  'text-completion-inception': 'inception',
  sarvam: 'sarvam',
};

const TABLES = { 'genai-prices': GENAI_PRICES, litellm: LITELLM } as const;

/** Whether a provider id has an entry in the table (the adapter tests list the ids that do not). */
export function isMappedProvider(source: 'genai-prices' | 'litellm', id: string): boolean {
  if (source === 'litellm' && id.startsWith('vertex_ai-')) return true;
  if (source === 'genai-prices' && id.startsWith('huggingface_')) return true;
  return Object.hasOwn(TABLES[source], id);
}

/** The models.dev provider id for a genai-prices or LiteLLM provider id; unmapped ids pass through slugified. */
export function toModelsDevProvider(source: 'genai-prices' | 'litellm', id: string): string {
  // `vertex_ai-anthropic_models`, `vertex_ai-language-models`, ...: LiteLLM splits Vertex AI by model family.
  if (source === 'litellm' && id.startsWith('vertex_ai-')) return 'google-vertex';
  if (source === 'genai-prices' && id.startsWith('huggingface_')) return 'huggingface';
  const table = TABLES[source];
  return Object.hasOwn(table, id) ? table[id] : slugify(id);
}

/**
 * One provider's service that models.dev lists under a second provider id (its provider.toml files in
 * models.dev-toml-HEAD-2026-07-02): `azure-cognitive-services` shares `azure`'s doc page
 * (learn.microsoft.com/en-us/azure/ai-services/openai/concepts/models) and its `@ai-sdk/azure` package, and names the
 * endpoints `<resource>.openai.azure.com` and `<resource>.services.ai.azure.com` of Microsoft Foundry;
 * `google-vertex-anthropic` ("Vertex (Anthropic)", `@ai-sdk/google-vertex/anthropic`, doc page
 * vertex-ai/generative-ai/docs/partner-models/claude) is Claude on Vertex AI, which LiteLLM and genai-prices list under
 * `google-vertex`. The provider's own lifecycle notices are about its service, so they speak for the listings under
 * either id: Azure's model-lifecycle-retirement page retires o4-mini at `azure-cognitive-services` as at `azure`.
 */
const SERVICE_OF: Readonly<Record<string, string>> = {
  'azure-cognitive-services': 'azure',
  'google-vertex-anthropic': 'google-vertex',
};

/** The provider id whose notices speak for a provider's listings: the service's own id, else the id itself. */
export function noticeProviderOf(provider: string): string {
  return Object.hasOwn(SERVICE_OF, provider) ? SERVICE_OF[provider] : provider;
}

/**
 * models.dev provider ids that are model developers selling their own models first-hand, so that a
 * model listed there without a vendor may be attributed to them (`vendor_hint`). Only developers whose
 * own API serves nothing but their own models are listed (not nvidia, whose API hosts others' models).
 */
export const FIRST_PARTY_PROVIDERS: ReadonlySet<string> = new Set([
  'anthropic',
  'openai',
  'google',
  'mistral',
  'xai',
  'deepseek',
  'cohere',
  'moonshotai',
  'minimax',
  'zai',
  'zhipuai',
]);
