// Every catalogued accelerator, named as people write it, with and without a count, reads as its own configuration.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { loadDataset } from '../dataset/load.ts';
import { isRefusal, resolveMachine } from './machine.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const real = existsSync(DEFAULT_DATA_DIR) ? loadDataset(DEFAULT_DATA_DIR) : undefined;
const skip = !real;

/** The curated table the configurations are built from: the expected id and count of each row. */
type Row = { id: string; count: string; unified_memory: string };
const rows = (parse(readFileSync(path.resolve(here, '../../data/curated/hardware-configs.csv'), 'utf8'), { columns: true }) as Row[]);
const curated = new Map(rows.map((r) => [r.id, { count: Number(r.count), unified: r.unified_memory === 'true' }]));

const COUNT_WORDS: Record<number, string[]> = { 1: ['a single', 'one'], 2: ['two', 'dual'], 4: ['four', 'quad'], 8: ['eight'] };
const BRANDS = /\b(NVIDIA|GeForce|AMD|Radeon|Instinct|Intel|Apple|Tesla)\b/g;

/** `NVIDIA GeForce RTX 4070 Ti SUPER 16GB` -> `RTX 4070 Ti SUPER 16GB`; `AMD Instinct MI300X` -> `MI300X`. */
const short = (accelerator: string) => accelerator.replace(/\([^)]*\)/g, ' ').replace(BRANDS, ' ').replace(/\s+/g, ' ').trim();
const hasSize = (name: string) => /\d\s*GB\b/i.test(name);

/** The ways a count is written before (or after) a name. */
function counted(n: number, name: string): string[] {
  if (n === 1) return [name, ...COUNT_WORDS[1].map((w) => `${w} ${name}`), `1x ${name}`];
  return [`${n}x ${name}`, `${n} x ${name}`, `${n}x${name}`, `${name} x${n}`, ...(COUNT_WORDS[n] ?? []).map((w) => `${w} ${name}`)];
}

test('every catalogued accelerator, named with and without a count and with its size, is read as its own configuration', { skip }, (t) => {
  const failures: string[] = [];
  let checked = 0;
  for (const h of real!.hardware) {
    const row = curated.get(h.id);
    assert.ok(row, `${h.id} is a row of hardware-configs.csv`);
    // Ids the curated table gives, per device size from the row's own figures: 4 x L40S is 4 x 48 GB.
    const perDevice = Math.round(h.memory_gb.value / row.count);
    const names = [h.accelerator, short(h.accelerator)];
    // `4080 SUPER` is written `4080S` and `4080 S`.
    const name = short(h.accelerator);
    if (/ SUPER\b/.test(name)) names.push(name.replace(/ SUPER\b/, 'S'), name.replace(/ SUPER\b/, ' S'));
    const texts = names.flatMap((n) => {
      const sized = hasSize(n) ? n : `${n} ${perDevice}GB`;
      return row.unified ? [sized, `a single ${sized}`] : counted(row.count, sized);
    });
    for (const t of texts) {
      checked++;
      const r = resolveMachine(real!, t);
      const got = isRefusal(r) ? `refused (${r.refused}: ${r.message})` : r.value;
      if (got !== h.id) failures.push(`"${t}" -> ${got}, expected ${h.id}`);
    }
  }
  assert.deepEqual(failures, [], `${failures.length} of ${checked} phrases misread`);
  assert.ok(checked > 600, `a phrase table over the whole catalogue (${checked})`);
  t.diagnostic(`${checked} phrases over ${real!.hardware.length} configurations`);
});

test('a name without its size is its own device or refused with it among the candidates, never another device', { skip }, () => {
  const failures: string[] = [];
  for (const h of real!.hardware) {
    const row = curated.get(h.id)!;
    if (row.unified) continue;
    for (const t of counted(row.count, short(h.accelerator).replace(/\s*\d+\s*GB\b/i, ''))) {
      const r = resolveMachine(real!, t);
      if (!isRefusal(r)) {
        if (r.value !== h.id && r.hardware?.accelerator !== h.accelerator) failures.push(`"${t}" -> ${r.value}, expected ${h.id}`);
      } else if (r.refused !== 'ambiguous' || !r.candidates.some((id) => real!.hardwareById.get(id)?.accelerator === h.accelerator)) {
        failures.push(`"${t}" -> refused (${r.refused}: ${r.message}) without ${h.id}'s device among the candidates`);
      }
    }
  }
  assert.deepEqual(failures, []);
});

