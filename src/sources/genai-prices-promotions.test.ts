// Tests of ended promotions: the list price the listing's comment states, dated from the end, the promotion kept as a change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultRoots } from '../ingest/run.ts';
import { genaiPrices } from './genai-prices.ts';
import { endPromotion, translatePromotions } from './genai-prices-promotions.ts';

const HEADER = 'source,provider,model,ends,ends_stated_by,list_from,input,cache_read,output,quote,url,read_on,note';
// The comment of zai/GLM-5.3-Flash in @pydantic/genai-prices 0.1.8 (npm-0.1.8-bundled-providers.json), word for word.
const ZAI_COMMENT = 'Standard API rates reflect the 50% launch promotion ending at 24:00 on September 9, 2026 (UTC+8): list prices '
  + 'are $0.15 input, $0.03 cached input, and $0.50 output per million tokens.';
const ZAI_ROW = `genai-prices-npm,zai,GLM-5.3-Flash,2026-09-09 16:00 UTC,,2026-09-10,0.15,0.03,0.5,"${ZAI_COMMENT}",`
  + 'https://docs.z.ai/guides/overview/pricing,2026-11-27,the comment\'s own list prices';

function aSnapshot(comment: string, rows: string[]) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'genai-promo-'));
  const dir = path.join(root, 'sources', 'genai-prices');
  mkdirSync(path.join(dir, 'providers-yml'), { recursive: true });
  mkdirSync(path.join(root, 'curated'));
  writeFileSync(path.join(dir, 'HEAD_COMMIT.txt'), '47df840a5ab10bbcffb8e5ac01b9899032245d1b 2026-08-21T15:02:24-05:00\n');
  writeFileSync(path.join(dir, 'npm-0.1.8-bundled-providers.json'), JSON.stringify([{
    id: 'zai', name: 'Z.AI', pricing_urls: ['https://docs.z.ai/guides/overview/pricing'],
    models: [{ id: 'GLM-5.3-Flash', name: 'GLM 5.3 Flash', context_window: 1000000, price_comments: comment,
      prices: { input_mtok: 0.075, cache_read_mtok: 0.015, output_mtok: 0.25 } }],
  }]));
  writeFileSync(path.join(root, 'curated', 'price-promotions.csv'), [HEADER, ...rows].join('\n'));
  return { sources: path.join(root, 'sources'), curated: path.join(root, 'curated') };
}

test('a promotion whose end the comment states: the list price is served, dated from the end, with a note', async () => {
  const r = await genaiPrices.read(aSnapshot(ZAI_COMMENT, [ZAI_ROW]));
  const o = r.offers?.find((x) => x.provider === 'zai');
  // The comment's list prices ($0.15, $0.03, $0.50), not the promotion's half ($0.075, $0.015, $0.25).
  assert.deepEqual([o?.input, o?.cache_read, o?.output], [0.15, 0.03, 0.5]);
  assert.equal(o?.price_dates?.input?.as_of, '2026-09-10');
  assert.match(o?.price_dates?.output?.note ?? '', /the promotion \(0\.25 during it\) ended 2026-09-09 16:00 UTC/);
  // The change feed keeps the promotion as the price before the end: one change per field on 2026-09-10.
  const changes = (r.changes ?? []).filter((c) => c.provider === 'zai' && c.scheduled);
  assert.deepEqual(changes.map((c) => [c.date, c.field, c.old, c.new]).sort(),
    [['2026-09-10', 'cache_read', 0.015, 0.03], ['2026-09-10', 'input', 0.075, 0.15], ['2026-09-10', 'output', 0.25, 0.5]]);
  assert.match(changes[0].subject ?? '', /^promotion ended 2026-09-09 16:00 UTC/);
  // A promotion's end is a real change the source states, not one it leaves undecided.
  for (const c of changes) assert.match(c.real_change ?? '', /^a real change: the promotion ended 2026-09-09 16:00 UTC, as the listing's price comment states/);
  assert.match(o?.price_dates?.output?.note ?? '', /as the listing's comment says \("Standard API rates reflect/);
});

test('a row whose quote the comment no longer holds applies nothing and is reported', async () => {
  const r = await genaiPrices.read(aSnapshot('List price.', [ZAI_ROW]));
  const o = r.offers?.find((x) => x.provider === 'zai');
  assert.deepEqual([o?.input, o?.output], [0.075, 0.25]);
  assert.ok(r.issues?.some((i) => i.source === 'price-promotions' && /no longer says/.test(i.message)));
});

test('a price list already dated upstream is not overridden', () => {
  const { rows } = translatePromotions([HEADER, ZAI_ROW].join('\n'));
  const issues: Parameters<typeof endPromotion>[3] = [];
  assert.equal(endPromotion([{ prices: { input_mtok: 1 } }], ZAI_COMMENT, rows[0], issues), undefined);
  assert.equal(issues.length, 1);
});

const PROJECT = path.resolve(import.meta.dirname, '../..');
// The project's stored copy of the sources (materialised as the build reads it) and its own curated tables.
const REAL = defaultRoots(PROJECT);

test('the real copy: GLM-5.3-Flash at Z.ai, OpenRouter and Zhipu AI at list price, every row applied', { skip: !existsSync(REAL.sources) }, async () => {
  const r = await genaiPrices.read(REAL);
  const at = (p: string) => r.offers?.find((o) => o.provider === p && /glm-5\.3-flash$/i.test(o.provider_model_id));
  // Z.ai's and OpenRouter's comments: "$0.15 input, $0.03 cached input, and $0.50 output per million tokens".
  for (const p of ['zai', 'openrouter']) assert.deepEqual([at(p)?.input, at(p)?.cache_read, at(p)?.output], [0.15, 0.03, 0.5], p);
  // Zhipu AI's: "0.8 CNY input, 0.23 CNY cached input, and 2.8 CNY output", at the file's 1 USD = 7.25 CNY:
  // 0.8/7.25 = 0.1103 -> 0.11, 0.23/7.25 = 0.0317 -> 0.032, 2.8/7.25 = 0.3862 -> 0.386.
  const z = at('zhipuai');
  assert.deepEqual([z?.input, z?.cache_read, z?.output], [0.11, 0.032, 0.386]);
  assert.deepEqual(r.issues?.filter((i) => i.source === 'price-promotions'), []);
  // Zhipu's comment says only "a two-week 50% discount": the end is Z.ai's word, and the note says so, never that
  // Zhipu's comment gives it.
  const note = z?.price_dates?.input?.note ?? '';
  assert.match(note, /ended 2026-09-09 16:00 UTC \(24:00 UTC\+8\), as Z\.ai's comment on its own listing of the same 50% launch promotion/);
  assert.match(note, /this listing's own comment gives no end \("The pricing page marks this as a two-week 50% discount/);
  assert.doesNotMatch(note, /as the listing's comment says/);
  const ends = (r.changes ?? []).filter((c) => c.provider === 'zhipuai' && c.scheduled && /glm-5\.3-flash$/i.test(c.source_model_id));
  assert.equal(ends.length, 3);
  for (const c of ends) {
    assert.match(c.subject ?? '', /; the end as Z\.ai's comment on its own listing/);
    assert.match(c.real_change ?? '', /^a real change: .* as Z\.ai's comment/);
  }
});
