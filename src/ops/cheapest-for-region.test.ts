// cheapest_for shows a mainland-China platform's listing as `cn`, not as a global offer.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { cheapest_for } from './cheapest-for.ts';

type Out = { items: { model: { id: string }; offer: { provider: string; region: string }; why: string }[] };

test('committed dataset: first-party coding offers as good as GPT-4o name Alibaba (China) and Zhipu AI as cn', {
  skip: !existsSync(DEFAULT_DATA_DIR),
}, () => {
  // models.dev's providers/alibaba-cn/provider.toml: "Alibaba (China)", api https://dashscope.aliyuncs.com (the
  // international platform is dashscope-intl); genai-prices' zhipuai.yml: open.bigmodel.cn, "CNY is the only billing currency".
  const out = cheapest_for.handler(committedDataset(), cheapest_for.input.parse({ use: 'coding', as_good_as: 'gpt-4o', first_party_only: true, limit: 100 }),
    { today: '2026-11-29' }) as Out;
  const regionOf = (provider: string) => [...new Set(out.items.filter((i) => i.offer.provider === provider).map((i) => i.offer.region))];
  assert.deepEqual(regionOf('alibaba-cn'), ['cn']);
  assert.deepEqual(regionOf('zhipuai'), ['cn']);
  assert.deepEqual(regionOf('openai'), ['global']);
  // The sentence says it where it names the offer.
  const glm = out.items.find((i) => i.offer.provider === 'zhipuai')!;
  assert.match(glm.why, /its cheapest offer is Zhipu AI \([^;)]+; a mainland China platform, region cn\) at \$/);
  assert.ok(out.items.filter((i) => i.offer.region !== 'cn').every((i) => !i.why.includes('mainland China')));
  const intl = committedDataset().offers.filter((o) => o.provider === 'alibaba');
  assert.ok(intl.length > 10 && intl.every((o) => o.region !== 'cn'), 'Alibaba\'s international platform is not mainland China\'s');
});
