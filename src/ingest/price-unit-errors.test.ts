import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CatalogueChange } from '../sources/types.ts';
import { catalogueEvents } from './build-changes.ts';
import type { StandingPrice } from './price-unit-errors.ts';

const row = (over: Partial<CatalogueChange>): CatalogueChange => ({
  source: 'litellm', date: '2025-02-01T00:00:00+00:00', commit: '0000000000', change: 'changed',
  provider: 'x', source_model_id: 'x', field: 'input', old: 1, new: 2, ...over,
});
const BASELINE = row({}); // each source's first commit: its baseline, no event
const stand = (model_id: string, field: string, list: Array<[provider: string, source: string, value: number]>): StandingPrice[] =>
  list.map(([provider, source, value]) => ({ model_id, provider, field, source, value }));
const priceEvents = (r: ReturnType<typeof catalogueEvents>) => r.events.filter((e) => e.kind === 'price');

// LiteLLM history (data/sources/litellm-via-rocry), commit c58c1dfab1 (2026-01-13T22:08:35Z), per token:
// novita/qwen/qwen3-235b-a22b-instruct-2507 input_cost_per_token 0.00072 -> 9e-08 (720 -> 0.09 per 1M tokens).
const NOVITA = row({
  commit: 'c58c1dfab1', date: '2026-01-13T22:08:35+00:00', provider: 'novita-ai',
  source_model_id: 'novita/qwen/qwen3-235b-a22b-instruct-2507', field: 'input', old: 720, new: 0.09,
});
// Four providers' input prices for the model as data/dataset/offers.json holds them (prices none of the histories
// changed): cortecs 0.062, deepinfra 0.09, fireworks-ai 0.22, amazon-bedrock 0.22.
const QWEN_OTHERS = stand('qwen3-235b-a22b-2507', 'input', [
  ['cortecs', 'models-dev', 0.062], ['deepinfra', 'litellm', 0.09], ['fireworks-ai', 'litellm', 0.22],
  ['amazon-bedrock', 'models-dev', 0.22],
]);
/** The baseline rows (provider `x`) are of no model in these tests. */
const to = (model: string) => (c: CatalogueChange) => (c.provider === 'x' ? undefined : model);
const toQwen = to('qwen3-235b-a22b-2507');

test('novita-ai 720 -> 0.09 (LiteLLM c58c1dfab1) is the correction of a unit error, with the ratio and the listings', () => {
  const [e] = priceEvents(catalogueEvents([BASELINE, NOVITA], toQwen, undefined, QWEN_OTHERS));
  assert.deepEqual([e.old, e.new, e.correction], [720, 0.09, true]);
  // Median of 0.062, 0.09, 0.22, 0.22 = (0.09 + 0.22) / 2 = 0.155; 720 / 0.155 = 4,645, shown to 2 digits.
  assert.equal(e.correction_note, 'unit error corrected: 720 was 4,600x the median (0.155) of what 4 other listings' +
    ' (litellm, models-dev) gave qwen3-235b-a22b-2507\'s input price on 2026-01-13; corrected to 0.09');
});

test('a real cut of 100x or more that the other listings follow the same day stays a price change', () => {
  // Constructed: three other providers' rows cut 10 -> 0.05 on the same day as novita's (200x each).
  const follow = ['a', 'b', 'c'].map((p) => row({ ...NOVITA, provider: p, source_model_id: `${p}/qwen`, old: 10, new: 0.05 }));
  const cut = row({ ...NOVITA, old: 10, new: 0.05 });
  const events = priceEvents(catalogueEvents([BASELINE, cut, ...follow], toQwen));
  assert.equal(events.length, 4);
  assert.ok(events.every((e) => e.correction === null), JSON.stringify(events.map((e) => e.correction_note)));
  // The same cut alone, against providers still at 10 after it, is the error the rule is for.
  const stay = ['a', 'b'].map((p) =>
    row({ ...NOVITA, date: '2025-06-01T00:00:00Z', provider: p, source_model_id: `${p}/q`, old: 9, new: 10 }));
  const alone = priceEvents(catalogueEvents([BASELINE, ...stay, cut], toQwen)).find((e) => e.provider === 'novita-ai')!;
  assert.equal(alone.correction, true);
  assert.match(alone.correction_note!, /^unit error brought in: 0\.05 is 200x below the median \(10\) of what 2 other listings/);
});

