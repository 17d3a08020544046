// models_for_hardware with system RAM stated: MoE models with their experts in RAM, each figure worked by hand.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { QUANTIZATIONS } from '../engines/constants.ts';
import { offloadTokensPerSecond } from '../engines/expert-offload.ts';
import { modelFacts, type ModelFacts } from '../engines/memory.ts';
import type { Hardware } from '../schema/index.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { models_for_hardware } from './models-for-hardware.ts';
import { systemRamFromText } from './models-for-hardware-offload.ts';

const ctx = { today: '2026-11-29' };
const hasCommitted = existsSync(DEFAULT_DATA_DIR);
let real: Dataset | undefined;
const committed = () => (real ??= committedDataset());
type Item = { model: { id: string }; quantization: string; llama_cpp_flags: string; cpu_moe_layers: number; fit: string;
  vram: { non_expert_weights_gb: number; experts_gb: number; kv_cache_gb: number; total_gb: number; usable_gb: number };
  ram: { experts_gb: number; usable_gb: number }; decode_tokens_per_s: number; prefill_tokens_per_s: null };
type Ram = { gb: number; usable_gb: number; bandwidth_gbs: number | null; basis: string; read_from: string };
type Out = { items: Array<{ model: { id: string } }>; experts_in_system_ram?: { system_ram: Ram; items: Item[] } };
const ask = (input: object) => models_for_hardware.handler(committed(), models_for_hardware.input.parse(input), ctx) as unknown as Out;

test('the RAM beside a card is read from the text', () => {
  assert.equal(systemRamFromText('4090 with 64GB RAM'), 64);
  assert.equal(systemRamFromText('RTX 3090 24GB VRAM and 128 GB RAM'), 128);
  assert.equal(systemRamFromText('rtx-4090'), undefined);
  assert.equal(systemRamFromText('4070 12GB'), undefined);
  // One rule for GB and TB: memory is sold in binary sizes, so "64 GB" is 64 GiB and a TB 1,024 of those GB (2 TB = 16 x
  // 128 GB modules = 2,048 GB); until 2026-11-29 "2TB RAM" read as 2,000 GB, and "1.5TB RAM" as 5 TB (split at the point).
  assert.equal(systemRamFromText('4090 with 2TB RAM'), 2048);
  assert.equal(systemRamFromText('4090 with 1.5TB RAM'), 1536);
  assert.equal(systemRamFromText('4090 with 4 TB RAM'), 4096); // 4 x 1,024: the top of system_ram_gb's range
  assert.throws(() => systemRamFromText('4090 with 5TB RAM'), /says 5120 GB of RAM/);
  assert.equal(systemRamFromText('4090 with 15.5GB RAM'), 15); // a fraction of a GB is dropped, never rounded up
});

