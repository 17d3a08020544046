// Tests of estimate_cost's word on a developer's announced shutdown: both views say when, with its source, and which
// listings outlive it. Expected dates come from the deprecations snapshot committed with the data, not from the code.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import type { Dataset } from '../dataset/dataset.ts';
import { cheapest_for } from './cheapest-for.ts';
import { estimate_cost } from './estimate-cost.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const skip = !existsSync(DEFAULT_DATA_DIR) && 'the committed dataset is not built';
type Any = Record<string, any>;
type Notice = {
  provider: string; model_id: string; shutdown_date?: string; deprecation_date?: string; replacement_models?: string[] | null; last_observed: string;
};
const notices = (): Notice[] => JSON.parse(gunzipSync(readFileSync(
  path.join(DEFAULT_DATA_DIR, '..', 'sources', 'deprecations-rss', 'deprecations.json.gz'))).toString('utf8'));
const notice = (provider: string, id: string) => notices().find((n) => n.provider === provider && n.model_id === id)!;

let ds: Dataset | undefined;
// The day the reviewer asked on: 14 days before OpenAI's 2026-12-11 shutdown of gpt-5-2025-08-07.
const judged = () => (ds ??= committedDataset({ judgedOn: '2026-11-27' }));
const ask = (model_id: string, view: 'full' | 'summary') =>
  estimate_cost.handler(judged(), estimate_cost.input.parse({ model_id, tokens_millions: 2000, view }), { today: '2026-11-27' }) as Any;

test('gpt-5: both views give the developer\'s shutdown date with its notice, the developer_offer dated too', { skip }, () => {
  // OpenAI's notice of the only dated GPT-5 snapshot: deprecated 2026-06-11, shut down 2026-12-11, replaced by gpt-5.6-sol.
  const n = notice('OpenAI', 'gpt-5-2025-08-07');
  for (const view of ['full', 'summary'] as const) {
    const r = ask('gpt-5', view);
    const s = r.api.developer_shutdown;
    assert.equal(s.state, 'scheduled', view);
    assert.deepEqual(s.shutdown_date, { value: n.shutdown_date, as_of: n.last_observed, source: 'deprecations-rss' });
    assert.equal(s.deprecation_date.value, n.deprecation_date);
    assert.equal(s.replacement.value, n.replacement_models![0]);
    assert.equal(s.status.value, 'deprecated');
    // 2026-11-27 to 2026-12-11: 14 days, within a month's budget.
    assert.equal(s.days_left, 14);
    assert.equal(s.within_month, true);
    assert.ok(r.api.note.startsWith(`The developer shuts gpt-5 down on ${n.shutdown_date} (deprecations-rss, read ${n.last_observed}), 14 days after`));
    // The developer's own line (OpenAI's `gpt-5`, the id that calls the snapshot) carries the date itself.
    assert.equal(r.api.developer_offer.provider_model_id, 'gpt-5');
    assert.equal(r.api.developer_offer.shutdown_date.value, n.shutdown_date);
    assert.equal(r.api.developer_offer.vs_developer_shutdown, 'ends_with_developer');
    // The cheapest is OpenAI's own, at $1.25/$10: the resellers' lower prices (OpenCode Zen's $1.07/$8.5 set 2025-11-21,
    // Poe's $1.1/$9 set 2025-11-07, models.dev) are confirmed by no other source and set more than six months before the
    // data's date (2026-09-23), so they are passed over, and the note names the cheapest of them. Its line ends that day.
    assert.equal(r.api.cheapest.first_party, true);
    assert.equal(r.api.cheapest.vs_developer_shutdown, 'ends_with_developer');
    assert.match(r.api.note, /OpenCode Zen lists it for less \(\$1\.07\/\$8\.5 input\/output/);
  }
});

test('gpt-5: Azure, which hosts the model itself, outlives the developer to the date of its own notice', { skip }, () => {
  // Azure's lifecycle table: gpt-5 retired 2027-02-06, after OpenAI's 2026-12-11.
  const azure = notice('Azure', 'gpt-5');
  const r = ask('gpt-5', 'full');
  const lines = r.api.offers.filter((l: Any) => l.provider === 'azure' && l.provider_model_id === 'gpt-5');
  assert.equal(lines.length, 1);
  assert.equal(lines[0].vs_developer_shutdown, 'outlives_developer');
  assert.equal(lines[0].served_until.value, azure.shutdown_date);
  assert.ok(r.api.developer_shutdown.outliving_listings >= 1);
  assert.match(r.api.developer_shutdown.note, new RegExp(`azure to ${azure.shutdown_date}`));
});

test('a model with no announced shutdown: no developer_shutdown, no line compared with one', { skip }, () => {
  const r = ask('llama-3.3-70b-instruct', 'full');
  assert.equal(r.api.developer_shutdown, null);
  assert.ok(r.api.offers.every((l: Any) => l.vs_developer_shutdown === undefined && l.served_until === undefined));
});

test('cheapest_for says the same of a ranked model: gpt-5-mini\'s item ends with its scheduled shutdown', { skip }, () => {
  // OpenAI's notice of gpt-5-mini-2025-08-07, the only dated GPT-5 Mini snapshot: shut down 2026-12-11. Among
  // first-party offers (its resellers' prices rank it past the first 100 since a seventh-of-the-price resale is held).
  const n = notice('OpenAI', 'gpt-5-mini-2025-08-07');
  const r = cheapest_for.handler(judged(), cheapest_for.input.parse({ use: 'chat', first_party_only: true, limit: 100 }), { today: '2026-11-27' }) as Any;
  const item = r.items.find((i: Any) => i.model.id === 'gpt-5-mini');
  assert.ok(item, 'gpt-5-mini ranked while served');
  // The sentence says whether the ranked offer ends with the developer's API, as estimate_cost's line does.
  const end = item.first_party ? 'this offer ends with it.' : item.offer.provider === 'azure' ? `this provider serves it until` : '';
  assert.ok(item.why.includes(` The developer shuts the model down on ${n.shutdown_date} (deprecations-rss); ${end}`), item.why);
  // A first-party item is the developer's offer itself (developer_offer null).
  assert.equal(item.first_party, true);
  assert.equal(item.developer_offer ?? null, null);
  assert.equal(item.offer.shutdown_date.value, n.shutdown_date);
});

test('cheapest_for says a shutdown the developer dated without a deprecation: Gemini 2.5 Pro on the day before it', { skip }, () => {
  // Google's Gemini 2.5 Pro: the Gemini API shuts it down on 2026-12-01 (the deprecations page as read on 2026-11-10,
  // data/curated/developer-notices.csv; the model sheet's shutdown_date, no deprecated status). Judged on 2026-11-30 it
  // is still sold, and its first-party offer ends with the developer's date; judged on 2026-10-17, past the 2026-10-16
  // Google gave as the earliest day, it is still sold too.
  for (const judged of ['2026-10-17', '2026-11-30']) {
    const day = committedDataset({ judgedOn: judged });
    const r = cheapest_for.handler(day, cheapest_for.input.parse({ use: 'chat', first_party_only: true, limit: 100 }), { today: judged }) as Any;
    const item = r.items.find((i: Any) => i.model.id === 'gemini-2.5-pro');
    assert.ok(item, `gemini-2.5-pro ranked while served (${judged})`);
    assert.match(item.why, / The developer shuts the model down on 2026-12-01 \([^)]+\); this offer ends with it\.$/);
  }
});
