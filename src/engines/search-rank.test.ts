// Tests of the relevance order: among equal text matches, the established and newest model a reader means comes first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aModel, anOffer, f } from '../dataset/fixtures.ts';
import { searchModels } from './search.ts';
import { providersServing } from './search-rank.ts';

/** `n` providers serving the model, each once. */
const servedBy = (model_id: string, n: number) => Array.from({ length: n }, (_, i) => anOffer({ model_id, provider: `p${i}` }));

const sonnet = (id: string, name: string, released: string | undefined, extra: object = {}) =>
  aModel({ id, vendor: 'anthropic', name: f(name), family: f('claude-sonnet'), ...(released ? { release_date: f(released) } : {}), ...extra });

const ds = aDataset({
  data_as_of: '2026-09-23',
  models: [
    sonnet('claude-sonnet-4-5', 'Claude Sonnet 4.5', '2025-09-29'),
    sonnet('claude-sonnet-4-6', 'Claude Sonnet 4.6', '2026-02-17'),
    sonnet('claude-sonnet-5', 'Claude Sonnet 5', '2026-06-30'),
    sonnet('claude-sonnet-latest', 'Claude Sonnet Latest', '2026-04-27'),
    // Shut down by its developer: it follows every served match, however it matches.
    sonnet('claude-3-7-sonnet', 'Claude Sonnet 3.7', '2025-02-19', { status: f('deprecated' as const), shutdown_date: f('2026-02-19') }),
    // The same words, no family: a weaker match than the family's own models.
    aModel({ id: 'sonnet-tune', vendor: 'someone', name: f('Claude Sonnet Tune'), release_date: f('2026-08-01') }),
  ],
  offers: [
    ...servedBy('claude-sonnet-4-5', 38), ...servedBy('claude-sonnet-4-6', 37), ...servedBy('claude-sonnet-5', 12),
    ...servedBy('claude-sonnet-latest', 3), ...servedBy('sonnet-tune', 40),
    // A retired offer serves nothing: it does not count.
    anOffer({ model_id: 'claude-sonnet-latest', provider: 'gone', status: f('deprecated' as const), shutdown_date: f('2026-01-01') }),
  ],
});

test('providers serving a model count each provider once and leave retired offers out', () => {
  assert.equal(providersServing(ds).get('claude-sonnet-latest'), 3);
  assert.equal(providersServing(ds).get('claude-3-7-sonnet'), 0);
});

test('among equal matches the established models come newest first, then the rest; shut-down models last', () => {
  // Established: at least a quarter of the 38 providers of the most served equal match (9.5), so 4.5, 4.6 and 5;
  // the newest of them is Sonnet 5 (2026-06-30). The tune, though served by 40, names no family. claude-sonnet-latest is
  // a pointer (a `-latest` name): after every served concrete model, before the shut-down Sonnet 3.7.
  assert.deepEqual(searchModels(ds, { q: 'claude sonnet' }),
    ['claude-sonnet-5', 'claude-sonnet-4-6', 'claude-sonnet-4-5', 'sonnet-tune', 'claude-sonnet-latest', 'claude-3-7-sonnet']);
});

test('an id typed as such comes first even when shut down; written as words it is one more match', () => {
  assert.equal(searchModels(ds, { q: 'claude-3-7-sonnet' })[0], 'claude-3-7-sonnet');
  assert.equal(searchModels(ds, { q: 'claude sonnet 3.7' })[0], 'claude-3-7-sonnet', 'the only match of all three words');
  // `claude sonnet latest` resolves to claude-sonnet-latest once spaces read as hyphens: the strongest match of the served.
  assert.equal(searchModels(ds, { q: 'claude sonnet latest' })[0], 'claude-sonnet-latest');
});

test('other sorts keep their order and ignore relevance', () => {
  assert.deepEqual(searchModels(ds, { q: 'claude sonnet', sort: 'release_date' }).slice(0, 2), ['sonnet-tune', 'claude-sonnet-5']);
});

