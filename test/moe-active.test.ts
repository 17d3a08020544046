// No mixture of experts is sized or costed as dense: every model with an architecture has an active count, unless
// its Hugging Face repo is a dense model (the engines then read every parameter, which is exact).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { defaultRoots } from '../src/ingest/run.ts';
import { looksMoe } from '../src/sources/llmfit-rules.ts';
import { committedDataset } from './committed-dataset.ts';

type Row = { name: string; architecture: string; is_moe?: boolean | null };

const dataset = committedDataset();
const roots = defaultRoots(PROJECT_ROOT);
const rows = JSON.parse(readFileSync(path.join(roots.sources, 'llmfit-hf-models', 'hf_models-2026-05-12.json'), 'utf8')) as Row[];
const byRepo = new Map(rows.map((r) => [r.name, r]));
const model = (id: string) => dataset.models.find((m) => m.id === id);

test('a model whose repo llmfit or its config family marks as MoE never lacks an active count', () => {
  const dense: string[] = [];
  for (const m of dataset.models) {
    if (!m.architecture || m.parameters_active) continue;
    const r = byRepo.get(m.architecture.value.hf_repo);
    if (r && (r.is_moe === true || looksMoe(r))) dense.push(`${m.id} (${r.name}, ${r.architecture})`);
  }
  assert.deepEqual(dense, []);
});

test('the MoE models the review found costed as dense carry their cards\' active counts', () => {
  // Figures from the cited cards (data/curated/model-architecture.csv and architecture-overrides.csv): Step3 38B of
  // 321B; Step-3.5-Flash 11B of 196B; Laguna XS.2 3B of 33B; Sarvam 30B 3B; Trinity Large 13B of 400B; Hunyuan-A13B 13B; Mixtral 8x22B 39B.
  const expected: Record<string, number> = {
    'step-3': 38e9, 'step-3.5-flash': 11e9, 'step-3.5-flash-2603': 11e9, 'laguna-xs.2': 3e9, 'sarvam-30b': 3e9,
    'trinity-large-thinking': 13e9, 'hunyuan-a13b-instruct': 13e9, 'wizardlm-2-8x22b': 39e9,
  };
  for (const [id, active] of Object.entries(expected)) assert.equal(model(id)?.parameters_active?.value, active, id);
});
