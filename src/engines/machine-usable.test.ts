// The setting a machine's fits assume, said where the machine is read: a Strix Halo's TTM page limit, nothing elsewhere.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { usableSettingNote } from './machine-usable.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ds = committedDataset();
const hw = (id: string) => ds.hardware.find((h) => h.id === id)!;

test('a Strix Halo reading says its fits need the TTM page limit raised; a DGX Spark and a Mac need nothing said', () => {
  // lhl/strix-halo-testing llm-bench/README.md: `options ttm pages_limit=31457280` maps 120 GiB (31,457,280 x 4 KiB) of
  // a 128 GB machine; drm/amdgpu's default maps half, 64 GB.
  const note = usableSettingNote(hw('strix-halo-128gb'));
  assert.match(note, /its fits count 120 of its 128 GB for the GPU, which needs the kernel's TTM page limit raised/);
  assert.match(note, /`options ttm pages_limit=31457280`; without it Linux maps half of memory, 64 GB/);
  // The DGX Spark's CUDA allocates from Linux's own memory, nothing to set; a Mac's fits take Metal's default budget.
  assert.equal(usableSettingNote(hw('dgx-spark')), '');
  assert.equal(usableSettingNote(hw('m4-max-128gb')), '');
});
