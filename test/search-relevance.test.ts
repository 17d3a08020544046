// Real queries on the committed dataset: the first result of a search by relevance is the model a reader means.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { search_models } from '../src/ops/search-models.ts';
import { committedDataset } from './committed-dataset.ts';

// Judged on the data's date (2026-09-23) and on a later day, as the service judges it once shutdowns have passed.
const onDataDate = committedDataset();
const later = committedDataset({ judgedOn: '2026-12-02' });

type Ds = typeof onDataDate;
type Item = { id: string; vendor: string; status?: { value: string } | null; shutdown_date?: { value: string } | null };
const found = (ds: Ds, q: string) => (search_models.handler(ds, search_models.input.parse({ q, limit: 100 }), { today: ds.lifecycleDate }) as {
  items: Item[];
}).items;
const search = (ds: Ds, q: string) => found(ds, q).map((i) => i.id);
/** Every kind (the default lists language models only): where the order of a text model and its speech variants is checked. */
const searchAny = (ds: Ds, q: string) => (search_models.handler(ds, search_models.input.parse({ q, kind: 'any', limit: 100 }),
  { today: ds.lifecycleDate }) as { items: Item[] }).items.map((i) => i.id);

test('gemini pro: Google\'s current Gemini Pro first, 1.5-era and experimental ids after it', () => {
  // gemini-2.5-pro, the stable Pro, released 2025-06-17, shut down on the Gemini API 2026-12-01 (its deprecations page
  // read 2026-11-10, developer-notices), after the data's date; gemini-3.1-pro-preview is a preview (released
  // 2026-02-19). On 2026-12-02, 2.5 Pro is shut down and 3.1 Pro Preview is Google's Pro.
  assert.equal(search(onDataDate, 'gemini pro')[0], 'gemini-2.5-pro');
  const ids = search(later, 'gemini pro');
  assert.equal(ids[0], 'gemini-3.1-pro-preview');
  // gemini-pro-latest is Google's pointer (a `-latest` name, no release of its own): after every served concrete model,
  // the experimental ids included, and before the shut-down ones.
  for (const old of ['learnlm-1.5-pro-experimental', 'gemini-exp-1206']) assert.ok(ids.indexOf(old) < ids.indexOf('gemini-pro-latest'), old);
  for (const shut of ['gemini-1.5-pro-001', 'gemini-pro-dev-api', 'gemini-2.5-pro']) assert.ok(ids.indexOf(shut) > ids.indexOf('gemini-pro-latest'), shut);
  // Shut down (developer-notices: the Gemini 1.5 family on 2025-09-29, Gemini 1.0 Pro on 2025-02-18): after the served
  // experimental ids, which no notice dates.
  for (const shut of ['gemini-1.5-pro-001', 'gemini-pro-dev-api', 'gemini-2.5-pro']) {
    for (const served of ['learnlm-1.5-pro-experimental', 'gemini-exp-1206']) assert.ok(ids.indexOf(shut) > ids.indexOf(served), `${shut} after ${served}`);
  }
});

test('claude sonnet: the newest Sonnet, Claude Sonnet 5', () => {
  // models.dev (anthropic): Claude Sonnet 5 released 2026-06-30, after Sonnet 4.6 (2026-02-17) and 4.5 (2025-09-29);
  // served by 12 providers, a quarter or more of the 38 serving Sonnet 4.5, so it is no side listing.
  assert.equal(search(onDataDate, 'claude sonnet')[0], 'claude-sonnet-5');
});

test('llama 70b: Llama 3.3 70B Instruct, Meta\'s newest 70B, before fine-tunes of it', () => {
  // Meta's Llama 3.3 card: 70B Instruct released 2024-12-06, after 3.1 70B (2024-07-23); the Euryale fine-tune
  // (2024-12-18, newer) is served by 4 providers against Llama 3.3 70B's 44.
  assert.equal(search(onDataDate, 'llama 70b')[0], 'llama-3.3-70b-instruct');
});

