import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ModelObservation } from '../sources/types.ts';
import { modelLifecycle } from './model-status.ts';

const o = (x: Partial<ModelObservation> & Pick<ModelObservation, 'source' | 'source_model_id'>): ModelObservation => ({ as_of: '2026-07-02', ...x });

/** The rest of a lifecycle whose status is `active` because the developer's listing is served (and announces nothing). */
const served = (life: ReturnType<typeof modelLifecycle>) => {
  const { status, ...rest } = life;
  assert.deepEqual([status?.value, status?.source], ['active', 'derived']);
  return rest;
};

test("claude-fable-5: OpenCode retiring its listing does not deprecate Anthropic's model", () => {
  // models.dev providers/opencode/models/claude-fable-5.toml: `status = "deprecated"`; Anthropic's own file has none.
  const life = modelLifecycle('claude-fable-5', [
    o({ source: 'models-dev', source_model_id: 'anthropic/claude-fable-5' }),
    o({ source: 'models-dev', source_model_id: 'anthropic/claude-fable-5', provider: 'anthropic' }),
    o({ source: 'models-dev', source_model_id: 'opencode/claude-fable-5', provider: 'opencode', status: 'deprecated' }),
  ], 'anthropic', false);
  assert.deepEqual(served(life), {});
});

test('open weights are never deprecated as a model: llama-3.3-70b-instruct, qwen3-32b, minimax-m2', () => {
  // genai-prices marks a reseller's llama-3.3-70b listing `deprecated: true`; even every listing retired leaves
  // the weights runnable by anyone.
  for (const [id, vendor] of [['llama-3.3-70b-instruct', 'meta'], ['qwen3-32b', 'alibaba'], ['minimax-m2', 'minimax']]) {
    const life = modelLifecycle(id, [
      o({ source: 'genai-prices-npm', source_model_id: `cerebras/${id}`, provider: 'cerebras', status: 'deprecated' }),
      o({ source: 'models-dev', source_model_id: `${vendor}/${id}`, provider: vendor === 'meta' ? 'llama' : vendor, status: 'deprecated', deprecation_date: '2026-01-01' }),
    ], vendor, true);
    assert.deepEqual(life, {}, id);
  }
});

test("deepseek-v3 and gpt-4.1: a reseller's retirement date is not the model's", () => {
  // LiteLLM sambanova/DeepSeek-V3-0324 deprecation_date 2026-04-14; azure/gpt-4.1-2025-04-14 2026-11-04.
  assert.deepEqual(served(modelLifecycle('deepseek-v3', [o({ source: 'litellm', source_model_id: 'sambanova/DeepSeek-V3-0324', provider: 'sambanova', as_of: '2026-07-24', deprecation_date: '2026-04-14' }), o({ source: 'models-dev', source_model_id: 'deepseek/deepseek-v3', provider: 'deepseek' })], 'deepseek', false)), {});
  assert.deepEqual(served(modelLifecycle('gpt-4.1', [o({ source: 'litellm', source_model_id: 'azure/gpt-4.1-2025-04-14', provider: 'azure', as_of: '2026-07-24', deprecation_date: '2026-11-04' }), o({ source: 'genai-prices-npm', source_model_id: 'gpt-4.1', provider: 'openai', as_of: '2026-09-23' })], 'openai', false)), {});
});

test("the developer's own listing retired under the model's id deprecates the model, with the developer's date", () => {
  // LiteLLM claude-3-7-sonnet-20250219 (litellm_provider anthropic): deprecation_date 2026-02-19 (its shutdown day, as
  // the adapter reads it), before the 2026-07-24 snapshot.
  const life = modelLifecycle('claude-3-7-sonnet-20250219', [
    o({ source: 'litellm', source_model_id: 'claude-3-7-sonnet-20250219', provider: 'anthropic', as_of: '2026-07-24',
      shutdown_date: '2026-02-19' }),
    o({ source: 'litellm', source_model_id: 'claude-3-7-sonnet-latest', provider: 'anthropic', as_of: '2026-07-24' }),
    o({ source: 'models-dev', source_model_id: 'openrouter/anthropic/claude-3.7-sonnet', provider: 'openrouter' }),
  ], 'anthropic', false);
  assert.equal(life.status?.value, 'deprecated');
  assert.equal(life.status?.source, 'litellm');
  assert.deepEqual([life.deprecation_date, life.shutdown_date?.value], [undefined, '2026-02-19']);
});

