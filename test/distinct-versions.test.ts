// Distinct model versions are distinct models: a dated snapshot with its own price, arena row, release or notice is not
// merged into its alias, the alias stays with the snapshot it serves, and a notice's two-digit year names the right model.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compare_models } from '../src/ops/compare-models.ts';
import { get_model_changes } from '../src/ops/get-model-changes.ts';
import { get_podium } from '../src/ops/get-podium.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const ctx = { today: '2026-11-26' };

// Each pair: two models the developer lists apart, with the evidence (../shared/data/sources) in the comment.
const PAIRS: Array<[string, string]> = [
  // lmarena-hf-text-2026-08-22.json rates claude-3-5-sonnet-20240620 (1281.02) and -20241022 (1297.74) in rows of their own;
  // models.dev providers/anthropic: released 2024-06-20 and 2024-10-22.
  ['claude-3-5-sonnet-20240620', 'claude-3-5-sonnet-20241022'],
  // models.dev providers/openai: gpt-4o $2.50/$10, gpt-4o-2024-05-13 $5/$15.
  ['gpt-4o', 'gpt-4o-2024-05-13'],
  // lmarena: gemini-1.5-pro-001 1273.59, gemini-1.5-pro-002 1319.22.
  ['gemini-1.5-pro-001', 'gemini-1.5-pro-002'],
  // deprecations.json (OpenAI): babbage and davinci shut down 2024-01-04 with replacement babbage-002 / davinci-002;
  // babbage-002 and davinci-002 shut down 2026-09-28 with replacement gpt-5.4-mini.
  ['babbage', 'babbage-002'],
  ['davinci', 'davinci-002'],
  // OpenAI's Model index for researchers (archived 2023-01-21, archive.li/XDCN0): text-davinci-002 an InstructGPT model
  // trained by FeedME, text-davinci-003 "an improvement on text-davinci-002" trained by PPO. The -003 tail is no date.
  ['text-davinci-002', 'text-davinci-003'],
];

test('text-davinci-003 is its own model with its own notice; text-davinci-002 holds neither -003 nor -001', () => {
  // deprecations.json (OpenAI, 2023-07-06 notice): text-davinci-003 shut down 2024-01-04, replacement gpt-3.5-turbo-instruct.
  const m = ds.modelById.get(ds.resolveModelId('text-davinci-003')!)!;
  assert.equal(m.id, 'text-davinci-003');
  assert.equal(m.shutdown_date?.value, '2024-01-04');
  assert.equal(m.replacement?.value, 'gpt-3.5-turbo-instruct');
  const two = ds.modelById.get('text-davinci-002')!;
  const listed = [...two.aliases, ...(ds.offersByModel.get('text-davinci-002') ?? []).map((o) => o.provider_model_id),
    ...(ds.changes ?? []).filter((e) => e.model_id === 'text-davinci-002').flatMap((e) => e.provider_model_ids ?? [])];
  assert.deepEqual(listed.filter((id) => /text-davinci-00[13]/.test(id)), []);
});

test('OpenAI\'s 2023 base models keep their own notice, apart from the GPT-3 models they replaced', () => {
  // deprecations.json, OpenAI rows for babbage-002 and davinci-002: shutdown 2026-09-28, replacement gpt-5.4-mini.
  for (const id of ['babbage-002', 'davinci-002']) {
    const m = ds.models.find((x) => x.id === ds.resolveModelId(id));
    assert.equal(m?.id, id);
    assert.equal(m?.shutdown_date?.value, '2026-09-28', id);
    assert.equal(m?.replacement?.value, 'gpt-5.4-mini', id);
  }
  // deprecations.json, OpenAI babbage: shutdown 2024-01-04, replacement babbage-002 (another model, not itself).
  const babbage = ds.models.find((x) => x.id === 'babbage');
  assert.equal(babbage?.shutdown_date?.value, '2024-01-04');
  assert.equal(babbage?.replacement?.value, 'babbage-002');
  assert.ok(!babbage?.aliases.includes('babbage-002'));
});

