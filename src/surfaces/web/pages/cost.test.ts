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

test('/cost/gemma-4-31b-it: owned is cheaper in windows before it stays cheaper, and the page says so', { skip: !committed }, async () => {
  // The REST answer's owned break-even: one rtx-3090-x4 with its EPYC host costs 5,996 / 36 + 1,314 / 36 = 203.06 USD a
  // month plus the cards' idle 4 x 24 W x 730 h x 0.15 USD/kWh = 10.51, 213.57 flat, plus 0.03612 USD of power per 1M
  // tokens, against crof's 0.15 blended: 213.57 / (0.15 - 0.03612) = 1,875.35M (1,875.32 from the unrounded figures), and
  // the machine is full at 1,504.4 tokens/s x 3,600 x 730 x 0.5 = 1,976.78M (1,552.4 and 2,039.82 before vLLM's budget
  // kept 2 GiB a card beside 0.9 of it on cards under 80 GB, vllm-memory.ts: a smaller batch). k machines cost no more
  // from k x 1,875.32 to k x 1,976.77; the next window starts inside the last from k = 1,875.32 / (1,976.77 - 1,875.32)
  // = 18.5 on, so the eighteenth ends at 18 x 1,976.77 = 35,581.9M and owned stays cheaper from 19 x 1,875.32 =
  // 35,631.1M, after seventeen more windows (k = 2..18; nine, and from 20,428.2M, before). (GLM-4.5-Air on the same
  // machine was this case until an MoE step under vLLM paid its weights' read and its compute in turn, serving.ts
  // batchDecodeRate: 1,275.1 tokens/s, not 1,485.8, so at full use its month costs 213.57 / 1,675.54M + 0.04261 =
  // 0.1701 USD per 1M, above 302ai's 0.157225, and the two never cross at utilization 0.5; since its total counts the
  // repo's 110.47B, MTP layer included (model-architecture.csv), not the card's 106B, INT4 W4A16 weighs 62.28 GB, not
  // 59.76, the batch was 24 and 1,255.9 tokens/s: 213.57 / 1,650.31M + 0.0433 = 0.1727; with vLLM's 2 GiB a card
  // the batch is 16 and 1,162.9 tokens/s, 1,528.05M a month: 213.57 / 1,528.05M + 0.04672 = 0.1865. DeepSeek V3.2 on
  // mi300x-x8 was this case until each card read its own copy of the MLA latent in a decode step.)
  const owned = await page('gemma-4-31b-it', 'rtx-3090-x4');
  assert.equal(owned, '<strong>cheaper than the API between 1.88B and 1.98B tokens a month, then in 17 more windows, and from '
    + '35.63B on</strong> (crof versus rtx-3090-x4).');
  // The same count of further windows as the REST answer's reason gives.
  assert.match((await rest('gemma-4-31b-it', 'rtx-3090-x4')).reason, /between 1875\.32 and 1976\.77 million tokens a month, in 17 more windows up to /);
  assert.match((await rest('glm-4.5-air', 'rtx-3090-x4')).reason, /^they never cross at utilization 0\.5: owned self-hosting costs at least 0\.1865 USD/);
  assert.match((await rest('deepseek-v3.2', 'mi300x-x8')).reason, /^they never cross at utilization 0\.5/);
});

test('/cost/gpt-oss-120b: owned is cheaper in two windows, then from three machines on, which the page states', { skip: !committed }, async () => {
  // The REST answer: one rtx-4090-x4 owned costs 177.67 + 88 W idle x 730 h x 0.15 USD/kWh = 187.3 USD a month flat plus
  // 1e6 / (4,446.4 tokens/s x 3,600) x 1,712 W above idle x 0.15 USD/kWh = 0.01604 USD per 1M tokens, against
  // openrouter's 0.03 in / 0.15 out, blended at 0.75 input 0.06: 187.3 / (0.06 - 0.01604) = 4,260.7M (4,261.03 from the
  // unrounded figures). A machine serves 4,446.4 x 3,600 x 730 x 0.5 = 5,842.6M (batch 55 where vLLM's budget now keeps
  // 2 GiB a card beside 0.9 of it on cards under 80 GB, vllm-memory.ts; 6,070 tokens/s, 7,976M, and owned cheaper from
  // 3,882.06M on, before): k machines cost no more from k x 4,261.03 to k x 5,842.61, and the next window starts inside
  // the last from k = 4,261.03 / (5,842.61 - 4,261.03) = 2.69 on, so after the second window (8,522.06 to 11,685.22)
  // owned stays cheaper from 3 x 4,261.03 = 12,783.08M. Its host machine is not priced, so the volumes are lower bounds,
  // and the reason says so.
  assert.match((await rest('gpt-oss-120b', 'rtx-4090-x4')).reason,
    /^from 4261\.03 million tokens a month, .* but only up to 5842\.61, .* in 1 more window up to 11685\.22, .* at every volume from 12783\.08 on .*; rtx-4090-x4 leaves out a host machine .* lower bounds$/);
  assert.equal(await page('gpt-oss-120b', 'rtx-4090-x4'), '<strong>cheaper than the API between 4.26B and 5.84B tokens a month, then in 1 more window, and from '
    + '12.78B on</strong> (openrouter versus rtx-4090-x4; a lower bound: a host machine is not priced).');
});

test('the lead names which side is cheaper in words, not the answer\'s field value', { skip: !committed }, async () => {
  const lead = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    assert.equal(res.statusCode, 200);
    return /Cheaper: <strong>(.*?)<\/strong>/.exec(res.body)![1];
  };
  // REST gives cheaper "api" for gpt-oss-120b at 1,000M tokens (OpenRouter's $60 a month against at least $138.68
  // owned): the page said "Cheaper: api".
  assert.equal((await app.inject({ method: 'GET', url: '/api/v1/cost/gpt-oss-120b?tokens_millions=1000' })).json().cheaper, 'api');
  assert.equal(await lead('/cost/gpt-oss-120b?tokens_millions=1000'), 'the API');
  // At 1,000,000M tokens the owned rtx-pro-6000-max-q machines cost less than the API: ceil(1e6 / 4,679.56) = 214
  // machines at 266.08 USD flat + 1e6 x 0.002808 = 59,749 against OpenRouter's 0.06 x 1e6 = 60,000 (figures worked in
  // src/ops/estimate-cost-owned-basis.test.ts). At 100,000M they do not (6,134.57 against 6,000) since the rtx-3090-x4,
  // whose cards NVIDIA's store no longer sells, stopped being the basis.
  assert.equal((await app.inject({ method: 'GET', url: '/api/v1/cost/gpt-oss-120b?tokens_millions=1000000' })).json().cheaper, 'self_hosted');
  assert.equal(await lead('/cost/gpt-oss-120b?tokens_millions=1000000'), 'self-hosting');
});
