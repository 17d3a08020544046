// Tests of search_models: pagination, summaries, sort rules, input bounds; the catalogue examples on the committed dataset.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { aDataset, aModel, anOffer, aProvider, aRating, f } from '../dataset/fixtures.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { ServiceError } from '../errors/index.ts';
import { cheapest_for } from './cheapest-for.ts';
import { compare_models } from './compare-models.ts';
import { get_model } from './get-model.ts';
import { get_podium } from './get-podium.ts';
import { search_models } from './search-models.ts';

const ctx = { today: '2026-10-01' };
const run = (ds: ReturnType<typeof aDataset>, input: Record<string, unknown>) => search_models.handler(ds, search_models.input.parse(input), ctx) as {
  sort: string; items: Array<Record<string, any>>; page: { total: number; limit: number; next_cursor: string | null };
};

const ids = Array.from({ length: 7 }, (_, i) => `model-${i}`);
const ds = aDataset({
  providers: [aProvider({ id: 'cheap', name: 'Cheap Cloud' })],
  models: ids.map((id, i) => aModel({ id, name: f(`Model ${i}`), open_weights: i === 0 ? f(true) : undefined })),
  offers: [
    anOffer({ model_id: 'model-0', provider: 'cheap', prices: { input: f(1), output: f(3) } }),
    anOffer({ model_id: 'model-0', provider: 'dear', prices: { input: f(10), output: f(30) } }),
  ],
  ratings: ids.map((model_id, i) => aRating({ model_id, rating: 1400 - i, rating_lower: 1390 - i, rating_upper: 1410 - i }))
    .concat(aRating({ model_id: 'model-0', variant: 'model-0-thinking', rating: 1450, rating_lower: 1440, rating_upper: 1460 })),
});

test('pages follow the cursor to the end: every model once, in order, and the last page has no next cursor', () => {
  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const out = run(ds, { limit: 3, ...(cursor ? { cursor } : {}) });
    seen.push(...out.items.map((i) => i.id));
    assert.equal(out.page.total, 7);
    cursor = out.page.next_cursor ?? undefined;
    pages++;
  } while (cursor);
  assert.equal(pages, 3);
  assert.deepEqual(seen, ids);
});