for (const [a, b] of PAIRS) {
  test(`${a} and ${b} are two models, and compare_models takes them side by side`, () => {
    assert.notEqual(ds.resolveModelId(a), undefined, a);
    assert.notEqual(ds.resolveModelId(a), ds.resolveModelId(b));
    const out = compare_models.handler(ds, compare_models.input.parse({ models: [a, b] }), ctx) as { models: Array<{ id: string }> };
    assert.equal(out.models.length, 2);
  });
}

test('the alias resolves to the model of the snapshot it serves (version-pointers.csv)', () => {
  // OpenAI: gpt-4o points to gpt-4o-2024-08-06; Anthropic: claude-3-5-sonnet-latest to -20241022; Google: gemini-1.5-pro to -002.
  assert.equal(ds.resolveModelId('gpt-4o-2024-08-06'), 'gpt-4o');
  assert.equal(ds.resolveModelId('claude-3-5-sonnet-latest'), ds.resolveModelId('claude-3-5-sonnet-20241022'));
  assert.equal(ds.resolveModelId('gemini-1.5-pro-002'), 'gemini-1.5-pro');
});

test('gpt-4o-2024-05-13 carries its own OpenAI price and retirement; gpt-4o keeps $2.50/$10 and no shutdown', () => {
  const id = ds.resolveModelId('gpt-4o-2024-05-13')!;
  const std = (model: string) => (ds.offersByModel.get(model) ?? [])
    .filter((o) => o.provider === 'openai' && o.sku === 'standard').map((o) => `${o.prices.input?.value}/${o.prices.output?.value}`);
  assert.deepEqual([...new Set(std(id))], ['5/15']);
  assert.deepEqual([...new Set(std('gpt-4o'))], ['2.5/10']);
  const m = ds.modelById.get(id)!;
  // deprecations-rss: OpenAI gpt-4o-2024-05-13, deprecated 2026-04-22, shut down 2026-10-23.
  assert.equal(m.shutdown_date?.value, '2026-10-23');
  assert.equal(ds.modelById.get('gpt-4o')!.shutdown_date, undefined);
});

test('the first Claude 3.5 Sonnet is named and dated as itself', () => {
  const m = ds.modelById.get(ds.resolveModelId('claude-3-5-sonnet-20240620')!)!;
  assert.equal(m.release_date?.value, '2024-06-20');
  assert.notEqual(m.name.value, 'Claude Sonnet 3.5 v2');
  // Bedrock's and Vertex's spellings of the same snapshot follow it.
  for (const s of ['anthropic.claude-3-5-sonnet-20240620-v1:0', 'vertex_ai/claude-3-5-sonnet@20240620']) {
    assert.equal(ds.resolveModelId(s), m.id, s);
  }
});

test('Google\'s notice for gemini-2.5-flash-preview-09-25 retires the 09-2025 preview, not GA gemini-2.5-flash', () => {
  // deprecations-rss: Google gemini-2.5-flash-preview-09-25, shut down 2026-02-17 (release 2025-09-25);
  // gemini-2.5-flash, 2026-12-01 (the Gemini API's page read 2026-11-10, developer-notices; deprecations-rss's 2026-10-16
  // was an earliest day).
  assert.equal(ds.resolveModelId('gemini-2.5-flash-preview-09-25'), 'gemini-2.5-flash-preview-09-2025');
  assert.equal(ds.modelById.get('gemini-2.5-flash-preview-09-2025')!.shutdown_date?.value, '2026-02-17');
  assert.equal(ds.modelById.get('gemini-2.5-flash')!.shutdown_date?.value, '2026-12-01');
  const ch = get_model_changes.handler(ds, get_model_changes.input.parse({ model: 'gemini-2.5-flash', until: '2026-02-20' }), ctx) as
    { items: Array<{ field: string; provider?: string; new?: unknown }> };
  const googleShutdown = ch.items.some((e) => e.field === 'offered' && e.provider === 'google' && e.new === false);
  assert.ok(!googleShutdown, 'no Google shutdown on GA 2.5 Flash');
  const pod = get_podium.handler(ds, get_podium.input.parse({ leaderboard: 'vision' }), ctx) as
    { podium?: Array<{ model: { id: string } }>; left_out: Array<{ model: { id: string }; reason: string }> };
  assert.ok(pod.left_out.some((l) => l.model.id === 'gemini-2.5-flash-preview-09-2025' && /2026-02-17/.test(l.reason)));
});
