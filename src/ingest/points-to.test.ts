import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aModel, f } from '../dataset/fixtures.ts';
import { attachPointsTo } from './points-to.ts';

const reason = 'DeepSeek: deepseek-chat corresponds to the non-thinking mode of deepseek-v4-flash (https://api-docs.deepseek.com/)';

test('a pointer row whose snapshot is another model makes points_to; a snapshot merged into its alias makes nothing', () => {
  const models = [aModel({ id: 'deepseek-chat', name: f('DeepSeek Chat') }), aModel({ id: 'deepseek-v4-flash' }), aModel({ id: 'gpt-4o' })];
  // gpt-4o-2024-08-06 is a spelling of gpt-4o (OpenAI's models page: gpt-4o points to it), so the row names no other model.
  const resolve = (id: string) => ({ 'deepseek-v4-flash': 'deepseek-v4-flash', 'gpt-4o-2024-08-06': 'gpt-4o' } as Record<string, string>)[id];
  const out = attachPointsTo(models, [
    { alias: 'deepseek-chat', snapshot: 'deepseek-v4-flash', reason, read_on: '2026-11-27' },
    { alias: 'gpt-4o', snapshot: 'gpt-4o-2024-08-06', reason: 'https://platform.openai.com/docs/models/gpt-4o' },
  ], resolve);
  assert.deepEqual(out, { attached: ['deepseek-chat'], issues: [] });
  assert.deepEqual(models[0].points_to, { value: 'deepseek-v4-flash', as_of: '2026-11-27', source: 'version-pointers', note: reason });
  assert.equal(models[2].points_to, undefined);
});

test('a row that would make a fact without the date of its evidence is an issue, not an undated fact', () => {
  const models = [aModel({ id: 'deepseek-chat' }), aModel({ id: 'deepseek-v4-flash' })];
  const out = attachPointsTo(models, [{ alias: 'deepseek-chat', snapshot: 'deepseek-v4-flash', reason }], (id) => id);
  assert.equal(out.attached.length, 0);
  assert.equal(out.issues.length, 1);
  assert.match(out.issues[0].message, /needs the date of its evidence/);
  assert.equal(models[0].points_to, undefined);
});

// Mistral's release note of 2024-05-29: "codestral-latest, aka codestral-2405"; Mistral's model page of 2026-08-21:
// Codestral 25.08's API names are ['codestral-2508', 'codestral-latest'].
const note2405 = "Mistral's release note (https://docs.mistral.ai/resources/release-note/2024-05-29-codestral-2405-release)";
const note2508 = "Mistral's model page (https://docs.mistral.ai/models/codestral-25-08)";

test('an alias with dated targets points to the newest, dated by its evidence, and names the earlier in the note', () => {
  const models = [aModel({ id: 'codestral-latest' }), aModel({ id: 'codestral-2405' }), aModel({ id: 'codestral-2508' })];
  const out = attachPointsTo(models, [
    { alias: 'codestral-latest', snapshot: 'codestral-2508', reason: note2508, read_on: '2026-11-27', evidence_on: '2026-08-21' },
    { alias: 'codestral-latest', snapshot: 'codestral-2405', reason: note2405, read_on: '2026-11-27', evidence_on: '2024-05-29' },
  ], (id) => id);
  assert.deepEqual(out, { attached: ['codestral-latest'], issues: [] });
  // as_of is the evidence's date (2026-08-21), not the day the page was read (2026-11-27).
  assert.deepEqual(models[0].points_to, {
    value: 'codestral-2508', as_of: '2026-08-21', source: 'version-pointers',
    note: `${note2508}. Earlier: codestral-2405 (evidence of 2024-05-29; https://docs.mistral.ai/resources/release-note/2024-05-29-codestral-2405-release)`,
  });
});

test('an alias whose newest target has ended (until) points nowhere: its target at the data date is unknown', () => {
  // Google introduced gemini-flash-lite-latest on the 09-2025 Flash-Lite preview and shut that preview down on 2026-03-31.
  const models = [aModel({ id: 'gemini-flash-lite-latest' }), aModel({ id: 'gemini-2.5-flash-lite-preview-09-2025' })];
  const out = attachPointsTo(models, [{
    alias: 'gemini-flash-lite-latest', snapshot: 'gemini-2.5-flash-lite-preview-09-2025', reason: 'https://developers.googleblog.com/',
    read_on: '2026-11-27', evidence_on: '2025-09-25', until: '2026-03-31',
  }], (id) => id);
  assert.deepEqual(out, { attached: [], issues: [] });
  assert.equal(models[0].points_to, undefined);
});
