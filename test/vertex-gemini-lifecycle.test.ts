// Gemini on Vertex AI is dated by Google Cloud's own lifecycle page, Google AI Studio's offer by the Gemini API's page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isShutDownOffer, offerLifecycleState } from '../src/engines/offer-lifecycle.ts';
import { get_model } from '../src/ops/get-model.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
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

// The same page of the Gemini API, as read on 2026-11-10 (dev.to/aideprecations): 'Both models are deprecated and no
// longer selectable in Google AI Studio.' and 'Not affected: gemini-2.5-flash-lite "is not deprecated and remains
// available through the API until further notice."' Google's table has no deprecation column ('Model | Release date |
// Shutdown date | Recommended replacement'), so no deprecation day is known for either.
test('Gemini 2.5 Pro and Flash are deprecated by the Gemini API page read 2026-11-10, with no deprecation day; Flash-Lite is not', () => {
  for (const model of ['gemini-2.5-pro', 'gemini-2.5-flash']) {
    const m = ds.models.find((x) => x.id === model)!;
    assert.deepEqual([m.status?.value, m.status?.source, m.status?.as_of], ['deprecated', 'developer-notices', '2026-11-10'], model);
    assert.equal(m.deprecation_date, undefined, `${model}: 2026-10-16 was the table's shutdown day, not an announcement`);
    assert.deepEqual([m.shutdown_date?.value, m.shutdown_not_before], ['2026-12-01', undefined], model);
    const o = offer(model, 'google');
    assert.deepEqual([o.status?.value, o.status?.source, o.deprecation_date], ['deprecated', 'developer-notices', undefined], model);
  }
  const lite = ds.models.find((x) => x.id === 'gemini-2.5-flash-lite')!;
  assert.equal(lite.status?.value, 'active');
  assert.equal(lite.status?.note, 'the developer serves it (its listing read 2026-09-23); no retirement announced');
  assert.deepEqual([lite.deprecation_date, lite.shutdown_date, lite.replacement], [undefined, undefined, undefined]);
  // The withdrawn reading stays visible, with why it is not served.
  assert.deepEqual(lite.withheld?.map((w) => [w.field, w.value, w.source]),
    [['shutdown_date', '2026-10-16', 'deprecations-rss'], ['replacement', 'gemini-3.1-flash-lite', 'deprecations-rss']]);
  const studio = offer('gemini-2.5-flash-lite', 'google');
  assert.deepEqual([studio.status, studio.shutdown_date, studio.deprecation_date], [undefined, undefined, undefined]);
  assert.equal(isShutDownOffer(studio, '2026-11-28'), false);
  // Its 06-17 preview, shut down on 2025-11-18, is still a model of its own.
  assert.equal(ds.models.find((x) => x.id === 'gemini-2.5-flash-lite-preview-06-17')?.shutdown_date?.value, '2025-11-18');
});

test("get_model says why gemini-2.5-flash-lite has no shutdown day: Google withdrew deprecations.info's 2026-10-16", () => {
  const sheet = get_model.handler(ds, get_model.input.parse({ model_id: 'gemini-2.5-flash-lite' }), { today: '2026-11-28' }) as {
    shutdown_date: unknown; missing: Array<{ field: string; reason: string }>;
  };
  assert.equal(sheet.shutdown_date, null);
  const why = (f: string) => sheet.missing.find((m) => m.field === f)?.reason ?? '';
  assert.match(why('shutdown_date'), /^withheld: 2026-10-16 \(deprecations-rss\) set aside by the service's review of a withdrawn notice: /);
  assert.match(why('shutdown_date'), /is not deprecated and remains available through the API until further notice/);
  assert.match(why('replacement'), /^withheld: gemini-3\.1-flash-lite \(deprecations-rss\)/);
  // No deprecation day was ever Google's: the status says why it has none.
  assert.equal(why('deprecation_date'), 'not applicable: status is active');
});
