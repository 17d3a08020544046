// Tests of the genai-prices adapter: npm-over-yml precedence, tiers, time-constrained prices, strict price blocks, history.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { fallbackProviders, fallbacksSince, genaiPrices, importedPriceOf, markFallbackRemovals } from './genai-prices.ts';
import { defaultRoots } from '../ingest/run.ts';
import { isMappedProvider } from './provider-ids.ts';
import type { AdapterResult, CatalogueChange, IngestIssue } from './types.ts';

const NPM_FILE = 'npm-0.1.8-bundled-providers.json';

function aSnapshot(files: { yml?: Record<string, string>; npm?: object[]; history?: object[] }) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'genai-prices-'));
  const dir = path.join(root, 'sources', 'genai-prices');
  mkdirSync(path.join(dir, 'providers-yml'), { recursive: true });
  writeFileSync(path.join(dir, 'HEAD_COMMIT.txt'), '47df840a5ab10bbcffb8e5ac01b9899032245d1b 2026-08-21T15:02:24-05:00\n');
  writeFileSync(path.join(dir, 'SOURCE_DATES.json'), JSON.stringify({ fallback_model_providers_since: {
    date: '2026-01-13', commit: 'd062d87193', subject: 'Fallback model providers (#255)', reason: 'the day the field came in (test fixture)' } }));
  for (const [name, text] of Object.entries(files.yml ?? {})) writeFileSync(path.join(dir, 'providers-yml', name), text);
  if (files.npm) writeFileSync(path.join(dir, NPM_FILE), JSON.stringify(files.npm));
  if (files.history) writeFileSync(path.join(dir, 'price-changes-from-git.jsonl'), files.history.map((l) => JSON.stringify(l)).join('\n'));
  return { sources: path.join(root, 'sources'), curated: path.join(root, 'curated') };
}

const ANTHROPIC_YML = `name: Anthropic
id: anthropic
pricing_urls:
  - https://www.anthropic.com/pricing#api
api_pattern: 'https://api\\.anthropic\\.com'
models:
  - id: claude-opus-4-6
    name: Claude Opus 4.6
    match:
      starts_with: claude-opus-4-6
    context_window: 1000000
    prices_checked: 2026-07-29
    price_comments: >-
      One-hour cache writes cost 2x. Ref: https://platform.claude.com/docs/en/build-with-claude/prompt-caching#pricing
    prices:
      input_mtok: {base: 5, tiers: [{start: 200000, price: 10}]}
      output_mtok: {base: 25, tiers: [{start: 200000, price: 37.5}]}
      cache_read_mtok: 0.5
      web_searches_kcount: 10
  - id: claude-old
    match: {equals: claude-old}
    prices_checked: 2025-01-02
    prices: {input_mtok: 8, output_mtok: 24}
  - id: claude-bad
    match: {equals: claude-bad}
    prices: {input_mtok: -3, output_mtok: 15, inptu_mtok: 3}
  - id: claude-gone
    match: {equals: claude-gone}
    removed: true
    prices: {input_mtok: 1, output_mtok: 5}
`;

const npmAnthropic = (prices: object) => ({
  id: 'anthropic',
  name: 'Anthropic',
  pricing_urls: ['https://www.anthropic.com/pricing#api'],
  api_pattern: 'x',
  models: [
    { id: 'claude-opus-4-6', name: 'Claude Opus 4.6', match: { starts_with: 'claude-opus-4-6' }, deprecated: true, prices },
  ],
});

const DEEPSEEK = {
  id: 'deepseek',
  name: 'Deepseek',
  pricing_urls: ['https://api-docs.deepseek.com/quick_start/pricing'],
  api_pattern: 'x',
  models: [
    {
      id: 'deepseek-chat',
      match: { equals: 'deepseek-chat' },
      // 8 off-peak hours unconstrained, 16 standard hours in a daily window.
      prices: [
        { prices: { input_mtok: 0.135, output_mtok: 0.55 } },
        { constraint: { start_time: '00:30:00Z', end_time: '16:30:00Z', type: 'time_of_date' }, prices: { input_mtok: 0.27, output_mtok: 1.1 } },
      ],
    },
    {
      id: 'deepseek-v4',
      match: { equals: 'deepseek-v4' },
      prices: [
        { prices: { input_mtok: 0.435, output_mtok: 0.87 } },
        { constraint: { start_date: '2026-08-17', type: 'start_date' }, prices: { input_mtok: 0.66, output_mtok: 1.98 } },
        { constraint: { start_date: '2027-01-01', type: 'start_date' }, prices: { input_mtok: 9, output_mtok: 9 } },
        { constraint: { start_time: '01:00:00Z', end_time: '04:00:00Z', type: 'time_of_date' }, prices: { input_mtok: 1.32, output_mtok: 3.96 } },
        { constraint: { start_time: '06:00:00Z', end_time: '10:00:00Z', type: 'time_of_date' }, prices: { input_mtok: 1.32, output_mtok: 3.96 } },
      ],
    },
  ],
};

