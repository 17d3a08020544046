// Contract: where a leaderboard or catalogue labels a model's licence otherwise than the licence chosen, a full trust
// profile names that source and its label in the licence's `conflicts`; a partial one says only that sources disagree.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { servedDataset, testAccess, testApp } from './helpers.ts';

const PRO_KEY = 'mds_pro_0123456789abcdefghijklmnopqrstuv';
const { dataset, committed } = servedDataset();
const skip = !committed && 'no committed dataset';
type Out = Record<string, any>;

let app: FastifyInstance;
before(async () => {
  app = testApp({ dataset, access: testAccess({ keys: { [PRO_KEY]: 'pro' } }), today: () => '2026-11-28' });
});
after(async () => {
  await app?.close();
});

const rest = async (url: string, key?: string): Promise<Out> =>
  (await app.inject({ url, headers: key ? { 'x-api-key': key } : {} })).json();
const labels = (l: Out) => (l.conflicts as Out[] | undefined)?.map((c) => [c.source, c.value.id]);

test('MiniMax-M2: its own LICENSE wins; LMArena\'s "Apache 2.0" is kept in conflicts (full tier only)', { skip }, async () => {
  // MiniMax-AI/MiniMax-M2 LICENSE at a01f06a: MIT plus MiniMax's paragraph (display "MiniMax M2" above 100 million
  // monthly active users or USD 30 million annual recurring revenue). LMArena's text leaderboard (2026-08-19 snapshot,
  // lmarena-hf-text-2026-08-22.json) gives minimax-m2 "license": "Apache 2.0".
  const pro = await rest('/api/v1/trust/minimax-m2', PRO_KEY);
  assert.equal(pro.compliance.licence.value.id, 'modified-mit-minimax-m2');
  assert.equal(pro.compliance.licence.source, 'developer-licences');
  assert.deepEqual(labels(pro.compliance.licence), [['lmarena', 'apache-2.0']]);
  const anon = await rest('/api/v1/trust/minimax-m2');
  assert.equal(anon.compliance.licence.conflicts, undefined);
  assert.equal(anon.compliance.licence.sources_disagree, true);
});

test('ChatGLM3-6B: the weights\' own licence wins over both leaderboards\' Apache-2.0 (the code\'s licence)', { skip }, async () => {
  // THUDM/ChatGLM3 MODEL_LICENSE: "The ChatGLM3-6B License"; LMArena and lmarena-fboulnois's table
  // (lmarena_text-2025-08-04.csv: "ChatGLM3-6B,...,Tsinghua,Apache-2.0") label it Apache-2.0.
  const pro = await rest('/api/v1/trust/chatglm3-6b', PRO_KEY);
  assert.equal(pro.compliance.licence.value.id, 'chatglm3-6b');
  assert.deepEqual(labels(pro.compliance.licence), [['lmarena', 'apache-2.0'], ['lmarena-fboulnois', 'apache-2.0']]);
});

test('a licence every source agrees on has no conflicts: Llama 3.3 70B', { skip }, async () => {
  const pro = await rest('/api/v1/trust/llama-3.3-70b-instruct', PRO_KEY);
  assert.equal(pro.compliance.licence.value.id, 'llama-3.3-community');
  assert.equal(pro.compliance.licence.conflicts, undefined);
});

test('FLUX.1: schnell is Apache 2.0, Kontext [dev] non-commercial, as Black Forest Labs\' own cards say', { skip }, async () => {
  // black-forest-labs/flux model_cards/FLUX.1-schnell.md at 1f71c43: "Released under the `apache-2.0` licence, the model
  // can be used for personal, scientific, and commercial purposes."; model_cards/FLUX.1-kontext-dev.md at 474dc42: "This
  // model falls under the FLUX.1 [dev] Non-Commercial License", whose section 2.b grants use "for Non-Commercial
  // Purposes" only.
  const schnell = await rest('/api/v1/trust/flux_1-schnell');
  assert.deepEqual([schnell.compliance.licence.value.id, schnell.compliance.commercial_use.value], ['apache-2.0', true]);
  const kontext = await rest('/api/v1/trust/flux_1-kontext-dev');
  assert.equal(kontext.compliance.licence.value.id, 'flux-1-dev-non-commercial');
  assert.equal(kontext.compliance.commercial_use.value, false);
  assert.match(kontext.compliance.licence_conditions, /for Non-Commercial Purposes" only/);
});
