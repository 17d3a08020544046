// Tests of how the answers price a developer's offer that LiteLLM's table alone lists: kept and priced, marked, and taken
// as the cheapest or the developer's price only for want of a confirmed one. Expected prices come from the source files
// committed with the data (LiteLLM's 2026-07-24 snapshot, models.dev's 2026-07-02 tree), worked by hand in the comments.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { compare_models } from './compare-models.ts';
import { estimate_cost } from './estimate-cost.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const skip = !existsSync(DEFAULT_DATA_DIR) && 'the committed dataset is not built';
type Any = Record<string, any>;
let ds: Dataset | undefined;
const data = () => (ds ??= committedDataset());
const cost = (model_id: string, view: 'full' | 'summary' = 'full') =>
  estimate_cost.handler(data(), estimate_cost.input.parse({ model_id, tokens_millions: 100, view }), { today: '2026-09-23' }) as Any;

test('pplx-70b-online: Perplexity\'s listing, in LiteLLM\'s table alone, is priced and marked, and the note says so', { skip }, () => {
  // data/sources/litellm-via-rocry/model_prices_and_context_window-2026-07-24.json.gz, perplexity/pplx-70b-online:
  // input_cost_per_token 0, output_cost_per_token 0.0000028 ($2.8 per 1M). At 100M tokens, a quarter output: 0.25 x 2.8 x 100 = $70.
  // models.dev's 2026-07-02 tree has no such model; Perplexity's model list of mid-2024 already had none of the pplx-* names.
  for (const view of ['full', 'summary'] as const) {
    const a = cost('pplx-70b-online', view).api;
    assert.equal(a.cheapest.provider, 'perplexity');
    assert.equal(a.cheapest.monthly_usd, 70);
    assert.equal(a.cheapest.listing_unconfirmed, true);
    assert.match(a.cheapest.listing_note, /one price table alone \(litellm, 2026-07-24\)/);
    assert.equal(a.developer_offer.listing_unconfirmed, true);
    assert.match(a.note, /^The cheapest offer \(Perplexity, \$0\/\$2\.8 input\/output\) is unconfirmed: .*no live listing or notice confirms/);
  }
});

test('gemini-2.5-pro-preview-tts: Google\'s confirmed price is taken over Vertex AI\'s cheaper one that LiteLLM alone lists', { skip }, () => {
  // LiteLLM's snapshot, gemini-2.5-pro-preview-tts (vertex_ai-language-models): 0.00000125 input, 0.00001 output, i.e.
  // $1.25/$10: 0.75 x 1.25 + 0.25 x 10 = $3.4375 blended, $343.75 at 100M. models.dev's
  // providers/google/models/gemini-2.5-pro-preview-tts.toml: cost input 1, output 20: 0.75 + 5 = $5.75, $575.
  const a = cost('gemini-2.5-pro-preview-tts').api;
  const vertex = a.offers.find((l: Any) => l.provider === 'google-vertex');
  assert.deepEqual([vertex.monthly_usd, vertex.listing_unconfirmed], [343.75, true]);
  assert.deepEqual([a.cheapest.provider, a.cheapest.monthly_usd, a.cheapest.listing_unconfirmed, a.cheapest.listing_note], ['google', 575, false, null]);
  assert.equal(a.developer_offer.provider, 'google');
  assert.match(a.note, /A cheaper listing of the developer \(Google Vertex AI, \$1\.25\/\$10 input\/output\) is not taken as its price: /);
});

test('compare_models: the price row says when its price is of a listing no live source confirms', { skip }, () => {
  const r = compare_models.handler(data(), compare_models.input.parse({ models: ['pplx-70b-online', 'gemini-2.5-pro-preview-tts'] }),
    { today: '2026-09-23' }) as Any;
  const row = r.rows.find((x: Any) => x.field === 'list_output_price');
  const [pplx, tts] = row.values;
  // Perplexity's only listing, LiteLLM's $2.8; Google's own, models.dev's $20 (the Vertex AI listing passed over).
  assert.deepEqual([pplx.value, pplx.listing_unconfirmed], [2.8, true]);
  assert.match(pplx.detail, /unconfirmed: .*\(litellm, 2026-07-24\)/);
  assert.deepEqual([tts.value, tts.listing_unconfirmed], [20, undefined]);
  // $2.8 is below $20: the best of the row rests on the unconfirmed price, and its rule says so.
  assert.deepEqual(row.best, ['pplx-70b-online']);
  assert.match(row.rule, /the price of pplx-70b-online is of a listing no live source confirms/);
});