test('gpt-oss-120b on an RTX 4090 beside 64 GB of DDR5: 27 of 36 layers of experts in RAM, 24.5 tokens/s', { skip: !hasCommitted }, () => {
  const out = ask({ hardware_id: 'rtx-4090', system_ram_gb: 64, limit: 1 });
  const e = out.experts_in_system_ram!;
  // RAM: 64 GiB x 0.8 (cpu-ddr5-64gb's usable share) = 54.98 GB; dual-channel DDR5-5600: 2 x 5,600 MT/s x 8 B = 89.6 GB/s.
  assert.deepEqual([e.system_ram.gb, e.system_ram.usable_gb, e.system_ram.bandwidth_gbs, e.system_ram.read_from], [64, 54.98, 89.6, 'system_ram_gb']);
  const g = e.items.find((x) => x.model.id === 'gpt-oss-120b')!;
  // By hand: MXFP4 weights 116.83e9 x 4.47 / 8 = 65.279 GB; routed experts 128 x 36 x 3 x 2,880 x 2,880 = 114.662e9 at
  // 4.25 bits = 60.914 GB (1.692 GB a layer), so 4.365 GB of non-expert weights. KV at 8,192 tokens: 18 full layers x
  // 8 heads x 64 x 2 x 8,192 x 2 B + 18 sliding x 1,024 x 128 x 2 B = 0.307 GB; buffers 0.75. The card's 24 GiB x 0.95 =
  // 24.48 GB, comfortable to 20.81: 5.421 + k x 1.692 <= 20.81 keeps k = 9 layers, so N = 27; 5.421 + 15.229 = 20.65.
  assert.equal(g.quantization, 'mxfp4');
  assert.equal(g.llama_cpp_flags, '-ngl 99 --n-cpu-moe 27');
  assert.equal(g.fit, 'comfortable');
  assert.equal(g.vram.non_expert_weights_gb, 4.36);
  assert.equal(g.vram.total_gb, 20.65);
  assert.equal(g.ram.experts_gb, 45.69); // 27 x 1.692
  // A token: 5.13e9 x 5.53 / 8 = 3.546 GB active, of which 4 experts x 895.8M x 4.25 / 8 = 1.904 GB; 27/36 of them from
  // RAM, 1.428 GB / (0.44 x 89.6) = 36.22 ms (0.44: the share fitted on the published runs, calibration-offload.test.ts);
  // the other 2.118 GB / (0.81 x 1,008) = 2.59 ms; KV 0.307 / (0.82 x 1,008) = 0.37 ms; 36 x 45 us = 1.62 ms. 40.80 ms:
  // 24.5 tokens/s (35.3 until 2026-11-30, at 0.67).
  assert.equal(g.decode_tokens_per_s, 24.5);
  assert.equal(g.prefill_tokens_per_s, null);
  // It does not fit the card alone, so it is not in `items`.
  assert.ok(!ask({ hardware_id: 'rtx-4090', limit: 100 }).items.some((x) => x.model.id === 'gpt-oss-120b'));
});

test('"RTX 4090 with 64GB DDR4": DDR4\'s dual-channel 51.2 GB/s, not DDR5\'s 89.6', { skip: !hasCommitted }, () => {
  const e = ask({ hardware_id: 'RTX 4090 with 64GB DDR4', limit: 1 }).experts_in_system_ram!;
  // Dual-channel DDR4-3200: 2 x 3,200 MT/s x 8 B = 51.2 GB/s (cpu-ddr4-64gb, Wikipedia's DDR4 page).
  assert.equal(e.system_ram.bandwidth_gbs, 51.2);
  assert.match(e.system_ram.basis, /51\.2 GB\/s, Desktop CPU with dual-channel DDR4-3200 .*as the text says DDR4 and states no bandwidth/);
  const g = e.items.find((x) => x.model.id === 'gpt-oss-120b')!;
  // The same placement as beside DDR5 (27 layers of experts in RAM: memory, not speed, places them); a token's 1.428 GB
  // from RAM now takes 1.428 / (0.44 x 51.2) = 63.39 ms, plus the card's 2.59 + KV 0.37 + 36 x 45 us 1.62 = 67.97 ms:
  // 14.7 tokens/s (24.5 at DDR5's 89.6).
  assert.equal(g.llama_cpp_flags, '-ngl 99 --n-cpu-moe 27');
  assert.equal(g.decode_tokens_per_s, 14.7);
  assert.equal(ask({ hardware_id: 'RTX 4090 with 64GB DDR5', limit: 1 }).experts_in_system_ram!.system_ram.bandwidth_gbs, 89.6);
});

test('a hybrid model with its experts in RAM pays its recurrent layers as on the card alone', { skip: !hasCommitted }, () => {
  const e = ask({ hardware_id: 'RTX 4090 with 64GB DDR4', limit: 1 }).experts_in_system_ram!;
  const q = e.items.find((x) => x.model.id === 'qwen3-next-80b-a3b-instruct')!;
  // Its basis: 0.9 GB from RAM, 1.56 GB and 0.2 GB of KV from the card. By hand: 0.9 / (0.44 x 51.2) = 39.95 ms, 1.56 /
  // (0.81 x 1,008) = 1.91 ms, 0.2 / (0.82 x 1,008) = 0.24 ms, 48 layers x 45 us = 2.16 ms, and Qwen3-Next's 36 Gated
  // DeltaNet layers x 61 us = 2.20 ms: 46.46 ms, 21.5 tokens/s (22.6 without the recurrent layers).
  assert.match((q as unknown as { basis: string }).basis, /^Q6_K: 0\.9 GB of active experts a token reads from RAM, 1\.56 GB of other active weights and 0\.2 GB of KV cache/);
  assert.equal(q.decode_tokens_per_s, 21.5);
});