// deprecations-rss/deprecations.json (Anthropic) and LiteLLM's 2026-07-24 snapshot, key by key (litellm_provider
// anthropic, deprecation_date read as the key's shutdown day): the notice's dates stand, LiteLLM's are conflicts.
const ANTHROPIC_RETIREMENTS: Array<[string, string, string, string, string, string]> = [
  // model id, notice id, notice deprecation, notice shutdown, LiteLLM key, LiteLLM date
  ['claude-3-opus-latest', 'claude-3-opus-20240229', '2025-06-30', '2026-01-05', 'claude-3-opus-20240229', '2026-05-01'],
  ['claude-3-7-sonnet-20250219', 'claude-3-7-sonnet-20250219', '2025-10-28', '2026-02-19', 'claude-3-7-sonnet-20250219', '2026-02-19'],
  ['claude-opus-4-1', 'claude-opus-4-1-20250805', '2026-06-05', '2026-08-05', 'claude-opus-4-1-20250805', '2026-08-05'],
  ['claude-opus-4-0', 'claude-opus-4-20250514', '2026-04-14', '2026-06-15', 'claude-opus-4-20250514', '2026-05-14'],
];

test("the developer's notice gives the retirement dates, over LiteLLM's copy of the listing", () => {
  for (const [id, noticeId, dep, shut, key, litellmDate] of ANTHROPIC_RETIREMENTS) {
    const life = modelLifecycle(id, [
      o({ source: 'deprecations-rss', source_model_id: noticeId, provider: 'anthropic', as_of: '2026-07-21', status: 'deprecated',
        deprecation_date: dep, shutdown_date: shut }),
      o({ source: 'litellm', source_model_id: key, provider: 'anthropic', as_of: '2026-07-24', shutdown_date: litellmDate }),
      o({ source: 'models-dev', source_model_id: id, provider: 'anthropic' }),
    ], 'anthropic', false);
    assert.deepEqual([life.deprecation_date?.value, life.deprecation_date?.source, life.shutdown_date?.value, life.shutdown_date?.source],
      [dep, 'deprecations-rss', shut, 'deprecations-rss'], id);
    if (litellmDate === shut) assert.deepEqual(life.shutdown_date?.corroborated_by, ['litellm'], id);
    else assert.deepEqual(life.shutdown_date?.conflicts?.map((c) => [c.source, c.value]), [['litellm', litellmDate]], id);
    assert.ok(life.deprecation_date!.value <= life.shutdown_date!.value, id);
  }
});

test('a deprecation date after the shutdown date is never served', () => {
  // A catalogue's deprecation date (2026-05-01) after the developer's shutdown day (2026-01-05): left out.
  const life = modelLifecycle('claude-3-opus-20240229', [
    o({ source: 'deprecations-rss', source_model_id: 'claude-3-opus-20240229', provider: 'anthropic', as_of: '2026-03-26',
      status: 'deprecated', shutdown_date: '2026-01-05' }),
    o({ source: 'models-dev', source_model_id: 'claude-3-opus-20240229', provider: 'anthropic', deprecation_date: '2026-05-01' }),
  ], 'anthropic', false);
  assert.deepEqual([life.deprecation_date, life.shutdown_date?.value], [undefined, '2026-01-05']);
});

test("a developer's notice: status, shutdown date and replacement (resolved to a canonical id) reach the model", () => {
  const life = modelLifecycle('claude-sonnet-4-20250514', [
    o({ source: 'deprecations-rss', source_model_id: 'claude-sonnet-4-20250514', provider: 'anthropic', as_of: '2026-07-21', status: 'deprecated', deprecation_date: '2026-04-14', shutdown_date: '2026-05-14', replacement: 'claude-sonnet-4-5-20250929' }),
    o({ source: 'deprecations-rss', source_model_id: 'claude-sonnet-4-20250514', provider: 'google-vertex', as_of: '2026-07-21', status: 'deprecated', shutdown_date: '2026-09-01' }),
  ], 'anthropic', false, (_s, id) => (id === 'claude-sonnet-4-5-20250929' ? 'claude-sonnet-4-5' : undefined));
  assert.deepEqual([life.status?.value, life.deprecation_date?.value, life.shutdown_date?.value, life.replacement?.value], ['deprecated', '2026-04-14', '2026-05-14', 'claude-sonnet-4-5']);
  assert.equal(life.shutdown_date?.source, 'deprecations-rss');
});