// Gemini 2.5 Flash as the data have it after its shutdown (2026-10-16): the model shut, its TTS and Live variants served.
const flash = (id: string, name: string, family: string | undefined, extra: object = {}) =>
  aModel({ id, vendor: 'google', name: f(name), ...(family ? { family: f(family) } : {}), release_date: f('2025-06-17'), ...extra });
const gemini = aDataset({
  data_as_of: '2026-11-27',
  models: [
    flash('gemini-2.5-flash', 'Gemini 2.5 Flash', 'gemini-flash', { status: f('deprecated' as const), shutdown_date: f('2026-10-16') }),
    flash('gemini-2.5-flash-tts', 'Gemini 2.5 Flash TTS', 'gemini-flash'),
    flash('gemini-live-2.5-flash', 'Gemini Live 2.5 Flash', undefined),
    flash('gemini-2.5-flash-lite', 'Gemini 2.5 Flash Lite', 'gemini-flash-lite'),
    // models.dev files this Pro model under gemini-flash: `flash` is no word of it.
    flash('gemini-2.5-pro-preview-tts', 'Gemini 2.5 Pro Preview TTS', 'gemini-flash'),
  ],
  offers: [...servedBy('gemini-2.5-flash-tts', 2), ...servedBy('gemini-live-2.5-flash', 1), ...servedBy('gemini-2.5-flash-lite', 1)],
});

test('the whole name typed comes first though shut down; speech and live variants after the text models', () => {
  // By hand: Gemini 2.5 Flash is the name the three words spell; of the served, Flash Lite is a text model, TTS (2
  // providers) and Live (1) are not; the Pro Preview TTS has no `flash` in its name and does not match.
  assert.deepEqual(searchModels(gemini, { q: 'gemini 2.5 flash' }),
    ['gemini-2.5-flash', 'gemini-2.5-flash-lite', 'gemini-2.5-flash-tts', 'gemini-live-2.5-flash']);
  // Asked for by name, TTS and Live are no longer set after the text models.
  assert.deepEqual(searchModels(gemini, { q: 'gemini 2.5 flash tts' }), ['gemini-2.5-flash-tts']);
  assert.equal(searchModels(gemini, { q: 'gemini live' })[0], 'gemini-live-2.5-flash');
});

// A flagship listed after the wide catalogues were read: few providers count it yet, its developer sells it.
const opus = (id: string, name: string, released: string, family?: string) =>
  aModel({ id, vendor: 'anthropic', name: f(name), ...(family ? { family: f(family) } : {}), release_date: f(released) });
const newer = aDataset({
  data_as_of: '2026-09-23',
  models: [
    opus('claude-opus-4-6', 'Claude Opus 4.6', '2026-02-05', 'claude-opus'),
    opus('claude-opus-latest', 'Claude Opus Latest', '2026-04-16', 'claude-opus'),
    // No catalogue files these under a family: their names spell Anthropic's `claude-opus`.
    opus('claude-opus-5-5', 'Claude Opus 5.5', '2026-09-23'),
    opus('claude-opus-5-5-fast', 'Claude Opus 5.5 Fast', '2026-09-23'),
  ],
  offers: [
    // Most offers were read on the fixture date: that is the catalogues' day.
    ...servedBy('claude-opus-4-6', 38), ...servedBy('claude-opus-latest', 3),
    ...servedBy('claude-opus-5-5', 3), anOffer({ model_id: 'claude-opus-5-5', provider: 'anthropic', first_party: true }),
    ...servedBy('claude-opus-5-5-fast', 2),
  ],
});

test('a model released after the catalogues and sold by its developer is established whatever its provider count', () => {
  // By hand: the bar is a quarter of 38 (9.5). Opus 5.5 (4 providers, one Anthropic's own) was released after the
  // catalogues' day: established, and newest. Its Fast variant (2, none Anthropic's) and the `latest` pointer (3,
  // released before the catalogues' day) are not: after Opus 4.6; the pointer, though served by more, after every
  // concrete model.
  assert.deepEqual(searchModels(newer, { q: 'claude opus' }), ['claude-opus-5-5', 'claude-opus-4-6', 'claude-opus-5-5-fast', 'claude-opus-latest']);
});

