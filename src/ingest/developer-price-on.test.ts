// Tests of a listing's price walked back to a past day through its source's recorded moves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CatalogueChange } from '../sources/types.ts';
import { figureOn, priceHistory, tierHistory, tiersOn } from './developer-price-on.ts';

const move = (c: Partial<CatalogueChange> & Pick<CatalogueChange, 'date' | 'field' | 'old' | 'new'>): CatalogueChange =>
  ({ source: 'models-dev', change: 'changed', provider: 'xai', source_model_id: 'xai/grok-4.20', provider_model_id: 'grok-4.20', ...c });

test('a figure stands from its move on; before the move the figure it replaced was in force', () => {
  // docs/data.md: models.dev changed grok-4.20 from its launch price 2/6 to 1.25/2.5 on 2026-05-20.
  const h = priceHistory([move({ date: '2026-05-20', field: 'input', old: 2, new: 1.25, subject: 'update xAI pricing' })]);
  const moves = h('models-dev', 'xai', 'grok-4.20', 'input');
  assert.equal(figureOn(1.25, moves, '2026-05-01'), 2);
  assert.equal(figureOn(1.25, moves, '2026-05-20'), 1.25, 'the day of the move has the new figure');
  assert.equal(figureOn(1.25, moves, '2026-07-02'), 1.25);
  assert.equal(h('models-dev', 'xai', 'grok-4.20', 'output').length, 0, 'no output move recorded');
  // The npm copy of genai-prices reads the repository's history.
  const g = priceHistory([move({ source: 'genai-prices', date: '2026-05-20', field: 'input', old: 2, new: 1.25 })]);
  assert.equal(g('genai-prices-npm', 'xai', 'grok-4.20', 'input').length, 1);
});

test('a commit that fixed the catalogue is no move: the figure it replaced was never in force', () => {
  // models.dev 8cbe01b9fc (2025-12-17), "use the correct Gemini 3 Flash prices": Google's listing 0.15 -> 0.5 the day it
  // was added (ee2b9d8a30). A reseller's reading of that month compares with 0.5, not 0.15.
  const h = priceHistory([move({ date: '2025-12-17', provider: 'google', source_model_id: 'google/gemini-3-flash-preview',
    provider_model_id: 'gemini-3-flash-preview', field: 'input', old: 0.15, new: 0.5, subject: 'use the correct Gemini 3 Flash prices' })]);
  assert.equal(figureOn(0.5, h('models-dev', 'google', 'gemini-3-flash-preview', 'input'), '2025-12-01'), 0.5);
});

test('a move from no price keeps the earliest figure; a figure of 0 is no price', () => {
  assert.equal(figureOn(3, [{ date: '2026-01-10', old: null }], '2026-01-01'), 3);
  // models.dev 8842d59637 (2026-06-25) set OpenRouter prices to 0 and f34441cf84 wrote them back the next day.
  const blip = [{ date: '2026-06-25', old: 0.95 }, { date: '2026-06-26', old: 0 }];
  assert.equal(figureOn(0.95, blip, '2026-06-25'), undefined);
  assert.equal(figureOn(0.95, blip, '2026-06-24'), 0.95);
});

test("a move within the launch-fix days of the listing's first appearance is the source fixing itself", () => {
  // models.dev 2025-10-15: providers/anthropic/models/claude-haiku-4-5-20251001.toml added at 3/15 (0c3cff5a9e), output
  // 15 -> 1.25 ("fix: haiku 4.5 cost", db133a691d) and 1.25 -> 5 ("Update output cost in claude-haiku-4-5 model",
  // fef49d5216) the same day. Anthropic's $1/$5 is the figure of every earlier day.
  const at = { provider: 'anthropic', source_model_id: 'anthropic/claude-haiku-4-5-20251001', provider_model_id: 'claude-haiku-4-5-20251001' };
  const h = priceHistory([
    move({ ...at, date: '2025-10-15', change: 'added', field: 'offered', old: null, new: true, subject: 'claude haiku 4.5' }),
    move({ ...at, date: '2025-10-15', field: 'output', old: 15, new: 1.25, subject: 'fix: haiku 4.5 cost' }),
    move({ ...at, date: '2025-10-15', field: 'output', old: 1.25, new: 5, subject: 'Update output cost in claude-haiku-4-5 model' }),
  ]);
  const moves = h('models-dev', 'anthropic', 'claude-haiku-4-5-20251001', 'output');
  assert.equal(moves.length, 0);
  assert.equal(figureOn(5, moves, '2025-07-01'), 5);
});

