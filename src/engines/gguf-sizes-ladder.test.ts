// Tests of a ladder with some published rungs: the order a 24 GB card owner relies on (a larger quantization is never
// smaller), the figures and their words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aModel, f } from '../dataset/fixtures.ts';
import type { GgufFile, Model } from '../schema/index.ts';
import { QUANTIZATIONS, type QuantizationId } from './constants.ts';
import { publishedSizes, weightsBasis, weightsFor } from './gguf-sizes.ts';

const q = (id: QuantizationId) => QUANTIZATIONS.find((x) => x.id === id)!;
const PARAMS = 31_577_937_344; // nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16 (data/curated/model-architecture.csv)
const URL = 'https://huggingface.co/bartowski/nvidia_Nemotron-3-Nano-30B-A3B-GGUF';
// bartowski's Q4_K_M: 24,655,899,872 bytes (Hugging Face API tree listing; data/curated/gguf-file-sizes.csv).
const nemotron = (files: Array<[GgufFile['quantization'], number]>): Model => aModel({
  id: 'nemotron-3-nano-30b-a3b', open_weights: f(true), parameters_total: f(PARAMS),
  gguf_files: files.map(([quantization, size_gb]) =>
    f({ quantization, file: `nvidia_Nemotron-3-Nano-30B-A3B-${quantization.toUpperCase()}.gguf`, size_gb, url: URL }, 'gguf-file-sizes', '2026-11-28')),
});
const gb = (bytes: number) => Math.round(bytes / 1e7) / 100;
const LADDER: QuantizationId[] = ['q3_k_m', 'q4_k_m', 'q5_k_m', 'q6_k', 'q8_0'];

test('Nemotron-3-Nano with only its Q4_K_M file: no larger quantization reads smaller, each rung scaled by the file', () => {
  const published = publishedSizes(nemotron([['q4_k_m', 24.655899872]]));
  const sizes = LADDER.map((id) => gb(weightsFor(PARAMS, q(id), published)));
  // By hand: flat Q4_K_M = 31.578e9 x 4.89 / 8 = 19.30 GB; the file's ratio 24.656 / 19.302 = 1.2774.
  // Q3_K_M 15.394 x 1.2774 = 19.66; Q5_K_M 22.499 x 1.2774 = 28.74 (flat alone: 22.50, under the 24.66 file);
  // Q6_K 25.894 x 1.2774 = 33.08; Q8_0 stays flat, 31.578e9 x 8.5 / 8 = 33.55 (42.86 scaled: above its own flat).
  assert.deepEqual(sizes, [19.66, 24.66, 28.74, 33.08, 33.55]);
  assert.ok(sizes.every((s, i) => i === 0 || sizes[i - 1]! < s));
});

test('the scaled figure says it is an estimate and whose file it scales', () => {
  const published = publishedSizes(nemotron([['q4_k_m', 24.655899872]]));
  const basis = weightsBasis(q('q5_k_m'), published);
  assert.match(basis, /^weights Q5_K_M = 28\.74 GB, an estimate: parameters x 5\.7 bits per weight \/ 8 x 1\.277, the ratio of the published Q4_K_M file \(24\.66 GB\)/);
  assert.match(basis, /read 2026-11-28\)$/);
  assert.equal(weightsBasis(q('q4_k_m'), published), `weights Q4_K_M = 24.66 GB, the published file nvidia_Nemotron-3-Nano-30B-A3B-Q4_K_M.gguf (${URL}, read 2026-11-28)`);
});

test('a ladder that reads in order keeps its flat figures: Qwen2.5-72B with Q4_K_M and Q3_K_M files', () => {
  // bartowski/Qwen2.5-72B-Instruct-GGUF: Q4_K_M 47.42 GB, Q3_K_M 37.70 GB; flat Q5_K_M = 72.706e9 x 5.7 / 8 = 51.80 GB.
  const qwen = aModel({
    id: 'qwen2-5-72b-instruct', parameters_total: f(72_706_203_648),
    gguf_files: [f({ quantization: 'q4_k_m', file: 'a.gguf', size_gb: 47.42, url: URL }, 'gguf-file-sizes', '2026-11-26'),
      f({ quantization: 'q3_k_m', file: 'b.gguf', size_gb: 37.7, url: URL }, 'gguf-file-sizes', '2026-11-26')],
  });
  const published = publishedSizes(qwen);
  assert.equal(weightsFor(72_706_203_648, q('q5_k_m'), published), (72_706_203_648 * 5.7) / 8);
  assert.match(weightsBasis(q('q5_k_m'), published), /no published file size for this model/);
});
