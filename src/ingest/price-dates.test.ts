// The evidence date of a price reading: when the source's own history last set it.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { readLitellmChanges } from '../sources/catalogue-litellm-changes.ts';
import type { CatalogueChange, OfferObservation } from '../sources/types.ts';
import { choosePrice } from './precedence.ts';
import { evidenceDates, setDates } from './price-dates.ts';

const change = (x: Partial<CatalogueChange> & Pick<CatalogueChange, 'source' | 'date' | 'source_model_id' | 'change' | 'field'>): CatalogueChange =>
  ({ commit: 'c', old: null, new: null, ...x });
const offer = (x: Partial<OfferObservation> & Pick<OfferObservation, 'source' | 'provider' | 'provider_model_id' | 'as_of'>): OfferObservation =>
  ({ region: 'global', ...x });

test('grok-4.20: LiteLLM\'s launch price in a newer snapshot loses to the price models.dev changed and genai-prices checked later', () => {
  // models.dev history: providers/xai/models/grok-4.20-0309-reasoning.toml cost.input 2 -> 1.25 on 2026-05-20.
  // LiteLLM history: the key xai/grok-4.20-0309-reasoning added 2026-03-10 at 2/6, never changed; snapshot 2026-07-24.
  // genai-prices: 1.25, prices_checked 2026-06-09 (its own date, not re-dated by any history).
  const evidence = evidenceDates([
    change({ source: 'litellm', date: '2025-02-06', source_model_id: 'openai/gpt-4o', change: 'changed', field: 'input' }),
    change({ source: 'litellm', date: '2026-03-10', provider: 'xai', source_model_id: 'xai/grok-4.20-0309-reasoning', change: 'added', field: 'offered' }),
    change({ source: 'models-dev', date: '2025-06-04', provider: 'openai', source_model_id: 'openai/gpt-4o', change: 'changed', field: 'input' }),
    change({ source: 'models-dev', date: '2026-05-20', provider: 'xai', source_model_id: 'xai/grok-4.20-0309-reasoning', change: 'changed', field: 'input' }),
  ]);
  const litellm = offer({ source: 'litellm', provider: 'xai', provider_model_id: 'grok-4.20-0309-reasoning', as_of: '2026-07-24', input: 2 });
  const modelsDev = offer({ source: 'models-dev', provider: 'xai', provider_model_id: 'grok-4.20-0309-reasoning', as_of: '2026-07-02', input: 1.25 });
  const genai = offer({ source: 'genai-prices', provider: 'xai', provider_model_id: 'grok-4.20-0309-reasoning', as_of: '2026-06-09', input: 1.25 });
  assert.equal(evidence(litellm, 'input'), '2026-03-10');
  assert.equal(evidence(modelsDev, 'input'), '2026-05-20');
  assert.equal(evidence(genai, 'input'), '2026-06-09');
  const readings = [litellm, modelsDev, genai].map((o) => ({ value: o.input!, source: o.source, as_of: o.as_of, evidence: evidence(o, 'input') }));
  const chosen = choosePrice(readings, undefined).fact!;
  assert.deepEqual([chosen.value, chosen.source, chosen.as_of], [1.25, 'genai-prices', '2026-06-09']);
  assert.deepEqual(chosen.conflicts?.map((c) => [c.source, c.value]), [['litellm', 2]]);
  // A listing the history never touched dates from the history's first day: before any later check.
  assert.equal(evidence(offer({ source: 'litellm', provider: 'acme', provider_model_id: 'old', as_of: '2026-07-24' }), 'input'), '2025-02-06');
});