test('a moving name whose points_to names its model ranks as a pointer, after the concrete models, without a -latest id', () => {
  // DeepSeek's API name deepseek-chat served V3, V3.1, V3.2, then V4 Flash's non-thinking mode (api-docs.deepseek.com):
  // served by more providers than either concrete model here, and given a listing's date newer than both (the dataset
  // sets such dates aside; here it would put the name first), it still comes after both once it is known as a pointer.
  const deepseek = (pointer: boolean) => aDataset({
    data_as_of: '2026-09-23',
    models: [
      aModel({ id: 'deepseek-chat', vendor: 'deepseek', name: f('DeepSeek Chat'), family: f('deepseek'), release_date: f('2026-05-01'),
        ...(pointer ? { points_to: f('deepseek-v4-flash') } : {}) }),
      aModel({ id: 'deepseek-v4-flash', vendor: 'deepseek', name: f('DeepSeek V4 Flash'), family: f('deepseek'), release_date: f('2026-04-24') }),
      aModel({ id: 'deepseek-v3.2', vendor: 'deepseek', name: f('DeepSeek V3.2'), family: f('deepseek'), release_date: f('2025-12-01') }),
    ],
    offers: [...servedBy('deepseek-chat', 30), ...servedBy('deepseek-v4-flash', 12), ...servedBy('deepseek-v3.2', 20)],
  });
  assert.deepEqual(searchModels(deepseek(false), { q: 'deepseek' }), ['deepseek-chat', 'deepseek-v4-flash', 'deepseek-v3.2'],
    'without the fact, an ordinary model, newest first');
  assert.deepEqual(searchModels(deepseek(true), { q: 'deepseek' }), ['deepseek-v4-flash', 'deepseek-v3.2', 'deepseek-chat']);
  // Named as typed, it still comes first.
  assert.equal(searchModels(deepseek(true), { q: 'deepseek-chat' })[0], 'deepseek-chat');
});

// GLM as the committed data have it (providers serving on 2026-09-23; release dates: GLM-5.3 rated from 2026-08-19,
// GLM-5.3-Flash's upper bound 2026-09-23, the npm bundle that first lists it).
const glm = (id: string, name: string, released: string) => aModel({ id, vendor: 'zhipuai', name: f(name), release_date: f(released) });
const zhipu = aDataset({
  data_as_of: '2026-09-23',
  models: [
    glm('glm-5.3', 'GLM-5.3', '2026-08-19'), glm('glm-5.3-flash', 'GLM-5.3-Flash', '2026-09-23'),
    glm('glm-5.2', 'GLM-5.2', '2026-06-13'), glm('glm-4.7', 'GLM-4.7', '2025-12-22'), glm('glm-4.7-flash', 'GLM-4.7-Flash', '2026-01-19'),
  ],
  offers: [
    ...servedBy('glm-5.3', 5), ...servedBy('glm-5.3-flash', 6), ...servedBy('glm-5.2', 45), ...servedBy('glm-4.7', 40),
    ...servedBy('glm-4.7-flash', 20),
    // Released after the catalogues were read (the fixture date), sold by Zhipu itself: established, as on the data.
    anOffer({ model_id: 'glm-5.3', provider: 'zhipuai', first_party: true }),
    anOffer({ model_id: 'glm-5.3-flash', provider: 'zhipuai', first_party: true }),
  ],
});

test('the whole name typed beats a longer name; a Flash variant follows its base whatever the dates say', () => {
  // `glm 5.3` spells GLM-5.3 whole; GLM-5.3-Flash is newer and served by one provider more, yet only holds the name.
  assert.deepEqual(searchModels(zhipu, { q: 'glm 5.3' }), ['glm-5.3', 'glm-5.3-flash']);
  assert.deepEqual(searchModels(zhipu, { q: 'glm-5.3' }), ['glm-5.3', 'glm-5.3-flash']);
  assert.deepEqual(searchModels(zhipu, { q: 'GLM 5.3 flash' }), ['glm-5.3-flash']);
  // One word, a line: newest first, but each Flash right after its base (GLM-4.7-Flash, 2026-01-19, after GLM-4.7).
  assert.deepEqual(searchModels(zhipu, { q: 'glm' }), ['glm-5.3', 'glm-5.3-flash', 'glm-5.2', 'glm-4.7', 'glm-4.7-flash']);
  // Typed as an id, the variant is what was asked for.
  assert.equal(searchModels(zhipu, { q: 'glm-5.3-flash' })[0], 'glm-5.3-flash');
});

