// Tests of the reviewed table of the terms a developer's API serves its closed-weights models under.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Licence, Model } from '../schema/index.ts';
import { applyDeveloperTerms, loadDeveloperTerms, noteDeveloperApiTerms } from './developer-terms.ts';

const model = (id: string, vendor: string, extra: Partial<Model> = {}): Model =>
  ({ id, vendor, name: { value: id, as_of: '2026-07-02', source: 'models-dev' }, aliases: [], variants: [], capabilities: {}, ...extra });
const closed = { value: false, as_of: '2026-07-02', source: 'models-dev' };
const open = { value: true, as_of: '2026-07-02', source: 'models-dev' };

// The licence table's row for LMArena's "Proprietary" (data/curated/licences.csv).
const PROPRIETARY: Licence = { id: 'proprietary', name: 'Proprietary', osi_approved: false, commercial_use: null };
const APACHE: Licence = { id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true };

const table = (text: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'developer-terms-'));
  writeFileSync(path.join(dir, 'developer-terms.csv'), text);
  return loadDeveloperTerms(path.join(dir, 'developer-terms.csv'));
};

const HEADER = 'developer,terms,applies_to,except,url,read_on,quote,note\n';
// OpenAI's Services Agreement page (Effective: May 31, 2025), its opening sentence, and Google's Gemini API terms.
const ROWS = `${HEADER}openai,OpenAI Services Agreement,,^(?:gpt-oss|whisper),https://openai.com/policies/services-agreement/,2026-11-29,"This OpenAI Services Agreement only applies to use of OpenAI's APIs",
google,Gemini API Additional Terms of Service,^gemini,,https://ai.google.dev/terms,2026-11-29,"To use Gemini API, Google AI Studio, and the other Google developer services",
`;

test("the project's table loads without issues, one row per developer", () => {
  const { rows, issues } = loadDeveloperTerms(path.join(import.meta.dirname, '../../data/curated/developer-terms.csv'));
  assert.deepEqual(issues, []);
  // Since 2026-11-29 also the API terms of Alibaba Cloud (Qwen's API models), AWS (Amazon Nova), Cohere, MiniMax,
  // Moonshot AI and Perplexity: 85 closed models had no licence fact, 41 of them these developers'. Then Upstage's Terms
  // of Use (its page of the November 4, 2025 update): its three closed Solar models (solar-mini, solar-pro2, solar-pro3);
  // and Writer's Terms of Use (June 3, 2024), which name its APIs, for palmyra-x5.
  assert.deepEqual(rows.map((r) => r.developer),
    ['openai', 'google', 'xai', 'mistral', 'anthropic', 'alibaba', 'amazon', 'cohere', 'minimax', 'moonshotai', 'perplexity', 'upstage', 'writer']);
  // Every row quotes its page and is read on a day: the note of each fact it gives names both.
  for (const r of rows) assert.ok(r.url.startsWith('https://') && r.quote.length >= 20, r.developer);
});

test('a closed model with no licence reads proprietary under its developer\'s terms, sourced to the table', () => {
  const { rows } = table(ROWS);
  const m = model('gpt-5-pro', 'openai', { open_weights: closed });
  const r = applyDeveloperTerms([m], rows, PROPRIETARY);
  assert.deepEqual(r, { licensed: ['gpt-5-pro'], annotated: [] });
  assert.deepEqual(m.licence?.value, PROPRIETARY);
  assert.equal(m.licence?.source, 'developer-terms');
  assert.equal(m.licence?.as_of, '2026-11-29');
  assert.equal(m.licence?.note, 'weights not published: used under OpenAI Services Agreement, the developer\'s terms for its API '
    + '(https://openai.com/policies/services-agreement/, read 2026-11-29: "This OpenAI Services Agreement only applies to use of '
    + 'OpenAI\'s APIs"); through another provider, that provider\'s terms apply as well');
});

test('a leaderboard\'s proprietary label keeps its source and gains the terms; another label is left alone', () => {
  const { rows } = table(ROWS);
  // LMArena labels gpt-4o "Proprietary" (lmarena-hf-text-2026-08-22.json); a closed model labelled Apache 2.0 is a
  // disagreement the merge keeps, not one the terms settle.
  const labelled = model('gpt-4o', 'openai', { open_weights: closed, licence: { value: PROPRIETARY, as_of: '2026-08-19', source: 'lmarena' } });
  const apache = model('gpt-x', 'openai', { open_weights: closed, licence: { value: APACHE, as_of: '2026-08-19', source: 'lmarena' } });
  const r = applyDeveloperTerms([labelled, apache], rows, PROPRIETARY);
  assert.deepEqual(r, { licensed: [], annotated: ['gpt-4o'] });
  assert.equal(labelled.licence?.source, 'lmarena');
  assert.match(labelled.licence?.note ?? '', /^weights not published: used under OpenAI Services Agreement/);
  assert.deepEqual(apache.licence?.value, APACHE);
  assert.equal(apache.licence?.note, undefined);
});

test('open or unknown weights, left-out families, models the terms do not cover and other developers are untouched', () => {
  const { rows } = table(ROWS);
  const models = [
    model('gpt-oss-120b', 'openai', { open_weights: open }), // published weights: Apache 2.0 comes from its card
    model('whisper-1', 'openai', { open_weights: closed }), // Whisper's weights are published (left out by `except`)
    model('gpt-y', 'openai'), // no source says whether the weights are published
    model('text-bison', 'google', { open_weights: closed }), // PaLM on Vertex AI: not the Gemini API's terms
    model('claude-x', 'anthropic', { open_weights: closed }), // no row for Anthropic
  ];
  assert.deepEqual(applyDeveloperTerms(models, rows, PROPRIETARY), { licensed: [], annotated: [] });
  for (const m of models) assert.equal(m.licence, undefined, m.id);
});