test("retiring one dated snapshot does not retire the model the developer still lists", () => {
  // models.dev providers/openai/models/: gpt-4o-2024-05-13, -2024-08-06 and -2024-11-20 are all listed.
  const life = modelLifecycle('gpt-4o', [
    o({ source: 'deprecations-rss', source_model_id: 'gpt-4o-2024-05-13', provider: 'openai', as_of: '2026-07-21', status: 'deprecated', shutdown_date: '2026-10-01' }),
    o({ source: 'models-dev', source_model_id: 'gpt-4o-2024-08-06', provider: 'openai' }),
    o({ source: 'models-dev', source_model_id: 'gpt-4o-2024-11-20', provider: 'openai' }),
    o({ source: 'litellm', source_model_id: 'gpt-4o', provider: 'openai', as_of: '2026-07-24' }),
  ], 'openai', false);
  assert.deepEqual(served(life), {});
});

test("retiring the newest (here the only) dated snapshot retires the model its undated id serves: Claude Opus 4.1", () => {
  // deprecations-rss: Anthropic's notice of 2026-06-05 retires claude-opus-4-1-20250805; models.dev lists
  // providers/anthropic/models/claude-opus-4-1.toml and claude-opus-4-1-20250805.toml, no other snapshot.
  const life = modelLifecycle('claude-opus-4-1', [
    o({ source: 'deprecations-rss', source_model_id: 'claude-opus-4-1-20250805', provider: 'anthropic', as_of: '2026-07-21', status: 'deprecated', deprecation_date: '2026-06-05' }),
    o({ source: 'models-dev', source_model_id: 'claude-opus-4-1', provider: 'anthropic' }),
    o({ source: 'models-dev', source_model_id: 'claude-opus-4-1-20250805', provider: 'anthropic' }),
  ], 'anthropic', false);
  assert.equal(life.status?.value, 'deprecated');
  assert.equal(life.status?.source, 'deprecations-rss');
});

test('a rolling alias as the model id (claude-3-opus-latest) is retired with the snapshot it serves', () => {
  // deprecations-rss/deprecations.json: Anthropic claude-3-opus-20240229, deprecation_date 2025-06-30, shutdown_date
  // 2026-01-05. LiteLLM lists claude-3-opus-latest (litellm_provider anthropic) with no date of its own.
  const life = modelLifecycle('claude-3-opus-latest', [
    o({ source: 'litellm', source_model_id: 'claude-3-opus-latest', provider: 'anthropic', as_of: '2026-07-24' }),
    o({ source: 'deprecations-rss', source_model_id: 'claude-3-opus-20240229', provider: 'anthropic', as_of: '2026-03-26',
      status: 'deprecated', deprecation_date: '2025-06-30', shutdown_date: '2026-01-05', replacement: 'claude-opus-4-8' }),
    o({ source: 'models-dev', source_model_id: 'openrouter/anthropic/claude-3-opus', provider: 'openrouter' }),
  ], 'anthropic', false);
  assert.deepEqual([life.status?.value, life.deprecation_date?.value, life.shutdown_date?.value],
    ['deprecated', '2025-06-30', '2026-01-05']);
  // A `-latest` id whose base has no retired snapshot stays served: gpt-5-chat-latest over gpt-5-chat-2025-08-07 (listed).
  assert.deepEqual(served(modelLifecycle('gpt-5-chat-latest', [
    o({ source: 'models-dev', source_model_id: 'gpt-5-chat-latest', provider: 'openai' }),
    o({ source: 'models-dev', source_model_id: 'gpt-5-chat-2025-08-07', provider: 'openai' }),
  ], 'openai', false)), {});
});

