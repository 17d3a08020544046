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

const HEADER = 'source,commit,provider,model_id,field,old,new,url,read_on,note\n';
const SAMBANOVA = 'litellm,0082afa4fc,sambanova,gpt-oss-120b,input,3,0.22,https://github.com/BerriAI/litellm/pull/30016,2026-11-27,'
  + '"was DeepSeek-V3.1\'s pricing due to copy-paste"\n';

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

test('rows without a page, with a zero price or an unknown field are refused', () => {
  const bad = translatePriceEventReviews(HEADER
    + 'litellm,0082afa4fc,sambanova,gpt-oss-120b,input,3,0.22,not a url,2026-11-27,x\n'
    + 'litellm,0082afa4fc,sambanova,gpt-oss-120b,input,3,0,https://example.com,2026-11-27,x\n'
    + 'litellm,0082afa4fc,sambanova,gpt-oss-120b,rating,3,0.22,https://example.com,2026-11-27,x\n');
  assert.equal(bad.reviews.length, 0);
  assert.equal(bad.issues.length, 3);
});

test('the committed table: every row names a page and reads as written', () => {
  const text = readFileSync(path.join(PROJECT_ROOT, 'data/curated/price-event-reviews.csv'), 'utf8');
  const { reviews, issues } = translatePriceEventReviews(text);
  assert.deepEqual(issues, []);
  // SambaNova's two (input, output), and four listing files that held another model before the commit: 11 rows.
  assert.equal(reviews.length, 11);
  const samba = reviews.filter((r) => r.provider === 'sambanova').map((r) => [r.field, r.old, r.new]);
  assert.deepEqual(samba, [['input', 3, 0.22], ['output', 4.5, 0.59]]);
});
