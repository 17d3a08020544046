import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ModelObservation } from '../sources/types.ts';
import { Matcher } from './matcher.ts';
import { findRetiredApart, taggedKey } from './retired-apart.ts';

const o = (x: Partial<ModelObservation> & Pick<ModelObservation, 'source' | 'source_model_id'>): ModelObservation =>
  ({ as_of: '2026-07-23', ...x });

// deprecations-rss/deprecations.json, OpenAI: o1-preview deprecated 2025-04-28, shut down 2025-07-28 (replacement o3);
// o1 deprecated 2026-04-22, shut down 2026-10-23; gemini-2.5-pro-preview-05-06 shut down 2025-12-02 beside
// gemini-2.5-pro (2026-10-16). models.dev lists openai/o1 and google/gemini-2.5-pro.
const OBS: ModelObservation[] = [
  o({ source: 'deprecations-rss', source_model_id: 'o1-preview', provider: 'openai', deprecation_date: '2025-04-28',
    shutdown_date: '2025-07-28' }),
  o({ source: 'deprecations-rss', source_model_id: 'o1', provider: 'openai', deprecation_date: '2026-04-22', shutdown_date: '2026-10-23' }),
  o({ source: 'deprecations-rss', source_model_id: 'o1-mini', provider: 'openai', deprecation_date: '2025-04-28',
    shutdown_date: '2025-10-27' }),
  o({ source: 'models-dev', source_model_id: 'o1', provider: 'openai' }),
  o({ source: 'deprecations-rss', source_model_id: 'gemini-2.5-pro-preview-05-06', provider: 'google', shutdown_date: '2025-12-02' }),
  o({ source: 'deprecations-rss', source_model_id: 'gemini-2.5-pro', provider: 'google', shutdown_date: '2026-10-16' }),
  // A reseller's notice is not the developer's: Azure retiring a preview says nothing of OpenAI's model.
  o({ source: 'deprecations-rss', source_model_id: 'gpt-4o-preview', provider: 'azure', shutdown_date: '2026-01-01' }),
];

test('o1-preview, retired by OpenAI apart from o1, is a model of its own; a dated preview alone is not', () => {
  assert.deepEqual([...findRetiredApart(OBS)], [['o-1-preview', 'o1-preview']]);
});

test('a preview retired on the day its model is retired stays with the model', () => {
  const same = [...OBS, o({ source: 'deprecations-rss', source_model_id: 'o1', provider: 'openai', shutdown_date: '2025-07-28' })];
  assert.deepEqual([...findRetiredApart(same)], []);
});

test('the tagged key reads through a snapshot date after the tag', () => {
  // Keys are key0's: a letter-digit boundary is a separator (`o-1-preview`).
  assert.deepEqual(['o1-preview-2024-09-12', 'azure/o1-preview', 'gemini-2.0-flash-thinking-exp-1219', 'o1', 'gpt-4-0613'].map(taggedKey),
    ['o-1-preview', 'o-1-preview', 'gemini-2-0-flash-thinking-exp', undefined, undefined]);
});

test("the preview's spellings find the preview, and o1's snapshots still find o1", () => {
  const m = new Matcher();
  m.setRetiredApart(findRetiredApart(OBS));
  m.addCanonical('o1', ['openai/o1']);
  assert.equal(m.mergeTarget('o1-preview'), undefined, 'the preview does not merge into o1');
  m.addCanonical('o1-preview', ['openai/o1-preview']);
  const at = (source: string, id: string) => m.resolve(source, id)?.id;
  // LiteLLM azure/o1-preview-2024-09-12, models.dev github-models/openai/o1-preview, the arena's o1-preview row.
  assert.equal(at('litellm', 'azure/o1-preview-2024-09-12'), 'o1-preview');
  assert.equal(at('models-dev', 'github-models/openai/o1-preview'), 'o1-preview');
  assert.equal(at('lmarena', 'o1-preview'), 'o1-preview');
  assert.equal(at('litellm', 'azure/o1-2024-12-17'), 'o1');
  assert.equal(at('deprecations-rss', 'o1'), 'o1');
});
