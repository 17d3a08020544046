// The sources table with each snapshot's age: how old the data behind every answer is, counted in whole UTC days.
import type { Dataset } from '../../dataset/dataset.ts';
import { daysBetween } from '../../schema/index.ts';

// The web pages count ages with the same rule (surfaces/web/format.ts re-exports it from here).
export { daysBetween };

/**
 * The body of GET /sources on `today`. The ages change once a day, so the answer (and its ETag) is the same all
 * day long and can be cached until the next UTC midnight.
 */
export function sourcesBody(dataset: Dataset, today: string) {
  const asOf = dataset.meta.data_as_of;
  return {
    data_as_of: asOf,
    today,
    data_age_days: daysBetween(asOf, today),
    sources: dataset.sources.map((s) => ({ ...s, age_days: daysBetween(s.retrieved, today) })),
  };
}

/** One prepared value per day: made on the first request of a UTC day, kept until the day changes. */
export function perDay<T>(make: (day: string) => T): (day: string) => T {
  let day = '';
  let value: T;
  return (d) => {
    if (d !== day) {
      value = make(d);
      day = d;
    }
    return value;
  };
}
