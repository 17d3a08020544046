// Classifies the change feed's price events that move a price 3x or more (both sides above 0) by what the build says
// of them, and the ones it leaves as changes by what they look like, with counts and examples.
// Usage: npx tsx scripts/price-moves.ts [--list CLASS] [changes.json] (a review aid, not a check; docs/data.md, "Change events").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env.ts';
import type { ChangeEvent } from '../src/schema/index.ts';
import { translatePriceEventReviews } from '../src/sources/price-event-reviews.ts';

/** A move this many times or more, either way: the moves a reader questions first. */
const LARGE = 3;
/** One commit moving this many listings of one provider 3x or more rewrote the provider's catalogue (a new sync). */
const RESYNC = 5;

const args = process.argv.slice(2);
const li = args.indexOf('--list');
const list = li >= 0 ? args.splice(li, 2)[1] : undefined;
const file = args[0] ?? path.join(PROJECT_ROOT, 'data/dataset/changes.json');
const events = (JSON.parse(readFileSync(file, 'utf8')) as ChangeEvent[]).filter((e) => e.kind === 'price');
const num = (v: unknown): v is number => typeof v === 'number' && v > 0;
const factor = (e: ChangeEvent) => Math.max((e.old as number) / (e.new as number), (e.new as number) / (e.old as number));
const large = events.filter((e) => num(e.old) && num(e.new) && factor(e) >= LARGE);

/** The rule a correction's basis names (src/ingest/*), or the commit subject's word. */
function ruleOf(note: string | undefined): string {
  const rules: [RegExp, string][] = [
    [/^unit error/, 'unit error'], [/x and back: /, 'round trip'], [/^taken back within/, 'withdrawn and written again'],
    [/^reverted within/, 'reverted from 0'], [/^exchanged with/, 'fields exchanged'], [/price written as the cache/, 'cache price copied'],
    [/a placeholder, not/, 'placeholder'], [/launch price/, 'launch price fixed'], [/giving way to another/, 'listing renamed'],
    [/a catalogue keeping a retired listing/, 'retired listing'], [/^recorded late by /, 'recorded late (reviewed row: the provider dated the move)'],
    [/, read \d{4}-\d{2}-\d{2}\): the catalogue correcting itself/, 'reviewed row (data/curated/price-event-reviews.csv)'], [/one catalogue commit|^ends the /, 'bulk zeroing'],
  ];
  return note ? rules.find(([re]) => re.test(note))?.[1] ?? 'other rule' : 'commit subject';
}

/** The `change` rows of the reviewed table: moves a page shows to be real (a subject saying "update pricing" also reads false). */
const keptRows = translatePriceEventReviews(readFileSync(path.join(PROJECT_ROOT, 'data/curated/price-event-reviews.csv'), 'utf8'))
  .reviews.filter((r) => r.verdict === 'change');
const keptByReview = (e: ChangeEvent) => keptRows.some((r) => r.source === e.source && r.provider === e.provider && r.model_id === e.model_id
  && r.field === e.field && r.old === e.old && r.new === e.new && e.commit !== undefined && e.commit.startsWith(r.commit));

const resync = new Map<string, number>();
for (const e of large) {
  const k = `${e.source}|${e.commit}|${e.provider}`;
  if (e.commit) resync.set(k, (resync.get(k) ?? 0) + 1);
}
/** What an event left as a change looks like. */
function lookOf(e: ChangeEvent): string {
  if (e.source === 'price-event-reviews') return 'the provider\'s own dated move (reviewed late rows, data/curated/price-event-reviews.csv)';
  if (!e.commit) return 'scheduled by the source (start date)';
  if (keptByReview(e)) return 'reviewed row: a real move (data/curated/price-event-reviews.csv)';
  const laterRewritten = events.some((x) => x.correction_note?.startsWith('taken back') && x.model_id === e.model_id &&
    x.provider === e.provider && x.field === e.field && x.date > e.date && x.old === e.new);
  if (laterRewritten) return 'first move of one the catalogue withdrew and wrote again';
  const tens = Math.log10(factor(e));
  if (Math.abs(tens - Math.round(tens)) < 1e-9) return 'exactly a power of ten';
  if ((resync.get(`${e.source}|${e.commit}|${e.provider}`) ?? 0) >= RESYNC) return `one commit moving ${RESYNC}+ listings of the provider`;
  return 'a single move';
}

const classes = new Map<string, ChangeEvent[]>();
for (const e of large) {
  const k = e.correction === true ? `correction: ${ruleOf(e.correction_note)}` : `change: ${lookOf(e)}`;
  classes.set(k, [...(classes.get(k) ?? []), e]);
}
const line = (e: ChangeEvent) => `${e.date} ${e.provider ?? '-'} ${e.model_id} ${e.field} ${e.old} -> ${e.new} (${e.source}` +
  `${e.commit ? ` ${e.commit}` : ''})`;
const corr = large.filter((e) => e.correction === true).length;
console.log(`price events ${events.length}; ${LARGE}x or more ${large.length}: ${corr} corrections, ${large.length - corr} changes`);
for (const [k, es] of [...classes].sort((a, b) => a[0].localeCompare(b[0]))) {
  console.log(`${String(es.length).padStart(4)}  ${k}`);
  for (const e of list === undefined ? es.slice(0, 2) : k.includes(list) ? es : []) console.log(`        ${line(e)}`);
}
