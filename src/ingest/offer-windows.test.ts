// Tests of the reviewed table that gives a listing the window its provider's page states.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import path from 'node:path';
import { buildOffers } from './build-offers.ts';
import { applyOfferWindows, loadOfferWindows } from './offer-windows.ts';

const ROW = { provider: 'deepseek', provider_model_id: 'deepseek-v3.2', window: 128000, url: 'https://api-docs.deepseek.com/quick_start/pricing',
  read_on: '2026-11-27', reason: 'CONTEXT LENGTH 128K' };

test("DeepSeek's own listing of V3.2 reads DeepSeek's 128K, LiteLLM's 163,840 kept in conflicts", () => {
  // LiteLLM 2026-07-24, deepseek/deepseek-v3.2: max_input_tokens 163840 (config.json's max_position_embeddings);
  // DeepSeek's Models & Pricing page: "CONTEXT LENGTH 128K" for deepseek-chat and deepseek-reasoner.
  const { offers } = buildOffers([
    { source: 'litellm', provider: 'deepseek', provider_model_id: 'deepseek-v3.2', region: 'global', as_of: '2026-07-24', input: 0.28,
      output: 0.4, context_window: 163840 },
    { source: 'litellm', provider: 'deepinfra', provider_model_id: 'deepseek-ai/DeepSeek-V3.2', region: 'global', as_of: '2026-07-24',
      input: 0.26, output: 0.38, context_window: 163840 },
  ], () => 'deepseek-v3.2', new Map(), { vendorOf: () => 'deepseek' });
  const issues = applyOfferWindows(offers, [ROW, { ...ROW, provider: 'deepseek', provider_model_id: 'deepseek-v9' }]);
  const ds = offers.find((o) => o.provider === 'deepseek')!;
  assert.equal(ds.context_window?.value, 128000);
  assert.equal(ds.context_window?.source, 'offer-windows');
  assert.equal(ds.context_window?.as_of, '2026-11-27');
  assert.deepEqual(ds.context_window?.conflicts, [{ value: 163840, as_of: '2026-07-24', source: 'litellm' }]);
  assert.equal(offers.find((o) => o.provider === 'deepinfra')!.context_window?.value, 163840, 'another host serves the weights\' window');
  assert.equal(issues.length, 1, 'a row that matches no offer is reported');
  assert.match(issues[0].message, /no offer of this listing/);
});

test('the committed table loads without issues and cites a page for every row', () => {
  const { rows, issues } = loadOfferWindows(path.join(import.meta.dirname, '../../data/curated/offer-windows.csv'));
  assert.deepEqual(issues, []);
  assert.ok(rows.some((r) => r.provider === 'deepseek' && r.provider_model_id === 'deepseek-v3.2' && r.window === 128000));
});
