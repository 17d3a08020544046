import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CatalogueChange, RatingHistoryPoint } from '../sources/types.ts';
import { catalogueEvents, correctionOf, ratingEvents } from './build-changes.ts';

const change = (over: Partial<CatalogueChange>): CatalogueChange => ({
  source: 'models-dev', date: '2026-03-01T10:00:00Z', commit: 'abc', subject: 'update', change: 'changed',
  provider: 'anthropic', source_model_id: 'claude-x', field: 'input', old: 3, new: 2, ...over,
});

test('a source\'s first commit is its baseline, not a change', () => {
  const { events, baseline } = catalogueEvents([
    change({ date: '2025-06-04T00:00:00Z', field: 'offered', old: false, new: true, change: 'added' }),
    change({}),
  ], () => 'claude-x');
  assert.equal(baseline, 1);
  assert.equal(events.length, 1);
  assert.equal(events[0].kind, 'price');
});

test('the same change seen by two sources within a week is one event, corroborated', () => {
  const { events } = catalogueEvents([
    change({ date: '2025-01-01T00:00:00Z', field: 'output' }),
    change({ date: '2025-01-01T00:00:00Z', source: 'litellm', field: 'output' }),
    change({}),
    change({ source: 'litellm', date: '2026-03-04T00:00:00Z' }),
  ], () => 'claude-x');
  const price = events.filter((e) => e.field === 'input');
  assert.equal(price.length, 1);
  assert.equal(price[0].date, '2026-03-01');
  assert.deepEqual(price[0].corroborated_by, ['litellm']);
});

test('commit subjects tell corrections from changes; silence stays null', () => {
  assert.equal(correctionOf('fix wrong price for gpt-4o'), true);
  assert.equal(correctionOf('Update pricing for Claude'), false);
  assert.equal(correctionOf('sync'), null);
});

test('rating events: first appearance, then moves of 10 points or more', () => {
  const p = (date: string, rating: number): RatingHistoryPoint => ({ source: 'lmarena', source_model_id: 'm-thinking', leaderboard: 'text', category: 'overall', date, rating });
  const { events } = ratingEvents([p('2025-01-01', 1300), p('2025-01-08', 1305), p('2025-01-15', 1312), p('2025-01-22', 1290)], () => 'm');
  assert.deepEqual(events.map((e) => [e.date, e.old, e.new]), [['2025-01-01', null, 1300], ['2025-01-15', 1300, 1312], ['2025-01-22', 1312, 1290]]);
  assert.equal(events[0].variant, 'm-thinking');
});

test('a scheduled change (a source\'s own start date) is never the source\'s baseline, and carries no commit', () => {
  const { events, baseline } = catalogueEvents([
    change({ source: 'genai-prices-npm', date: '2025-06-10', commit: undefined, scheduled: true, subject: 'scheduled price change', old: 10, new: 2 }),
  ], () => 'o3');
  assert.equal(baseline, 0);
  assert.deepEqual(events.map((e) => [e.date, e.old, e.new, e.correction, e.commit]), [['2025-06-10', 10, 2, false, undefined]]);
});

test('only the developer\'s own listing (or a source without providers) makes a licence event; resellers\' flags do not', () => {
  const { events, unknownLicence } = catalogueEvents([
    change({ date: '2025-06-04T00:00:00Z' }), // the source's baseline
    change({ provider: 'venice', field: 'open_weights', old: true, new: null }),
    change({ provider: 'vercel', field: 'open_weights', old: null, new: false }),
    // models.dev's cloudflare-ai-gateway file flipped gpt-oss-120b to closed on 2025-12-07; its weights stayed Apache-2.0.
    change({ provider: 'cloudflare-ai-gateway', field: 'open_weights', old: true, new: false }),
    change({ provider: 'zai', field: 'open_weights', old: false, new: true }),
    change({ provider: 'zai', field: 'open_weights', old: true, new: null }), // the developer's file losing the field
    change({ provider: undefined, field: 'licence', old: null, new: 'MIT' }),
  ], () => 'glm-5.1', (provider) => provider === 'zai');
  assert.equal(unknownLicence, 4);
  assert.deepEqual(events.map((e) => [e.provider ?? null, e.field, e.old, e.new]), [['zai', 'open_weights', false, true], [null, 'licence', null, 'MIT']]);
});

