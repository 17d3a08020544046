// use=agents needs tool calling: an offer whose own listing says it serves none is not ranked, whatever the model can do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { committedDataset } from '../../test/committed-dataset.ts';
import { cheapest_for } from './cheapest-for.ts';
import { get_model } from './get-model.ts';
import { recommend_model } from './recommend-model.ts';

const ds = committedDataset();
const run = (input: Record<string, unknown>) => cheapest_for.handler(ds, cheapest_for.input.parse(input), { today: '2026-11-29' }) as any;

test('the offer carries its listing\'s tool calling: OpenRouter\'s Llama 3.2 1B Instruct says false, inference.net\'s true', () => {
  // models.dev at f3fc6922 (2026-07-02): providers/openrouter/models/meta-llama/llama-3.2-1b-instruct.toml line 8
  // `tool_call = false`; providers/inference/models/meta/llama-3.2-1b-instruct.toml line 9 `tool_call = true`.
  const m = get_model.handler(ds, get_model.input.parse({ model_id: 'llama-3.2-1b-instruct' }), { today: '2026-11-29' }) as any;
  const at = (provider: string, id: string) => m.offers.find((o: any) => o.provider === provider && o.provider_model_id === id);
  assert.deepEqual(at('openrouter', 'meta-llama/llama-3.2-1b-instruct').tool_calling, { value: false, as_of: '2026-07-02', source: 'models-dev' });
  assert.equal(at('inference', 'meta/llama-3.2-1b-instruct').tool_calling.value, true);
});

test('cheapest_for use=agents ranks no offer whose listing says it serves no tool calling, and says how many moved', () => {
  const out = run({ use: 'agents', limit: 100 });
  assert.deepEqual(out.requires, ['tool_calling']);
  const said = out.items.filter((it: any) => it.offer?.tool_calling?.value === false).map((it: any) => `${it.model.id}@${it.offer.provider}`);
  assert.deepEqual(said, []);
  // Llama 3.2 1B Instruct is still ranked (the model states tool calling), at an offer other than OpenRouter's.
  const llama = out.items.find((it: any) => it.model.id === 'llama-3.2-1b-instruct');
  assert.ok(llama, 'llama-3.2-1b-instruct ranked');
  assert.notEqual(llama.offer.provider, 'openrouter');
  // The offer shown serves tool calling and its price is one the service can stand behind: inference.net's
  // meta/llama-3.2-1b-instruct ($0.01/$0.01, `tool_call = true`) was set on 2025-07-09 and no other source confirms it,
  // more than 6 months before the data's date (2026-09-23), so it is passed over for Amazon Bedrock's
  // meta.llama3-2-1b-instruct-v1:0 at $0.10/$0.10, which LiteLLM confirms (data/dataset/offers.json).
  assert.deepEqual([llama.offer.provider, llama.offer.provider_model_id, llama.offer.tool_calling?.value], ['amazon-bedrock', 'meta.llama3-2-1b-instruct-v1:0', true]);
  assert.match(out.note, /Tool calling is checked per offer: an offer whose listing says it serves no tool calling/);
  assert.match(out.note, /\d+ models? had a cheaper offer whose listing serves no tool calling, so another offer is shown\./);
  // use=chat needs no tool calling: OpenRouter's listing may be the cheapest there, and the sentence is not said.
  const chat = run({ use: 'chat', limit: 100 });
  assert.doesNotMatch(chat.note ?? '', /Tool calling is checked per offer/);
});

test('recommend_model with use=agents names no offer whose listing says it serves no tool calling, and says it checks', () => {
  const out = recommend_model.handler(ds, recommend_model.input.parse({ who: 'startup', use: 'agents' }), { today: '2026-11-29' }) as any;
  const offers = out.recommendations.map((r: any) => r.offer).filter(Boolean);
  assert.ok(offers.length > 0, 'an API pick');
  assert.deepEqual(offers.filter((o: any) => o.tool_calling?.value === false), []);
  assert.ok(out.notes.some((n: string) => /^use=agents requires tool calling, checked per offer too: an offer whose listing says it serves no tool calling/.test(n)));
  const chat = recommend_model.handler(ds, recommend_model.input.parse({ who: 'startup', use: 'chat' }), { today: '2026-11-29' }) as any;
  assert.ok(!chat.notes.some((n: string) => /checked per offer too/.test(n)));
});
