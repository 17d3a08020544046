// A developer's notice that writes a year in two digits (`gemini-2.5-flash-preview-09-25` for `…-09-2025`).
import type { ModelObservation, OfferObservation } from '../sources/types.ts';
import { NOTICE_SOURCES } from './lifecycle-dates.ts';
import { key0 } from './match-keys.ts';

/** The `-MM-20YY` spelling of an id with a `-MM-YY` tail (`-09-25` -> `-09-2025`), or undefined. */
export function noticeYearSpelling(id: string): string | undefined {
  const m = /^(.+-(?:0[1-9]|1[0-2]))-(2\d)$/.exec(id.trim());
  return m ? `${m[1]}-20${m[2]}` : undefined;
}

/**
 * Google's deprecation page names `gemini-2.5-flash-preview-09-25` (shut down 2026-02-17), which its API and every
 * catalogue list as `gemini-2.5-flash-preview-09-2025`. Read as a month and day, the snapshot rule takes the tail for
 * a date and gives the notice to GA gemini-2.5-flash. A notice's `-MM-YY` tail is read as `-MM-20YY` where a
 * listing or a catalogue spells the id so; the month-and-day reading stands otherwise
 * (`gemini-2.5-flash-preview-05-20`). Every step sees the listed id; `spellings` keeps the notice's own (short -> long)
 * so that it stays an alias of its model.
 */
export function readNoticeYears(models: readonly ModelObservation[], offers: readonly OfferObservation[]):
  { models: ModelObservation[]; spellings: Map<string, string> } {
  const listed = new Set<string>();
  for (const o of models) if (!NOTICE_SOURCES.has(o.source)) listed.add(key0(o.source_model_id));
  for (const o of offers) listed.add(key0(o.provider_model_id));
  const spellings = new Map<string, string>();
  const out = models.map((o) => {
    if (!NOTICE_SOURCES.has(o.source)) return o;
    const long = noticeYearSpelling(o.source_model_id);
    if (long === undefined || listed.has(key0(o.source_model_id)) || !listed.has(key0(long))) return o;
    spellings.set(o.source_model_id, long);
    return { ...o, source_model_id: long };
  });
  return { models: out, spellings };
}
