// Readings 2x apart: each rule of settleApart on the real rows, and its independence from the day a source was read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { choosePrice } from './precedence.ts';
import { settleApart, standing, type Agreement } from './price-agreement.ts';

const s = (source: string, value: number) => ({ source, value });

test('rule 2: a reading its own source prices unlike every sibling gives way to one priced like its own (Bedrock au. Opus 4.6)',
  () => {
  // models.dev providers/amazon-bedrock/models/au.anthropic.claude-opus-4-6-v1.toml: `input = 16.50`, `output = 82.50`
  // (set 2026-04-23 by its history); eu.…toml `input = 5.5`, us.…toml `input = 5`, anthropic.… and global.… `input = 5`.
  // LiteLLM 2026-07-24 "au.anthropic.claude-opus-4-6-v1" and "eu.…": input_cost_per_token 0.0000055 (set 2026-02-16).
  const md = { value: 16.5, source: 'models-dev', as_of: '2026-07-02', evidence: '2026-04-23' };
  const ll = { value: 5.5, source: 'litellm', as_of: '2026-07-24', evidence: '2026-02-16' };
  const agreement: Agreement = {
    siblings: [s('models-dev', 5.5), s('models-dev', 5), s('models-dev', 5), s('models-dev', 5), s('litellm', 5.5), s('litellm', 5.5),
      s('litellm', 5), s('litellm', 5), s('genai-prices-npm', 5.5), s('genai-prices-npm', 5)],
    developer: [s('models-dev', 5), s('litellm', 5), s('genai-prices', 5)],
  };
  assert.equal(standing(md, agreement.siblings), 'apart');
  assert.equal(standing(ll, agreement.siblings), 'alike');
  const { fact } = choosePrice([md, ll], 5, agreement);
  assert.deepEqual([fact?.value, fact?.source, fact?.as_of], [5.5, 'litellm', '2026-07-24']);
  assert.deepEqual(fact?.conflicts, [{ value: 16.5, as_of: '2026-07-02', source: 'models-dev' }]);
  assert.match(fact?.note ?? '', /^models-dev's 16\.5, set later, passed over: models-dev prices none of the provider's other listings/);
  assert.match(fact?.note ?? '', /\(nearest 5\.5\); litellm prices one alike \(5\.5\)$/);
});

test("rule 1: a source that prices the provider's siblings alike has repriced the model: the newest stands (DeepSeek)", () => {
  // models.dev providers/deepseek/models/deepseek-chat.toml and deepseek-reasoner.toml: `input = 0.14` (set 2026-04-25);
  // LiteLLM 2026-07-24 deepseek/deepseek-chat and deepseek/deepseek-reasoner: input_cost_per_token 2.8e-7 (2026-01-13).
  const md = { value: 0.14, source: 'models-dev', as_of: '2026-07-02', evidence: '2026-04-25' };
  const ll = { value: 0.28, source: 'litellm', as_of: '2026-07-24', evidence: '2026-01-13' };
  const agreement: Agreement = { siblings: [s('models-dev', 0.14), s('litellm', 0.28)], developer: [] };
  const { fact } = choosePrice([md, ll], undefined, agreement);
  assert.deepEqual([fact?.value, fact?.source, fact?.note], [0.14, 'models-dev', undefined]);
});

test("rule 3: with no sibling of its own source, the siblings and the developer's price together settle it (Azure gpt-4)", () => {
  // models.dev providers/azure/models/gpt-4.toml: `input = 60.00`, `output = 120.00` (set 2025-06-11), the figures of
  // its gpt-4-32k.toml (`input = 60.00`, `output = 120.00`). LiteLLM 2026-07-24 "azure/gpt-4" and "azure/gpt-4-0613":
  // input_cost_per_token 0.00003, output 0.00006 (untouched since its history began, 2025-02-06); "azure/gpt-4-1106-preview"
  // and "-0125-preview" 0.00001. OpenAI's own "gpt-4": 0.00003 (LiteLLM), 30 (models.dev).
  const md = { value: 60, source: 'models-dev', as_of: '2026-07-02', evidence: '2025-06-11' };
  const ll = { value: 30, source: 'litellm', as_of: '2026-07-24', evidence: '2025-02-06' };
  const agreement: Agreement = {
    siblings: [s('litellm', 30), s('litellm', 10), s('litellm', 10)],
    developer: [s('models-dev', 30), s('litellm', 30), s('models-dev', 10), s('litellm', 10)],
  };
  const { fact } = choosePrice([md, ll], 30, agreement);
  assert.deepEqual([fact?.value, fact?.source], [30, 'litellm']);
  assert.match(fact?.note ?? '', /models-dev's 60, set later, passed over: the provider's other listings of the model \(nearest 30\)/);
  assert.match(fact?.note ?? '', /and the developer's own \(nearest 30\) are priced like litellm's reading, none like this one$/);
  // Either piece alone is not enough: without the developer's price the newest stands, and without siblings too.
  assert.equal(choosePrice([md, ll], 30, { ...agreement, developer: [] }).fact?.value, 60);
  assert.equal(choosePrice([md, ll], 30, { ...agreement, siblings: [] }).fact?.value, 60);
  // A developer price alike the newest keeps it.
  assert.equal(choosePrice([md, ll], 30, { ...agreement, developer: [...agreement.developer, s('genai-prices', 60)] }).fact?.value, 60);
});

