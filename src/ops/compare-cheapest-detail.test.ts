// Tests of whose listing compare_models' cheapest-offer rows name and of the old-price words beside them, and of the same
// words in estimate_cost's note. Expected days come from models.dev's change log committed with the data
// (data/sources/models.dev/field-changes-from-git.jsonl.gz), read by hand; the data's date is meta.json's 2026-09-23.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { compare_models } from './compare-models.ts';
import { cheapest_for } from './cheapest-for.ts';
import { estimate_cost } from './estimate-cost.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const skip = !existsSync(DEFAULT_DATA_DIR) && 'the committed dataset is not built';
type Any = Record<string, any>;
const details = (models: string[], field: string) => {
  const out = compare_models.handler(committedDataset(), compare_models.input.parse({ models }), { today: '2026-09-23' }) as Any;
  return new Map<string, string>(out.rows.find((r: Any) => r.field === field).values.map((v: Any) => [v.model_id, v.detail]));
};

test('compare_models: a closed model\'s cheapest listing of a reseller says so, and that its price is old', { skip }, () => {
  // models.dev's log: providers/poe/models/anthropic/claude-sonnet-4.5.toml "added" 2025-11-06 with cost.input 2.6 and
  // cost.output 13, neither changed again up to the 2026-07-02 tree: set more than six months before 2026-09-23
  // (the cutoff 2026-03-23), and no other source lists Poe's price.
  const d = details(['claude-sonnet-4-5', 'gpt-5'], 'input_price');
  assert.equal(d.get('claude-sonnet-4-5'), 'Poe (anthropic/claude-sonnet-4.5), the cheapest base-SKU offer at input_share 0.75; '
    + 'a reseller\'s listing, not the developer\'s, which the dataset lists as its sources give it and does not vouch for; '
    + 'its price has been listed unchanged since 2025-11-06 (still so when read 2026-07-02) and no other source confirms it: '
    + 'set more than 6 months before the data\'s date (2026-09-23), it may no longer be what is charged');
  // The developer's own row is not a reseller's and says nothing of the kind.
  const own = details(['claude-sonnet-4-5', 'gpt-5'], 'list_input_price').get('claude-sonnet-4-5')!;
  assert.doesNotMatch(own, /reseller|does not vouch/);
});

test('an open-weights model\'s cheapest listing is a router\'s, and the cost answer says its price is old too', { skip }, () => {
  // models.dev's log: providers/kilo/models/qwen/qwen3-235b-a22b-2507.toml "added" 2026-02-16 (Kilo's catalogue import)
  // at cost.input 0.071, cost.output 0.1, untouched since; Kilo Gateway is a router in data/curated/provider-roles.csv
  // (its own page: it routes each request to an upstream provider).
  const d = details(['qwen3-235b-a22b-2507', 'gpt-5'], 'output_price').get('qwen3-235b-a22b-2507')!;
  assert.match(d, /^Kilo Gateway \(qwen\/qwen3-235b-a22b-2507\), .*; a router's listing \(it forwards each request to another provider\), which the dataset lists/);
  assert.match(d, /listed unchanged since 2026-02-16/);
  const a = (estimate_cost.handler(committedDataset(), estimate_cost.input.parse({ model_id: 'qwen3-235b-a22b-2507', tokens_millions: 1000, view: 'summary' }),
    { today: '2026-09-23' }) as Any).api;
  assert.equal(a.cheapest.provider, 'kilo');
  assert.match(a.note, /Kilo Gateway, the cheapest offer: its price has been listed unchanged since 2026-02-16 \(still so when read 2026-07-02\)/);
});

test('compare_models and cheapest_for say a price is promotional, with its list price (running-promotions.csv)', { skip }, () => {
  // data/curated/running-promotions.csv: OpenAI's gpt-5.6-sol standard row, from 2026-08-21 "available at least through
  // 2026-11-21" at $4/$20, list $5/$30; OpenRouter's openai/gpt-5.6-sol row at $2/$10, no dates, list $5/$30.
  const own = details(['gpt-5.6-sol', 'claude-sonnet-4-6'], 'list_input_price').get('gpt-5.6-sol')!;
  assert.match(own, /; a promotional price since 2026-08-21, available at least through 2026-11-21 \(regular price \$5\)$/);
  const cheapest = details(['gpt-5.6-sol', 'claude-sonnet-4-6'], 'output_price').get('gpt-5.6-sol')!;
  assert.match(cheapest, /^OpenRouter \(openai\/gpt-5\.6-sol\).*; a promotional price, no end stated \(regular price \$30\)$/);
  // A price no row names says nothing of the kind.
  const other = details(['gpt-5.6-sol', 'claude-sonnet-4-6'], 'list_input_price').get('claude-sonnet-4-6')!;
  assert.doesNotMatch(other, /promotional/);
  const out = cheapest_for.handler(committedDataset(), cheapest_for.input.parse({ use: 'coding', min_rank: 20 }), { today: '2026-09-23' }) as Any;
  const sol = out.items.find((i: Any) => i.model.id === 'gpt-5.6-sol');
  assert.ok(sol, 'GPT-5.6 Sol (rank 10 on coding) is among the places');
  assert.match(sol.why, / OpenRouter's price is promotional \(no end stated; regular price \$5 input, \$30 output\)\./);
  // Judged on 2026-11-29, after the stated "at least through 2026-11-21": no source promises the $4 cut since, so the
  // developer's own price is the row's list price, $5, no longer called promotional; the cut stays in the note as a record
  // (dataset/ended-promotions.ts). It used to stay $4 with the words "the regular price may apply now".
  const later = compare_models.handler(committedDataset({ judgedOn: '2026-11-29' }),
    compare_models.input.parse({ models: ['gpt-5.6-sol', 'claude-sonnet-4-6'] }), { today: '2026-11-29' }) as Any;
  const ownLater = later.rows.find((r: Any) => r.field === 'list_input_price').values.find((v: Any) => v.model_id === 'gpt-5.6-sol');
  assert.equal(ownLater.value, 5);
  assert.doesNotMatch(ownLater.detail, /promotional/);
  assert.match(ownLater.note, /^list price from 2026-11-22: the promotion \(\$4 during it, since 2026-08-21, available at least through 2026-11-21\)/);
});
