// The scale verdicts: what gets flagged, what is read against the linear reference, and when no ratio is shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSuperLinear, overRule, PROBE_LABEL, probeIndexed, ratio, type ScaleReport, type ScaleRow } from './scale.ts';

const row = (warm: [number, number], cold: [number, number] = [1, 10]): ScaleRow => ({ label: 'op', cold, warm });

test('the issue\'s rule flags a ratio above 1.5 times the growth of the data, on either measure', () => {
  assert.equal(overRule(row([1, 14]), 10), false);
  assert.equal(overRule(row([1, 16]), 10), true);
  assert.equal(overRule(row([1, 2], [1, 16]), 10), true);
});

test('times under the floor give no ratio, so cached lookups are never flagged', () => {
  assert.equal(ratio([0.001, 0.04]), undefined);
  assert.equal(overRule(row([0.001, 0.04]), 10), false);
  assert.equal(ratio([1, 12]), 12);
});

test('faster than the reference: over the rule and over 1.5 times what a plain linear pass grows', () => {
  const report = { options: { factor: 10, iterations: 1, maxMsPerExample: 1, coldReps: 1 }, referenceRatio: 20 };
  assert.equal(isSuperLinear(row([1, 25]), report), false, '25x is within 1.5 x 20x');
  assert.equal(isSuperLinear(row([1, 31]), report), true);
  // A reference that grew less than the data never lowers the limit below the rule's.
  assert.equal(isSuperLinear(row([1, 14]), { ...report, referenceRatio: 5 }), false);
});

test('the search probe counts as indexed when its time barely grows', () => {
  const report = (warm: [number, number]) => ({ rows: [{ label: PROBE_LABEL, cold: [1, 1], warm }] }) as unknown as ScaleReport;
  assert.equal(probeIndexed(report([0.1, 0.2])).indexed, true);
  assert.equal(probeIndexed(report([0.1, 1.0])).indexed, false);
  assert.equal(probeIndexed(report([0.001, 0.002])).indexed, true);
});

test('distinct inputs count in the verdicts: a cold stream that grows too fast is flagged', () => {
  const withDistinct = (distinct: [number, number]): ScaleRow => ({ label: 'op', cold: [1, 2], warm: [1, 2], distinct });
  assert.equal(overRule(withDistinct([1, 14]), 10), false);
  assert.equal(overRule(withDistinct([1, 16]), 10), true);
  const report = { options: { factor: 10, iterations: 1, maxMsPerExample: 1, coldReps: 1 }, referenceRatio: 20 };
  assert.equal(isSuperLinear(withDistinct([1, 31]), report), true);
});
