// Tests of the reviewed table of developers that publish no weights of their API models.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Model } from '../schema/index.ts';
import { closeUnknownWeights, loadClosedDevelopers } from './closed-developers.ts';

const model = (id: string, vendor: string, extra: Partial<Model> = {}): Model =>
  ({ id, vendor, name: { value: id, as_of: '2026-07-02', source: 'models-dev' }, aliases: [], variants: [], capabilities: {}, ...extra });

const table = (text: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'closed-developers-'));
  writeFileSync(path.join(dir, 'closed-developers.csv'), text);
  return loadClosedDevelopers(path.join(dir, 'closed-developers.csv'));
};

const HEADER = 'developer,published,url,read_on,note\n';

test("the project's table loads without issues, one row per developer", () => {
  const { rows, issues } = loadClosedDevelopers(path.join(import.meta.dirname, '../../data/curated/closed-developers.csv'));
  assert.deepEqual(issues, []);
  assert.deepEqual(rows.map((r) => r.developer), ['anthropic', 'openai', 'google', 'xai']);
});

test('unknown weights of a listed developer read closed; its published families, weights links and sources\' word stand', () => {
  // FMTI December 2025, Dec2025_scores.csv: Open weights 0 for Anthropic, OpenAI, Google and xAI. Google publishes the
  // Gemma weights; xAI published Grok-1 (x.ai/blog/grok-os) and Grok 2.
  const { rows } = table(`${HEADER}anthropic,,https://crfm.stanford.edu/fmti/,2026-11-27,FMTI December 2025: Open weights 0 for Anthropic
google,gemma,https://crfm.stanford.edu/fmti/,2026-11-27,FMTI December 2025: Gemini is not an open model; Gemma is
xai,^grok-[12](?:$|-),https://x.ai/blog/grok-os,2026-11-27,FMTI December 2025: Open weights 0 for xAI; Grok-1 published
`);
  const open = { value: true, as_of: '2026-07-02', source: 'models-dev' };
  const models = [
    model('claude-2', 'anthropic'), model('gemini-1.5-pro', 'google'), model('gemini-gemma-2-9b-it', 'google'),
    model('grok-2-vision', 'xai'), model('grok-3-mini-beta', 'xai'), model('gemma-3-27b-it', 'google', { open_weights: open }),
    model('gemini-x', 'google', { weights_url: { value: 'https://huggingface.co/google/x', as_of: '2026-07-02', source: 'models-dev' } }),
    model('llama-3-8b', 'meta'),
  ];
  assert.deepEqual(closeUnknownWeights(models, rows), ['claude-2', 'gemini-1.5-pro', 'grok-3-mini-beta']);
  assert.deepEqual(models[0].open_weights && { ...models[0].open_weights, note: undefined },
    { value: false, as_of: '2026-11-27', source: 'closed-developers', note: undefined });
  assert.equal(models[2].open_weights, undefined, 'Gemma on Google\'s API is the Gemma family');
  assert.equal(models[3].open_weights, undefined, 'a Grok 2 model stays as its sources say');
  assert.equal(models[5].open_weights, open);
  assert.equal(models[7].open_weights, undefined, 'a developer not in the table');
});

test('a row with a broken pattern or no page is reported, not loaded', () => {
  const { rows, issues } = table(`${HEADER}openai,(gpt-oss,https://crfm.stanford.edu/fmti/,2026-11-27,FMTI December 2025: Open weights 0
xai,,not a url,2026-11-27,FMTI December 2025: Open weights 0 for xAI
`);
  assert.deepEqual(rows, []);
  assert.deepEqual(issues.map((i) => [i.row, i.field]), [['2', 'published'], ['3', 'url']]);
});
