// The key store's readiness probe: learnt without waiting for a keyed request, cached, bounded in time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStoreHealth } from './store-health.ts';

function fakeStore() {
  const s = { up: true, hang: false, pings: 0 };
  const ping = async (): Promise<void> => {
    s.pings++;
    if (s.hang) return new Promise(() => {});
    if (!s.up) throw new Error('connect ECONNREFUSED');
  };
  return { s, ping };
}

test('a store that goes down is reported by the next probe, and a store that comes back by the one after', async () => {
  const { s, ping } = fakeStore();
  let t = 0;
  const h = createStoreHealth({ ping, intervalMs: 5000, now: () => t });
  await h.refresh();
  assert.equal(h.failing(), false);
  s.up = false;
  t += 5000;
  await h.refresh();
  assert.equal(h.failing(), true, 'degraded without any keyed lookup having failed');
  s.up = true;
  t += 5000;
  await h.refresh();
  assert.equal(h.failing(), false, 'ok again without any keyed lookup having succeeded');
});

test('a result is reused for the interval; concurrent refreshes share one probe; a lookup counts as a probe', async () => {
  const { s, ping } = fakeStore();
  let t = 0;
  const h = createStoreHealth({ ping, intervalMs: 5000, now: () => t });
  await Promise.all([h.refresh(), h.refresh(), h.refresh()]);
  assert.equal(s.pings, 1);
  t += 4999;
  await h.refresh();
  assert.equal(s.pings, 1, 'within the interval: no query');
  h.record(false);
  assert.equal(h.failing(), true);
  t += 4999;
  await h.refresh();
  assert.equal(s.pings, 1, 'the failed lookup was as good as a probe');
  t += 1;
  await h.refresh();
  assert.equal(s.pings, 2);
  assert.equal(h.failing(), false);
});

test('a store that does not answer is failing after the timeout, not a hang', async () => {
  const { s, ping } = fakeStore();
  s.hang = true;
  const h = createStoreHealth({ ping, timeoutMs: 50 });
  const t0 = Date.now();
  await h.refresh();
  assert.ok(Date.now() - t0 < 1000);
  assert.equal(h.failing(), true);
});
