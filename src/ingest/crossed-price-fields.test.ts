import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CatalogueChange } from '../sources/types.ts';
import { catalogueEvents } from './build-changes.ts';

type Row = [source: string, commit: string, date: string, provider: string, id: string, field: string, old: number | null, now: number];
const history = (rows: readonly Row[]): CatalogueChange[] => rows.map(([source, commit, date, provider, id, field, old, now]) => ({
  source, commit, date, subject: source === 'models-dev' ? 'sync' : undefined, change: 'changed', provider,
  provider_model_id: id, source_model_id: `${provider}/${id}`, field, old, new: now,
}));
const resolve = (c: CatalogueChange) => c.source_model_id.split('/').at(-1)!;
const events = (rows: readonly Row[]) => catalogueEvents(history(rows), resolve).events.filter((e) => e.kind === 'price');
// Each source's first commit is its baseline, not a change.
const BASE: Row[] = [
  ['models-dev', '79880a8285', '2025-06-04T18:41:51-04:00', 'anthropic', 'claude-opus-4-20250514', 'input', 15, 15],
  ['litellm', 'b094ffea87', '2025-02-06T10:56:03+08:00', 'openai', 'gpt-4o', 'input', 2.5, 2.5],
];

// data/sources/models.dev/field-changes-from-git.jsonl.gz: 19bc7d7cfb ("Rename cache fields and make them optional")
// wrote the old `cost.inputCached` / `cost.outputCached` into cache_read / cache_write, whose meaning differed per
// file; d2ab3fddc5 ("sync", 2025-06-23) set them right. Anthropic's prices: Claude 3.5 Haiku $0.08 cache read, $1
// cache write; Claude Sonnet 4 $0.30 read, $3.75 write.
const RENAME = ['19bc7d7cfb', '2025-06-17T18:26:49-04:00'] as const;
const SYNC = ['d2ab3fddc5', '2025-06-23T16:52:39-04:00'] as const;
const MODELS_DEV: Row[] = [
  ['models-dev', ...RENAME, 'anthropic', 'claude-3-5-haiku-20241022', 'cache_read', null, 0.08],
  ['models-dev', ...RENAME, 'anthropic', 'claude-3-5-haiku-20241022', 'cache_write', null, 0.08],
  ['models-dev', ...RENAME, 'anthropic', 'claude-sonnet-4-20250514', 'cache_read', null, 3.75],
  ['models-dev', ...RENAME, 'anthropic', 'claude-sonnet-4-20250514', 'cache_write', null, 0.3],
  ['models-dev', ...SYNC, 'anthropic', 'claude-3-5-haiku-20241022', 'cache_write', 0.08, 1],
  ['models-dev', ...SYNC, 'anthropic', 'claude-sonnet-4-20250514', 'cache_read', 3.75, 0.3],
  ['models-dev', ...SYNC, 'anthropic', 'claude-sonnet-4-20250514', 'cache_write', 0.3, 3.75],
];
// data/sources/litellm-via-rocry/litellm-field-changes-2025-02..2026-07.jsonl, da80605a5f (2026-06-21): command-r7b-12-2024
// input_cost_per_token 1.5e-07 -> 3.75e-08 and output_cost_per_token 3.75e-08 -> 1.5e-07, per 1M 0.15 -> 0.0375 and
// 0.0375 -> 0.15 (Cohere lists Command R7B at $0.0375 input, $0.15 output).
const LITELLM: Row[] = [
  ['litellm', 'da80605a5f', '2026-06-21T01:24:29+00:00', 'cohere', 'command-r7b-12-2024', 'input', 0.15, 0.0375],
  ['litellm', 'da80605a5f', '2026-06-21T01:24:29+00:00', 'cohere', 'command-r7b-12-2024', 'output', 0.0375, 0.15],
];

test('a cache write that held the cache read\'s figure and is set right is a correction, with the figure it was', () => {
  const haiku = events([...BASE, ...MODELS_DEV]).find((e) => e.model_id === 'claude-3-5-haiku-20241022')!;
  assert.deepEqual([haiku.field, haiku.old, haiku.new, haiku.correction], ['cache_write', 0.08, 1, true]);
  assert.equal(haiku.correction_note, 'the 0.08 was the cache read price written as the cache write price: the listing\'s ' +
    'cache_read stood at 0.08 after this commit (d2ab3fddc5), and one figure for both is one of them mistaken; 1 replaces ' +
    'the mistake, no price moved');
});

test('two prices exchanged in one commit and set back: both events are corrections', () => {
  const sonnet = events([...BASE, ...MODELS_DEV]).filter((e) => e.model_id === 'claude-sonnet-4-20250514');
  assert.equal(sonnet.length, 2);
  assert.ok(sonnet.every((e) => e.correction === true && /^exchanged with the cache_(read|write) price/.test(e.correction_note!)));
  const cohere = events([...BASE, ...LITELLM]);
  assert.equal(cohere.length, 2);
  const input = cohere.find((e) => e.field === 'input')!;
  assert.equal(input.correction_note, 'exchanged with the output price in the same commit (da80605a5f): input 0.15 -> 0.0375, ' +
    'output 0.0375 -> 0.15: the source had written each figure in the other\'s field; no price moved');
});

test('a price equal to its counterpart by chance is no mistake: input and output alike, or moved apart in two commits', () => {
  // A flat price (input = output) that changes on one side stays a change; so do two prices moved the other way in
  // different commits, and a cache read moved while the write stays apart from it.
  const rows: Row[] = [
    ...BASE,
    ['models-dev', 'c1', '2026-03-14T10:00:00Z', 'kilo', 'm', 'input', 0.2, 0.05],
    ['models-dev', 'c1', '2026-03-14T10:00:00Z', 'kilo', 'm', 'output', 0.2, 0.2],
    ['models-dev', 'c2', '2026-03-15T10:00:00Z', 'kilo', 'n', 'input', 0.15, 0.0375],
    ['models-dev', 'c3', '2026-03-16T10:00:00Z', 'kilo', 'n', 'output', 0.0375, 0.15],
    ['models-dev', 'c4', '2026-03-17T10:00:00Z', 'kilo', 'p', 'cache_write', 3.75, 3.75],
    ['models-dev', 'c5', '2026-03-18T10:00:00Z', 'kilo', 'p', 'cache_read', 0.3, 0.03],
  ];
  const got = events(rows);
  assert.equal(got.length, 4);
  assert.ok(got.every((e) => e.correction === null), JSON.stringify(got));
});
