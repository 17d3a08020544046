// The change feed and the model sheets agree on shutdowns: every listing the sheets call shut down has its withdrawal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { get_model_changes } from '../src/ops/get-model-changes.ts';
import type { ChangeEvent } from '../src/schema/index.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const asOf = ds.meta.data_as_of;

/** Days from a to b. */
const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

const withdrawals = new Map<string, ChangeEvent[]>();
for (const e of ds.changes) {
  if (e.kind !== 'hosting' || e.field !== 'offered' || e.old !== true || e.new !== false) continue;
  withdrawals.set(e.model_id, [...(withdrawals.get(e.model_id) ?? []), e]);
}

/**
 * The event of a withdrawal on `date`: dated that day, or up to 7 days before when a catalogue dropped the listing
 * first and the notice of the same withdrawal merged into it (one change, one event: build-changes.ts `dedupe`). A
 * service's event covers the listings of every provider id it was listed under (Azure's under `azure-cognitive-services`
 * too: one-hosting-event.ts).
 */
const eventOf = (modelId: string, date: string, provider?: string) =>
  (withdrawals.get(modelId) ?? [])
    .find((e) => (!provider || e.provider === provider || e.listed_under?.includes(provider)) && days(e.date, date) >= 0 && days(e.date, date) <= 7);

/** The day the sheets say an offer was shut down, on or before the data date, and whose date it is. */
function sheetShutdown(o: (typeof ds.offers)[number]): { date: string; own: boolean } | undefined {
  if (o.shutdown_date && o.shutdown_date.value <= asOf) return { date: o.shutdown_date.value, own: true };
  // An offer retired by its developer's date (past-shutdowns.ts) says so in its status note.
  const m = /^the developer retired the model: shut down on (\d{4}-\d\d-\d\d), on or before the dataset's date/.exec(o.status?.note ?? '');
  return m ? { date: m[1], own: false } : undefined;
}

test('every offer the sheets call shut down on or before the data date has its withdrawal in the feed', () => {
  const missing: string[] = [];
  let own = 0;
  let followed = 0;
  for (const o of ds.offers) {
    const s = sheetShutdown(o);
    if (!s) continue;
    if (s.own) {
      // The listing's own date (a provider's notice, LiteLLM's per-key date): an event at that provider.
      own++;
      if (!eventOf(o.model_id, s.date, o.provider)) missing.push(`${o.provider}/${o.provider_model_id} (${o.model_id}) ${s.date}`);
    } else {
      // No date of its own: it is retired because its developer stopped serving the model (a reseller of a closed model
      // forwards to the developer's API). The reason it has no event of its own is that one: the developer's withdrawal,
      // on the model's shutdown day, is the event.
      followed++;
      if (!eventOf(o.model_id, s.date)) missing.push(`${o.provider}/${o.provider_model_id} (${o.model_id}, developer's date) ${s.date}`);
    }
  }
  // On the 2026 snapshots: 208 offers with a date of their own and 553 following the developer's; before the feed took
  // shutdowns up to the data date, 230 of the 761 had no event (Anthropic's claude-opus-4-1 among them).
  assert.ok(own > 100 && followed > 300, `${own} own, ${followed} following`);
  assert.deepEqual(missing, []);
});

test('every model shut down on or before the data date has a withdrawal on that day', () => {
  const missing = ds.models
    .filter((m) => m.shutdown_date && m.shutdown_date.value <= asOf)
    .filter((m) => !eventOf(m.id, m.shutdown_date!.value))
    .map((m) => `${m.id} ${m.shutdown_date!.value}`);
  assert.deepEqual(missing, []);
});

test('no shutdown after the data date is in the feed as a withdrawal', () => {
  const ahead = ds.changes.filter((e) => e.kind === 'hosting' && e.field === 'offered' && e.new === false && e.date > asOf);
  assert.deepEqual(ahead.map((e) => `${e.model_id} ${e.provider} ${e.date}`), []);
});

test('Claude Opus 4.1: the sheet\'s shutdown of 2026-08-05 is in the feed, as the notice\'s schedule', () => {
  // deprecations.json row 141: Anthropic claude-opus-4-1-20250805, shutdown 2026-08-05, first and last observed
  // 2026-06-06; row 383: Azure claude-opus-4-1, shutdown 2026-08-05, first observed 2026-04-28, last 2026-06-13, which
  // also dates models.dev's azure-cognitive-services/claude-opus-4-1 (the same Azure service).
  const input = get_model_changes.input.parse({ model: 'claude-opus-4-1', kind: ['hosting'], until: '2026-08-05', days: 1, limit: 100 });
  const out = get_model_changes.handler(ds, input, { today: '2026-11-26' }) as { items: Array<Record<string, any>> };
  const rows = out.items.map((i) => [i.provider, i.listed_under ?? null, i.variant, i.old, i.new, i.as_of, i.source]).sort();
  // Azure's one notice retires the listings under both of its provider ids: one event of the service, not two.
  assert.deepEqual(rows, [
    ['anthropic', null, 'claude-opus-4-1-20250805', true, false, '2026-06-06', 'deprecations-rss'],
    ['azure', ['azure', 'azure-cognitive-services'], null, true, false, '2026-06-13', 'deprecations-rss'],
  ]);
  const anthropic = out.items.find((i) => i.provider === 'anthropic')!;
  assert.match(anthropic.subject,
    /^anthropic scheduled the shutdown of claude-opus-4-1-20250805 for 2026-08-05 \(announced by 2026-06-06, notice last read 2026-06-06/);
});
