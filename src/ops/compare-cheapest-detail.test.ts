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

test('compare_models: a closed model\'s cheaper reseller price, old and unconfirmed, is named beside the one compared', { skip }, () => {
  // models.dev's log: providers/poe/models/anthropic/claude-sonnet-4.5.toml "added" 2025-11-06 with cost.input 2.6 and
  // cost.output 13, neither changed again up to the 2026-07-02 tree: set more than six months before 2026-09-23
  // (the cutoff 2026-03-23), and no other source lists Poe's price. Jiekou's $2.7/$13.5 (set 2026-01-30) and NanoGPT's
  // $2.992/$14.994 (2026-02-17) likewise; the next is $3/$15, 302.AI's (set 2026-04-15) and Anthropic's own, which wins
  // the tie as the developer's (offers.json).
  const d = details(['claude-sonnet-4-5', 'gpt-5'], 'input_price');
  assert.equal(d.get('claude-sonnet-4-5'), 'Anthropic (claude-sonnet-4-5), the cheapest base-SKU offer at input_share 0.75; '
    + 'Poe (anthropic/claude-sonnet-4.5) lists it for less at input_share 0.75 ($2.6/$13 input/output), but '
    + 'its price has been listed unchanged since 2025-11-06 (still so when read 2026-07-02) and no other source confirms it: '
    + 'set more than 6 months before the data\'s date (2026-09-23), it may no longer be what is charged, so it is not the one compared');
  // The developer's own row: Anthropic's one offer, nothing passed over.
  const own = details(['claude-sonnet-4-5', 'gpt-5'], 'list_input_price').get('claude-sonnet-4-5')!;
  assert.doesNotMatch(own, /reseller|does not vouch|lists it for less/);
});

test('an open-weights model\'s cheapest price is not an old unconfirmed one while another is listed; the cost answer says the same', { skip }, () => {
  // models.dev's log: providers/kilo/models/qwen/qwen3-235b-a22b-2507.toml "added" 2026-02-16 (Kilo's catalogue import)
  // at cost.input 0.071, cost.output 0.1, untouched since, and no other source prices Kilo's listing. OpenRouter's
  // qwen/qwen3-235b-a22b-2507 in offers.json: $0.09/$0.10 from models.dev (set 2026-06-07 and 2026-05-15, both within six
  // months of the data's date, and confirmed by genai-prices; LiteLLM gives $0.071 input): 0.0925 blended at 0.75.
  // OpenRouter is a router in data/curated/provider-roles.csv.
  const d = details(['qwen3-235b-a22b-2507', 'gpt-5'], 'output_price').get('qwen3-235b-a22b-2507')!;
  assert.match(d, /^OpenRouter \(qwen\/qwen3-235b-a22b-2507\), .*; a router's listing \(it forwards each request to another provider\), which the dataset lists/);
  assert.match(d, /; Kilo Gateway \(qwen\/qwen3-235b-a22b-2507\) lists it for less at input_share 0\.75 \(\$0\.071\/\$0\.1 input\/output\), but its price has been listed unchanged since 2026-02-16/);
  const a = (estimate_cost.handler(committedDataset(), estimate_cost.input.parse({ model_id: 'qwen3-235b-a22b-2507', tokens_millions: 1000, view: 'summary' }),
    { today: '2026-09-23' }) as Any).api;
  assert.deepEqual([a.cheapest.provider, a.cheapest.input.usd_per_mtok, a.cheapest.output.usd_per_mtok], ['openrouter', 0.09, 0.1]);
  assert.match(a.note, /Kilo Gateway lists it for less \(\$0\.071\/\$0\.1 input\/output, 0\.07825 blended\), but its price has been listed unchanged since 2026-02-16/);
  // The line itself says so too, for code.
  assert.equal(a.offers.find((l: Any) => l.provider === 'kilo').price_unchanged_since, '2026-02-16');
  assert.equal(a.cheapest.price_unchanged_since, undefined);
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
