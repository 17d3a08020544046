// `-latest` pointers on the committed dataset: the model each served on its listings' dates, the developer's price of
// an older target held back, pointers after their target in search, and concrete models not named after a pointer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compare_models } from '../src/ops/compare-models.ts';
import { get_model } from '../src/ops/get-model.ts';
import { search_models } from '../src/ops/search-models.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset({ judgedOn: '2026-11-27' });
const ctx = { today: ds.lifecycleDate };
type Price = { value: number } | undefined;
type OfferView = { provider: string; provider_model_id: string; prices: { input?: Price; output?: Price; tiers?: unknown };
  held_back?: Array<{ field: string; value: number; source: string }> };
const sheet = (id: string) => get_model.handler(ds, get_model.input.parse({ model_id: id }), ctx) as {
  name: { value: string }; points_to?: { value: string; as_of: string; note?: string }; offers: OfferView[];
};
const search = (q: string) => (search_models.handler(ds, search_models.input.parse({ q, limit: 100 }), ctx) as {
  items: Array<{ id: string; name: { value: string }; cheapest_offer: { provider: string; prices: { input?: Price; output?: Price } } | null }>;
}).items;

test('each -latest pointer names the model it served on its listings\' dates (version-pointers.csv)', () => {
  // Google's notice of 2026-02-27 (google-gemini/gemini-cli#20588): "on March 6, 2026, we will switch the
  // gemini-pro-latest alias to point to the new 3.1 Pro model". models.dev's git history: OpenRouter's
  // ~google/gemini-flash-latest 0.5/3 -> 1.5/9 on 2026-05-20 (Gemini 3.5 Flash's price, GA 2026-05-19);
  // ~anthropic/claude-sonnet-latest 3/15 -> 2/10 on 2026-06-30 (Claude Sonnet 5's, released that day). genai-prices:
  // ~anthropic/claude-opus-latest 4/20 from 2026-09-22 (Claude Opus 5.5's); ~anthropic/claude-haiku-latest 1/5
  // (Claude Haiku 4.5's).
  const expected: Record<string, [string, string]> = {
    'gemini-pro-latest': ['gemini-3.1-pro-preview', '2026-07-02'],
    'gemini-flash-latest': ['gemini-3.5-flash', '2026-07-02'],
    'claude-sonnet-latest': ['claude-sonnet-5', '2026-07-02'],
    'claude-opus-latest': ['claude-opus-5-5', '2026-09-23'],
    'claude-haiku-latest': ['claude-haiku-4-5', '2026-07-02'],
    // Mistral's model page (platform-docs-public 222f4ba, 2026-08-21): Codestral 25.08's apiNames
    // ['codestral-2508', 'codestral-latest']. OpenRouter's own pointers, by their listings' figures (models.dev
    // 2026-07-02): ~anthropic/claude-fable-latest $10/$50 cache read $1 (Fable 5's; Fable 5.1's cache read is $0.25),
    // ~openai/gpt-latest $5/$30 1,050,000 tokens knowledge 2025-12-01 (GPT-5.5's), ~openai/gpt-mini-latest $0.75/$4.50
    // 400,000 knowledge 2025-08-31 (GPT-5.4 mini's); gpt-chat-latest $5/$30 400,000, release 2026-05-05 (GPT-5.5 Instant's).
    'codestral-latest': ['codestral-2508', '2026-08-21'],
    'claude-fable-latest': ['claude-fable-5', '2026-07-02'],
    'gpt-latest': ['gpt-5.5', '2026-07-02'],
    'gpt-mini-latest': ['gpt-5.4-mini', '2026-07-02'],
    'gpt-chat-latest': ['gpt-5.5-instant', '2026-07-02'],
  };
  for (const [id, [target, asOf]] of Object.entries(expected)) {
    const p = sheet(id).points_to;
    assert.equal(p?.value, target, id);
    assert.equal(p?.as_of, asOf, id);
    assert.ok(ds.modelById.has(target), `${target} is a model of the dataset`);
  }
});