test('qwen 3: the Qwen3 generation, most served first, before the Qwen3.5 to 3.7 point releases', () => {
  // `qwen 3` is the word `qwen3` that opens every Qwen3 name: a generation, not one model. Most served first (providers
  // serving on the data's date): Qwen3-Coder 480B-A35B and Qwen3 235B A22B Instruct 2507 (27 each, so the newer first:
  // Qwen's Qwen3 README News dates Instruct-2507 2025.07.21, and every listing of Qwen3-Coder is later, 2025-07-22 at the
  // earliest), Qwen3 32B (26), then the closed Qwen3 Max (16) among the rest. Instruct-2507 led while the listings' day of
  // the Thinking edition, 2025-07-25, stood as its date. Only a prefix of `qwen3.6`: Qwen3.6 Plus and the like come after.
  const ids = search(onDataDate, 'qwen 3');
  assert.deepEqual(ids.slice(0, 3), ['qwen3-coder-480b-a35b-instruct', 'qwen3-235b-a22b-2507', 'qwen3-32b']);
  assert.deepEqual(search(onDataDate, 'qwen3').slice(0, 3), ids.slice(0, 3));
  assert.ok(ids.indexOf('qwen3-max') < ids.indexOf('qwen3.6-plus'));
  assert.equal(search(onDataDate, 'qwen3 max')[0], 'qwen3-max', 'the name spelled');
});

test('mistral ocr: the served OCR models before the first, shut 2025-12-31, whose summary names its replacement', () => {
  // developer-notices (Mistral's model record ocr-25-03.ts, platform-docs-public): mistral-ocr-2503 retired 2025-12-31,
  // replacement 'OCR 4.1'; nobody serves it any more, and Mistral OCR 3, 4.0 and 4.1 carry its name with a version.
  // OCR models read documents, not text: kind `other` (engines/language-model.ts), listed when the kind is asked for.
  const items = (search_models.handler(later, search_models.input.parse({ q: 'mistral ocr', kind: 'other', limit: 100 }),
    { today: later.lifecycleDate }) as { items: Item[] }).items as Array<Item & { replacement?: { value: string } }>;
  const shut = items.findIndex((i) => i.id === 'mistral-ocr-2503');
  for (const served of ['mistral-ocr-4-1', 'mistral-ocr-4-0', 'mistral-ocr-2512']) assert.ok(items.findIndex((i) => i.id === served) < shut, served);
  assert.equal(items[shut].shutdown_date?.value, '2025-12-31');
  assert.equal(items[shut].replacement?.value, 'mistral-ocr-4-1');
  assert.equal(search(later, 'mistral-ocr-2503')[0], 'mistral-ocr-2503', 'its id typed (an exact id is found whatever its kind)');
});

test('gpt-oss 20b, deepseek r1: the id the words spell', () => {
  assert.equal(search(onDataDate, 'gpt-oss 20b')[0], 'gpt-oss-20b');
  // deepseek-r1 is the model's id; the 0528 update follows it (DeepSeek-R1-0528, 2025-05-28).
  assert.deepEqual(search(onDataDate, 'deepseek r1').slice(0, 2), ['deepseek-r1', 'deepseek-r1-0528']);
});

test('mistral large: Mistral Large 3 (2512), the newest Mistral Large', () => {
  // Mistral's records: Mistral Large 3 (mistral-large-2512) released 2025-12-02, after Large 2.1 (2411) and 2 (2407);
  // Large 1.0 (2402) was retired on 2025-06-16 and comes last.
  const ids = search(onDataDate, 'mistral large');
  assert.equal(ids[0], 'mistral-large-2512');
  assert.equal(ids.at(-1), 'mistral-large-2402');
});