// models.dev history (data/sources/models.dev/field-changes-from-git.jsonl.gz), commit b417cb6f26 ("Update Cloudflare
// AI Gateway model configurations", 2025-12-12T17:06:09-08:00): providers/cloudflare-ai-gateway/models/workers-ai/
// llama-3.1-8b-instruct.toml cost.input 0 -> 280000, a per-million price written a million times too high.
const CLOUDFLARE = row({
  source: 'models-dev', commit: 'b417cb6f26', date: '2025-12-12T17:06:09-08:00', provider: 'cloudflare-ai-gateway',
  subject: 'Update Cloudflare AI Gateway model configurations', source_model_id: 'workers-ai/llama-3.1-8b-instruct',
  field: 'input', old: 0, new: 280000,
});
// The offers' input prices (data/dataset/offers.json): avian 0.1, cerebras 0.1, amazon-bedrock 0.22, azure 0.3, and
// cloudflare-ai-gateway's own 0.28 today, which must not count: the history already has that provider's listing.
const LLAMA_OTHERS = stand('llama-3.1-8b-instruct', 'input', [
  ['avian', 'genai-prices-npm', 0.1], ['cerebras', 'genai-prices-npm', 0.1], ['amazon-bedrock', 'genai-prices-npm', 0.22],
  ['azure', 'models-dev', 0.3], ['cloudflare-ai-gateway', 'models-dev', 0.28],
]);

test('0 -> 280000 (models.dev b417cb6f26) brings in a unit error: a correction, the provider\'s own offer left out', () => {
  const base = row({ source: 'models-dev' });
  const [e] = priceEvents(catalogueEvents([BASELINE, base, CLOUDFLARE], to('llama-3.1-8b-instruct'), undefined, LLAMA_OTHERS));
  assert.deepEqual([e.date, e.old, e.new, e.correction], ['2025-12-13', 0, 280000, true]);
  // Median of 0.1, 0.1, 0.22, 0.3 = 0.16; 280000 / 0.16 = 1,750,000, to 2 digits 1,800,000.
  assert.equal(e.correction_note, 'unit error brought in: 280000 is 1,800,000x the median (0.16) of what 4 other listings' +
    ' (genai-prices-npm, models-dev) gave llama-3.1-8b-instruct\'s input price on 2025-12-13; before it the value was 0');
});

test('too little evidence marks nothing: one other listing, or a low price appearing out of nothing', () => {
  const one = LLAMA_OTHERS.filter((p) => p.provider === 'azure');
  const base = row({ source: 'models-dev' });
  const [e] = priceEvents(catalogueEvents([BASELINE, base, CLOUDFLARE], to('llama-3.1-8b-instruct'), undefined, one));
  assert.equal(e.correction, null);
  // Like LiteLLM's deepinfra deepseek-v3.1 cache_read none -> 0.216 (2025-09-10), when the other listings held 540:
  // the odd ones there are the others, and nothing on the event's own side says which is right.
  const low = row({ provider: 'deepinfra', date: '2025-09-10T00:00:00Z', field: 'cache_read', old: null, new: 0.216 });
  const others = stand('deepseek-v3.1', 'cache_read', [['novita-ai', 'litellm', 540], ['chutes', 'models-dev', 540.2]]);
  // A price appearing from none is the source filling in a field: no price event at all (priceListed), marked or not.
  assert.deepEqual(priceEvents(catalogueEvents([BASELINE, low], to('deepseek-v3.1'), undefined, others)), []);
});

