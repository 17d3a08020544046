// Contract: on the committed dataset, a closed model its developer shut down before the data's date reads `deprecated`
// with the past shutdown date (the model status vocabulary is active/deprecated, DESIGN.md), and each offer says whether
// it can still be bought: shut down, or hosted by a cloud past the developer's shutdown.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { get_model } from '../src/ops/get-model.ts';
import { committedDataset } from './committed-dataset.ts';

const noData = !existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json')) && 'no committed dataset';
type Out = Record<string, any>;

test('claude-3-opus: deprecated, shut down 2026-01-05 before the data\'s date; ten offers shut down, Bedrock\'s three hosted past it', { skip: noData }, () => {
  const ds = committedDataset();
  const m = get_model.handler(ds, get_model.input.parse({ model_id: 'claude-3-opus' }), { today: '2026-11-29' }) as Out;
  // Anthropic's model deprecations page (as deprecations-rss reads it): Claude 3 Opus retired 2026-01-05.
  assert.equal(m.status.value, 'deprecated');
  assert.equal(m.shutdown_date.value, '2026-01-05');
  assert.ok(m.shutdown_date.value < ds.meta.data_as_of);
  const states = (m.offers as Out[]).map((o) => `${o.provider} ${o.lifecycle_state}`);
  // Anthropic's two ids, Vertex AI's two (Google shut them down 2025-08-01) and six resellers relaying Anthropic's API:
  // shut down; Bedrock hosts Claude itself and states no date of its own for its three listings.
  assert.equal(states.filter((s) => s.endsWith(' shut_down')).length, 10);
  assert.deepEqual(states.filter((s) => s.endsWith(' hosted_past_developer_shutdown')),
    ['amazon-bedrock hosted_past_developer_shutdown', 'amazon-bedrock hosted_past_developer_shutdown', 'amazon-bedrock hosted_past_developer_shutdown']);
  // Offers still possibly sold are listed before the shut-down ones.
  assert.ok(states.slice(0, 3).every((s) => s.startsWith('amazon-bedrock ')));
});
