// Change events name the provider's listing: Bedrock's regional and global endpoints of one model move apart.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { get_model_changes } from '../src/ops/get-model-changes.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();

test('the 2026-08-21 GPT-5.6 Sol cut on Bedrock is two events, each naming its endpoint', () => {
  const cut = ds.changes.filter((e) => e.model_id === 'gpt-5.6-sol' && e.provider === 'amazon-bedrock' && e.date === '2026-08-21' &&
    e.field === 'input');
  // @pydantic/genai-prices 0.1.8 (data/sources/genai-prices/npm-0.1.8-bundled-providers.json.gz), provider `aws`:
  // global.openai.gpt-5.6-sol input_mtok base 5, from start_date 2026-08-21 4; regional.openai.gpt-5.6-sol 5.5, then 4.4.
  const byListing = Object.fromEntries(cut.map((e) => [e.provider_model_ids?.join(','), [e.old, e.new]]));
  assert.deepEqual(byListing, { 'global.openai.gpt-5.6-sol': [5, 4], 'regional.openai.gpt-5.6-sol': [5.5, 4.4] });
});

test('get_model_changes serves each event\'s listings; an event without a provider has none', () => {
  const input = get_model_changes.input.parse({ model: 'gpt-5.6-sol', kind: ['price'], until: '2026-08-21', days: 1, limit: 100 });
  const out = get_model_changes.handler(ds, input, { today: '2026-11-26' }) as { items: Array<Record<string, any>> };
  const bedrock = out.items.filter((i) => i.provider === 'amazon-bedrock' && i.field === 'output');
  // The same genai-prices rows: output 30 -> 20 on the global endpoint, 33 -> 22 on the regional one.
  assert.deepEqual(bedrock.map((i) => [i.provider_model_ids, i.old, i.new]).sort(),
    [[['global.openai.gpt-5.6-sol'], 30, 20], [['regional.openai.gpt-5.6-sol'], 33, 22]]);
  const rating = get_model_changes.handler(ds, get_model_changes.input.parse({ kind: ['elo'], days: 365, limit: 5 }), { today: '2026-11-26' }) as
    { items: Array<Record<string, any>> };
  assert.ok(rating.items.length > 0 && rating.items.every((i) => i.provider_model_ids === null));
});
