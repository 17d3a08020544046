// Tests of the release-date choice: placeholders before a cutoff held back, the developer first, then the majority.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseReleaseDate, farFromIdDay, idDays, idMonth, withheldRelease, type ReleaseReading } from './release-date.ts';

const r = (value: string, listing: string, extra: Partial<ReleaseReading> = {}): ReleaseReading => ({
  value, listing, source: 'models-dev', as_of: '2026-07-02', provider: listing.split('/')[0], own: false, ...extra,
});

test('qwen3-32b: kilo and iflowcn 2024-12-01 lie before the 2025-04 cutoff; the majority 2025-04-29 is served', () => {
  // Listings as in the models.dev snapshot of 2026-07-02 (providers/*/models/**/qwen3-32b*.toml).
  const f = chooseReleaseDate([
    r('2024-12-01', 'iflowcn/qwen3-32b', { cutoff: '2024-10' }), r('2024-12-01', 'kilo/qwen/qwen3-32b'),
    r('2025-04-29', 'abacus/Qwen/Qwen3-32B'), r('2025-04-29', 'cortecs/qwen3-32b'), r('2025-04-29', 'novita-ai/qwen/qwen3-32b-fp8'),
    r('2025-04-30', 'siliconflow/Qwen/Qwen3-32B'), r('2025-06-11', 'groq/qwen/qwen3-32b'),
  ], '2025-04');
  assert.equal(f?.value, '2025-04-29');
  assert.deepEqual(f?.conflicts?.map((c) => c.value), ['2024-12-01', '2025-04-30', '2025-06-11']);
  const held = '2024-12-01 (iflowcn/qwen3-32b, kilo/qwen/qwen3-32b: a first of the month before the knowledge cutoff 2025-04)';
  assert.ok(f!.note!.includes(held), f!.note);
});

