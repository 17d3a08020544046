// The golden facts (data/golden/facts.csv) hold in the committed dataset, and the check reports what a reviewer needs.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { aDataset, aModel, anOffer, aRating, f as aFact } from '../src/dataset/fixtures.ts';
import { checkGoldenFacts, formatGoldenMismatches, GOLDEN_FILE, loadGoldenFacts } from '../src/ingest/golden.ts';
import { committedDataset } from './committed-dataset.ts';

const facts = loadGoldenFacts(path.join(PROJECT_ROOT, GOLDEN_FILE));

test('the golden table holds at least 150 facts, each with its source, the value there and the day it was checked', () => {
  assert.ok(facts.length >= 150, `facts: ${facts.length}`);
  for (const f of facts) assert.ok(f.source && f.source_value && f.checked, `line ${f.line}`);
  // Every kind the issue names is covered.
  const kinds = new Set(facts.map((f) => f.field.replace(/^offer:.*$/, 'offer').replace(/^rating:.*$/, 'rating')));
  for (const k of ['offer', 'context_window', 'parameters_total', 'parameters_active', 'licence', 'open_weights', 'status', 'rating', 'vendor']) {
    assert.ok(kinds.has(k), `no ${k} fact`);
  }
});

test('every golden fact holds in the committed dataset', () => {
  const mismatches = checkGoldenFacts(committedDataset(), facts);
  assert.equal(mismatches.length, 0, formatGoldenMismatches(mismatches, facts.length));
});

function tableFile(rows: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'golden-'));
  const file = path.join(dir, 'facts.csv');
  writeFileSync(file, ['lookup_id,field,expected,tolerance,source,source_value,checked,note', ...rows].join('\n'));
  return file;
}

test('a mismatch names the row, the expected and the actual value, and the source', () => {
  // A dataset where gpt-4o's OpenAI offer is priced at $6 (the :extended SKU's price) and Qwen3-32B has 24.27B; the
  // output price, the snapshot's price and the rating (found by its variant name) hold; the status, none stated, is
  // `none`, not `active`.
  const ds = aDataset({
    models: [
      aModel({ id: 'gpt-4o', aliases: ['openai/gpt-4o'], variants: ['gpt-4o-2024-05-13'] }),
      aModel({ id: 'qwen3-32b', aliases: ['Qwen/Qwen3-32B'], parameters_total: aFact(24_266_014_720) }),
    ],
    offers: [
      anOffer({ model_id: 'gpt-4o', provider: 'openai', provider_model_id: 'gpt-4o', prices: { input: aFact(6), output: aFact(18) } }),
      // A dated snapshot's offer beside it: the lookup id picks which of the provider's offers a row is about.
      anOffer({ model_id: 'gpt-4o', provider: 'openai', provider_model_id: 'gpt-4o-2024-05-13', prices: { input: aFact(5), output: aFact(15) } }),
    ],
    ratings: [aRating({ model_id: 'gpt-4o', variant: 'gpt-4o-2024-05-13', leaderboard: 'text', rating: 1300.53, rating_lower: 1290, rating_upper: 1310 })],
  });
  const file = tableFile([
    'gpt-4o,offer:openai:input,2.5,,md:providers/openai/models/gpt-4o.toml,cost.input = 2.5,2026-11-25,',
    'gpt-4o,offer:openai:output,18,,md:providers/openai/models/gpt-4o.toml,cost.output = 18,2026-11-25,',
    'Qwen/Qwen3-32B,parameters_total,32.8,0.05,https://huggingface.co/Qwen/Qwen3-32B,32.8B,2026-11-25,',
    'no-such-model,status,active,,somewhere/file.json,x,2026-11-25,',
    'gpt-4o-2024-05-13,rating:text:overall,1300.53,0.01,arena.json,1300.5325,2026-11-25,',
    'gpt-4o,status,active,,md:providers/openai/models/gpt-4o.toml,no status,2026-11-25,',
    'gpt-4o-2024-05-13,offer:openai:input,5,,md:providers/openai/models/gpt-4o-2024-05-13.toml,cost.input = 5,2026-11-25,',
  ]);
  const m = checkGoldenFacts(ds, loadGoldenFacts(file));
  assert.deepEqual(m.map((x) => [x.line, x.lookup_id, x.expected, x.actual]), [
    [2, 'gpt-4o', '2.5', '6 (model gpt-4o)'],
    [4, 'Qwen/Qwen3-32B', '32.8 ± 0.05', '24.266015 (model qwen3-32b)'],
    [5, 'no-such-model', 'active', 'no model resolves "no-such-model"'],
    // No status is no longer read as `active`: the build derives `active` from the developer's listing (model-status.ts).
    [7, 'gpt-4o', 'active', 'none (model gpt-4o)'],
  ]);
  assert.equal(m[0].source, 'md:providers/openai/models/gpt-4o.toml: cost.input = 2.5');
  assert.match(formatGoldenMismatches(m, 7), /^golden facts: 4 of 7 do not hold\n {2}line 2: gpt-4o offer:openai:input: expected 2.5, got 6/);
});

