// Tests of the Mac a text names when one configuration stands for several: the answer never calls a Mac Studio a laptop.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ok, skip } from './machine-fixtures.ts';

test('a Mac Studio read as a configuration shared with the MacBook Pro is said to be the Mac Studio, not a laptop', { skip }, () => {
  // Apple ships the M4 Max (16-core CPU / 40-core GPU) with 128 GB in the 16-inch MacBook Pro and the Mac Studio (2025)
  // (hardware-configs.csv, m4-max-128gb: "MacBook Pro or Mac Studio", class laptop for the MacBook Pro); the M1 Max
  // with 64 GB likewise in the MacBook Pro (2021) and the Mac Studio (2022).
  for (const [text, id] of [['Mac Studio M4 Max 128GB', 'm4-max-128gb'], ['mac studio m1 max 64gb', 'm1-max-64gb']]) {
    const m = ok(text);
    assert.equal(m.value, id, text);
    assert.match(m.interpretation, new RegExp(`the Mac Studio, as said: ${id} stands for the MacBook Pro or the Mac Studio with this chip and memory, the same figures; its class, laptop, is the MacBook Pro's, not the Mac Studio's`), text);
  }
  // The same figures whichever Mac was named.
  assert.deepEqual(ok('Mac Studio M4 Max 128GB').hardware, ok('MacBook Pro M4 Max 128GB').hardware);
  // A MacBook Pro is the laptop the class says; a Mac mini M4 Pro the desktop its configuration's class says: nothing to add.
  assert.doesNotMatch(ok('MacBook Pro M4 Max 128GB').interpretation, /as said/);
  assert.doesNotMatch(ok('Mac mini M4 Pro 48GB').interpretation, /as said/);
  // The other way round: the M4 Pro's configuration is classed for the Mac mini, so a MacBook Pro named is said.
  assert.match(ok('MacBook Pro M4 Pro 48GB').interpretation, /the MacBook Pro, as said: m4-pro-48gb stands for the Mac mini or the MacBook Pro .*its class, desktop, is the Mac mini's, not the MacBook Pro's/);
  // A configuration of one Mac only, or a text naming none, says nothing of the kind.
  assert.doesNotMatch(ok('Mac Studio M3 Ultra 512GB').interpretation, /as said/);
  assert.doesNotMatch(ok('M4 Max 128GB').interpretation, /as said/);
});