test("another source's siblings alone do not overturn a newer price (Cloudflare fp16, OpenAI gpt-5.6-luna)", () => {
  // genai-prices npm 0.1.8 cloudflare "@cf/meta/llama-2-7b-chat-fp16": {"input_mtok":0.556,"output_mtok":6.667}
  // (the bundle of 2026-09-23); LiteLLM 2026-07-24 "cloudflare/@cf/meta/llama-2-7b-chat-fp16" and "-int8":
  // input_cost_per_token 0.000001923 (untouched since 2025-02-06). Meta sells no API: no developer price.
  const npm = { value: 0.556, source: 'genai-prices-npm', as_of: '2026-09-23', evidence: '2026-09-23' };
  const ll = { value: 1.923, source: 'litellm', as_of: '2026-07-24', evidence: '2025-02-06' };
  assert.equal(settleApart([npm, ll], { siblings: [s('litellm', 1.923)], developer: [] }).best, npm);
  // gpt-5.6-luna at OpenAI: npm 0.2 (2026-09-23) against LiteLLM's launch price 1 (set 2026-07-09): no sibling.
  const luna = { value: 0.2, source: 'genai-prices-npm', as_of: '2026-09-23', evidence: '2026-09-23' };
  const launch = { value: 1, source: 'litellm', as_of: '2026-07-24', evidence: '2026-07-09' };
  assert.equal(choosePrice([launch, luna], 1).fact?.value, 0.2);
});

test('readings within 2x of each other: the newest set date serves, whatever the siblings say', () => {
  // 1.9x apart is one price, repriced: agreement does not speak.
  const a = { value: 1.9, source: 'models-dev', as_of: '2026-07-02', evidence: '2026-06-01' };
  const b = { value: 1, source: 'litellm', as_of: '2026-07-24', evidence: '2026-01-01' };
  assert.equal(settleApart([a, b], { siblings: [s('models-dev', 1), s('litellm', 1)], developer: [s('litellm', 1)] }).best, a);
});

test('the choice never depends on the day a source was read: later read dates give the same served value and source', () => {
  const source = fc.constantFrom('models-dev', 'litellm', 'genai-prices', 'genai-prices-npm');
  const price = fc.constantFrom(0.5, 1, 2.2, 5, 5.5, 16.5);
  const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-06-${String(d).padStart(2, '0')}`);
  const reading = fc.record({ value: price, source, evidence: day });
  const sibling = fc.record({ source, value: price });
  fc.assert(fc.property(
    fc.array(reading, { minLength: 1, maxLength: 4 }), fc.array(sibling, { maxLength: 6 }), fc.array(sibling, { maxLength: 3 }),
    fc.array(fc.integer({ min: 0, max: 150 }), { minLength: 4, maxLength: 4 }),
    (rs, siblings, developer, later) => {
      // Each reading read on its set date, or up to 150 days after it: the set date itself does not move.
      const readOn = (r: { evidence: string }, i: number) =>
        new Date(Date.parse(r.evidence) + later[i] * 86_400_000).toISOString().slice(0, 10);
      const first = choosePrice(rs.map((r) => ({ ...r, as_of: r.evidence })), undefined, { siblings, developer }).fact;
      const again = choosePrice(rs.map((r, i) => ({ ...r, as_of: readOn(r, i) })), undefined, { siblings, developer }).fact;
      // Readings 20x apart with no third are both held back: no fact, on either day.
      assert.deepEqual([again?.value, again?.source], [first?.value, first?.source]);
    },
  ), { numRuns: 500 });
});