test("an offer row reads the base SKU of the id's listing, or the tier its fourth part names", () => {
  // Moonshot lists kimi-k2-turbo-preview as a faster tier (a priority SKU, ingest/skus.ts): $1.15/$8 in
  // genai-prices providers-yml/moonshotai.yml. A row without a tier finds no base offer under that id.
  const ds = aDataset({
    models: [aModel({ id: 'kimi-k2-0905', aliases: ['kimi-k2-turbo-preview'] })],
    offers: [anOffer({ model_id: 'kimi-k2-0905', provider: 'moonshotai', provider_model_id: 'kimi-k2-turbo-preview', sku: 'priority',
      prices: { input: aFact(1.15), output: aFact(8) } })],
  });
  const file = tableFile([
    'kimi-k2-turbo-preview,offer:moonshotai:output:priority,8,,moonshotai.yml,output_mtok 8.00,2026-11-29,',
    'kimi-k2-turbo-preview,offer:moonshotai:output,8,,moonshotai.yml,output_mtok 8.00,2026-11-29,',
    'kimi-k2-turbo-preview,offer:moonshotai:input:batch,0.575,,moonshotai.yml,none,2026-11-29,',
  ]);
  assert.deepEqual(checkGoldenFacts(ds, loadGoldenFacts(file)).map((x) => [x.line, x.actual]), [
    [3, 'no moonshotai offer with id kimi-k2-turbo-preview (model kimi-k2-0905)'],
    [4, 'no moonshotai batch offer with id kimi-k2-turbo-preview (model kimi-k2-0905)'],
  ]);
  // A tier the schema does not list as one is refused.
  assert.throws(() => loadGoldenFacts(tableFile(['x,offer:moonshotai:output:turbo,8,,y,8,2026-11-29,'])), /line 2: field/);
});

test('a malformed row stops the check, naming its line', () => {
  const file = tableFile(['gpt-4o,offer:openai:input,two,,md:x/y.toml,cost.input = 2.5,2026-11-25,', 'gpt-4o,price,2.5,,md:x/y.toml,2.5,2026-11-25,']);
  assert.throws(() => loadGoldenFacts(file), /line 2: expected: "two" is not a number\n {2}line 3: field/);
});

test('architecture and native-precision rows check the facts the memory engine reads', () => {
  // A flat reading of Llama-3.3-Nemotron-Super-49B (all 80 layers cache) against the config's 49; Kimi K2 Thinking's INT4.
  const flat = { layers: 80, kv_heads: 64, head_dim: 128, attention: 'full' as const, hf_repo: 'nvidia/Llama-3_3-Nemotron-Super-49B-v1' };
  const ds = aDataset({
    models: [
      aModel({ id: 'nemotron-super', architecture: aFact(flat) }),
      aModel({ id: 'kimi-k2-thinking', native_precision: aFact('int4' as const) }),
    ],
  });
  const file = tableFile([
    'nemotron-super,architecture:kv_layers,49,,https://huggingface.co/nvidia/Llama-3_3-Nemotron-Super-49B-v1,49 of 80,2026-11-25,',
    'nemotron-super,architecture:layers,80,,https://huggingface.co/nvidia/Llama-3_3-Nemotron-Super-49B-v1,80,2026-11-25,',
    'kimi-k2-thinking,native_precision,int4,,https://huggingface.co/moonshotai/Kimi-K2-Thinking,INT4,2026-11-25,',
  ]);
  const m = checkGoldenFacts(ds, loadGoldenFacts(file));
  assert.deepEqual(m.map((x) => [x.line, x.field, x.actual]), [[2, 'architecture:kv_layers', 'absent (model nemotron-super)']]);
  // A fact the schema does not name (config.json's own spelling) is refused; the schema's `experts` is checked.
  const bad = tableFile(['nemotron-super,architecture:num_experts,8,,https://huggingface.co/x,8,2026-11-25,']);
  assert.throws(() => loadGoldenFacts(bad), /line 2: field/);
  const experts = tableFile(['nemotron-super,architecture:experts,8,,https://huggingface.co/x,8,2026-11-25,']);
  assert.deepEqual(checkGoldenFacts(ds, loadGoldenFacts(experts)).map((x) => [x.line, x.field, x.actual]),
    [[2, 'architecture:experts', 'absent (model nemotron-super)']]);
});

