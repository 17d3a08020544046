import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { readGenaiChanges } from '../sources/catalogue-genai-prices-changes.ts';
import type { CatalogueChange, IngestIssue } from '../sources/types.ts';
import { catalogueEvents } from './build-changes.ts';
import { listingRenames } from './listing-renames.ts';

/** genai-prices' price-changes-from-git.jsonl rows, quoted as the file has them (line numbers of the 2026 snapshot). */
const OPENROUTER = 'feat(openrouter): sync models from OpenRouter API (#401)';
const ROWS = {
  // line 70: the source's first commit, so the baseline of its history
  prefixedAdded: { commit: '8421a4e04c', date: '2025-06-22T10:36:06+01:00', subject: 'rename data -> prices', provider: 'openrouter', model: 'meta-llama/llama-3.3-70b-instruct', change: 'added', old: null, new: { cache_read_mtok: null, cache_write_mtok: null, input_audio_mtok: null, input_mtok: 0.1, output_audio_mtok: null, output_mtok: 0.25 } },
  // line 1169
  bareAdded: { commit: '670c89d3d1', date: '2025-06-22T18:03:19+01:00', subject: 'Update from openRouter (#3)', provider: 'openrouter', model: 'llama-3.3-70b-instruct', change: 'added', old: null, new: { cache_read_mtok: null, cache_write_mtok: null, input_audio_mtok: null, input_mtok: 0.05, output_audio_mtok: null, output_mtok: 0.24 } },
  // line 3303
  bareRemoved: { commit: 'cee9e74c11', date: '2026-06-15T15:42:50-05:00', subject: OPENROUTER, provider: 'openrouter', model: 'llama-3.3-70b-instruct', change: 'removed', old: { input_mtok: 0.05, output_mtok: 0.24 }, new: null },
  // line 3338
  prefixedRepriced: { commit: 'cee9e74c11', date: '2026-06-15T15:42:50-05:00', subject: OPENROUTER, provider: 'openrouter', model: 'meta-llama/llama-3.3-70b-instruct', change: 'prices_changed', old: { input_mtok: 0.1, output_mtok: 0.25 }, new: { input_mtok: 0.05, output_mtok: 0.24 } },
  // lines 2565, 2701, 2956, 3042: two Hugging Face backends of one model, priced apart
  novitaAdded: { commit: 'f9fd35f54b', date: '2025-11-24T17:39:34+02:00', subject: 'Huggingface prices (#218)', provider: 'huggingface_novita', model: 'Qwen/Qwen3-235B-A22B', change: 'added', old: null, new: { input_mtok: 0.16, output_mtok: 0.64 } },
  togetherAdded: { commit: 'f9fd35f54b', date: '2025-11-24T17:39:34+02:00', subject: 'Huggingface prices (#218)', provider: 'huggingface_together', model: 'Qwen/Qwen3-235B-A22B', change: 'added', old: null, new: { input_mtok: 0.2, output_mtok: 0.6 } },
  novitaRaised: { commit: '9ebd466b6a', date: '2026-03-20T20:29:49+00:00', subject: 'Prep 0.0.56 release (#318)', provider: 'huggingface_novita', model: 'Qwen/Qwen3-235B-A22B', change: 'prices_changed', old: { input_mtok: 0.16, output_mtok: 0.64 }, new: { input_mtok: 0.2, output_mtok: 0.8 } },
  togetherRemoved: { commit: '9ebd466b6a', date: '2026-03-20T20:29:49+00:00', subject: 'Prep 0.0.56 release (#318)', provider: 'huggingface_together', model: 'Qwen/Qwen3-235B-A22B', change: 'removed', old: { input_mtok: 0.2, output_mtok: 0.6 }, new: null },
};

async function read(rows: readonly object[]): Promise<CatalogueChange[]> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'listing-renames-')), 'price-changes-from-git.jsonl');
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const issues: IngestIssue[] = [];
  const changes = await readGenaiChanges(file, 'genai-prices/price-changes-from-git.jsonl', 'genai-prices', issues);
  assert.deepEqual(issues, []);
  return changes;
}

const llama = (c: CatalogueChange) => (/llama-3\.3-70b-instruct$/.test(c.source_model_id) ? 'llama-3.3-70b-instruct' : undefined);
const qwen = (c: CatalogueChange) => (/Qwen3-235B-A22B$/.test(c.source_model_id) ? 'qwen3-235b-a22b' : undefined);