test('gemini-pro-latest: Google\'s listing at Gemini 2.5 Pro\'s $1.25/$10 is held back, not served as Google\'s price', () => {
  // LiteLLM 2026-07-24 gemini/gemini-pro-latest: input 1.25e-06, output 1e-05, above 200k 2.5e-06/1.5e-05 (2.5 Pro's).
  const s = sheet('gemini-pro-latest');
  const google = s.offers.find((o) => o.provider === 'google' && o.provider_model_id === 'gemini-pro-latest')!;
  assert.equal(google.prices.input, undefined);
  assert.equal(google.prices.output, undefined);
  assert.equal(google.prices.tiers, undefined, 'its long-context tiers went with its input price');
  assert.deepEqual(google.held_back?.map((h) => [h.field, h.value]).sort(), [['cache_read', 0.125], ['input', 1.25], ['output', 10]]);
  assert.match(s.points_to!.note!, /Gemini 2\.5 Pro's price/);
  // What a buyer is shown is the resellers' $2/$12: Gemini 3.1 Pro Preview's price (genai-prices openrouter).
  const item = search('gemini-pro-latest').find((i) => i.id === 'gemini-pro-latest')!;
  assert.equal(item.cheapest_offer?.prices.input?.value, 2);
  assert.equal(item.cheapest_offer?.prices.output?.value, 12);
});

test('gemini-flash-latest: Google\'s and Vertex AI\'s $0.30/$2.50 (Gemini 2.5 Flash\'s) are held back', () => {
  const s = sheet('gemini-flash-latest');
  for (const provider of ['google', 'google-vertex']) {
    const o = s.offers.find((x) => x.provider === provider && x.provider_model_id === 'gemini-flash-latest')!;
    assert.equal(o.prices.input, undefined, provider);
    assert.deepEqual(o.held_back?.filter((h) => h.field === 'input').map((h) => h.value), [0.3], provider);
  }
  assert.match(s.points_to!.note!, /snapshots of the Gemini 3 Flash Preview target/);
});

test('claude sonnet: the pointer follows the served Sonnets, its target Claude Sonnet 5 among them', () => {
  // Served on 2026-11-27: Sonnet 5, 4.6 and 4.5; the others (3.5, 3, 4, 3.7) are shut down and come after the pointer.
  const ids = search('claude sonnet').map((i) => i.id);
  assert.deepEqual(ids.slice(0, 4), ['claude-sonnet-5', 'claude-sonnet-4-6', 'claude-sonnet-4-5', 'claude-sonnet-latest']);
});

test('concrete Claude models are named by the dated listing, not "(latest)"', () => {
  // models.dev providers/anthropic/models: claude-opus-4-5-20251101.toml name = "Claude Opus 4.5",
  // claude-opus-4-5.toml name = "Claude Opus 4.5 (latest)"; likewise Sonnet 4.5 (claude-sonnet-4-5-20250929.toml).
  assert.equal(sheet('claude-opus-4-5').name.value, 'Claude Opus 4.5');
  assert.equal(sheet('claude-sonnet-4-5').name.value, 'Claude Sonnet 4.5');
  const named = search('claude opus 4.5').find((i) => i.id === 'claude-opus-4-5')!;
  assert.equal(named.name.value, 'Claude Opus 4.5');
  const side = compare_models.handler(ds, compare_models.input.parse({ models: ['claude-opus-4-5', 'claude-sonnet-4-5'] }), ctx);
  const text = JSON.stringify(side);
  assert.doesNotMatch(text, /\(latest\)/);
  // No concrete model keeps a "(latest)" name; pointer models of their own may (models.dev: "Codestral (latest)").
  const latestNamed = ds.models.filter((m) => /\(latest\)/i.test(m.name.value) && !m.id.endsWith('-latest')).map((m) => m.id);
  assert.deepEqual(latestNamed, []);
  assert.equal(sheet('codestral-latest').name.value, 'Codestral (latest)');
});

test('pointers without a target at the data date have none, and say so nowhere as a fact', () => {
  // gemini-flash-lite-latest: Google's first target (the 09-2025 Flash-Lite preview) was shut down on 2026-03-31 and no
  // Google page read names the next. kimi-latest: Moonshot's own pointer and OpenRouter's share the id.
  // chatgpt-4o-latest: ChatGPT's GPT-4o versions are its own aliases here.
  for (const id of ['gemini-flash-lite-latest', 'kimi-latest', 'chatgpt-4o-latest']) assert.equal(sheet(id).points_to, undefined, id);
});

test('codestral-latest: the note names the earlier targets, and Vertex AI\'s codestral@latest is not one of its offers', () => {
  const s = sheet('codestral-latest');
  // version-pointers.csv: 25.01 (genai-prices' `codestral` entry, prices checked 2025-07-04), then 24.05 (2024-05-29).
  assert.match(s.points_to!.note!, /Earlier: codestral-2501 \(evidence of 2025-07-04; [^)]+\); codestral-2405 \(evidence of 2024-05-29/);
  // LiteLLM 2026-07-24 vertex_ai/codestral@latest 2e-07/6e-07, as vertex_ai/codestral@2405 and -2501: Vertex's own older
  // Codestral, not 25.08 (vertex_ai/codestral-2, 3e-07/9e-07). An empty alias row leaves it unmatched.
  assert.equal(s.offers.find((o) => o.provider === 'google-vertex'), undefined);
  assert.equal(ds.offers.some((o) => o.provider === 'google-vertex' && o.provider_model_id === 'codestral@latest'), false);
  const item = search('codestral').find((i) => i.id === 'codestral-latest')!;
  assert.equal(item.cheapest_offer?.prices.input?.value, 0.3);
  assert.equal(item.cheapest_offer?.prices.output?.value, 0.9);
});

test('gemini-flash-latest: resellers\' copies of earlier targets\' prices are held back; the pointer is sold at its target\'s $1.50/$9', () => {
  // models.dev 2026-07-02: kilo ~google/gemini-flash-latest and orcarouter 0.5/3 (Gemini 3 Flash Preview's),
  // merge-gateway 0.3/2.5 (Google's file, the 2.5 Flash target's); openrouter and nano-gpt 1.5/9 (Gemini 3.5 Flash's).
  const s = sheet('gemini-flash-latest');
  for (const [provider, id, input] of [['kilo', '~google/gemini-flash-latest', 0.5], ['orcarouter', 'google/gemini-flash-latest', 0.5],
    ['merge-gateway', 'google/gemini-flash-latest', 0.3]] as const) {
    const o = s.offers.find((x) => x.provider === provider && x.provider_model_id === id)!;
    assert.equal(o.prices.input, undefined, provider);
    assert.deepEqual(o.held_back?.filter((h) => h.field === 'input').map((h) => h.value), [input], provider);
  }
  const item = search('gemini-flash-latest').find((i) => i.id === 'gemini-flash-latest')!;
  assert.equal(item.cheapest_offer?.prices.input?.value, 1.5);
  assert.equal(item.cheapest_offer?.prices.output?.value, 9);
});

test('a pointer\'s version facts are its current target\'s, or withheld: codestral-latest is not sized as Codestral 22B', () => {
  // models.dev providers/mistral/models/codestral-latest.toml: open_weights = true and the Codestral-22B-v0.1 weights
  // (codestral-2405, the first target; model-architecture.csv sizes them 22.2B). The pointer serves Codestral 25.08
  // (Mistral's model page, 2026-08-21), whose size and weights no source gives: the 22B figures are withheld, and the
  // open-weights value is 25.08's (Mistral's own record, a developer-weights row, since 2026-11-30), cited to the pointer
  // table, the pointer's own `true` kept as a conflict.
  const m = ds.modelById.get('codestral-latest')!;
  assert.equal(m.parameters_total, undefined);
  assert.equal(m.parameters_active, undefined);
  assert.equal(m.weights_url, undefined);
  assert.deepEqual(m.open_weights && [m.open_weights.value, m.open_weights.source], [false, 'version-pointers']);
  assert.match(m.open_weights!.note!, /^codestral-2508's open_weights \((?:models-dev|developer-weights), [\d-]+\): codestral-latest serves codestral-2508 as of 2026-08-21/);
  assert.deepEqual(m.open_weights!.conflicts?.map((c) => [c.value, c.source]), [[true, 'models-dev']]);
  const held = new Map((m.withheld ?? []).map((w) => [w.field, w]));
  assert.equal(held.get('parameters_total')?.value, '22200000000');
  assert.match(held.get('parameters_total')!.reason, /codestral-latest serves codestral-2508 as of 2026-08-21 \(version-pointers\.csv\), which has none/);
  assert.equal(held.get('weights_url')?.value, 'https://huggingface.co/mistralai/Codestral-22B-v0.1');
  // Aider Polyglot 11.1, dated 2025-01-13 (Codestral 25.01's day): before 25.08's release (2025-08-01), so not the pointer's.
  assert.equal(m.benchmarks, undefined);
  assert.equal(held.get('benchmarks')?.value, 'Aider Polyglot 11.1');
  // Compared side by side with its target, the pointer no longer shows 22.2B against null.
  const side = compare_models.handler(ds, compare_models.input.parse({ models: ['codestral-latest', 'codestral-2508'] }), ctx) as {
    rows: Array<{ field: string; values: Array<{ model_id: string; value: unknown; detail?: string }> }> };
  const params = side.rows.find((r) => r.field === 'parameters')!.values;
  assert.deepEqual(params.map((v) => v.value), [null, null]);
  assert.match(params[0].detail!, /^withheld: 22200000000 \(model-architecture\) .*serves codestral-2508/);
});

test('a pointer\'s knowledge cutoff is cited as its target\'s, never as the listing of an earlier target', () => {
  // models.dev: Google's gemini-flash-latest and gemini-3.5-flash both give knowledge = 2025-01; the pointer's file dates
  // from its 2.5 Flash target, so the value is served as 3.5 Flash's, cited to the pointer table.
  const m = ds.modelById.get('gemini-flash-latest')!;
  assert.deepEqual([m.knowledge_cutoff?.value, m.knowledge_cutoff?.source], ['2025-01', 'version-pointers']);
  assert.match(m.knowledge_cutoff!.note!, /^gemini-3\.5-flash's knowledge_cutoff \(models-dev/);
});

test('a target read before the data date is said to be read on that date, and may have moved', () => {
  // OpenRouter resolves ~google/gemini-flash-latest to the newest Flash; Gemini 3.6 Flash was listed by Google on 2026-07-22,
  // after the listings read (2026-07-02) and before the data date (2026-09-23).
  const g = sheet('gemini-flash-latest').points_to!;
  assert.match(g.note!, /^The target as read on 2026-07-02, the newest evidence; the name moves and may serve a later model by the data date \(2026-09-23\)/);
  assert.match(g.note!, /Gemini 3\.6 Flash \(listed by Google on 2026-07-22\), 3\.7 Flash and 3\.8 Flash/);
  // genai-prices npm 0.1.8 (2026-09-23) lists ~anthropic/claude-fable-latest at cache read $1 beside claude-fable-5-1 at $0.25.
  assert.match(sheet('claude-fable-latest').points_to!.note!, /npm 0\.1\.8 bundle \(2026-09-23\) lists both/);
  assert.doesNotMatch(sheet('claude-fable-latest').points_to!.note!, /postdates these listings/);
  // deepseek-chat's evidence is of the data's own read: no such caveat.
  assert.doesNotMatch(sheet('deepseek-chat').points_to!.note!, /^The target as read on/);
});

test("Moonshot's kimi-latest holds Moonshot's own listing only; OpenRouter's ~moonshotai/kimi-latest is another pointer", () => {
  // LiteLLM moonshot/kimi-latest: $2/$5 (Moonshot's 2025 pointer). models.dev providers/openrouter/models/
  // ~moonshotai/kimi-latest.toml: $0.55/$3.20, listed 2026-04-27, OpenRouter's newest-in-family slug (Kilo's copy $0.74/$3.49).
  const offers = ds.offersByModel.get('kimi-latest') ?? [];
  assert.deepEqual(offers.filter((o) => o.provider === 'moonshotai').map((o) => o.prices.input?.value), [2]);
  assert.ok(!offers.some((o) => o.provider_model_id.startsWith('~')), 'no OpenRouter family slug on Moonshot\'s pointer');
  assert.equal(ds.modelById.get('kimi-latest')!.aliases.some((a) => a.includes('~moonshotai')), false);
});
