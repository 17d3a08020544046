// Tests of the smallest configuration a model needs and its monthly cost (what recommend and cheapest_for show).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aHardware, aModel, f } from '../dataset/fixtures.ts';
import type { Architecture } from '../schema/index.ts';
import { smallestConfiguration } from './self-hosting.ts';

const arch: Architecture = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'meta-llama/Llama-3.1-8B' };
// Llama-3.1-8B (8,030,261,248 parameters) and Llama-3.1-70B (70,553,706,496), Hugging Face counts.
const small = aModel({ id: 'llama-8b', open_weights: f(true), parameters_total: f(8_030_261_248), architecture: f(arch), context_window: f(131072) });
const big = aModel({ id: 'llama-70b', open_weights: f(true), parameters_total: f(70_553_706_496), architecture: f({ ...arch, layers: 80 }), context_window: f(131072) });
const closed = aModel({ id: 'closed', open_weights: f(false) });
const ds = aDataset({
  models: [small, big, closed],
  hardware: [
    aHardware({ id: 'card-16', memory_gb: f(16), bandwidth_gbs: f(288), purchase_price_usd: f(450), power_w: f(165) }),
    aHardware({ id: 'gpu-80', class: 'server', memory_gb: f(80), bandwidth_gbs: f(3350), rental: f({ provider: 'cloud', instance_type: 'x1', usd_per_hour: 2, eu_regions: [] }) }),
    aHardware({ id: 'gpu-40', class: 'workstation', memory_gb: f(40), bandwidth_gbs: f(1555) }),
  ],
});

test('the smallest configuration a model fits, with its monthly cost: rented where it rents, else owned', () => {
  const s = smallestConfiguration(ds, small)!;
  assert.equal(s.hardware_id, 'card-16');
  assert.equal(s.pricing, 'owned');
  // 450 USD over 36 months = 12.50; no volume, so the card idles all month at 0.2 x 165 = 33 W: 33 W x 730 h = 24.09 kWh
  // x 0.15 USD/kWh = 3.61: 16.11 USD a month (not 165 W for 730 busy hours, 18.07 USD).
  assert.equal(s.monthly_usd, 16.11);
  assert.match(s.basis, /bought for 450 USD over 36 months plus 165 W for the 0 hours served and 33 W idle the other 730/);
  assert.equal(s.estimate, true);
  assert.ok(s.derived_from.some((d) => d.startsWith('parameters_total = 8030261248')));
  // Llama-3.1-70B at Q4_K_M needs 43.13 + 2.68 + 0.75 = 46.56 GB: more than the 40 GB card's 40 x 1.0737 x 0.95 =
  // 40.80 GB usable (a 48 GB card, 48.96 GB usable, would now hold it tightly).
  const b = smallestConfiguration(ds, big)!;
  assert.equal(b.hardware_id, 'gpu-80');
  assert.equal(b.pricing, 'rented');
  assert.equal(b.monthly_usd, 730 * 2);
  const unpriced = smallestConfiguration(ds, small, { pool: [ds.hardwareById.get('gpu-40')!] })!;
  assert.equal(unpriced.monthly_usd, null);
  assert.equal(unpriced.pricing, null);
  assert.match(unpriced.basis, /neither a rental nor a purchase price/);
});

test('a volume is costed on that configuration; closed weights have none', () => {
  const onlyRented = [ds.hardwareById.get('gpu-80')!];
  const s = smallestConfiguration(ds, small, { pool: onlyRented, tokens_millions: 100 })!;
  assert.equal(s.hardware_id, 'gpu-80');
  assert.equal(s.pricing, 'rented');
  assert.equal(s.monthly_usd, 730 * 2);
  assert.match(s.basis, /100 million tokens a month on gpu-80 rented at 2 USD\/h/);
  assert.equal(smallestConfiguration(ds, closed), null);
});
