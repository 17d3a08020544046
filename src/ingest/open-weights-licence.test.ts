// Tests that the ingest makes no open-weights fact from a licence alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { f } from '../dataset/fixtures.ts';
import { openWeightsOf } from './open-weights.ts';

// LMArena's row for chatglm3-6b says "Apache 2.0"; no source of the snapshots names its weights or says open or closed.
const APACHE = { id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true };

test('no source speaks of the weights: no open_weights fact, whatever the licence', () => {
  assert.equal(openWeightsOf(undefined, [], f(APACHE)), undefined);
});