test('a forged cursor is an invalid_parameter, not a crash', () => {
  assert.throws(() => run(ds, { cursor: 'bm9wZQ' }), (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter');
});

test('the summary names the best variant and the cheapest offer at input share 0.75; unknown facts are null', () => {
  const out = run(ds, { q: 'model 0' });
  assert.equal(out.sort, 'relevance');
  const s = out.items[0];
  assert.equal(s.id, 'model-0');
  assert.equal(s.overall_rating.variant, 'model-0-thinking');
  assert.equal(s.overall_rating.rating, 1450);
  assert.equal(s.cheapest_offer.provider, 'cheap');
  assert.equal(s.cheapest_offer.provider_name, 'Cheap Cloud');
  assert.deepEqual(s.cheapest_offer.blended_price, { value: 1.5, input_share: 0.75, derived_from: ['prices.input', 'prices.output'] });
  assert.equal(s.open_weights.value, true);
  assert.equal(s.context_window, null);
  assert.equal(s.release_date, null);
  assert.ok(search_models.output.safeParse(out).success, 'output matches the declared schema');
});

test('sort defaults to elo without q; relevance without q is refused; q must hold a letter or digit', () => {
  assert.equal(run(ds, {}).sort, 'elo');
  assert.throws(() => run(ds, { sort: 'relevance' }), (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter' && e.options.errors![0].parameter === 'sort');
  assert.throws(() => run(ds, { q: '---' }), (e: unknown) => e instanceof ServiceError && e.options.errors![0].parameter === 'q');
  // "é" is a letter (Unicode category Ll): a search, not a 400. Accents fold away: "Mödel 0" finds "Model 0".
  assert.ok(Array.isArray(run(ds, { q: 'é' }).items));
  assert.equal(run(ds, { q: 'Mödel 0' }).items[0].id, ids[0]);
});

test('the input schema rejects unknown parameters and out-of-range values', () => {
  assert.equal(search_models.input.safeParse({ colour: 'red' }).success, false);
  assert.equal(search_models.input.safeParse({ limit: 101 }).success, false);
  assert.equal(search_models.input.safeParse({ capability: ['telepathy'] }).success, false);
  assert.equal(search_models.input.safeParse({ released_after: '2024-02-30' }).success, false);
});

test('release_date sort and released_after say how many matches have no release date', () => {
  // Two of seven fixture models are dated (2025-03-01, 2026-07-09); five are not.
  const dated = aDataset({
    models: ids.map((id, i) => aModel({ id, name: f(`Model ${i}`), release_date: i === 2 ? f('2025-03-01') : i === 5 ? f('2026-07-09') : undefined })),
  });
  const sorted = run(dated, { sort: 'release_date' }) as ReturnType<typeof run> & { undated?: { count: number; placed: string; note: string } };
  assert.deepEqual(sorted.items.slice(0, 2).map((m) => m.id), ['model-5', 'model-2']);
  assert.deepEqual({ count: sorted.undated?.count, placed: sorted.undated?.placed }, { count: 5, placed: 'last' });
  assert.equal(sorted.undated?.note, '5 matching models have no release date: they follow every dated model, ordered by arena rating');
  const after = run(dated, { released_after: '2026-01-01' }) as typeof sorted;
  assert.deepEqual(after.items.map((m) => m.id), ['model-5']);
  assert.deepEqual({ count: after.undated?.count, placed: after.undated?.placed }, { count: 5, placed: 'left_out' });
  assert.match(after.undated!.note, /none can be shown released after 2026-01-01/);
  // Other filters still apply to the count: one undated model matches `Model 6`.
  assert.equal((run(dated, { q: 'model 6', sort: 'release_date' }) as typeof sorted).undated?.count, 1);
  assert.equal((run(dated, {}) as typeof sorted).undated, undefined, 'no date asked for: nothing said');
  assert.ok(search_models.output.safeParse(sorted).success);
});

test('released_after admits a bounded release only where its bound proves it; the rest are counted, not dropped silently', () => {
  // model-1: public "on or before 2026-09-23" (a catalogue's later copy, as gpt-6-sol); model-3: weights not public
  // before 2025-06-25 (a repository's creation day, as gemma-3n-e4b-it), read public on 2026-11-01; model-4: the day 2026-08-10; model-6:
  // "on or before 2025-03-01". By hand, released_after=2026-08-01: model-4 proven (08-10 > 08-01); model-1 may be
  // after (its bound 09-23 is later) but may be from 2025, so it is left out and counted; model-3 may be after (no end)
  // and is counted; model-6 cannot be after (public by 2025-03-01), so it is neither admitted nor counted.
  // Data as of 2026-09-23, as the committed dataset: model-1's bound is the snapshot's own day.
  const bounded = aDataset({
    data_as_of: '2026-09-23',
    models: ids.map((id, i) => aModel({ id, name: f(`Model ${i}`), release_date:
      i === 1 ? { ...f('2026-09-23'), bound: 'on_or_before' as const } : i === 3 ? { ...f('2025-06-25', undefined, '2026-11-01'), bound: 'on_or_after' as const }
        : i === 4 ? f('2026-08-10') : i === 6 ? { ...f('2025-03-01'), bound: 'on_or_before' as const } : undefined })),
  });
  type Said = ReturnType<typeof run> & { bounded?: { count: number; placed: string; note: string; models?: string[] }; undated?: { count: number } };
  const after = run(bounded, { released_after: '2026-08-01' }) as Said & { bounded_in_results?: unknown };
  assert.deepEqual(after.items.map((m) => m.id), ['model-4']);
  assert.deepEqual({ count: after.bounded?.count, placed: after.bounded?.placed }, { count: 2, placed: 'left_out' });
  // Named in the release order: model-3 (2025-06-25), then model-1, whose bound is the snapshot's day (2026-09-23) and
  // places it after every dated model (it led them before, as if newest).
  assert.deepEqual(after.bounded?.models, ['model-3', 'model-1']);
  assert.match(after.bounded!.note, /^2 matching models have only a bound of their release .* may lie after 2026-08-01 but does not prove it/);
  assert.equal(after.undated?.count, 3, 'model-0, -2, -5 have no date');
  // A lower bound proves any earlier day: the weights were not public before 2025-06-25.
  assert.deepEqual(run(bounded, { released_after: '2025-06-24' }).items.map((m) => m.id).sort(), ['model-3', 'model-4']);
  // The old reading admitted model-6 for released_after=2025-02-01 (2025-03-01 > 2025-02-01) though it may be from 2024.
  const feb = run(bounded, { released_after: '2025-02-01' }) as Said;
  assert.deepEqual(feb.items.map((m) => m.id).sort(), ['model-3', 'model-4']);
  assert.equal(feb.bounded?.count, 2, 'model-1 and model-6 may be after 2025-02-01, neither proven');
  // Sorted by release date, each bounded release sits at its bound, and the answer says so; model-1, known only as public
  // on the snapshot's day, follows the dated ones (model-4 2026-08-10, model-3 2025-06-25, model-6 2025-03-01) and
  // precedes the three undated: it led the list before, as if released on 2026-09-23.
  type Snap = Said & { snapshot_bounded?: { count: number; day: string; models: string[]; placed: string; note: string } };
  const sorted = run(bounded, { sort: 'release_date' }) as Snap;
  assert.deepEqual(sorted.items.slice(0, 4).map((m) => m.id), ['model-4', 'model-3', 'model-6', 'model-1']);
  assert.deepEqual({ count: sorted.bounded?.count, placed: sorted.bounded?.placed }, { count: 2, placed: 'at_bound' });
  const { note: snapNote, ...snap } = sorted.snapshot_bounded!;
  assert.deepEqual(snap, { count: 1, day: '2026-09-23', models: ['model-1'], placed: 'after_dated' });
  assert.match(snapNote, /^1 result is known only as released on or before 2026-09-23, the day of the newest snapshot/);
  assert.match(sorted.bounded!.note, /each is placed at its bound/);
  assert.equal(sorted.bounded?.models, undefined, 'sorted, they are among the results: not named again');
  assert.equal((run(bounded, {}) as Said).bounded, undefined, 'no date asked for: nothing said');
  // Public by 2026-09-23 cannot be after it: only model-3, public by 2026-11-01, is counted; after 2026-11-01, none.
  assert.equal((run(bounded, { released_after: '2026-09-23' }) as Said).bounded?.count, 1);
  assert.equal((run(bounded, { released_after: '2026-11-01' }) as Said).bounded, undefined, 'none may lie after: nothing said');
  assert.ok(search_models.output.safeParse(after).success && search_models.output.safeParse(sorted).success);
  // Both at once (released_after=2025-06-24, sorted by release): model-3 is a result placed at its lower bound, and
  // model-1 (on or before 2026-09-23) is left out; one of each, so each note speaks of one model.
  type Both = Said & { bounded_in_results?: { count: number; placed: string; note: string } };
  const both = run(bounded, { released_after: '2025-06-24', sort: 'release_date' }) as Both;
  assert.deepEqual(both.items.map((m) => m.id), ['model-4', 'model-3']);
  assert.deepEqual({ count: both.bounded?.count, placed: both.bounded?.placed, models: both.bounded?.models }, { count: 1, placed: 'left_out', models: ['model-1'] });
  assert.match(both.bounded!.note, /^1 matching model has only a bound of its release .* so it is left out \(`models` names it\)/);
  assert.deepEqual({ count: both.bounded_in_results?.count, placed: both.bounded_in_results?.placed }, { count: 1, placed: 'at_bound' });
  assert.equal(after.bounded_in_results, undefined, 'not sorted by release: nothing placed');
  assert.ok(search_models.output.safeParse(both).success);
});

test('include_bounded admits the releases a bound leaves open past released_after, named as possible, never as proven', () => {
  // The same releases as above. By hand, released_after=2026-08-01: model-4 proven (2026-08-10); model-1 "on or before
  // 2026-09-23" and model-3 "on or after 2025-06-25" (public by 2026-11-01) may lie after it; model-6 "on or before
  // 2025-03-01" cannot; models 0, 2, 5 have no date. With include_bounded: model-4, model-1 and model-3, in arena order
  // (none rated: by id), and `bounded` names the two admitted only as possible.
  // Data as of 2026-09-23, as the committed dataset: model-1's bound is the snapshot's own day.
  const bounded = aDataset({
    data_as_of: '2026-09-23',
    models: ids.map((id, i) => aModel({ id, name: f(`Model ${i}`), release_date:
      i === 1 ? { ...f('2026-09-23'), bound: 'on_or_before' as const } : i === 3 ? { ...f('2025-06-25', undefined, '2026-11-01'), bound: 'on_or_after' as const }
        : i === 4 ? f('2026-08-10') : i === 6 ? { ...f('2025-03-01'), bound: 'on_or_before' as const } : undefined })),
  });
  type Said = ReturnType<typeof run> & { bounded?: { count: number; placed: string; note: string; models?: string[] }; undated?: { count: number } };
  const wide = run(bounded, { released_after: '2026-08-01', include_bounded: true }) as Said;
  assert.deepEqual(wide.items.map((m) => m.id).sort(), ['model-1', 'model-3', 'model-4']);
  assert.deepEqual({ count: wide.bounded?.count, placed: wide.bounded?.placed, models: wide.bounded?.models },
    { count: 2, placed: 'included', models: ['model-3', 'model-1'] }); // release order: model-1's bound is the snapshot's day
  assert.match(wide.bounded!.note, /among the results as possibly released after it .* not as released after it/);
  assert.equal(wide.undated?.count, 3, 'undated models stay out: nothing bounds them');
  assert.ok(search_models.output.safeParse(wide).success);
  // Off by default: the proven answer and its note, which now says how to ask for the rest.
  const strict = run(bounded, { released_after: '2026-08-01' }) as Said;
  assert.deepEqual(strict.items.map((m) => m.id), ['model-4']);
  assert.match(strict.bounded!.note, /include_bounded=true admits them as possibly released after it/);
  assert.deepEqual(run(bounded, { released_after: '2026-08-01', include_bounded: false }), strict);
  // A bound that cannot reach past the day stays out: after 2026-09-23 only model-3 (public by 2026-11-01) may be.
  assert.deepEqual(run(bounded, { released_after: '2026-09-23', include_bounded: true }).items.map((m) => m.id), ['model-3']);
  // Without released_after it changes nothing.
  assert.deepEqual(run(bounded, { include_bounded: true }), run(bounded, {}));
});

const committed = path.resolve(import.meta.dirname, '../../data/dataset');
/** The committed dataset, loaded once for the tests here that read it: it is frozen, and each load costs 1 to 2 s of CPU. */
let shared: Dataset | undefined;
const committedOnce = (): Dataset => (shared ??= committedDataset());

test('committed dataset: every example of the five catalogue operations succeeds and matches its output schema', { skip: !existsSync(path.join(committed, 'meta.json')) }, () => {
  const real = committedOnce();
  for (const op of [search_models, get_model, compare_models, cheapest_for, get_podium]) {
    assert.ok(op.examples.length >= 2, op.name);
    for (const ex of op.examples) {
      const out = op.handler(real, op.input.parse(ex.input), ctx);
      const parsed = op.output.safeParse(out);
      assert.ok(parsed.success, `${op.name} / ${ex.title}: ${parsed.success ? '' : parsed.error.message}`);
      const items = (out as { items?: unknown[]; podium?: unknown[] }).items ?? (out as { podium?: unknown[] }).podium;
      if (items) assert.ok(items.length > 0, `${op.name} / ${ex.title} finds something`);
    }
  }
});

test('benchmark: the score used is on each result; sort=benchmark needs benchmark; an unknown name lists the known ones', () => {
  // models/openai/gpt-5.5.toml and models/google/gemini-3.1-pro-preview.toml (models.dev 2026-07-02): SWE-Bench Pro
  // 58.6 and 54.2, resolve rate, source https://www.anthropic.com/news/claude-opus-4-8, date 2026-05-28.
  const score = (s: number) => f({ name: 'SWE-Bench Pro', score: s, metric: 'resolve rate', url: 'https://www.anthropic.com/news/claude-opus-4-8' }, 'test-source', '2026-05-28');
  const bds = aDataset({ models: [aModel({ id: 'gemini-3.1-pro-preview', benchmarks: [score(54.2)] }), aModel({ id: 'gpt-5.5', benchmarks: [score(58.6)] }), aModel({ id: 'plain' })] });
  const out = run(bds, { benchmark: 'swe-bench-pro' });
  assert.equal(out.sort, 'benchmark', 'the default order with a benchmark and no q');
  assert.deepEqual(out.items.map((i) => [i.id, i.benchmark.value.score]), [['gpt-5.5', 58.6], ['gemini-3.1-pro-preview', 54.2]]);
  assert.equal(out.items[0].benchmark.as_of, '2026-05-28');
  assert.ok(search_models.output.safeParse(out).success, 'output matches the declared schema');
  assert.equal(run(bds, {}).items.every((i) => i.benchmark === undefined), true);
  assert.throws(() => run(bds, { sort: 'benchmark' }), (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter' && e.options.errors![0].parameter === 'sort');
  assert.throws(() => run(bds, { benchmark: 'mmlu' }), (e: unknown) =>
    e instanceof ServiceError && e.code === 'invalid_parameter' && e.options.errors![0].parameter === 'benchmark' && e.options.errors![0].allowed === 'SWE-Bench Pro');
  assert.equal(search_models.input.safeParse({ benchmark: '--' }).success, false, 'a name needs a letter or digit');
  assert.equal(search_models.input.safeParse({ benchmark: '' }).success, false);
});

test('"gemini pro" lists the served Gemini Pro models before Gemini 1.0 Pro, which Google shut down', { skip: !existsSync(committed) }, () => {
  // Google's deprecations table (deprecations-rss): gemini-1.0-pro shut down on 2025-02-18; the catalogue's
  // gemini-pro is that model ("gemini 1.0 pro"). Both words match it as well as Gemini 2.5 or 3.1 Pro.
  const real = committedOnce();
  const out = search_models.handler(real, search_models.input.parse({ q: 'gemini pro', limit: 100 }), { today: '2026-11-27' }) as {
    items: Array<{ id: string; status?: { value: string } | null; shutdown_date?: { value: string } | null }>;
  };
  const at = out.items.findIndex((i) => i.id === 'gemini-pro');
  assert.ok(at > 0, 'gemini-pro is still found');
  const old = out.items[at]!;
  assert.deepEqual([old.status?.value, old.shutdown_date?.value], ['deprecated', '2025-02-18']);
  assert.ok(out.items.slice(0, at).every((i) => !i.shutdown_date || i.shutdown_date.value > '2026-09-23'), 'every model before it is served');
  assert.ok(out.items.slice(0, at).some((i) => i.id === 'gemini-2.5-pro' || i.id === 'gemini-3.1-pro-preview'));
});

test('sort=price: an embedder comes after every language model with a price, however cheap its input tokens', () => {
  // bge-m3 sells input tokens only ($0.012 in, $0 out: 0.009 blended at 75% input), below the chat model's $0.1/$0.1.
  const ds = aDataset({
    models: [aModel({ id: 'bge-m3' }), aModel({ id: 'chat-1b' }), aModel({ id: 'unpriced-8b' })],
    offers: [
      anOffer({ model_id: 'bge-m3', provider: 'a', prices: { input: f(0.012), output: f(0) } }),
      anOffer({ model_id: 'chat-1b', provider: 'a', prices: { input: f(0.1), output: f(0.1) } }),
    ],
  });
  // By default only language models are listed: bge-m3 is left out, and named as an embedder left out.
  const out = run(ds, { sort: 'price' }) as ReturnType<typeof run> & { other_kinds?: Record<string, unknown> };
  assert.deepEqual(out.items.map((i) => i.id), ['chat-1b', 'unpriced-8b']);
  assert.deepEqual(out.items.map((i) => i.kind), ['language_model', 'language_model']);
  assert.deepEqual(out.other_kinds && { count: out.other_kinds.count, by_kind: out.other_kinds.by_kind, models: out.other_kinds.models },
    { count: 1, by_kind: { embedder: 1 }, models: ['bge-m3'] });
  // With every kind: after the language model with a price ($0.1), before the model with none; its own $0.009 places
  // it among priced models of other kinds.
  const all = run(ds, { sort: 'price', kind: 'any' }) as ReturnType<typeof run> & { other_kinds?: unknown };
  assert.deepEqual(all.items.map((i) => [i.id, i.kind]), [['chat-1b', 'language_model'], ['bge-m3', 'embedder'], ['unpriced-8b', 'language_model']]);
  assert.equal(all.other_kinds, undefined, 'a kind asked for leaves nothing to say');
});

test('committed dataset: the cheapest models by price are language models, not bge-m3 or text-embedding-3-small', {
  skip: !existsSync(path.resolve(import.meta.dirname, '../../data/dataset')),
}, () => {
  const ids = run(committedDataset(), { sort: 'price', limit: 100 }).items.map((i) => i.id);
  // Both embedders (language-model.ts reads them by name) were second and thirteenth before.
  assert.ok(!ids.includes('bge-m3') && !ids.includes('text-embedding-3-small'), ids.slice(0, 10).join(', '));
});

test('committed dataset: language models by default; `whisper` names the speech recognisers it left out, kind lists them', {
  skip: !existsSync(path.resolve(import.meta.dirname, '../../data/dataset')),
}, () => {
  const ds = committedDataset();
  type Out = ReturnType<typeof run> & { other_kinds?: { count: number; by_kind: Record<string, number>; models: string[] } };
  // data/dataset/models.json: whisper-1, whisper-large-v3 and whisper-large-v3-turbo, each with modalities audio in,
  // text out (models-dev, 2026-07-02): speech recognisers, and the only models whose id or name says Whisper.
  const whisper = run(ds, { q: 'whisper' }) as Out;
  assert.deepEqual(whisper.items, []);
  assert.equal(whisper.other_kinds?.count, 3);
  assert.deepEqual(whisper.other_kinds?.by_kind, { speech_recogniser: 3 });
  assert.deepEqual([...whisper.other_kinds!.models].sort(), ['whisper-1', 'whisper-large-v3', 'whisper-large-v3-turbo']);
  // The note is read by people: the kind in words, not its wire name.
  assert.match((whisper.other_kinds as { note?: string }).note ?? '', /^3 matching models are not language models \(3 speech recognisers\): /);
  // The six models of models.json whose modalities read audio and write text with no text in, and the two whose
  // modalities no source gives and whose names say transcription (gpt-transcribe, Voxtral Mini Transcribe 2).
  const asr = run(ds, { kind: 'speech_recogniser', limit: 100 }) as Out;
  assert.deepEqual(asr.items.map((i) => i.id).sort(), ['gpt-4o-mini-transcribe', 'gpt-4o-transcribe', 'gpt-transcribe',
    'qwen3-asr-flash', 'voxtral-mini-2602', 'whisper-1', 'whisper-large-v3', 'whisper-large-v3-turbo']);
  assert.equal(asr.other_kinds, undefined);
  // Newest first with vision: gpt-image-2 (text and image in, image out) was 43rd of 274 before the default kind.
  const vision = run(ds, { sort: 'release_date', capability: ['vision'], limit: 100 }) as Out;
  assert.ok(vision.items.every((i) => i.kind === 'language_model'));
  assert.ok(vision.other_kinds!.models.includes('gpt-image-2'));
  // Every kind: the 874 models of meta.json's counts, 48 of them not language models (11 embedders, 2 rerankers, 8
  // speech recognisers, 8 image, 4 video and 9 audio generators, 6 others, by the modalities and names in models.json;
  // without modalities: gpt-transcribe and voxtral-mini-2602 transcribe, gpt-4o-mini-tts and
  // gemini-2.5-flash-lite-preview-tts speak, the five mistral-ocr-* and `moderation` are neither).
  assert.equal(run(ds, { kind: 'any' }).page.total, 874);
  const plain = run(ds, {}) as Out;
  assert.equal(plain.page.total, 826);
  assert.deepEqual(plain.other_kinds?.by_kind,
    { embedder: 11, reranker: 2, speech_recogniser: 8, image_generator: 8, video_generator: 4, audio_generator: 9, other: 6 });
  const other = run(ds, { kind: 'other', limit: 100 }) as Out;
  assert.deepEqual(other.items.map((i) => i.id).sort(),
    ['mistral-ocr-2503', 'mistral-ocr-2505', 'mistral-ocr-2512', 'mistral-ocr-4-0', 'mistral-ocr-4-1', 'moderation']);
});

test('q words that name a filter: the hint gives the request that finds more, on the committed dataset', { skip: !existsSync(committed) }, () => {
  const real = committedOnce();
  const total = (input: Record<string, unknown>) => run(real, { ...input, limit: 1 }).page.total;
  // Before: total 0 and no hint for both texts; q=vision 19 models named so.
  for (const [q, parameters, asked] of [
    ['cheap long context', 'sort=price&min_context=128000', { sort: 'price', min_context: 128000 }],
    ['open weights reasoning', 'open_weights=true&capability=reasoning', { open_weights: true, capability: ['reasoning'] }],
    ['vision', 'capability=vision', { capability: ['vision'] }],
  ] as const) {
    const out = run(real, { q, limit: 1 }) as Record<string, any>;
    assert.equal(out.hint.parameters, parameters, q);
    // The count the hint gives is what the request it names answers.
    assert.equal(out.hint.total, total(asked), q);
    assert.ok(out.hint.total > out.page.total, q);
    assert.ok(search_models.output.safeParse(out).success, q);
  }
  // A name search finds what it finds: no hint.
  assert.equal((run(real, { q: 'llama 3.3' }) as Record<string, any>).hint, undefined);
});