test('a round trip 4.88 -> 4880000 -> 4.88 is a unit error in and out, though 4.88 is 16x the others', () => {
  // models.dev: b417cb6f26 (2025-12-12T17:06:09-08:00) providers/cloudflare-ai-gateway/models/workers-ai/
  // deepseek-r1-distill-qwen-32b.toml cost.output 4.88 -> 4880000; f6ff799d21 ("Update models", 2025-12-23T10:22:16-08:00)
  // .../workers-ai/@cf/deepseek-ai/deepseek-r1-distill-qwen-32b.toml cost.output 4880000 -> 4.88 (the file moved).
  const into = row({ ...CLOUDFLARE, source_model_id: 'workers-ai/deepseek-r1-distill-qwen-32b', field: 'output', old: 4.88, new: 4880000 });
  const back = row({
    ...into, commit: 'f6ff799d21', subject: 'Update models', date: '2025-12-23T10:22:16-08:00',
    source_model_id: 'workers-ai/@cf/deepseek-ai/deepseek-r1-distill-qwen-32b', old: 4880000, new: 4.88,
  });
  // Output prices of the model's other providers in data/dataset/offers.json: 0.15, 0.18, 0.27, 0.3, 0.9; median 0.27,
  // and Cloudflare's 4.88 is 18x that: alone it agrees with no one.
  const others = stand('deepseek-r1-distill-qwen-32b', 'output', [
    ['nscale', 'models-dev', 0.15], ['openrouter', 'models-dev', 0.18], ['deepinfra', 'litellm', 0.27],
    ['novita-ai', 'litellm', 0.3], ['fireworks-ai', 'litellm', 0.9],
  ]);
  const base = row({ source: 'models-dev' });
  const resolve = to('deepseek-r1-distill-qwen-32b');
  const [a, b] = priceEvents(catalogueEvents([BASELINE, base, into, back], resolve, undefined, others))
    .sort((x, y) => x.date.localeCompare(y.date));
  assert.deepEqual([a.correction, b.correction], [true, true]);
  // 4880000 / 0.27 = 18,074,074, to 2 digits 18,000,000.
  assert.match(a.correction_note!, /^unit error brought in: 4880000 is 18,000,000x the median \(0\.27\) of what 5 other listings/);
  assert.match(b.correction_note!, /^unit error corrected: 4880000 was 18,000,000x .*; corrected to 4\.88$/);
  // Without the way back, 4.88 -> 4880000 has no side the other listings agree with: left as it is.
  const [alone] = priceEvents(catalogueEvents([BASELINE, base, into], resolve, undefined, others));
  assert.equal(alone.correction, null);
});

// LiteLLM history, commit 849de6703a (2026-02-26T08:22:15Z): azure_ai/mistral-small-2503 input_cost_per_token 1e-06 ->
// 1e-07 (1 -> 0.1 per 1M tokens; Mistral Small 3.1 is $0.10 input). Five other providers' input prices as
// data/dataset/offers.json holds them: cloudflare 0.35, kilo 0.35, routing-run 0.15 (models.dev), openrouter 0.05
// (genai-prices npm), watsonx 0.1 (LiteLLM).
const AZURE_SMALL = row({
  commit: '849de6703a', date: '2026-02-26T08:22:15+00:00', provider: 'azure', source_model_id: 'azure_ai/mistral-small-2503',
  field: 'input', old: 1, new: 0.1,
});
const SMALL_OTHERS = (list: Array<[provider: string, source: string, value: number]>) => stand('mistral-small-3.1-24b-instruct', 'input', list);

test('a move by exactly 10x whose one side sits 5x from the others and the other near them is a decimal slip', () => {
  const others = SMALL_OTHERS([['cloudflare-ai-gateway', 'models-dev', 0.35], ['kilo', 'models-dev', 0.35],
    ['routing-run', 'models-dev', 0.15], ['openrouter', 'genai-prices-npm', 0.05], ['watsonx', 'litellm', 0.1]]);
  const [e] = priceEvents(catalogueEvents([BASELINE, AZURE_SMALL], to('mistral-small-3.1-24b-instruct'), undefined, others));
  // Median of 0.05, 0.1, 0.15, 0.35, 0.35 = 0.15; 1 / 0.15 = 6.7x; 0.1 is 1.5x under it.
  assert.deepEqual([e.correction, e.correction_note], [true, 'unit error corrected: 1 was 6.7x the median (0.15) of what 5 other' +
    ' listings (genai-prices-npm, litellm, models-dev) gave mistral-small-3.1-24b-instruct\'s input price on 2026-02-26; corrected to 0.1']);
});

