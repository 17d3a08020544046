// The model sheet and the search table show a bounded release date in the API's words, never as the day it is not.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildApp } from '../../../app.ts';
import { servedDataset, testAccess, testConfig } from '../../../../test/helpers.ts';

const { dataset } = servedDataset();
const app = buildApp({ config: testConfig(), dataset, access: testAccess(), today: () => '2026-10-01' });
after(() => app.close());

const page = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  assert.equal(res.statusCode, 200, url);
  return res.body;
};
const releasedCell = (body: string) => /<dt>Released<\/dt><dd><span class="fact" title="[^"]*">([^<]*)<\/span>/.exec(body)?.[1];

test('/models/hy3: a lower bound reads "on or after", as get_model\'s bound says', async () => {
  // developer-releases.csv: Tencent's README 'Today, we are launching Hy3', first committed 2026-07-06: bound on_or_after.
  assert.equal(releasedCell(await page('/models/hy3')), 'on or after 2026-07-06');
});

test('/models/llama-3.1-nemotron-70b-instruct: an upper bound reads "on or before"; a dated release reads as the day', async () => {
  // NVIDIA's card: 'As of Oct 24th, 2024 the model has Elo Score of 1267(+-7) ... on ChatBot Arena leaderboard'.
  assert.equal(releasedCell(await page('/models/llama-3.1-nemotron-70b-instruct')), 'on or before 2024-10-24');
  // Qwen's QwQ-32B post is dated March 6, 2025: no bound, the day itself.
  assert.equal(releasedCell(await page('/models/qwq-32b')), '2025-03-06');
});

test('/models?q=hy3: the search table shows the bound words too', async () => {
  assert.match(await page('/models?q=hy3'), /<span class="fact" title="[^"]*">on or after 2026-07-06<\/span>/);
});

test('/models/gpt-5.5 and /models/o3: the sheet shows the status, a scheduled shutdown beside it', async () => {
  // models.dev providers/openai/models/gpt-5.5.toml: no status, no dates (docs/data.md, "A served model is active");
  // deprecations-rss: OpenAI deprecated o3-2025-04-16 on 2026-06-11, shutdown 2026-12-11.
  const cell = (body: string) => /<dt>Status<\/dt><dd>(.*?)<\/dd>/.exec(body)?.[1].replace(/<[^>]*>/g, '');
  assert.equal(cell(await page('/models/gpt-5.5')), 'active');
  assert.equal(cell(await page('/models/o3')), 'deprecated, shutdown 2026-12-11');
});
