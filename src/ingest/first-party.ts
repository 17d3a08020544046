// Providers that are the model developer's own API: their catalogue entries speak for the model itself.

/** models.dev provider id -> developer id. Regional twins (`-cn`) and plans of the same company count too. */
export const FIRST_PARTY: Readonly<Record<string, string>> = {
  anthropic: 'anthropic',
  openai: 'openai',
  google: 'google',
  mistral: 'mistral',
  deepseek: 'deepseek',
  xai: 'xai',
  cohere: 'cohere',
  moonshotai: 'moonshotai',
  'moonshotai-cn': 'moonshotai',
  zhipuai: 'zhipuai',
  zai: 'zhipuai',
  alibaba: 'alibaba',
  'alibaba-cn': 'alibaba',
  minimax: 'minimax',
  'minimax-cn': 'minimax',
  llama: 'meta',
  nvidia: 'nvidia',
  perplexity: 'perplexity',
  stepfun: 'stepfun',
  xiaomi: 'xiaomi',
  sakana: 'sakana',
  sarvam: 'sarvam',
  upstage: 'upstage',
  inception: 'inception',
  poolside: 'poolside',
  morph: 'morph',
  amazon: 'amazon',
  // AI21 Studio's Jamba API (api.ai21.com/studio/v1, docs.ai21.com); LiteLLM's `ai21` provider lists it.
  ai21: 'ai21',
};

/**
 * OpenRouter-style vendor prefixes (`meta-llama/…`, `qwen/…`) -> developer id, for resellers whose ids
 * name the developer. Prefixes not listed resolve through the developer table's aliases.
 */
export const VENDOR_PREFIX: Readonly<Record<string, string>> = {
  'meta-llama': 'meta',
  meta: 'meta',
  mistralai: 'mistral',
  qwen: 'alibaba',
  'x-ai': 'xai',
  'z-ai': 'zhipuai',
  'thudm': 'zhipuai',
  'zai-org': 'zhipuai',
  'deepseek-ai': 'deepseek',
  'moonshotai': 'moonshotai',
  'google': 'google',
  'openai': 'openai',
  'anthropic': 'anthropic',
  'microsoft': 'microsoft',
  'ibm-granite': 'ibm',
  'nvidia': 'nvidia',
  'cohere': 'cohere',
  'amazon': 'amazon',
  'minimax': 'minimax',
  'minimaxai': 'minimax',
  'bytedance-seed': 'bytedance',
  'stepfun-ai': 'stepfun',
  'xiaomimimo': 'xiaomi',
};

/** Model-name brands that name their developer: a first-party API entry for another brand is a resale. */
const BRANDS: ReadonlyArray<[RegExp, string]> = [
  [/^claude/, 'anthropic'], [/^(gpt|o[134]|chatgpt|codex|dall-e|whisper|tts)(-|$)/, 'openai'],
  [/^(gemini|gemma|palm|learnlm)/, 'google'], [/^(meta-)?(code)?llama/, 'meta'],
  [/^(mistral|mixtral|codestral|magistral|ministral|pixtral|devstral|voxtral)/, 'mistral'],
  [/^deepseek/, 'deepseek'], [/^(qwen|qwq|qvq)/, 'alibaba'], [/^grok/, 'xai'], [/^command/, 'cohere'],
  [/^kimi/, 'moonshotai'], [/^(glm|chatglm|codegeex)/, 'zhipuai'], [/^minimax/, 'minimax'], [/^(nemotron|nvidia)/, 'nvidia'],
  [/^phi-?\d/, 'microsoft'], [/^(amazon-)?nova/, 'amazon'],
];

/** The developer a model's name states (`deepseek-v3` -> deepseek), if it is one of the known brands. */
export function brandVendor(id: string): string | undefined {
  const s = id.toLowerCase().slice(id.lastIndexOf('/') + 1);
  return BRANDS.find(([re]) => re.test(s))?.[1];
}

/**
 * Providers that belong to a model developer's own company without being its model API: its cloud platform
 * (Vertex AI is Google's, Bedrock and the Nova API Amazon's, Azure Microsoft's), its subscription plans (coding
 * and token plans), its consumer login. Each id's `provider.toml` in models.dev names the company's own API
 * host (`api.z.ai/api/coding`, `api.kimi.com/coding`, `token-plan-ams.xiaomimimo.com`, `api.nova.amazon.com`);
 * `chatgpt`, `meta`, `volcengine`, `tencent` and `watsonx` are LiteLLM's ids for OpenAI's ChatGPT login, Meta's
 * Llama API, ByteDance's Volcano Engine, Tencent Cloud and IBM watsonx. Selling another company's model there is
 * a resale (Claude on Vertex AI, GPT on Azure).
 */
const OWN_PLATFORMS: Readonly<Record<string, string>> = {
  'google-vertex': 'google',
  'amazon-bedrock': 'amazon',
  nova: 'amazon',
  azure: 'microsoft',
  'azure-cognitive-services': 'microsoft',
  chatgpt: 'openai',
  meta: 'meta',
  'alibaba-coding-plan': 'alibaba',
  'alibaba-coding-plan-cn': 'alibaba',
  'alibaba-token-plan': 'alibaba',
  'alibaba-token-plan-cn': 'alibaba',
  'minimax-coding-plan': 'minimax',
  'minimax-cn-coding-plan': 'minimax',
  'zai-coding-plan': 'zhipuai',
  'zhipuai-coding-plan': 'zhipuai',
  'kimi-for-coding': 'moonshotai',
  'xiaomi-token-plan-ams': 'xiaomi',
  'xiaomi-token-plan-cn': 'xiaomi',
  'xiaomi-token-plan-sgp': 'xiaomi',
  'stepfun-ai': 'stepfun',
  'perplexity-agent': 'perplexity',
  tencent: 'tencent',
  'tencent-coding-plan': 'tencent',
  'tencent-tokenhub': 'tencent',
  volcengine: 'bytedance',
  watsonx: 'ibm',
  databricks: 'databricks',
  'snowflake-cortex': 'snowflake',
};

/** The developer a provider belongs to, if it belongs to one. */
export function ownerOf(provider: string): string | undefined {
  return FIRST_PARTY[provider] ?? OWN_PLATFORMS[provider];
}

/** Whether a provider sells the developer's model first-hand (the developer's API, platform or plan). */
export function isFirstParty(provider: string | undefined, developer: string): boolean {
  return provider !== undefined && ownerOf(provider) === developer;
}
