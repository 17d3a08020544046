// Every catalogued accelerator, named as people write it, with and without a count, reads as its own configuration.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { isRefusal, resolveMachine } from './machine.ts';
import { appleBaseBin } from './machine-bins.ts';
import { onFabric } from './machine-link.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const real = existsSync(DEFAULT_DATA_DIR) ? committedDataset() : undefined;
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
    // One Apple chip in two GPU bins at this size (M4 Pro 16- and 20-core): its short name, without the core count, is
    // the base bin (machine-bins.ts); its full name, with the count, is its own.
    const twins = real!.hardware.filter((x) => short(x.accelerator) === name && x.memory_gb.value === h.memory_gb.value);
    const base = appleBaseBin(twins)?.base.id ?? h.id;
    for (const t of texts) {
      checked++;
      const r = resolveMachine(real!, t);
      const got = isRefusal(r) ? `refused (${r.refused}: ${r.message})` : r.value;
      const expected = t.includes('(') ? h.id : base;
      if (got !== expected) failures.push(`"${t}" -> ${got}, expected ${expected}`);
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
  // A count of 16 stays a count: 16 unnamed cards read; 16 RTX 4090s read (PCIe cards, said to be past a typical host);
  // 16 H100 SXM modules are two 8-GPU HGX boards, refused as a count (machine-nodes.test.ts), not read as another device.
  assert.deepEqual([ok('16 x 24GB GPU').value, ok('16 x 4090').hardware?.count], ['gpu-24gb-x16', 16], 'a count of 16 stays a count');
  const h100s = resolveMachine(real!, '16 x H100');
  assert.ok(isRefusal(h100s) && /16 x NVIDIA H100 SXM5 80GB is more than one machine/.test(h100s.message));
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
  // A laptop of unstated memory kind takes the lowest catalogued share, Metal's two-thirds, said to four places:
  // 8 GiB x 2/3 = 8 x 1.073741824 / 1.5 = 5.73 GB.
  assert.match(ok('gaming laptop 8gb').interpretation, /8 GB x 0\.6667 usable = 5\.73 GB/);
  const eight = ok('laptop with 8 GB VRAM');
  assert.deepEqual([eight.value, eight.hardware?.usable_fraction.value], ['laptop-gpu-8gb', 0.95]);
  assert.equal(ok('16 GB GPU').hardware?.usable_fraction.value, 0.95);
  // A Mac's memory is unified whatever is said; Metal's default gives the GPU 2/3 of a Mac of 32 GB or less (10922.67
  // MiB of a 16 GB M1 Pro, llama-cpp-python#687) and 3/4 above (48 of 64 GB, Rapid-MLX#183). A laptop with no GPU word
  // is of unknown kind: the lowest share, a small Mac's.
  assert.deepEqual([ok('MacBook 16GB').value, ok('MacBook 16GB').hardware?.usable_fraction.value], ['mac-16gb', 2 / 3]);
  assert.deepEqual([ok('64 GB Mac').value, ok('64 GB Mac').hardware?.usable_fraction.value], ['mac-64gb', 0.75]);
  assert.deepEqual([ok('16GB laptop').value, ok('16GB laptop').hardware?.usable_fraction.value], ['laptop-16gb', 2 / 3]);
  // System RAM beside a GPU's memory: the GPU's is where the weights go; beside a named card it picks no size.
  const both = ok('laptop with 16 GB RAM and 8 GB VRAM');
  assert.deepEqual([both.value, both.hardware?.memory_gb.value], ['laptop-gpu-8gb', 8]);
  assert.match(both.interpretation, /; 16 gb ram: system memory, not the GPU's \(fits use the GPU's memory; only models_for_hardware and recommend_model read the RAM\)/);
  assert.doesNotMatch(both.interpretation, /set aside/, 'models_for_hardware reads that RAM: it is not set aside');
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
  // A laptop with no GPU word: its memory kind is unknown too, which is why the lowest share (a small Mac's 2/3) is read.
  assert.match(ok('16GB laptop').interpretation,
    /^read as an unnamed 16 GB laptop: neither the device nor the kind of memory named, so fits /);
});

