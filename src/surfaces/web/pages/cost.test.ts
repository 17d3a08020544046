// The cost page states owned self-hosting's break-even windows as the REST answer does, not only the first volume.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildApp } from '../../../app.ts';
import { servedDataset, testAccess, testConfig } from '../../../../test/helpers.ts';

const { dataset, committed } = servedDataset();
const app = buildApp({ config: testConfig(), dataset, access: testAccess(), today: () => '2026-10-01' });
after(() => app.close());

// A configuration named: every owned figure rests on one configuration (the owned basis), and the ones these tests
// read (MI300X, four RTX 4090) have no host machine priced, so they are the basis only when named.
const page = async (id: string, hardware: string) => {
  const res = await app.inject({ method: 'GET', url: `/cost/${id}?hardware=${hardware}`, headers: { accept: 'text/html' } });
  assert.equal(res.statusCode, 200);
  return /<li>Owned hardware: (.*?)<\/li>/s.exec(res.body)![1];
};
const rest = async (id: string, hardware: string) =>
  (await app.inject({ method: 'GET', url: `/api/v1/cost/${id}?tokens_millions=100&hardware=${hardware}` })).json().break_even_owned;

test('/cost/deepseek-v3.2: owned is cheaper in windows before it stays cheaper, and the page says so', { skip: !committed }, async () => {
  // The REST answer's owned break-even: one mi300x-x8 costs 3,464.73 USD a month flat plus 0.01487 USD of power per 1M
  // tokens, against crof's 0.2225: 3,464.73 / (0.2225 - 0.01487) = 16,686.8M (16,686.66 from the unrounded figures), and
  // the machine is full at 17,679.00M: 13,454.3 tokens/s x 3,600 x 730 x 0.5, at a batch of 220, one MI300X's room over
  // one sequence's MLA cache, which every card holds whole (engines/mla-cache.ts; a batch reads the shared weights once
  // and each distinct expert of 8 in 256 once). k machines cost no more from k x 16,686.66 to k x 17,679.00; the windows
  // join from the first k with k x 16,686.66 <= (k - 1) x 17,679.00, k >= 17,679.00 / 992.34 = 17.8, k = 18, so owned
  // stays cheaper from 17 x 16,686.66 = 283,673.2M, after fifteen more windows (k = 2..16). (mi300x-x4, read here before
  // each card held the whole cache, now batches 54 and never crosses at utilization 0.5.)
  const owned = await page('deepseek-v3.2', 'mi300x-x8');
  assert.equal(owned, '<strong>cheaper than the API between 16.69B and 17.68B tokens a month, then in 15 more windows, and from '
    + '283.67B on</strong> (crof versus mi300x-x8; a lower bound: a host machine is not priced).');
  // The same count of further windows as the REST answer's reason gives.
  assert.match((await rest('deepseek-v3.2', 'mi300x-x8')).reason, /between 16686\.66 and 17679 million tokens a month, in 15 more windows up to /);
});

test('/cost/gpt-oss-120b: owned stays cheaper from its break-even on, which the page states as before', { skip: !committed }, async () => {
  // The REST answer: one rtx-4090-x4 owned costs 187.3 USD a month flat plus 0.01039 USD per 1M tokens (its power at
  // vLLM's FP32-accumulate prompt rate on GeForce cards), against openrouter's 0.03 in / 0.15 out, blended at 0.75
  // input 0.06: 187.3 / (0.06 - 0.01039) = 3,775.45M (3,775.38 from the unrounded figures), and stays cheaper. Its
  // host machine is not priced, so the volume is a lower bound, and the reason says so. (rtx-3090-x4, cheaper before
  // its host was counted, costs 177.07 + 1,314 / 36 = 213.57 USD flat: 213.57 / (0.07 - 0.008786) = 3,488.9M.)
  assert.match((await rest('gpt-oss-120b', 'rtx-4090-x4')).reason,
    /from 3775\.38 million tokens a month, .* and self-hosting stays cheaper above it; .*; rtx-4090-x4 leaves out a host machine .* lower bounds$/);
  assert.equal(await page('gpt-oss-120b', 'rtx-4090-x4'), 'break-even at <strong>3.8B tokens a\nmonth</strong> (openrouter versus rtx-4090-x4; a lower bound: a host machine is not priced).');
});