test('gpt: OpenAI\'s models, not the other vendors NanoGPT routes or GPTQ repos carry', () => {
  // Aliases and variants as the listings give them: `nano-gpt/anthropic/claude-opus-4.6` (NanoGPT is a provider of the
  // dataset, a route, not the model's name), `raydelossantos/Qwen3.6-27B-GPTQ-Int4` (GPTQ: how the weights are stored).
  // models.dev files WizardLM-2 and Inflection 3 under the family `gpt`, which names none of them.
  const items = found(later, 'gpt');
  for (const other of ['claude-opus-4-6', 'claude-sonnet-4-5', 'gemini-3.1-pro-preview', 'glm-5.1', 'kimi-k2.5', 'qwen3.6-27b',
    'llama-3.1-8b-instruct', 'wizardlm-2-8x22b', 'inflection-3-pi', 'mistral-7b-instruct-v0.2']) assert.ok(!items.some((i) => i.id === other), other);
  // GPT4All (Nomic) is the one other vendor: `gpt` begins a word of its name.
  assert.deepEqual(new Set(items.filter((i) => i.vendor !== 'openai').map((i) => i.id)), new Set(['gpt4all-13b-snoozy']));
  // OpenAI's newest GPT: GPT-6 Sol, Luna and Astra, absent from genai-prices on 2026-08-21 and listed by OpenAI in
  // @pydantic/genai-prices 0.1.8 (2026-09-23), sold by OpenAI itself. One or two providers serve them, as the wide
  // catalogues (models.dev, read 2026-07-02) predate them: no reason to put GPT-5.5 (2026-04-23, 31) first.
  const gpt6 = ['gpt-6-luna', 'gpt-6-sol', 'gpt-6-astra'];
  assert.deepEqual(new Set(items.slice(0, 3).map((i) => i.id)), new Set(gpt6));
  assert.ok(items.findIndex((i) => i.id === 'gpt-5.5') > 2);
  // A typed 6 is GPT-6, not the 6-bit quantization of `routing-run/route/glm-5.1-6bit`.
  assert.deepEqual(new Set(search(later, 'gpt 6')), new Set(['gpt-6-luna', 'gpt-6-sol', 'gpt-6-astra']));
});

test('deepseek, llama 3, mistral: the developer\'s own models before fine-tunes that borrow the family', () => {
  // DeepSeek V4 Pro (2026-04-24, the newest DeepSeek release, the most served) though models.dev files it under
  // `deepseek-thinking`; Prover V2, a theorem-proving model few providers list, after it.
  const deepseek = search(later, 'deepseek');
  assert.equal(deepseek[0], 'deepseek-v4-pro');
  assert.ok(deepseek.indexOf('deepseek-prover-v2-671b') > deepseek.indexOf('deepseek-v3.2'));
  // Meta's Llama 3 (8B and 70B Instruct, 2024-04-18) name the words exactly and in order; Meta's Llama 3.3 70B follows
  // (`3` the version of its `3.3`, in order too; the newest of the Llama 3.x names of four words). Meta's Llama Guard 3
  // 8B holds both words but apart: it came with Llama 3.1 on 2024-07-23 (Hugging Face's Llama 3.1 post: 'Meta released
  // two new models: Llama Guard 3 and Prompt Guard') and led the list while search read the words as a bag, though
  // `llama 3` names the Llama 3 line, not the safety classifier. By hand: Llama 3 8B is 4 (`llama`, a word of its name)
  // + 4 (`3`) + 2 (Meta's family) + 1.8 (the phrase) = 11.8; Llama 3.3 70B 4 + 2.4 (`3` of `3.3`) + 2 + 1.8 = 10.2; Llama
  // Guard 3 4 + 4 + 2 = 10, after every Llama 3.x of Meta's. Nous Research's Hermes 2 Pro and Sao10K's Lunaris, fine-tunes
  // models.dev files under `llama`, write the phrase without Meta's family: 4 + 4 + 1.8 = 9.8, after Meta's.
  const llama = search(later, 'llama 3');
  assert.deepEqual(llama.slice(0, 3), ['llama-3-8b-instruct', 'llama-3-70b-instruct', 'llama-3.3-70b-instruct']);
  for (const own of ['llama-3.1-8b-instruct', 'llama-3.2-3b-instruct']) assert.ok(llama.indexOf(own) < llama.indexOf('llama-guard-3-8b'), own);
  for (const tune of ['hermes-2-pro-llama-3-8b', 'l3-lunaris-8b']) assert.ok(llama.indexOf(tune) > llama.indexOf('llama-guard-3-8b'), tune);
  for (const tune of ['hermes-2-pro-llama-3-8b', 'l3-lunaris-8b']) assert.ok(!llama.includes(tune) || llama.indexOf(tune) > llama.indexOf('llama-3.3-70b-instruct'), tune);
  // Mistral's newest: Mistral Medium 3.5 (mistral-medium-2604, released 2026-04-28 in the dataset); the Dolphin
  // fine-tune of Mistral Small (Cognitive Computations) after Mistral's own Nemo, Medium, Small and Large. Mistral OCR
  // 4.0 (listed by Mistral, public by 2026-09-23) reads scanned pages: no language model, so not listed by default, and
  // among every kind after them all.
  const mistral = search(later, 'mistral');
  assert.equal(mistral[0], 'mistral-medium-2604');
  assert.ok(!mistral.includes('mistral-ocr-4-0'), 'an OCR model is kind other');
  const every = searchAny(later, 'mistral');
  for (const own of ['mistral-nemo', 'mistral-small-2603', 'mistral-large-2512']) {
    assert.ok(mistral.indexOf(own) >= 0 && mistral.indexOf(own) < mistral.indexOf('dolphin-mistral-24b-venice-edition'), own);
    assert.ok(every.indexOf(own) < every.indexOf('mistral-ocr-4-0'), own);
  }
});

