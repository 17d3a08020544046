// Arena ratings of previews, experimental checkpoints and dated snapshots stay off the released model a moving or GA
// name serves (aliases.csv rows): each expected value read from the arena's own files named in the comment.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
/** The arena names (variants) a model is rated under, current ratings and rating events together, lower case. */
const ratedAs = (model: string): Set<string> => new Set([
  ...(ds.ratingsByModel.get(model) ?? []).map((r) => r.variant.toLowerCase()),
  ...(ds.changes ?? []).filter((e) => e.model_id === model && e.field === 'rating').map((e) => String(e.variant).toLowerCase()),
]);
const textOverall = (model: string, variant: string): number | undefined => (ds.ratingsByModel.get(model) ?? [])
  .find((r) => r.leaderboard === 'text' && r.category === 'overall' && r.variant === variant)?.rating;

test("Gemini 2.5 Pro and 1.5 carry no preview's or experimental checkpoint's rating", () => {
  // Google Cloud's model versions page: gemini-2.5-pro released June 17, 2025; gemini-1.5-pro-002 and -flash-002
  // September 24, 2024. The arena rated exp-03-25, preview-03-25, -05-06 and -06-05 (and 1.5's 0409 preview and 0801,
  // 0827 checkpoints) in rows of their own before those days (lmarena-arena-catalog, lmarena-fboulnois histories).
  const previews = /preview|exp/;
  for (const model of ['gemini-2.5-pro', 'gemini-1.5-pro', 'gemini-1.5-flash', 'gemini-1.5-flash-8b']) {
    assert.deepEqual([...ratedAs(model)].filter((v) => previews.test(v)), [], model);
  }
  // The GA row stays: lmarena-hf-text-2026-08-22.json, model_name=gemini-2.5-pro, overall rating 1457.32 (rounded).
  assert.equal(textOverall('gemini-2.5-pro', 'gemini-2.5-pro'), 1457.32);
});

test('A preview the current leaderboard rates is a leaderboard-only model of its own, not the released model', () => {
  // lmarena-hf-text-2026-08-22.json, category overall: grok-3-preview-02-24 1425.10, minimax-m2.1-preview 1391.07,
  // step-2-16k-exp-202412 1321.00, qwen3.7-max-preview 1474.47 (rounded).
  const cases: Array<[string, string, number]> = [
    ['grok-3-preview-02-24', 'grok-3', 1425.1], ['minimax-m2.1-preview', 'minimax-m2.1', 1391.07],
    ['step-2-16k-exp-202412', 'step-2-16k', 1321], ['qwen3.7-max-preview', 'qwen3.7-max', 1474.47],
  ];
  for (const [preview, released, rating] of cases) {
    assert.equal(ds.resolveModelId(preview), preview, preview);
    assert.equal(textOverall(preview, preview), rating, preview);
    assert.ok(!ratedAs(released).has(preview), `${released} is not rated as ${preview}`);
  }
});

test("DeepSeek V4's -high-preview rows are its -thinking rows renamed, and stay the released model's", () => {
  // text_overall_daily.csv: deepseek-v4-flash-thinking's last point 2026-08-02 and deepseek-v4-flash-high-preview's
  // first carry the same votes (the rename the build reads); lmarena-hf-text-2026-08-22.json: the renamed row 1423.97.
  assert.equal(textOverall('deepseek-v4-flash', 'deepseek-v4-flash-high-preview'), 1423.97);
  assert.equal(ds.resolveModelId('deepseek-v4-pro-high-preview'), 'deepseek-v4-pro');
});

test('Qwen3-Max-Preview is its own model with its listings and rating; Qwen3-Max keeps its GA snapshot', () => {
  // Alibaba's OpenAI-compatible page lists qwen3-max, qwen3-max-preview and qwen3-max-2025-09-23 apart; models.dev's
  // Vercel file 'Qwen3 Max Preview' released 2025-09-05; the arena: qwen3-max-preview 1439.01, qwen3-max-2025-09-23 1412.64.
  assert.equal(ds.resolveModelId('qwen3-max-preview'), 'qwen3-max-preview');
  assert.equal(ds.modelById.get('qwen3-max-preview')!.release_date?.value, '2025-09-05');
  assert.equal(textOverall('qwen3-max-preview', 'qwen3-max-preview'), 1439.01);
  const providers = (ds.offersByModel.get('qwen3-max-preview') ?? []).map((o) => o.provider).sort();
  assert.deepEqual([...new Set(providers)], ['alibaba', 'iflowcn', 'qiniu-ai', 'vercel']);
  assert.ok(!ratedAs('qwen3-max').has('qwen3-max-preview'));
  assert.equal(textOverall('qwen3-max', 'qwen3-max-2025-09-23'), 1412.64);
});

test("Alibaba's moving names are not rated by dated snapshots the arena rates apart", () => {
  // Alibaba serves 'qwen-max, qwen-max-latest, qwen-max-2025-01-25 and later snapshots' (international, Model Studio's
  // OpenAI-compatible page): 0428 and 0919 are not among them. lmarena-hf-text-2026-08-22.json: qwen-max-0919 1281.97.
  for (const [moving, snapshots] of [
    ['qwen-max', ['qwen-max-0428', 'qwen-max-0919', 'qwen-max-2025-01-25', 'qwen-max-2025-08-15']],
    ['qwen-plus', ['qwen-plus-0125', 'qwen-plus-0828']],
    ['qwen-vl-max', ['qwen-vl-max-1119', 'qwen-vl-max-2025-08-13']],
  ] as const) {
    const rated = ratedAs(moving);
    for (const s of snapshots) assert.ok(!rated.has(s), `${moving} rated as ${s}`);
  }
  assert.equal(textOverall('qwen-max-0919', 'qwen-max-0919'), 1281.97);
  // xAI's grok-3-latest stays Grok 3's listing (LiteLLM: xai/grok-3-latest $3/$15 like xai/grok-3, x.ai/api#pricing).
  assert.equal(ds.resolveModelId('grok-3-latest'), 'grok-3');
});