test('Lambda\'s qwen3-32b-fp8: LiteLLM\'s history sets its price on 2025-07-23, a year before the snapshot that reads it', async () => {
  // The three lines of litellm-field-changes-2025-02..2026-07.jsonl for the key (verbatim, fields trimmed to prices):
  // added 2025-07-21, removed 2025-07-22, added again 2025-07-23 at 5e-08/1e-07, never changed after.
  const lines = [
    { commit: 'cfdaf41359', date: '2025-07-21T18:11:03+00:00', model_key: 'lambda_ai/qwen3-32b-fp8', change: 'added',
      fields: { input_cost_per_token: 5e-08, output_cost_per_token: 1e-07, litellm_provider: 'lambda_ai', mode: 'chat' } },
    { commit: 'cebec35b5f', date: '2025-07-22T05:11:57+00:00', model_key: 'lambda_ai/qwen3-32b-fp8', change: 'removed' },
    { commit: 'c007c429f2', date: '2025-07-23T01:37:16+00:00', model_key: 'lambda_ai/qwen3-32b-fp8', change: 'added',
      fields: { input_cost_per_token: 5e-08, output_cost_per_token: 1e-07, litellm_provider: 'lambda_ai', mode: 'chat' } },
    // A key whose prefix is not the provider's id: Vertex AI's Claude Opus 4.5, added 2025-11-25 at 5e-06/2.5e-05.
    { commit: 'd1508ea602', date: '2025-11-25T23:07:43+00:00', model_key: 'vertex_ai/claude-opus-4-5', change: 'added',
      fields: { input_cost_per_token: 5e-06, output_cost_per_token: 2.5e-05, litellm_provider: 'vertex_ai-anthropic_models', mode: 'chat' } },
  ];
  const dir = mkdtempSync(path.join(tmpdir(), 'price-dates-'));
  const file = path.join(dir, 'changes.jsonl');
  writeFileSync(file, [{ commit: 'b094ffea87', date: '2025-02-06T10:56:03+08:00', change: 'baseline' }, ...lines]
    .map((l) => JSON.stringify(l)).join('\n'));
  const changes = await readLitellmChanges(file, 'changes.jsonl', {}, []);
  const lambda = offer({ source: 'litellm', provider: 'lambda_ai', provider_model_id: 'qwen3-32b-fp8', as_of: '2026-07-24', input: 0.05 });
  const setOn = setDates(changes);
  assert.equal(setOn(lambda, 'input'), '2025-07-23');
  assert.equal(setOn(lambda, 'output'), '2025-07-23');
  const vertex = offer({ source: 'litellm', provider: 'google-vertex', provider_model_id: 'claude-opus-4-5', as_of: '2026-07-24', input: 5 });
  assert.equal(setOn(vertex, 'input'), '2025-11-25');
  // A listing the history never touched was set before it began: no set day is claimed (the evidence date is a bound).
  assert.equal(setOn(offer({ source: 'litellm', provider: 'acme', provider_model_id: 'old', as_of: '2026-07-24' }), 'input'), undefined);
  // Read in a snapshot before the re-addition, the figure is the one set on 2025-07-21.
  assert.equal(setOn({ ...lambda, as_of: '2025-07-21' }, 'input'), '2025-07-21');
  // genai-prices: the day its adapter placed the figure in its history, apart from a later check (`as_of`).
  // (A reading as the adapter gives it: the figure placed on 2025-08-08, checked on 2025-11-13.)
  const genai = offer({ source: 'genai-prices-npm', provider: 'openai', provider_model_id: 'gpt-5-nano', as_of: '2026-09-23',
    price_dates: { input: { as_of: '2025-11-13', set_on: '2025-08-08' } } });
  assert.equal(setOn(genai, 'input'), '2025-08-08');
  assert.equal(setOn(genai, 'output'), undefined);
});