test('a closed model every provider has retired is deprecated, derived and saying from what', () => {
  const life = modelLifecycle('acme-1', [
    o({ source: 'models-dev', source_model_id: 'poe/acme-1', provider: 'poe', status: 'deprecated' }),
    o({ source: 'genai-prices-npm', source_model_id: 'avian/acme-1', provider: 'avian', as_of: '2026-09-23', status: 'deprecated' }),
  ], 'acme', false);
  assert.equal(life.status?.value, 'deprecated');
  assert.equal(life.status?.source, 'derived');
  assert.equal(life.status?.as_of, '2026-09-23');
  assert.deepEqual(life.status?.derived_from, ['genai-prices-npm: avian/acme-1', 'models-dev: poe/acme-1']);
  assert.equal(life.deprecation_date, undefined);
});

test("a first-party beta stands; a reseller's beta does not", () => {
  assert.equal(modelLifecycle('grok-5', [o({ source: 'models-dev', source_model_id: 'xai/grok-5', provider: 'xai', status: 'beta' })], 'xai', false).status?.value, 'beta');
  assert.deepEqual(modelLifecycle('grok-5', [o({ source: 'models-dev', source_model_id: 'azure/grok-5', provider: 'azure', status: 'beta' })], 'xai', false), {});
});

test('a snapshot retired in favour of a newer snapshot of the same model does not retire the model', () => {
  // deprecations-rss/deprecations.json, OpenAI: gpt-4o-mini-tts-2025-03-20, deprecation 2026-04-22, shutdown
  // 2026-07-23, replacement_models ["gpt-4o-mini-tts-2025-12-15"]; gpt-4o-mini-transcribe-2025-03-20, shutdown
  // 2027-01-20, ["gpt-4o-mini-transcribe-2025-12-15"]. Both replacements are snapshots the undated id now serves.
  const resolve = (_: string, id: string) => id.replace(/-2025-\d{2}-\d{2}$/, '');
  for (const id of ['gpt-4o-mini-tts', 'gpt-4o-mini-transcribe']) {
    const life = modelLifecycle(id, [
      o({ source: 'models-dev', source_model_id: `openai/${id}`, provider: 'openai' }),
      o({ source: 'deprecations-rss', source_model_id: `${id}-2025-03-20`, provider: 'openai', as_of: '2026-07-21',
        deprecation_date: '2026-04-22', shutdown_date: '2026-07-23', replacement: `${id}-2025-12-15` }),
    ], 'openai', false, resolve);
    assert.deepEqual(served(life), {}, id);
  }
  // A replacement that is another model still retires it (o1-preview, shutdown 2025-07-28, replacement o3).
  const o1 = modelLifecycle('o1-preview', [o({ source: 'deprecations-rss', source_model_id: 'o1-preview', provider: 'openai', as_of: '2026-07-21',
    shutdown_date: '2025-07-28', replacement: 'o3' })], 'openai', false, (_, id) => id);
  assert.equal(o1.status?.value, 'deprecated');
  assert.equal(o1.replacement?.value, 'o3');
});

test("a notice the alias table joins to the model under the notice's own source retires the model itself", () => {
  // deprecations-rss/deprecations.json, Google: gemini-1.0-pro, deprecation and shutdown 2025-02-18 (last observed
  // 2026-05-01); data/curated/aliases.csv joins that notice id to the catalogue's gemini-pro.
  const notice = o({ source: 'deprecations-rss', source_model_id: 'gemini-1.0-pro', provider: 'google', as_of: '2026-05-01',
    status: 'deprecated', deprecation_date: '2025-02-18', shutdown_date: '2025-02-18' });
  const listing = o({ source: 'genai-prices-npm', source_model_id: 'google/gemini-pro', provider: 'google', as_of: '2026-09-23' });
  const reviewed = (source: string, id: string) => (source === 'deprecations-rss' && id === 'gemini-1.0-pro' ? 'gemini-pro' : undefined);
  const life = modelLifecycle('gemini-pro', [notice, listing], 'google', false, () => undefined, reviewed);
  assert.equal(life.status?.value, 'deprecated');
  assert.deepEqual([life.deprecation_date?.value, life.shutdown_date?.value], ['2025-02-18', '2025-02-18']);
  // Without the row the notice is of another id of the developer's: one listing of two retired, the model served.
  assert.deepEqual(served(modelLifecycle('gemini-pro', [notice, listing], 'google', false)), {});
});