test('every catalogued multi-card configuration, named with a link (NVLink, NVSwitch, a bridge), keeps its count', { skip }, (t) => {
  const failures: string[] = [];
  let checked = 0;
  for (const h of real!.hardware) {
    const row = curated.get(h.id)!;
    if (row.count < 2) continue;
    const name = short(h.accelerator);
    const sized = hasSize(name) ? name : `${name} ${Math.round(h.memory_gb.value / row.count)}GB`;
    const texts = [`${row.count}x ${sized} NVLink`, `${row.count} x ${sized} with NVLink`, `${sized} x${row.count} NVSwitch`,
      `${row.count}x ${sized} (NV-Link bridge)`, ...(COUNT_WORDS[row.count] ?? []).map((w) => `${w} ${sized} nvlink`)];
    // A bridge joins PCIe cards (accelerator-nvlink.csv: bridge on the RTX 3090, A6000, A100 PCIe, H100 PCIe and NVL);
    // a module on its board (an SXM module, an AMD Instinct) takes none: that phrase is refused, never read as it.
    const noBridge = onFabric(h) && h.nvlink?.value !== 'bridge';
    for (const text of texts) {
      checked++;
      const r = resolveMachine(real!, text);
      if (noBridge && /bridge/.test(text)) {
        if (!isRefusal(r) || !/a bridge joins PCIe cards/.test(r.message)) failures.push(`"${text}": a module takes no bridge, read`);
        continue;
      }
      if (isRefusal(r)) failures.push(`"${text}" -> refused (${r.refused}: ${r.message}), expected ${h.id}`);
      else if (r.value !== h.id) failures.push(`"${text}" -> ${r.value}, expected ${h.id}`);
      else if (!/NVLink|NVSwitch/.test(r.interpretation)) failures.push(`"${text}": the link is not mentioned in "${r.interpretation}"`);
    }
  }
  assert.deepEqual(failures, [], `${failures.length} of ${checked} phrases misread`);
  // hardware-configs.csv has 32 rows of 2, 4 or 8 cards (13, 12 and 7): 4 phrasings each, plus the count words
  // (two, dual; four, quad; eight): 32 x 4 + 13 x 2 + 12 x 2 + 7 = 185.
  assert.ok(checked >= 185, `a phrase table over every multi-card configuration (${checked})`);
  t.diagnostic(`${checked} link phrases`);
});

/**
 * Phrasings an expert read found misread, and their neighbours, with what each must be: [text, value, configuration
 * checked on, memory in GB]. Memory per hardware-configs.csv and the vendors' sheets: RTX 3090 and 4090 24 GB a card,
 * H100 SXM 80 GB a module, the RTX 4070 Laptop GPU 8 GB, the RTX 4060 Laptop GPU 8 GB.
 */
const EXPERT_PHRASES: Array<[string, string, string, number]> = [
  ['2x RTX 3090 NVLink', 'rtx-3090-x2', 'rtx-3090-x2', 48],
  ['2 x RTX 3090 (NVLink)', 'rtx-3090-x2', 'rtx-3090-x2', 48],
  ['2x RTX 4090 NVLink', 'rtx-4090-x2', 'rtx-4090-x2', 48],
  ['2x 3090 nvlink', 'rtx-3090-x2', 'rtx-3090-x2', 48],
  ['2x H100 NVLink', 'h100-80gb-x2', 'h100-80gb-x2', 160],
  ['2x RTX 3090', 'rtx-3090-x2', 'rtx-3090-x2', 48],
  ['dual 3090 nvlink', 'rtx-3090-x2', 'rtx-3090-x2', 48],
  ['2 x 4090 with nvlink', 'rtx-4090-x2', 'rtx-4090-x2', 48],
  ['two H100 SXM', 'h100-80gb-x2', 'h100-80gb-x2', 160],
  ['8x H100 NVSwitch', 'h100-80gb-x8', 'h100-80gb-x8', 640],
  ['2x RTX 3090 PCIe', 'rtx-3090-x2', 'rtx-3090-x2', 48],
  ['gaming laptop 4070', 'rtx-4070-laptop', 'rtx-4070-laptop', 8],
  ['gaming laptop', 'laptop', 'rtx-4060-laptop', 8],
  ['laptop GPU', 'laptop', 'rtx-4060-laptop', 8],
  ['laptop with a GPU', 'laptop', 'rtx-4060-laptop', 8],
  ['my laptop', 'laptop', 'rtx-4060-laptop', 8],
  ['laptop', 'laptop', 'rtx-4060-laptop', 8],
];

test('the phrasings of the expert read: the count, the link and the kind of laptop are kept', { skip }, () => {
  const got = EXPERT_PHRASES.map(([text]) => {
    const r = resolveMachine(real!, text);
    return isRefusal(r) ? [text, `refused: ${r.message}`, '', 0] : [text, r.value, r.hardware?.id, r.hardware?.memory_gb.value];
  });
  assert.deepEqual(got, EXPERT_PHRASES);
  // A link beside one card, SXM beside a PCIe card: refused, never one card read silently.
  for (const text of ['rtx 3090 nvlink', '2x RTX 3090 SXM']) assert.ok(isRefusal(resolveMachine(real!, text)), text);
});

test('4090M and a Mac named with its memory as a bare number: the laptop GPU, the configuration of that memory', { skip }, () => {
  // hardware-configs.csv: rtx-4090-laptop (the RTX 4090 Laptop GPU, 16 GB: a different chip from the desktop card);
  // m3-ultra-512gb (Mac Studio, M3 Ultra, 512 GB unified memory), one of three M3 Ultra configurations (96, 256, 512).
  const read = (text: string) => { const r = resolveMachine(real!, text); return isRefusal(r) ? `refused: ${r.message}` : r.hardware?.id; };
  assert.equal(read('4090m'), 'rtx-4090-laptop');
  assert.equal(read('RTX 4090M'), 'rtx-4090-laptop');
  assert.equal(read('4090'), 'rtx-4090', 'no M: the desktop card');
  assert.equal(read('mac studio m3 ultra 512'), 'm3-ultra-512gb');
  assert.equal(read('M3 Ultra 256'), 'm3-ultra-256gb');
  // A size no M3 Ultra is sold with is refused, never read as another.
  assert.match(read('mac studio m3 ultra 384') ?? '', /^refused: /);
});