test('OpenRouter\'s Llama 3.2 1B: a later sync run that left models.dev\'s 0.027/0.201 alone outdates genai-prices\' carried-over 0.005/0.01', () => {
  // Worked by hand from /work/shared/data sources, models.dev field-changes-from-git.jsonl and genai-prices
  // price-changes-from-git.jsonl:
  // - models.dev providers/openrouter/models/meta-llama/llama-3.2-1b-instruct.toml: added 2026-05-15 (c2c5cc8f21) at
  //   0.027/0.2, cost.output 0.2 -> 0.201 on 2026-05-18 (d65a862533); the 2026-07-02 snapshot still reads 0.027/0.201.
  // - models.dev's OpenRouter sync runs ("chore(sync): update OpenRouter model catalog") removed dropped listings
  //   (e73a82e44e, 2026-05-31, codellama-7b-instruct-solidity among 11), changed prices (0f8ecfe2a8, 2026-06-30,
  //   glm-5.1 input 0.98 -> 0.975) and left this file alone to the last run before the snapshot, 2026-06-30.
  // - genai-prices: meta-llama/llama-3.2-1b-instruct 0.01/0.01 -> 0.005/0.01 on 2026-06-15 (cee9e74c11), the commit
  //   that removed its unprefixed llama-3.2-1b-instruct listing of 0.005/0.01 (set 2025-06-22): a carry-over.
  // Evidence: models.dev 2026-06-30 (the run) > genai-prices 2026-06-15, so 0.027 and 0.201 are served; before the
  // rule models.dev's set days (2026-05-15, 2026-05-18) lost to 2026-06-15 and 0.005/0.01 were served.
  const run = (date: string, field: string, x: Partial<CatalogueChange> = {}) => change({ source: 'models-dev', date, provider: 'openrouter',
    subject: 'chore(sync): update OpenRouter model catalog', change: 'changed', field, source_model_id: 'openrouter/z-ai/glm-5.1', ...x });
  const changes = [
    change({ source: 'models-dev', date: '2026-05-15', provider: 'openrouter', provider_model_id: 'meta-llama/llama-3.2-1b-instruct',
      source_model_id: 'openrouter/meta-llama/llama-3.2-1b-instruct', change: 'added', field: 'offered', subject: 'add sync script for openrouter, sync openrouter models' }),
    change({ source: 'models-dev', date: '2026-05-18', provider: 'openrouter', provider_model_id: 'meta-llama/llama-3.2-1b-instruct',
      source_model_id: 'openrouter/meta-llama/llama-3.2-1b-instruct', change: 'changed', field: 'output', subject: 'sync: centralize aggregator model updates' }),
    run('2026-05-31', 'offered', { change: 'removed', source_model_id: 'openrouter/alfredpros/codellama-7b-instruct-solidity' }),
    run('2026-06-30', 'input'),
  ];
  const evidence = evidenceDates(changes);
  const modelsDev = offer({ source: 'models-dev', provider: 'openrouter', provider_model_id: 'meta-llama/llama-3.2-1b-instruct',
    as_of: '2026-07-02', input: 0.027, output: 0.201 });
  const genai = offer({ source: 'genai-prices', provider: 'openrouter', provider_model_id: 'meta-llama/llama-3.2-1b-instruct',
    as_of: '2026-06-15', input: 0.005, output: 0.01 });
  assert.equal(evidence(modelsDev, 'input'), '2026-06-30');
  assert.equal(evidence(modelsDev, 'output'), '2026-06-30');
  // 0.201 and 0.01 are 20.1x apart: two readings alone would hold each other back, so the output is weighed against
  // the model's other offers, as the build does. Their served outputs in data/dataset/offers.json before this rule
  // (0 left out): 0.01 0.02 0.04 0.08 0.1 0.1 0.1 0.1 0.1 0.1 0.13 0.2 0.2 0.201, median (0.1 + 0.1) / 2 = 0.1;
  // 0.201 is 2.01x above it, 0.01 10x below: neither is an outlier.
  for (const [field, want, other, reference] of [['input', 0.027, 0.005, undefined], ['output', 0.201, 0.01, 0.1]] as const) {
    const readings = [modelsDev, genai].map((o) => ({ value: o[field]!, source: o.source, as_of: o.as_of, evidence: evidence(o, field) }));
    const chosen = choosePrice(readings, reference).fact!;
    assert.deepEqual([chosen.value, chosen.source], [want, 'models-dev']);
    assert.deepEqual(chosen.conflicts?.map((c) => [c.source, c.value]), [['genai-prices', other]]);
  }
  // The set day still stands where no run qualifies: runs that never removed a listing (Baseten's), or that never
  // changed a price (Google's API gives none), re-read nothing the reading can lean on.
  const baseten = evidenceDates([
    change({ source: 'models-dev', date: '2026-06-01', provider: 'baseten', source_model_id: 'baseten/m', provider_model_id: 'm', change: 'added', field: 'offered' }),
    change({ source: 'models-dev', date: '2026-06-26', provider: 'baseten', source_model_id: 'baseten/x', provider_model_id: 'x', change: 'changed',
      field: 'input', subject: 'chore(sync): update Baseten model catalog' }),
  ]);
  assert.equal(baseten(offer({ source: 'models-dev', provider: 'baseten', provider_model_id: 'm', as_of: '2026-07-02' }), 'input'), '2026-06-01');
  const google = evidenceDates([
    change({ source: 'models-dev', date: '2026-06-01', provider: 'google', source_model_id: 'google/m', provider_model_id: 'm', change: 'added', field: 'offered' }),
    change({ source: 'models-dev', date: '2026-06-19', provider: 'google', source_model_id: 'google/x', provider_model_id: 'x', change: 'removed',
      field: 'offered', subject: 'chore(sync): update Google model catalog' }),
  ]);
  assert.equal(google(offer({ source: 'models-dev', provider: 'google', provider_model_id: 'm', as_of: '2026-07-02' }), 'input'), '2026-06-01');
  // A run after the reading's own date is no evidence for it.
  assert.equal(evidence({ ...modelsDev, as_of: '2026-06-20' }, 'input'), '2026-05-31');
});