function ok(text: string) {
  const r = resolveMachine(real!, text);
  assert.ok(!isRefusal(r), `${text}: refused: ${isRefusal(r) ? r.message : ''}`);
  return r;
}

test('an S that is part of a name is never a plural: "4x L40S" is four L40S, not four L40', { skip }, () => {
  // NVIDIA's data sheets: L40S 362 TFLOPS dense FP16 tensor, L40 181; both 48 GB GDDR6 at 864 GB/s.
  for (const t of ['4x L40S', '4 x L40S', 'four L40S', '4xL40S', '4 L40S', 'quad L40S', '4x L40S 48GB']) {
    const m = ok(t);
    assert.deepEqual([m.value, m.hardware?.accelerator, m.hardware?.compute_tflops?.value], ['l40s-x4', 'NVIDIA L40S', 362.05], t);
    assert.ok(m.hardware?.rental, `${t}: the L40S's own rental is joined`);
  }
  assert.equal(ok('2x L40S').value, 'l40s-x2');
  assert.equal(ok('L40').value, 'l40');
  assert.equal(ok('4x L40').hardware?.accelerator, 'NVIDIA L40', 'the L40 stays the L40');
  // `4080S`, `RTX 4080 S`, `4070 Ti S`: the S is SUPER (NVIDIA: RTX 4080 SUPER 736 GB/s; RTX 4080 716.8 GB/s).
  for (const t of ['4080S', 'RTX 4080 S', 'RTX 4080 SUPER']) assert.equal(ok(t).value, 'rtx-4080-super', t);
  for (const t of ['4070 Ti S', '4070 TiS', 'RTX 4070 Ti SUPER']) assert.equal(ok(t).value, 'rtx-4070-ti-super', t);
  assert.equal(ok('RTX 4080').value, 'rtx-4080');
  // Where the plural reading would be another catalogued device, the reading says so and how to name that one.
  assert.match(ok('my 4080s').interpretation, /never as a plural: for the NVIDIA GeForce RTX 4080, write "4080" without the S/);
  // A lower-case s after a count of two or more is the plural people write (`two 4080s`); `2x 4080S` stays SUPER.
  assert.deepEqual([ok('two 4080s').value, ok('2x 4080s').value, ok('2x 4080S').value], ['rtx-4080-x2', 'rtx-4080-x2', 'rtx-4080-super-x2']);
  assert.match(ok('4 L40s').interpretation, /for the NVIDIA L40, write "l40"/);
  // Other letters of names: A10G is AWS's A10 variant; MI300X's X is not a count (`MI300X 192GB`, not `x 192`).
  assert.deepEqual([ok('4x A10G').value, ok('A10').value, ok('A10G').value], ['a10g-x4', 'a10', 'a10g']);
  assert.deepEqual([ok('MI300X 192GB').value, ok('8xMI300X').value, ok('MI300X x 8').value], ['mi300x-x1', 'mi300x-x8', 'mi300x-x8']);
  // A plural of a lettered name keeps its count (this used to fall back to the id `a10g` named inside the text).
  assert.deepEqual([ok('4 A10Gs').value, ok('two L40Ss').value, ok('2x MI300Xs').value], ['a10g-x4', 'l40s-x2', 'mi300x-x2']);
  // A plain plural is still a plural.
  assert.deepEqual([ok('8 H100s').value, ok('two 3090s').value], ['h100-80gb-x8', 'rtx-3090-x2']);
  // M3 Max is not an M3 (Apple: M3 Max 400 GB/s, M3 100 GB/s).
  assert.equal(ok('M3 Max 64GB').hardware?.accelerator, 'Apple M3 Max (40-core GPU)');
  assert.equal(ok('M3 16GB').hardware?.accelerator, 'Apple M3');
});

test('words of a name that are not a count or a CPU: core counts, memory channels, SXM, a count after the number', { skip }, () => {
  // `16-core CPU` is the M4 Max's CPU, not a CPU-only machine; `dual-channel` is two memory channels, not two devices.
  assert.equal(ok('Apple M4 Max (16-core CPU / 40-core GPU) 128GB').value, 'm4-max-128gb');
  assert.equal(ok('CPU with dual-channel DDR5 64GB').value, 'cpu-ddr5-64gb');
  assert.equal(ok('H100 SXM').value, 'h100-80gb-x1');
  assert.deepEqual([ok('rtx 3090 x 2').value, ok('4x4090').value], ['rtx-3090-x2', 'rtx-4090-x4']);
  assert.deepEqual([ok('16 x 24GB GPU').value, ok('16 x H100').hardware?.count], ['gpu-24gb-x16', 16], 'a count of 16 stays a count');
});