test('the RAM is held to the card\'s rule too: Q8_0 filling 93% of it gives way to a quantization that leaves it comfortable', { skip: !hasCommitted }, () => {
  const e = ask({ hardware_id: 'a 16GB GPU with 32GB RAM', limit: 1 }).experts_in_system_ram!;
  type Placed = { quantization: string; cpu_moe_layers: number; ram: { experts_gb: number; usable_gb: number; fit: string } };
  const q = e.items.find((x) => x.model.id === 'qwen3.5-35b-a3b') as unknown as Placed;
  // 32 GiB x 0.8 = 27.49 GB a model may take, comfortable to 85%: 23.37 GB. Qwen3.5-35B-A3B's routed experts (config.json:
  // 256 experts of 3 x 2,048 x 512 in each of 40 layers, 805.3M a layer) at Q8_0's 8.5 bits with 30 layers in RAM, as
  // the 16 GB card needs: 805,306,368 x 30 x 8.5 / 8 = 25.67 GB, tight (93%); so a lower quantization that leaves the
  // RAM comfortable is chosen, as a card-only fit prefers comfortable to tight.
  assert.notEqual(q.quantization, 'q8_0');
  assert.equal(q.ram.fit, 'comfortable');
  assert.ok(q.ram.experts_gb <= 23.37, String(q.ram.experts_gb));
  // A placement no quantization leaves comfortable says so (Qwen3-Next at Q3_K_M: 26.7 of 27.49 GB).
  const next = e.items.find((x) => x.model.id === 'qwen3-next-80b-a3b-instruct') as unknown as Placed;
  assert.equal(next.ram.fit, 'tight');
});

