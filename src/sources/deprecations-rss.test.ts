// Tests of the deprecations-rss adapter: notice validation, provider ids, dates, status only once in effect, real file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deprecationsRss, translateNotices } from './deprecations-rss.ts';

const shared = path.resolve(fileURLToPath(import.meta.url), '../../../../shared/data');
const haveShared = existsSync(path.join(shared, 'sources', 'deprecations-rss', 'deprecations.json'));

/** A notice in the upstream shape; fields default to a past OpenAI notice. */
function aNotice(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    provider: 'OpenAI',
    model_id: 'gpt-4-0613',
    announcement_date: '2026-04-23',
    shutdown_date: '2026-10-23',
    deprecation_date: '2026-04-22',
    replacement_models: ['gpt-5.6-sol'],
    deprecation_context: 'On April 22nd, 2026, we notified developers...',
    url: 'https://platform.openai.com/docs/deprecations#2026-04-22-legacy-gpt-model-snapshots',
    content_hash: '0123456789abcdef',
    scraped_at: '2026-04-23T05:00:00+00:00',
    first_observed: '2026-04-23',
    last_observed: '2026-07-24',
    ...over,
  };
}

test('a notice in effect is a deprecated observation at the provider, dated by the last day the page was read', () => {
  const { models, issues, retrieved } = translateNotices([aNotice()]);
  assert.deepEqual(issues, []);
  assert.equal(retrieved, '2026-07-24');
  assert.deepEqual(models, [
    {
      source: 'deprecations-rss',
      source_model_id: 'gpt-4-0613',
      provider: 'openai',
      as_of: '2026-07-24',
      first_observed: '2026-04-23',
      url: 'https://platform.openai.com/docs/deprecations#2026-04-22-legacy-gpt-model-snapshots',
      status: 'deprecated',
      deprecation_date: '2026-04-22',
      shutdown_date: '2026-10-23',
      replacement: 'gpt-5.6-sol',
    },
  ]);
});

test('provider names map to models.dev provider ids', () => {
  const names = ['OpenAI', 'Anthropic', 'Google', 'Google Vertex', 'AWS Bedrock', 'Cohere', 'Groq', 'xAI', 'Azure'];
  const { models } = translateNotices(names.map((provider) => aNotice({ provider })));
  // The ids of the folders under providers/ in models.dev-toml-HEAD-2026-07-02.tar.gz.
  assert.deepEqual(models.map((m) => m.provider), ['openai', 'anthropic', 'google', 'google-vertex', 'amazon-bedrock', 'cohere', 'groq', 'xai', 'azure']);
});

test('a retirement scheduled after the page was last read keeps its dates but is not a deprecation yet', () => {
  // deprecations.json row 330: Azure gpt-5.5, deprecation and shutdown 2027-04-23, last observed 2026-04-28.
  const { models } = translateNotices([aNotice({ provider: 'Azure', model_id: 'gpt-5.5', deprecation_date: '2027-04-23', shutdown_date: '2027-04-23', replacement_models: null, last_observed: '2026-04-28' })]);
  assert.equal(models[0].status, undefined);
  assert.equal(models[0].deprecation_date, '2027-04-23');
  assert.equal(models[0].shutdown_date, '2027-04-23');
  assert.equal(models[0].replacement, undefined);
});

test("Google's deprecations table has no deprecation column: the feed's copy of the shutdown day is no deprecation date", () => {
  // deprecations.json: Google gemini-2.5-pro, context 'Gemini deprecations table: Gemini 2.5 Pro models. Release date:
  // 2025-06-17. Shutdown date: 2026-10-16. ...', deprecation_date and shutdown_date both 2026-10-16, last observed 2026-05-07.
  const { models } = translateNotices([aNotice({ provider: 'Google', model_id: 'gemini-2.5-pro', deprecation_date: '2026-10-16',
    shutdown_date: '2026-10-16', replacement_models: ['gemini-3.1-pro-preview'], last_observed: '2026-05-07',
    deprecation_context: 'Gemini deprecations table: Gemini 2.5 Pro models. Release date: 2025-06-17. Shutdown date: 2026-10-16.' })]);
  assert.equal(models[0].deprecation_date, undefined);
  assert.equal(models[0].shutdown_date, '2026-10-16');
  assert.equal(models[0].status, undefined);
  // A past shutdown from the table still retires the row (gemini-2.5-pro-preview-03-25, shut down 2025-12-02).
  const past = translateNotices([aNotice({ provider: 'Google', model_id: 'gemini-2.5-pro-preview-03-25', deprecation_date: '2025-12-02',
    shutdown_date: '2025-12-02', last_observed: '2026-05-01', deprecation_context: 'Gemini deprecations table: Gemini 2.5 Pro models.' })]);
  assert.deepEqual([past.models[0].status, past.models[0].deprecation_date, past.models[0].shutdown_date], ['deprecated', undefined, '2025-12-02']);
});

test("Google's release notes give a deprecation day of their own, which stays", () => {
  // deprecations.json: gemini-2.5-flash-preview-04-17, changelog of 2025-06-17: '... will be deprecated on July 15, 2025.'
  const { models } = translateNotices([aNotice({ provider: 'Google', model_id: 'gemini-2.5-flash-preview-04-17', deprecation_date: '2025-06-17',
    shutdown_date: '2025-07-15', last_observed: '2026-05-01',
    deprecation_context: 'Released gemini-2.5-flash ... gemini-2.5-flash-preview-04-17 will be deprecated on July 15, 2025.' })]);
  assert.deepEqual([models[0].deprecation_date, models[0].shutdown_date], ['2025-06-17', '2025-07-15']);
  // Another provider's equal days are its own table's (Azure lists a deprecation column): unchanged.
  const azure = translateNotices([aNotice({ provider: 'Azure', model_id: 'gpt-5.5', deprecation_date: '2027-04-23', shutdown_date: '2027-04-23',
    last_observed: '2026-04-28', deprecation_context: 'Gemini deprecations table: not Google' })]);
  assert.equal(azure.models[0].deprecation_date, '2027-04-23');
});