test('genai-prices dropping its unprefixed duplicate of an OpenRouter listing is no hosting change; the price it handed on is a correction', async () => {
  const changes = await read([ROWS.prefixedAdded, ROWS.bareAdded, ROWS.bareRemoved, ROWS.prefixedRepriced]);
  // The removal row carries the prices the duplicate went with (line 3303: 0.05 / 0.24).
  assert.deepEqual(changes.find((c) => c.change === 'removed')?.prices, { input: 0.05, output: 0.24 });
  const { events, renamedListings } = catalogueEvents(changes, llama);
  assert.equal(renamedListings, 1);
  assert.deepEqual(events.filter((e) => e.kind === 'hosting'), []);
  // meta-llama/llama-3.3-70b-instruct's 0.1 -> 0.05 and 0.25 -> 0.24 are the duplicate's 0.05 / 0.24 (line 1169, never
  // re-priced since) taking its place: OpenRouter's listing was already at that price.
  const prices = events.filter((e) => e.kind === 'price').map((e) => [e.field, e.old, e.new, e.correction, e.provider_model_ids]);
  assert.deepEqual(prices, [
    ['input', 0.1, 0.05, true, ['meta-llama/llama-3.3-70b-instruct']],
    ['output', 0.25, 0.24, true, ['meta-llama/llama-3.3-70b-instruct']],
  ]);
  assert.match(events[0].correction_note ?? '', /dropped openrouter's listing llama-3\.3-70b-instruct of the model, priced 0\.05/);
});

test('the last listing of the model going is still the provider stopping', async () => {
  const prefixedRemoved = { ...ROWS.bareRemoved, commit: 'later', date: '2026-07-01T00:00:00Z', model: 'meta-llama/llama-3.3-70b-instruct' };
  const { events } = catalogueEvents(await read([ROWS.prefixedAdded, ROWS.bareAdded, ROWS.bareRemoved, ROWS.prefixedRepriced, prefixedRemoved]), llama);
  assert.deepEqual(events.filter((e) => e.kind === 'hosting').map((e) => [e.date, e.old, e.new, e.provider_model_ids]), [
    ['2026-07-01', true, false, ['meta-llama/llama-3.3-70b-instruct']],
  ]);
});

test('two backends of one model priced apart: one going leaves the model offered, the other\'s raise stays a price change', async () => {
  // Hugging Face's together route went on 2026-03-20 while the novita route stayed and was raised 0.16 -> 0.2 (as
  // every novita route was, by 25%), landing on together's 0.2 by chance: two ids of two backends, not one listing.
  const changes = await read([ROWS.prefixedAdded, ROWS.novitaAdded, ROWS.togetherAdded, ROWS.novitaRaised, ROWS.togetherRemoved]);
  const { events, renamedListings } = catalogueEvents(changes, qwen);
  assert.equal(renamedListings, 1);
  // The first day is Hugging Face entering the source (a correction by that rule); "release" in 9ebd466b6a's subject
  // reads as a real change.
  assert.deepEqual(events.map((e) => [e.date, e.kind, e.field, e.old, e.new, e.correction]), [
    ['2025-11-24', 'hosting', 'offered', false, true, true],
    ['2026-03-20', 'price', 'input', 0.16, 0.2, false],
    ['2026-03-20', 'price', 'output', 0.64, 0.8, false],
  ]);
});

const row = (over: Partial<CatalogueChange>): CatalogueChange => ({
  source: 'models-dev', date: '2026-03-01T10:00:00Z', commit: 'abc', change: 'added', provider: 'nano-gpt',
  source_model_id: 'zai-org/GLM-4.5-Air', field: 'offered', old: false, new: true, ...over,
});

test('the hosting of a model moves only when its first listing comes or its last one goes, read by the day', () => {
  const changes = [
    row({}),
    row({ date: '2026-03-05T10:00:00Z', source_model_id: 'zai-org/GLM-4.5-Air:thinking' }), // a second listing: unchanged
    row({ date: '2026-03-09T10:00:00Z', change: 'removed', old: true, new: false }), // the other stays: unchanged
    row({ date: '2026-03-12T09:00:00Z', change: 'removed', source_model_id: 'zai-org/GLM-4.5-Air:thinking', old: true, new: false }),
    row({ date: '2026-03-12T18:00:00Z', source_model_id: 'zai-org/glm-4.5-air' }), // gone and back the same day: unchanged
    row({ date: '2026-03-20T10:00:00Z', change: 'removed', source_model_id: 'zai-org/glm-4.5-air', old: true, new: false }),
    row({ date: '2026-03-20T10:00:00Z', provider: 'chutes' }), // another provider's listing keeps nothing at nano-gpt
  ];
  const { unchanged } = listingRenames(changes, () => 'glm-4.5-air');
  assert.deepEqual(changes.map((c) => unchanged.has(c)), [false, true, true, true, true, false, false]);
});

test('a listing held since before the history began keeps the model offered when a sibling key goes or comes', () => {
  // LiteLLM 30ebcad55e (2026-03-11) removed gemini/gemini-1.5-pro-001 while gemini/gemini-1.5-pro, listed when the history
  // began and still in the 2026-07-24 snapshot, has no row of its own: the model stayed listed at gemini.
  const removed = row({ source: 'litellm', provider: 'gemini', date: '2026-03-11T18:26:34Z', change: 'removed', source_model_id: 'gemini/gemini-1.5-pro-001', old: true, new: false });
  const held = [{ source: 'litellm', provider: 'gemini', provider_model_id: 'gemini-1.5-pro', source_model_id: 'gemini/gemini-1.5-pro' }];
  const model = () => 'gemini-1.5-pro';
  assert.equal(listingRenames([removed], model).unchanged.has(removed), false, 'without the held listing the removal is a stop');
  assert.equal(listingRenames([removed], model, held, model).unchanged.has(removed), true);
  // A held listing of another model, or at another provider, keeps nothing.
  assert.equal(listingRenames([removed], model, held, () => 'gemini-1.5-flash').unchanged.has(removed), false);
  assert.equal(listingRenames([removed], model, [{ ...held[0], provider: 'google-vertex' }], model).unchanged.has(removed), false);
});

test('a hosting row that names no provider makes no event', () => {
  // LiteLLM's removal of gpt-3.5-turbo-0301 (30ebcad55e, 2026-03-11): a baseline key gone from the snapshot, provider unknown.
  const base = row({ source: 'litellm', date: '2025-02-06T02:56:03Z', source_model_id: 'gpt-4o' });
  const gone = row({ source: 'litellm', date: '2026-03-11T18:26:34Z', change: 'removed', provider: undefined, source_model_id: 'gpt-3.5-turbo-0301', old: true, new: false });
  const out = catalogueEvents([base, gone], (c) => (c.source_model_id === 'gpt-3.5-turbo-0301' ? 'gpt-3.5-turbo' : 'gpt-4o'));
  assert.equal(out.noProvider, 1);
  assert.deepEqual(out.events, []);
});
