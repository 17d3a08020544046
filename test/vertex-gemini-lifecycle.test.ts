// Gemini on Vertex AI is dated by Google Cloud's own lifecycle page, Google AI Studio's offer by the Gemini API's page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { loadDataset } from '../src/dataset/load.ts';

const ds = loadDataset(DEFAULT_DATA_DIR);
const offer = (model: string, provider: string) =>
  (ds.offersByModel.get(model) ?? []).find((o) => o.provider === provider && o.sku === 'standard' && o.provider_model_id === model)!;

// Google Cloud, "Model versions and lifecycle" (Gemini Enterprise Agent Platform, formerly Vertex AI),
// docs.cloud.google.com/gemini-enterprise-agent-platform/models/model-versions.md.txt, table "Gemini models":
// `gemini-2.5-pro` | June 17, 2025 | October 16, 2026 | Gemini 3.5 Flash
// `gemini-2.5-flash` | June 17, 2025 | October 16, 2026 | Gemini 3.5 Flash-Lite or Gemini 3.1 Flash-Lite
// `gemini-2.5-flash-lite` | July 22, 2025 | October 16, 2026 | Gemini 3.1 Flash-Lite or Gemma 4
const VERTEX_PAGE = [
  { model: 'gemini-2.5-pro', retired: '2026-10-16', replacement: 'gemini-3.5-flash' },
  { model: 'gemini-2.5-flash', retired: '2026-10-16', replacement: 'gemini-3.5-flash-lite' },
  { model: 'gemini-2.5-flash-lite', retired: '2026-10-16', replacement: 'gemini-3.1-flash-lite' },
];

test("Vertex AI's Gemini 2.5 offers carry Vertex's own retirement date and replacement, not the Gemini API's", () => {
  for (const { model, retired, replacement } of VERTEX_PAGE) {
    const o = offer(model, 'google-vertex');
    assert.deepEqual([o.shutdown_date?.value, o.shutdown_date?.source], [retired, 'developer-notices'], model);
    assert.equal(o.replacement?.value, replacement, model);
    assert.equal(o.status?.value, 'deprecated', model);
    // Retired on its own notice: the note no longer borrows the model's (Gemini API) date.
    assert.doesNotMatch(o.status?.note ?? '', /the developer retired the model/, model);
  }
});

test("Google AI Studio's Gemini 2.5 Pro keeps the Gemini API deprecations page's notice", () => {
  // ai.google.dev/gemini-api/docs/deprecations#gemini-2.5-pro-models (deprecations-rss, read 2026-05-07):
  // gemini-2.5-pro shut down 2026-10-16, replacement gemini-3.1-pro-preview.
  const o = offer('gemini-2.5-pro', 'google');
  assert.deepEqual([o.shutdown_date?.value, o.shutdown_date?.source], ['2026-10-16', 'deprecations-rss']);
  assert.equal(o.replacement?.value, 'gemini-3.1-pro-preview');
});
