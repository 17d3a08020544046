// An offer's lifecycle state is a member of its status (`availability`) and of every offer line (`lifecycle_state`):
// the notes say it in words, code and clients read the member.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { AccessControl } from '../src/access/types.ts';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { aDataset, aModel, anOffer, aSource, f } from '../src/dataset/fixtures.ts';
import { cheapest_for } from '../src/ops/cheapest-for.ts';
import { compare_models } from '../src/ops/compare-models.ts';
import { estimate_cost } from '../src/ops/estimate-cost.ts';
import { get_model } from '../src/ops/get-model.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { committedDataset } from './committed-dataset.ts';

type Out = Record<string, any>;
const ctx = { today: '2026-11-27' };
const real = committedDataset();

// The notes' openings, written here from the committed notes (data/dataset/offers.json), not from the code's constants.
const ANNOUNCED = 'deprecated with no shutdown date given: still served, its retirement announced';
const EXISTING = 'deprecated with no shutdown date given: available to existing customers only, its retirement announced; a new customer cannot buy it';
const HOSTED = /^the developer shut its API down on \d{4}-\d{2}-\d{2}; this provider hosts the model itself and states no date$/;

/** The state a status note says in words, or undefined: what the member must agree with. */
function stateInWords(note: string | undefined): string | undefined {
  if (note === undefined) return undefined;
  if (note.startsWith(ANNOUNCED)) return 'retirement_announced';
  if (note.startsWith(EXISTING)) return 'existing_customers_only';
  return HOSTED.test(note) ? 'hosted_past_developer_shutdown' : undefined;
}

test('the committed dataset: every offer\'s status member agrees with its note, both ways', () => {
  const offers = JSON.parse(readFileSync(path.join(DEFAULT_DATA_DIR, 'offers.json'), 'utf8')) as Out[];
  const counts: Record<string, number> = {};
  for (const o of offers) {
    const words = stateInWords(o.status?.note);
    const what = `${o.provider}/${o.provider_model_id} (${o.sku})`;
    assert.equal(o.status?.availability, words, what);
    if (words) counts[words] = (counts[words] ?? 0) + 1;
  }
  // Counted in offers.json by the notes before the member existed (grep -c of each opening): 10, 15 and 32; 34 hosted
  // since Mistral's record retired Ministral 3B 24.10 (2025-12-31) past which Azure's two listings read so; 9 announced:
  // 21 while the 12 rows of developer-notices.csv for Lambda's Inference API read "winding down" with no end-of-life
  // date, until Lambda's email (quoted in charmbracelet/catwalk#80) dated its shutdown 2025-09-25 and retired them.
  assert.deepEqual(counts, { retirement_announced: 9, existing_customers_only: 15, hosted_past_developer_shutdown: 34 });
  // A model's status carries no such member: the states are an offer's.
  const models = JSON.parse(readFileSync(path.join(DEFAULT_DATA_DIR, 'models.json'), 'utf8')) as Out[];
  assert.equal(models.filter((m) => m.status && 'availability' in m.status).length, 0);
});

test('real offers: Vertex AI\'s claude-4-sonnet is sold to existing customers only; estimate_cost lists it so and never picks it', () => {
  // models.dev providers/google-vertex/models/claude-sonnet-4@20250514.toml: status = "deprecated", no date; read by
  // data/curated/deprecation-readings.csv "models-dev,google-vertex,true,false" (Google's partner-model deprecations
  // page: "available to existing customers only").
  const out = estimate_cost.handler(real, estimate_cost.input.parse({ model_id: 'claude-sonnet-4-0', tokens_millions: 300 }), ctx) as Out;
  const vertex = out.api.offers.filter((l: Out) => l.provider === 'google-vertex' || l.provider === 'google-vertex-anthropic');
  assert.deepEqual(vertex.map((l: Out) => [l.provider_model_id, l.lifecycle_state]).sort(), [
    ['claude-4-sonnet', 'existing_customers_only'], ['claude-sonnet-4@20250514', 'existing_customers_only'],
    ['claude-sonnet-4@20250514', 'existing_customers_only'],
  ]);
  for (const l of vertex) assert.ok(l.lifecycle_note.startsWith(EXISTING));
  // No pick takes a listing a new customer cannot buy.
  assert.notEqual(out.api.cheapest?.lifecycle_state, 'existing_customers_only');
  // Every other line: a null state exactly where the note is null.
  for (const l of out.api.offers) assert.equal(l.lifecycle_state === null, l.lifecycle_note === null, l.provider);
  const sheet = get_model.handler(real, get_model.input.parse({ model_id: 'claude-sonnet-4-0' }), ctx) as Out;
  const view = sheet.offers.find((o: Out) => o.provider === 'google-vertex' && o.provider_model_id === 'claude-4-sonnet');
  assert.equal(view.lifecycle_state, 'existing_customers_only');
  assert.equal(view.status.availability, 'existing_customers_only');
});