function offerOf(r: AdapterResult, provider: string, id: string) {
  return r.offers?.filter((o) => o.provider === provider && o.provider_model_id === id);
}

test('yml prices: tiers from {base, tiers}, prices_checked as as_of, the cited URL, removed models left out', async () => {
  const r = await genaiPrices.read(aSnapshot({ yml: { 'anthropic.yml': ANTHROPIC_YML } }));
  assert.deepEqual(offerOf(r, 'anthropic', 'claude-opus-4-6'), [
    {
      source: 'genai-prices',
      provider: 'anthropic',
      provider_model_id: 'claude-opus-4-6',
      region: 'global',
      as_of: '2026-07-29',
      input: 5,
      output: 25,
      cache_read: 0.5,
      tiers: [{ above_tokens: 200_000, input: 10, output: 37.5 }],
      context_window: 1_000_000,
      url: 'https://platform.claude.com/docs/en/build-with-claude/prompt-caching#pricing',
      file: 'genai-prices/providers-yml/anthropic.yml',
      row: 'anthropic/claude-opus-4-6',
    },
  ]);
  const old = offerOf(r, 'anthropic', 'claude-old')?.[0];
  assert.equal(old?.url, 'https://www.anthropic.com/pricing#api', "the provider's one pricing page when the model cites none");
  assert.equal(offerOf(r, 'anthropic', 'claude-gone')?.length, 0);
  const model = r.models?.find((m) => m.source_model_id === 'anthropic/claude-opus-4-6');
  assert.deepEqual(
    [model?.name, model?.context_window, model?.vendor_hint, model?.provider, model?.as_of],
    ['Claude Opus 4.6', 1_000_000, 'anthropic', 'anthropic', '2026-08-21'],
  );
});

test('a negative price and an unknown price key are issues naming file, row and field; the price stays out', async () => {
  const r = await genaiPrices.read(aSnapshot({ yml: { 'anthropic.yml': ANTHROPIC_YML } }));
  const bad = offerOf(r, 'anthropic', 'claude-bad')?.[0];
  assert.equal(bad?.input, undefined);
  assert.equal(bad?.output, 15);
  const at = (field: string) => r.issues.find((i) => i.file === 'genai-prices/providers-yml/anthropic.yml' && i.row === 'anthropic/claude-bad' && i.field === field);
  assert.match(at('prices.input_mtok')?.message ?? '', /negative/);
  assert.match(at('prices.inptu_mtok')?.message ?? '', /unknown field/);
  assert.equal(r.issues.length, 2);
});

test('the npm bundle wins where it lists a model; the yml check date stays only where prices agree', async () => {
  const same = {
    input_mtok: { base: 5, tiers: [{ start: 200000, price: 10 }] },
    output_mtok: { base: 25, tiers: [{ start: 200000, price: 37.5 }] },
    cache_read_mtok: 0.5,
  };
  const agree = await genaiPrices.read(aSnapshot({ yml: { 'anthropic.yml': ANTHROPIC_YML }, npm: [npmAnthropic(same)] }));
  const opus = offerOf(agree, 'anthropic', 'claude-opus-4-6');
  assert.equal(opus?.length, 1, 'one offer per provider and model');
  assert.deepEqual([opus?.[0].source, opus?.[0].as_of], ['genai-prices-npm', '2026-07-29']);
  assert.equal(agree.models?.find((m) => m.source_model_id === 'anthropic/claude-opus-4-6')?.status, 'deprecated');
  assert.equal(offerOf(agree, 'anthropic', 'claude-old')?.[0].source, 'genai-prices', 'the yml fills in what npm lacks');

  const moved = await genaiPrices.read(aSnapshot({ yml: { 'anthropic.yml': ANTHROPIC_YML }, npm: [npmAnthropic({ input_mtok: 4, output_mtok: 20 })] }));
  const newer = offerOf(moved, 'anthropic', 'claude-opus-4-6')?.[0];
  assert.deepEqual([newer?.input, newer?.output, newer?.as_of], [4, 20, '2026-09-23']);
  assert.deepEqual(moved.sources.map((s) => [s.id, s.retrieved]), [['genai-prices', '2026-08-21'], ['genai-prices-npm', '2026-09-23']]);
});

