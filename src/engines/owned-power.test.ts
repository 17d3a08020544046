// Tests of the electricity of owned hardware: busy hours at board power, the rest of the month at idle draw.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IDLE_POWER_FRACTION, powerUse } from './owned-power.ts';

test('a 450 W card busy 10 hours a month: 10 h at 450 W, 720 h at 90 W, not 730 h at 450 W', () => {
  // By hand: 450 x 10 / 1000 = 4.5 kWh; 0.2 x 450 = 90 W x 720 h = 64.8 kWh; at 0.30 USD/kWh 1.35 + 19.44 = 20.79 USD.
  // Charged 730 busy hours it would be 450 x 730 / 1000 x 0.30 = 98.55 USD.
  const u = powerUse(450, 10, 1, 0.3, 730);
  assert.equal(IDLE_POWER_FRACTION, 0.2);
  assert.deepEqual([u.idle_watts, u.active_hours, u.idle_hours], [90, 10, 720]);
  assert.ok(Math.abs(u.active_kwh - 4.5) < 1e-9 && Math.abs(u.idle_kwh - 64.8) < 1e-9);
  assert.ok(Math.abs(u.active_usd + u.idle_usd - 20.79) < 1e-9);
});

test('busy all month: every hour at board power, none idle; several machines share the hours', () => {
  const full = powerUse(700, 730, 1, 0.15, 730);
  // 700 W x 730 h = 511 kWh x 0.15 = 76.65 USD, the figure a machine busy all month costs.
  assert.deepEqual([full.idle_hours, full.idle_usd], [0, 0]);
  assert.ok(Math.abs(full.active_usd - 76.65) < 1e-9);
  // Two machines, 1,000 hours of work: 1,000 h at 700 W and 460 h at 140 W.
  const two = powerUse(700, 1000, 2, 0.15, 730);
  assert.deepEqual([two.active_hours, two.idle_hours], [1000, 460]);
  assert.ok(Math.abs(two.idle_kwh - 64.4) < 1e-9);
});

test('no power figure: nothing is charged', () => {
  const u = powerUse(0, 100, 1, 0.15, 730);
  assert.equal(u.active_usd + u.idle_usd, 0);
});
