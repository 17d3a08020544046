// Tests of a promotion past its stated end: the list price is quoted from the day after. The row, written here by hand,
// data/curated/running-promotions.csv: OpenAI's GPT-5.6 Sol at $4/$20 ($4.40/$22 regional) from 2026-08-21, "available
// at least through 2026-11-21" (OpenAI's pricing page as CultivateLabs/raif pull request 545 quotes it), list $5/$30
// ($5.50/$33 regional); Bedrock's global listing the same $4/$20, list $5/$30 (awslabs/startups pull request 238).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { lifecycleDue } from '../dataset/dataset.ts';
import { estimate_cost } from './estimate-cost.ts';
import { get_model } from './get-model.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const skip = !existsSync(DEFAULT_DATA_DIR) && 'the committed dataset is not built';
type Any = Record<string, any>;
const offers = (day: string) => (estimate_cost.handler(committedDataset({ judgedOn: day }),
  estimate_cost.input.parse({ model_id: 'gpt-5.6-sol', tokens_millions: 100 }), { today: day }) as Any).api.offers as Any[];
const at = (list: Any[], provider: string, id: string, sku = 'standard') =>
  list.find((o) => o.provider === provider && o.provider_model_id === id && o.sku === sku)!;

test('OpenAI\'s GPT-5.6 Sol: $4/$20 on the last promised day, the list $5/$30 the day after', { skip }, () => {
  const last = at(offers('2026-11-21'), 'openai', 'gpt-5.6-sol');
  assert.deepEqual([last.input.usd_per_mtok, last.output.usd_per_mtok], [4, 20]);
  // 100M tokens a month, 75% input: 75 x $4 + 25 x $20 = $800.
  assert.equal(last.monthly_usd, 800);
  const after = offers('2026-11-22');
  const own = at(after, 'openai', 'gpt-5.6-sol');
  assert.deepEqual([own.input.usd_per_mtok, own.output.usd_per_mtok], [5, 30]);
  // 75 x $5 + 25 x $30 = $375 + $750 = $1,125.
  assert.equal(own.monthly_usd, 1125);
  assert.match(own.input.note, /^list price from 2026-11-22: the promotion \(\$4 during it, since 2026-08-21, available at least through 2026-11-21\)/);
  // The EU regional SKU: 75 x $5.50 + 25 x $33 = $412.50 + $825 = $1,237.50.
  const regional = at(after, 'openai', 'gpt-5.6-sol', 'regional');
  assert.deepEqual([regional.input.usd_per_mtok, regional.output.usd_per_mtok, regional.monthly_usd], [5.5, 33, 1237.5]);
  // Bedrock's global listing, the same cut, the same list.
  const bedrock = at(after, 'amazon-bedrock', 'global.openai.gpt-5.6-sol');
  assert.deepEqual([bedrock.input.usd_per_mtok, bedrock.output.usd_per_mtok], [5, 30]);
});

test('the model sheet keeps the cut as a record beside the list price', { skip }, () => {
  const sheet = get_model.handler(committedDataset({ judgedOn: '2026-11-29' }), get_model.input.parse({ model_id: 'gpt-5.6-sol' }),
    { today: '2026-11-29' }) as Any;
  const own = sheet.offers.find((o: Any) => o.provider === 'openai' && o.provider_model_id === 'gpt-5.6-sol' && o.region === 'global'
    && o.prices.output.value === 30);
  assert.ok(own, 'OpenAI\'s listing at $30 output');
  assert.equal(own.prices.output.source, 'derived');
  assert.match(own.prices.output.note, /\$20 during it/);
  assert.match(own.prices.output.derived_from[0], /: \$20, a promotional price since 2026-08-21, available at least through 2026-11-21/);
});

test('a reload is due on the day after a promotion\'s stated end', { skip }, () => {
  // Judged on 2026-11-21 the cut still stands; on 2026-11-22 its answers change (no shutdown in the data falls that day).
  assert.equal(lifecycleDue(committedDataset({ judgedOn: '2026-11-21' }), '2026-11-22'), true);
});
