import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Matcher } from './matcher.ts';

function m(): Matcher {
  const x = new Matcher([
    { source: 'lmarena', source_id: 'gemini-exp-1206', canonical_id: 'gemini-2.0-pro', reason: 'renamed at release' },
    { source: '*', source_id: 'gpt2-chatbot', canonical_id: '', reason: 'anonymous arena model' },
  ]);
  for (const id of ['claude-opus-4-8', 'claude-sonnet-4', 'llama-3.3-70b-instruct', 'gemini-2.0-pro', 'qwen3-max', 'qwen3-8b']) x.addCanonical(id);
  x.addWeightsUrl('https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct', 'llama-3.3-70b-instruct');
  return x;
}

test('the alias table wins and can exclude an id', () => {
  assert.deepEqual(m().resolve('lmarena', 'gemini-exp-1206'), { id: 'gemini-2.0-pro', rule: 'alias-table' });
  assert.equal(m().resolve('lmarena', 'gpt2-chatbot'), null);
});

test('rules: exact, vendor-prefixed, snapshot, variant, weights URL', () => {
  const x = m();
  assert.equal(x.resolve('genai', 'anthropic/claude-opus-4.8')?.id, 'claude-opus-4-8');
  assert.deepEqual(x.resolve('litellm', 'claude-sonnet-4-20250514'), { id: 'claude-sonnet-4', rule: 'snapshot' });
  assert.deepEqual(x.resolve('lmarena', 'claude-opus-4-8-thinking'), { id: 'claude-opus-4-8', rule: 'variant' });
  assert.deepEqual(x.resolve('llmfit', 'meta-llama/Llama-3.3-70B-Instruct-AWQ', { url: 'https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct' }), { id: 'llama-3.3-70b-instruct', rule: 'weights-url' });
  assert.equal(x.resolve('lmarena', 'qwen3-max')?.id, 'qwen3-max');
});

test('no guess: unknown or ambiguous ids stay unmatched', () => {
  const x = m();
  assert.equal(x.resolve('lmarena', 'mystery-model-7'), undefined);
  x.addCanonical('foo-thinking');
  x.addCanonical('foo-high');
  assert.equal(x.resolve('lmarena', 'foo-max'), undefined);
});

test('Kimi K2 Instruct is not Kimi K2 Thinking; the thinking model keeps its effort variants', () => {
  const x = new Matcher();
  x.addCanonical('kimi-k2-thinking', ['moonshotai/kimi-k2-thinking']);
  assert.equal(x.resolve('models-dev', 'moonshotai/kimi-k2-0905-preview'), undefined);
  assert.equal(x.resolve('models-dev', 'moonshotai/Kimi-K2-Instruct'), undefined);
  assert.equal(x.resolve('lmarena', 'kimi-k2-thinking-high')?.id, 'kimi-k2-thinking');
  x.addCanonical('kimi-k2', ['moonshotai/kimi-k2-0711-preview']);
  assert.equal(x.resolve('litellm', 'groq/moonshotai/kimi-k2-instruct-0905')?.id, 'kimi-k2');
});

test('a distill is not its teacher, whatever the source points to', () => {
  const x = new Matcher();
  x.addCanonical('deepseek-r1');
  // models.dev gives base_model = deepseek/deepseek-r1 for Cloudflare's DeepSeek-R1-Distill-Qwen-32B.
  assert.equal(x.resolve('models-dev', 'cloudflare-workers-ai/@cf/deepseek-ai/deepseek-r1-distill-qwen-32b', { hint: 'deepseek/deepseek-r1' }), undefined);
  assert.equal(x.resolve('models-dev', 'openrouter/deepseek/deepseek-r1-0528', { hint: 'deepseek/deepseek-r1' })?.id, 'deepseek-r1');
});

test('a catalogue name finds a YYMM entry; a shared name or a lossy one finds nothing', () => {
  const x = new Matcher();
  x.addCanonical('mistral-large-2411');
  x.addCanonical('mistral-large-2512');
  x.addName('Mistral Large 2.1', 'mistral-large-2411');
  x.addName('Mistral Large 3', 'mistral-large-2512');
  assert.deepEqual(x.resolve('models-dev', 'mistral/mistral-large-3'), { id: 'mistral-large-2512', rule: 'name' });
  // Neither version is `mistral-large`: the bare family name stays unmatched rather than guessed.
  assert.equal(x.resolve('models-dev', 'snowflake/mistral-large'), undefined);
  assert.equal(x.hasVersionsOf('mistral-large'), true);
  assert.equal(x.hasVersionsOf('mistral-large-2411'), false);
  x.addCanonical('command-r-08-2024');
  x.addName('Command R+', 'command-r-08-2024');
  assert.equal(x.byDisplayName('Command R+'), undefined);
});

