// Real queries on the committed dataset: words typed side by side and in order, as a model's name or id writes them,
// rank above the same words found apart (search.ts, PHRASE_BONUS). Expected orders worked out from the model names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { search_models } from '../src/ops/search-models.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const search = (q: string) => (search_models.handler(ds, search_models.input.parse({ q, limit: 100 }), { today: ds.lifecycleDate }) as {
  items: Array<{ id: string }>;
}).items.map((i) => i.id);
const before = (ids: string[], a: string, b: string) => assert.ok(ids.indexOf(a) >= 0 && ids.indexOf(a) < ids.indexOf(b), `${a} before ${b}`);

test('llama 3: the Llama 3 line (3, 3.1, 3.2, 3.3), then Llama Guard 3, which holds the words apart', () => {
  // Names: "Llama 3 8B Instruct", "Llama 3 70B Instruct" hold `llama 3` whole and in order; "Llama-3.3-70B-Instruct"
  // holds `3` as the version of its 3.3 (the newest of the four-word Llama 3.x names, 2024-12-06); "Llama Guard 3 8B"
  // has `guard` between the words. Before the phrase counted, Llama Guard 3 (newer than Llama 3, 2024-04-18) led.
  const ids = search('llama 3');
  assert.deepEqual(ids.slice(0, 3), ['llama-3-8b-instruct', 'llama-3-70b-instruct', 'llama-3.3-70b-instruct']);
  for (const own of ['llama-3.1-8b-instruct', 'llama-3.1-70b-instruct', 'llama-3.2-3b-instruct']) before(ids, own, 'llama-guard-3-8b');
});

test('llama guard 3: the words in that order name Llama Guard 3 8B, not a Llama 3.1 safety guard', () => {
  // "Llama Guard 3 8B" writes the three words in order; "Llama 3.1 Nemotron Safety Guard 8B v3" holds them apart.
  const ids = search('llama guard 3');
  assert.equal(ids[0], 'llama-guard-3-8b');
  before(ids, 'llama-guard-3-8b', 'llama-3.1-nemotron-safety-guard-8b-v3');
});

test('llama 2: Meta\'s Llama 2 chats, then the Llama 2 fine-tunes, then a Llama 3 tune named "Hermes 2"', () => {
  // "Llama-2-70b-chat", "-13b-", "-7b-" write `llama 2`; nous-hermes-llama2-13b and llama2-70b-steerlm-chat write it as
  // one word `llama2` (letters and digits read apart); "Hermes 2 Pro - Llama-3 8B" is a Llama 3 fine-tune whose `2` is
  // Hermes's: it was fourth, before the two Llama 2 fine-tunes.
  const ids = search('llama 2');
  assert.deepEqual(new Set(ids.slice(0, 3)), new Set(['llama-2-70b-chat', 'llama-2-13b-chat', 'llama-2-7b-chat']));
  for (const tune of ['nous-hermes-llama2-13b', 'llama2-70b-steerlm-chat']) before(ids, tune, 'hermes-2-pro-llama-3-8b');
});

test('gemini 2: Gemini 2.x models before Gemma 2 listed under a gemini- id', () => {
  // "Gemini 2.5 Pro", "Gemini 2.5 Flash", "Gemini 2.0 Pro 1206" (gemini-exp-1206) write `gemini 2`; the ids
  // gemini-gemma-2-27b-it and -9b-it (Gemma 2, an open model, no Gemini) hold `gemma` between the words. They led the list.
  const ids = search('gemini 2');
  assert.equal(ids[0], 'gemini-2.5-pro');
  for (const g of ['gemini-2.5-flash', 'gemini-2.5-flash-lite', 'gemini-exp-1206']) {
    for (const gemma of ['gemini-gemma-2-27b-it', 'gemini-gemma-2-9b-it']) before(ids, g, gemma);
  }
});

test('gpt 4: GPT-4 and GPT-4 Turbo, then the GPT-4.1 and GPT-4o models, GPT-4o mini after GPT-4o', () => {
  // "GPT-4" is the whole name typed; "GPT-4 Turbo" holds `4` whole; GPT-4.1, GPT-4o hold it as a version's start.
  const ids = search('gpt 4');
  assert.deepEqual(ids.slice(0, 2), ['gpt-4', 'gpt-4-turbo']);
  before(ids, 'gpt-4o', 'gpt-4o-mini');
  for (const id of ids.slice(0, 10)) assert.match(id, /^gpt-4/, id);
});

test('claude 3: the three Claude 3 models before Claude 3.5 and 3.7', () => {
  // Ids claude-3-opus, claude-3-sonnet, claude-3-haiku write `claude 3` whole (the names now read "Claude Opus 3");
  // claude-3-5-haiku-20241022 and claude-3-7-sonnet-20250219 write 3.5 and 3.7.
  const ids = search('claude 3');
  assert.deepEqual(new Set(ids.slice(0, 3)), new Set(['claude-3-opus', 'claude-3-sonnet', 'claude-3-haiku']));
  for (const id of ['claude-3-5-haiku-20241022', 'claude-3-5-sonnet-20241022', 'claude-3-7-sonnet-20250219']) assert.ok(ids.indexOf(id) >= 3, id);
});

test('qwen 3 and qwen3 read alike; gemini 2.5 pro names Gemini 2.5 Pro, no Flash', () => {
  // "Qwen3 32B" is qwen, 3, 32, b once letters and digits are read apart, as the query `qwen 3` is.
  assert.deepEqual(search('qwen 3').slice(0, 5), search('qwen3').slice(0, 5));
  const gemini = search('gemini 2.5 pro');
  assert.equal(gemini[0], 'gemini-2.5-pro');
  assert.ok(!gemini.some((id) => id.includes('flash')), gemini.join(', '));
});