// The Qwen3 generation as the committed data have it (providers serving, release dates), and a later generation.
const qwen = (id: string, name: string, released: string) =>
  aModel({ id, vendor: 'alibaba', name: f(name), family: f('qwen'), release_date: f(released) });
const alibaba = aDataset({
  data_as_of: '2026-09-23',
  models: [
    qwen('qwen3-max', 'Qwen3 Max', '2025-09-23'), qwen('qwen3-32b', 'Qwen3 32B', '2025-04-29'),
    qwen('qwen3-235b-a22b-2507', 'Qwen3 235B A22B Instruct 2507', '2025-07-25'), qwen('qwen3-coder-next', 'Qwen3 Coder Next', '2026-02-03'),
    qwen('qwen3.6-plus', 'Qwen3.6 Plus', '2026-04-02'),
  ],
  offers: [
    ...servedBy('qwen3-max', 16), ...servedBy('qwen3-32b', 26), ...servedBy('qwen3-235b-a22b-2507', 27),
    ...servedBy('qwen3-coder-next', 14), ...servedBy('qwen3.6-plus', 23),
  ],
});

test('`qwen 3` names the Qwen3 generation: its most served models first, the closed Max among them by its count', () => {
  // By hand: 27, 26, 16, 14 providers; Qwen3.6 Plus holds `qwen3` only as a prefix of `qwen3.6`, a weaker match.
  const expected = ['qwen3-235b-a22b-2507', 'qwen3-32b', 'qwen3-max', 'qwen3-coder-next', 'qwen3.6-plus'];
  assert.deepEqual(searchModels(alibaba, { q: 'qwen 3' }), expected);
  assert.deepEqual(searchModels(alibaba, { q: 'qwen3' }), expected);
  // A model named whole is still the model: `qwen3 max` spells Qwen3 Max.
  assert.equal(searchModels(alibaba, { q: 'qwen3 max' })[0], 'qwen3-max');
});

// Mistral's OCR models as the committed data have them: the first, named plainly "Mistral OCR", shut 2025-12-31 with
// no offer left; OCR 3 and 4.1 served by one provider each.
const ocr = (id: string, name: string, extra: object = {}) => aModel({ id, vendor: 'mistral', name: f(name), ...extra });
const mistral = aDataset({
  data_as_of: '2026-09-23',
  models: [
    ocr('mistral-ocr-2503', 'Mistral OCR', { status: f('deprecated' as const), shutdown_date: f('2025-12-31'), replacement: f('mistral-ocr-4-1') }),
    ocr('mistral-ocr-2512', 'Mistral OCR 3'), ocr('mistral-ocr-4-1', 'Mistral OCR 4.1', { release_date: f('2026-09-23') }),
  ],
  offers: [...servedBy('mistral-ocr-2512', 1), ...servedBy('mistral-ocr-4-1', 1)],
});

test('a name spelled whole whose model is shut, served by no one and succeeded under its name + a version, follows them', () => {
  // `mistral ocr` is the line's name today: OCR 4.1 (dated, newest) and OCR 3, then the shut Mistral OCR. (Gemini 2.5
  // Flash, shut and unserved in the test above, has no `Gemini 2.5 Flash <version>`: it stays first.)
  assert.deepEqual(searchModels(mistral, { q: 'mistral ocr' }), ['mistral-ocr-4-1', 'mistral-ocr-2512', 'mistral-ocr-2503']);
  // Its id typed still names it.
  assert.equal(searchModels(mistral, { q: 'mistral-ocr-2503' })[0], 'mistral-ocr-2503');
});
