// The podium page shows what get_podium says beside its three places: a stale board's notice, an announced shutdown
// of a place, and the models rated above the last place that were left out, with why.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildApp } from '../../../app.ts';
import { servedDataset, testAccess, testConfig } from '../../../../test/helpers.ts';

const { dataset } = servedDataset();
const app = buildApp({ config: testConfig(), dataset, access: testAccess(), today: () => '2026-10-01' });
after(() => app.close());

const page = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  assert.equal(res.statusCode, 200);
  return res.body;
};

test('/podium?leaderboard=vision: the board\'s age, the shut-down leader left out and the first place\'s shutdown are shown', async () => {
  const body = await page('/podium?leaderboard=vision');
  // The vision board's newest rating in the dataset is of 2025-12-17 (LMArena leaderboard dataset); 2025-12-17 to
  // the data's date 2026-09-23 is 14 + 31 + 28 + 31 + 30 + 31 + 30 + 31 + 31 + 23 = 280 days, over the 90-day mark.
  assert.match(body, /<p class="notice">The newest rating on this board is of 2025-12-17, 280 days before the data&#39;s date \(2026-09-23\)/);
  // Gemini 3 Pro (rank 1 on that board) is shut down on 2026-03-09 per the deprecations feed: without the list a
  // reader sees Gemini 2.5 Pro on top and no word of the model rated above it.
  assert.match(body, /<ul class="left-out small"><li>rank 1 <a href="\/models\/gemini-3-pro-preview">Gemini 3 Pro Preview<\/a> .*: shut down on 2026-03-09/);
  // Gemini 2.5 Pro, first here, is deprecated with its shutdown on 2026-12-01 (data/curated/developer-notices.csv).
  assert.match(body, /Gemini 2\.5 Pro<\/a>[\s\S]*?<small class="lifecycle">deprecated, scheduled to shut down on 2026-12-01/);
});

test('/podium (text with style control, overall): a current board with nothing left out shows neither', async () => {
  const body = await page('/podium');
  assert.doesNotMatch(body, /class="notice"/);
  assert.doesNotMatch(body, /class="left-out/);
  assert.match(body, /<ol class="podium">/);
});
