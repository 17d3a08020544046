// keep=no-training and keep=no-retention on API offers: an offer qualifies when its provider's own page, read and
// quoted in the providers table, says the API data is not used to train (not retained) by default.
import type { Dataset } from '../dataset/dataset.ts';
import type { Fact, Model, Offer, Provider } from '../schema/index.ts';
import { frontierOf, frontierOfModel, NONE, type Frontier } from './offer-frontier.ts';
import { offerServes, offerServesTools } from './offer-context.ts';
import { isShutDownOffer } from './offer-lifecycle.ts';
import { perDataset } from './per-dataset.ts';
import type { Keep } from './vocabulary.ts';
import type { Plan } from './recommend-plan.ts';

/** The keep values a provider's terms can meet (DESIGN.md section 6: else only a self-hosting path satisfies them). */
export const TERMS_KEEP = ['no-training', 'no-retention'] as const satisfies readonly Keep[];
export type TermsKeep = (typeof TERMS_KEEP)[number];

const FIELD = { 'no-training': 'no_training', 'no-retention': 'no_retention' } as const;

export function isTermsKeep(k: Keep): k is TermsKeep {
  return (TERMS_KEEP as readonly Keep[]).includes(k);
}

/** The provider's terms fact for a constraint; undefined where no page was read (unknown). */
export function termsFact(p: Provider | undefined, k: TermsKeep): Fact<'yes' | 'condition' | 'no' | 'unknown'> | undefined {
  return p?.[FIELD[k]];
}

/**
 * Whether the offer's provider meets the constraint by default: `yes` on its own quoted page, for this model's developer
 * where the page covers only some developers' models (terms_only_for). A `condition` (an opt-out, an approved
 * zero-retention agreement) is shown, never counted: the caller would have to arrange it, and nothing says they have.
 */
export function offerMeetsTerms(ds: Dataset, offer: Pick<Offer, 'provider'>, model: Pick<Model, 'vendor'>, k: TermsKeep): boolean {
  const p = ds.providerById.get(offer.provider);
  const f = termsFact(p, k);
  if (f?.value !== 'yes' || !f.evidence_page?.quote) return false;
  return p!.terms_only_for === undefined || p!.terms_only_for.includes(model.vendor);
}

/**
 * The provider's terms fact for a constraint as it applies to this offer: the fact where its page covers the model's
 * developer; null where no page was read, or the page covers other developers' models only (not established here).
 */
export function offerTermsFact(ds: Dataset, offer: Pick<Offer, 'provider'>, model: Pick<Model, 'vendor'>, k: TermsKeep): Fact<'yes' | 'condition' | 'no' | 'unknown'> | null {
  const p = ds.providerById.get(offer.provider);
  const f = termsFact(p, k);
  if (!f) return null;
  return p!.terms_only_for === undefined || p!.terms_only_for.includes(model.vendor) ? f : null;
}

export function offerMeetsAll(ds: Dataset, offer: Offer, model: Model, terms: readonly TermsKeep[]): boolean {
  return terms.every((k) => offerMeetsTerms(ds, offer, model, k));
}

/**
 * Frontiers kept per dataset, bounded as offer-context.ts bounds its own: by the constraints and tool calling (bits),
 * then the size (-1: any), then the model's id. The terms step asks for every model of the catalogue on each ask: a
 * key string per model (its id, the constraints joined, the size) made some 70 KB of strings an ask, kept or not.
 */
const MAX_KEPT = 4096;
type Kept = { count: number; byAsk: Map<number, Map<string, Frontier>>[] };
const kept = perDataset((): Kept => ({ count: 0, byAsk: [] }));

/** The constraints and tool calling as bits: a frontier depends on which, not on their order. */
function askBits(terms: readonly TermsKeep[], tools: boolean): number {
  let bits = tools ? 1 : 0;
  for (let i = 0; i < terms.length; i++) bits |= terms[i] === 'no-training' ? 2 : 4;
  return bits;
}

/**
 * The model's offer frontier restricted to offers whose provider meets every constraint in `terms` and that serve
 * `tokens` (undefined: any size) and, with `tools`, tool calling: what its cheapest offer under those keep values is
 * chosen from, with the EU and first-party filters of any frontier.
 */
export function frontierMeetingTerms(
  ds: Dataset, model: Model, terms: readonly TermsKeep[], tokens: number | undefined, tools: boolean,
): Frontier {
  const k = kept(ds);
  const bits = askBits(terms, tools);
  const size = tokens ?? -1;
  let f = k.byAsk[bits]?.get(size)?.get(model.id);
  if (!f) {
    if (k.count >= MAX_KEPT) {
      k.byAsk = [];
      k.count = 0;
    }
    f = frontierMadeMeetingTerms(ds, model, terms, tokens, tools);
    const bySize = (k.byAsk[bits] ??= new Map());
    let byModel = bySize.get(size);
    if (!byModel) bySize.set(size, (byModel = new Map()));
    byModel.set(model.id, f);
    k.count++;
  }
  return f;
}

