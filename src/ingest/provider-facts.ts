// A provider's facts read on its own page (EU residency, no-training and no-retention terms): each dated by the day
// that page was read, not by the table's review, with the page quoted; a fact with a note alone is dated by the review.
import type { Fact, Provider } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';
import type { ProviderObservation } from '../sources/types.ts';
import { canonicalSlug } from './match-keys.ts';

type Page = { url: string; quote: string; read_on: string };

/** The fact of a value read on `page` (or stated in `note` alone), from the table row `o`. */
export function pageFact<T>(value: T, page: Page | undefined, note: string | undefined, o: { as_of: string; source: string }): Fact<T> {
  return fact(value, page?.read_on ?? o.as_of, o.source, {
    ...(note ? { note } : {}),
    ...(page ? { evidence_page: { url: page.url, quote: page.quote, read_on: page.read_on } } : {}),
  });
}

/** The provider's quoted terms for keep=no-training and keep=no-retention, and the developers' models they cover. */
export function withTerms(p: Provider, o: ProviderObservation): void {
  for (const k of ['no_training', 'no_retention'] as const) {
    const t = o[k];
    if (t) p[k] = pageFact(t.value, t.page, t.note, o);
  }
  if (o.terms_only_for) p.terms_only_for = o.terms_only_for.map(canonicalSlug);
}
