// Tests of the reviewed developer-notices table: rows to lifecycle observations of a model at its developer's API.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { translateDeveloperNotices } from './developer-notices.ts';

const HEAD = 'provider,model_id,deprecation_date,shutdown_date,replacement,url,read_on,note\n';

test('DeepSeek V3: retired on 2025-08-21 for V3.1, about the whole model at deepseek', () => {
  const { models, issues } = translateDeveloperNotices(`${HEAD}deepseek,deepseek-v3,,2025-08-21,deepseek-v3.1,https://example.org/v31,2026-11-26,"V3.1 behind deepseek-chat"\n`);
  assert.deepEqual(issues, []);
  assert.deepEqual(models, [{
    source: 'developer-notices', source_model_id: 'deepseek-v3', canonical_hint: 'deepseek-v3', provider: 'deepseek', notice_scope: 'model',
    as_of: '2026-11-26', url: 'https://example.org/v31', status: 'deprecated', shutdown_date: '2025-08-21', replacement: 'deepseek-v3.1',
  }]);
});

test('a retirement still ahead of the reading day gives its dates but no status', () => {
  const { models } = translateDeveloperNotices(`${HEAD}deepseek,deepseek-chat,2026-04-24,2026-07-24,deepseek-v4-flash,https://example.org/v4,2026-04-20,"aliases"\n`);
  assert.equal(models[0].status, undefined);
  assert.deepEqual([models[0].deprecation_date, models[0].shutdown_date], ['2026-04-24', '2026-07-24']);
});

test('a deprecation after the shutdown, or a row without its page, is an issue and stays out', () => {
  const { models, issues } = translateDeveloperNotices(HEAD
    + 'deepseek,deepseek-v3,2025-09-01,2025-08-21,,https://example.org/x,2026-11-26,"bad order"\n'
    + 'deepseek,deepseek-r1,,2025-08-21,,not a url,2026-11-26,"no page"\n');
  assert.equal(models.length, 0);
  assert.deepEqual(issues.map((i) => i.field).sort(), ['deprecation_date', 'url']);
});

test('a row naming one listing is about that listing only: its id, the listing scope', () => {
  // data/curated/developer-notices.csv: Cloudflare's changelog of 2026-05-08 lists @cf/meta/llama-3.1-8b-instruct among
  // the "Models deprecated on May 30, 2026" and keeps the -fast variants; the row names the one listing.
  const { models, issues } = translateDeveloperNotices('provider,model_id,deprecation_date,shutdown_date,replacement,url,read_on,note,listing\n'
    + 'cloudflare-workers-ai,llama-3.1-8b-instruct,,2026-05-30,,https://example.org/cf,2026-11-27,"listed",@cf/meta/llama-3.1-8b-instruct\n'
    + 'deepseek,deepseek-v3,,2025-08-21,,https://example.org/v31,2026-11-26,"whole model",\n');
  assert.deepEqual(issues, []);
  assert.deepEqual(models.map((m) => [m.source_model_id, m.canonical_hint, m.notice_scope, m.status, m.shutdown_date]), [
    ['@cf/meta/llama-3.1-8b-instruct', 'llama-3.1-8b-instruct', 'listing', 'deprecated', '2026-05-30'],
    ['deepseek-v3', 'deepseek-v3', 'model', 'deprecated', '2025-08-21'],
  ]);
});

test('a retirement announced with no day: deprecated from the announcement, no shutdown date', () => {
  // Lambda's Inference API, "winding down" as of 2026-05-29 with "No end-of-life date" (data/curated/developer-notices.csv).
  const { models, issues } = translateDeveloperNotices(`${HEAD}lambda_ai,qwen3-32b,2026-05-29,,,https://example.org/lambda,2026-11-28,"winding down"\n`);
  assert.deepEqual(issues, []);
  assert.equal(models[0].status, 'deprecated');
  assert.deepEqual([models[0].deprecation_date, models[0].shutdown_date, models[0].shutdown_not_before], ['2026-05-29', undefined, undefined]);
  // Neither date: no notice.
  assert.equal(translateDeveloperNotices(`${HEAD}lambda_ai,qwen3-32b,,,,https://example.org/lambda,2026-11-28,"x"\n`).models.length, 0);
});

// Google's Gemini API deprecations page as read on 2026-11-10 (dev.to/aideprecations, 'What to Do Before Gemini 2.5 Pro
// and 2.5 Flash Are Retired on December 1, 2026'): 'gemini-2.5-pro | Jun 17, 2025 | Dec 1, 2026 | gemini-3.8-flash';
// 'Both models are deprecated and no longer selectable in Google AI Studio.' The shutdown is 21 days after the reading.
const WORDED = 'provider,model_id,deprecation_date,shutdown_date,replacement,url,read_on,note,listing,shutdown_bound,status\n';

test("a page that calls the model deprecated before its shutdown: deprecated from that reading, no deprecation date", () => {
  const { models, issues } = translateDeveloperNotices(`${WORDED}google,gemini-2.5-pro,,2026-12-01,gemini-3.8-flash,`
    + 'https://dev.to/aideprecations/x,2026-11-10,"Both models are deprecated",,,deprecated\n');
  assert.deepEqual(issues, []);
  assert.equal(models[0].status, 'deprecated');
  assert.equal(models[0].as_of, '2026-11-10');
  assert.equal(models[0].deprecation_date, undefined);
  assert.equal(models[0].shutdown_date, '2026-12-01');
});

test('the same row without the page saying so in words is a schedule: no status before the shutdown', () => {
  const { models } = translateDeveloperNotices(`${WORDED}google,gemini-2.5-pro,,2026-12-01,gemini-3.8-flash,`
    + 'https://dev.to/aideprecations/x,2026-11-10,"a schedule",,,\n');
  assert.equal(models[0].status, undefined);
  assert.equal(models[0].shutdown_date, '2026-12-01');
});

test('a status other than deprecated is an issue and the row stays out', () => {
  const { models, issues } = translateDeveloperNotices(`${WORDED}google,gemini-2.5-pro,,2026-12-01,,https://example.org/x,2026-11-10,"x",,,active\n`);
  assert.equal(models.length, 0);
  assert.deepEqual(issues.map((i) => i.field), ['status']);
});