test("a listing's tiers on a past day: each later move walked back, a move from none keeps the later tiers", () => {
  // Hand-made history of google/p, added 2025-11-18: the tier above 200k 4/18 set to 5/20 on 2026-02-01 (a price
  // change), then dropped on 2026-04-01; a tier above 1M added from none on 2026-05-01.
  const row = { source: 'models-dev', change: 'changed' as const, provider: 'google', source_model_id: 'google/p', provider_model_id: 'p' };
  const T = (above: number, input: number, output: number) => ({ above_tokens: above, input, output });
  const h = tierHistory([
    { ...row, change: 'added', date: '2025-11-18', field: 'offered', old: false, new: true },
    { ...row, date: '2026-02-01', field: 'tiers', old: JSON.stringify([T(200000, 4, 18)]), new: JSON.stringify([T(200000, 5, 20)]), subject: 'pricing' },
    { ...row, date: '2026-04-01', field: 'tiers', old: JSON.stringify([T(200000, 5, 20)]), new: null, subject: 'pricing' },
    { ...row, date: '2026-05-01', field: 'tiers', old: null, new: JSON.stringify([T(1000000, 8, 30)]), subject: 'pricing' },
  ]);
  const moves = h('models-dev', 'google', 'p');
  const today = [T(1000000, 8, 30)];
  assert.deepEqual(tiersOn(today, moves, '2026-06-01'), today);
  assert.deepEqual(tiersOn(today, moves, '2026-04-15'), today, 'before the 1M tier appeared the source listed none: kept');
  assert.deepEqual(tiersOn(today, moves, '2026-03-01'), [T(200000, 5, 20)], 'before the drop: the dropped tier');
  assert.deepEqual(tiersOn(today, moves, '2026-01-01'), [T(200000, 4, 18)], 'before the change: the older tier');
  // The npm copy of genai-prices reads the repository's history; LiteLLM keeps none: no move, today's tiers.
  const g = tierHistory([{ ...row, source: 'genai-prices', date: '2026-02-01', field: 'tiers', old: null, new: '[]' }]);
  assert.equal(g('genai-prices-npm', 'google', 'p').length, 1);
  assert.equal(h('litellm', 'google', 'p').length, 0);
});

test('a tier move that fixed the catalogue, or within the launch-fix days, is no move', () => {
  // models.dev 8cbe01b9fc (2025-12-17), "use the correct Gemini 3 Flash prices", set the tier above 200k of Google's
  // gemini-3-flash-preview from 0.3/1.2 to 0.5/3 the day ee2b9d8a30 added it.
  const row = { source: 'models-dev', change: 'changed' as const, provider: 'google', source_model_id: 'google/gemini-3-flash-preview',
    provider_model_id: 'gemini-3-flash-preview' };
  const h = tierHistory([
    { ...row, change: 'added', date: '2025-12-17', field: 'offered', old: false, new: true },
    { ...row, date: '2025-12-17', field: 'tiers', old: '[{"above_tokens":200000,"input":0.3,"output":1.2}]',
      new: '[{"above_tokens":200000,"input":0.5,"output":3}]', subject: 'use the correct Gemini 3 Flash prices' },
    { ...row, date: '2025-12-20', field: 'tiers', old: '[{"above_tokens":200000,"input":0.5,"output":3}]', new: null, subject: 'update' },
  ]);
  assert.equal(h('models-dev', 'google', 'gemini-3-flash-preview').length, 0);
});
