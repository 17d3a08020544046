import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CatalogueChange } from '../sources/types.ts';
import { catalogueEvents } from './build-changes.ts';

// data/sources/models.dev/field-changes-from-git.jsonl.gz: e6ab0814e2 ("Feat: Add Nano-GPT provider models",
// 2025-12-27T05:25:59Z) added nano-gpt listings each with "cost.input": 1.0, "cost.output": 2.0; 8cb462f29b ("sync
// nano-gpt models with live API catalog", 2026-02-17T22:01:54+01:00) gave them these input and output prices.
const ADD = { commit: 'e6ab0814e2', date: '2025-12-27T05:25:59+00:00', subject: 'Feat: Add Nano-GPT provider models' };
const SYNC = { commit: '8cb462f29b', date: '2026-02-17T22:01:54+01:00', subject: 'sync nano-gpt models with live API catalog' };
const SYNCED: [id: string, input: number, output: number][] = [
  ['deepseek/deepseek-v3.2:thinking', 0.28, 0.42],
  ['meta-llama/llama-3.3-70b-instruct', 0.05, 0.23],
  ['meta-llama/llama-4-maverick', 0.18, 0.8],
  ['minimax/minimax-m2.1', 0.33, 1.32],
  ['mistralai/devstral-2-123b-instruct-2512', 0.4, 1.4],
  ['mistralai/ministral-14b-instruct-2512', 0.1, 0.4],
  ['moonshotai/kimi-k2-thinking', 0.3, 1.2],
  ['nousresearch/hermes-4-405b:thinking', 0.3, 1.2],
  ['openai/gpt-oss-120b', 0.05, 0.25],
  ['qwen/qwen3-coder', 0.13, 0.5],
];
const row = (over: Partial<CatalogueChange>): CatalogueChange => ({
  source: 'models-dev', change: 'changed', provider: 'nano-gpt', source_model_id: 'x', field: 'input', old: 1, new: 2, ...ADD, ...over,
});
const BASELINE = row({ commit: '79880a8285', date: '2025-06-04T18:41:51-04:00', provider: 'anthropic', source_model_id: 'anthropic/a' });
function history(listings: typeof SYNCED, added: (id: string) => Record<string, number>): CatalogueChange[] {
  return [
    BASELINE,
    ...listings.map(([id]) => row({ change: 'added', source_model_id: `nano-gpt/${id}`, field: 'offered', old: false, new: true, prices: added(id) })),
    ...listings.flatMap(([id, input, output]) => [
      row({ ...SYNC, source_model_id: `nano-gpt/${id}`, field: 'input', old: added(id).input, new: input }),
      row({ ...SYNC, source_model_id: `nano-gpt/${id}`, field: 'output', old: added(id).output, new: output }),
    ]),
  ];
}
const resolve = (c: CatalogueChange) => c.source_model_id.split('/').at(-1)!.replace(/:thinking$/, '');
const prices = (events: ReturnType<typeof catalogueEvents>['events']) => events.filter((e) => e.kind === 'price');

test('ten models added at one price and each given its own: the first own price is a correction naming the placeholder', () => {
  const events = prices(catalogueEvents(history(SYNCED, () => ({ input: 1, output: 2 })), resolve).events);
  assert.equal(events.length, 20);
  assert.ok(events.every((e) => e.correction === true));
  const llama = events.find((e) => e.model_id === 'llama-3.3-70b-instruct' && e.field === 'input')!;
  assert.equal(llama.correction_note, 'models-dev added 10 nano-gpt listings of 10 models at one price, 1 input and 2 output ' +
    '(commit e6ab0814e2, 2025-12-27): a placeholder, not the provider\'s price; 1 -> 0.05 is the listing given its own price, ' +
    'not a price change');
});

test('fewer than ten, or one listing at another price: prices alike by right, every move stays a change', () => {
  const nine = prices(catalogueEvents(history(SYNCED.slice(0, 9), () => ({ input: 1, output: 2 })), resolve).events);
  assert.equal(nine.length, 18);
  assert.ok(nine.every((e) => e.correction === null));
  // The Llama listing added at 0.1 / 0.4: the commit's ten listings are not all alike.
  const apart = prices(catalogueEvents(history(SYNCED, (id) => (id.includes('llama-3.3') ? { input: 0.1, output: 0.4 } : { input: 1, output: 2 })),
    resolve).events);
  assert.equal(apart.length, 20);
  assert.ok(apart.every((e) => e.correction === null));
});
