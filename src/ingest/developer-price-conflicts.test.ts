// Tests of the developer-price conflict rule: sources pricing one product apart are one offer, chosen by evidence, flagged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { anOffer, aSource, f, FIXTURE_DATE } from '../dataset/fixtures.ts';
import { partialText } from '../access/partial-text.ts';
import type { Offer } from '../schema/index.ts';
import { citesDeveloper, resolveDeveloperPriceConflicts, type PriceReading } from './developer-price-conflicts.ts';

const mistral = (id: string, input: number, output: number, source: string, as_of: string): Offer => anOffer({
  model_id: 'mistral-small-2506', provider: 'mistral', provider_model_id: id, first_party: true, listed_by: [source],
  prices: { input: f(input, source, as_of), output: f(output, source, as_of) },
});

test('Mistral Small 3.2: models.dev $0.10/$0.30 (2026-07-02) against LiteLLM $0.06/$0.18 (2026-07-24), one source each: the later read wins', () => {
  // models.dev providers/mistral/models/mistral-small-2506.toml: cost.input 0.1, cost.output 0.3 (snapshot 2026-07-02);
  // LiteLLM 2026-07-24 mistral/mistral-small-3-2-2506: input_cost_per_token 6e-08, output 1.8e-07, source mistral.ai/pricing.
  const offers = [
    mistral('mistral-small-2506', 0.1, 0.3, 'models-dev', '2026-07-02'),
    mistral('mistral-small-3-2-2506', 0.06, 0.18, 'litellm', '2026-07-24'),
    anOffer({ model_id: 'mistral-small-2506', provider: 'openrouter', prices: { input: f(0.05), output: f(0.1) } }),
  ];
  const lines = resolveDeveloperPriceConflicts(offers, FIXTURE_DATE);
  assert.equal(lines.length, 1);
  assert.deepEqual(offers.map((o) => o.provider_model_id), ['mistral-small-3-2-2506', 'mistral-small-2506']);
  const own = offers[0];
  assert.deepEqual([own.prices.input?.value, own.prices.output?.value], [0.06, 0.18]);
  assert.deepEqual(own.prices.input?.conflicts, [{ value: 0.1, as_of: '2026-07-02', source: 'models-dev' }]);
  assert.deepEqual(own.prices.output?.conflicts, [{ value: 0.3, as_of: '2026-07-02', source: 'models-dev' }]);
  // Each reading cited as a fact is, `(source, date)`: the winner first, then the reading it outweighed. No history
  // dates either figure, so each source's read date stands for the day it set it (step 3): 2026-07-24 is later.
  const note = "the developer's sources disagree: mistral-small-3-2-2506 at $0.06/$0.18 (litellm, 2026-07-24); "
    + 'mistral-small-2506 at $0.1/$0.3 (models-dev, 2026-07-02); the price its source set later (2026-07-24) is taken';
  assert.equal(own.prices.input?.note, note);
  // The partial tier keeps each reading's date, not its source (partial-text.ts: a citation reads `(as of <date>)`),
  // so two sources are not read as "a listed source lists ...; a listed source lists ...", one source saying both.
  const sources = new Map([['models-dev', aSource({ id: 'models-dev', name: 'models.dev', url: 'https://models.dev' })],
    ['litellm', aSource({ id: 'litellm', name: 'LiteLLM', url: 'https://github.com/BerriAI/litellm' })]]);
  const ids = new Set<string>();
  assert.equal(partialText(sources)(note, ids), "the developer's sources disagree: mistral-small-3-2-2506 at $0.06/$0.18 (as of "
    + '2026-07-24); mistral-small-2506 at $0.1/$0.3 (as of 2026-07-02); the price its source set later (2026-07-24) is taken');
  assert.deepEqual([...ids].sort(), ['litellm', 'models-dev']);
});

test('a source listing both ids tells them apart: a dated snapshot priced apart from the alias stays (gpt-4o-2024-05-13)', () => {
  // models.dev providers/openai/models/: gpt-4o at $2.5/$10, gpt-4o-2024-05-13 at $5/$15, both in one source.
  const both = (id: string, i: number, o: number) => anOffer({
    model_id: 'gpt-4o', provider: 'openai', provider_model_id: id, first_party: true, listed_by: ['models-dev'],
    prices: { input: f(i, 'models-dev'), output: f(o, 'models-dev') },
  });
  const offers = [both('gpt-4o', 2.5, 10), both('gpt-4o-2024-05-13', 5, 15)];
  assert.deepEqual(resolveDeveloperPriceConflicts(offers, FIXTURE_DATE), []);
  assert.equal(offers.length, 2);
  assert.equal(offers[0].prices.input?.conflicts, undefined);
});

