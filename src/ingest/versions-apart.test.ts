import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ModelObservation, OfferObservation, RatingObservation } from '../sources/types.ts';
import { Matcher } from './matcher.ts';
import { findVersionsApart, isDatedVersion, versionKey, type VersionPointer, type VersionsInput } from './versions-apart.ts';

type Obs = Partial<ModelObservation> & Pick<ModelObservation, 'source' | 'source_model_id'>;
const m = (x: Obs): ModelObservation => ({ as_of: '2026-07-02', ...x });
const offer = (provider: string, id: string, input: number, output: number, source = 'models-dev'): OfferObservation =>
  ({ source, provider, provider_model_id: id, region: 'global', as_of: '2026-07-02', input, output });
const row = (id: string, rating: number): RatingObservation => ({ source: 'lmarena', source_model_id: id, leaderboard: 'text',
  category: 'overall', rating, as_of: '2026-08-19' } as RatingObservation);

// models.dev 2026-07-02: providers/openai/models/gpt-4o.toml $2.50/$10 (release 2024-05-13), gpt-4o-2024-05-13.toml
// $5/$15, gpt-4o-2024-08-06.toml $2.50/$10 (release 2024-08-06). OpenAI's models page: gpt-4o points to 2024-08-06.
const GPT4O: ModelObservation[] = [
  m({ source: 'models-dev', source_model_id: 'openai/gpt-4o', release_date: '2024-05-13' }),
  m({ source: 'models-dev', source_model_id: 'gpt-4o', provider: 'openai', release_date: '2024-05-13' }),
  m({ source: 'models-dev', source_model_id: 'gpt-4o-2024-05-13', provider: 'openai', release_date: '2024-05-13' }),
  m({ source: 'models-dev', source_model_id: 'gpt-4o-2024-08-06', provider: 'openai', release_date: '2024-08-06' }),
];
const GPT4O_OFFERS = [offer('openai', 'gpt-4o', 2.5, 10), offer('openai', 'gpt-4o-2024-05-13', 5, 15),
  offer('openai', 'gpt-4o-2024-08-06', 2.5, 10),
  // A reseller's own prices are its choice, not the developer's word on the version.
  offer('nano-gpt', 'openai/gpt-4o-2024-08-06', 9, 9)];
const POINTERS: VersionPointer[] = [
  { alias: 'gpt-4o', snapshot: 'gpt-4o-2024-08-06', reason: 'https://platform.openai.com/docs/models/gpt-4o' },
];

const run = (over: Partial<VersionsInput>) => findVersionsApart({ models: [], offers: [], ratings: [], pointers: [],
  retiredApart: new Map(), reviewed: () => undefined, ...over });

test('gpt-4o-2024-05-13, $5/$15 where OpenAI lists gpt-4o at $2.50/$10, is a model; 2024-08-06, which gpt-4o serves, is not', () => {
  const out = run({ models: GPT4O, offers: GPT4O_OFFERS, pointers: POINTERS });
  assert.deepEqual([...out.values()].map((v) => [v.id, v.reasons]),
    [['gpt-4o-2024-05-13', ['price 5/15 vs 2.5/10 at openai|global|models-dev']]]);
});

test('without the developer saying which snapshot the alias serves, a snapshot released on another day is apart too', () => {
  const out = run({ models: GPT4O, offers: GPT4O_OFFERS });
  assert.deepEqual([...out.values()].map((v) => v.id), ['gpt-4o-2024-05-13', 'gpt-4o-2024-08-06']);
});

// lmarena 2026-08-19 rates claude-3-5-sonnet-20240620 (1342.9) and claude-3-5-sonnet-20241022 (1373.6) in rows of their own;
// Anthropic: claude-3-5-sonnet-latest is the alias of 20241022.
test('two arena rows are two models: the first Claude 3.5 Sonnet is apart from the 20241022 upgrade the alias serves', () => {
  const out = run({
    models: [
      m({ source: 'models-dev', source_model_id: 'claude-3-5-sonnet-20240620', provider: 'anthropic', release_date: '2024-06-20' }),
      m({ source: 'models-dev', source_model_id: 'anthropic/claude-3-5-sonnet-20241022', release_date: '2024-10-22' }),
    ],
    ratings: [row('claude-3-5-sonnet-20240620', 1342.9), row('claude-3-5-sonnet-20241022', 1373.6)],
    pointers: [{ alias: 'claude-3-5-sonnet-latest', snapshot: 'claude-3-5-sonnet-20241022', reason: 'https://docs.anthropic.com' }],
  });
  assert.deepEqual([...out.values()].map((v) => [v.id, v.reasons]),
    [['claude-3-5-sonnet-20240620', ['own arena row (text)', 'release 2024-06-20 vs 2024-10-22']]]);
});

