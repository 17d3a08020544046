// Tests of a leaderboard-only model's developer: the organisation the leaderboards' rows name, read through the table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ModelObservation } from '../sources/types.ts';
import { buildDeveloperTable, resolveDeveloper } from './developers.ts';
import { leaderboardDeveloper } from './leaderboard-developer.ts';

// Rows as data/curated/developers.csv has them (AI21 Labs' and Allen AI's aliases, 01.AI's `01 AI`).
const table = buildDeveloperTable([
  { id: 'ai21', name: 'AI21 Labs', aliases: ['AI21 Labs', 'AI21', 'ai21labs'] },
  { id: '01-ai', name: '01.AI', aliases: ['01 AI', '01.ai', '01-ai'] },
  { id: 'allenai', name: 'Allen Institute for AI (Ai2)', aliases: ['AI2', 'AllenAI/UW'] },
  { id: 'microsoft', name: 'Microsoft', aliases: ['Microsoft'] },
]);
const resolve = (n: string) => resolveDeveloper(table, n);
const row = (source: string, id: string, org?: string): ModelObservation =>
  ({ source, source_model_id: id, as_of: '2025-08-04', ...(org ? { vendor_hint: org } : {}) });

test('the organisation the leaderboard\'s earlier rows name is the developer when the current row names none', () => {
  // lmarena-hf-text-2026-08-22.json: {"model_name": "jamba-1.5-large", "organization": "", "license": "Jamba Open"};
  // lmarena_text-2025-08-04.csv: `128,123,Jamba-1.5-Large,1241,+6/-6,9125,AI21 Labs,Jamba Open,2024/3,...`.
  const jamba = leaderboardDeveloper([row('lmarena', 'jamba-1.5-large'), row('lmarena-fboulnois', 'Jamba-1.5-Large', 'AI21 Labs')], resolve);
  assert.deepEqual(jamba, { developer: 'ai21', unresolved: [] });
  // lmarena_text-2025-08-04.csv: `78,74,Yi-Lightning,1303,+4/-4,28968,01 AI,Proprietary,,...`; the arena catalog's
  // scatterplot row names `01 AI` too.
  const yi = leaderboardDeveloper([row('lmarena-fboulnois', 'Yi-Lightning', '01 AI'), row('lmarena-arena-catalog', 'yi-lightning', '01 AI')], resolve);
  assert.equal(yi.developer, '01-ai');
  // lmarena_text-2025-08-04.csv names Tulu-2-DPO-70B's organisation `AllenAI/UW`, an alias of allenai.
  assert.equal(leaderboardDeveloper([row('lmarena-fboulnois', 'Tulu-2-DPO-70B', 'AllenAI/UW')], resolve).developer, 'allenai');
});

test('a name the table does not spell, or two developers, leave the vendor alone', () => {
  // lmarena_text-2025-08-04.csv: `Vicuna-13B,...,LMSYS,Llama 2 Community` (no LMSYS row in this table).
  assert.deepEqual(leaderboardDeveloper([row('lmarena-fboulnois', 'Vicuna-13B', 'LMSYS')], resolve), { unresolved: ['LMSYS'] });
  const two = leaderboardDeveloper([row('lmarena-fboulnois', 'x', 'Microsoft'), row('lmarena-arena-catalog', 'x', 'AI21 Labs')], resolve);
  assert.equal(two.developer, undefined);
  // One known and one unknown name: the unknown one could be another developer, so nothing is taken.
  assert.equal(leaderboardDeveloper([row('lmarena-fboulnois', 'x', 'Microsoft'), row('lmarena', 'x', 'LMSYS')], resolve).developer, undefined);
});

test('only the leaderboards\' organisation counts: a catalogue\'s or a Hub snapshot\'s vendor hint is not read here', () => {
  // llmfit's row for liuhaotian/llava-v1.6-34b carries the repository owner as its hint; the repo rule reads repos.
  assert.deepEqual(leaderboardDeveloper([row('llmfit', 'liuhaotian/llava-v1.6-34b', 'Microsoft')], resolve), { unresolved: [] });
});
