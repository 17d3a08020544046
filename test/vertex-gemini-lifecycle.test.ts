// Gemini on Vertex AI is dated by Google Cloud's own lifecycle page, Google AI Studio's offer by the Gemini API's page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { loadDataset } from '../src/dataset/load.ts';
import { isShutDownOffer, offerLifecycleState } from '../src/engines/offer-lifecycle.ts';

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

// The page: 'While retirement timelines may be extended, they won't be moved to an earlier date than what is listed.'
// Google Cloud's e-mail: 'discontinued no earlier than October 16, 2026' (gcpstudyhub.com): an earliest day, not a shutdown.
test("Vertex AI's Gemini 2.5 offers carry Vertex's own earliest day and replacement, never read as shut down past it", () => {
  for (const { model, retired, replacement } of VERTEX_PAGE) {
    const o = offer(model, 'google-vertex');
    assert.equal(o.shutdown_date, undefined, model);
    assert.deepEqual([o.shutdown_not_before?.value, o.shutdown_not_before?.source, o.shutdown_not_before?.bound],
      [retired, 'developer-notices', 'on_or_after'], model);
    assert.equal(o.replacement?.value, replacement, model);
    // Deprecated (the page was read 2026-11-27, past the earliest day), served: its retirement announced.
    assert.equal(o.status?.value, 'deprecated', model);
    assert.equal(offerLifecycleState(o), 'retirement_announced', model);
    assert.equal(isShutDownOffer(o, '2026-11-28'), false, model);
  }
});

test("Google AI Studio's Gemini 2.5 Pro and Flash take the Gemini API's firm 2026-12-01, its previews' notices leave the status", () => {
  // dev.to/aideprecations (quoting the Gemini API deprecations page, read 2026-11-10): 'Shutdown: Tuesday, Dec 1, 2026.
  // Google's Gemini API retires gemini-2.5-pro and gemini-2.5-flash.' The 2026-10-16 deprecations.info read on
  // 2026-05-07 stays beside it as a conflict.
  for (const [model, replacement] of [['gemini-2.5-pro', 'gemini-3.8-flash'], ['gemini-2.5-flash', 'gemini-3.5-flash-lite']]) {
    const o = offer(model, 'google');
    assert.deepEqual([o.shutdown_date?.value, o.shutdown_date?.source], ['2026-12-01', 'developer-notices'], model);
    assert.equal(o.replacement?.value, replacement, model);
    assert.equal(isShutDownOffer(o, '2026-11-28'), false, model);
    assert.equal(isShutDownOffer(o, '2026-12-01'), true, model);
  }
  // The previews' shutdown (2025-12-02) is another id's: Google's GA listing has a notice of its own, so it is not `deprecated` by theirs.
  assert.notEqual(offer('gemini-2.5-pro', 'google').status?.source, 'deprecations-rss');
});
