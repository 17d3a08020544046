// Tests of the reviewed developer-prices table: rows to the developer's own offer readings, dated by the page.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { translateDeveloperPrices } from './developer-prices.ts';

const HEAD = 'provider,model_id,provider_model_id,input,output,cache_read,as_of,url,read_on,note\n';

test('DeepSeek V3.2: $0.28/$0.42 with $0.028 cache hits, dated by the page, citing it', () => {
  const { offers, issues } = translateDeveloperPrices(
    `${HEAD}deepseek,deepseek-v3.2,deepseek-v3.2,0.28,0.42,0.028,2026-04-13,https://example.org/pricing,2026-11-26,"the page"\n`);
  assert.deepEqual(issues, []);
  assert.deepEqual(offers, [{
    source: 'developer-prices', provider: 'deepseek', provider_model_id: 'deepseek-v3.2', canonical_hint: 'deepseek-v3.2',
    region: 'global', as_of: '2026-04-13', input: 0.28, output: 0.42, cache_read: 0.028, url: 'https://example.org/pricing',
    file: 'data/curated/developer-prices.csv', row: 'deepseek/deepseek-v3.2 (line 2)',
  }]);
});

test('a row without its page, with a price that is no number, or dated after its reading is an issue and stays out', () => {
  const { offers, issues } = translateDeveloperPrices(HEAD
    + 'deepseek,deepseek-v3.2,deepseek-v3.2,0.28,0.42,,2026-04-13,not a url,2026-11-26,"no page"\n'
    + 'deepseek,deepseek-v3.2,deepseek-v3.2,cheap,0.42,,2026-04-13,https://example.org/p,2026-11-26,"no number"\n'
    + 'deepseek,deepseek-v3.2,deepseek-v3.2,0.28,0.42,,2026-12-01,https://example.org/p,2026-11-26,"later than read"\n');
  assert.equal(offers.length, 0);
  assert.deepEqual(issues.map((i) => i.field).sort(), ['as_of', 'input', 'url']);
});

test('the committed table: every row cites a page and reads as a price', () => {
  const file = path.resolve(import.meta.dirname, '../../data/curated/developer-prices.csv');
  const { offers, issues } = translateDeveloperPrices(readFileSync(file, 'utf8'));
  assert.deepEqual(issues, []);
  assert.ok(offers.length >= 1);
  // benchlm.ai/blog/posts/deepseek-api-pricing (2026-04-13), quoting api-docs.deepseek.com/quick_start/pricing:
  // DeepSeek-V3.2 behind deepseek-chat, $0.28 input (cache miss), $0.42 output.
  const v32 = offers.find((o) => o.provider === 'deepseek' && o.provider_model_id === 'deepseek-v3.2');
  assert.deepEqual([v32?.input, v32?.output, v32?.cache_read], [0.28, 0.42, 0.028]);
});

test("a price for part of the week carries the page's own words on its hours (DeepSeek V4 Pro's off-peak)", () => {
  const file = path.resolve(import.meta.dirname, '../../data/curated/developer-prices.csv');
  const { offers } = translateDeveloperPrices(readFileSync(file, 'utf8'));
  // DeepSeek's pricing page as quoted in github.com/nesquikm/mcp-rubber-duck/pull/148 (2026-09-07): "Peak hours are
  // 01:00 - 04:00 and 06:00 - 10:00 UTC, Monday through Friday (all other hours are off-peak)"; off-peak $0.66/$1.98,
  // peak twice that. 168 hours a week less 5 x (3 + 4) = 35 peak hours: 133 off-peak.
  const pro = offers.find((o) => o.provider === 'deepseek' && o.provider_model_id === 'deepseek-v4-pro');
  assert.deepEqual([pro?.input, pro?.output], [0.66, 1.98]);
  assert.match(pro?.time_of_day_note ?? '', /133 of the 168 hours of a week/);
  assert.match(pro?.time_of_day_note ?? '', /Monday through Friday/);
  // A row without the column's words carries none.
  const v32 = offers.find((o) => o.provider_model_id === 'deepseek-v3.2');
  assert.equal(v32 && 'time_of_day_note' in v32, false);
});

test("the committed table: QuickSilver Pro's own page gives its Gemini 3.1 Flash Lite at 0.85x Vertex's $0.25/$1.50", () => {
  const text = readFileSync(path.resolve(import.meta.dirname, '../../data/curated/developer-prices.csv'), 'utf8');
  const { offers } = translateDeveloperPrices(text);
  const o = offers.find((x) => x.provider === 'quicksilverpro' && x.provider_model_id === 'gemini-3.1-flash-lite');
  // quicksilverpro-5js.pages.dev/models/gemini-3.1-flash-lite: "$0.2125 input / $1.275 output per 1M tokens, ~15% below
  // Vertex retail ($0.25/$1.50)": 0.25 x 0.85 = 0.2125 and 1.50 x 0.85 = 1.275, genai-prices' figures too; no cache price.
  assert.deepEqual([o?.input, o?.output, o?.cache_read, o?.url],
    [0.2125, 1.275, undefined, 'https://quicksilverpro-5js.pages.dev/models/gemini-3.1-flash-lite']);
});
