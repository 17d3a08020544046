// The SVG renderer: tick values, point placement worked by hand, escaping of labels.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineChart, ticks } from './chart.ts';

test('linear ticks are 1-2-5 steps; log ticks are the powers of ten inside the range', () => {
  assert.deepEqual(ticks(0, 100, false), [0, 20, 40, 60, 80, 100]);
  // 120 / 5 = 24 a tick: the next 1-2-5 step is 50.
  assert.deepEqual(ticks(1300, 1420, false), [1300, 1350, 1400]);
  assert.deepEqual(ticks(1, 1_000_000, true), [1, 10, 100, 1000, 10000, 100000, 1000000]);
});

test('points land where the scales put them (log x 1..100 over 64..612; linear y 0..10 padded 5%)', () => {
  const series = [{ name: 's', cls: 'a', points: [[1, 0], [10, 5], [100, 10]] as Array<[number, number]> }];
  const svg = lineChart({ title: 't', description: 'd', xLabel: 'x', yLabel: 'y', logX: true, series });
  // y range 0..10 padded by 0.5 each side -> -0.5..10.5 over 256..16: y=5 -> 256 - (5.5/11)*240 = 136.
  // x: log10 1..100 -> 64..612 (640 wide, 64 left and 28 right margins): x=10, halfway -> 338.
  assert.match(svg, /<polyline points="64,245\.1 338,136 612,26\.9"\/>/);
  assert.match(svg, /role="img"/);
});

test('labels are escaped and a vertical marker is drawn inside the range only', () => {
  const series = [{ name: '<s>', cls: 'a', points: [[0, 1], [10, 2]] as Array<[number, number]> }];
  const markers = [{ x: 5, label: 'break-even' }, { x: 50, label: 'outside' }];
  const svg = lineChart({ title: '<x>', description: 'a & b', xLabel: 'x', yLabel: 'y', series, markers });
  assert.ok(svg.includes('&lt;x&gt;. a &amp; b'));
  assert.ok(!svg.includes('<s>'));
  assert.ok(svg.includes('break-even'));
  assert.ok(!svg.includes('outside'));
});

test('an empty chart says so instead of drawing axes over nothing', () => {
  assert.match(lineChart({ title: 't', description: 'd', xLabel: 'x', yLabel: 'y', series: [] }), /no data to plot/);
});
