// Tests of the unknown-window rule: a model without a context window is fitted and costed up to 4,096 tokens, not above.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Architecture, Hardware, Model } from '../schema/index.ts';
import { fitModel, type FitAssessed } from './hardware-fit.ts';
import { modelsForHardware } from './hardware-rank.ts';
import { selfHostingCost } from './self-hosted-options.ts';
import { tokens } from './context-window.ts';

const f = <T>(value: T) => ({ value, as_of: '2026-05-12', source: 'test' });
const arch: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'acme/test' };
const model = (id: string, over: Partial<Model> = {}): Model => ({
  id, vendor: 'acme', name: f(id), aliases: [], variants: [], capabilities: {}, open_weights: f(true),
  parameters_total: f(2e9), architecture: f(arch), ...over,
});
// A 2B model on a 64 GB card: memory is never the question here, only the window.
const card: Hardware = {
  id: 'card', name: 'Card', class: 'desktop', accelerator: 'GPU', count: 1, unified_memory: false,
  memory_gb: f(64), usable_fraction: f(0.95), bandwidth_gbs: f(400),
  rental: f({ provider: 'cloud', instance_type: 'x', usd_per_hour: 1, eu_regions: [] }),
};
const unknown = model('no-window');
const known = model('window-8k', { context_window: f(8192) });

test('up to 4,096 tokens a model without a window is fitted, and the answer says what the fit assumes', () => {
  const r = fitModel(unknown, card, { context: 4096, concurrency: 1 }) as FitAssessed;
  assert.equal(r.assessable, true);
  assert.equal(r.fit, 'comfortable');
  const note = 'context_window: not in the dataset; the fit assumes the model accepts the context';
  assert.ok(r.derived_from.some((d) => d.startsWith(note)), r.derived_from.join('\n'));
});

test('above 4,096 tokens it is not assessable, naming the missing window, never a silent comfortable', () => {
  for (const context of [4097, 8192, 32768]) {
    const r = fitModel(unknown, card, { context, concurrency: 1 });
    assert.equal(r.assessable, false, `context ${context}`);
    if (r.assessable) continue;
    assert.deepEqual(r.missing, ['context_window']);
    assert.match(r.reason, new RegExp(`not assessable at ${context.toLocaleString('en-US')} tokens: the dataset has no context window`));
    assert.match(r.reason, /only up to 4,096 tokens/);
  }
});

test('a known window still decides: 8,192 fits at 8,192 and not at 32,768, whatever the memory', () => {
  assert.equal((fitModel(known, card, { context: 8192, concurrency: 1 }) as FitAssessed).fit, 'comfortable');
  const over = fitModel(known, card, { context: 32768, concurrency: 1 }) as FitAssessed;
  assert.equal(over.fit, 'no');
  assert.equal(over.reason, "a context of 32768 tokens exceeds the model's context window of 8192");
});

test('a ranking lists the model without a window apart above 4,096 tokens, and ranks it at 4,096', () => {
  const at = (context: number) => modelsForHardware([unknown, known], card, { context, concurrency: 1 }, () => null);
  const long = at(32768);
  assert.deepEqual(long.models.map((m) => m.model_id), []);
  assert.equal(long.does_not_fit, 1, 'window-8k: over its window');
  assert.deepEqual(long.not_assessable.map((m) => [m.model_id, m.missing]), [['no-window', ['context_window']]]);
  assert.equal(
    long.not_assessable[0].reason,
    'not assessable at 32,768 tokens: the dataset has no context window for this model, and a fit is asserted only up to 4,096 ' +
      'tokens without one (the service does not guess the window)',
  );
  assert.ok(long.assumptions.some((a) => a.includes('where the dataset has no window, the fit is asserted only up to 4,096 tokens')));
  assert.deepEqual(new Set(at(4096).models.map((m) => m.model_id)), new Set(['no-window', 'window-8k']));
});

test('self-hosting cost: not costed above 4,096 tokens without a window (open weights, the reason says why)', () => {
  const opts = { tokens_millions: 10, input_share: 0.75 };
  const at8k = selfHostingCost(unknown, [card], { ...opts, context: 8192 });
  assert.equal(at8k.possible, true);
  assert.equal(at8k.options.length, 0);
  assert.match(at8k.reason ?? '', /not costed: not assessable at 8,192 tokens: the dataset has no context window/);
  const at4k = selfHostingCost(unknown, [card], { ...opts, context: 4096 });
  assert.equal(at4k.options.length, 1, at4k.reason ?? '');
  assert.equal(at4k.options[0].serving.context, 4096);
});

test('tokens: a count grouped by thousands, as en-US writes it', () => {
  // Worked by hand: the limits and the widest context the operations accept.
  assert.equal(tokens(0), '0');
  assert.equal(tokens(512), '512');
  assert.equal(tokens(4096), '4,096');
  assert.equal(tokens(100000), '100,000');
  assert.equal(tokens(1048576), '1,048,576');
  assert.equal(tokens(12345678901), '12,345,678,901');
  // Anything but a whole count is left to toLocaleString (rounded to three decimals there).
  assert.equal(tokens(1234.5), '1,234.5');
});