test('an alias row naming a model not created yet matches nothing, not the model a catalogue name spells', () => {
  // data/curated/aliases.csv: `*,command-r,command-r-03-2024` (https://docs.cohere.com/v1/docs/command-r: "command-r is
  // an alias for command-r-03-2024"); models.dev names command-r-08-2024 "Command R", which spells `command-r`.
  const x = new Matcher([{ source: '*', source_id: 'command-r', canonical_id: 'command-r-03-2024', reason: "Cohere's alias" }]);
  x.addCanonical('command-r-08-2024');
  x.addName('Command R', 'command-r-08-2024');
  assert.equal(x.resolve('litellm', 'command-r'), undefined);
  assert.equal(x.resolve('litellm', 'amazon-bedrock/cohere.command-r-v1:0'), undefined);
  // Once Cohere's listing of `command-r` creates the model, every spelling with the key reaches it.
  x.addCanonical('command-r-03-2024');
  assert.deepEqual(x.resolve('litellm', 'command-r'), { id: 'command-r-03-2024', rule: 'alias-table' });
  assert.deepEqual(x.resolve('litellm', 'cohere.command-r-v1:0'), { id: 'command-r-03-2024', rule: 'alias-table' });
  assert.deepEqual(x.resolve('models-dev', 'openrouter/cohere/command-r-08-2024'), { id: 'command-r-08-2024', rule: 'exact' });
});

test('a reseller id that is the weights repository finds the model; a pointer keeps its exact spelling only', () => {
  const x = new Matcher();
  x.addCanonical('mistral-small-2506');
  x.addWeightsUrl('https://huggingface.co/mistralai/Mistral-Small-3.2-24B-Instruct-2506', 'mistral-small-2506');
  assert.deepEqual(x.resolve('litellm', 'deepinfra/mistralai/Mistral-Small-3.2-24B-Instruct-2506'), { id: 'mistral-small-2506', rule: 'weights-url' });
  x.addPointer('mistral/mistral-small-latest', 'mistral-small-2506');
  assert.equal(x.resolve('models-dev', 'merge-gateway/mistral/mistral-small-latest')?.id, 'mistral-small-2506');
  assert.equal(x.resolve('models-dev', 'vercel/mistral/mistral-small'), undefined);
});

test('rows for every source become spellings once their model exists', () => {
  const x = new Matcher([{ source: '*', source_id: 'llama-4-maverick', canonical_id: 'llama-4-maverick-17b-instruct', reason: 'one size only' }]);
  x.addCanonical('llama-4-maverick-17b-instruct');
  x.addAliasSpellings();
  // Fireworks' `-basic` serving tier of the same model, found through the row's spelling.
  assert.equal(x.resolve('litellm', 'fireworks-ai/accounts/fireworks/models/llama4-maverick-instruct-basic')?.id, 'llama-4-maverick-17b-instruct');
});

test('a weights repository two models claim joins neither', () => {
  const x = new Matcher();
  x.addCanonical('deepseek-chat');
  x.addCanonical('deepseek-v3.2');
  // models.dev (2026-07-02) gives both deepseek-chat (DeepSeek's API pointer) and deepseek-v3.2 this repository.
  x.addWeightsUrl('https://huggingface.co/deepseek-ai/DeepSeek-V3.2', 'deepseek-chat');
  x.addWeightsUrl('https://huggingface.co/deepseek-ai/DeepSeek-V3.2', 'deepseek-v3.2');
  assert.equal(x.resolve('litellm', 'deepinfra/deepseek-ai/DeepSeek-V3.2')?.id, 'deepseek-v3.2');
  assert.equal(x.byWeights('https://huggingface.co/deepseek-ai/DeepSeek-V3.2'), undefined);
});