test('input modalities and reasoning rows check what the card states the weights read and do', () => {
  // Google's Gemma 3n card: "handling text, image, video, and audio input"; Qwen's Qwen3-VL README: "Instruct and
  // reasoning-enhanced Thinking editions". The listings' readings (text only; reasoning true) are what a row catches.
  const ds = aDataset({
    models: [
      aModel({ id: 'gemma-3n-e4b-it', modalities: aFact({ input: ['text'], output: ['text'] }) }),
      aModel({ id: 'qwen3-vl-235b-a22b', capabilities: { reasoning: aFact(true) } }),
      aModel({ id: 'no-modalities' }),
    ],
  });
  const file = tableFile([
    'gemma-3n-e4b-it,input_modalities,text;image;video;audio,,https://huggingface.co/google/gemma-3n-E4B-it,x,2026-11-29,',
    'qwen3-vl-235b-a22b,reasoning,false,,https://github.com/QwenLM/Qwen3-VL,x,2026-11-29,',
    'no-modalities,input_modalities,none,,https://example.com/card,x,2026-11-29,',
  ]);
  assert.deepEqual(checkGoldenFacts(ds, loadGoldenFacts(file)).map((x) => [x.line, x.field, x.actual]), [
    [2, 'input_modalities', 'text (model gemma-3n-e4b-it)'],
    [3, 'reasoning', 'true (model qwen3-vl-235b-a22b)'],
  ]);
  // `reasoning` is a boolean, as `open_weights` is: another word is refused.
  assert.throws(() => loadGoldenFacts(tableFile(['qwen3-vl-235b-a22b,reasoning,no,,https://x.org/a,x,2026-11-29,'])), /line 2: expected: reasoning is true or false/);
});

test('a listing\'s own window and a tier set aside are checked per offer', () => {
  // LiteLLM 2026-07-24 lambda_ai/llama-4-maverick-17b-128e-instruct-fp8: max_input_tokens 131072; a tier above 200,000
  // set aside on a listing whose window is 200,000 (models.dev providers/azure/models/claude-opus-4-6.toml).
  const ds = aDataset({
    models: [
      aModel({ id: 'maverick', aliases: ['llama-4-maverick-17b-128e-instruct-fp8'], context_window: aFact(1_000_000) }),
      aModel({ id: 'claude-opus-4-6' }),
    ],
    offers: [
      anOffer({ model_id: 'maverick', provider: 'lambda_ai', provider_model_id: 'llama-4-maverick-17b-128e-instruct-fp8',
        context_window: aFact(131_072) }),
      anOffer({ model_id: 'maverick', provider: 'together', provider_model_id: 'maverick' }),
      anOffer({ model_id: 'claude-opus-4-6', provider: 'azure', provider_model_id: 'claude-opus-4-6', context_window: aFact(200_000),
        unpriced_tiers: aFact([{ above_tokens: 200_000, input: 10, output: 37.5 }]) }),
    ],
  });
  const file = tableFile([
    'llama-4-maverick-17b-128e-instruct-fp8,offer_context:lambda_ai,131072,,lt.json,max_input_tokens 131072,2026-11-26,',
    'maverick,offer_context:together,1000000,,md:x.toml,none stated,2026-11-26,',
    'claude-opus-4-6,offer_unpriced_tier:azure,200000,,md:providers/azure/models/claude-opus-4-6.toml,size = 200_000,2026-11-26,',
    'maverick,offer_unpriced_tier:together,200000,,md:x.toml,none,2026-11-26,',
  ]);
  const m = checkGoldenFacts(ds, loadGoldenFacts(file));
  assert.deepEqual(m.map((x) => [x.line, x.actual]), [
    [3, 'no own window stated (model maverick)'],
    [5, 'no tier set aside (model maverick)'],
  ]);
});

test('a hardware row checks the configuration\'s purchase price and its day, by configuration id', () => {
  // The committed dataset: the RTX 5090 at its street price of 2026-06-22 (signal-noise.net, "around $2,699").
  const ds = committedDataset();
  const file = tableFile([
    'rtx-5090,hardware_purchase_usd,2699,,https://signal-noise.net/p,around $2699,2026-11-28,',
    'rtx-5090,hardware_purchase_as_of,2026-06-22,,https://signal-noise.net/p,2026-06-22,2026-11-28,',
    'rtx-5090-x2,hardware_purchase_usd,3998,,https://signal-noise.net/p,2 x 1999,2026-11-28,',
    'no-such-box,hardware_purchase_usd,1,,https://signal-noise.net/p,x,2026-11-28,',
  ]);
  assert.deepEqual(checkGoldenFacts(ds, loadGoldenFacts(file)).map((x) => [x.line, x.expected, x.actual]), [
    [4, '3998', '5398'],
    [5, '1', 'no hardware configuration "no-such-box"'],
  ]);
});
