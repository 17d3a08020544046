// Tests of the reviewed price events: a row of data/curated/price-event-reviews.csv marks the event it names.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { ChangeEvent } from '../schema/index.ts';
import { PROJECT_ROOT } from '../config/env.ts';
import { translatePriceEventReviews } from '../sources/price-event-reviews.ts';
import { markReviewedPriceEvents } from './reviewed-price-events.ts';

const event = (o: Partial<ChangeEvent>): ChangeEvent => ({
  id: 'x', date: '2026-06-26', kind: 'price', model_id: 'gpt-oss-120b', field: 'input', provider: 'sambanova',
  old: 3, new: 0.22, source: 'litellm', correction: null, commit: '0082afa4fc', ...o,
}) as ChangeEvent;

const HEADER = 'source,commit,provider,model_id,field,old,new,url,read_on,note,verdict\n';
const SAMBANOVA = 'litellm,0082afa4fc,sambanova,gpt-oss-120b,input,3,0.22,https://github.com/BerriAI/litellm/pull/30016,2026-11-27,'
  + '"was DeepSeek-V3.1\'s pricing due to copy-paste",correction\n';
// models.dev's sync 212e064dd1 (2026-06-26) moved Vercel's GLM-4.7 from a 131,000-token endpoint without a cache
// discount (cache read 2.25) to Z.ai's own price and 200,000-token context (cache read 0.12): a real move.
const VERCEL = 'models-dev,212e064dd1,vercel,glm-4.7,cache_read,2.25,0.12,https://github.com/anomalyco/models.dev/commit/212e064dd1,2026-11-27,'
  + '"the gateway\'s listed price followed the endpoint it serves from",change\n';

