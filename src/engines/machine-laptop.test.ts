// A gaming laptop is a laptop GPU, never a 128 GB MacBook; a laptop of unknown kind says what was assumed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aDataset, aHardware, f } from '../dataset/fixtures.ts';
import { isRefusal, resolveMachine, type MachineMapping } from './machine.ts';
import { ok, real, skip } from './machine-fixtures.ts';


test('a gaming laptop, a laptop GPU, an NVIDIA laptop: the 8 GB laptop GPU, not a 128 GB MacBook', { skip }, () => {
  // hardware-configs.csv, the 15 laptop GPUs by memory: 6 GB (3060, 4050), 8 GB (3070, 3080 8 GB, 4060, 4070, 5060, 5070),
  // 12 GB (4080, 5070 Ti), 16 GB (3080 16 GB, 3080 Ti, 4090, 5080), 24 GB (5090): 8 GB is the commonest, 6 of 15.
  // Of the 8 GB ones the RTX 4060 and 4070 Laptop GPUs are the slowest (256 GB/s); the 4060 is first by id.
  const phrases = ['gaming laptop', 'my gaming laptop', 'laptop GPU', 'laptop with a GPU', 'nvidia laptop', 'rtx laptop',
    'gaming notebook'];
  for (const t of phrases) {
    const m = ok(t);
    const h = m.hardware;
    const got = [m.value, m.class, h?.id, h?.memory_gb.value, h?.unified_memory];
    assert.deepEqual(got, ['laptop', 'laptop', 'rtx-4060-laptop', 8, false], t);
    assert.match(m.interpretation, /^a laptop with a discrete NVIDIA GPU, which one not said/, t);
    assert.match(m.interpretation, /8 GB is what 6 of the 15 catalogued laptop GPUs have \(they range from 6 to 24 GB\)/, t);
    assert.match(m.interpretation, /"RTX 4090 laptop".*"16 GB laptop GPU"/, `${t}: says how to name another`);
  }
  assert.deepEqual(ok('gaming laptop').matched, ['gaming', 'laptop']);
  // A named laptop GPU is itself: the RTX 4070 Laptop GPU has 8 GB (hardware-configs.csv).
  assert.deepEqual([ok('gaming laptop 4070').value, ok('gaming laptop with a 4090').value], ['rtx-4070-laptop', 'rtx-4090-laptop']);
});

test('a laptop of unknown kind is checked on the laptop GPU and says so, with what to write for a MacBook', { skip }, () => {
  for (const t of ['laptop', 'my laptop', 'notebook', 'on my laptop']) {
    const m = ok(t);
    assert.deepEqual([m.value, m.hardware?.id], ['laptop', 'rtx-4060-laptop'], t);
    assert.match(m.interpretation, /^a laptop, kind not said: assumed one with a discrete NVIDIA GPU/, t);
    assert.match(m.interpretation, /for a MacBook, its chip and memory \("MacBook Pro M4 Max 128GB", "MacBook Air M3 16GB"\)/, t);
  }
  // What it says to write reads as those machines (hardware-configs.csv: m4-max-128gb, m3-16gb).
  assert.deepEqual([ok('MacBook Pro M4 Max 128GB').value, ok('MacBook Air M3 16GB').value], ['m4-max-128gb', 'm3-16gb']);
  // 8 GB x 0.95 usable on the laptop GPU is below a 16 GB MacBook's 16 GB x 0.75: 7.6 < 12 (GiB).
  const gpu = ok('laptop').hardware!;
  const mac = real!.hardwareById.get('m3-16gb')!;
  assert.ok(gpu.memory_gb.value * gpu.usable_fraction.value < mac.memory_gb.value * mac.usable_fraction.value);
});

test('MacBook words stay on the base MacBook and say how to name a larger one; AMD or Intel laptops are refused', { skip }, () => {
  // The base MacBook Air and 14-inch MacBook Pro: M4, 16 GB (Apple, October 2024; machine-family.ts cites the pages).
  for (const t of ['macbook', 'my MacBook Pro', 'apple laptop']) {
    const m = ok(t);
    const h = m.hardware;
    assert.deepEqual([m.value, h?.id, h?.unified_memory, h?.memory_gb.value], ['laptop', 'm4-16gb', true, 16], t);
    assert.match(m.interpretation, /not said: checked on its base configuration.*a larger one holds more.*"MacBook Pro M4 Max 128GB"/, t);
  }
  const amd = resolveMachine(real!, 'AMD laptop');
  assert.ok(isRefusal(amd) && /no catalogued laptop GPU is AMD's/.test(amd.message));
  // The Strix Halo rows of hardware-configs.csv are "Mini PC or laptop" machines at 64 and 96 GB (the Ryzen AI Max+
  // 395) and 32 GB (the Ryzen AI Max 385).
  assert.deepEqual(isRefusal(amd) && amd.candidates, ['strix-halo-385-32gb', 'strix-halo-64gb', 'strix-halo-96gb']);
  assert.ok(isRefusal(resolveMachine(real!, 'intel laptop')), 'never another vendor\'s laptop');
});

test('without the preferred laptop GPU, the commonest size and then the slowest stand for the class', () => {
  const gpu = (id: string, memory: number, bandwidth: number) =>
    aHardware({ id, class: 'laptop', accelerator: `GPU ${id}`, memory_gb: f(memory), bandwidth_gbs: f(bandwidth) });
  // Sizes 6, 8, 8, 8, 16: 8 GB is the commonest; of the 8 GB ones, b (300 GB/s) is the slowest.
  const ds = aDataset({ hardware: [gpu('a', 6, 100), gpu('b', 8, 300), gpu('c', 8, 400), gpu('d', 8, 350), gpu('e', 16, 500),
    aHardware({ id: 'mac', class: 'laptop', accelerator: 'Apple M4 Max', unified_memory: true, memory_gb: f(128),
      usable_fraction: f(0.75) }),
  ] });
  const m = resolveMachine(ds, 'gaming laptop') as MachineMapping;
  assert.equal(m.hardware?.id, 'b');
  assert.match(m.interpretation, /8 GB is what 3 of the 5 catalogued laptop GPUs have \(they range from 6 to 16 GB\)/);
});

test('a MacBook Pro read as a configuration priced as the Mac Studio says so in its interpretation', { skip }, () => {
  // machine-prices.csv: m4-max-128gb is priced as the Mac Studio (2025), 3,499 USD; the 16-inch MacBook Pro with the same
  // M4 Max and 128 GB was 5,000 USD, "not applied". A MacBook owner must not read 3,499 as a MacBook's price.
  const mac = ok('MacBook Pro M4 Max 128GB');
  assert.equal(mac.hardware?.id, 'm4-max-128gb');
  assert.match(mac.interpretation, /its price and idle draw are the Mac Studio \(2025\)'s, 3,499 USD .*not a MacBook Pro's/);
  // Said as the machine priced, or by its id, nothing is added.
  assert.doesNotMatch(ok('Mac Studio M4 Max 128GB').interpretation, /price/);
  assert.doesNotMatch(ok('m4-max-128gb').interpretation, /price/);
});