test("gemini-2.5-pro: Vertex AI's own lifecycle notice dates Vertex's offer, not the model; the Gemini API's does", () => {
  // deprecations-rss: Google, gemini-2.5-pro, shutdown 2026-10-16, replacement gemini-3.1-pro-preview (ai.google.dev,
  // read 2026-05-07). developer-notices.csv: google-vertex, gemini-2.5-pro, shutdown 2026-10-16, replacement
  // gemini-3.5-flash (Google Cloud's "Model versions and lifecycle", read 2026-11-27, so marked deprecated).
  const life = modelLifecycle('gemini-2.5-pro', [
    o({ source: 'deprecations-rss', source_model_id: 'gemini-2.5-pro', provider: 'google', as_of: '2026-05-07',
      shutdown_date: '2026-10-16', replacement: 'gemini-3.1-pro-preview' }),
    o({ source: 'developer-notices', source_model_id: 'gemini-2.5-pro', provider: 'google-vertex', as_of: '2026-11-27',
      status: 'deprecated', shutdown_date: '2026-10-16', replacement: 'gemini-3.5-flash' }),
  ], 'google', false);
  // The Gemini API's page only scheduled the shutdown when read: served until then, the date on the model.
  assert.equal(life.status?.value, 'active', 'the Gemini API had not yet shut it down when its page was read');
  assert.equal(life.status?.note, 'the developer serves it (its listing read 2026-05-07); shutdown scheduled for 2026-10-16 (deprecations-rss)');
  assert.deepEqual([life.shutdown_date?.value, life.shutdown_date?.source], ['2026-10-16', 'deprecations-rss']);
  assert.equal(life.replacement?.value, 'gemini-3.1-pro-preview');
});

test("gemini-2.5-pro on 2026-11-10: Google's page calls it deprecated, shut down 2026-12-01; another snapshot's day is not its", () => {
  // developer-notices.csv: google, gemini-2.5-pro, shutdown 2026-12-01, replacement gemini-3.8-flash, read 2026-11-10,
  // status deprecated ('Both models are deprecated and no longer selectable in Google AI Studio'). deprecations-rss:
  // the table's row (shutdown 2026-10-16, read 2026-05-07, no deprecation date: the table has none) and the release
  // notes' gemini-2.5-pro-exp-03-25 ('gemini-2.5-pro-exp-03-25 is shut down', 2025-06-26, deprecation and shutdown alike).
  const life = modelLifecycle('gemini-2.5-pro', [
    o({ source: 'developer-notices', source_model_id: 'gemini-2.5-pro', provider: 'google', as_of: '2026-11-10',
      status: 'deprecated', shutdown_date: '2026-12-01', replacement: 'gemini-3.8-flash' }),
    o({ source: 'deprecations-rss', source_model_id: 'gemini-2.5-pro', provider: 'google', as_of: '2026-05-07',
      shutdown_date: '2026-10-16', replacement: 'gemini-3.1-pro-preview' }),
    o({ source: 'deprecations-rss', source_model_id: 'gemini-2.5-pro-exp-03-25', provider: 'google', as_of: '2026-05-01',
      status: 'deprecated', deprecation_date: '2025-06-26', shutdown_date: '2025-06-26' }),
  ], 'google', false);
  assert.deepEqual([life.status?.value, life.status?.source, life.status?.as_of], ['deprecated', 'developer-notices', '2026-11-10']);
  assert.deepEqual([life.shutdown_date?.value, life.shutdown_date?.source], ['2026-12-01', 'developer-notices']);
  assert.equal(life.replacement?.value, 'gemini-3.8-flash');
  // The model's own listing dates its end: no deprecation day is borrowed from the experimental snapshot's shutdown.
  assert.equal(life.deprecation_date, undefined);
});

test('a deprecated model whose own listing dates no end still takes the dates of its other listings', () => {
  // Every listing of the developer retired (allRetired): the model's dates are those its listings give.
  const life = modelLifecycle('gemini-2.0-flash-thinking', [
    o({ source: 'deprecations-rss', source_model_id: 'gemini-2.0-flash-thinking-exp-01-21', provider: 'google', as_of: '2026-05-01',
      status: 'deprecated', deprecation_date: '2025-11-04', shutdown_date: '2025-12-02' }),
  ], 'google', false);
  assert.equal(life.status?.value, 'deprecated');
  assert.deepEqual([life.deprecation_date?.value, life.shutdown_date?.value], ['2025-11-04', '2025-12-02']);
});