test('a reviewed row marks the event it names a correction, with its words and page as the basis', () => {
  // LiteLLM's fix of 2026-06-26 (BerriAI/litellm #30016): sambanova/gpt-oss-120b input 3e-06 -> 2.2e-07 per token.
  const { reviews, issues } = translatePriceEventReviews(HEADER + SAMBANOVA);
  assert.deepEqual(issues, []);
  const events = [event({}), event({ field: 'output', old: 4.5, new: 0.59 }), event({ provider: 'groq', id: 'y' })];
  const out = markReviewedPriceEvents(events, reviews);
  assert.equal(out.marked, 1);
  assert.equal(events[0].correction, true);
  assert.match(events[0].correction_note ?? '', /^was DeepSeek-V3\.1's pricing due to copy-paste \(https:\/\/github\.com\/BerriAI\/litellm\/pull\/30016, read 2026-11-27\): the catalogue correcting itself/);
  assert.equal(events[1].correction, null, 'another field is another event');
  assert.equal(events[2].correction, null, 'another provider is another event');
});

test('an event another rule marked keeps its basis; a row that matches nothing is reported', () => {
  const { reviews } = translatePriceEventReviews(HEADER + SAMBANOVA);
  const ruled = event({ correction: true, correction_note: 'unit error corrected: ...' });
  assert.equal(markReviewedPriceEvents([ruled], reviews).marked, 0);
  assert.equal(ruled.correction_note, 'unit error corrected: ...');
  const stale = markReviewedPriceEvents([event({ new: 0.23 })], reviews);
  assert.equal(stale.marked, 0);
  assert.match(stale.issues[0].message, /the row matches nothing/);
});

test('a change row keeps the event a change, stated; a rule that marks it a correction is reported', () => {
  const { reviews, issues } = translatePriceEventReviews(HEADER + VERCEL);
  assert.deepEqual(issues, []);
  const vercel = (o: Partial<ChangeEvent>) => event({ provider: 'vercel', model_id: 'glm-4.7', field: 'cache_read', old: 2.25, new: 0.12,
    source: 'models-dev', commit: '212e064dd1', ...o });
  const events = [vercel({}), vercel({ field: 'input', old: 2.25, new: 0.6 })];
  const out = markReviewedPriceEvents(events, reviews);
  assert.deepEqual([out.marked, out.kept, out.issues.length], [0, 1, 0]);
  assert.equal(events[0].correction, false, 'a real move, stated: false rather than null');
  assert.equal(events[0].correction_note, undefined);
  assert.equal(events[1].correction, null, 'another field is another event');
  const ruled = vercel({ correction: true, correction_note: 'taken back within 1 day ...' });
  const clash = markReviewedPriceEvents([ruled], reviews);
  assert.equal(ruled.correction, true, 'the rule\'s mark stands; the disagreement is reported');
  assert.match(clash.issues[0].message, /keeps the .* a change, but it is marked a correction: taken back/);
});

test('rows without a page, with a zero price or an unknown field are refused', () => {
  const bad = translatePriceEventReviews(HEADER
    + 'litellm,0082afa4fc,sambanova,gpt-oss-120b,input,3,0.22,not a url,2026-11-27,x,correction\n'
    + 'litellm,0082afa4fc,sambanova,gpt-oss-120b,input,3,0,https://example.com,2026-11-27,x,correction\n'
    + 'litellm,0082afa4fc,sambanova,gpt-oss-120b,rating,3,0.22,https://example.com,2026-11-27,x,correction\n'
    + 'litellm,0082afa4fc,sambanova,gpt-oss-120b,input,3,0.22,https://example.com,2026-11-27,x,\n'
    + 'litellm,0082afa4fc,sambanova,gpt-oss-120b,input,3,0.22,https://example.com,2026-11-27,x,real\n');
  assert.equal(bad.reviews.length, 0);
  assert.equal(bad.issues.length, 5, 'no page, a zero price, an unknown field, no verdict, an unknown verdict');
});

test('the committed table: every row names a page and reads as written', () => {
  const text = readFileSync(path.join(PROJECT_ROOT, 'data/curated/price-event-reviews.csv'), 'utf8');
  const { reviews, issues } = translatePriceEventReviews(text);
  assert.deepEqual(issues, []);
  // SambaNova's two (input, output), four listing files that held another model before the commit (9 rows), Azure's
  // Grok Code Fast and Grok 4 Fast (4), Bedrock's us. Claude Sonnet 4.5 (3), Databricks' Llama 4 Maverick (2): 20
  // corrections; Helicone's Gemma 2 9B (2), Vercel's GLM-4.7 input, output and cache read (3) and OpenRouter's Qwen3 235B
  // Thinking (2): 7 changes; DeepSeek's cut of 2025-09-29 recorded late by models.dev (3) and LiteLLM (8): 11 late.
  // Since: models.dev's GPT-4 fix of 2025-08-07 (input, output): 2 corrections; DeepSeek's prices of 2025-09-05 written
  // by models.dev on 2025-08-24 (two listings' input and output, the reasoner's cache read): 5 late. Since: LLM
  // Gateway's prices that models.dev f6c6f04367 copied from the base model's file, a figure that file's own later fix
  // replaced, and its sync 9629a104d5 replaced by the gateway's own: GLM-5.1, MiMo-V2.5 and MiMo-V2.5-Pro (input,
  // output, cache read): 9 corrections. 45 + 9 = 54 rows, 22 + 9 = 31 corrections.
  assert.equal(reviews.length, 54);
  assert.equal(reviews.filter((r) => r.verdict === 'change').length, 7);
  assert.equal(reviews.filter((r) => r.verdict === 'correction').length, 31);
  // GLM-5.1's copied 6/24/1.3 is Zhipu's CNY list misread as USD (models.dev 5513af5b6c), never the gateway's price.
  const glm = reviews.filter((r) => r.provider === 'llmgateway' && r.model_id === 'glm-5.1').map((r) => [r.commit, r.field, r.old, r.new, r.verdict]);
  assert.deepEqual(glm, [['9629a104d5', 'input', 6, 1.4, 'correction'], ['9629a104d5', 'output', 24, 4.4, 'correction'],
    ['9629a104d5', 'cache_read', 1.3, 0.26, 'correction']]);
  assert.equal(reviews.filter((r) => r.verdict === 'late').length, 16);
  assert.deepEqual(reviews.filter((r) => r.verdict === 'late' && r.effective_on !== '2025-09-29').map((r) => [r.effective_on, r.field, r.effective_old, r.effective_new ?? r.new]),
    [['2025-09-05', 'input', 0.27, 0.56], ['2025-09-05', 'output', 1.1, 1.68], ['2025-09-05', 'input', 0.55, 0.56],
      ['2025-09-05', 'output', 2.19, 1.68], ['2025-09-05', 'cache_read', 0.14, 0.07]]);
  const samba = reviews.filter((r) => r.provider === 'sambanova').map((r) => [r.field, r.old, r.new]);
  assert.deepEqual(samba, [['input', 3, 0.22], ['output', 4.5, 0.59]]);
});

// DeepSeek's pricing page (api-docs.deepseek.com/quick_start/pricing): $0.56 input (cache miss) from 2025-09-05, $0.28
// since the V3.2-Exp cut of 2025-09-29; models.dev's 0a345c9fd7 wrote 0.57 -> 0.28 on 2025-11-17, LiteLLM's 787b008e05
// 0.27 -> 0.28 on deepseek/deepseek-chat on 2026-01-13 (DeepSeek-V3's price before 2025-09-05 to the cut price).
const LATE_HEADER = 'source,commit,provider,model_id,field,old,new,url,read_on,note,verdict,effective_on,effective_old\n';
const late = (source: string, commit: string, old: number) =>
  `${source},${commit},deepseek,deepseek-chat,input,${old},0.28,https://api-docs.deepseek.com/quick_start/pricing,2026-11-27,"cut 50%+ on 2025-09-29",late,2025-09-29,0.56\n`;

test('a late row marks the catalogue record a late one and adds the provider\'s own dated move once', () => {
  const { reviews, issues } = translatePriceEventReviews(LATE_HEADER + late('models-dev', '0a345c9fd7', 0.57) + late('litellm', '787b008e05', 0.27));
  assert.deepEqual(issues, []);
  const md = event({ date: '2025-11-17', source: 'models-dev', commit: '0a345c9fd7', provider: 'deepseek', model_id: 'deepseek-chat', old: 0.57, new: 0.28,
    provider_model_ids: ['deepseek-chat', 'deepseek-reasoner'] });
  const ll = event({ id: 'y', date: '2026-01-13', source: 'litellm', commit: '787b008e05', provider: 'deepseek', model_id: 'deepseek-chat', old: 0.27, new: 0.28,
    provider_model_ids: ['deepseek-chat'] });
  const out = markReviewedPriceEvents([md, ll], reviews);
  assert.equal(out.late, 2);
  assert.equal(md.correction, true);
  assert.equal(md.correction_note, 'recorded late by models-dev: cut 50%+ on 2025-09-29 (https://api-docs.deepseek.com/quick_start/pricing, '
    + 'read 2026-11-27); deepseek\'s own change was 2025-09-29, 0.56 -> 0.28, not a price change on this day');
  assert.equal(out.added.length, 1, 'one event of the provider\'s move, whichever rows name it');
  const [own] = out.added;
  assert.deepEqual([own.date, own.model_id, own.provider, own.field, own.old, own.new, own.correction, own.source],
    ['2025-09-29', 'deepseek-chat', 'deepseek', 'input', 0.56, 0.28, false, 'price-event-reviews']);
  assert.deepEqual(own.corroborated_by, ['litellm', 'models-dev']);
  assert.deepEqual(own.provider_model_ids, ['deepseek-chat', 'deepseek-reasoner']);
  assert.match(own.id, /^[0-9a-f]{16}$/);
});

test('a late row needs the provider\'s date and old price, and only a late row may give them', () => {
  const bad = translatePriceEventReviews(LATE_HEADER
    + 'litellm,787b008e05,deepseek,deepseek-chat,input,0.27,0.28,https://example.com,2026-11-27,x,late,,\n'
    + 'litellm,787b008e05,deepseek,deepseek-chat,input,0.27,0.28,https://example.com,2026-11-27,x,correction,2025-09-29,0.56\n');
  assert.equal(bad.reviews.length, 0);
  assert.equal(bad.issues.length, 2);
});

test('a catalogue record ahead of the provider\'s own date reads so, and the move takes the provider\'s figure', () => {
  // DeepSeek's page: $0.56 cache miss "Starting from 16:00 UTC Time on Sept 5th, 2025" (before $0.27); models.dev's
  // 7d34f2e678 wrote 0.27 -> 0.57 on 2025-08-24, twelve days early and 0.01 off.
  const text = 'source,commit,provider,model_id,field,old,new,url,read_on,note,verdict,effective_on,effective_old,effective_new\n'
    + 'models-dev,7d34f2e678,deepseek,deepseek-chat,input,0.27,0.57,https://api-docs.deepseek.com/quick_start/pricing,2026-11-27,"from Sept 5th",late,2025-09-05,0.27,0.56\n';
  const { reviews, issues } = translatePriceEventReviews(text);
  assert.deepEqual(issues, []);
  const md = event({ date: '2025-08-24', source: 'models-dev', commit: '7d34f2e678', provider: 'deepseek', model_id: 'deepseek-chat', old: 0.27, new: 0.57 });
  const out = markReviewedPriceEvents([md], reviews);
  assert.equal(md.correction, true);
  assert.equal(md.correction_note, 'recorded ahead of time by models-dev: from Sept 5th (https://api-docs.deepseek.com/quick_start/pricing, '
    + 'read 2026-11-27); deepseek\'s own change was 2025-09-05, 0.27 -> 0.56, not a price change on this day');
  assert.deepEqual(out.added.map((e) => [e.date, e.old, e.new, e.correction]), [['2025-09-05', 0.27, 0.56, false]]);
  const bad = translatePriceEventReviews(text.replace(',late,2025-09-05,0.27,0.56', ',correction,,,0.56'));
  assert.equal(bad.reviews.length, 0, 'only a late row gives effective_new');
});