test('float noise in a source is no price change: 0.19999999999999998 -> 0.2; served values are rounded', () => {
  // models.dev field-changes-from-git.jsonl.gz, 285ca1a865: vercel grok-build-0.1 cost.cache_read 0.19999999999999998 -> 0.2.
  const { events } = catalogueEvents([
    change({ date: '2025-01-01T00:00:00Z' }),
    change({ field: 'input', old: 0.19999999999999998, new: 0.2 }),
    change({ date: '2026-04-01T00:00:00Z', field: 'output', old: 0.7899999999999999, new: 0.5 }),
  ], () => 'claude-x');
  assert.deepEqual(events.map((e) => [e.field, e.old, e.new]), [['output', 0.79, 0.5]]);
});

test('a rolling alias re-pointed to another model makes no price event; a dated listing of the same model does', () => {
  // genai-prices (npm 0.1.8) openrouter anthropic/claude-opus-latest: $5/$25 to 2026-09-21, $4/$20 from 2026-09-22,
  // when OpenRouter re-pointed the alias (not a price change of any Claude model).
  const { events, rolling } = catalogueEvents([
    change({ date: '2025-01-01T00:00:00Z' }),
    change({ provider: 'openrouter', source_model_id: 'anthropic/claude-opus-latest', old: 5, new: 4 }),
    change({ provider: 'openrouter', source_model_id: 'anthropic/claude-3-opus', old: 15, new: 14 }),
  ], () => 'claude-x');
  assert.equal(rolling, 1);
  assert.deepEqual(events.map((e) => [e.provider, e.old, e.new]), [['openrouter', 15, 14]]);
});

test('each event names the listings it was recorded on: one change on two listings is one event, two changes stay two', () => {
  const { events } = catalogueEvents([
    change({ date: '2025-01-01T00:00:00Z', field: 'output' }),
    change({ date: '2025-01-01T00:00:00Z', source: 'litellm', field: 'output' }),
    // Bedrock's in-region endpoint (10% above) and its global one, cut the same day by different amounts.
    change({ provider: 'amazon-bedrock', provider_model_id: 'regional.openai.gpt-5.6-sol', source_model_id: 'aws/regional.openai.gpt-5.6-sol', old: 5.5, new: 4.4 }),
    change({ provider: 'amazon-bedrock', provider_model_id: 'global.openai.gpt-5.6-sol', source_model_id: 'aws/global.openai.gpt-5.6-sol', old: 5, new: 4 }),
    // Two listings cut alike, one spelled in capitals by a second source: one event, each listing once.
    change({ provider: 'amazon-bedrock', provider_model_id: 'us.anthropic.claude-x-v1', source_model_id: 'b/us.anthropic.claude-x-v1' }),
    change({ provider: 'amazon-bedrock', provider_model_id: 'eu.anthropic.claude-x-v1', source_model_id: 'b/eu.anthropic.claude-x-v1' }),
    change({ provider: 'amazon-bedrock', provider_model_id: 'US.anthropic.claude-x-v1', source: 'litellm', source_model_id: 'bedrock/US.anthropic.claude-x-v1' }),
  ], () => 'claude-x');
  const at = (old: number) => events.filter((e) => e.field === 'input' && e.old === old);
  assert.deepEqual(at(5.5).map((e) => e.provider_model_ids), [['regional.openai.gpt-5.6-sol']]);
  assert.deepEqual(at(5).map((e) => e.provider_model_ids), [['global.openai.gpt-5.6-sol']]);
  // Each listing once, as the first source (by rank) spelled it.
  assert.deepEqual(at(3).map((e) => e.provider_model_ids?.map((id) => id.toLowerCase()).sort()), [['eu.anthropic.claude-x-v1', 'us.anthropic.claude-x-v1']]);
  assert.equal(at(3)[0].source, 'litellm');
  assert.deepEqual(at(3)[0].corroborated_by, ['models-dev']);
  assert.notEqual(at(5.5)[0].id, at(5)[0].id);
});

