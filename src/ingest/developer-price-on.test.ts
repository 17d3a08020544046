// Tests of a listing's price walked back to a past day through its source's recorded moves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CatalogueChange } from '../sources/types.ts';
import { figureOn, priceHistory } from './developer-price-on.ts';

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
