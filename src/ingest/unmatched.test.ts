import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NOT_A_LANGUAGE_MODEL_WHY } from './not-language-models.ts';
import { unmatchedMarkdown, unmatchedReason } from './unmatched.ts';

test('each unmatched priced listing gets the reason its id shows', () => {
  // Ids from the 2026 snapshots: models.dev providers/abacus/models/route-llm.toml, cloudflare-workers-ai bge,
  // providers/tencent-coding-plan, Fireworks routers, nano-gpt fine-tunes, Mistral's bare family name.
  assert.equal(unmatchedReason({ source_id: 'abacus/route-llm' }), 'router or pseudo-model');
  assert.equal(unmatchedReason({ source_id: 'openrouter/openrouter/free' }), 'router or pseudo-model');
  assert.match(unmatchedReason({ source_id: 'cloudflare-workers-ai/@cf/baai/bge-large-en-v1.5' }), /^not a language model/);
  // NVIDIA's ESMFold listing says nothing of its task in its id; the reviewed table's reason (not-language-models.csv) does.
  assert.match(unmatchedReason({ source_id: 'nvidia/meta/esmfold', why: NOT_A_LANGUAGE_MODEL_WHY }), /^not a language model/);
  assert.match(unmatchedReason({ source_id: 'nvidia/meta/esmfold' }), /^no catalogue/);
  assert.equal(unmatchedReason({ source_id: 'tencent-coding-plan/hunyuan-t1' }), 'coding plan or token plan');
  assert.match(unmatchedReason({ source_id: 'fireworks-ai/glm-5p1-fast' }), /SKU/);
  assert.match(unmatchedReason({ source_id: 'nano-gpt/EVA-UNIT-01/EVA-Qwen2.5-72B-v0.2' }), /^third party/);
  assert.match(unmatchedReason({ source_id: 'vercel/mistral/mistral-large' }), /^version pointer/);
  // AI21's API reference names jamba-large and jamba-mini as its version-free names (docs.ai21.com/reference/jamba-1-6-api-ref);
  // LiteLLM's bare ai21/jamba-1.5 is priced as the Mini beside both 1.5 sizes. jamba-large-1.7 is a release, not a pointer.
  assert.match(unmatchedReason({ source_id: 'nano-gpt/jamba-large' }), /^version pointer/);
  assert.match(unmatchedReason({ source_id: 'ai21/jamba-1.5' }), /^version pointer/);
  assert.doesNotMatch(unmatchedReason({ source_id: 'ai21/jamba-large-1.7' }), /^version pointer/);
});

test('the generated page lists every priced listing once, under its reason', () => {
  const md = unmatchedMarkdown([
    { source: 'models-dev', source_id: 'abacus/route-llm', what: 'priced offer', why: 'x' },
    { source: 'litellm', source_id: 'fireworks-ai/glm-5p1-fast', what: 'priced offer', why: 'x' },
    { source: 'llmfit', source_id: 'foo/bar', what: 'model', why: 'x' },
  ], '2026-09-23');
  assert.match(md, /Total: 2\./);
  assert.match(md, /## router or pseudo-model \(1\)\n\n- models-dev `abacus\/route-llm`/);
  assert.doesNotMatch(md, /foo\/bar/);
});
