// Tests of a router's listing that relays the developer's API: it ends the day the developer shuts the model down,
// whatever the weights. The rows, data/curated/developer-notices.csv: xAI deactivated grok-2-1212 and grok-2-vision-1212
// on its API on 2025-09-15 (LLM Gateway's model table, github.com/theopenco/llmgateway/pull/593); OpenRouter's
// x-ai/grok-2-1212 (its page: "xAI: Grok 2 1212", $2/$10, xAI's own API id at xAI's price) and Vercel AI Gateway's
// xai/grok-2 (vercel/ai pull request 13271 removes the gateway's Grok 2 ids "now that they are shut down in their API")
// relay xAI's API, so each ends that day too. Before these rows, OpenRouter's $2/$10 was costed as the cheapest live offer.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { cheapest_for } from './cheapest-for.ts';
import { estimate_cost } from './estimate-cost.ts';
import { get_model } from './get-model.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const skip = !existsSync(DEFAULT_DATA_DIR) && 'the committed dataset is not built';
type Any = Record<string, any>;
const ctx = { today: '2026-11-29' };
const ds = () => committedDataset({ judgedOn: '2026-11-29' });

test('grok-2: no offer is costed; the router listings are under not_priced, shut down on xAI\'s day', { skip }, () => {
  const r = estimate_cost.handler(ds(), estimate_cost.input.parse({ model_id: 'grok-2', tokens_millions: 100 }), ctx) as Any;
  assert.deepEqual(r.api.offers, []);
  assert.equal(r.api.cheapest, null);
  const gone = (provider: string, id: string) => r.api.not_priced.find((o: Any) => o.provider === provider && o.provider_model_id === id);
  for (const [provider, id] of [['openrouter', 'grok-2-1212'], ['vercel', 'xai/grok-2']]) {
    assert.ok(gone(provider, id), `${provider} ${id} not priced`);
    assert.match(gone(provider, id).reason, /^shut down on 2025-09-15 \(developer-notices\): no longer sold/);
  }
});

test('grok-2 and grok-2-vision: the model sheets show each router listing as shut down, with its date and source', { skip }, () => {
  for (const [model, listings] of [['grok-2', ['grok-2-1212', 'xai/grok-2']], ['grok-2-vision', ['grok-2-vision-1212', 'xai/grok-2-vision']]] as const) {
    const sheet = get_model.handler(ds(), get_model.input.parse({ model_id: model }), ctx) as Any;
    for (const id of listings) {
      const o = sheet.offers.find((x: Any) => x.provider_model_id === id && x.provider !== 'xai');
      assert.ok(o, `${model} ${id}`);
      assert.equal(o.lifecycle_state, 'shut_down');
      assert.deepEqual([o.shutdown_date.value, o.shutdown_date.source], ['2025-09-15', 'developer-notices']);
    }
  }
});

test('cheapest_for, even with deprecated models in, never ranks grok-2 at a router\'s listing', { skip }, () => {
  const out = cheapest_for.handler(ds(), cheapest_for.input.parse({ use: 'chat', include_deprecated: true, limit: 100 }), ctx) as Any;
  const grok = out.items.find((i: Any) => i.model.id === 'grok-2');
  assert.equal(grok, undefined);
});
