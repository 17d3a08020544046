// A configuration bought with no machine named (where=on-premises, where=local) is run as a named machine of it is: in
// models_for_hardware's formats at batch 1 (GGUF types on two PCIe cards split by layer), not as a vLLM server; but a
// data-centre configuration on premises (class server or cluster) is bought to be a server and is sized as one.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { ownedHosting } from './recommend-hosting.ts';
import { boughtFigure } from './recommend-hosting-owned.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const committed = existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json'));
const skip = !committed && 'no committed dataset';
let loaded: Dataset | undefined;
/** The committed dataset, loaded once for the file's three tests (a load is 1.5 s of CPU; the dataset is frozen). */
const dataset = () => (loaded ??= committedDataset());
/** The usable-speed floor: 238 words a minute / 60 / 0.75 words a token = 5.29 tokens/s (docs/trust-and-recommend.md). */
const FLOOR = { tokens_per_s: 238 / 60 / 0.75, prefill_s: null, prefill_stated_s: null };

// Gemma 4 31B IT on two RTX 3090s at 8,192 tokens, by models_for_hardware's formula (its `assumptions`), by hand:
// - format: llama.cpp's GGUF types on PCIe cards split by layer, the highest that fits up to 8.5 bits: Q8_0 (a server
//   on the same pair would take vLLM's FP8 W8A16 instead);
// - weights: the published Q8_0 file, unsloth's gemma-4-31B-it-Q8_0.gguf, 32,635,675,648 bytes = 32.64 GB
//   (gguf-file-sizes.csv; the flat 32,682,372,656 parameters x 8.5 bits / 8 = 34.725 GB before it);
// - KV cache, F16: 10 global layers x 8,192 tokens x (2 x 4 KV heads x 512 x 2 bytes) = 0.671 GB, plus 50 sliding
//   layers x 1,024 tokens x (2 x 16 x 256 x 2 bytes) = 0.839 GB: 1.510 GB (config.json via architecture-overrides.csv);
// - overhead 0.75 GB per card x 2 = 1.5 GB; total 32.64 + 1.510 + 1.5 = 35.65 GB (37.73 with the flat weights);
// - decode at batch 1, one card's 936 GB/s (layer split): 32.64 / (0.81 x 936) = 43.05 ms, KV 1.510 / (0.82 x 936) =
//   1.97 ms, 60 layers x 45 us + 1 hand-off x 0.21 ms = 2.91 ms; 1 / 47.93 ms = 20.9 tokens/s (19.7 with the flat
//   weights' 45.80 ms), over the floor.
// /api/v1/hardware/rtx-3090-x2 states the same (Q8_0, 35.65 GB, 20.9 tokens/s), as a named `machine=2x 3090` does.
test('a bought PCIe pair is sized in models_for_hardware\'s GGUF formats, on premises and local, the month at that format', { skip }, () => {
  const ds = dataset();
  const m = ds.modelById.get('gemma-4-31b-it')!;
  const pool = [ds.hardwareById.get('rtx-3090-x2')!];
  for (const onPremises of [true, false]) {
    const pick = ownedHosting(ds, m, pool, 8192, FLOOR, onPremises)!;
    assert.equal(pick.hardware.id, 'rtx-3090-x2');
    assert.deepEqual([pick.fit.quantization, pick.fit.memory.total_gb, pick.fit.tokens_per_s], ['q8_0', 35.65, 20.9]);
    assert.equal(pick.below_floor, false);
    // estimate_cost would choose FP8 for a server there: the month is asked at the pick's format, and says so.
    assert.match(pick.cost!.basis.at(-1)!, /estimate_cost with hardware=rtx-3090-x2, tokens_millions=[\d.]+, quantization=q8_0 and context=8192/);
  }
});

test('the catalogue class decides: data-centre classes on premises are servers; the rest, and local, named machines', () => {
  assert.deepEqual((['server', 'cluster', 'workstation', 'desktop', 'laptop'] as const).map((c) => boughtFigure({ class: c }, true)),
    ['serving', 'serving', 'batch', 'batch', 'batch']);
  assert.deepEqual([boughtFigure({ class: 'server' }, false), boughtFigure({ class: 'cluster' }, false)], ['batch', 'batch']);
});

test('an L40S or L40 bought on premises is a data-centre card sized as a server; an RTX 6000 Ada or A6000 stays a workstation', { skip }, () => {
  // NVIDIA's L40S datasheet: "the most powerful universal GPU for the data center"; both the L40S and the L40 are
  // passively cooled (NVIDIA's L40/L40S table: Thermal: Passive), so hardware-configs.csv gives them class server. The
  // RTX A6000 ("Thermal Solution: Active") and RTX 6000 Ada are NVIDIA's workstation cards, with their own fan.
  const ds = dataset();
  const figure = (id: string) => boughtFigure(ds.hardwareById.get(id)!, true);
  assert.deepEqual(['l40s', 'l40', 'rtx-6000-ada', 'rtx-a6000'].map(figure), ['serving', 'serving', 'batch', 'batch']);
  // Gemma 4 31B IT on one L40S at 8,192 tokens: on premises in vLLM's formats (the L40S is compute capability 8.9, so
  // FP8 W8A8 on its FP8 tensor cores: docs/hardware-and-cost.md, formats of the serving runtime); run locally, in
  // llama.cpp's GGUF types at batch 1 (Q8_0, the highest up to 8.5 bits that fits 48 GB).
  const m = ds.modelById.get('gemma-4-31b-it')!;
  const pool = [ds.hardwareById.get('l40s')!];
  assert.deepEqual([true, false].map((onPremises) => ownedHosting(ds, m, pool, 8192, FLOOR, onPremises)!.fit.quantization), ['fp8_w8a8', 'q8_0']);
});

