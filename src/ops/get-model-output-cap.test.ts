// An output cap copied from the window is set aside (data/curated/fact-set-asides.csv). Mistral's record for Codestral
// 25.08 (mistralai/platform-docs-public, src/schema/models/models/codestral-25-08.ts at 038807d6, the source of
// docs.mistral.ai/models/codestral-25-08) names the API names codestral-2508 and codestral-latest, gives
// contextLength '128k' and no output cap. LiteLLM's mistral/codestral-2508 and models.dev's OpenRouter file gave
// max_output 256,000, each its own window copied, which get_model served for codestral-latest through its pointer.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { get_model } from './get-model.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const skip = !existsSync(DEFAULT_DATA_DIR) && 'the committed dataset is not built';
type Any = Record<string, any>;
const sheet = (id: string) => get_model.handler(committedDataset(), get_model.input.parse({ model_id: id }), { today: '2026-11-30' }) as Any;

test('codestral-latest and codestral-2508 no longer serve a 256,000-token output cap, more than Mistral\'s 128k window', { skip }, () => {
  for (const id of ['codestral-latest', 'codestral-2508']) {
    const m = sheet(id);
    assert.ok(m.max_output, `${id} keeps a cap some listing states`);
    assert.ok(m.max_output.value < 128_000, `${id}: ${m.max_output.value} (${m.max_output.source})`);
    assert.ok(!(m.max_output.conflicts ?? []).some((c: Any) => c.value === 256_000), `${id}: 256,000 set aside, not kept as a conflict`);
  }
});

test('codestral-2508 and codestral-latest serve Mistral\'s 128,000-token window, the catalogues\' 256,000 kept as a conflict', { skip }, () => {
  // Mistral's record for Codestral 25.08 reads contextLength '128k' in every version from 2025-11-05 to 2026-08-12;
  // its Models Overview table of 2025-07-30 to 2025-10-03 gave 256k, as LiteLLM and genai-prices still do.
  for (const id of ['codestral-2508', 'codestral-latest']) {
    const m = sheet(id);
    assert.equal(m.context_window?.value, 128_000, `${id}: ${m.context_window?.value} (${m.context_window?.source})`);
    assert.ok((m.context_window.conflicts ?? []).some((c: Any) => c.value === 256_000), `${id}: the listings' 256,000 stays in sight`);
  }
});
