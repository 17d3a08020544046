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

test('a row that would make a fact without the day its page was read is an issue, not an undated fact', () => {
  const models = [aModel({ id: 'deepseek-chat' }), aModel({ id: 'deepseek-v4-flash' })];
  const out = attachPointsTo(models, [{ alias: 'deepseek-chat', snapshot: 'deepseek-v4-flash', reason }], (id) => id);
  assert.equal(out.attached.length, 0);
  assert.equal(out.issues.length, 1);
  assert.match(out.issues[0].message, /needs the day its page was read/);
  assert.equal(models[0].points_to, undefined);
});
