// estimate_cost on the shipped dataset: the owned figures rest on a machine one can buy whole, never on a share of an
// SXM or OAM baseboard (one H200 SXM of an HGX board of 4 or 8), and an owned option says when it is no longer sold.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { estimate_cost } from './estimate-cost.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const shipped = existsSync(`${DEFAULT_DATA_DIR}/models.json`);
const ds = shipped ? await committedDataset() : null;
type Out = Record<string, any>;
const run = (input: Record<string, unknown>) =>
  estimate_cost.handler(ds!, estimate_cost.input.parse(input), { today: '2026-11-27' }) as Out;

/** data/curated/accelerator-baseboards.csv: H200 SXM and H100 SXM on HGX boards of 4 or 8; B200 and MI300X of 8. */
const BOARDS: Record<string, number[]> = { h200: [4, 8], h100: [4, 8], b200: [8], mi300x: [8] };
const isShare = (id: string) => {
  const m = /^(h200|h100-80gb|b200|mi300x)-x(\d)$/.exec(id);
  return m !== null && !BOARDS[m[1].replace('-80gb', '')].includes(Number(m[2]));
};

test('qwen3-235b-a22b: the owned basis, break-even and curve never rest on one or two SXM modules of a baseboard', { skip: !shipped }, () => {
  for (const tokens_millions of [100, 1000, 10000]) {
    const r = run({ model_id: 'qwen3-235b-a22b', tokens_millions });
    const first = r.self_hosting.owned_options[0];
    assert.equal(isShare(first.hardware_id), false, `${tokens_millions}M basis ${first.hardware_id}`);
    assert.notEqual(first.sold_in?.whole, false);
    assert.equal(isShare(r.break_even_owned.hardware_id ?? ''), false);
    for (const w of r.break_even_owned.cheaper_windows ?? []) assert.equal(isShare(w.hardware_id), false);
    // The shares are still listed, after the basis, marked with the counts their module is sold in and not whole.
    const shares = r.self_hosting.owned_options.filter((o: Out) => isShare(o.hardware_id));
    assert.ok(shares.length > 0, `${tokens_millions}M lists no share`);
    for (const o of shares) {
      assert.deepEqual([o.sold_in.counts, o.sold_in.whole], [BOARDS[o.hardware_id.split('-')[0]], false], o.hardware_id);
    }
  }
  // At 100M the basis is a 4-GPU H100 board: 4 x 33,600 USD (Epoch's H100 SXM5, a DGX H100 share, host in the price)
  // = 134,400 / 36 months = 3,733.33 a month, plus at most 4 x 700 W x 730 h x 0.15 USD/kWh = 306.60 of power. Before,
  // h200-x1 at 1,017.85 (32,000 USD + 1/8 of the 32,010 USD HGX host, over 36 months, and power) stood for owning.
  const r = run({ model_id: 'qwen3-235b-a22b', tokens_millions: 100 });
  const first = r.self_hosting.owned_options[0];
  assert.equal(first.hardware_id, 'h100-80gb-x4');
  assert.ok(first.monthly_usd > 3733.33 && first.monthly_usd < 3733.33 + 306.6, `${first.monthly_usd}`);
  // h200-x1 is no option since the serving batch is sized on vLLM's memory budget (vllm-memory.ts): 141 x 2^30 B x 0.9
  // less 6 GiB leaves less than the INT4 weights of 235B parameters (235e9 x 4.51 / 8 = 132.5 GB) and one sequence. The
  // shares named are the MI300X and B200 modules.
  assert.ok(!r.self_hosting.owned_options.some((o: Out) => o.hardware_id === 'h200-x1'));
  assert.match(r.break_even_owned.reason, /mi300x-x2 \(\d+\.\d+ USD\)[^;]* cost less but are shares of servers sold only whole/);
});

test('gpt-oss-120b at 5,000M: rtx-4090-x4 and rtx-3090-x4 carry their ends, and the words give why the 4090s are not the basis', { skip: !shipped }, () => {
  // data/curated/card-production.csv: the RTX 4090's end of production reported in 2024-10 (HotHardware, 2024-11-12);
  // the RTX 3090 Founders Edition withdrawn from NVIDIA's store in 2023-03 (Phonandroid). One rtx-3090-x4 serves
  // 2,911.2 x 3,600 x 730 x 0.5 = 3,825.3M a month (its batch sized in vLLM's budget on 24 GiB cards, 55 sequences:
  // estimate-cost-curve.test.ts), so 5,000M takes two: 2 x 213.57 flat + 5,000 x 0.018664 = 520.46 USD, below the
  // basis, so the words name it as not weighed (502.97 and not named when 24 GB cards kept the service's sums).
  // The rtx-4090-x4 (no host) costs 187.31 flat + 5,000 x 1e6 / (4,446.4 tokens/s x 3,600) x 1,712 W above idle x
  // 0.15 / 1e6 = 80.21: 267.52 (246.06 at the former sums' 6,070 tokens/s). The basis is the cheapest configuration on
  // sale counted whole: rtx-pro-6000-max-q x2, 2 x 266.08 + 5,000 x 0.002808 = 546.2 (rtx-6000-ada-x2, 471.12 before,
  // now serves 71 sequences in vLLM's budget on its two 48 GiB cards and takes two machines).
  const r = run({ model_id: 'gpt-oss-120b', tokens_millions: 5000 });
  const r4090 = r.self_hosting.owned_options.find((o: Out) => o.hardware_id === 'rtx-4090-x4');
  assert.deepEqual([r4090.discontinued_on.value, r4090.discontinued_on.source], ['2024-10', 'card-production']);
  assert.equal(r4090.sold_in, null);
  const r3090 = r.self_hosting.owned_options.find((o: Out) => o.hardware_id === 'rtx-3090-x4');
  assert.deepEqual([r3090.discontinued_on.value, r3090.discontinued_on.source], ['2023-03', 'card-production']);
  const basis = r.self_hosting.owned_options[0];
  assert.deepEqual([basis.hardware_id, basis.machines, basis.monthly_usd, basis.discontinued_on, basis.sold_in], ['rtx-pro-6000-max-q', 2, 546.2, null, null]);
  assert.match(r.break_even_owned.reason,
    /rtx-4090-x4 costs less \(267\.52 USD\) but leaves out a host machine no source prices and is no longer sold new, so it is not the basis/);
  assert.equal(r3090.machines, 2);
  assert.ok(Math.abs(r3090.monthly_usd - 520.46) <= 0.02, String(r3090.monthly_usd));
  assert.match(r.break_even_owned.reason, /rtx-3090-x4 costs less \(520\.45 USD\) but is no longer sold new, so it is not weighed/);
});

