// Arena renames in the committed feed: LMArena's renamed variants continue their old name's series, never debut.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { get_model_changes } from '../src/ops/get-model-changes.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();

test('Claude Opus 4.6 on 2026-08-12: the -high variant is the thinking variant renamed, not a new model', () => {
  const input = get_model_changes.input.parse({ model: 'claude-opus-4-6', kind: ['elo'], days: 10, until: '2026-08-19', limit: 100 });
  const out = get_model_changes.handler(ds, input, { today: '2026-11-26' }) as { items: Array<Record<string, any>> };
  // text_overall_daily.csv.gz: claude-opus-4-6-thinking last published 2026-08-11 (text 1502.79, style control 1504.71,
  // 72,425 votes); claude-opus-4-6-high first published 2026-08-12 (1502.80 and 1504.71, 72,466 votes). Rounded.
  assert.deepEqual(out.items.map((i) => [i.date, i.leaderboard, i.variant, i.renamed_from, i.old, i.new]).sort(), [
    ['2026-08-12', 'text', 'claude-opus-4-6-high', 'claude-opus-4-6-thinking', 1503, 1503],
    ['2026-08-12', 'text_style_control', 'claude-opus-4-6-high', 'claude-opus-4-6-thinking', 1505, 1505],
  ]);
});

test('the renames of the arena history, each on both text leaderboards, and no debut of a renamed name', () => {
  const renames = ds.changes.filter((e) => e.renamed_from);
  // Checked by hand against text_overall_daily.csv.gz (old name's last publication, new name's first, votes):
  // claude-opus-4-6-thinking 2026-08-11 72,425 -> -high 2026-08-12 72,466; claude-sonnet-4-5-20250929-thinking-32k
  // 82,549 -> -high-32k 82,533; deepseek-v4-pro-thinking 2026-07-30 44,669 -> -high-preview 2026-08-02 46,859.
  assert.deepEqual([...new Set(renames.map((e) => `${e.date} ${e.renamed_from} -> ${e.variant}`))].sort(), [
    '2026-08-02 deepseek-v4-flash-thinking -> deepseek-v4-flash-high-preview',
    '2026-08-02 deepseek-v4-pro-thinking -> deepseek-v4-pro-high-preview',
    '2026-08-12 claude-opus-4-5-20251101-thinking-32k -> claude-opus-4-5-20251101-high-32k',
    '2026-08-12 claude-opus-4-6-thinking -> claude-opus-4-6-high',
    '2026-08-12 claude-opus-4-7-thinking -> claude-opus-4-7-high',
    '2026-08-12 claude-opus-4-8-thinking -> claude-opus-4-8-high',
    '2026-08-12 claude-sonnet-4-5-20250929-thinking-32k -> claude-sonnet-4-5-20250929-high-32k',
    '2026-08-12 gemini-3.6-flash -> gemini-3.6-flash-high',
  ]);
  assert.equal(renames.length, 16);
  const renamed = new Set(renames.map((e) => `${e.leaderboard}|${e.variant}`));
  const debuts = ds.changes.filter((e) => e.kind === 'elo' && e.old === null && renamed.has(`${e.leaderboard}|${e.variant}`));
  assert.deepEqual(debuts, []);
});
