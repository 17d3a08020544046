// A count of SXM or OAM modules beyond one baseboard is more than one machine: refused, never read as one fabric.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isRefusal, resolveMachine } from './machine.ts';
import { ok, real, refused, skip } from './machine-fixtures.ts';

test('16 H100, 16 B200, 16 MI300X, 12 H200: more than the largest baseboard, refused with the largest configuration', { skip }, () => {
  // Largest boards, data/curated/accelerator-baseboards.csv: HGX H100 8-GPU ("It hosts eight H100 Tensor Core GPUs"),
  // HGX B200 ("8 GPUs per node"), MI300X Universal Baseboard ("Eight of these come on a Universal Baseboard"),
  // HGX H200 8-GPU. 16 / 8 = 2 machines; 12 / 8 rounds up to 2.
  const cases: [string, string, string][] = [
    ['16x H100', 'h100-80gb-x8', '2 machines'], ['16 x B200', 'b200-x8', '2 machines'],
    ['16x MI300X', 'mi300x-x8', '2 machines'], ['12x H200', 'h200-x8', '2 machines'], ['9 x H100 SXM', 'h100-80gb-x8', '2 machines'],
  ];
  for (const [text, largest, machines] of cases) {
    const r = refused(text);
    assert.equal(r.refused, 'out_of_range', text);
    assert.deepEqual(r.candidates, [largest], text);
    assert.match(r.message, new RegExp(`at most 8 .*${machines} joined over a network.*largest single configuration is ${largest}`), text);
  }
  // The board's size is cited: the HGX H100 row's evidence page.
  assert.match(refused('16x H100').message, /HGX H100 8-GPU.*rackmountnts\.com/);
});

test('up to one board still reads: 8 H100 is the catalogued node, 3 H100 a share of one on its fabric', { skip }, () => {
  assert.equal(ok('8x H100').value, 'h100-80gb-x8');
  const three = ok('3x H100');
  // 3 x 80 GB = 240 GB, on the NVLink fabric of one HGX board.
  assert.deepEqual([three.value, three.hardware?.memory_gb.value], ['h100-80gb-x3', 240]);
  assert.match(three.interpretation, /tensor parallel over their GPU-to-GPU fabric/);
});

test('two boards listed are refused as their sum is, never read as the first board alone', { skip }, () => {
  const r = resolveMachine(real!, '8x H100 + 8x H100');
  assert.ok(isRefusal(r), 'the second board is not dropped');
  assert.match(r.message, /16 x NVIDIA H100 SXM5 80GB is more than one machine/);
  // 4 + 4 = 8: one HGX H100 8-GPU board, the catalogued node.
  assert.equal(ok('4x H100 + 4x H100').value, 'h100-80gb-x8');
});

test('a counted AMD Instinct configuration keeps its Infinity Fabric; a board size no source gave is said', { skip }, () => {
  // mi300x-x1 carries peer_fabric infinity-fabric (accelerator-peer-fabric.csv); 3 of them sit on one 8-OAM board.
  assert.match(ok('3x MI300X').interpretation, /tensor parallel over their GPU-to-GPU fabric/);
  // MI325X: no baseboard row read; the catalogue stops at mi325x-x8, so 16 is read and the missing source said.
  const mi325 = ok('16x MI325X');
  assert.equal(mi325.hardware?.count, 16);
  assert.match(mi325.interpretation, /no source for how many AMD Instinct MI325X modules one baseboard holds was read.*mi325x-x8/);
});

test('PCIe cards past a typical host read, and say that whether they fit one host is not checked', { skip }, () => {
  // The Register (2024-10-10): servers "typically pack up to eight"; SYS-322GB-NR "ten dual-slot cards".
  const twelve = ok('12x 4090');
  // 12 x 24 GB = 288 GB.
  assert.deepEqual([twelve.value, twelve.hardware?.memory_gb.value], ['rtx-4090-x12', 288]);
  assert.match(twelve.interpretation, /12 cards is more than most hosts take.*not checked/);
  assert.doesNotMatch(ok('4x 4090').interpretation, /more than most hosts/);
});
