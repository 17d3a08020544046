import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Model, Offer } from '../schema/index.ts';
import { contextCapNote } from './context-cap.ts';

const fact = <T>(value: T) => ({ value, as_of: '2026-07-02', source: 'models-dev' });
// Qwen3-235B-A22B's native window is 32,768 tokens (its model card: 131,072 with YaRN).
const model = { context_window: fact(32768) } as Pick<Model, 'context_window'>;
const offer = (provider: string, window?: number) => ({ provider, context_window: window ? fact(window) : undefined }) as Offer;

test('a context above the window is said to be capped, with the offers that serve more', () => {
  const note = contextCapNote(model, [offer('a', 131072), offer('b', 32768), offer('c')], 65536);
  assert.equal(note, "context capped: 65,536 tokens asked, 32,768 costed, the model's context window (models-dev, 2026-07-02): "
    + 'the self-hosted KV cache and the API prompt are sized at the window; 1 offer states a larger window of their own (a 131,072), '
    + 'which these figures do not use');
});

test('no note at or below the window, nor without a known window', () => {
  assert.equal(contextCapNote(model, [offer('a', 131072)], 32768), null);
  assert.equal(contextCapNote({}, [], 1_000_000), null);
});

test('the kept words of a frozen model and offer list follow each ask\'s tokens, and an unfrozen list is read afresh', () => {
  // The words after the tokens asked are kept per (model, frozen offers); the tokens asked are the ask's own.
  const frozenModel = Object.freeze({ context_window: Object.freeze(fact(32768)) }) as Pick<Model, 'context_window'>;
  const frozen = Object.freeze([offer('a', 131072)]);
  const tail = "32,768 costed, the model's context window (models-dev, 2026-07-02): the self-hosted KV cache and the API "
    + 'prompt are sized at the window; 1 offer states a larger window of their own (a 131,072), which these figures do not use';
  assert.equal(contextCapNote(frozenModel, frozen, 65536), `context capped: 65,536 tokens asked, ${tail}`);
  assert.equal(contextCapNote(frozenModel, frozen, 1_048_576), `context capped: 1,048,576 tokens asked, ${tail}`);
  // A list that is not frozen may change between asks: a second offer serving more is counted on the next ask.
  const open = [offer('a', 131072)];
  contextCapNote(frozenModel, open, 65536);
  open.push(offer('b', 262144));
  assert.match(contextCapNote(frozenModel, open, 65536)!, /2 offers state a larger window of their own \(a 131,072, b 262,144\)/);
});
