// Contract: on the committed dataset, keep=no-training and keep=no-retention read each provider's own page as the
// providers table quotes it (data/curated/inference-providers.csv): a default is counted, a zero-retention mode, setting
// or agreement is a condition shown and never counted, and a page with named exceptions covers the other listings only.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import type { Dataset } from '../src/dataset/dataset.ts';
import { offerMeetsTerms, termsFact } from '../src/engines/offer-terms.ts';
import { committedDataset } from './committed-dataset.ts';

const noData = !existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json')) && 'no committed dataset';
let loaded: Dataset | undefined;
const committed = (): Dataset => (loaded ??= committedDataset());
const value = (ds: Dataset, provider: string, k: 'no-training' | 'no-retention') => termsFact(ds.providerById.get(provider), k)?.value;

test('zero retention that the customer must turn on or be granted is a condition, with its page read 2026-11-29', { skip: noData }, () => {
  const ds = committed();
  // Each page's words, read 2026-11-29: Groq "All customers may enable Zero Data Retention (ZDR) in Data Controls
  // settings"; Together "Unless your organization enables ZDR, Together stores the prompts you send"; Mistral "When ZDR
  // is enabled, Mistral does not store or log inputs and outputs"; Anthropic "Some enterprise API customers, subject to
  // Anthropic approval, may have arrangements under which Anthropic does not store their inputs or outputs"; Nebius
  // "you can opt out at any time by enabling the Zero Data Retention feature"; cortecs "Zero Data Retention (ZDR): Route
  // requests only to endpoints that do not retain data" (a setting); Regolo "A dedicated mode where inputs and outputs
  // are never stored".
  for (const p of ['groq', 'togetherai', 'mistral', 'anthropic', 'nebius', 'cortecs', 'regolo-ai']) {
    const f = termsFact(ds.providerById.get(p), 'no-retention');
    assert.equal(f?.value, 'condition', p);
    assert.equal(f?.evidence_page?.read_on, '2026-11-29', p);
    assert.ok(f?.evidence_page?.quote, p);
  }
  // A condition is never counted: a Groq or Together offer does not meet keep=no-retention.
  for (const p of ['groq', 'togetherai', 'mistral']) {
    const o = ds.offers.find((x) => x.provider === p)!;
    assert.equal(offerMeetsTerms(ds, o, ds.modelById.get(o.model_id)!, 'no-retention'), false, p);
  }
});

test('DeepInfra meets both for its own hosted models, not for the Google and Anthropic models its page excepts', { skip: noData }, () => {
  const ds = committed();
  // docs.deepinfra.com/account/data-privacy (read 2026-11-29): "We do not train on your data (except Google/Anthropic
  // model exceptions below)"; "we do not store the data you submit to our APIs on disk".
  assert.equal(value(ds, 'deepinfra', 'no-training'), 'yes');
  assert.equal(value(ds, 'deepinfra', 'no-retention'), 'yes');
  const offers = ds.offers.filter((o) => o.provider === 'deepinfra');
  const by = (vendor: string) => offers.filter((o) => ds.modelById.get(o.model_id)?.vendor === vendor);
  assert.ok(by('anthropic').length > 0 && by('alibaba').length > 0);
  for (const o of by('anthropic')) assert.equal(offerMeetsTerms(ds, o, ds.modelById.get(o.model_id)!, 'no-training'), false, o.model_id);
  for (const o of by('google')) assert.equal(offerMeetsTerms(ds, o, ds.modelById.get(o.model_id)!, 'no-retention'), false, o.model_id);
  for (const o of by('alibaba')) {
    const m = ds.modelById.get(o.model_id)!;
    assert.ok(offerMeetsTerms(ds, o, m, 'no-training') && offerMeetsTerms(ds, o, m, 'no-retention'), o.model_id);
  }
});

test('a page that does not name training leaves it unknown, whatever it says of retention', { skip: noData }, () => {
  const ds = committed();
  // Fireworks: "does not log or store prompt or generation data for open models" (retention yes), no page read on
  // training; Groq's training clause was not reached in the text read; Bedrock's sentence is read only in third parties'
  // copies; Berget has no page read at all.
  assert.deepEqual(['fireworks-ai', 'groq', 'amazon-bedrock', 'berget'].map((p) => value(ds, p, 'no-training') ?? 'unknown'),
    ['unknown', 'unknown', 'unknown', 'unknown']);
  assert.equal(value(ds, 'fireworks-ai', 'no-retention'), 'yes');
});

test('STACKIT collects no customer data but billing data, so neither trains on nor keeps it (its page read 2026-11-29)', { skip: noData }, () => {
  const ds = committed();
  // STACKIT's Model Serving service certificate: "When using the Model Serving Service, STACKIT does not collect or
  // evaluate any customer data other than billing-relevant data." Like Scaleway's "We do not collect, read, reuse, or
  // analyze the content", data never collected is neither trained on nor retained: both counted, from the same page.
  for (const k of ['no-training', 'no-retention'] as const) {
    const f = termsFact(ds.providerById.get('stackit'), k);
    assert.equal(f?.value, 'yes', k);
    assert.match(f?.evidence_page?.url ?? '', /^https:\/\/stackit\.de\/en\/general-terms-and-conditions\/service-certificates\//, k);
    assert.equal(f?.evidence_page?.read_on, '2026-11-29', k);
  }
  // Its residency is still unknown (the certificate names no place): an EU-only ask does not admit it on these terms.
  assert.equal(ds.providerById.get('stackit')?.eu_data_residency?.value ?? 'unknown', 'unknown');
});