test('real offers: xAI\'s grok-2-1212, once genai-prices\' undated deprecated flag, reads shut down by xAI\'s notice; Bedrock\'s claude-3-opus hosted past Anthropic\'s shutdown', () => {
  // genai-prices providers-yml/x_ai.yml, id grok-2-1212: "deprecated: true", no date; read by deprecation-readings.csv
  // "genai-prices-npm,,true,true" (its schema: "deprecated by the provider but still functional").
  // xAI's own notice then dated it (data/curated/developer-notices.csv, github.com/theopenco/llmgateway/pull/593:
  // grok-2 deprecated 2025-08-08, shut down 2025-09-15): past the data date, the listing is shut down, no longer an
  // announced retirement: get_model lists it as shut down, with xAI's day.
  const grok = get_model.handler(real, get_model.input.parse({ model_id: 'grok-2' }), ctx) as Out;
  const xai = grok.offers.find((o: Out) => o.provider === 'xai' && o.provider_model_id === 'grok-2-1212');
  assert.equal(xai.lifecycle_state, 'shut_down');
  assert.match(xai.lifecycle_note, /^shut down on 2025-09-15 \(developer-notices\): no longer sold$/);
  assert.deepEqual([xai.status?.value, xai.shutdown_date?.value], ['deprecated', '2025-09-15']);
  // deprecations.info: Anthropic, claude-3-opus-20240229, "shutdown_date":"2026-01-05"; Bedrock hosts the model itself
  // (data/curated/weight-hosting-providers.csv) and states no date for its listings.
  const opus = get_model.handler(real, get_model.input.parse({ model_id: 'claude-3-opus' }), ctx) as Out;
  const bedrock = opus.offers.filter((o: Out) => o.provider === 'amazon-bedrock' && o.lifecycle_state !== undefined);
  assert.deepEqual(bedrock.map((o: Out) => o.provider_model_id).sort(), [
    'eu.anthropic.claude-3-opus-20240229-v1:0', 'regional.anthropic.claude-3-opus-20240229-v1:0', 'us.anthropic.claude-3-opus-20240229-v1:0',
  ]);
  for (const o of bedrock) assert.equal(o.lifecycle_state, 'hosted_past_developer_shutdown');
  // compare_models' cheapest offer of claude-3-opus is one of them (no other is priced), and says so.
  const cmp = compare_models.handler(real, compare_models.input.parse({ models: ['claude-3-opus', 'grok-2'] }), ctx) as Out;
  assert.equal(cmp.models[0].cheapest_offer.lifecycle_state, 'hosted_past_developer_shutdown');
  // cheapest_for with include_deprecated ranks grok-4-1-fast at Azure's listing, past xAI's 2026-05-15 shutdown.
  const cf = cheapest_for.handler(real, cheapest_for.input.parse({ use: 'chat', include_deprecated: true, limit: 100 }), ctx) as Out;
  const fast = cf.items.find((i: Out) => i.model.id === 'grok-4-1-fast');
  assert.equal(fast.offer.provider, 'azure');
  assert.equal(fast.offer.lifecycle_state, 'hosted_past_developer_shutdown');
  for (const i of cf.items) assert.equal(i.offer.lifecycle_state === undefined, i.offer.lifecycle_note === undefined, i.model.id);
});

test('code reads the member, never the note: the words alone retire nothing to served, the member alone is the state', () => {
  const note = `${ANNOUNCED} (genai-prices-npm's "deprecated" at relay, read by https://example.org)`;
  const words = anOffer({ model_id: 'm', provider: 'words', prices: { input: f(1), output: f(1) },
    status: { value: 'deprecated', as_of: '2026-09-23', source: 'genai-prices-npm', note } });
  const member = anOffer({ model_id: 'm', provider: 'member', prices: { input: f(2), output: f(2) },
    status: { value: 'deprecated', as_of: '2026-09-23', source: 'genai-prices-npm', note: 'reworded: still sold', availability: 'retirement_announced' } });
  const ds = aDataset({ sources: [aSource(), aSource({ id: 'genai-prices-npm' })], models: [aModel({ id: 'm' })], offers: [words, member] });
  const out = estimate_cost.handler(ds, estimate_cost.input.parse({ model_id: 'm', tokens_millions: 10 }), ctx) as Out;
  // A deprecated status with no date and no member is a withdrawn listing: not priced, whatever its note says.
  assert.deepEqual(out.api.offers.map((l: Out) => [l.provider, l.lifecycle_state, l.lifecycle_note]), [['member', 'retirement_announced', 'reworded: still sold']]);
  assert.ok(out.api.not_priced.some((n: Out) => n.provider === 'words'));
});

test('served bytes: estimate_cost (written by its byte writer) and get_model carry the state in both tiers, as JSON.stringify writes it', () => {
  const executor = createExecutor({
    dataset: real, access: undefined as unknown as AccessControl, baseUrl: 'http://127.0.0.1:8080', today: () => ctx.today, cacheEntries: 0,
  });
  for (const [op, raw] of [[estimate_cost, { model_id: 'claude-sonnet-4-0', tokens_millions: 300 }], [get_model, { model_id: 'claude-sonnet-4-0' }]] as const) {
    for (const full of [true, false]) {
      const served = executor.run(op as never, validateInput(op as never, raw), full);
      const text = served.bytes.toString('utf8');
      assert.equal(text, JSON.stringify(served.value), `${op.name} ${full}`);
      // A lifecycle fact, shown like lifecycle_note in the partial tier too.
      assert.match(text, /"lifecycle_state":"existing_customers_only"/, `${op.name} ${full}`);
      // get_model's offer views carry the status itself; estimate_cost's lines carry no status.
      if (op.name === 'get_model') assert.match(text, /"availability":"existing_customers_only"/, `${op.name} ${full}`);
    }
  }
});