test('each price is dated by the history commit that set it; a figure the history lacks by a copy, with a note', async () => {
  const or = (models: object[]) => ({ id: 'openrouter', name: 'OpenRouter', pricing_urls: ['https://openrouter.ai/models'], api_pattern: 'x', models });
  const yml = `name: OpenRouter
id: openrouter
pricing_urls:
  - https://openrouter.ai/models
api_pattern: 'x'
models:
  - id: q/thinking
    match: {equals: q/thinking}
    prices: {input_mtok: 0.1, output_mtok: 0.1}
  - id: q/later
    match: {equals: q/later}
    prices: {input_mtok: 0.5, output_mtok: 2}
`;
  const r = await genaiPrices.read(aSnapshot({
    yml: { 'openrouter.yml': yml },
    npm: [or([
      { id: 'q/thinking', name: 'T', match: { equals: 'q/thinking' }, prices: { input_mtok: 0.1, output_mtok: 0.1 } },
      // Output moved after the repository's copy: only the bundle states 3.
      { id: 'q/later', name: 'L', match: { equals: 'q/later' }, prices: { input_mtok: 0.5, output_mtok: 3 } },
    ])],
    history: [
      { commit: 'cee9e74c11', date: '2026-06-15T15:42:50-05:00', subject: 'feat(openrouter): sync models from OpenRouter API (#401)',
        provider: 'openrouter', model: 'q/thinking', change: 'added', old: null, new: { input_mtok: 0.1, output_mtok: 0.1 } },
      { commit: 'c885e32894', date: '2026-07-25T08:10:25-05:00', subject: 'Add pricing',
        provider: 'openrouter', model: 'q/other', change: 'added', old: null, new: { input_mtok: 1, output_mtok: 1 } },
    ],
  }));
  const thinking = offerOf(r, 'openrouter', 'q/thinking')?.[0];
  // The bundle's reading, its figures set by the sync of 2026-06-15 (20:42 UTC): the prices are that day's.
  assert.deepEqual([thinking?.source, thinking?.as_of, thinking?.price_dates],
    ['genai-prices-npm', '2026-09-23',
      { input: { as_of: '2026-06-15', set_on: '2026-06-15' }, output: { as_of: '2026-06-15', set_on: '2026-06-15' } }]);
  const later = offerOf(r, 'openrouter', 'q/later')?.[0];
  // Neither figure is in the history (to 2026-07-25): input by the repository's copy of 2026-08-21, output by the bundle.
  assert.equal(later?.price_dates?.input?.as_of, '2026-08-21');
  assert.match(later?.price_dates?.input?.note ?? '', /by the repository snapshot that states it \(genai-prices 47df840a5a\): genai-prices' price history \(to 2026-07-25\)/);
  assert.equal(later?.price_dates?.output?.as_of, '2026-09-23');
  assert.match(later?.price_dates?.output?.note ?? '', /by the npm bundle @pydantic\/genai-prices 0\.1\.8, the first copy that states it/);
});

test('time-constrained prices: the one in force at the snapshot date, for most of the UTC day', async () => {
  const r = await genaiPrices.read(aSnapshot({ npm: [DEEPSEEK] }));
  const chat = offerOf(r, 'deepseek', 'deepseek-chat')?.[0];
  assert.deepEqual([chat?.input, chat?.output], [0.27, 1.1], 'the 16-hour standard rate, not the 8-hour discount');
  const v4 = offerOf(r, 'deepseek', 'deepseek-v4')?.[0];
  assert.deepEqual([v4?.input, v4?.output], [0.66, 1.98], 'started 2026-08-17, not the future 2027 price, not the 7 peak hours');
  assert.deepEqual(v4?.next_prices, { starts: '2027-01-01', input: 9, output: 9 }, 'the future 2027 price, shown as next');
  assert.equal(chat?.next_prices, undefined, 'a time-of-day window is no scheduled price');
});

test('an introductory price: the price now, and the next one with the day it starts', async () => {
  // The npm 0.1.8 bundle's google/gemini-3.6-flash entry, as published (bundle dated 2026-09-23).
  const google = {
    id: 'google', name: 'Google', api_pattern: 'x',
    models: [{ id: 'gemini-3.6-flash', match: { equals: 'x' }, prices: [
      { prices: { input_mtok: 0.75, cache_read_mtok: 0.075, output_mtok: 3.75 } },
      { constraint: { start_date: '2027-01-01', type: 'start_date' },
        prices: { input_mtok: 1.5, cache_read_mtok: 0.15, output_mtok: 7.5 } },
    ] }],
  };
  const flash = offerOf(await genaiPrices.read(aSnapshot({ npm: [google] })), 'google', 'gemini-3.6-flash')?.[0];
  assert.deepEqual([flash?.input, flash?.output, flash?.next_prices],
    [0.75, 3.75, { starts: '2027-01-01', input: 1.5, output: 7.5, cache_read: 0.15 }]);
});

test('a price the comment says was imported from another provider makes no offer of this provider', async () => {
  // Upstream's own words on gpt-oss-120b under openai (npm 0.1.8 bundle).
  const comment = 'Imported from OpenRouter pricing; verify against OpenAI pricing when native API pricing is published.';
  const openai = {
    id: 'openai', name: 'OpenAI', api_pattern: 'x',
    models: [
      { id: 'gpt-oss-120b', match: { equals: 'x' }, price_comments: comment, prices: { input_mtok: 0.039, output_mtok: 0.18 } },
      { id: 'gpt-5', match: { equals: 'x' }, price_comments: 'Ref: https://openai.com/api/pricing/',
        prices: { input_mtok: 1.25, output_mtok: 10 } },
    ],
  };
  const r = await genaiPrices.read(aSnapshot({ npm: [openai] }));
  assert.deepEqual(r.offers?.map((o) => [o.provider, o.provider_model_id, o.input]), [['openai', 'gpt-5', 1.25]]);
  assert.ok(r.models?.some((m) => m.source_model_id === 'openai/gpt-oss-120b'), 'the model is still known');
  assert.deepEqual(r.issues, []);
  const azure = 'Imported from OpenRouter pricing; verify against Azure AI Foundry when native pricing is published.';
  assert.equal(importedPriceOf(azure), 'OpenRouter');
});

test('a price the comment says was trusted from or first seen on OpenRouter makes no offer of the developer', async () => {
  // The npm 0.1.8 bundle's own rows: mistral/mistral-small-24b-instruct-2501 at $0.05/$0.08 ("Can't find pricing on
  // this model, so just trusting open router"), openai/gpt-5-image at $10/$10 and gpt-5-image-mini at $2.50/$2
  // ("Seen on OpenRouter before OpenAI"; the bundle's openrouter/openai/gpt-5-image has the same $10/$10), beside
  // mistral-large-2512 at $0.50/$1.50, a price of Mistral's own.
  const mistral = {
    id: 'mistral', name: 'Mistral', api_pattern: 'x',
    models: [
      { id: 'mistral-small-24b-instruct-2501', match: { equals: 'x' }, price_comments: "Can't find pricing on this model, so just trusting open router",
        prices: { input_mtok: 0.05, output_mtok: 0.08 } },
      { id: 'mistral-large-2512', match: { equals: 'x' }, prices: { input_mtok: 0.5, cache_read_mtok: 0.05, output_mtok: 1.5 } },
    ],
  };
  const openai = {
    id: 'openai', name: 'OpenAI', api_pattern: 'x',
    models: [
      { id: 'gpt-5-image', match: { equals: 'x' }, price_comments: 'Seen on OpenRouter before OpenAI', prices: { input_mtok: 10, cache_read_mtok: 1.25, output_mtok: 10 } },
      { id: 'gpt-5-image-mini', match: { equals: 'x' }, price_comments: 'Seen on OpenRouter before OpenAI', prices: { input_mtok: 2.5, cache_read_mtok: 0.25, output_mtok: 2 } },
    ],
  };
  const r = await genaiPrices.read(aSnapshot({ npm: [mistral, openai] }));
  assert.deepEqual(r.offers?.map((o) => [o.provider, o.provider_model_id, o.input]), [['mistral', 'mistral-large-2512', 0.5]]);
  assert.ok(r.models?.some((m) => m.source_model_id === 'openai/gpt-5-image'), 'the model is still known');
  assert.equal(importedPriceOf("Can't find pricing on this model, so just trusting open router"), 'OpenRouter');
  assert.equal(importedPriceOf('Seen on OpenRouter before OpenAI'), 'OpenRouter');
  // google/gemini-pro and gemini-1.0-pro-vision-001 in the same bundle: unverified, but no other provider's price.
  assert.equal(importedPriceOf("I can't find anything so trusting these prices, not sure the model still exists"), undefined);
  assert.equal(importedPriceOf("I can't find anything about this model or it's pricing, so trusting the original source"), undefined);
  // google/gemma-4-26b-a4b-it: the comment tells of earlier rates; the entry now has no price to copy.
  assert.equal(importedPriceOf('The previous rates were imported from OpenRouter, not Google.'), undefined);
});

test('Hugging Face backends stay apart and Claude filed under google is a Vertex AI offer', async () => {
  const hf = (backend: string, price: number) => ({
    id: `huggingface_${backend}`,
    name: `HuggingFace (${backend})`,
    pricing_urls: ['https://router.huggingface.co/v1/models'],
    api_pattern: 'x',
    models: [{ id: 'meta-llama/Llama-3.3-70B-Instruct', match: { equals: 'x' }, prices: { input_mtok: price, output_mtok: price } }],
  });
  const google = { id: 'google', name: 'Google', api_pattern: 'x', models: [{ id: 'claude-opus-4-6', match: { equals: 'x' }, prices: { input_mtok: 5 } }] };
  const r = await genaiPrices.read(aSnapshot({ npm: [hf('groq', 0.59), hf('together', 0.88), google] }));
  assert.deepEqual(
    r.offers?.map((o) => [o.provider, o.provider_model_id, o.input]),
    [
      ['huggingface', 'meta-llama/Llama-3.3-70B-Instruct:groq', 0.59],
      ['huggingface', 'meta-llama/Llama-3.3-70B-Instruct:together', 0.88],
      ['google-vertex', 'claude-opus-4-6', 5],
    ],
  );
  assert.equal(r.models?.find((m) => m.source_model_id === 'google/claude-opus-4-6')?.vendor_hint, undefined, 'Google is not its vendor');
});

test('price history: offered on added/removed, one change per differing price field, noise and bad values skipped', async () => {
  const at = { commit: 'c0ffee1', subject: 'Update prices' };
  const r = await genaiPrices.read(
    aSnapshot({
      history: [
        { ...at, date: '2025-06-22T10:36:06+01:00', provider: 'x', model: 'grok-beta', change: 'added', old: null, new: { input_mtok: 5, output_mtok: 15 } },
        { ...at, date: '2025-06-23T23:30:00-02:00', provider: 'x', model: 'grok-beta', change: 'prices_changed', old: { input_mtok: 5, output_mtok: 15.0 }, new: { input_mtok: 2, output_mtok: 15 } },
        { ...at, date: '2025-07-12T12:00:00Z', provider: 'openai', model: 'o3', change: 'prices_changed', old: { input_mtok: 10, output_mtok: 40 }, new: [{ prices: { input_mtok: 10, output_mtok: 40 } }, { constraint: { start_date: '2025-06-10' }, prices: { input_mtok: 2, output_mtok: 8 } }] },
        { ...at, date: '2025-07-13T12:00:00Z', provider: 'openai', model: 'o3', change: 'prices_changed', old: { input_mtok: 2 }, new: { input_mtok: -2 } },
        { ...at, date: '2025-07-14T12:00:00Z', provider: 'x', model: 'grok-beta', change: 'removed', old: { input_mtok: 2 }, new: null },
      ],
    }),
  );
  assert.deepEqual(
    r.changes?.map((c) => [c.date, c.change, c.provider, c.source_model_id, c.field, c.old, c.new]),
    [
      ['2025-06-22', 'added', 'xai', 'x/grok-beta', 'offered', false, true],
      ['2025-06-24', 'changed', 'xai', 'x/grok-beta', 'input', 5, 2],
      ['2025-07-12', 'changed', 'openai', 'openai/o3', 'input', 10, 2],
      ['2025-07-12', 'changed', 'openai', 'openai/o3', 'output', 40, 8],
      ['2025-07-14', 'removed', 'xai', 'x/grok-beta', 'offered', true, false],
    ],
  );
  assert.ok(r.issues.some((i) => i.file === 'genai-prices/price-changes-from-git.jsonl' && i.row === 'line 4' && i.field === 'new.input_mtok'));
});

test('price history: a change of the tiers is one `tiers` row, input and output merged by threshold', async () => {
  // As genai-prices' anthropic claude-opus-4-6 record of 2026-03-17: 5/25 with 10/37.5 above 200k, then one price.
  const at = { commit: 'c0ffee2', subject: 'Update prices' };
  const tiered = { input_mtok: { base: 5, tiers: [{ start: 200000, price: 10 }] }, output_mtok: { base: 25, tiers: [{ start: 200000, price: 37.5 }] } };
  const r = await genaiPrices.read(aSnapshot({ history: [
    { ...at, date: '2026-03-17T12:00:00Z', provider: 'anthropic', model: 'claude-opus-4-6', change: 'prices_changed', old: tiered,
      new: { input_mtok: 5, output_mtok: 25 } },
  ] }));
  assert.deepEqual(r.changes?.map((c) => [c.date, c.field, c.old, c.new]), [
    ['2026-03-17', 'tiers', '[{"above_tokens":200000,"input":10,"output":37.5}]', null],
  ], 'the base did not move: no input or output row');
});

test('dated price lists: a change per field on each start date up to the copy\'s date; none for a future date', async () => {
  const r = await genaiPrices.read(aSnapshot({ npm: [DEEPSEEK] }));
  const scheduled = r.changes?.filter((c) => c.scheduled);
  // DEEPSEEK's v4 list above: 0.435/0.87 until 2026-08-16, 0.66/1.98 from 2026-08-17 (17 off-peak hours win
  // on both days); the 2027-01-01 entry is after the bundle's 2026-09-23 and is not yet a change.
  assert.deepEqual(
    scheduled?.map((c) => [c.source, c.date, c.provider, c.source_model_id, c.field, c.old, c.new, c.commit]),
    [
      ['genai-prices-npm', '2026-08-17', 'deepseek', 'deepseek/deepseek-v4', 'input', 0.435, 0.66, undefined],
      ['genai-prices-npm', '2026-08-17', 'deepseek', 'deepseek/deepseek-v4', 'output', 0.87, 1.98, undefined],
    ],
  );
  assert.match(scheduled?.[0].subject ?? '', /start_date in @pydantic\/genai-prices 0\.1\.8/);
});

const PROJECT = path.resolve(import.meta.dirname, '../..');
// The project's own store (data/sources, as the build reads it), which holds SOURCE_DATES.json beside the snapshot.
const REAL = defaultRoots(PROJECT, undefined);

test('the real snapshot: both copies read, known prices, and the provider ids that stay unmapped', { skip: !existsSync(REAL.sources) }, async () => {
  const r = await genaiPrices.read(REAL);
  assert.ok((r.offers?.length ?? 0) > 1500, `offers: ${r.offers?.length}`);
  // The only rows left out: developer-file prices an OpenRouter sync copied and nothing changed since
  // (price-changes-from-git.jsonl): the 2026-06-15 sync (cee9e74c11), e.g. deepseek-v3.2 at OpenRouter's
  // 0.2288/0.3432, and "Update from openRouter (#3)" (670c89d3d1, 2025-06-22), e.g. mistral/mixtral-8x22b-instruct
  // at 0.9/0.9, whose later rewrites with the same figures (a57331e053) set no price. The listings 670c89d3d1 filed
  // under a developer with OpenRouter's tag (mistral-small-24b-instruct-2501:free, gpt-4o:extended) are left out whole.
  const variants = ['azure/mai-ds-r1:free', 'azure/phi-4-reasoning-plus:free', 'azure/phi-4-reasoning:free', 'mistral/devstral-small:free',
    'mistral/mistral-nemo:free', 'mistral/mistral-small-24b-instruct-2501:free', 'openai/gpt-4o:extended'];
  assert.deepEqual(r.issues.map((i) => i.row).sort(), [
    'azure/mai-ds-r1:free', 'azure/phi-3-medium-128k-instruct', 'azure/phi-3-mini-128k-instruct', 'azure/phi-3.5-mini-128k-instruct',
    'azure/phi-4', 'azure/phi-4-multimodal-instruct', 'azure/phi-4-reasoning-plus', 'azure/phi-4-reasoning-plus:free',
    'azure/phi-4-reasoning:free', 'azure/wizardlm-2-8x22b', 'cohere/command', 'cohere/command-a',
    'deepseek/deepseek-v3.1-terminus', 'deepseek/deepseek-v3.2', 'deepseek/deepseek-v3.2-exp', 'google/gemini-2.5-flash',
    'mistral/codestral-2508', 'mistral/devstral-2512', 'mistral/devstral-small:free', 'mistral/ministral-14b-2512', 'mistral/ministral-3b',
    'mistral/ministral-3b-2512', 'mistral/mistral-large', 'mistral/mistral-large-2512', 'mistral/mistral-medium-3',
    'mistral/mistral-nemo:free', 'mistral/mistral-saba', 'mistral/mistral-small-24b-instruct-2501:free', 'mistral/mistral-small-2603',
    'mistral/mistral-tiny', 'mistral/mixtral-8x22b-instruct', 'moonshotai/kimi-k2', 'openai/chatgpt-4o-latest', 'openai/codex-mini',
    'openai/gpt-3.5-turbo-16k', 'openai/gpt-4.5-preview', 'openai/gpt-4o-search-preview', 'openai/gpt-4o:extended', 'openai/gpt-audio',
    'openai/gpt-audio-mini', 'openai/o1-pro', 'openai/o3-pro', 'perplexity/llama-3.1-sonar-large-128k-online',
    'perplexity/llama-3.1-sonar-small-128k-online', 'perplexity/r1-1776', 'perplexity/sonar-deep-research',
    'perplexity/sonar-reasoning-pro', 'x-ai/grok-3', 'x-ai/grok-3-mini', 'x-ai/grok-4.20-multi-agent',
  ]);
  for (const i of r.issues) {
    const re = variants.includes(i.row ?? '') ? /^OpenRouter's variant, added to this provider's file by 670c89d3d1/ : /copied from OpenRouter by (cee9e74c11|670c89d3d1)/;
    assert.match(i.message, re, i.row);
  }
  assert.deepEqual(offerOf(r, 'mistral', 'mistral-small-24b-instruct-2501:free'), []);
  assert.equal(r.models?.some((m) => m.source_model_id === 'mistral/mistral-small-24b-instruct-2501:free'), false);
  assert.deepEqual(offerOf(r, 'mistral', 'mixtral-8x22b-instruct'), []);
  // mistral.yml mistral-tiny: 0.25/0.25 copied by 670c89d3d1, `deprecated: true`: the flag stays, the price goes.
  const tiny = offerOf(r, 'mistral', 'mistral-tiny');
  assert.deepEqual(tiny?.map((o) => [o.status, o.input, o.output]), [['deprecated', undefined, undefined]]);
  assert.deepEqual(offerOf(r, 'deepseek', 'deepseek-v3.2'), []);
  const opus = offerOf(r, 'anthropic', 'claude-opus-4-5')?.[0];
  assert.deepEqual([opus?.input, opus?.output], [5, 25]);
  // Filed under openai with the comment "Imported from OpenRouter pricing": OpenRouter's price, not OpenAI's.
  assert.deepEqual([offerOf(r, 'openai', 'gpt-oss-120b'), offerOf(r, 'openai', 'gpt-oss-20b')], [[], []]);
  assert.ok((r.changes?.length ?? 0) > 2000);
  // npm-0.1.8-bundled-providers.json, openai: gpt-5.6-luna $1/$6 -> $0.20/$1.20 from 2026-07-30,
  // gpt-5.6-terra $2.5/$15 -> $2/$12 from 2026-07-30, gpt-5.6-sol $5/$30 -> $4/$20 from 2026-08-21.
  const cut = (id: string) => r.changes?.filter((c) => c.scheduled && c.source_model_id === `openai/${id}` && ['input', 'output'].includes(c.field))
    .map((c) => [c.date, c.field, c.old, c.new]);
  assert.deepEqual(cut('gpt-5.6-luna'), [['2026-07-30', 'input', 1, 0.2], ['2026-07-30', 'output', 6, 1.2]]);
  assert.deepEqual(cut('gpt-5.6-terra'), [['2026-07-30', 'input', 2.5, 2], ['2026-07-30', 'output', 15, 12]]);
  assert.deepEqual(cut('gpt-5.6-sol'), [['2026-08-21', 'input', 5, 4], ['2026-08-21', 'output', 30, 20]]);
  // openrouter.yml and the bundle: qwen3-235b-a22b-thinking-2507 at 0.1/0.1 with no prices_checked, a figure the
  // history's one record of it sets: cee9e74c11, 2026-06-15T15:42:50-05:00, "feat(openrouter): sync models from OpenRouter API".
  const thinking = offerOf(r, 'openrouter', 'qwen/qwen3-235b-a22b-thinking-2507')?.[0];
  assert.deepEqual([thinking?.source, thinking?.input, thinking?.output, thinking?.price_dates],
    ['genai-prices-npm', 0.1, 0.1,
      { input: { as_of: '2026-06-15', set_on: '2026-06-15' }, output: { as_of: '2026-06-15', set_on: '2026-06-15' } }]);
  const dir = path.join(REAL.sources, 'genai-prices');
  const ids = new Set<string>(JSON.parse(readFileSync(path.join(dir, NPM_FILE), 'utf8')).map((p: { id: string }) => p.id));
  for (const f of readdirSync(path.join(dir, 'providers-yml')).filter((n) => n.endsWith('.yml'))) ids.add((parseYaml(readFileSync(path.join(dir, 'providers-yml', f), 'utf8')) as { id: string }).id);
  const unmapped = [...ids].filter((id) => !isMappedProvider('genai-prices', id)).sort();
  // No models.dev provider for these: they pass through as their own slugs.
  assert.deepEqual(unmapped, ['arcee', 'avian', 'cursor', 'doubleword', 'modal', 'quicksilverpro', 'typesafe', 'voyageai']);
});

test('removals from a provider that declares fallback providers carry them, from the day the field came in', () => {
  // genai-prices' azure entry: fallback_model_providers [openai, anthropic] (d062d87193, 2026-01-13); google: none here.
  const fb = fallbackProviders([{ id: 'azure', fallback_model_providers: ['openai', 'anthropic'] }, { id: 'google' }, null]);
  assert.deepEqual([...fb], [['azure', ['openai', 'anthropic']]]);
  const removal = (date: string, source_model_id: string, change: CatalogueChange['change'] = 'removed'): CatalogueChange => ({
    source: 'genai-prices', date, change, source_model_id, field: 'offered', old: change === 'removed', new: change !== 'removed' });
  const rows = [removal('2026-01-13', 'azure/gpt-4.1'), removal('2025-07-14', 'azure/text-davinci-002'), removal('2026-01-13', 'google/gemini-1.5-pro'),
    removal('2026-01-13', 'azure/gpt-5.2', 'added')];
  markFallbackRemovals(rows, fb, '2026-01-13');
  assert.deepEqual(rows.map((r) => r.falls_back_to), [['openai', 'anthropic'], undefined, undefined, undefined]);
  // Without the day the field came in, no removal is read as a fallback.
  const unknown = [removal('2026-01-13', 'azure/gpt-4.1')];
  markFallbackRemovals(unknown, fb, undefined);
  assert.equal(unknown[0].falls_back_to, undefined);
});

test("the day fallback providers came in is the source's own metadata: SOURCE_DATES.json beside the snapshot", async () => {
  // The value the adapter held in code before (FALLBACKS_SINCE): genai-prices d062d87193, "Fallback model providers
  // (#255)", 2026-01-13T07:42:34-05:00 in data/sources/genai-prices/price-changes-from-git.jsonl.
  const issues: IngestIssue[] = [];
  assert.equal(await fallbacksSince(path.join('data', 'sources', 'genai-prices'), issues), '2026-01-13');
  assert.deepEqual(issues, []);
  const empty = mkdtempSync(path.join(os.tmpdir(), 'genai-prices-dates-'));
  const missing: IngestIssue[] = [];
  assert.equal(await fallbacksSince(empty, missing), undefined);
  assert.match(missing[0]?.message ?? '', /missing/);
});