test("phi-4: Azure is Microsoft's own model API, so its notice dates Microsoft's model", () => {
  // Synthetic: a developer-notices row for azure, phi-4, deprecation 2026-03-01, shutdown 2026-06-01, read 2026-11-27.
  // Microsoft serves Phi through Azure only (no platform beside a separate API, unlike Google's Vertex AI), so the
  // notice is the developer's word: the model is retired and dated from it.
  const life = modelLifecycle('phi-4', [
    o({ source: 'developer-notices', source_model_id: 'phi-4', provider: 'azure', as_of: '2026-11-27',
      status: 'deprecated', deprecation_date: '2026-03-01', shutdown_date: '2026-06-01' }),
  ], 'microsoft', false);
  assert.equal(life.status?.value, 'deprecated');
  assert.deepEqual([life.deprecation_date?.value, life.shutdown_date?.value], ['2026-03-01', '2026-06-01']);
  assert.equal(life.shutdown_date?.source, 'developer-notices');
});

test("a model its developer serves with no retirement announced is active, derived from that listing", () => {
  // models.dev providers/anthropic/models/claude-fable-5.toml: listed, no status, no dates; read 2026-07-02.
  const life = modelLifecycle('claude-fable-5', [
    o({ source: 'models-dev', source_model_id: 'anthropic/claude-fable-5', provider: 'anthropic' }),
    o({ source: 'litellm', source_model_id: 'openrouter/anthropic/claude-fable-5', provider: 'openrouter', as_of: '2026-07-24' }),
  ], 'anthropic', false);
  assert.deepEqual(life, { status: { value: 'active', as_of: '2026-07-02', source: 'derived',
    derived_from: ['models-dev (2026-07-02): anthropic anthropic/claude-fable-5'],
    note: 'the developer serves it (its listing read 2026-07-02); no retirement announced' } });
  // A retirement announced on the developer's listing leaves no `active` that a later day could find past it: a
  // deprecation already in force (OpenAI's o3, deprecated 2026-06-11, shutdown 2026-12-11) gives no status here.
  assert.equal(modelLifecycle('o3', [
    o({ source: 'litellm', source_model_id: 'o3', provider: 'openai', as_of: '2026-07-24', deprecation_date: '2026-06-11', shutdown_date: '2026-12-11' }),
  ], 'openai', false).status?.value, 'deprecated');
  // Only resellers (open weights at third parties): no developer listing, no status.
  assert.equal(modelLifecycle('llama-3.3-70b-instruct', [
    o({ source: 'models-dev', source_model_id: 'groq/llama-3.3-70b-versatile', provider: 'groq' }),
  ], 'meta', true).status, undefined);
});

test('a model one platform of its developer still lists, another having shut it down, is active and says where it was retired', () => {
  // models.dev providers/moonshotai-cn/models/kimi-k2-0905-preview.toml: listed, no status (read 2026-07-02); LiteLLM's
  // moonshot/kimi-k2-0905-preview: "deprecation_date": "2026-05-25" (read 2026-07-24), Moonshot's global platform.
  const life = modelLifecycle('kimi-k2-0905', [
    o({ source: 'models-dev', source_model_id: 'moonshotai-cn/kimi-k2-0905-preview', provider: 'moonshotai-cn' }),
    o({ source: 'litellm', source_model_id: 'moonshot/kimi-k2-0905-preview', provider: 'moonshotai', as_of: '2026-07-24', shutdown_date: '2026-05-25' }),
  ], 'moonshotai', false);
  assert.equal(life.status?.value, 'active');
  // "no retirement announced" would be false: the platform that retired it is named, with its day and source.
  assert.equal(life.status?.note, 'the developer serves it (its listing read 2026-07-02); not on every platform of the developer: '
    + 'moonshotai shut it down on 2026-05-25 (litellm, moonshot/kimi-k2-0905-preview)');
});