test('a deprecation date after the shutdown is impossible: reported, left out, the shutdown stands', () => {
  // deprecations.json row 286: Groq mixtral-8x7b-32768, deprecation_date 2026-05-22, shutdown_date 2025-03-20.
  const { models, issues } = translateNotices([aNotice({ provider: 'Groq', model_id: 'mixtral-8x7b-32768', deprecation_date: '2026-05-22', shutdown_date: '2025-03-20', last_observed: '2026-05-22' })]);
  assert.deepEqual(issues.map((i) => [i.source, i.file, i.row, i.field]), [['deprecations-rss', 'deprecations.json', '[0] Groq mixtral-8x7b-32768', 'deprecation_date']]);
  assert.equal(models[0].deprecation_date, undefined);
  assert.equal(models[0].shutdown_date, '2025-03-20');
  assert.equal(models[0].status, 'deprecated');
});

test('an empty shutdown date is no date; the first replacement that is a model id is the replacement', () => {
  // deprecations.json row 59: OpenAI o1-pro, replacement_models ["gpt-5.6-sol", "reasoning.mode: pro"].
  const { models } = translateNotices([
    aNotice({ model_id: 'command-r', provider: 'Cohere', shutdown_date: '' }),
    aNotice({ model_id: 'o1-pro', replacement_models: ['reasoning.mode: pro', 'gpt-5.6-sol'] }),
  ]);
  assert.equal(models[0].shutdown_date, undefined);
  assert.equal(models[1].replacement, 'gpt-5.6-sol');
});

test('bad rows are issues naming source, file, row and field, and stay out', () => {
  const { models, issues } = translateNotices([
    aNotice({ provider: 'Mistral' }),
    aNotice({ deprecation_date: '2026-13-01' }),
    aNotice({ url: 'not a url' }),
    aNotice({ model_id: 'Agent Builder' }),
    aNotice({ first_observed: '2026-08-01', last_observed: '2026-07-01' }),
    'not an object',
  ]);
  assert.deepEqual(models, []);
  assert.deepEqual(
    issues.map((i) => `${i.row}|${i.field ?? ''}`),
    ['[0] Mistral gpt-4-0613|provider', '[1] OpenAI gpt-4-0613|deprecation_date', '[2] OpenAI gpt-4-0613|url', '[3] OpenAI Agent Builder|model_id', '[4] OpenAI gpt-4-0613|last_observed', '[5]|'],
  );
  for (const i of issues) assert.equal(i.source, 'deprecations-rss');
});

test('a file that is not an array is one issue, not a crash', () => {
  const { models, issues } = translateNotices({ notices: [] });
  assert.deepEqual(models, []);
  assert.equal(issues.length, 1);
});

test('the real snapshot: 415 notices, 412 observations, the 15 issues it should have', { skip: !haveShared }, async () => {
  const r = await deprecationsRss.read({ sources: path.join(shared, 'sources'), curated: path.join(shared, 'curated') });
  // `len(deprecations.json)` = 415; 3 are product features ("Reusable prompts", "Evals platform", "Agent Builder"),
  // 12 Groq rows carry a deprecation date (2026-05-22, the day first seen) after their shutdown date.
  assert.equal(r.models?.length, 412);
  assert.equal(r.issues.filter((i) => i.field === 'model_id').length, 3);
  assert.equal(r.issues.filter((i) => i.field === 'deprecation_date' && i.row.includes('Groq')).length, 12);
  assert.equal(r.issues.length, 15);
  assert.equal(r.sources[0].id, 'deprecations-rss');
  assert.equal(r.sources[0].licence, 'MIT');
  // Newest last_observed in the file: 2026-07-24.
  assert.equal(r.sources[0].retrieved, '2026-07-24');
  // Row 146: Anthropic claude-3-haiku-20240307, deprecated 2026-02-19, shut down 2026-04-20, replaced by
  // claude-haiku-4-5-20251001, first observed 2026-03-26, last observed 2026-04-21.
  const haiku = r.models?.find((m) => m.source_model_id === 'claude-3-haiku-20240307' && m.provider === 'anthropic');
  assert.deepEqual(haiku, {
    source: 'deprecations-rss',
    source_model_id: 'claude-3-haiku-20240307',
    provider: 'anthropic',
    as_of: '2026-04-21',
    first_observed: '2026-03-26',
    url: 'https://platform.claude.com/docs/en/about-claude/model-deprecations#2026-02-19-claude-haiku-3-model',
    status: 'deprecated',
    deprecation_date: '2026-02-19',
    shutdown_date: '2026-04-20',
    replacement: 'claude-haiku-4-5-20251001',
  });
  // Row 238: AWS Bedrock anthropic.claude-3-haiku-20240307-v1:0, deprecated 2026-03-10, shutdown 2026-09-10.
  const bedrock = r.models?.find((m) => m.source_model_id === 'anthropic.claude-3-haiku-20240307-v1:0');
  assert.equal(bedrock?.provider, 'amazon-bedrock');
  assert.equal(bedrock?.shutdown_date, '2026-09-10');
  // Azure lists its future retirements: 112 of its 115 rows retire after the page was last read.
  const azure = r.models?.filter((m) => m.provider === 'azure') ?? [];
  assert.equal(azure.length, 115);
  assert.equal(azure.filter((m) => m.status === undefined).length, 112);
});