test('"4090 with 64GB RAM" reads the RAM from the text; no RAM stated, no section', { skip: !hasCommitted }, () => {
  const said = ask({ hardware_id: '4090 with 64GB RAM', limit: 1 }).experts_in_system_ram!;
  assert.equal(said.system_ram.read_from, 'hardware_id');
  const understood = (ask({ hardware_id: '4090 with 64GB RAM', limit: 1 }) as unknown as { understood: { interpretation: string } }).understood;
  assert.match(understood.interpretation, /64 GB of RAM is system memory, not the card's.*the 64 GB of RAM is read as system_ram_gb/);
  assert.ok(said.items.some((x) => x.model.id === 'gpt-oss-120b'));
  assert.equal(ask({ hardware_id: 'rtx-4090', limit: 1 }).experts_in_system_ram, undefined);
});

test('an unnamed card beside RAM gets its placements by memory, with no decode and no RAM bandwidth applied', { skip: !hasCommitted }, () => {
  // "a 16GB GPU with 32GB RAM" reads gpu-16gb: 16 GiB x 0.95 = 16.32 GB usable, no bandwidth (machine-memory.ts). Until
  // 2026-11-29 its section had no items ("has no memory bandwidth in the dataset") though the fit needs none.
  // Qwen3-Next-80B-A3B-Instruct, 79,674,391,296 parameters held (the MTP module left out), 77,309,411,328 of them experts.
  // Q4_K_M (4.89 bits): a layer's experts 77.309e9 x 0.61125 / 48 = 0.9845 GB, the rest 1.445 GB; 1.445 + 0.201 KV +
  // 0.75 + k x 0.9845 <= 13.87 (85% of 16.32) keeps k = 11, so 37 layers in RAM, 36.43 GB, over 32 GiB x 0.8 = 27.49.
  // Q3_K_M (3.9 bits): a layer 77.309e9 x 0.4875 / 48 = 0.7852 GB, the rest 2,364,979,968 x 0.4875 = 1.153 GB; 2.104 +
  // k x 0.7852 <= 13.87 keeps k = 14, so N = 34: 34 x 0.7852 = 26.70 GB in RAM (fits 27.49), 13.10 GB on the card.
  type Said = { experts_in_system_ram: { system_ram: Ram; not_applied: string | null; count: number; items: Array<Item & { basis: string }> } };
  const e = (ask({ hardware_id: 'a 16GB GPU with 32GB RAM', limit: 1 }) as unknown as Said).experts_in_system_ram;
  assert.equal(e.not_applied, null);
  assert.equal(e.system_ram.bandwidth_gbs, null);
  assert.match(e.system_ram.basis, /none applied: the card's own bandwidth is not known/);
  const q = e.items.find((x) => x.model.id === 'qwen3-next-80b-a3b-instruct')!;
  assert.deepEqual([q.quantization, q.llama_cpp_flags, q.vram.non_expert_weights_gb, q.vram.total_gb, q.ram.experts_gb, q.decode_tokens_per_s],
    ['q3_k_m', '-ngl 99 --n-cpu-moe 34', 1.15, 13.1, 26.7, null]);
  assert.match(q.basis, /decode not estimated: an unnamed 16 GB GPU has no memory bandwidth .* name the card in hardware_id/);
  // The entry's line says both levels, worked from the figures above: the card 13.10 / 16.32 = 80% (comfortable, under
  // 85%), the RAM 26.70 / 27.49 = 97% (tight, over 85%), so a full RAM is not read from `fit` alone.
  assert.match(q.basis, /; the card 13\.1 of 16\.32 GB \(80%, comfortable\), the RAM 26\.7 of 27\.49 GB \(97%, tight\); /);
  assert.match((ask({ hardware_id: 'a 16GB GPU with 32GB RAM', limit: 1 }).experts_in_system_ram as unknown as { method: string }).method,
    /held to the card's rule \(ram\.fit: comfortable <= 85%, tight <= 100%\)/);
  // Two cards beside RAM: the reading says no model is placed there and where the answer says why.
  const two = ask({ hardware_id: '2x RTX 3090 with 64GB RAM', limit: 1 }) as unknown as { understood: { interpretation: string } };
  assert.match(two.understood.interpretation, /not the cards'.*no model is placed with its experts there: experts_in_system_ram.not_applied says why/);
});

test('dense models never; experts that do not fit the RAM are left out; unified memory gets none', { skip: !hasCommitted }, () => {
  // 256 GB of RAM would hold Llama 3.3 70B at any format, but a dense model reads every weight a token: never placed so.
  assert.ok(committed().modelById.get('llama-3.3-70b-instruct'));
  const big = ask({ hardware_id: 'rtx-4090', system_ram_gb: 256, limit: 1 }).experts_in_system_ram!;
  assert.ok(!big.items.some((x) => x.model.id === 'llama-3.3-70b-instruct' || x.model.id === 'llama-3.1-70b-instruct'));
  // 16 GB: 16 GiB x 0.8 = 13.74 GB, under gpt-oss-120b's 45.69 GB of experts at the least N.
  const small = ask({ hardware_id: 'rtx-4090', system_ram_gb: 16, limit: 1 }).experts_in_system_ram!;
  assert.ok(!small.items.some((x) => x.model.id === 'gpt-oss-120b'));
  // Unified memory, or more than one sequence: no model is assessed, and the section says why (not dropped unsaid).
  const mac = ask({ hardware_id: 'm4-max-128gb', system_ram_gb: 64, limit: 1 }).experts_in_system_ram as unknown as { count: number; not_applied: string };
  assert.deepEqual([mac.count, /has unified memory/.test(mac.not_applied)], [0, true]);
  const four = ask({ hardware_id: 'rtx-4090', system_ram_gb: 64, concurrency: 4, limit: 1 }).experts_in_system_ram;
  assert.equal(four?.items.length, 0);
});

test('Qwen3-30B-A3B is listed on an RTX 4070 (12 GB) beside 32 GB of RAM', { skip: !hasCommitted }, () => {
  const e = ask({ hardware_id: 'rtx-4070', system_ram_gb: 32, limit: 1 }).experts_in_system_ram!;
  const q = e.items.find((x) => x.model.id === 'qwen3-30b-a3b');
  assert.ok(q, 'qwen3-30b-a3b listed');
  assert.ok(q.ram.experts_gb <= e.system_ram.usable_gb && q.vram.total_gb <= q.vram.usable_gb);
});

test('published offload runs against the estimate (docs/hardware-and-cost.md, "Experts in system RAM")', { skip: !hasCommitted }, () => {
  // The runs whose card, CPU and RAM are stated are data/curated/speed-measurements.csv's `offload` rows, each pinned in
  // src/engines/calibration-offload.test.ts; these two are worked by hand through the placement's own figures.
  const facts = (id: string) => modelFacts(committed().models.find((m) => m.id === id)!) as ModelFacts;
  const q = (id: string) => QUANTIZATIONS.find((x) => x.id === id)!;
  const card = (accelerator: string, bandwidth: number) => ({ accelerator, count: 1, bandwidth_gbs: { value: bandwidth } }) as unknown as Hardware;
  // gokawiil.com/article/74814 (a Reddit post): gpt-oss-120b --cpu-moe (36 of 36), i9-14900K, an 8 GB card, 25.62 tokens/s.
  // Not tabled: neither the card nor the RAM's speed is stated. At the default 89.6 GB/s, on an RTX 3060 Ti (448 GB/s), by
  // hand: 1.904 GB / (0.44 x 89.6 = 39.42 GB/s) = 48.30 ms + 1.643 GB / (0.81 x 448) = 4.53 ms + 1.62 ms = 54.45 ms:
  // 18.4 tokens/s, 0.72x the run (a 14900K beside DDR5 faster than the default would read closer).
  const e = offloadTokensPerSecond(facts('gpt-oss-120b'), q('mxfp4'), card('NVIDIA GeForce RTX 3060 Ti', 448), 89.6, 36)!;
  assert.ok(Math.abs(e - 18.4) < 0.05, `${e}`);
  // llama.cpp discussion 15396: gpt-oss-20b -cmoe (24 of 24) on an RX 7900 XT (800 GB/s, ROCm: 0.67 of it) beside
  // dual-channel DDR4-3200 (2 x 3,200 x 8 = 51.2 GB/s), ~20 tokens/s. By hand: the published 12.1 GB file is 1.0357x
  // 20.91e9 x 4.47 / 8 = 11.683 GB, so a token reads 3.61e9 x 5.69 / 8 x 1.0357 = 2.6593 GB (5.69 bits: its own 2.389B
  // of experts at 4.25 and 1.221B at 8.5), of which its 4 experts x 24 layers x 3 x 2,880 x 2,880 at 4.25 bits = 1.2690
  // GB, all from RAM: 1.2690 / (0.44 x 51.2) = 56.33 ms; the other 1.3903 GB / (0.67 x 800) = 2.59 ms; 24 x 45 us =
  // 1.08 ms. 60.00 ms: 16.7 tokens/s, 0.83x the run.
  const r = offloadTokensPerSecond(facts('gpt-oss-20b'), q('mxfp4'), card('AMD Radeon RX 7900 XT', 800), 51.2, 24)!;
  assert.ok(Math.abs(r - 16.67) < 0.01, `${r}`);
});

test('RAM said in the text is held to system_ram_gb\'s range; RAM given where the placement is not assessed says why', { skip: !hasCommitted }, () => {
  for (const text of ['4090 with 99999GB RAM', '4090 with 0GB RAM']) {
    assert.throws(() => ask({ hardware_id: text }), (e: { code?: string; message?: string }) =>
      e.code === 'invalid_parameter' && /system RAM must be from 1 to 4096 GB/.test(e.message ?? ''), text);
  }
  type Said = { experts_in_system_ram?: { not_applied: string | null; count: number } };
  const at4 = ask({ hardware_id: 'rtx-4090', system_ram_gb: 64, concurrency: 4 }) as unknown as Said;
  assert.deepEqual([at4.experts_in_system_ram?.count, at4.experts_in_system_ram?.not_applied],
    [0, 'concurrency 4: only one sequence (concurrency 1) is assessed with experts in RAM']);
  const two = ask({ hardware_id: 'rtx-4090-x2', system_ram_gb: 64 }) as unknown as Said;
  assert.match(two.experts_in_system_ram?.not_applied ?? '', /has 2 devices: only one discrete GPU beside the RAM is assessed/);
  const one = ask({ hardware_id: 'rtx-4090', system_ram_gb: 64 }) as unknown as Said;
  assert.equal(one.experts_in_system_ram?.not_applied, null);
});

test('MiniMax-M2 beside 256 GB: the card holds the non-expert weights its configuration counts, not 230B less the experts', { skip: !hasCommitted }, () => {
  // config.json (data/curated/model-architecture.csv): 62 layers, hidden 3,072, 48 Q / 8 KV heads of 128, 256 experts of
  // width 1,536, vocabulary 200,064, no shared expert. Experts: 256 x 62 x 3 x 3,072 x 1,536 = 224.680B. The rest:
  // embeddings and head 2 x 200,064 x 3,072 = 1.229B, attention 62 x 2 x 56 x 128 x 3,072 = 2.730B, routers 62 x 256 x
  // 3,072 = 0.049B: 4.008B, 228.689B in all, within the card's "230B" rounding. At Q6_K's 6.56 bits: 3.29 GB, where
  // 230B - 224.680B = 5.320B would have put 4.36 GB on the card.
  const e = ask({ hardware_id: 'rtx-3090', system_ram_gb: 256, limit: 100 }).experts_in_system_ram!;
  const m = e.items.find((x) => x.model.id === 'minimax-m2')!;
  assert.equal(m.quantization, 'q6_k');
  assert.equal(m.vram.non_expert_weights_gb, 3.29);
});

test('Qwen3-Next Thinking and Instruct, one checkpoint shape, get one placement on an RTX 4090 beside 64 GB', { skip: !hasCommitted }, () => {
  // Both totals are the checkpoint's 81,324,862,720 (data/curated/model-architecture.csv; the card's 80B is its rounding),
  // of which the mtp.* module's 1,650,471,424 is in no GGUF (llama.cpp's converter: "ignore MTP layers for now"), so
  // llama.cpp holds 79,674,391,296 (llama-bench's "79.67 B"). Experts: 512 x 48 layers x 3 x 2,048 x 512 =
  // 77,309,411,328; the rest 2,364,979,968. At Q6_K's 6.56 bits (0.82 bytes): 1.939 GB on the card; a layer's experts
  // 77,309,411,328 x 0.82 / 48 = 1.3207 GB. KV 0.20 GB and 0.75 GB of buffers: 2.889 + k x 1.3207 <= 20.81 (85% of
  // 24.48) keeps k = 13 (20.06; 14 would be 21.38), so N = 35 and 13 x 1.3207 = 17.17 GB of experts on the card. Until
  // 2026-11-29 the MTP module was counted on the card: 4,015,451,392 x 0.82 = 3.29 GB, k = 12, N = 36, 15.85 GB of
  // experts (and before that Thinking read the card's 80B: 2.21 GB where its twin put 3.30 GB).
  const items = ask({ hardware_id: 'rtx-4090', system_ram_gb: 64, limit: 100 }).experts_in_system_ram!.items;
  const twins = ['qwen3-next-80b-a3b-thinking', 'qwen3-next-80b-a3b-instruct'].map((id) => items.find((x) => x.model.id === id)!);
  for (const t of twins) {
    assert.deepEqual([t.quantization, t.llama_cpp_flags, t.vram.non_expert_weights_gb, t.vram.experts_gb], ['q6_k', '-ngl 99 --n-cpu-moe 35', 1.94, 17.17], t.model.id);
  }
});

test('GLM-4.7 keeps its 3 dense layers on the card: 89 MoE layers, not 92', { skip: !hasCommitted }, () => {
  // config.json first_k_dense_replace 3 (data/curated/model-architecture.csv). llama.cpp's loader skips the NextN layer
  // (TENSOR_SKIP): of the repo's 358,337,791,296 it holds 352,797,829,024 (less the NextN layer's 3,988,069,792 and its
  // own embedding and head, 1,551,892,480). At Q4_K_M's 4.89 bits: 352,797,829,024 x 4.89 / 8 = 215.648 GB; a layer's
  // experts 160 x 3 x 5,120 x 1,536 = 3,774,873,600 parameters, 2.3074 GB. Non-expert: 215.648 - 89 x 2.3074 = 10.29
  // GB. On a 3090: 10.29 + 3.09 KV + 0.75 + k x 2.3074 <= 20.81 keeps k = 2 (19.75; 3 would be 22.06), so 87 of the 89
  // layers' experts in RAM: 87 x 2.3074 = 200.74 GB. Until 2026-11-29 the NextN layer was counted on the card (the file
  // 358,337,791,296 x 4.89 / 8 = 219.034 GB less 89 x 2.3074: 13.68 GB, N = 88, 203.05 GB in RAM), and before that as 92
  // MoE layers (6.76 GB).
  const g = ask({ hardware_id: 'rtx-3090', system_ram_gb: 256, limit: 100 }).experts_in_system_ram!.items.find((x) => x.model.id === 'glm-4.7')!;
  assert.deepEqual([g.quantization, g.llama_cpp_flags, g.vram.non_expert_weights_gb, g.ram.experts_gb], ['q4_k_m', '-ngl 99 --n-cpu-moe 87', 10.29, 200.74]);
});

test('a server beside RAM with no bandwidth stated is not assessed at a desktop\'s bandwidth; with one stated it is', { skip: !hasCommitted }, () => {
  // h100-80gb-x1 is class server in data/curated/hardware-configs.csv. Twelve DDR5-4800 channels: 12 x 4,800 MT/s x 8 bytes
  // = 460.8 GB/s (the DDR5 arithmetic of the desktop default's 2 x 5,600 x 8 = 89.6), five times the desktop's.
  type Said = { experts_in_system_ram?: { not_applied: string | null; count: number; system_ram: Ram } };
  const bare = ask({ hardware_id: 'h100-80gb-x1', system_ram_gb: 2048 }) as unknown as Said;
  assert.equal(bare.experts_in_system_ram?.count, 0);
  assert.match(bare.experts_in_system_ram?.not_applied ?? '', /a server's RAM bandwidth depends on its memory channels .* give system_ram_bandwidth_gbs/);
  // The desktop default (89.6) was not applied, so it is not shown as the RAM's bandwidth (until 2026-11-29 it was,
  // beside a not_applied saying it was not used).
  assert.equal(bare.experts_in_system_ram?.system_ram.bandwidth_gbs, null);
  assert.match(bare.experts_in_system_ram?.system_ram.basis ?? '', /bandwidth not stated: 89.6 GB\/s is the desktop default .* not applied/);
  const stated = ask({ hardware_id: 'h100-80gb-x1', system_ram_gb: 2048, system_ram_bandwidth_gbs: 460.8 }) as unknown as Said;
  assert.equal(stated.experts_in_system_ram?.not_applied, null);
  assert.equal(stated.experts_in_system_ram?.system_ram.bandwidth_gbs, 460.8);
  assert.ok((stated.experts_in_system_ram?.count ?? 0) > 0, 'MoE models too large for 80 GB are placed with their experts in 2 TiB of RAM');
  // A desktop card keeps the desktop default: the RTX 4090 case above is unchanged.
  assert.equal((ask({ hardware_id: 'rtx-4090', system_ram_gb: 64 }) as unknown as Said).experts_in_system_ram?.not_applied, null);
});