test('base and instruct stay apart: a developer\'s repository is the base model, another catalogue\'s bare name is not', () => {
  const x = new Matcher();
  x.addCanonical('llama-3.1-405b-instruct', ['meta-llama/Llama-3.1-405B-Instruct']);
  x.addCanonical('llama-3.3-70b-instruct');
  // https://huggingface.co/meta-llama/Llama-3.1-405B is Meta's pretrained model; OpenRouter's
  // meta-llama/llama-3.1-405b is "Llama 3.1 405B (base)".
  assert.equal(x.resolve('llmfit', 'meta-llama/Llama-3.1-405B'), undefined);
  assert.equal(x.resolve('models-dev', 'openrouter/meta-llama/llama-3.1-405b'), undefined);
  assert.equal(x.resolve('models-dev', 'openrouter/meta-llama/llama-3.1-405b-instruct')?.id, 'llama-3.1-405b-instruct');
  // Meta published no Llama 3.3 base: Cerebras's `llama-3.3-70b` is the instruct model, as before.
  assert.deepEqual(x.resolve('models-dev', 'llama-3.3-70b'), { id: 'llama-3.3-70b-instruct', rule: 'loose' });
  // Only a spelling with an instruct twin makes a base model (Qwen's 2507 names carry no tag and are instruct models).
  assert.equal(x.instructTwin('openrouter/meta-llama/llama-3.1-405b'), 'llama-3.1-405b-instruct');
  x.addCanonical('qwen3-235b-a22b-2507');
  assert.equal(x.instructTwin('openrouter/qwen/qwen3-235b-a22b-2507'), undefined);
  // Once the base model exists, base spellings find it and other catalogues' bare names still find the instruct model.
  x.addCanonical('llama-3.1-405b', ['openrouter/meta-llama/llama-3.1-405b'], { base: true });
  assert.equal(x.resolve('llmfit', 'meta-llama/Llama-3.1-405B')?.id, 'llama-3.1-405b');
  assert.equal(x.resolve('litellm', 'snowflake/llama3.1-405b')?.id, 'llama-3.1-405b-instruct');
});

test('a source\'s own alias row covers that source\'s spellings with the same key, not other sources\'', () => {
  const x = new Matcher([
    { source: '*', source_id: 'deepseek-reasoner', canonical_id: 'deepseek-r1', reason: 'R1 until 2025-08-21' },
    { source: 'models-dev', source_id: 'deepseek-reasoner', canonical_id: 'deepseek-chat', reason: 'the current model in the 2026 snapshot' },
  ]);
  x.addCanonical('deepseek-r1');
  x.addCanonical('deepseek-chat');
  assert.equal(x.resolve('models-dev', '302ai/deepseek-reasoner')?.id, 'deepseek-chat');
  assert.equal(x.resolve('genai-prices-npm', 'deepseek/deepseek-reasoner')?.id, 'deepseek-r1');
});

test('a preview the alias table names as its own model does not merge into its final release', () => {
  const rows = [{ source: '*', source_id: 'qwq-32b-preview', canonical_id: 'qwq-32b-preview', reason: 'other weights than QwQ-32B' }];
  // Without the row, the rules drop the -preview tag and the preview is a snapshot of qwq-32b.
  const plain = new Matcher([]);
  plain.addCanonical('qwq-32b');
  assert.equal(plain.resolve('openrouter', 'qwen/qwq-32b-preview')?.id, 'qwq-32b');
  const x = new Matcher(rows);
  assert.deepEqual([...x.reviewedPreviews()], [['qwq-32b-preview', 'qwq-32b-preview']]);
  x.setRetiredApart(x.reviewedPreviews());
  x.addCanonical('qwq-32b');
  x.addCanonical('qwq-32b-preview');
  assert.equal(x.resolve('openrouter', 'qwen/qwq-32b-preview')?.id, 'qwq-32b-preview');
  assert.equal(x.resolve('nano-gpt', 'qwen/qwq-32b-preview')?.id, 'qwq-32b-preview');
  assert.equal(x.resolve('openrouter', 'qwen/qwq-32b')?.id, 'qwq-32b');
  // A row that joins a preview to another model is an ordinary alias, not a preview of its own.
  const y = new Matcher([{ source: '*', source_id: 'o1-preview', canonical_id: 'o1', reason: 'example of a joining row' }]);
  assert.equal(y.reviewedPreviews().size, 0);
});