test('agreeing prices, other regions and SKUs, resellers and retired listings are no conflict', () => {
  const offers = [
    mistral('a', 0.1, 0.3, 'models-dev', '2026-07-02'),
    mistral('b', 0.1, 0.3, 'litellm', '2026-07-24'),
    { ...mistral('c', 0.2, 0.6, 'genai-prices-npm', '2026-09-23'), region: 'eu' as const, sku: 'regional' as const },
    { ...mistral('d', 0.3, 0.9, 'helicone', '2026-09-23'), status: f('deprecated' as const) },
    { ...mistral('e', 0.01, 0.02, 'openrouter', '2026-09-23'), first_party: false },
  ];
  assert.deepEqual(resolveDeveloperPriceConflicts(offers, FIXTURE_DATE), []);
  assert.equal(offers.length, 5);
});

test('a listing deprecated with its shutdown still to come is a live price: it takes part until that day, not after', () => {
  // The Mistral Small 3.2 readings above (models.dev mistral-small-2506.toml 0.1/0.3, 2026-07-02; LiteLLM 2026-07-24
  // mistral/mistral-small-3-2-2506 6e-08/1.8e-07 per token citing mistral.ai/pricing), LiteLLM's id marked deprecated
  // with a shutdown on 2026-10-23 (the rule of isShutDownOffer: a dated listing is served until its date).
  // Worked by hand: on 2026-08-01 both are served and disagree, one source each, and LiteLLM's reading cites the
  // developer's page (step 2), so $0.06/$0.18 is the developer's price and models.dev's listing leaves. On 2026-10-23
  // LiteLLM's listing is shut down: models.dev's $0.10/$0.30 is the only live one, no conflict, nothing leaves.
  const build = () => {
    const offers = [
      mistral('mistral-small-2506', 0.1, 0.3, 'models-dev', '2026-07-02'),
      { ...mistral('mistral-small-3-2-2506', 0.06, 0.18, 'litellm', '2026-07-24'), status: f('deprecated' as const, 'litellm', '2026-07-24'),
        shutdown_date: f('2026-10-23', 'litellm', '2026-07-24') },
    ];
    const readings = new Map<Offer, PriceReading[]>([
      [offers[0], [{ source: 'models-dev', input: 0.1, output: 0.3, as_of: '2026-07-02' }]],
      [offers[1], [{ source: 'litellm', input: 0.06, output: 0.18, as_of: '2026-07-24', url: 'https://mistral.ai/pricing#api-pricing' }]],
    ]);
    return { offers, readings };
  };
  const before = build();
  assert.equal(resolveDeveloperPriceConflicts(before.offers, FIXTURE_DATE, (o) => before.readings.get(o)).length, 1);
  assert.deepEqual(before.offers.map((o) => [o.provider_model_id, o.prices.input?.value, o.prices.output?.value]), [['mistral-small-3-2-2506', 0.06, 0.18]]);
  assert.deepEqual(before.offers[0].prices.input?.conflicts, [{ value: 0.1, as_of: '2026-07-02', source: 'models-dev' }]);
  assert.match(before.offers[0].prices.input?.note ?? '', /read from the developer's own page/);
  const after = build();
  assert.deepEqual(resolveDeveloperPriceConflicts(after.offers, '2026-10-23', (o) => after.readings.get(o)), []);
  assert.deepEqual(after.offers.map((o) => o.provider_model_id), ['mistral-small-2506', 'mistral-small-3-2-2506']);
  assert.equal(after.offers[0].prices.input?.conflicts, undefined);
});

test("Mistral Nemo: $0.15/$0.15 that models.dev and genai-prices agree on beats LiteLLM's 2024 $0.30 under the older id", () => {
  // models.dev providers/mistral/models/mistral-nemo.toml: cost 0.15/0.15 (2026-07-02); genai-prices providers-yml/mistral.yml
  // mistral-nemo (matches mistral-nemo, open-mistral-nemo): 0.15/0.15, prices_checked 2025-07-04; LiteLLM 2026-07-24
  // mistral/open-mistral-nemo-2407: 3e-07/3e-07 per token (0.30/0.30), source mistral.ai/technology.
  const nemo = (id: string, v: number, listed_by: string[]) => anOffer({
    model_id: 'mistral-nemo', provider: 'mistral', provider_model_id: id, first_party: true, listed_by,
    prices: { input: f(v, listed_by[0], listed_by[0] === 'litellm' ? '2026-07-24' : '2025-07-04'),
      output: f(v, listed_by[0], listed_by[0] === 'litellm' ? '2026-07-24' : '2025-07-04') },
  });
  const offers = [nemo('open-mistral-nemo-2407', 0.3, ['litellm']), nemo('mistral-nemo', 0.15, ['genai-prices-npm', 'models-dev'])];
  const readings = new Map<Offer, PriceReading[]>([
    [offers[0], [{ source: 'litellm', input: 0.3, output: 0.3, as_of: '2026-07-24', url: 'https://mistral.ai/technology/' }]],
    [offers[1], [{ source: 'genai-prices-npm', input: 0.15, output: 0.15, as_of: '2025-07-04', url: 'https://mistral.ai/pricing/api' },
      { source: 'models-dev', input: 0.15, output: 0.15, as_of: '2026-07-02' }]],
  ]);
  const lines = resolveDeveloperPriceConflicts(offers, FIXTURE_DATE, (o) => readings.get(o));
  assert.equal(lines.length, 1);
  assert.deepEqual(offers.map((o) => [o.provider_model_id, o.prices.input?.value, o.prices.output?.value]), [['mistral-nemo', 0.15, 0.15]]);
  assert.deepEqual(offers[0].prices.output?.conflicts, [{ value: 0.3, as_of: '2026-07-24', source: 'litellm' }]);
  assert.match(offers[0].prices.input?.note ?? '', /; the price 2 independent sources agree on is taken$/);
});

test("genai-prices' npm copy and repository are one source; a reading citing the developer's page beats a later-read one", () => {
  const at = (id: string, v: number, source: string, as_of: string) => anOffer({
    model_id: 'm', provider: 'mistral', provider_model_id: id, first_party: true, listed_by: [source],
    prices: { input: f(v, source, as_of), output: f(v, source, as_of) },
  });
  const offers = [at('a', 1, 'genai-prices-npm', '2026-09-23'), at('b', 2, 'models-dev', '2026-07-02')];
  const readings = new Map<Offer, PriceReading[]>([
    [offers[0], [{ source: 'genai-prices-npm', input: 1, output: 1, as_of: '2026-09-23' },
      { source: 'genai-prices', input: 1, output: 1, as_of: '2026-09-23' }]],
    [offers[1], [{ source: 'models-dev', input: 2, output: 2, as_of: '2026-07-02', url: 'https://docs.mistral.ai/models/x' }]],
  ]);
  resolveDeveloperPriceConflicts(offers, FIXTURE_DATE, (o) => readings.get(o));
  assert.deepEqual(offers.map((o) => o.provider_model_id), ['b']);
  assert.match(offers[0].prices.input?.note ?? '', /read from the developer's own page/);
});

test("the date a source's history set a price outranks the date it was read", () => {
  const at = (id: string, v: number, source: string) => anOffer({
    model_id: 'm', provider: 'xai', provider_model_id: id, first_party: true, listed_by: [source],
    prices: { input: f(v, source, '2026-07-24'), output: f(v, source, '2026-07-24') },
  });
  const offers = [at('a', 2, 'litellm'), at('b', 1.25, 'models-dev')];
  const readings = new Map<Offer, PriceReading[]>([
    [offers[0], [{ source: 'litellm', input: 2, output: 2, as_of: '2026-07-24', since: '2025-08-01' }]],
    [offers[1], [{ source: 'models-dev', input: 1.25, output: 1.25, as_of: '2026-07-02', since: '2026-05-20' }]],
  ]);
  resolveDeveloperPriceConflicts(offers, FIXTURE_DATE, (o) => readings.get(o));
  assert.deepEqual(offers.map((o) => [o.provider_model_id, o.prices.input?.value]), [['b', 1.25]]);
  assert.match(offers[0].prices.input?.note ?? '', /set later \(2026-05-20\)/);
});

test("the developer's page: a host naming the provider, not a reseller's or an aggregator's", () => {
  assert.equal(citesDeveloper('https://mistral.ai/pricing#api-pricing', 'mistral'), true);
  assert.equal(citesDeveloper('https://api-docs.deepseek.com/quick_start/pricing', 'deepseek'), true);
  assert.equal(citesDeveloper('https://docs.together.ai/mistral', 'mistral'), false);
  assert.equal(citesDeveloper('https://openrouter.ai/mistralai/mistral-nemo', 'mistral'), false);
  assert.equal(citesDeveloper('not a url', 'mistral'), false);
  assert.equal(citesDeveloper(undefined, 'mistral'), false);
});
