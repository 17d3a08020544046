// recommend_model on hardware the caller owns, on the committed dataset: a pick on a named machine runs in the formats
// models_for_hardware uses for that machine and says its quantization and speed; its owned month is in the JSON; and
// an "also fits" configuration is said with its speed, under the usable-speed floor where it is.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { estimate_cost } from './estimate-cost.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { recommend_model } from './recommend-model.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const committed = existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json'));
const ds = committed ? committedDataset() : undefined!;
const skip = !committed && 'no committed dataset';
const ctx = { today: '2026-11-27' };
type Rec = Record<string, any>;
const recommend = (input: Record<string, unknown>) => recommend_model.handler(ds, recommend_model.input.parse(input), ctx) as Rec;
const cost = (input: Record<string, unknown>) => estimate_cost.handler(ds, estimate_cost.input.parse(input), ctx) as Rec;

/** models_for_hardware's entry for a model on a configuration at a context (its own answer, paged through). */
function entryOn(hardware_id: string, model: string, context: number): Rec | undefined {
  let cursor: string | undefined;
  for (;;) {
    const input = models_for_hardware.input.parse({ hardware_id, context, limit: 100, ...(cursor ? { cursor } : {}) });
    const out = models_for_hardware.handler(ds, input, ctx) as Rec;
    const hit = out.items.find((i: Rec) => i.model.id === model);
    if (hit || !out.page.next_cursor) return hit;
    cursor = out.page.next_cursor;
  }
}

/** The usable-speed floor: 238 words a minute / 60 / 0.75 words a token = 5.29 tokens/s (docs/trust-and-recommend.md). */
const FLOOR = 238 / 60 / 0.75;

test('two RTX 3090s named: each pick says the quantization, memory and speed models_for_hardware gives there', { skip }, () => {
  for (const machine of ['rtx-3090-x2', '2x 3090']) {
    const out = recommend({ where: 'local', machine });
    assert.ok(out.recommendations.length > 0, machine);
    for (const r of out.recommendations) {
      const sh = r.self_hosting;
      assert.equal(sh.hardware_id, 'rtx-3090-x2', machine);
      // Two PCIe cards split by layer at batch 1 run llama.cpp, which has no FP8 type: never a vLLM format here.
      assert.doesNotMatch(sh.quantization, /fp8|w4a16|w8a16/, `${machine}: ${r.model.id} at ${sh.quantization}`);
      const e = entryOn('rtx-3090-x2', r.model.id, sh.context);
      assert.ok(e, `${r.model.id} is in models_for_hardware's answer for rtx-3090-x2`);
      // Not lowered for speed (every pick here reads well above the floor), so the same format as the fit engine's own.
      assert.deepEqual([sh.quantization, sh.memory_gb, sh.tokens_per_s], [e.quantization, e.memory.total_gb, e.tokens_per_s], `${machine}: ${r.model.id}`);
      assert.ok(r.reasons[1].includes(`at ${e.quantization}: ${e.memory.total_gb} GB`), r.reasons[1]);
    }
  }
  // Gemma 4 31B IT, as the expert read models_for_hardware: Q8_0, 37.73 GB, 19.7 tokens/s with the flat weights
  // (32.68e9 x 8.5 / 8 = 34.73 GB). Since 2026-11-29 the weights are unsloth's published Q8_0 file, 32,635,675,648 bytes:
  // 37.73 - (34.73 - 32.64) = 35.64 GB (35.65 from unrounded parts); a token reads 32.64 + 1.5 GB of KV (37.73 - 34.73 -
  // 2 x 0.75 overhead) instead of 36.23 GB, so 19.7 x 36.23 / 34.14 = 20.9 tokens/s.
  const g = recommend({ where: 'local', machine: 'rtx-3090-x2' }).recommendations.find((r: Rec) => r.model.id === 'gemma-4-31b-it');
  assert.ok(g, 'Gemma 4 31B IT is among the picks on rtx-3090-x2');
  assert.deepEqual([g.self_hosting.quantization, g.self_hosting.memory_gb, g.self_hosting.tokens_per_s], ['q8_0', 35.65, 20.9]);
});

