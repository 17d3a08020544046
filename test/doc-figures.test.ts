// Counts that docs/data.md, the README and docs/hardware-and-cost.md state about the committed dataset hold in it: a
// rebuild that moves one fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { isDeprecatedModel, isShutDownOffer } from '../src/engines/offer-lifecycle.ts';
import { isFirstParty } from '../src/ingest/first-party.ts';
import { windowOnlyMaxOutput } from '../src/ingest/max-output.ts';
import { estimate_cost } from '../src/ops/estimate-cost.ts';
import { committedDataset } from './committed-dataset.ts';

// The doc wraps lines anywhere: read it as one line of single spaces.
const doc = readFileSync(path.join(PROJECT_ROOT, 'docs/data.md'), 'utf8').replace(/\s+/g, ' ');
const ds = committedDataset();
/** The same files judged on 2026-11-27, loaded once for the figures docs/data.md states on that day. */
let later: typeof ds | undefined;
const judgedLater = () => (later ??= committedDataset({ judgedOn: '2026-11-27' }));

function stated(re: RegExp): number[] {
  const m = re.exec(doc);
  assert.ok(m, `docs/data.md no longer states ${re}`);
  return m.slice(1).map(Number);
}

test('the number of deprecated models docs/data.md gives is the dataset\'s', () => {
  const [n] = stated(/it has (\d+) on 2026-\d{2}-\d{2} \(more notices and rules since/);
  assert.equal(ds.models.filter((m) => m.status?.value === 'deprecated').length, n);
});

test('the models and offers a passed shutdown date retires, as docs/data.md counts them, are the dataset\'s', () => {
  const [models, offers, own, past, firstParty, resold] = stated(
    /retires (\d+) models and (\d+) offers: (\d+) by their own dates, (\d+) past their model's \((\d+) first-party, (\d+) resellers'/,
  );
  // src/ingest/past-shutdowns.ts writes source `derived`; an offer retired by its model's date says "the developer retired".
  const derived = ds.offers.filter((o) => o.status?.value === 'deprecated' && o.status.source === 'derived');
  const byModel = derived.filter((o) => o.status!.note?.startsWith('the developer retired the model'));
  assert.equal(ds.models.filter((m) => m.status?.value === 'deprecated' && m.status.source === 'derived').length, models);
  assert.equal(derived.length, offers);
  assert.equal(derived.length - byModel.length, own);
  assert.equal(byModel.length, past);
  assert.equal(byModel.filter((o) => o.first_party).length, firstParty);
  assert.equal(byModel.filter((o) => !o.first_party).length, resold);
});

test('the price moves of 3x or more and the corrections among them, as docs/data.md counts them, are the dataset\'s', () => {
  const [thousands, units, large, , after] = stated(
    /Of the feed's (\d),(\d{3}) price events, (\d+) move a price 3x or more with both sides above 0; (\d+) of them were corrections before the four rules above and (\d+) after/,
  );
  const events = ds.changes.filter((e) => e.kind === 'price');
  const moves = events.filter((e) => typeof e.old === 'number' && typeof e.new === 'number' && e.old > 0 && e.new > 0 &&
    Math.max(e.old / e.new, e.new / e.old) >= 3);
  assert.equal(events.length, thousands * 1000 + units);
  assert.equal(moves.length, large);
  assert.equal(moves.filter((e) => e.correction === true).length, after);
});

test('the open-weights models without a licence, as docs/data.md counts them, are the dataset\'s', () => {
  // The count the doc's jq command gives: open_weights true and no licence fact.
  const [n] = stated(/(\d+) open-weights models of the committed dataset still carry no licence/);
  assert.equal(ds.models.filter((m) => m.open_weights?.value === true && m.licence === undefined).length, n);
});

test('the served models with a first-party offer and no release date, as docs/data.md counts them, are the dataset\'s', () => {
  // "N before the Google and Mistral rows that follow, A after (B and C judged on 2026-11-27)": A on the data's date, C
  // judged on 2026-11-27 (N and B counted the build before those rows).
  const [after, , afterLater] = stated(/\d+ before the Google and Mistral rows that follow, (\d+) after \((\d+) and (\d+) judged on 2026-11-27\)/);
  const count = (d: typeof ds) => d.models.filter((m) => !m.release_date && !isDeprecatedModel(m, d.lifecycleDate)
    && (d.offersByModel.get(m.id) ?? []).some((o) => isFirstParty(o.provider, m.vendor) && !isShutDownOffer(o, d.lifecycleDate))).length;
  assert.equal(count(ds), after);
  assert.equal(count(judgedLater()), afterLater);
});

test('the prices the regional rule holds back, and all held-back readings, as docs/data.md counts them, are the dataset\'s', () => {
  const [prices, offers] = stated(/On the 2026 snapshots the rule holds back (\d+) prices of (\d+) offer/);
  // src/ingest/regional-below-global.ts starts each of its reasons so.
  const byRule = ds.offers.filter((o) => o.held_back?.some((h) => h.reason.startsWith('regional listing priced below')));
  assert.equal(byRule.flatMap((o) => o.held_back!.filter((h) => h.reason.startsWith('regional listing priced below'))).length, prices);
  assert.equal(byRule.length, offers);
  const [all, inOffers] = stated(/in 3 offers: all held back, (\d+) in (\d+) \(/);
  assert.equal(ds.offers.flatMap((o) => o.held_back ?? []).length, all);
  assert.equal(ds.offers.filter((o) => o.held_back?.length).length, inOffers);
});

test('the readings the rule for closed models\' resales holds back, as docs/data.md counts them, are the dataset\'s', () => {
  const [readings, offers] = stated(/On the 2026 snapshots it holds back (\d+) readings in (\d+) offers, all QiHang's/);
  // src/ingest/closed-resale-below-developer.ts starts each of its reasons so.
  const mine = (h: { reason: string }) => h.reason.startsWith("a reseller's price of a closed model under");
  const byRule = ds.offers.filter((o) => o.held_back?.some(mine));
  assert.equal(byRule.flatMap((o) => o.held_back!.filter(mine)).length, readings);
  assert.equal(byRule.length, offers);
  assert.deepEqual([...new Set(byRule.map((o) => o.provider))], ['qihang-ai']);
});

test('the offers a pinned version\'s status sets, and the self-hosted offers still read active, as docs/data.md counts them', () => {
  const [hosted, vertex] = stated(/no longer read so \((\d+) offers, (\d+) Vertex AI\)/);
  // src/ingest/past-shutdowns.ts ends the note of a self-hosting provider's offer so.
  const reading = ds.offers.filter((o) => o.status?.note?.endsWith('this provider hosts the model itself and states no date'));
  assert.equal(reading.length, hosted);
  assert.equal(reading.filter((o) => o.provider === 'google-vertex').length, vertex);
  const [set] = stated(/On the 2026 snapshots this sets (\d+) offers: Vertex's/);
  // src/ingest/pinned-version-status.ts ends its notes with one of these two.
  assert.equal(ds.offers.filter((o) => /, (the only version this id pins there|the same listing at its \w+ SKU)$/.test(o.status?.note ?? '')).length, set);
});

test('the undated deprecations, served with a note or left out, as docs/data.md counts them, are the dataset\'s', () => {
  const [all, derived, modelsDev, served, genai, rss, vertex] = stated(
    /On the 2026 snapshots (\d+) offers are `deprecated` with no shutdown date \(\d+ before [^)]*\): (\d+) derived from their model's passed shutdown and (\d+) of models.dev's stay out; (\d+) are served with the note \((\d+) genai-prices: [^;]*; (\d+) deprecations-rss, Cohere's; (\d+) models.dev at Vertex AI\)/,
  );
  // An earliest day ("no earlier than", shutdown_not_before) is a date given: docs/data.md counts those apart.
  const undated = ds.offers.filter((o) => o.status?.value === 'deprecated' && o.shutdown_date === undefined && !o.shutdown_not_before);
  const out = undated.filter((o) => isShutDownOffer(o, ds.lifecycleDate));
  // src/ingest/past-shutdowns.ts starts the note of an offer served on such a status so (ANNOUNCED_UNDATED, EXISTING_CUSTOMERS_ONLY).
  const noted = undated.filter((o) => o.status!.note?.startsWith('deprecated with no shutdown date given: '));
  assert.equal(undated.length, all);
  assert.equal(out.filter((o) => o.status!.source === 'derived').length, derived);
  assert.equal(out.filter((o) => o.status!.source === 'models-dev').length, modelsDev);
  assert.equal(out.length, derived + modelsDev, 'nothing else is left out');
  assert.equal(undated.length - out.length, served);
  assert.equal(noted.length, served);
  assert.equal(noted.filter((o) => o.status!.source === 'genai-prices-npm').length, genai);
  assert.equal(noted.filter((o) => o.status!.source === 'deprecations-rss' && o.provider === 'cohere').length, rss);
  assert.equal(noted.filter((o) => o.status!.source === 'models-dev' && o.provider.startsWith('google-vertex')).length, vertex);
  const [closed, cohere, , open] = stated(/Of those \d+, (\d+) are sold to existing customers only \(Cohere's (\d+): command-light of genai-prices and (\d+) of deprecations-rss; the 11 at Vertex AI\) and (\d+) to any buyer/);
  // src/ingest/past-shutdowns.ts starts the note of an offer for existing customers only so (EXISTING_CUSTOMERS_ONLY).
  const existing = noted.filter((o) => o.status!.note!.startsWith('deprecated with no shutdown date given: available to existing customers only'));
  assert.equal(existing.length, closed);
  assert.equal(existing.filter((o) => o.provider === 'cohere').length, cohere);
  assert.equal(noted.length - existing.length, open);
  const [shut, , thousands, units] = stated(/(\d+) offers are shut down on the dataset's date \((\d+) before\), (\d),(\d{3}) judged on 2026-11-27/);
  assert.equal(ds.offers.filter((o) => isShutDownOffer(o, ds.lifecycleDate)).length, shut);
  const judged = judgedLater();
  assert.equal(judged.offers.filter((o) => isShutDownOffer(o, judged.lifecycleDate)).length, thousands * 1000 + units);
});

test('the number of hardware configurations the README and docs/hardware-and-cost.md give is the dataset\'s, in every place', () => {
  const flat = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8').replace(/\s+/g, ' ');
  const readme = flat('README.md');
  const cost = flat('docs/hardware-and-cost.md');
  // GET /api/v1/hardware lists every configuration of the dataset (page.total); each statement must be that count.
  const said = [
    ...[...readme.matchAll(/\| (\d+) hardware configurations \(/g), ...readme.matchAll(/each of the (\d+) catalogued configurations/g)].map((m) => ['README.md', m[1]]),
    ...[...cost.matchAll(/(\d+) configurations \(`GET \/api\/v1\/hardware`/g)].map((m) => ['docs/hardware-and-cost.md', m[1]]),
  ];
  assert.equal(said.length, 3, `expected three statements of the count, found ${said.length}`);
  for (const [file, n] of said) assert.equal(Number(n), ds.hardware.length, `${file} says ${n} configurations`);
});

test('the configurations without a compute figure, as docs/hardware-and-cost.md counts them, are the dataset\'s, in every place', () => {
  const cost = readFileSync(path.join(PROJECT_ROOT, 'docs/hardware-and-cost.md'), 'utf8').replace(/\s+/g, ' ');
  // Their prefill is null and estimate_cost counts their prompts at the decode rate: the doc lists them with reasons.
  const without = ds.hardware.filter((h) => h.compute_tflops === undefined).length;
  const said = [
    ...[...cost.matchAll(/desktops: (\d+) of the (\d+) configurations, \d+ before/g)].flatMap((m) => [[m[1], without], [m[2], ds.hardware.length]]),
    ...[...cost.matchAll(/Left without a figure \((\d+) configurations\)/g)].map((m) => [m[1], without]),
  ];
  assert.equal(said.length, 3, `expected three statements, found ${said.length}`);
  for (const [n, count] of said) assert.equal(Number(n), count, `docs/hardware-and-cost.md says ${n}`);
});

test('the reseller price docs/data.md quotes for Claude Sonnet 4.5 is Poe\'s listing, QiHang\'s held back', () => {
  const [input, output] = stated(/ranks Claude Sonnet 4\.5 16th at Poe's \$([\d.]+)\/\$([\d.]+), \$5\.20 blended against Anthropic's \$6/);
  // Poe's listing (models.dev, 2026-07-02): $2.6/$13; 0.75 x 2.6 + 0.25 x 13 = 5.20. QiHang's $0.43/$2.14 is held back.
  const poe = ds.offers.find((o) => o.model_id === 'claude-sonnet-4-5' && o.provider === 'poe');
  assert.deepEqual([poe?.prices.input?.value, poe?.prices.output?.value, poe?.held_back], [input, output, undefined]);
  const qihang = ds.offers.find((o) => o.model_id === 'claude-sonnet-4-5' && o.provider === 'qihang-ai');
  assert.ok(qihang?.held_back?.length && qihang.prices.input === undefined);
});

test('the max outputs that are only their window, as docs/data.md counts them, are the dataset\'s', () => {
  const [all, open, closed, unknown, litellm, modelsDev] = stated(
    /after the three rows (\d+) remain, noted, of which (\d+) open weights, (\d+) closed, (\d+) unknown; the figure came from LiteLLM for (\d+) of them, models\.dev for (\d+)/,
  );
  const noted = ds.models.filter((m) => windowOnlyMaxOutput(m));
  assert.equal(noted.length, all);
  assert.equal(noted.filter((m) => m.open_weights?.value === true).length, open);
  assert.equal(noted.filter((m) => m.open_weights?.value === false).length, closed);
  assert.equal(noted.filter((m) => m.open_weights === undefined).length, unknown);
  assert.equal(noted.filter((m) => m.max_output!.source === 'litellm').length, litellm);
  assert.equal(noted.filter((m) => m.max_output!.source === 'models-dev').length, modelsDev);
  // Each carries the note that says so (src/ingest/max-output.ts), so no reader takes the window for a cap.
  for (const m of noted) assert.match(m.max_output!.note!, /context window \(\d+\), not an output cap/, m.id);
});

test('the status counts over the catalogue docs/data.md gives are the dataset\'s', () => {
  const [total, active, scheduled, deprecated, beta, none] = stated(
    /of (\d+) models, (\d+) are `active` \((\d+) of them with a shutdown scheduled\), (\d+) `deprecated`, (\d+) `beta` and (\d+) have no status/,
  );
  const of = (v: string | undefined) => ds.models.filter((m) => m.status?.value === v).length;
  assert.deepEqual([ds.models.length, of('active'), of('deprecated'), of('beta'), of(undefined)], [total, active, deprecated, beta, none]);
  // The served note names a scheduled shutdown (src/ingest/model-status.ts), and such a model carries the date.
  const dated = ds.models.filter((m) => m.status?.value === 'active' && m.status.note?.includes('shutdown scheduled for'));
  assert.equal(dated.length, scheduled);
  assert.ok(dated.every((m) => m.shutdown_date !== undefined));
  // The open-weights model whose developer's API stopped serving it (docs/data.md, "deepseek-v3 has no status").
  const v3 = ds.models.find((m) => m.id === 'deepseek-v3')!;
  assert.equal(v3.status, undefined);
  const own = ds.offers.find((o) => o.model_id === 'deepseek-v3' && o.provider === 'deepseek')!;
  assert.deepEqual([own.status?.value, own.shutdown_date?.value], ['deprecated', '2025-08-21']);
});

test('the MLA batches docs/hardware-and-cost.md tables, one card\'s room over one sequence\'s latent, are estimate_cost\'s', () => {
  const cost = readFileSync(path.join(PROJECT_ROOT, 'docs/hardware-and-cost.md'), 'utf8');
  const section = cost.slice(cost.indexOf('### An MLA cache on tensor-parallel cards'), cost.indexOf('### One weights figure'));
  // | `kimi-k2.6`, `context=32768` | `h100-80gb-x8` INT4 | 16 -> 2 | 2,478.1 -> 1,065.9 |: the figures after the arrows.
  // A last figure "none": vLLM's memory budget leaves no room for one sequence, so estimate_cost has no option there.
  const rows = [...section.matchAll(/^\| `([\w.-]+)`(?:, `context=(\d+)`)? \| `([\w-]+)` [^|]*\| [^|]*-> (\d+|none) \| [^|]*-> ([\d,.]+|none) \|$/gm)];
  assert.equal(rows.length, 10, `expected ten rows, found ${rows.length}`);
  for (const [, model_id, context, hardware, batch, rate] of rows) {
    const input = { model_id, tokens_millions: 1000, hardware, ...(context ? { context: Number(context) } : {}) };
    const out = estimate_cost.handler(ds, estimate_cost.input.parse(input), { today: '2026-11-28' }) as Record<string, any>;
    const o = out.self_hosting.options?.[0] ?? out.self_hosting.owned_options?.[0];
    if (batch === 'none' || rate === 'none') {
      assert.deepEqual([batch, rate, o], ['none', 'none', undefined], `${model_id} on ${hardware}: no option`);
      continue;
    }
    assert.deepEqual([o.serving.batch, o.throughput_tokens_per_s], [Number(batch), Number(rate!.replace(/,/g, ''))], `${model_id} on ${hardware}`);
  }
});