test("a shutdown the developer only schedules for the model's own id leaves it active until that day", () => {
  // deprecations-rss, Google: gemini-embedding-001, "Release date: 2025-07-14. Shutdown date: 2028-05-14" (the feed's
  // deprecation_date is the same day), read 2026-07-24; genai-prices' google/gemini-embedding-001 read 2026-09-23.
  const life = modelLifecycle('gemini-embedding-001', [
    o({ source: 'genai-prices-npm', source_model_id: 'google/gemini-embedding-001', provider: 'google', as_of: '2026-09-23' }),
    o({ source: 'deprecations-rss', source_model_id: 'gemini-embedding-001', provider: 'google', as_of: '2026-07-24',
      deprecation_date: '2028-05-14', shutdown_date: '2028-05-14', replacement: 'gemini-embedding-2' }),
  ], 'google', false);
  assert.equal(life.status?.value, 'active');
  assert.equal(life.status?.note, 'the developer serves it (its listing read 2026-09-23); shutdown scheduled for 2028-05-14 (deprecations-rss)');
  // The model carries the date, so the answers retire it on that day (src/dataset/dataset.ts).
  assert.equal(life.shutdown_date?.value, '2028-05-14');
});

test('a deprecation still to come before the shutdown, a scheduled snapshot, or open weights withhold active', () => {
  const api = o({ source: 'litellm', source_model_id: 'gpt-x', provider: 'openai', as_of: '2026-07-24' });
  // A deprecation day before the shutdown would pass while the model still read active: no status.
  const early = modelLifecycle('gpt-x', [api, o({ source: 'deprecations-rss', source_model_id: 'gpt-x', provider: 'openai',
    as_of: '2026-07-24', deprecation_date: '2026-11-01', shutdown_date: '2027-01-20' })], 'openai', false);
  assert.equal(early.status, undefined);
  // The newest dated snapshot's scheduled shutdown is not a date the model carries: no status.
  const snap = modelLifecycle('gpt-x', [api, o({ source: 'deprecations-rss', source_model_id: 'gpt-x-2026-01-15', provider: 'openai',
    as_of: '2026-07-24', shutdown_date: '2027-01-20' })], 'openai', false);
  assert.equal(snap.status, undefined);
  // Open weights carry no API dates, so a scheduled shutdown could never be judged on the model: no status.
  const open = modelLifecycle('gpt-x', [api, o({ source: 'deprecations-rss', source_model_id: 'gpt-x', provider: 'openai',
    as_of: '2026-07-24', shutdown_date: '2027-01-20' })], 'openai', true);
  assert.equal(open.status, undefined);
});

test("grok-beta: a listing in LiteLLM's keep-forever table alone is no evidence the developer serves the model", () => {
  // LiteLLM's 2026-07-24 snapshot still lists xai/grok-beta (litellm_provider xai, no deprecation field), while xAI's
  // API answers that grok-beta "was deprecated on 2025-09-15 and is no longer accessible via the API"
  // (github.com/definableai/definable.ai/issues/14). models.dev's xAI sync removed the file on 2026-05-20.
  const litellmOnly = [o({ source: 'litellm', source_model_id: 'xai/grok-beta', provider: 'xai', as_of: '2026-07-24' })];
  assert.equal(modelLifecycle('grok-beta', litellmOnly, 'xai', false).status, undefined);
  // The same listing in models.dev's live catalogue (grok-4.3 in providers/xai) is served: the note names that reading.
  const life = modelLifecycle('grok-4.3', [
    o({ source: 'litellm', source_model_id: 'xai/grok-4.3', provider: 'xai', as_of: '2026-07-24' }),
    o({ source: 'models-dev', source_model_id: 'grok-4.3', provider: 'xai', as_of: '2026-07-02' }),
  ], 'xai', false);
  assert.deepEqual(life.status?.derived_from, ['models-dev (2026-07-02): xai grok-4.3']);
  // LiteLLM's retirement date still counts against `active` (claude-3-7-sonnet above): only its silence is no evidence.
  const retiring = modelLifecycle('acme-2', [
    o({ source: 'litellm', source_model_id: 'acme-2', provider: 'openai', as_of: '2026-07-24', deprecation_date: '2026-01-01' }),
    o({ source: 'models-dev', source_model_id: 'acme-2', provider: 'openai', as_of: '2026-07-02' }),
  ], 'openai', true);
  assert.equal(retiring.status, undefined);
});