test('a version only a notice names makes no model and stays a snapshot, whatever its dates', () => {
  const out = run({ models: [m({ source: 'models-dev', source_model_id: 'gpt-4', provider: 'openai' }),
    m({ source: 'deprecations-rss', source_model_id: 'gpt-4', provider: 'openai', shutdown_date: '2026-10-23' }),
    m({ source: 'deprecations-rss', source_model_id: 'gpt-4-0314', provider: 'openai', shutdown_date: '2026-03-26' })] });
  assert.equal(out.size, 0);
});

test('notices of two providers do not disagree: Vertex retiring gpt-5 says nothing of OpenAI retiring a snapshot', () => {
  const out = run({ models: [m({ source: 'models-dev', source_model_id: 'gpt-5', provider: 'openai' }),
    m({ source: 'models-dev', source_model_id: 'gpt-5-2025-08-07', provider: 'openai' }),
    m({ source: 'deprecations-rss', source_model_id: 'gpt-5', provider: 'azure', shutdown_date: '2027-02-06' }),
    m({ source: 'deprecations-rss', source_model_id: 'gpt-5-2025-08-07', provider: 'openai', shutdown_date: '2026-12-11' })] });
  assert.equal(out.size, 0);
});

test('effort variants and undated previews are no versions; ids the alias table excludes are no evidence', () => {
  const out = run({
    models: [m({ source: 'models-dev', source_model_id: 'google/gemini-embedding-001' })],
    ratings: [row('deepseek-v4-pro-high-20260813', 1400), row('deepseek-v4-pro-high-preview', 1390), row('gpt-4-0613', 1160),
      row('gpt-4', 1170)],
    reviewed: (_s, id) => (id === 'gpt-4' ? '' : undefined),
  });
  assert.equal(out.size, 0);
});

test('with no undated alias, the family keeps its first version and the others that differ go apart', () => {
  const out = run({ ratings: [row('ernie-5.0-preview-1022', 1400), row('ernie-5.0-0110', 1420), row('ernie-5.0-preview-1203', 1410)] });
  assert.deepEqual([...out.values()].map((v) => v.id).sort(), ['ernie-5.0-preview-1022', 'ernie-5.0-preview-1203']);
});

test('the matcher sends every spelling of a version apart to it, and nothing else', () => {
  const matcher = new Matcher();
  matcher.setVersionsApart(new Map([[versionKey('claude-3-5-sonnet-20240620'), 'claude-3-5-sonnet-20240620']]));
  matcher.addCanonical('claude-3-5-sonnet-20241022');
  matcher.addCanonical('claude-3-5-sonnet-20240620');
  const ids = ['anthropic.claude-3-5-sonnet-20240620-v1:0', 'vertex_ai/claude-3-5-sonnet@20240620', 'anthropic/claude-3.5-sonnet-20240620',
    'claude-3-5-sonnet-latest', 'anthropic.claude-3-5-sonnet-20241022-v2:0'];
  assert.deepEqual(ids.map((i) => matcher.resolve('litellm', i)?.id), ['claude-3-5-sonnet-20240620', 'claude-3-5-sonnet-20240620',
    'claude-3-5-sonnet-20240620', 'claude-3-5-sonnet-20241022', 'claude-3-5-sonnet-20241022']);
});

test('date tails: full dates, month and day, three-digit versions; not YYMM versions or context lengths', () => {
  assert.deepEqual(['gpt-4o-2024-05-13', 'gpt-4-0613', 'gemini-1.5-pro-001', 'gemini-2.5-flash-preview-05-20', 'mistral-large-2411',
    'llama3-70b-8192', 'gpt-4o'].map(isDatedVersion), [true, true, true, true, false, false, false]);
  assert.equal(versionKey('gpt-4o-2024-05-13'), versionKey('openai/gpt-4o-20240513'));
});
