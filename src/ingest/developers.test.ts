// Tests of developer name resolution: any source's spelling resolves to one id, unknown names stay unknown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmti } from '../sources/fmti.ts';
import { defaultRoots } from './run.ts';
import { buildDeveloperTable, loadDeveloperTable, resolveDeveloper } from './developers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectTable = path.resolve(here, '../../data/curated/developers.csv');

const table = buildDeveloperTable([
  { id: 'ai21', name: 'AI21 Labs', country: 'IL', aliases: ['AI21'], evidence_url: 'https://en.wikipedia.org/wiki/AI21_Labs' },
  { id: 'zhipuai', name: 'Zhipu AI', aliases: ['Z.ai', 'Zhipu'] },
  { id: 'moonshotai', name: 'Moonshot AI', aliases: ['Moonshot'] },
]);

test('names resolve regardless of case, spaces, underscores and dots', () => {
  assert.equal(resolveDeveloper(table, 'AI21_Labs'), 'ai21');
  assert.equal(resolveDeveloper(table, 'ai21 labs'), 'ai21');
  assert.equal(resolveDeveloper(table, 'Z.ai'), 'zhipuai');
  assert.equal(resolveDeveloper(table, 'zai'), 'zhipuai');
  assert.equal(resolveDeveloper(table, 'MOONSHOT'), 'moonshotai');
  assert.equal(resolveDeveloper(table, 'moonshotai'), 'moonshotai');
});

test('an unknown or empty name resolves to nothing rather than to a near match', () => {
  assert.equal(resolveDeveloper(table, 'Moonshot Labs'), undefined);
  assert.equal(resolveDeveloper(table, '---'), undefined);
});

test('an alias claimed by two developers is an issue and keeps its first owner', () => {
  const t = buildDeveloperTable([
    { id: 'a', name: 'Alpha', aliases: ['Shared'] },
    { id: 'b', name: 'Beta', aliases: ['shared'] },
  ]);
  assert.equal(resolveDeveloper(t, 'Shared'), 'a');
  assert.equal(t.issues.length, 1);
  assert.equal(t.issues[0].row, 'b');
});

test('loadDeveloperTable validates countries and needs evidence for them', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'devs-'));
  const file = path.join(dir, 'developers.csv');
  writeFileSync(file, 'id,name,country,aliases,evidence_url\nok,OK Inc,US,OK;Okay,https://ok.example/\nbad,Bad,usa,,https://x.example/\nnoev,No Evidence,FR,,\nblank,Blank,,,\n');
  const t = await loadDeveloperTable(file);
  assert.deepEqual(t.rows.map((r) => r.id), ['ok', 'blank']);
  assert.equal(t.rows[0].country, 'US');
  assert.equal(t.rows[1].country, undefined);
  assert.deepEqual(t.issues.map((i) => `${i.row}:${i.field}`).sort(), ['bad:country', 'noev:evidence_url']);
  assert.equal(resolveDeveloper(t, 'okay'), 'ok');
});

test('the project table loads cleanly and resolves the names the sources use', { skip: !existsSync(projectTable) }, async () => {
  const t = await loadDeveloperTable(projectTable);
  assert.deepEqual(t.issues, []);
  const expected: Record<string, string> = {
    AI21_Labs: 'ai21', Google: 'google', Meta: 'meta', Alibaba: 'alibaba', DeepSeek: 'deepseek', xAI: 'xai',
    Moonshot: 'moonshotai', 'Mistral AI': 'mistral', WRITER: 'writer', 'Stability AI': 'stability', Stability: 'stability',
    'Hugging Face': 'huggingface', zai: 'zhipuai', thinky: 'thinking-machines', Aliaba: 'alibaba',
    // Namespaces and repo owners: NIM's baai/ and black-forest-labs/, Vercel's bfl/, Hugging Face's OpenGVLab,
    // openbmb, NousResearch, openchat, teknium; OpenRouter's arcee-ai/ and sao10k/.
    baai: 'baai', 'black-forest-labs': 'black-forest-labs', bfl: 'black-forest-labs', OpenGVLab: 'shanghai-ai-lab',
    openbmb: 'openbmb', NousResearch: 'nousresearch', openchat: 'openchat', teknium: 'teknium', 'arcee-ai': 'arcee-ai',
    sao10k: 'sao10k',
  };
  for (const [name, id] of Object.entries(expected)) assert.equal(resolveDeveloper(t, name), id, name);
});

test('a developer row only where a source gives its name and own site: Morph', { skip: !existsSync(projectTable) }, async () => {
  // models.dev providers/morph/provider.toml: name = "Morph", doc = "https://docs.morphllm.com/api-reference/introduction".
  // The other vendors still without a row (aion-labs, kwaipilot, nex-agi, deepreinforce, perceptron, relace,
  // switchpoint, mancer) have no source here giving both (docs/data.md, "Developers").
  const t = await loadDeveloperTable(projectTable);
  assert.equal(resolveDeveloper(t, 'Morph'), 'morph');
  const row = t.rows.find((r) => r.id === 'morph');
  assert.deepEqual([row?.name, row?.evidence_url], ['Morph', 'https://docs.morphllm.com/api-reference/introduction']);
});

test('every developer the real FMTI names resolves', { skip: !existsSync(projectTable) }, async () => {
  const t = await loadDeveloperTable(projectTable);
  const r = await fmti.read(defaultRoots(path.resolve(here, '../..')));
  const unresolved = [...new Set(r.developers?.map((d) => d.name))].filter((n) => !resolveDeveloper(t, n));
  assert.deepEqual(unresolved, []);
});
