// Tests of a named replacement read against the catalogue: a name no model answers to says so, a model's name does not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Fact } from '../schema/index.ts';
import { notInCatalogueNote, replacementFact, replacementWords } from './replacement.ts';

// A catalogue holding Mistral Medium 3.5 under its API names (platform-docs-public mistral-medium-3-5-26-04.ts:
// apiNames 'mistral-medium-3-5', 'mistral-medium-latest'), and not DeepSeek V4.1 Flash.
const ids = new Map([['mistral-medium-2604', 'mistral-medium-2604'], ['mistral-medium-latest', 'mistral-medium-2604']]);
const resolve = (s: string) => ids.get(s);

test('a replacement no model answers to carries a note saying so; a model\'s name or alias is left as it is', () => {
  const named: Fact<string> = { value: 'deepseek-v4.1-flash', as_of: '2026-11-27', source: 'developer-notices' };
  const shown = replacementFact(named, resolve);
  assert.equal(shown.value, 'deepseek-v4.1-flash');
  assert.match(shown.note!, /^not in this catalogue under that name: no model of the dataset answers to deepseek-v4\.1-flash/);
  assert.equal(named.note, undefined, 'the stored fact is not changed');
  const known = { value: 'mistral-medium-latest', as_of: '2026-11-30', source: 'developer-notices' };
  assert.equal(replacementFact(known, resolve), known);
  assert.equal(notInCatalogueNote('mistral-medium-2604', resolve), undefined);
});

test('a note the fact already has is kept, the catalogue\'s word after it', () => {
  const shown = replacementFact({ value: 'gpt-realtime-2.1', as_of: '2026-07-24', source: 'deprecations-rss', note: 'as OpenAI spells it' }, resolve);
  assert.match(shown.note!, /^as OpenAI spells it; not in this catalogue under that name/);
});

test('in a sentence: the name with the words, or the name alone', () => {
  assert.equal(replacementWords('deepseek-v4.1-flash', resolve), 'deepseek-v4.1-flash (not in this catalogue under that name)');
  assert.equal(replacementWords('mistral-medium-2604', resolve), 'mistral-medium-2604');
});
