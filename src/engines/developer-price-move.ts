// A third party's price read before the developer changed its own, and equal to the developer's price before the change:
// a copy or relay of the old price, which the answer says rather than rank it as a current discount.
import type { Dataset } from '../dataset/dataset.ts';
import type { ChangeEvent, Offer } from '../schema/index.ts';
import { perDataset } from './per-dataset.ts';

type Move = Pick<ChangeEvent, 'date' | 'field' | 'old' | 'new' | 'provider'>;

/**
 * The developer's own input and output price changes per model (the change feed's price events at a first-party
 * listing, not corrections of a source's error), newest first: built once per dataset.
 */
const developerMoves = perDataset((ds) => {
  const byModel = new Map<string, Move[]>();
  for (const c of ds.changes) {
    if (c.kind !== 'price' || c.correction === true || (c.field !== 'input' && c.field !== 'output')) continue;
    if (!(ds.offersByModel.get(c.model_id) ?? []).some((o) => o.first_party && o.provider === c.provider)) continue;
    let list = byModel.get(c.model_id);
    if (!list) byModel.set(c.model_id, (list = []));
    list.push(c);
  }
  return byModel;
});

const usd = (v: unknown) => `$${String(v)}`;

/**
 * `its price equals DeepSeek's own before DeepSeek changed it on 2026-08-17 ($0.435 to $0.66 input, $0.87 to $1.98
 * output) and was read before that (2026-07-02): it may have followed since`, a clause for a detail or a note to carry,
 * for a listing not the developer's whose input and output prices (those it has) are each the `old` side of one
 * developer price change dated after the day the listing was read and by the data's date; empty otherwise. Three
 * resales of DeepSeek V4 Pro at $0.435/$0.87 read 2026-07-02, six weeks before DeepSeek's own rose to $0.66/$1.98:
 * their price is DeepSeek's old one, not a discount anyone was seen to offer after it. A host's own lower price
 * (CrofAI's $0.35/$0.80) equals no developer price and is left alone; so is a price another source also gives (it may
 * have read it later), and one the developer has returned to.
 */
export function followedDeveloperClause(ds: Dataset, o: Offer): string {
  if (o.first_party) return '';
  const moves = developerMoves(ds).get(o.model_id);
  if (!moves) return '';
  const said: Move[] = [];
  let read = '';
  const own = (ds.offersByModel.get(o.model_id) ?? []).filter((x) => x.first_party);
  for (const side of ['input', 'output'] as const) {
    const p = o.prices[side];
    if (!p) continue;
    // Another source listing the same price may have read it after the change: nothing is known to be old then.
    if (p.corroborated_by?.length) return '';
    const m = moves.find((c) => c.field === side && c.date > p.as_of && c.date <= ds.meta.data_as_of && c.old === p.value);
    // A move since undone (the developer's own listing is at this price again) leaves the resale at the current price.
    if (!m || own.some((x) => x.provider === m.provider && x.prices[side]?.value === p.value)) return '';
    said.push(m);
    if (p.as_of > read) read = p.as_of;
  }
  if (!said.length) return '';
  const day = said.map((m) => m.date).sort().at(-1)!;
  const developerName = ds.providerById.get(said[0]!.provider ?? '')?.name ?? said[0]!.provider;
  const moved = said.map((m) => `${usd(m.old)} to ${usd(m.new)} ${m.field}`).join(', ');
  return `its price equals ${developerName}'s own before ${developerName} changed it on ${day} (${moved}) and was read before`
    + ` that (${read}): it may have followed since`;
}

/** The same as a sentence of its own naming the seller, with a leading space (cheapest_for's item sentences). */
export function followedDeveloperWords(ds: Dataset, o: Offer, seller: string): string {
  const c = followedDeveloperClause(ds, o);
  return c ? ` ${seller}'s${c.slice(3)}.` : '';
}