test('a price field appearing or going is no price change; a move between two prices, 0 included, is', () => {
  // models.dev e796e9e71d (2026-06-27, "chore(sync): update Vercel AI Gateway model catalog") gave Vercel's
  // anthropic/claude-3.5-haiku an input price where it had none; a later drop of the field is the same bookkeeping.
  const rows = [
    change({ date: '2025-06-04T00:00:00Z', field: 'offered', old: false, new: true, change: 'added' }),
    change({ date: '2026-06-27T00:00:00Z', provider: 'vercel', source_model_id: 'anthropic/claude-3.5-haiku', old: null, new: 0.8 }),
    change({ date: '2026-07-10T00:00:00Z', provider: 'vercel', source_model_id: 'anthropic/claude-3.5-haiku', old: 0.8, new: null }),
    change({ date: '2026-07-12T00:00:00Z', old: 2, new: 0 }),
    change({ date: '2026-07-20T00:00:00Z', field: 'offered', old: true, new: false, change: 'removed' }),
  ];
  const { events, priceListed } = catalogueEvents(rows, () => 'claude-x');
  assert.equal(priceListed, 2);
  assert.deepEqual(events.map((e) => [e.date, e.kind, e.old, e.new]).sort(),
    [['2026-07-12', 'price', 2, 0], ['2026-07-20', 'hosting', true, false]]);
});

test('a listing removed when the source declared the provider falls back to another that lists the model is no stop', () => {
  // genai-prices d062d87193 (2026-01-13, "Fallback model providers") removed azure/gpt-4.1; azure falls back to openai,
  // which lists gpt-4.1, and LiteLLM still lists azure/gpt-4.1.
  const removal = (over: Partial<CatalogueChange> = {}) => change({
    source: 'genai-prices', date: '2026-01-13T12:42:34Z', commit: 'd062d87193', subject: 'Fallback model providers (#255)', change: 'removed',
    provider: 'azure', source_model_id: 'azure/gpt-4.1', provider_model_id: 'gpt-4.1', field: 'offered', old: true, new: false,
    falls_back_to: ['openai', 'anthropic'], ...over,
  });
  const listed = (provider: string) => (provider === 'openai' ? ['genai-prices-npm', 'litellm'] : provider === 'azure' ? ['litellm', 'genai-prices-npm'] : []);
  const run = (c: CatalogueChange, shut?: string) =>
    catalogueEvents([change({ date: '2025-01-01T00:00:00Z', source: 'genai-prices', provider: 'azure', source_model_id: 'azure/gpt-4.1' }), c], () => 'gpt-4.1', undefined, [], [], [], listed, () => shut).events
      .filter((e) => e.kind === 'hosting');
  const [e] = run(removal());
  assert.equal(e.correction, true);
  assert.equal(e.correction_note, 'genai-prices dropped azure\'s listing gpt-4.1 when it declared that azure\'s prices fall back to other providers\' '
    + '(fallback_model_providers), and openai lists the model; litellm still lists it at azure: the catalogue restructuring, not a stop of the hosting');
  // No fallback provider lists the model: a stop, whoever else lists it.
  assert.equal(run(removal({ falls_back_to: ['anthropic'] }))[0].correction, null);
  // A listing already shut down (Azure's gpt-4-32k, 2025-06-06) is left to the late-stop rule.
  assert.equal(run(removal(), '2025-06-06')[0].correction, null);
  assert.equal(run(removal({ falls_back_to: undefined }))[0].correction, null);
});

test('a change the source states real (a promotion\'s end) is a change with its basis, not "does not say"', () => {
  // Scheduled list-price entries carry no commit; the promotion's end says itself why the price moved.
  const basis = 'a real change: the promotion ended 2026-09-09 16:00 UTC, as the listing\'s price comment states';
  const { events } = catalogueEvents([
    change({ date: '2025-06-04T00:00:00Z', field: 'offered', old: false, new: true, change: 'added' }),
    change({ date: '2026-09-10', commit: undefined, scheduled: true, subject: 'promotion ended', real_change: basis, old: 0.075, new: 0.15 }),
    change({ date: '2026-10-01T00:00:00Z', subject: 'sync', old: 0.15, new: 0.2 }),
  ], () => 'claude-x');
  const [ended, synced] = events.filter((e) => e.field === 'input').sort((a, b) => a.date.localeCompare(b.date));
  assert.deepEqual([ended.correction, ended.correction_note], [false, basis]);
  // A commit whose subject says nothing stays undecided.
  assert.equal(synced.correction, null);
});