test('GPU and VRAM words say the memory is a discrete GPU\'s (0.95 usable), beside "laptop" too', { skip }, () => {
  // The usable shares the dataset documents: 0.95 for a discrete GPU (its own memory), 0.75 for unified memory.
  for (const t of ['16 GB laptop GPU', '16GB VRAM laptop', 'laptop GPU with 16GB']) {
    const m = ok(t);
    const h = m.hardware!;
    assert.deepEqual([m.value, h.class, h.unified_memory, h.usable_fraction.value], ['laptop-gpu-16gb', 'laptop', false, 0.95], t);
    // 16 GiB x 0.95 = 16 x 1.073741824 x 0.95 = 16.32 GB of 1e9 bytes.
    assert.match(m.interpretation, /16 GB x 0.95 usable = 16\.32 GB \(memory sizes are binary/, t);
    assert.match(m.interpretation, /rtx-4090-laptop/, `${t}: the catalogued 16 GB laptop GPUs are offered`);
  }
  const eight = ok('laptop with 8 GB VRAM');
  assert.deepEqual([eight.value, eight.hardware?.usable_fraction.value], ['laptop-gpu-8gb', 0.95]);
  assert.equal(ok('16 GB GPU').hardware?.usable_fraction.value, 0.95);
  // A Mac's memory is unified whatever is said; a laptop with no GPU word is of unknown kind (the lowest share).
  assert.deepEqual([ok('MacBook 16GB').value, ok('MacBook 16GB').hardware?.usable_fraction.value], ['mac-16gb', 0.75]);
  assert.deepEqual([ok('16GB laptop').value, ok('16GB laptop').hardware?.usable_fraction.value], ['laptop-16gb', 0.75]);
  // System RAM beside a GPU's memory: the GPU's is where the weights go; beside a named card it picks no size.
  const both = ok('laptop with 16 GB RAM and 8 GB VRAM');
  assert.deepEqual([both.value, both.hardware?.memory_gb.value], ['laptop-gpu-8gb', 8]);
  assert.match(both.interpretation, /16 gb ram set aside/);
  const card = ok('RTX 4090 laptop, 32GB RAM');
  assert.equal(card.value, 'rtx-4090-laptop');
  assert.match(card.interpretation, /32 GB of RAM is system memory/);
  assert.equal(ok('M3 Max 64GB RAM').value, 'm3-max-64gb', 'on a Mac the RAM is the unified memory');
});

test('a machine stated by its memory alone gets a short name that reads inside a sentence', { skip }, () => {
  // Answers write the name inside sentences followed by the id in brackets ("Runs on your machine, <name> (gpu-16gb)"),
  // so it carries no brackets of its own and takes its article.
  const cases: Array<[string, string, string]> = [
    ['16 GB GPU', 'gpu-16gb', 'an unnamed 16 GB GPU'],
    ['2x 24GB GPU', 'gpu-24gb-x2', '2 unnamed 24 GB GPUs'],
    ['16 GB laptop GPU', 'laptop-gpu-16gb', 'an unnamed 16 GB laptop GPU'],
    ['64 GB Mac', 'mac-64gb', 'an unnamed 64 GB Mac'],
    ['128 GB unified memory', 'unified-128gb', 'an unnamed 128 GB unified-memory machine'],
    ['16GB laptop', 'laptop-16gb', 'an unnamed 16 GB laptop'],
  ];
  for (const [text, id, name] of cases) {
    const m = ok(text);
    assert.deepEqual([m.value, m.hardware?.name], [id, name], text);
    assert.ok(m.interpretation.startsWith(`read as ${name}: `), m.interpretation);
    assert.match(m.interpretation, /and no speed is estimated/, text);
  }
  // 2 x 24 GiB x 0.95 = 48 x 1.073741824 x 0.95 = 48.96 GB of 1e9 bytes.
  assert.match(ok('2x 24GB GPU').interpretation,
    /^read as 2 unnamed 24 GB GPUs: no device named, so fits are checked on 48 GB x 0\.95 usable = 48\.96 GB/);
  // A laptop with no GPU word: its memory kind is unknown too, which is why the lowest share (0.75) is read.
  assert.match(ok('16GB laptop').interpretation,
    /^read as an unnamed 16 GB laptop: neither the device nor the kind of memory named, so fits /);
});
