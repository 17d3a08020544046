// Real queries on the committed dataset: the first result of a search by relevance is the model a reader means.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { loadDataset } from '../src/dataset/load.ts';
import { search_models } from '../src/ops/search-models.ts';

// Judged on the data's date (2026-09-23) and on a later day, as the service judges it once shutdowns have passed.
const onDataDate = loadDataset(DEFAULT_DATA_DIR);
const later = loadDataset(DEFAULT_DATA_DIR, { judgedOn: '2026-11-27' });

type Ds = typeof onDataDate;
const search = (ds: Ds, q: string) => (search_models.handler(ds, search_models.input.parse({ q, limit: 100 }), { today: ds.lifecycleDate }) as {
  items: Array<{ id: string }>;
}).items.map((i) => i.id);

test('gemini pro: Google\'s current Gemini Pro first, 1.5-era and experimental ids after it', () => {
  // deprecations-rss (ai.google.dev/gemini-api/docs/deprecations#gemini-2.5-pro-models): gemini-2.5-pro, the stable
  // Pro, released 2025-06-17, shut down 2026-10-16, after the data's date; gemini-3.1-pro-preview is a preview
  // (released 2026-02-19). On 2026-11-27, 2.5 Pro is shut down and 3.1 Pro Preview is Google's Pro.
  assert.equal(search(onDataDate, 'gemini pro')[0], 'gemini-2.5-pro');
  const ids = search(later, 'gemini pro');
  assert.equal(ids[0], 'gemini-3.1-pro-preview');
  for (const old of ['learnlm-1.5-pro-experimental', 'gemini-exp-1206']) assert.ok(ids.indexOf(old) > ids.indexOf('gemini-pro-latest'), old);
  // Shut down (developer-notices: the Gemini 1.5 family on 2025-09-29, Gemini 1.0 Pro on 2025-02-18): after the served
  // experimental ids, which no notice dates.
  for (const shut of ['gemini-1.5-pro-001', 'gemini-pro-dev-api', 'gemini-2.5-pro']) {
    for (const served of ['learnlm-1.5-pro-experimental', 'gemini-exp-1206']) assert.ok(ids.indexOf(shut) > ids.indexOf(served), `${shut} after ${served}`);
  }
});

test('claude sonnet: the newest Sonnet, Claude Sonnet 5', () => {
  // models.dev (anthropic): Claude Sonnet 5 released 2026-06-30, after Sonnet 4.6 (2026-02-17) and 4.5 (2025-09-29);
  // served by 12 providers, a quarter or more of the 38 serving Sonnet 4.5, so it is no side listing.
  assert.equal(search(onDataDate, 'claude sonnet')[0], 'claude-sonnet-5');
});

test('llama 70b: Llama 3.3 70B Instruct, Meta\'s newest 70B, before fine-tunes of it', () => {
  // Meta's Llama 3.3 card: 70B Instruct released 2024-12-06, after 3.1 70B (2024-07-23); the Euryale fine-tune
  // (2024-12-18, newer) is served by 4 providers against Llama 3.3 70B's 44.
  assert.equal(search(onDataDate, 'llama 70b')[0], 'llama-3.3-70b-instruct');
});

test('qwen 3: a Qwen3 model, Qwen3 Max, before the Qwen3.5 to 3.7 point releases', () => {
  // Alibaba's Qwen3-Max (models.dev alibaba/qwen3-max, 2025-09-23) is named exactly by the two words; `qwen 3` is the
  // word `qwen3` of Qwen3 names, only a prefix of `qwen3.6`, so Qwen3.6 Plus and the like come after.
  const ids = search(onDataDate, 'qwen 3');
  assert.equal(ids[0], 'qwen3-max');
  assert.ok(ids.indexOf('qwen3-32b') < ids.indexOf('qwen3.6-plus'));
});

test('gpt-oss 20b, deepseek r1: the id the words spell', () => {
  assert.equal(search(onDataDate, 'gpt-oss 20b')[0], 'gpt-oss-20b');
  // deepseek-r1 is the model's id; the 0528 update follows it (DeepSeek-R1-0528, 2025-05-28).
  assert.deepEqual(search(onDataDate, 'deepseek r1').slice(0, 2), ['deepseek-r1', 'deepseek-r1-0528']);
});

test('mistral large: Mistral Large 3 (2512), the newest Mistral Large', () => {
  // Mistral's records: Mistral Large 3 (mistral-large-2512) released 2025-12-02, after Large 2.1 (2411) and 2 (2407);
  // Large 1.0 (2402) was retired on 2025-06-16 and comes last.
  const ids = search(onDataDate, 'mistral large');
  assert.equal(ids[0], 'mistral-large-2512');
  assert.equal(ids.at(-1), 'mistral-large-2402');
});
