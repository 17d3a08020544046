// A Mac's usable unified memory follows Metal's default GPU budget for its memory size, with sources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { usableBytes } from '../engines/memory.ts';
import { appleMetalUsableFact } from './apple-metal.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const real = existsSync(DEFAULT_DATA_DIR) ? committedDataset() : undefined;

test('Metal gives the GPU two-thirds of a Mac of 32 GB or less, three-quarters above', () => {
  // 10922.67 MiB reported on a 16 GB M1 Pro (llama-cpp-python#687) = 16384 MiB x 2/3; 21845.34 MiB on 32 GB
  // (ollama#434) = 32768 x 2/3; 48 GB on a 64 GB M3 Max (Rapid-MLX#183) = 64 x 3/4.
  assert.ok(Math.abs(16384 * appleMetalUsableFact(16).value - 10922.67) < 0.01);
  assert.ok(Math.abs(32768 * appleMetalUsableFact(32).value - 21845.34) < 0.01);
  assert.equal(64 * appleMetalUsableFact(64).value, 48);
  assert.equal(appleMetalUsableFact(8).value, 2 / 3);
  const f = appleMetalUsableFact(16);
  assert.equal(f.source, 'derived');
  assert.ok(f.derived_from?.some((s) => s.includes('llama-cpp-python/issues/687')));
  // A reader whose model is just over the budget learns it is a default, and how MLX LM's README says to raise it.
  assert.match(appleMetalUsableFact(128).note!, /sudo sysctl iogpu\.wired_limit_mb=N`.*ml-explore\/mlx-lm.*the fit assumes the default$/);
});

test('catalogued Macs take the share of their memory size, whatever their chip', { skip: !real }, () => {
  const share = (id: string) => real!.hardwareById.get(id)!.usable_fraction.value;
  for (const id of ['m1-8gb', 'm4-16gb', 'm3-pro-18gb', 'm4-24gb', 'm4-32gb', 'm2-max-32gb']) assert.equal(share(id), 2 / 3, id);
  for (const id of ['m3-pro-36gb', 'm4-max-64gb', 'm4-max-128gb', 'm3-ultra-512gb']) assert.equal(share(id), 0.75, id);
  // The base MacBook (m4-16gb): 16 GiB x 2/3 = 17,179,869,184 x 2/3 = 11,453,246,122.7 bytes = 11.45 GB, not the
  // 12.88 GB (x 0.75) it used to be given.
  const m4 = real!.hardwareById.get('m4-16gb')!;
  assert.equal(Math.round(usableBytes(m4) / 1e7) / 100, 11.45);
  // A discrete card keeps its documented 0.95.
  assert.equal(share('rtx-4090'), 0.95);
});