// Llama 3.1 Nemotron Ultra 253B on one B200 (class server) at 8,192 tokens. The month, by hand, from the curated tables
// (the same on premises and local): purchase 40,000 USD / 36 months = 1,111.11; its host machine's share of an 8-GPU
// HGX B200 host, 4,001.25 / 36 = 111.15; electricity (1,000 W x 364.99 busy h + 200 W x 365.01 idle h) / 1,000 x 0.15
// USD/kWh = 65.70; the month 1,111.11 + 111.15 + 65.70 = 1,287.96 USD. Tokens it serves at utilisation 0.5, 730 h x 0.5
// x 3,600 s = 1,314,000 s busy: as a server (estimate_cost's INT4 W4A16, 941.5 tokens/s at batch 21) 1,237.1M tokens,
// 1,287.96 / 1,237.1 = 1.04 USD per 1M; at llama.cpp batch 1 (Q5_K_M, 103.3 tokens/s) 135.7M tokens, 9.49 USD per 1M.
test('on premises a B200 is costed as the batched server it is bought to run; local keeps the batch-1 machine', { skip }, () => {
  const ds = dataset();
  const m = ds.modelById.get('llama-3.1-nemotron-ultra-253b-v1')!;
  const pool = [ds.hardwareById.get('b200-x1')!];
  const server = ownedHosting(ds, m, pool, 8192, FLOOR, true)!;
  assert.deepEqual([server.hardware.id, server.fit.quantization, server.cost!.monthly_usd], ['b200-x1', 'int4_w4a16', 1287.96]);
  // 1,000.6M tokens a month (1,237.1M before): vLLM's budget (vllm-memory.ts) leaves 180 x 2^30 B x 0.9 less 6 GiB less
  // 142.63 GB of INT4 weights = 24.87 GB of cache (40.24 GB at the service's former 0.95 less 0.75 GB), so 13 sequences
  // of 8,192 tokens (7,175.5 held on average x 262,144 B = 1.88 GB each) decode together, not 21, with the cache read
  // refitted at 0.73 (constants.ts SERVING_KV_READ_EFFICIENCY).
  assert.ok(Math.abs(server.cost!.usd_per_mtok - 1287.96 / 1000.6) < 0.005, `${server.cost!.usd_per_mtok} USD per 1M`);
  const local = ownedHosting(ds, m, pool, 8192, FLOOR, false)!;
  // Local keeps the batch-1 machine's Q5_K_M; its month, asked at that format of a vLLM server on the B200, has none:
  // Q5_K_M's weights (over 170 GB for 253B parameters) leave nothing of vLLM's 180 x 2^30 B x 0.9 - 6 GiB = 167.5 GB
  // (vllm-memory.ts). It cost 1287.96 USD for 135.7M tokens while the room was the service's 0.95 less 0.75 GB.
  assert.equal(local.fit.quantization, 'q5_k_m');
  assert.ok(local.fit.memory.weights_gb > 167.5, `${local.fit.memory.weights_gb}`);
  assert.equal(local.cost, null);
});

// data/curated/card-production.csv: NVIDIA's store withdrew the RTX 3090 Founders Edition in 2023-03 (Phonandroid,
// PurePC), so the desktop with one is priced at a launch price no buyer can pay (1,499 USD, epoch-hardware); the RTX
// 5090's is a street price of 2026-06-22 (card-street-prices). estimate_cost's owned basis weighs a configuration no
// longer sold new only where none sold new serves the model (owned-cost-basis.ts); a bought pick follows the same rule.
test('a configuration bought is one still sold new: a cheaper RTX 3090 is passed over, and said so', { skip }, () => {
  const ds = dataset();
  const m = ds.modelById.get('gemma-4-26b-a4b-it')!;
  const [r3090, r5090] = [ds.hardwareById.get('rtx-3090')!, ds.hardwareById.get('rtx-5090')!];
  assert.ok(r3090.discontinued_on && !r5090.discontinued_on);
  assert.ok(r3090.purchase_price_usd!.value < r5090.purchase_price_usd!.value, 'the RTX 3090 costs less to own');
  const pick = ownedHosting(ds, m, [r3090, r5090], 8192, FLOOR, true)!;
  assert.equal(pick.hardware.id, 'rtx-5090');
  assert.equal(pick.cheaper_not_sold_new?.id, 'rtx-3090');
  // Nothing sold new in the pool: the discontinued one is the pick (its answer then says it is no longer sold).
  const alone = ownedHosting(ds, m, [r3090], 8192, FLOOR, true)!;
  assert.equal(alone.hardware.id, 'rtx-3090');
  assert.equal(alone.cheaper_not_sold_new, undefined);
});
