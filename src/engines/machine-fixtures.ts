// For the machine-text tests: the committed dataset, and asserting readers that return a mapping or a refusal.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { isRefusal, resolveMachine, type MachineMapping, type MachineRefusal } from './machine.ts';

/** The committed dataset, or undefined on a checkout without it (the tests that need it are then skipped). */
export const real = existsSync(DEFAULT_DATA_DIR) ? committedDataset() : undefined;
export const skip = !real;

/** The text read against the committed dataset, which must map. */
export function ok(text: string): MachineMapping {
  const r = resolveMachine(real!, text);
  assert.ok(!isRefusal(r), `${text}: refused: ${isRefusal(r) ? r.message : ''}`);
  return r as MachineMapping;
}

/** The text read against the committed dataset, which must be refused. */
export function refused(text: string): MachineRefusal {
  const r = resolveMachine(real!, text);
  assert.ok(isRefusal(r), `${text}: expected a refusal, got ${isRefusal(r) ? '' : r.value}`);
  return r as MachineRefusal;
}
