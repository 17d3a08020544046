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

// DeepSeek retired its API names deepseek-chat and deepseek-reasoner after 2026-07-24, 15:59 UTC (its V4 notice,
// developersdigest.tech/blog/deepseek-chat-to-v4-migration-guide). ZenMux's page for deepseek/deepseek-chat names one
// provider, Deepseek (zenmux.ai/deepseek/deepseek-chat); models.dev records OrcaRouter's deepseek/deepseek-chat and
// deepseek/deepseek-reasoner as base_model DeepSeek's own entries (f3fc692). Helicone's gateway also sends
// deepseek-reasoner to hosts of R1-0528's weights (Helicone/helicone endpoints.ts at b4f8d818: deepinfra,
// io-intelligence, openrouter), so its listing is no relay of DeepSeek's API alone and stays priced at $0.56/$1.68.
test('deepseek-chat: ZenMux\'s and OrcaRouter\'s relays of DeepSeek\'s API names are shut down on DeepSeek\'s day', { skip }, () => {
  const r = estimate_cost.handler(ds(), estimate_cost.input.parse({ model_id: 'deepseek-chat', tokens_millions: 10 }), ctx) as Any;
  for (const [provider, id] of [['zenmux', 'deepseek/deepseek-chat'], ['orcarouter', 'deepseek/deepseek-chat'], ['orcarouter', 'deepseek/deepseek-reasoner']]) {
    const gone = r.api.not_priced.find((o: Any) => o.provider === provider && o.provider_model_id === id);
    assert.ok(gone, `${provider} ${id} not priced`);
    assert.match(gone.reason, /^shut down on 2026-07-24 \(developer-notices\): no longer sold/);
    assert.equal(r.api.offers.find((o: Any) => o.provider === provider && o.provider_model_id === id), undefined);
  }
  // Before, OrcaRouter's $0.14/$0.28 (0.175 blended) was the cheapest: no longer.
  assert.notEqual(r.api.cheapest?.provider, 'orcarouter');
  const helicone = r.api.offers.find((o: Any) => o.provider === 'helicone' && o.provider_model_id === 'deepseek-reasoner');
  assert.ok(helicone, 'Helicone\'s deepseek-reasoner stays priced');
  assert.deepEqual([helicone.input.usd_per_mtok, helicone.output.usd_per_mtok], [0.56, 1.68]);
});

test('deepseek-chat: the model sheet shows the relays shut down with date and source, Helicone\'s listing not', { skip }, () => {
  const sheet = get_model.handler(ds(), get_model.input.parse({ model_id: 'deepseek-chat' }), ctx) as Any;
  const offer = (provider: string, id: string) => sheet.offers.find((o: Any) => o.provider === provider && o.provider_model_id === id);
  for (const [provider, id] of [['zenmux', 'deepseek/deepseek-chat'], ['orcarouter', 'deepseek/deepseek-chat'], ['orcarouter', 'deepseek/deepseek-reasoner']]) {
    const o = offer(provider, id);
    assert.ok(o, `${provider} ${id}`);
    assert.equal(o.lifecycle_state, 'shut_down');
    assert.deepEqual([o.shutdown_date.value, o.shutdown_date.source], ['2026-07-24', 'developer-notices']);
  }
  assert.equal(offer('helicone', 'deepseek-reasoner').lifecycle_state ?? null, null);
});