test('a rolling -latest pointer the alias table names as its own model does not merge into an older namesake', () => {
  // Google's gemini-pro-latest serves its current Gemini Pro (1,048,576 tokens in LiteLLM's 2026-07-24 file);
  // gemini-pro is Gemini 1.0 Pro of 2023 (32,768 tokens). Without the row, key1 drops `-latest` and the two meet.
  const plain = new Matcher([]);
  plain.addCanonical('gemini-pro');
  assert.equal(plain.resolve('models-dev', 'openrouter/~google/gemini-pro-latest')?.id, 'gemini-pro');
  const x = new Matcher([{ source: '*', source_id: 'gemini-pro-latest', canonical_id: 'gemini-pro-latest', reason: 'a rolling alias' }]);
  assert.deepEqual([...x.reviewedPreviews()], [['gemini-pro-latest', 'gemini-pro-latest']]);
  x.setRetiredApart(x.reviewedPreviews());
  x.addCanonical('gemini-pro');
  // Not created yet: the pointer names no model, rather than the 2023 one.
  assert.equal(x.resolve('models-dev', 'kilo/~google/gemini-pro-latest'), undefined);
  x.addCanonical('gemini-pro-latest');
  for (const id of ['openrouter/~google/gemini-pro-latest', 'kilo/~google/gemini-pro-latest', 'gemini/gemini-pro-latest', 'nano-gpt/google/gemini-pro-latest']) {
    assert.equal(x.resolve('models-dev', id)?.id, 'gemini-pro-latest', id);
  }
  assert.equal(x.resolve('models-dev', 'google/gemini-pro')?.id, 'gemini-pro');
  // A -latest row that joins another model stays an ordinary alias.
  const y = new Matcher([{ source: '*', source_id: 'pixtral-large-2411', canonical_id: 'pixtral-large-latest', reason: 'example' }]);
  assert.equal(y.reviewedPreviews().size, 0);
});

test("a TEE deployment of the Instruct-2507 weights is that release, not the April model models.dev's base_model names", () => {
  // models.dev git history: providers/chutes/models/Qwen/Qwen3-235B-A22B-Instruct-2507-TEE.toml got
  // base_model = "alibaba/qwen3-235b-a22b" (commit 859bb31ffa), the April 2025 hybrid; the id names the 2507 release.
  const x = new Matcher([{ source: '*', source_id: 'qwen3-235b-a22b-instruct-2507', canonical_id: 'qwen3-235b-a22b-2507', reason: 'OpenRouter name' }]);
  for (const id of ['qwen3-235b-a22b', 'qwen3-235b-a22b-2507', 'deepseek-v3.2']) x.addCanonical(id);
  x.addAliasSpellings();
  const tee = 'chutes/Qwen/Qwen3-235B-A22B-Instruct-2507-TEE';
  assert.equal(x.resolve('models-dev', tee, { hint: 'alibaba/qwen3-235b-a22b' })?.id, 'qwen3-235b-a22b-2507');
  // A hint that carries the id's version is followed as before; -TEE alone is packaging (Chutes' DeepSeek-V3.2-TEE).
  assert.deepEqual(x.resolve('models-dev', tee, { hint: 'alibaba/qwen3-235b-a22b-2507' }), { id: 'qwen3-235b-a22b-2507', rule: 'hint' });
  assert.equal(x.resolve('models-dev', 'chutes/deepseek-ai/DeepSeek-V3.2-TEE')?.id, 'deepseek-v3.2');
  assert.equal(x.resolve('models-dev', 'chutes/Qwen/Qwen3-235B-A22B-TEE')?.id, 'qwen3-235b-a22b');
});

test('a row written for one source joins that source only, and is what sourceRowOf reads', () => {
  // data/curated/aliases.csv: deprecations-rss,gemini-1.0-pro,gemini-pro (Google's notice, shut down 2025-02-18).
  const x = new Matcher([
    { source: 'deprecations-rss', source_id: 'gemini-1.0-pro', canonical_id: 'gemini-pro', reason: 'the notice names Gemini 1.0 Pro' },
    { source: '*', source_id: 'grok-code-fast', canonical_id: 'grok-code-fast-1', reason: "xAI's alias" },
  ]);
  for (const id of ['gemini-pro', 'grok-code-fast-1']) x.addCanonical(id);
  assert.deepEqual(x.resolve('deprecations-rss', 'gemini-1.0-pro'), { id: 'gemini-pro', rule: 'alias-table' });
  assert.equal(x.sourceRowOf('deprecations-rss', 'Gemini-1.0-Pro'), 'gemini-pro');
  assert.equal(x.sourceRowOf('litellm', 'gemini-1.0-pro'), undefined);
  assert.equal(x.sourceRowOf('litellm', 'grok-code-fast'), undefined, 'a row for every source is not a source row');
  assert.deepEqual(x.resolve('litellm', 'xai/grok-code-fast'), { id: 'grok-code-fast-1', rule: 'alias-table' });
});

