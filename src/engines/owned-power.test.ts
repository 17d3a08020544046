// Tests of the electricity of owned hardware: busy hours at board power, the rest of the month at idle draw.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IDLE_POWER_FRACTION, idleDraw, powerUsd, powerUse } from './owned-power.ts';

const reading = (value: number) => ({ value, as_of: '2026-11-26', source: 'accelerator-idle-power', note: 'a reading' });

test('an RTX 4090 busy 10 hours a month: 10 h at 450 W, 720 h at its measured 22 W, not at 0.2 x 450 = 90 W', () => {
  // accelerator-idle-power.csv: RTX 4090 22 W with the model loaded (ollama issue 8591). By hand at 0.30 USD/kWh:
  // 450 x 10 / 1000 = 4.5 kWh = 1.35 USD; 22 x 720 / 1000 = 15.84 kWh = 4.752 USD; 6.102 USD in all.
  // At the flat share it was 90 W x 720 h = 64.8 kWh = 19.44 USD, 20.79 USD in all.
  const idle = idleDraw({ count: 1, idle_power_w: reading(22) }, 450);
  assert.equal(idle.watts, 22);
  assert.match(idle.basis, /22 W per accelerator x 1/);
  const u = powerUse(450, 10, 1, 0.3, 730, idle.watts);
  assert.deepEqual([u.idle_watts, u.active_hours, u.idle_hours], [22, 10, 720]);
  assert.ok(Math.abs(u.active_kwh - 4.5) < 1e-9 && Math.abs(u.idle_kwh - 15.84) < 1e-9);
  assert.ok(Math.abs(u.active_usd + u.idle_usd - 6.102) < 1e-9);
});

test('no published reading: the stated fallback, 0.2 x board power, and it says so', () => {
  // By hand: 0.2 x 450 = 90 W; 90 W x 720 h = 64.8 kWh, at 0.30 USD/kWh 19.44 USD, plus 1.35 busy: 20.79 USD.
  const idle = idleDraw({ count: 1 }, 450);
  assert.equal(IDLE_POWER_FRACTION, 0.2);
  assert.equal(idle.watts, 90);
  assert.match(idle.basis, /no published reading/);
  const u = powerUse(450, 10, 1, 0.3, 730, idle.watts);
  assert.ok(Math.abs(u.active_usd + u.idle_usd - 20.79) < 1e-9);
});

test('eight H100s: 8 x the measured 140 W idle; busy all month none of it counts', () => {
  // accelerator-idle-power.csv: H100 SXM5 140 W (gpu-burn issue 114). 8 x 140 = 1,120 W idle; 8 x 700 = 5,600 W busy.
  const idle = idleDraw({ count: 8, idle_power_w: reading(140) }, 5600);
  assert.equal(idle.watts, 1120);
  const full = powerUse(5600, 730, 1, 0.15, 730, idle.watts);
  // 5,600 W x 730 h = 4,088 kWh x 0.15 = 613.2 USD, the figure a machine busy all month costs.
  assert.deepEqual([full.idle_hours, full.idle_usd], [0, 0]);
  assert.ok(Math.abs(full.active_usd - 613.2) < 1e-9);
  // Two machines, 1,000 hours of work: 1,000 h at 5,600 W and 460 h at 1,120 W = 515.2 kWh.
  const two = powerUse(5600, 1000, 2, 0.15, 730, idle.watts);
  assert.deepEqual([two.active_hours, two.idle_hours], [1000, 460]);
  assert.ok(Math.abs(two.idle_kwh - 515.2) < 1e-9);
});

test('no power figure: nothing is charged', () => {
  const u = powerUse(0, 100, 1, 0.15, 730);
  assert.equal(u.active_usd + u.idle_usd, 0);
});

test('the month\'s electricity alone is the same bill, to the bit, as the figures written out', () => {
  // Every bought configuration of an ask is costed with powerUsd; the listed ones write powerUse's figures out, and
  // the month they show must be the one the order was made on. By hand, the RTX 4090 above: 6.102 USD; two H100
  // machines with 1,000 hours of work: 1,000 h x 5,600 W = 5,600 kWh and 460 h x 1,120 W = 515.2 kWh, 6,115.2 kWh
  // at 0.15 USD/kWh = 917.28 USD; more work than the machines' hours (2,000 h on 2 x 730): 1,460 h busy, none idle.
  const cases: Array<[number, number, number, number, number, number, number]> = [
    [450, 10, 1, 0.3, 730, 22, 6.102],
    [5600, 1000, 2, 0.15, 730, 1120, 917.28],
    [450, 2000, 2, 0.15, 730, 90, (450 * 1460 / 1000) * 0.15],
  ];
  for (const [watts, hours, machines, price, month, idle, byHand] of cases) {
    const bill = powerUsd(watts, hours, machines, price, month, idle);
    assert.ok(Math.abs(bill - byHand) < 1e-9, `${bill} against ${byHand}`);
    const u = powerUse(watts, hours, machines, price, month, idle);
    assert.equal(bill, u.active_usd + u.idle_usd);
  }
});
