// The cold in-process bench's command line: the inputs and rounds, and the operations it times.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseColdInProcessArgs } from './cold-in-process.ts';

test('without options every operation is timed on 1,000 inputs a round, 3 rounds', () => {
  assert.deepEqual(parseColdInProcessArgs([]), { iterations: 1000, rounds: 3, only: undefined, json: false });
  assert.deepEqual(parseColdInProcessArgs(['500', '2', '--json']), { iterations: 500, rounds: 2, only: undefined, json: true });
});

test('--only names the operations to time, before or after the counts, with a space or an equals sign', () => {
  const want = { iterations: 400, rounds: 3, only: ['recommend_model', 'models_for_hardware'], json: false };
  assert.deepEqual(parseColdInProcessArgs(['--only', 'recommend_model,models_for_hardware', '400']), want);
  assert.deepEqual(parseColdInProcessArgs(['400', '--only=recommend_model, models_for_hardware']), want);
});

test('an unknown operation, an empty list or an unknown option is an error, not an empty table', () => {
  assert.throws(() => parseColdInProcessArgs(['--only', 'models_for_hardwar']), /unknown: models_for_hardwar/);
  assert.throws(() => parseColdInProcessArgs(['--only']), /none given/);
  assert.throws(() => parseColdInProcessArgs(['--ony', 'get_model']), /unknown option --ony/);
  assert.throws(() => parseColdInProcessArgs(['0']), /positive whole number/);
});