test('gemini 2.5 flash, gemini 2.5 pro: the model the words name, shut down or not, before its speech and live variants', () => {
  // The Gemini API's deprecations page read 2026-11-10 (developer-notices): Gemini 2.5 Flash and 2.5 Pro shut down on
  // 2026-12-01 (deprecations-rss's 2026-10-16 was an earliest day).
  // The words are their whole names: they come first, their summary saying they are shut and since when.
  const flash = found(later, 'gemini 2.5 flash');
  assert.equal(flash[0].id, 'gemini-2.5-flash');
  assert.equal(flash[0].status?.value, 'deprecated');
  assert.equal(flash[0].shutdown_date?.value, '2026-12-01');
  // Gemini 2.5 Pro Preview TTS has no `flash` in its name (only models.dev's family `gemini-flash` had).
  assert.ok(!flash.some((i) => i.id === 'gemini-2.5-pro-preview-tts'));
  assert.deepEqual(searchAny(later, 'gemini 2.5 pro'), ['gemini-2.5-pro', 'gemini-2.5-pro-tts', 'gemini-2.5-pro-preview-tts']);
  // By default the two TTS models (text in, audio out: audio generators) are left out.
  assert.deepEqual(search(later, 'gemini 2.5 pro'), ['gemini-2.5-pro']);
  // `tts` asked for: the TTS model is the name spelt.
  assert.equal(searchAny(later, 'gemini 2.5 flash tts')[0], 'gemini-2.5-flash-tts');
  // One word names the line: Google's newest served Gemini, 3.8 Flash (absent from genai-prices on 2026-08-21, listed
  // by Google on 2026-09-23, sold by Google: two providers, the wide catalogues predating it), then 3.6 Flash
  // (listed 2026-07-22), before 3.5 Flash (2026-05-19, 16 providers); the embedding model after every text model, and
  // after Gemini 3.1 Pro Preview.
  const gemini = searchAny(later, 'gemini');
  assert.deepEqual(gemini.slice(0, 2), ['gemini-3.8-flash', 'gemini-3.6-flash']);
  assert.ok(gemini.indexOf('gemini-3.5-flash') > 1);
  assert.ok(gemini.indexOf('gemini-embedding-001') > gemini.indexOf('gemini-3.1-pro-preview'));
});