/**
 * frontierMeetingTerms' frontier when not kept. Apart from it, so that the kept path allocates nothing: a function
 * whose inner closure reads its parameters makes a context for them on every call, closure made or not (some 70
 * bytes a call, and an ask reads the whole catalogue).
 */
function frontierMadeMeetingTerms(
  ds: Dataset, model: Model, terms: readonly TermsKeep[], tokens: number | undefined, tools: boolean,
): Frontier {
  const all = ds.offersByModel.get(model.id) ?? [];
  const offers = all.filter((o) => offerMeetsAll(ds, o, model, terms)
    && (tokens === undefined || offerServes(o, model, tokens)) && (!tools || offerServesTools(o)));
  // No offer kept, or every one: the frontier is the empty one or the model's own (the same figures, read from the
  // same list), not made again; most models are one or the other.
  return offers.length === 0 ? NONE : offers.length === all.length ? frontierOfModel(ds, model.id) : frontierOf(offers, ds.lifecycleDate, ds.meta.data_as_of);
}

/**
 * Per dataset and constraints: the providers (by name, sorted) with an offer still served whose own terms meet them all;
 * empty where none has (then the old rule stands: only self-hosting satisfies them).
 */
const meeting = perDataset(() => new Map<string, readonly string[]>());

export function providersWithOffersMeeting(ds: Dataset, terms: readonly TermsKeep[]): readonly string[] {
  const cache = meeting(ds);
  const key = terms.join(',');
  let v = cache.get(key);
  if (v === undefined) {
    const ids = new Set<string>();
    for (const m of ds.models) {
      for (const o of ds.offersByModel.get(m.id) ?? []) {
        if (!ids.has(o.provider) && !isShutDownOffer(o, ds.lifecycleDate) && offerMeetsAll(ds, o, m, terms)) ids.add(o.provider);
      }
    }
    v = Object.freeze([...ids].map((id) => ds.providerById.get(id)?.name ?? id).sort((a, b) => a.localeCompare(b)));
    cache.set(key, v);
  }
  return v;
}

/**
 * The sentences a pick served through an API offer carries, one per constraint: met in the provider's own words, with
 * the page and the day read, then the exceptions the page names. Partial answers keep the day only
 * (access/partial-text.ts, PARTIAL_TERMS), as they do of any evidence page.
 */
export function termsReasons(ds: Dataset, offer: Offer, terms: readonly TermsKeep[]): string[] {
  const p = ds.providerById.get(offer.provider);
  const name = p?.name ?? offer.provider;
  return terms.map((k) => {
    const f = termsFact(p, k)!;
    const page = f.evidence_page!;
    return `keep=${k}: ${name}'s own terms say "${page.quote}" (${page.url}, read ${page.read_on})${f.note ? `; ${f.note}` : ''}.`;
  });
}

/** What a provider's page must say of its API data for these keep values: `not used to train models and not retained`. */
export function termsWords(terms: readonly TermsKeep[]): string {
  return terms.map((k) => (k === 'no-training' ? 'not used to train models' : 'not retained')).join(' and ');
}

/** What keep=no-training / no-retention asked of API offers when some provider's own terms meet them, and who does. */
export function termsNote(plan: Pick<Plan, 'terms' | 'terms_by' | 'terms_providers'>): string {
  const names = plan.terms_providers;
  return `${plan.terms_by}: an API offer qualifies only where its provider's own page, quoted in the dataset, says API data is `
    + `${termsWords(plan.terms)} by default `
    + `(providers with such a page and an offer: ${names.join(', ')}); terms that hold only on request, on an opt-out or on an approved `
    + 'zero-data-retention agreement are shown in get_trust_profile but not counted, and a provider with no page read does not qualify. '
    + 'A page covering only some of a provider\'s listings counts for those alone (Azure\'s, for OpenAI\'s models). '
    + `Self-hosting meets ${plan.terms_by} too. The terms are the provider's statement, not an audit, and a data processing agreement is still yours to sign.`;
}

/** Where no provider's quoted terms meet what keep asks of the API offers the answer could show (`blockedBy`). */
export function noTermsNote(blockedBy: string): string {
  return `The dataset holds no evidence that any API offer meets ${blockedBy}, so only self-hosting satisfies it; API offers were `
    + 'not considered rather than assumed to comply. Only a provider whose own page, quoted in the dataset, says so by default '
    + 'can meet it, and no provider with an offer in the dataset has such a page for it.';
}