test("a source row's empty id excludes that provider's listing only (sourceRowExcludes)", () => {
  // data/curated/aliases.csv: models-dev,openrouter/~moonshotai/kimi-latest, (OpenRouter's family slug, not Moonshot's).
  const x = new Matcher([{ source: 'models-dev', source_id: 'openrouter/~moonshotai/kimi-latest', canonical_id: '', reason: "OpenRouter's own pointer" }]);
  x.addCanonical('kimi-latest');
  assert.equal(x.sourceRowExcludes('models-dev', 'openrouter/~MoonshotAI/kimi-latest'), true);
  assert.equal(x.sourceRowExcludes('models-dev', 'nano-gpt/moonshotai/kimi-latest'), false);
  assert.equal(x.sourceRowExcludes('genai-prices-npm', 'openrouter/~moonshotai/kimi-latest'), false, 'another source keeps its own rows');
  assert.equal(x.resolve('models-dev', 'openrouter/~moonshotai/kimi-latest'), null);
});

test('a fine-tune the alias table names as its own model is not a reasoning setting of its base', () => {
  // Without the row, `-reasoning` is read as an effort word: Phi-4-reasoning (Microsoft, 2025-04-30, its own weights,
  // huggingface.co/microsoft/Phi-4-reasoning) would be a variant of Phi-4 (2024-12-12).
  const plain = new Matcher([]);
  plain.addCanonical('phi-4');
  assert.deepEqual(plain.resolve('azure', 'azure_ai/Phi-4-reasoning'), { id: 'phi-4', rule: 'variant' });
  const x = new Matcher([{ source: '*', source_id: 'phi-4-reasoning', canonical_id: 'phi-4-reasoning', reason: 'its own weights' }]);
  x.addCanonical('phi-4');
  // Before the model is created, no rule hands its listings to phi-4.
  assert.equal(x.resolve('azure', 'azure_ai/Phi-4-reasoning'), undefined);
  assert.equal(x.mergeTarget('phi-4-reasoning'), undefined);
  x.addCanonical('phi-4-reasoning', ['microsoft/Phi-4-reasoning']);
  for (const id of ['azure_ai/Phi-4-reasoning', 'github-models/microsoft/phi-4-reasoning', 'openrouter/phi-4-reasoning:free']) {
    assert.equal(x.resolve('litellm', id)?.id, 'phi-4-reasoning', id);
  }
  assert.equal(x.resolve('litellm', 'azure_ai/Phi-4')?.id, 'phi-4');
  // Phi-4-reasoning-plus (another checkpoint, with a reinforcement-learning phase) is neither model by these rules.
  assert.equal(x.resolve('genai-prices', 'phi-4-reasoning-plus'), undefined);
});

test('a snapshot the alias table names as another model leaves its base model every other snapshot', () => {
  // OpenAI's model pages (developers.openai.com/api/docs/models/gpt-4 and gpt-4-turbo-preview, read 2026-11-27): gpt-4's
  // default snapshot is gpt-4-0613 (8,192 tokens, $30/$60); gpt-4-turbo-preview's is gpt-4-0125-preview (128,000, $10/$30).
  // The snapshot rule reads gpt-4-1106-preview as gpt-4 less `-preview` and `-1106`, so without a row it is GPT-4.
  const plain = new Matcher([]);
  plain.addCanonical('gpt-4');
  assert.deepEqual(plain.resolve('models-dev', 'openai/gpt-4-1106-preview'), { id: 'gpt-4', rule: 'snapshot' });
  const rows = [
    { source: '*', source_id: 'gpt-4-1106-preview', canonical_id: 'gpt-4-turbo-preview', reason: 'a GPT-4 Turbo preview snapshot' },
    { source: '*', source_id: 'gpt-4-0125-preview', canonical_id: 'gpt-4-turbo-preview', reason: 'a GPT-4 Turbo preview snapshot' },
  ];
  const x = new Matcher(rows);
  x.addCanonical('gpt-4');
  x.addCanonical('gpt-4-turbo-preview');
  x.addAliasSpellings();
  for (const id of ['openai/gpt-4-1106-preview', 'azure/gpt-4-0125-preview', 'GPT-4-1106-preview', 'kilo/openai/gpt-4-1106-preview']) {
    assert.equal(x.resolve('models-dev', id)?.id, 'gpt-4-turbo-preview', id);
  }
  // The row's key less the date, `gpt-4`, stays GPT-4's: its dated snapshots still find it, not an ambiguity.
  assert.deepEqual(x.resolve('litellm', 'azure/gpt-4-0613'), { id: 'gpt-4', rule: 'snapshot' });
  assert.deepEqual(x.resolve('lmarena', 'GPT-4-0613'), { id: 'gpt-4', rule: 'snapshot' });
});

