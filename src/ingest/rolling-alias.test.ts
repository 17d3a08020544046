// Tests of the rolling-alias rules: a `-latest` pointer's listing dates are no release of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pointerReleaseWithheld } from './rolling-alias.ts';

test("a pointer's release date from listings is withheld with the reason; a reviewed row and a concrete model keep theirs", () => {
  // models.dev 2026-07-02: providers/openrouter/models/~google/gemini-pro-latest.toml release_date = "2026-04-27" (kilo
  // the same, nano-gpt 2026-03-29, llmgateway 2026-02-27): the days resellers listed Google's moving alias.
  const listed = { value: '2026-04-27', as_of: '2026-07-02', source: 'models-dev' };
  const held = pointerReleaseWithheld('gemini-pro-latest', listed, 'developer-releases');
  assert.equal(held?.field, 'release_date');
  assert.equal(held?.value, '2026-04-27');
  assert.match(held!.reason, /pointer gemini-pro-latest, a name its developer moves from model to model/);
  // developer-releases.csv: magistral-small-latest 2025-06-10, Mistral's announcement (https://mistral.ai/news/magistral).
  const reviewed = { value: '2025-06-10', as_of: '2026-11-26', source: 'developer-releases' };
  assert.equal(pointerReleaseWithheld('magistral-small-latest', reviewed, 'developer-releases'), undefined);
  assert.equal(pointerReleaseWithheld('gemini-3.1-pro-preview', listed, 'developer-releases'), undefined);
  assert.equal(pointerReleaseWithheld('gemini-pro-latest', undefined, 'developer-releases'), undefined);
});