test('a 10x move whose sides both sit apart from the others, or a 9x move, is no decimal slip', () => {
  // Others at 0.35 (median 0.35): 0.1 is 3.5x under it, so the new side does not agree; 1 -> 0.111 is 9x, no power of ten.
  const far = SMALL_OTHERS([['cloudflare-ai-gateway', 'models-dev', 0.35], ['kilo', 'models-dev', 0.35], ['routing-run', 'models-dev', 0.35]]);
  const near = SMALL_OTHERS([['cloudflare-ai-gateway', 'models-dev', 0.1], ['kilo', 'models-dev', 0.1], ['watsonx', 'litellm', 0.1]]);
  const model = to('mistral-small-3.1-24b-instruct');
  const [apart] = priceEvents(catalogueEvents([BASELINE, AZURE_SMALL], model, undefined, far));
  const [nine] = priceEvents(catalogueEvents([BASELINE, { ...AZURE_SMALL, new: 0.111 }], model, undefined, near));
  assert.deepEqual([apart.correction, nine.correction], [null, null]);
});

// DeepSeek V4 Flash's cache-hit price. genai-prices (price-changes-from-git.jsonl, 9275f6b122, 2026-05-14) added
// deepseek/deepseek-v4-flash at cache_read_mtok 0.0028 (DeepSeek cut cache hits to a tenth, 0.028 -> 0.0028, from
// 2026-04-26); models.dev moved vercel/deepseek/deepseek-v4-flash's cache read 0.028 -> 0.0028 on 2026-05-18, while
// resellers still listed 0.028 (fireworks-ai, aihubmix, opencode) or about it (openrouter 0.022): a median 7.9x above.
const DEEPSEEK_ADDED = row({
  source: 'genai-prices-npm', commit: '9275f6b122', date: '2026-05-14T16:32:14+00:00', change: 'added', provider: 'deepseek',
  source_model_id: 'deepseek-v4-flash', field: 'offered', old: false, new: true,
  prices: { input: 0.14, output: 0.28, cache_read: 0.0028 },
});
const VERCEL_CUT = row({
  source: 'models-dev', commit: '1111111111', date: '2026-05-18T10:00:00+00:00', provider: 'vercel',
  source_model_id: 'deepseek/deepseek-v4-flash', field: 'cache_read', old: 0.028, new: 0.0028,
});
const V4_RESELLERS = stand('deepseek-v4-flash', 'cache_read', [
  ['fireworks-ai', 'models-dev', 0.028], ['aihubmix', 'models-dev', 0.028], ['opencode', 'models-dev', 0.028],
  ['openrouter', 'models-dev', 0.022],
]);

test("a reseller moving to the developer's own price of the day is no unit error, however far from the resellers' median", () => {
  const model = to('deepseek-v4-flash');
  // Each source's first commit is its baseline (no event).
  const bases = [BASELINE, row({ source: 'genai-prices-npm' }), row({ source: 'models-dev' })];
  const changes = [...bases, DEEPSEEK_ADDED, VERCEL_CUT];
  const dev = (provider: string) => provider === 'deepseek';
  const vercel = (r: ReturnType<typeof catalogueEvents>) => priceEvents(r).find((e) => e.provider === 'vercel')!;
  assert.equal(vercel(catalogueEvents(changes, model, dev, V4_RESELLERS)).correction, null, "DeepSeek's own 0.0028 that day");
  // Without the developer's listing the same move is weighed against the resellers alone: 0.028 -> 0.0028 is exactly
  // 10x, and 0.0028 sits 0.028 / 0.0028 = 10x (5x or more) below their median 0.028, 0.028 within 2x of it: a slip.
  const alone = vercel(catalogueEvents([...bases, VERCEL_CUT], model, dev, V4_RESELLERS));
  assert.equal(alone.correction, true);
  assert.match(alone.correction_note!, /^unit error brought in: 0\.0028 is 10x below the median \(0\.028\)/);
  // The developer's figure in the event's own source is no evidence: that source may carry the same slip twice.
  const sameSource = vercel(catalogueEvents([...bases, { ...DEEPSEEK_ADDED, source: 'models-dev' }, VERCEL_CUT], model, dev, V4_RESELLERS));
  assert.equal(sameSource.correction, true);
});