test('without a proprietary row in the licence table no licence is made up', () => {
  const { rows } = table(ROWS);
  const m = model('gemini-3-pro', 'google', { open_weights: closed });
  assert.deepEqual(applyDeveloperTerms([m], rows, undefined), { licensed: [], annotated: [] });
  assert.equal(m.licence, undefined);
});

test('a second row for a developer, a bad pattern or a short quote is an issue and not applied', () => {
  const { rows, issues } = table(`${ROWS}openai,Other terms,,,https://openai.com/x,2026-11-29,"a second row for the same developer here",
xai,xAI terms,^grok-(,,https://x.ai/legal,2026-11-29,"These Enterprise Terms of Service govern your use of Grok",
mistral,Mistral terms,,,https://mistral.ai/terms,2026-11-29,short,
`);
  assert.deepEqual(rows.map((r) => r.developer), ['openai', 'google']);
  assert.equal(rows[0]!.terms, 'OpenAI Services Agreement');
  assert.equal(issues.length, 3);
  assert.match(issues.map((i) => i.message).join('\n'), /a second row for openai/);
});

test("the project's table leaves out the API names of weights a developer published", () => {
  const { rows } = loadDeveloperTerms(path.join(import.meta.dirname, '../../data/curated/developer-terms.csv'));
  // Moonshot publishes Kimi K2 (and its tiers), Kimi-VL, Kimi-Dev, Kimi Linear and Moonlight: a listing that marks one of
  // them closed must not make it proprietary under the Kimi OpenPlatform terms; kimi-latest, API-only, is. MiniMax's
  // -lightning tiers name published M2.x weights, which no page of MiniMax's read says they run: left untouched too.
  const ms = ['kimi-latest', 'kimi-k2-thinking', 'moonlight-16b-a3b-instruct'].map((id) => model(id, 'moonshotai', { open_weights: closed }))
    .concat(['minimax-m2-her', 'minimax-m2.1-lightning'].map((id) => model(id, 'minimax', { open_weights: closed })));
  const r = applyDeveloperTerms(ms, rows, PROPRIETARY);
  assert.deepEqual(r.licensed, ['kimi-latest', 'minimax-m2-her']);
  assert.match(ms[0].licence!.note!, /Terms of Service for Kimi OpenPlatform, the developer's terms for its API \(https:\/\/platform\.kimi\.ai\/docs\/agreement\/modeluse, read 2026-11-29/);
});

// Cohere's SaaS Agreement page ("Last updated: February 29, 2024"), the quote the project's row gives; CC BY-NC 4.0
// as the licence table reads it (commercial use false).
const COHERE = `${HEADER}cohere,Cohere Software as a Service Agreement,,,https://cohere.com/saas-agreement,2026-11-29,"This Agreement sets forth the terms and conditions that govern the provision and use of the Cohere API SaaS Services for AI-powered text prediction services.",
`;
const CC_BY_NC: Licence = { id: 'cc-by-nc-4.0', name: 'Creative Commons Attribution-NonCommercial 4.0', osi_approved: false, commercial_use: false };

test('an open model whose licence allows no commercial use names the terms its developer\'s own API sells it under', () => {
  const { rows } = table(COHERE);
  const label = { value: CC_BY_NC, as_of: '2026-08-19', source: 'lmarena' };
  // command-a-03-2025: CC-BY-NC weights (LMArena's label), sold by Cohere's own API (a first-party offer).
  const sold = model('command-a-03-2025', 'cohere', { open_weights: open, licence: { ...label } });
  // Another CC-BY-NC model of Cohere's that Cohere's API does not list keeps its licence as it was.
  const unsold = model('c4ai-aya-vision-8b', 'cohere', { open_weights: open, licence: { ...label } });
  // A commercial licence needs no terms beside it; a closed model is the other rule's (applyDeveloperTerms).
  const apache = model('command-x', 'cohere', { open_weights: open, licence: { ...label, value: APACHE } });
  const shut = model('embed-v4.0', 'cohere', { open_weights: closed });
  const noted = noteDeveloperApiTerms([sold, unsold, apache, shut], rows, (id) => id !== 'c4ai-aya-vision-8b');
  assert.deepEqual(noted, ['command-a-03-2025']);
  // The licence, its source and day stay; only the note names the terms, with the page and the day.
  assert.deepEqual(sold.licence?.value, CC_BY_NC);
  assert.equal(sold.licence?.source, 'lmarena');
  assert.equal(sold.licence?.note, 'through its developer\'s own API the model is used under Cohere Software as a Service Agreement '
    + '(https://cohere.com/saas-agreement, read 2026-11-29: "This Agreement sets forth the terms and conditions that govern the '
    + 'provision and use of the Cohere API SaaS Services for AI-powered text prediction services."), which govern that use; '
    + 'the licence, which allows no commercial use, is the weights\' own');
  assert.equal(unsold.licence?.note, undefined);
  assert.equal(apache.licence?.note, undefined);
  assert.equal(shut.licence, undefined);
});

test('a licence note read on the developer\'s page keeps its words, the terms after them', () => {
  const { rows } = table(COHERE);
  const note = 'https://huggingface.co/CohereLabs/c4ai-command-r7b-12-2024, read 2026-11-27: "License: CC-BY-NC"';
  const m = model('command-r7b-12-2024', 'cohere', { open_weights: open,
    licence: { value: CC_BY_NC, as_of: '2026-11-27', source: 'developer-licences', note } });
  noteDeveloperApiTerms([m], rows, () => true);
  assert.ok(m.licence?.note?.startsWith(`${note}; through its developer's own API the model is used under Cohere Software`));
});