test('a named machine\'s owned month is in the JSON: estimate_cost\'s month at that volume, quantization and context', { skip }, () => {
  const out = recommend({ where: 'local', machine: 'rtx-3090-x2' });
  for (const r of out.recommendations) {
    const sh = r.self_hosting;
    assert.equal(sh.hosting, 'your_machine');
    // The purchase is spent: not ranked (monthly_usd stays null), but the month is stated, member by member.
    assert.equal(sh.monthly_usd, null);
    const o = sh.owned_cost;
    assert.ok(o, `${r.model.id}: owned_cost filled on a named machine with a purchase price and a power figure`);
    const c = cost({
      model_id: r.model.id, tokens_millions: o.tokens_millions, hardware: 'rtx-3090-x2', context: sh.context,
      ...(o.quantization ? { quantization: o.quantization } : {}),
    });
    const owned = c.self_hosting.owned_options[0];
    assert.equal(owned.quantization, sh.quantization, `${r.model.id}: the month is of the format the pick runs at`);
    assert.deepEqual(
      [o.monthly_usd, o.purchase.usd, o.host_machine?.usd ?? null, o.power_monthly_usd, o.machines],
      [owned.monthly_usd, owned.purchase.usd, owned.host_machine?.usd ?? null, owned.power?.monthly_usd ?? null, owned.machines],
      r.model.id,
    );
    // The reason states the same month, rounded to the dollar.
    assert.ok(r.reasons[1].includes(`gives $${Math.round(o.monthly_usd).toLocaleString('en-US')} a month bought and run`), r.reasons[1]);
  }
});

test('on premises: an "also fits" machine is said with its speed, and under the floor where it is', { skip }, () => {
  const ask = {
    who: 'hospital', use: 'documents', data: 'patient records', keep: 'eu-only', where: 'on-premises', context: 65536,
  };
  const out = recommend(ask);
  let said = 0;
  for (const r of out.recommendations) {
    for (const t of r.reasons as string[]) {
      const m = /It also fits .*?\(([a-z0-9-]+), [\d.]+ GB usable, about ([\d.]+) tokens\/s at ([a-z0-9_]+)\), ([^.]*)/.exec(t);
      if (!m) continue;
      said++;
      const [, id, speed, q, why] = m;
      const e = entryOn(id, r.model.id, 65536);
      assert.ok(e, `${r.model.id} on ${id}`);
      // The speed beside it is models_for_hardware's at the format the floor would run it at (its fastest-enough one,
      // else the largest that fits); under the floor, the reason says so rather than a price.
      const qs: Rec[] = e.alternatives ?? [];
      const at = qs.find((x) => x.quantization === q);
      const figure = at?.tokens_per_s ?? (e.quantization === q ? e.tokens_per_s : undefined);
      assert.equal(Number(speed), figure, `${r.model.id} on ${id} at ${q}`);
      if (Number(speed) < FLOOR) assert.match(why, /under the usable-speed floor/, t);
    }
  }
  assert.ok(said > 0, 'some pick names another configuration it fits');
  // Gemma 4 31B IT on the 32 GB DDR4 desktop: models_for_hardware gave Q4_K_M at 1.4 tokens/s at 65,536 tokens with the
  // flat 19.98 GB of weights; the published file's 18.32 GB (unsloth's, 18,323,731,456 bytes) plus 6.21 GB of KV makes
  // a token 24.53 GB instead of 26.19, so 1.4 x 26.19 / 24.53 = 1.49 (1.40 to 1.45 unrounded give 1.49 to 1.55): 1.5
  // tokens/s, still under the floor.
  const cpu = entryOn('cpu-ddr4-32gb', 'gemma-4-31b-it', 65536);
  assert.deepEqual([cpu?.quantization, cpu?.tokens_per_s], ['q4_k_m', 1.5]);
  // The pick named the DDR4 desktop as the smallest configuration it also fits while the flat 26.94 GB kept it off the
  // 32 GB Strix Halo; at 25.28 GB it fits that one too (25.77 GB usable, under the desktop's 27.49), the smallest now,
  // which the reason already names as passed over for the prompt limit: no "also fits" sentence repeats it.
  const g = out.recommendations.find((r: Rec) => r.model.id === 'gemma-4-31b-it');
  const runs = g?.reasons.find((t: string) => t.startsWith('Runs on'));
  assert.match(runs, /\(strix-halo-385-32gb\), runs it at q4_k_m, but a prompt filling the 65,536 tokens/);
  assert.doesNotMatch(runs, /It also fits/);
});