test('a serving tier a row gives to a newer release leaves the older release its instruct and packaged spellings', () => {
  // models.dev 2026-07-02, providers/moonshotai/models: kimi-k2-turbo-preview 262,144 tokens, released 2025-09-05 (0905's).
  const x = new Matcher([{ source: '*', source_id: 'kimi-k2-turbo-preview', canonical_id: 'kimi-k2-0905', reason: 'the 0905 weights, fast' }]);
  // Kimi K2 0905 is a release of its own (releases.ts: moonshotai/Kimi-K2-Instruct-0905 beside Kimi-K2-Instruct).
  x.setReleases(new Map([['kimi-k-2-0905', 'kimi-k2-0905']]));
  x.addCanonical('kimi-k2', ['moonshotai/kimi-k2']);
  x.addCanonical('kimi-k2-0905', ['moonshotai/kimi-k2-0905-preview']);
  x.addAliasSpellings();
  assert.equal(x.resolve('models-dev', 'moonshotai-cn/kimi-k2-turbo-preview')?.id, 'kimi-k2-0905');
  // `-turbo` is packaging, so the row's loose key is `kimi-k2`'s: it stays Kimi K2's, not made ambiguous.
  assert.equal(x.resolve('litellm', 'deepinfra/moonshotai/Kimi-K2-Instruct')?.id, 'kimi-k2');
  assert.equal(x.resolve('models-dev', 'nano-gpt/baseten/Kimi-K2-Instruct-FP4')?.id, 'kimi-k2');
});

test('a preview of its own by review is found whatever its dots: the dated previews follow it', () => {
  // genai-prices google.yml (47df840a5a): gemini-2.5-flash-preview matches -04-17 and -05-20 at $0.15/$0.60; GA is $0.30/$2.50.
  const x = new Matcher([{ source: '*', source_id: 'gemini-2.5-flash-preview', canonical_id: 'gemini-2.5-flash-preview', reason: 'priced apart' }]);
  assert.deepEqual([...x.reviewedPreviews()], [['gemini-2-5-flash-preview', 'gemini-2.5-flash-preview']]);
  x.setRetiredApart(x.reviewedPreviews());
  x.addCanonical('gemini-2.5-flash');
  x.addCanonical('gemini-2.5-flash-preview');
  for (const id of ['google/gemini-2.5-flash-preview', 'nano-gpt/gemini-2.5-flash-preview-05-20:thinking', 'gemini-2.5-flash-preview-04-17']) {
    assert.equal(x.resolve('models-dev', id)?.id, 'gemini-2.5-flash-preview', id);
  }
  assert.equal(x.resolve('models-dev', 'google/gemini-2.5-flash')?.id, 'gemini-2.5-flash');
});

test("a reviewed row's id that is only another model's spelling is no model: the id is not returned as one", () => {
  // quicksilverpro lists `hy3` (genai-prices npm 0.1.8), which the key less `-preview` gave to hy3-preview; the row
  // lmarena,hy3,hy3 names a model of its own, which must be created, not answered by a spelling of another model.
  const x = new Matcher([{ source: 'lmarena', source_id: 'hy3', canonical_id: 'hy3', reason: 'another model' }]);
  x.addCanonical('hy3-preview', ['hy3']);
  assert.equal(x.resolve('lmarena', 'hy3'), undefined);
  x.addCanonical('hy3');
  assert.deepEqual(x.resolve('lmarena', 'hy3'), { id: 'hy3', rule: 'alias-table' });
});