// Two sources listing one id at one provider are two listings: models.dev's and genai-prices' OpenRouter
// deepseek/deepseek-chat-v3.1 (a pair the 2026 histories both hold) used to share one price history, so each step of
// either read as the other's. Illustrative figures: models.dev moves OpenRouter's output 0.8 -> 1 on 2025-12-01,
// genai-prices its own reading 0.8 -> 0.75 on 2025-12-20; fireworks-ai stands at 1.7 (an offer no history changed).
const OR_MODELS_DEV = row({
  source: 'models-dev', commit: '2222222222', date: '2025-12-01T00:00:00+00:00', provider: 'openrouter',
  source_model_id: 'deepseek/deepseek-chat-v3.1', field: 'output', old: 0.8, new: 1,
});
const OR_GENAI_PRICES = { ...OR_MODELS_DEV, source: 'genai-prices', commit: '3333333333', date: '2025-12-20T00:00:00+00:00', new: 0.75 };
// LiteLLM c58c1dfab1 (2026-01-13): novita's deepseek-v3.1 output 8000 -> 1 per 1M tokens, a per-token figure scaled wrong.
const NOVITA_V31 = row({
  commit: 'c58c1dfab1', date: '2026-01-13T22:08:35+00:00', provider: 'novita-ai',
  source_model_id: 'novita/deepseek/deepseek-v3.1', field: 'output', old: 8000, new: 1,
});

test("one id at one provider in two sources is two listings: each source's reading counts, with its own steps", () => {
  const bases = [BASELINE, row({ source: 'models-dev' }), row({ source: 'genai-prices' })];
  const others = stand('deepseek-v3.1', 'output', [['fireworks-ai', 'models-dev', 1.7]]);
  const [e] = priceEvents(catalogueEvents([...bases, OR_MODELS_DEV, OR_GENAI_PRICES, NOVITA_V31], to('deepseek-v3.1'), undefined, others))
    .filter((x) => x.provider === 'novita-ai');
  // Keyed without the source, OpenRouter's two readings were one listing held at the last step of either (0.75,
  // genai-prices'), labelled models-dev: "8000 was 6,500x the median (1.225) of what 2 other listings (models-dev)"
  // (median of 0.75 and 1.7). Keyed by source: models.dev's 1, genai-prices' 0.75 and fireworks-ai's 1.7, median 1,
  // 8000 / 1 = 8,000x, over 3 listings from both sources.
  assert.equal(e.correction, true);
  assert.equal(e.correction_note, 'unit error corrected: 8000 was 8,000x the median (1) of what 3 other listings' +
    " (genai-prices, models-dev) gave deepseek-v3.1's output price on 2026-01-13; corrected to 1");
});

