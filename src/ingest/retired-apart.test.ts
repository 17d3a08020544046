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

test('an -exp id with its own shutdown stays apart when the developer lists no bare untagged id (Google)', () => {
  // deprecations-rss/deprecations.json, Google: gemini-embedding-exp and -exp-03-07 shut down 2025-10-30 (replacement
  // gemini-embedding-2); gemini-2.0-flash-thinking-exp, -01-21 and -1219 on 2025-12-02. Google lists gemini-embedding-001
  // (its notice: shutdown 2028-05-14) and gemini-2.0-flash-001, never a bare gemini-embedding or gemini-2.0-flash-thinking.
  const google = [
    o({ source: 'deprecations-rss', source_model_id: 'gemini-embedding-exp', provider: 'google', shutdown_date: '2025-10-30' }),
    o({ source: 'deprecations-rss', source_model_id: 'gemini-embedding-exp-03-07', provider: 'google', shutdown_date: '2025-10-30' }),
    o({ source: 'deprecations-rss', source_model_id: 'gemini-embedding-001', provider: 'google', shutdown_date: '2028-05-14' }),
    o({ source: 'models-dev', source_model_id: 'gemini-embedding-001', provider: 'google' }),
    o({ source: 'deprecations-rss', source_model_id: 'gemini-2.0-flash-thinking-exp', provider: 'google', shutdown_date: '2025-12-02' }),
    o({ source: 'deprecations-rss', source_model_id: 'gemini-2.0-flash-thinking-exp-01-21', provider: 'google',
      shutdown_date: '2025-12-02' }),
    o({ source: 'models-dev', source_model_id: 'gemini-2.0-flash-001', provider: 'google' }),
    o({ source: 'deprecations-rss', source_model_id: 'gemini-2.0-flash', provider: 'google', shutdown_date: '2026-06-01' }),
  ];
  assert.deepEqual([...findRetiredApart(google)].sort(), [
    ['gemini-2-0-flash-thinking-exp', 'gemini-2.0-flash-thinking-exp'],
    ['gemini-embedding-exp', 'gemini-embedding-exp'],
  ]);
  // Shut down on the day of the model it would join, it stays with that model.
  const sameDay = [...google, o({ source: 'deprecations-rss', source_model_id: 'gemini-embedding-001', provider: 'google',
    shutdown_date: '2025-10-30' })];
  assert.deepEqual([...findRetiredApart(sameDay)].map(([k]) => k), ['gemini-2-0-flash-thinking-exp']);
  // With no untagged id of the developer to join, nothing is kept apart: the tag joins nothing anyway.
  assert.deepEqual([...findRetiredApart(google.filter((x) => x.source === 'deprecations-rss' && x.source_model_id.includes('-exp')))], []);
});

test("a preview whose notice names the untagged id as its replacement is a model of its own (Google's image models)", () => {
  // deprecations-rss/deprecations.json, Google: gemini-3-pro-image-preview, shutdown 2026-06-25, replacement_models
  // ["gemini-3-pro-image"]; gemini-3.1-flash-image-preview, shutdown 2026-06-25, ["gemini-3.1-flash-image"].
  // models.dev lists google/gemini-3-pro-image-preview only; providers/openrouter/models/google/gemini-3-pro-image.toml
  // lists the GA id (release_date 2026-06-18, input 2, output 12): without the notice's word it would join the preview.
  const image = [
    o({ source: 'deprecations-rss', source_model_id: 'gemini-3-pro-image-preview', provider: 'google', shutdown_date: '2026-06-25',
      replacement: 'gemini-3-pro-image' }),
    o({ source: 'deprecations-rss', source_model_id: 'gemini-3.1-flash-image-preview', provider: 'google', shutdown_date: '2026-06-25',
      replacement: 'gemini-3.1-flash-image' }),
    o({ source: 'models-dev', source_model_id: 'gemini-3-pro-image-preview', provider: 'google' }),
  ];
  assert.deepEqual([...findRetiredApart(image)].sort(), [
    ['gemini-3-1-flash-image-preview', 'gemini-3.1-flash-image-preview'],
    ['gemini-3-pro-image-preview', 'gemini-3-pro-image-preview'],
  ]);
  const m = new Matcher();
  m.setRetiredApart(findRetiredApart(image));
  m.addCanonical('gemini-3-pro-image-preview', ['google/gemini-3-pro-image-preview']);
  assert.equal(m.mergeTarget('gemini-3-pro-image'), undefined, 'the GA id does not merge into the preview');
  m.addCanonical('gemini-3-pro-image', ['openrouter/google/gemini-3-pro-image']);
  assert.equal(m.resolve('models-dev', 'openrouter/google/gemini-3-pro-image')?.id, 'gemini-3-pro-image');
  assert.equal(m.resolve('models-dev', 'kilo/google/gemini-3-pro-image-preview')?.id, 'gemini-3-pro-image-preview');
  // A replacement that is another model (o1-preview -> o3) names no untagged id the preview would join.
  const other = [o({ source: 'deprecations-rss', source_model_id: 'o1-preview', provider: 'openai', shutdown_date: '2025-07-28', replacement: 'o3' })];
  assert.deepEqual([...findRetiredApart(other)], []);
  // Retired on the replacement's own shutdown day, the preview stays with it, as with a listed untagged id.
  const same = [...image, o({ source: 'deprecations-rss', source_model_id: 'gemini-3-pro-image', provider: 'google', shutdown_date: '2026-06-25' })];
  assert.deepEqual([...findRetiredApart(same)].map(([k]) => k), ['gemini-3-1-flash-image-preview']);
});
