// The providers table's terms columns: what each provider's own page says of training with and retaining API data.
import { z } from 'zod';
import { DataTerms, IsoDate } from '../schema/index.ts';
import type { TermsObservation } from './types.ts';

const blank = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : s.trim());
const text = z.string().optional().transform(blank);

// Blank is unknown: no page read says; it is never read as yes or no.
const value = z.union([z.literal(''), DataTerms]).optional().transform((s) => (s ? s : undefined));
const url = text.pipe(z.url().optional());
const day = text.pipe(IsoDate.optional());

export const TERMS_KEYS = ['no_training', 'no_retention'] as const;
export type TermsKey = (typeof TERMS_KEYS)[number];

/** The terms columns of a providers row: per constraint value, page, quote, day read, note; and the developers covered. */
export const termsShape = {
  no_training: value, no_training_url: url, no_training_quote: text, no_training_read_on: day, no_training_note: text,
  no_retention: value, no_retention_url: url, no_retention_quote: text, no_retention_read_on: day, no_retention_note: text,
  // Semicolon-separated developer ids (`openai`): the listings the pages cover where they cover only some.
  terms_only_for: text.transform((s) => (s ? s.split(';').map((x) => x.trim()).filter(Boolean) : undefined)),
};

type Row = Record<string, unknown>;

/**
 * Why a row's terms columns cannot be served, or null: a page goes with its quote and day read, and a value other than
 * unknown rests on a quoted page (a `yes` above all: an unsourced no-training claim would let patient data through).
 */
export function termsProblem(r: Row): { path: string; message: string } | null {
  for (const k of TERMS_KEYS) {
    const parts = [r[`${k}_url`], r[`${k}_quote`], r[`${k}_read_on`]].map((x) => x === undefined);
    if (parts.some((x) => x !== parts[0])) return { path: `${k}_quote`, message: `${k}_url, ${k}_quote and ${k}_read_on go together` };
    const v = r[k];
    if (v !== undefined && v !== 'unknown' && parts[0]) return { path: `${k}_quote`, message: `${k} ${String(v)} needs the provider's page that says so (${k}_url, ${k}_quote, ${k}_read_on)` };
  }
  return null;
}

/** One constraint's observation from a validated row; undefined where the row says nothing of it. */
function observationOf(r: Row, k: TermsKey): TermsObservation | undefined {
  const value = r[k] as TermsObservation['value'] | undefined;
  const note = r[`${k}_note`] as string | undefined;
  const url = r[`${k}_url`] as string | undefined;
  if (value === undefined && note === undefined) return undefined;
  return {
    value: value ?? 'unknown',
    ...(url ? { page: { url, quote: r[`${k}_quote`] as string, read_on: r[`${k}_read_on`] as string } } : {}),
    ...(note ? { note } : {}),
  };
}

/** The terms a providers row states, as ProviderObservation members. */
export function termsOf(r: Row): { no_training?: TermsObservation; no_retention?: TermsObservation; terms_only_for?: string[] } {
  const training = observationOf(r, 'no_training');
  const retention = observationOf(r, 'no_retention');
  const only = r.terms_only_for as string[] | undefined;
  return {
    ...(training ? { no_training: training } : {}),
    ...(retention ? { no_retention: retention } : {}),
    ...(only?.length ? { terms_only_for: only } : {}),
  };
}