test("the developer's own listing speaks before a majority of resellers", () => {
  const f = chooseReleaseDate([r('2025-12-01', 'deepseek/deepseek-chat', { own: true }), r('2025-12-03', 'a/x'), r('2025-12-03', 'b/x')]);
  assert.equal(f?.value, '2025-12-01');
  // A catalogue's record of the developer's API listing, named as such: not the developer's own statement.
  assert.match(f!.note!, /^release date from the developer's API listing as models-dev records it \(deepseek\/deepseek-chat\);/);
  assert.doesNotMatch(f!.note!, /developer's own listing/);
});

test("kimi-k2: models.dev's community file for Moonshot's API is labelled as such, and a reviewed row speaks before it", () => {
  // models.dev providers/moonshotai/models/kimi-k2-0711-preview.toml: release_date = "2025-07-14"; nine listings give
  // 2025-07-11, the day the id kimi-k2-0711-preview names (cortecs, fastrouter, kilo, llmgateway...).
  const listings = [r('2025-07-14', 'moonshotai/kimi-k2-0711-preview', { own: true }), r('2025-07-11', 'cortecs/kimi-k2-instruct'),
    r('2025-07-11', 'kilo/moonshotai/kimi-k2'), r('2025-07-11', 'fastrouter/moonshotai/kimi-k2')];
  const f = chooseReleaseDate(listings);
  assert.equal(f?.value, '2025-07-14');
  assert.match(f!.note!, /^release date from the developer's API listing as models-dev records it \(moonshotai\/kimi-k2-0711-preview\)/);
  const url = 'https://www.ctol.digital/news/moonshot-ai-kimi-k2-first-open-source-trillion-parameter-model-rival-openai-anthropic';
  const reviewed = chooseReleaseDate([...listings, r('2025-07-11', 'kimi-k2', { source: 'developer-releases', as_of: '2026-11-27', url })]);
  assert.equal(reviewed?.value, '2025-07-11');
  // The row names where it was read: here a news account, not Moonshot's own page.
  assert.match(reviewed!.note!, /^release date from a reviewed row \(developer-releases\.csv\), read on www\.ctol\.digital;/);
  // A catalogue's entry with no provider is named as the catalogue's.
  const entry = chooseReleaseDate([r('2025-07-14', 'moonshotai/kimi-k2', { own: true, provider: undefined }), r('2025-07-11', 'a/x')]);
  assert.match(entry!.note!, /^release date from models-dev's entry for the model \(moonshotai\/kimi-k2\)/);
});

test('a reviewed announcement speaks before every listing, which stay as conflicts', () => {
  const f = chooseReleaseDate([
    r('2025-03-17', 'mistral/magistral-small', { own: true, cutoff: '2025-06' }),
    r('2025-06-10', 'magistral-small', { source: 'developer-releases', as_of: '2026-11-26' }),
  ], '2025-06');
  assert.equal(f?.value, '2025-06-10');
  assert.equal(f?.source, 'developer-releases');
  assert.deepEqual(f?.conflicts, [{ value: '2025-03-17', as_of: '2026-07-02', source: 'models-dev' }]);
});

test("a reviewed row's bound is the served fact's bound, and its note says it is not the day", () => {
  // Hy3: Tencent's README ('Today, we are launching Hy3') first committed 2026-07-06; no listing dates it.
  const url = 'https://github.com/Tencent-Hunyuan/Hy3/blob/76a6687f83992c7ab0f0c35a660d2c42ac1d62ae/README.md';
  const alone = chooseReleaseDate([r('2026-07-06', 'hy3', { source: 'developer-releases', as_of: '2026-11-28', url, bound: 'on_or_after' })]);
  assert.deepEqual([alone?.value, alone?.bound, alone?.source], ['2026-07-06', 'on_or_after', 'developer-releases']);
  assert.match(alone!.note!, /a lower bound of the release, not the day/);
  // Beside a reseller's later day the row still speaks, still as a bound; the listing stays a conflict.
  const beside = chooseReleaseDate([r('2026-07-06', 'hy3', { source: 'developer-releases', as_of: '2026-11-28', url, bound: 'on_or_after' }),
    r('2026-07-20', 'quicksilverpro/hy3')]);
  assert.deepEqual([beside?.value, beside?.bound, beside?.conflicts?.map((c) => c.value)], ['2026-07-06', 'on_or_after', ['2026-07-20']]);
  assert.match(beside!.note!, /^release date from a reviewed row \(developer-releases\.csv\), read on github\.com; .*lower bound/);
  // A row without a bound serves the day: no bound member (Qwen's QwQ-32B post, dated March 6, 2025).
  const day = chooseReleaseDate([r('2025-03-06', 'qwq-32b', { source: 'developer-releases', as_of: '2026-11-26' })]);
  assert.equal(day?.bound, undefined);
});

test('a reviewed row no listing disagrees with still names the page it was read on', () => {
  // GPT-5.6 Sol: no listing in the snapshots dates it; the row is read on a news page (lushbinary.com, 2026-06-27),
  // which a reader must be able to tell from OpenAI's own page.
  const url = 'https://lushbinary.com/blog/gpt-5-6-pricing-cost-optimization-sol-terra-luna/';
  const alone = chooseReleaseDate([r('2026-06-26', 'gpt-5.6-sol', { source: 'developer-releases', as_of: '2026-11-28', url })]);
  assert.equal(alone?.note, 'release date from a reviewed row (developer-releases.csv), read on lushbinary.com');
});

test('a first of the month yields to a precise date as often given, and stands when more providers give it', () => {
  // DeepSeek-R1-Distill-Qwen-32B: alibaba-cn and kilo 2025-01-01, novita 2025-01-20, cloudflare 2025-04-03.
  const tie = chooseReleaseDate([r('2025-01-01', 'alibaba-cn/x'), r('2025-01-20', 'novita-ai/x'), r('2025-04-03', 'cloudflare/x')]);
  assert.equal(tie?.value, '2025-01-20');
  const outnumbered = chooseReleaseDate([r('2025-12-01', 'a/x'), r('2025-12-01', 'b/x'), r('2025-12-03', 'c/x')]);
  assert.equal(outnumbered?.value, '2025-12-01');
});

test('a precise date before the cutoff is kept (a name re-pointed later), and a lone placeholder is served with a warning', () => {
  const turbo = chooseReleaseDate([r('2023-11-06', 'openai/gpt-4-turbo', { own: true, cutoff: '2023-12' })], '2023-12');
  assert.equal(turbo?.value, '2023-11-06');
  const lone = chooseReleaseDate([r('2024-01-01', 'perplexity/sonar', { cutoff: '2025-09-01' })], '2025-09-01');
  assert.equal(lone?.value, '2024-01-01');
  assert.match(lone!.note!, /every listing gives a placeholder date before a knowledge cutoff/);
});

test('listings of one provider count once', () => {
  const f = chooseReleaseDate([
    r('2025-02-01', 'p/a'), r('2025-02-01', 'p/b'), r('2025-02-01', 'p/c'), r('2025-01-27', 'q/a'), r('2025-01-27', 'z/a'),
  ]);
  assert.equal(f?.value, '2025-01-27');
});

test("a date only resellers give says so; the developer's listing or a repository's date does not", () => {
  // gpt-4o-transcribe before the reviewed row: models.dev providers/vercel/models/openai/gpt-4o-transcribe.toml alone
  // gives 2024-03-13; OpenAI announced the model on 2025-03-20.
  const lone = chooseReleaseDate([r('2024-03-13', 'vercel/openai/gpt-4o-transcribe')]);
  assert.equal(lone?.value, '2024-03-13');
  // Not an upper bound of the release: OpenAI announced it after the day vercel gives. The note says whose day it is.
  assert.equal(lone?.note, "only resellers' listings give a release date (1 provider), no announcement or listing of the developer " +
    "in the sources: a reseller's date is the day it listed the model or a date it copied, so it says when a reseller served the " +
    'model (or a preview under its name), not when the developer released it, which may be later (a preview listed before the ' +
    'announcement) or earlier');
  assert.doesNotMatch(lone!.note!, /upper bound/);
  // No bound either way: a reseller's day is read as the day, and the note says whose it is.
  assert.equal(lone?.bound, undefined);
  const two = chooseReleaseDate([r('2025-01-20', 'a/x'), r('2025-01-21', 'b/x')]);
  assert.match(two!.note!, /^release date from 2 providers' listings within 7 days of 2025-01-20 .*; only resellers' listings give a release date \(2 providers\)/);
  assert.equal(chooseReleaseDate([r('2025-01-20', 'openai/x', { own: true })])?.note, undefined);
  assert.equal(chooseReleaseDate([r('2024-12-25', 'deepseek-ai/DeepSeek-V3', { source: 'llmfit', provider: undefined })])?.note, undefined);
});

test('the month an id names: YYMM with a year 23..29, YYYYMMDD, YYYY-MM-DD, MM-YYYY; a month and day (0528, 1106) name none', () => {
  assert.equal(idMonth('mistral-large-2512'), '2025-12');
  assert.equal(idMonth('qwen3-235b-a22b-2507'), '2025-07');
  assert.equal(idMonth('claude-3-5-sonnet-20241022'), '2024-10');
  assert.equal(idMonth('gpt-4o-2024-08-06'), '2024-08');
  // Google's and Cohere's month-year versions: October 2025, August 2024.
  assert.equal(idMonth('gemini-2.5-computer-use-preview-10-2025'), '2025-10');
  assert.equal(idMonth('command-r-08-2024'), '2024-08');
  assert.equal(idMonth('deepseek-r1-0528'), undefined);
  assert.equal(idMonth('gpt-4-1106-preview'), undefined);
  assert.equal(idMonth('llama-3.3-70b-instruct'), undefined);
});

test("mistral-large-2512: the developer's listing 2024-11-01 is before the month the id names; the six listings' 2025-12-02 is served", () => {
  // models.dev snapshot of 2026-07-02: providers/mistral/models/mistral-large-2512.toml gives 2024-11-01; Bedrock, NVIDIA,
  // nano-gpt, ollama-cloud give 2025-12-02, cortecs 2025-12-01. Mistral released Mistral Large 3 on 2 December 2025.
  const f = chooseReleaseDate([
    r('2024-11-01', 'mistral/mistral-large-2512', { own: true }), r('2024-11-01', 'kilo/mistralai/mistral-large-2512'),
    r('2025-12-02', 'amazon-bedrock/mistral.mistral-large-3-675b-instruct'), r('2025-12-02', 'nvidia/mistralai/mistral-large-3-675b-instruct-2512'),
    r('2025-12-02', 'nano-gpt/mistralai/mistral-large-3-675b-instruct-2512'), r('2025-12-01', 'cortecs/mistral-large-2512'),
  ], undefined, 'mistral-large-2512');
  assert.equal(f?.value, '2025-12-02');
  assert.match(f!.note!, /2024-11-01 \(kilo\/mistralai\/mistral-large-2512, mistral\/mistral-large-2512: before 2025-12, the month the id mistral-large-2512 names\)/);
  // Without the id's month the developer's own listing still speaks first.
  assert.equal(chooseReleaseDate([r('2024-11-01', 'mistral/x', { own: true }), r('2025-12-02', 'a/x'), r('2025-12-02', 'b/x')])?.value, '2024-11-01');
});

test('gpt-4o-search-preview: three listings within days of each other outweigh a lone copy of GPT-4o\'s date', () => {
  // models.dev 2026-07-02: nano-gpt 2024-05-13 (GPT-4o's release), llmgateway 2024-10-01, poe 2025-03-11, openrouter
  // 2025-03-12, kilo 2025-03-13. OpenAI released the search preview models on 11 March 2025.
  const f = chooseReleaseDate([
    r('2024-05-13', 'nano-gpt/openai/gpt-4o-search-preview'), r('2024-10-01', 'llmgateway/gpt-4o-search-preview'),
    r('2025-03-11', 'poe/openai/gpt-4o-search'), r('2025-03-12', 'openrouter/openai/gpt-4o-search-preview'),
    r('2025-03-13', 'kilo/openai/gpt-4o-search-preview'),
  ]);
  assert.equal(f?.value, '2025-03-11');
});

test('within a cluster the date most providers give wins over an earlier one beside it', () => {
  // gpt-oss-20b: 2025-08-05 from many providers, 2025-08-06 from two, 2025-08-13 from one.
  const f = chooseReleaseDate([
    r('2025-08-05', 'a/x'), r('2025-08-05', 'b/x'), r('2025-08-05', 'c/x'), r('2025-08-06', 'd/x'), r('2025-08-06', 'e/x'),
    r('2025-08-13', 'f/x'), r('2025-08-04', 'g/x'),
  ]);
  assert.equal(f?.value, '2025-08-05');
});

test('a reseller date far from the day the id names is a catalogue date: withheld when it is the only one', () => {
  // models.dev snapshot of 2026-07-02: providers/kilo/models/openai/gpt-4-0314.toml, release_date = "2023-05-28";
  // the id names March 14 (GPT-4 was announced on 2023-03-14), 75 days before.
  const gpt4 = [r('2023-05-28', 'kilo/openai/gpt-4-0314')];
  assert.equal(chooseReleaseDate(gpt4, '2021-09', 'gpt-4-0314'), undefined);
  const held = withheldRelease(gpt4, 'gpt-4-0314')!;
  assert.equal(held.value, '2023-05-28');
  assert.match(held.reason, /more than 60 days from the day the id gpt-4-0314 names \(03-14 of some year\)/);
  // tencent-coding-plan/hunyuan-t1: release_date = "2026-03-08", 240 days after 2025-07-11, the day the id names.
  assert.ok(withheldRelease([r('2026-03-08', 'tencent-coding-plan/hunyuan-t1')], 'hunyuan-t1-20250711'));
});

test('a month and day in an id name that day in the reading\'s year or the next or previous one', () => {
  assert.deepEqual(idDays('glm-4-0520', '2024-01-16'), ['2023-05-20', '2024-05-20', '2025-05-20']);
  assert.deepEqual(idDays('claude-3-5-sonnet-20241022', '2025-01-01'), ['2024-10-22']);
  assert.deepEqual(idDays('mistral-large-2512', '2025-12-02'), [], 'a year and month, not a day');
  // glm-4-0520: nano-gpt's 2024-01-16 is GLM-4's own launch, four months before May 20, 2024, and 241 days after 2023's.
  assert.equal(farFromIdDay(r('2024-01-16', 'nano-gpt/glm-4'), 'glm-4-0520'), true);
  // Within a week before and 60 days after: a provider a few days early or late (grok-4.20-beta-0309: 2026-03-16).
  assert.equal(farFromIdDay(r('2026-03-16', 'a/x'), 'grok-4.20-beta-0309-reasoning'), false);
  assert.equal(farFromIdDay(r('2025-02-19', 'a/x'), 'glm-4-plus-0111'), false, '39 days after');
  // The developer's own listing is never held back this way.
  assert.equal(farFromIdDay(r('2023-05-28', 'openai/gpt-4-0314', { own: true }), 'gpt-4-0314'), false);
});

test('beside a date near the id\'s day, a far one is held back and named', () => {
  const f = chooseReleaseDate([r('2025-11-18', 'a/ernie-5.0-0110'), r('2026-01-22', 'b/ernie-5.0-0110')], undefined, 'ernie-5.0-0110');
  assert.equal(f?.value, '2026-01-22');
  assert.match(f!.note!, /2025-11-18 \(a\/ernie-5.0-0110: more than 60 days from the day the id ernie-5.0-0110 names\)/);
});

// The developer's Hugging Face repository's creation day: llmfit's hf_models-2026-05-12.json `release_date`, which its
// scraper takes from the Hub API's `createdAt` (scripts/scrape_hf_models.py). A floor, served only when nothing else is.
const repo = (value: string, listing: string): ReleaseReading =>
  ({ value, listing, source: 'llmfit', as_of: '2026-05-12', own: false, repository: true });

test('gemma-3n-e4b-it: resellers listed the I/O preview before Google created its repository; the repository day is served', () => {
  // models.dev 2026-07-02: kilo, openrouter, togetherai give 2025-05-20 (Google I/O's preview), nvidia 2025-06-03;
  // llmfit: google/gemma-3n-E4B-it release_date 2025-06-25.
  const f = chooseReleaseDate([r('2025-05-20', 'kilo/google/gemma-3n-e4b-it'), r('2025-05-20', 'openrouter/google/gemma-3n-e4b-it'),
    r('2025-05-20', 'togetherai/google/gemma-3n-E4B-it'), r('2025-06-03', 'nvidia/google/gemma-3n-e4b-it'),
    repo('2025-06-25', 'google/gemma-3n-E4B-it')]);
  assert.equal(f?.value, '2025-06-25');
  assert.equal(f?.source, 'llmfit');
  assert.deepEqual(f?.conflicts?.map((c) => c.value), ['2025-05-20', '2025-06-03']);
  assert.match(f!.note!, /^release date from the day the developer's Hugging Face repository google\/gemma-3n-E4B-it was created/);
  assert.match(f!.note!, /lower bound of the release/);
  // The bound is a member filters read: released_after=2025-06-24 is proven (the weights were not public before 06-25).
  assert.equal(f?.bound, 'on_or_after');
  assert.match(f!.note!, /2025-05-20 \(kilo\/google\/gemma-3n-e4b-it, .*: before the developer's repository google\/gemma-3n-E4B-it was created on 2025-06-25/);
});

test('llama-3.1-8b-instruct: the repository was created before the release, so resellers\' launch-day cluster stands above it', () => {
  // llmfit: meta-llama/Llama-3.1-8B-Instruct 2024-07-18; Meta released Llama 3.1 on 2024-07-23, the resellers' day.
  const f = chooseReleaseDate([r('2024-07-23', 'a/llama'), r('2024-07-23', 'b/llama'), r('2024-07-24', 'c/llama'),
    repo('2024-07-18', 'meta-llama/Llama-3.1-8B-Instruct')]);
  assert.equal(f?.value, '2024-07-23');
  assert.ok(f!.conflicts!.some((c) => c.value === '2024-07-18' && c.source === 'llmfit'));
  assert.match(f!.note!, /the developer's repository meta-llama\/Llama-3.1-8B-Instruct was created on 2024-07-18 \(llmfit\): the weights were not public before it/);
});

test('a reseller date more than 60 days after the repository was created is a late add; one day before it is a time zone', () => {
  // solar-10.7b-instruct-v1.0: nvidia's listing 2024-06-05, upstage/SOLAR-10.7B-Instruct-v1.0 created 2023-12-12 (176 days).
  const late = chooseReleaseDate([r('2024-06-05', 'nvidia/upstage/solar-10_7b-instruct'), repo('2023-12-12', 'upstage/SOLAR-10.7B-Instruct-v1.0')]);
  assert.equal(late?.value, '2023-12-12');
  assert.match(late!.note!, /2024-06-05 \(nvidia\/upstage\/solar-10_7b-instruct: more than 60 days after the developer's repository/);
  // Providers agreeing on a late day are evidence of the release, not a late add (a repository is often created private
  // weeks early): three listings on 2025-03-10/11, 67 days after a repository created 2025-01-02, stand.
  const agreed = chooseReleaseDate([r('2025-03-10', 'a/m'), r('2025-03-10', 'b/m'), r('2025-03-11', 'c/m'), repo('2025-01-02', 'dev/m')]);
  assert.equal(agreed?.value, '2025-03-10');
  // qwen3.5-397b-a17b: ten listings give 2026-02-15, the repository Qwen/Qwen3.5-397B-A17B is dated 2026-02-16 (UTC).
  const tz = chooseReleaseDate([r('2026-02-15', 'a/q'), r('2026-02-15', 'b/q'), repo('2026-02-16', 'Qwen/Qwen3.5-397B-A17B')]);
  assert.equal(tz?.value, '2026-02-15');
});

test("the developer's own listing and a reviewed row speak before the repository's day", () => {
  // minimax-m2.7: MiniMax's API listing 2026-03-18, the weights' repository MiniMaxAI/MiniMax-M2.7 created 2026-04-09.
  const own = chooseReleaseDate([r('2026-03-18', 'minimax/MiniMax-M2.7', { own: true }), repo('2026-04-09', 'MiniMaxAI/MiniMax-M2.7')]);
  assert.equal(own?.value, '2026-03-18');
  assert.match(own!.note!, /2026-04-09 \(MiniMaxAI\/MiniMax-M2.7: the day the developer's repository was created, a lower bound of the release\)/);
  // phi-4-reasoning: microsoft/Phi-4-reasoning created 2025-04-01; Microsoft announced the model on 2025-04-30.
  const reviewed = chooseReleaseDate([r('2025-04-30', 'phi-4-reasoning', { source: 'developer-releases', provider: undefined }),
    repo('2025-04-01', 'microsoft/Phi-4-reasoning')]);
  assert.equal(reviewed?.value, '2025-04-30');
  // Alone, the repository's day is served, and its note says what it is.
  const alone = chooseReleaseDate([repo('2023-10-26', 'HuggingFaceH4/zephyr-7b-beta')]);
  assert.equal(alone?.value, '2023-10-26');
  assert.match(alone!.note!, /created \(the Hub's createdAt, which the llmfit snapshot records as release_date; not the model card's date\)/);
});
