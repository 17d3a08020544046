// A base model's price copied into an emptied listing and the listing's own written back is a correction, not a move.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CopiedPrices } from './catalogue-copied-prices.ts';

const P = 'providers/llmgateway/models/qwen3-max.toml';

test("LLM Gateway's qwen3-max: 3 emptied, Alibaba's 1.2 copied with base_model, 3 written back: the write-back is marked", () => {
  // models.dev field-changes-from-git.jsonl.gz: 91db9d81ec cost.input 3.0 -> null (2026-04-18); f6c6f04367
  // base_model null -> "alibaba/qwen3-max" and cost.input null -> 1.2 (2026-06-03); 9629a104d5 cost.input 1.2 -> 3.
  const c = new CopiedPrices();
  assert.equal(c.price(P, 'input', '91db9d81ec', 3, null), undefined);
  c.base(P, 'f6c6f04367', null, 'alibaba/qwen3-max');
  assert.equal(c.price(P, 'input', 'f6c6f04367', null, 1.2), undefined);
  const why = c.price(P, 'input', '9629a104d5', 1.2, 3);
  assert.match(why ?? '', /91db9d81ec emptied the listing's input 3; f6c6f04367 set base_model alibaba\/qwen3-max and filled the listing's input with 1\.2/);
  // The next move (2a1bfd3db6, 3 -> 0.845, 2026-06-25) is the gateway's own and is not marked.
  assert.equal(c.price(P, 'input', '2a1bfd3db6', 3, 0.845), undefined);
});

test('a copy replaced by a new figure, a fill without base_model, or a base set in another commit is not marked', () => {
  // A made-up listing: 0.5 emptied, 1.2 filled beside base_model, then 0.9 written: not the emptied figure back, so the
  // move is the listing's own.
  const a = new CopiedPrices();
  a.price(P, 'input', 'e1', 0.5, null);
  a.base(P, 'c1', null, 'alibaba/qwen3-max');
  a.price(P, 'input', 'c1', null, 1.2);
  assert.equal(a.price(P, 'input', 's1', 1.2, 0.9), undefined);
  // Filled without a base_model in the same commit: the catalogue's own reading, not a copy.
  const b = new CopiedPrices();
  b.price(P, 'input', 'e1', 3, null);
  b.price(P, 'input', 'c1', null, 1.2);
  assert.equal(b.price(P, 'input', 's1', 1.2, 3), undefined);
  // base_model set in an earlier commit than the fill.
  const d = new CopiedPrices();
  d.price(P, 'input', 'e1', 3, null);
  d.base(P, 'b0', null, 'alibaba/qwen3-max');
  d.price(P, 'input', 'c1', null, 1.2);
  assert.equal(d.price(P, 'input', 's1', 1.2, 3), undefined);
});