test('o3, gemma 3 27b, glm, kimi, gpt 5: the model meant first', () => {
  assert.equal(search(later, 'o3')[0], 'o3', 'the id typed');
  assert.equal(search(later, 'gemma 3 27b')[0], 'gemma-3-27b-it');
  // Z.ai's newest GLMs: GLM-5.3 (rated on lmarena from 2026-08-19) and its Flash (absent from genai-prices on
  // 2026-08-21, listed by Z.ai on 2026-09-23: a later upper bound, no later release), a variant after its base; both
  // sold by Z.ai, before GLM-5.2 (2026-06-13, 45 providers).
  // Moonshot's Kimi K3 (listed by Moonshot on 2026-07-16, after models.dev's 2026-07-02 snapshot, sold by Moonshot:
  // 9 providers) before Kimi K2.7 Code (2026-06-12, 29) and K2.6, though no catalogue files K3 under a family.
  assert.deepEqual(search(later, 'glm').slice(0, 3), ['glm-5.3', 'glm-5.3-flash', 'glm-5.2']);
  assert.deepEqual(search(later, 'glm 5.3'), ['glm-5.3', 'glm-5.3-flash'], 'the whole name before the longer one');
  assert.deepEqual(search(later, 'kimi').slice(0, 3), ['kimi-k3', 'kimi-k2.7-code', 'kimi-k2.6']);
  // GPT-5 is the name the words spell; its Pro, Mini and Nano follow, then the 5.x point releases.
  assert.equal(search(later, 'gpt 5')[0], 'gpt-5');
});

test('claude opus: the newest Opus, Claude Opus 5.5, though the wide catalogues predate it', () => {
  // Claude Opus 5.5: absent from genai-prices on 2026-08-21, listed by Anthropic in @pydantic/genai-prices 0.1.8
  // (2026-09-23), sold by Anthropic; Opus 5 first listed by Anthropic on 2026-07-24. models.dev (read 2026-07-02)
  // knows neither, so 4 and 7 providers serve them against Opus 4.6's 38: their developer serving them settles it.
  const ids = search(later, 'claude opus');
  assert.deepEqual(ids.slice(0, 3), ['claude-opus-5-5', 'claude-opus-5', 'claude-opus-4-8']);
  // The fast variants (2 providers, none of them Anthropic) and the `latest` pointer follow the numbered Opus models.
  for (const side of ['claude-opus-4.8-fast', 'claude-opus-latest']) assert.ok(ids.indexOf(side) > ids.indexOf('claude-opus-4-5'), side);
});

test('qwen: Alibaba\'s newest Qwen3.x, not the older Qwen Turbo, Max and VL lines nor a repo path', () => {
  // models.dev (alibaba): Qwen3.7 Plus released 2026-06-02, Qwen3.7 Max 2026-05-21, both sold by Alibaba. `qwen3.7`
  // is the word `qwen` with a version: a whole word, as `qwen` is of Qwen Max (2024-04-03) and Qwen Turbo (2024-11-01).
  const ids = search(later, 'qwen');
  assert.deepEqual(ids.slice(0, 2), ['qwen3.7-plus', 'qwen3.7-max']);
  for (const old of ['qwen-max', 'qwen-turbo', 'qwen-mt-plus', 'qwen3-vl-32b-thinking']) assert.ok(ids.indexOf(old) > ids.indexOf('qwen3.6-plus'), old);
  // A number typed as its own word is still the whole `qwen3` of Qwen3 names (a generation), only a prefix of `qwen3.6`.
  assert.ok(search(later, 'qwen 3').indexOf('qwen3-max') < search(later, 'qwen 3').indexOf('qwen3.6-plus'));
});

test('vendor=meta-llama (the Hugging Face owner of Meta\'s repos) is Meta; an unknown vendor is a coded 400 with the closest', () => {
  const run = (vendor: string) => search_models.handler(onDataDate, search_models.input.parse({ vendor, limit: 100 }),
    { today: onDataDate.lifecycleDate }) as { items: Item[] };
  const meta = run('meta');
  assert.ok(meta.items.length > 0);
  assert.deepEqual(run('meta-llama').items.map((i) => i.id), meta.items.map((i) => i.id));
  assert.throws(() => run('metaa'), (e: unknown) => (e as { code?: string }).code === 'invalid_parameter'
    && ((e as { options: { suggestions?: string[] } }).options.suggestions ?? []).includes('meta'));
});