// LiteLLM history (data/sources/litellm-via-rocry/litellm-field-changes-2025-02..2026-07.jsonl), commit d9116bbc9e
// (2025-10-17T21:07:10Z), per token: watsonx/ibm/granite-3-3-8b-instruct input 0.00025 -> 2e-07 (250 -> 0.2 per 1M;
// cda8b3d5f8 had added it at 0.00025 on 2025-10-06), and in the same commit watsonx/openai/gpt-oss-120b input
// 0.004 -> 1.5e-07 (4000 -> 0.15), watsonx/mistralai/pixtral-12b-2409 input 0.00015 -> 3.5e-07 (150 -> 0.35),
// watsonx/meta-llama/llama-3-3-70b-instruct input 0.002 -> 7.1e-07 (2000 -> 0.71).
const WATSONX = { commit: 'd9116bbc9e', date: '2025-10-17T21:07:10+00:00', provider: 'watsonx', field: 'input' } as const;
const SIBLINGS = [
  row({ ...WATSONX, source_model_id: 'watsonx/openai/gpt-oss-120b', old: 4000, new: 0.15 }),
  row({ ...WATSONX, source_model_id: 'watsonx/mistralai/pixtral-12b-2409', old: 150, new: 0.35 }),
  row({ ...WATSONX, source_model_id: 'watsonx/meta-llama/llama-3-3-70b-instruct', old: 2000, new: 0.71 }),
];
const GRANITE = row({ ...WATSONX, source_model_id: 'watsonx/ibm/granite-3-3-8b-instruct', old: 250, new: 0.2 });
const toWatsonx = (c: CatalogueChange) => (c.provider === 'x' ? undefined : c.source_model_id.split('/').pop());
// Constructed: two other providers per sibling model at about the corrected price, so that each sibling is marked by
// the median rule; granite has no other listing.
const SIBLING_OTHERS = ['gpt-oss-120b', 'pixtral-12b-2409', 'llama-3-3-70b-instruct'].flatMap((m, i) =>
  stand(m, 'input', [['a', 'models-dev', [0.15, 0.35, 0.71][i]], ['b', 'genai-prices', [0.15, 0.35, 0.71][i]]]));

test("a price a commit moved with the provider's other unit-error corrections, the same way and as far, is one too", () => {
  const events = priceEvents(catalogueEvents([BASELINE, ...SIBLINGS, GRANITE], toWatsonx, undefined, SIBLING_OTHERS));
  assert.equal(events.length, 4);
  assert.ok(events.every((e) => e.correction === true), JSON.stringify(events.map((e) => e.correction_note)));
  const g = events.find((e) => e.model_id === 'granite-3-3-8b-instruct')!;
  // Factors by hand: 4000 / 0.15 = 26,667 (27,000x to 2 digits), 150 / 0.35 = 428.6 (430x), 2000 / 0.71 = 2,817;
  // granite 250 / 0.2 = 1,250 (1,300x), inside 430x to 27,000x.
  assert.equal(g.correction_note, 'unit error corrected: 250 was in the wrong unit; litellm commit d9116bbc9e moved 3 other ' +
    'watsonx prices down by 430x to 27,000x, each marked a unit error against the other listings of its model, and this one ' +
    "down by 1,300x: one unit slip across the provider's listings (too few other listings of granite-3-3-8b-instruct to " +
    'weigh this price by their median); corrected to 0.2');
});

test('a move the other way, one smaller than the siblings\', or too few siblings, is no unit error by the commit', () => {
  const up = row({ ...GRANITE, old: 0.2, new: 250 });
  const small = row({ ...GRANITE, source_model_id: 'watsonx/ibm/granite-small', old: 100, new: 0.5 }); // 200x < 430x
  const events = priceEvents(catalogueEvents([BASELINE, ...SIBLINGS, up, small], toWatsonx, undefined, SIBLING_OTHERS));
  assert.equal(events.find((e) => e.model_id === 'granite-3-3-8b-instruct')!.correction, null);
  assert.equal(events.find((e) => e.model_id === 'granite-small')!.correction, null);
  // Two siblings only (COMMIT_SIBLINGS is 3): too thin a pattern.
  const two = priceEvents(catalogueEvents([BASELINE, ...SIBLINGS.slice(0, 2), GRANITE], toWatsonx, undefined, SIBLING_OTHERS));
  assert.equal(two.find((e) => e.model_id === 'granite-3-3-8b-instruct')!.correction, null);
});
