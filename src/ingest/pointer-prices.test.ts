import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aModel, anOffer, f } from '../dataset/fixtures.ts';
import { pointerUndercuts } from './pointer-prices.ts';

// Figures from LiteLLM 2026-07-24: vertex_ai/codestral@latest $0.20/$0.60 (as vertex_ai/codestral@2405), and
// mistral/codestral-2508 $0.30/$0.90, the price of Codestral 25.08 on Mistral's model page.
const pointsTo = { value: 'codestral-2508', as_of: '2026-08-21', source: 'version-pointers' };
const models = [aModel({ id: 'codestral-latest', points_to: pointsTo }), aModel({ id: 'codestral-2508' })];
const priced = (input: number, output: number) => ({ input: f(input, 'litellm'), output: f(output, 'litellm') });

test('a pointer listing below its target\'s own price on both figures is reported; at or above, or a reseller\'s target price, is not', () => {
  const offers = [
    anOffer({ model_id: 'codestral-2508', provider: 'mistral', provider_model_id: 'codestral-2508', first_party: true, prices: priced(0.3, 0.9) }),
    // A reseller's discount on the target is not the measure.
    anOffer({ model_id: 'codestral-2508', provider: 'cheap', provider_model_id: 'codestral-2508', first_party: false, prices: priced(0.1, 0.1) }),
    anOffer({ model_id: 'codestral-latest', provider: 'google-vertex', provider_model_id: 'codestral@latest', first_party: true, prices: priced(0.2, 0.6) }),
    anOffer({ model_id: 'codestral-latest', provider: 'mistral', provider_model_id: 'codestral-latest', first_party: true, prices: priced(0.3, 0.9) }),
    // Below on one figure only: not reported.
    anOffer({ model_id: 'codestral-latest', provider: 'kilo', provider_model_id: 'mistral/codestral-latest', first_party: false, prices: priced(0.2, 0.9) }),
  ];
  assert.deepEqual(pointerUndercuts(models, offers), [
    "codestral-latest: google-vertex/codestral@latest $0.2/$0.6 (litellm) is below codestral-2508's own $0.3/$0.9",
  ]);
});

test('a price held back (no input served), a batch price, or a target without a developer price reports nothing', () => {
  const held = anOffer({ model_id: 'codestral-latest', provider: 'google-vertex', provider_model_id: 'codestral@latest', first_party: true,
    prices: { output: f(0.6, 'litellm') } });
  const batch = anOffer({ model_id: 'codestral-latest', provider: 'mistral', provider_model_id: 'codestral-latest', first_party: true, sku: 'batch',
    prices: priced(0.15, 0.45) });
  const own = anOffer({ model_id: 'codestral-2508', provider: 'mistral', provider_model_id: 'codestral-2508', first_party: true, prices: priced(0.3, 0.9) });
  assert.deepEqual(pointerUndercuts(models, [own, held, batch]), []);
  assert.deepEqual(pointerUndercuts(models, [{ ...batch, sku: 'standard' }]), [], 'no offer of the target at its developer');
});
