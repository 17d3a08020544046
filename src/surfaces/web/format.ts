// Small formatters the pages share: numbers, money, dated facts with their source in a hover title.
import { releaseWords } from '../../engines/release-bound.ts';
import { html, type SafeHtml } from './escape.ts';

/** The JSON bodies the pages read; fields are checked where they are used. */
export type Json = any;

export type Fact = {
  value: unknown; as_of?: string; source?: string; note?: string; derived_from?: unknown; bound?: 'on_or_before' | 'on_or_after';
} | null | undefined;

export function num(v: unknown, digits = 0): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  return v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

export function usd(v: unknown): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  const digits = v !== 0 && Math.abs(v) < 1 ? 4 : 2;
  return `$${v.toLocaleString('en-US', { maximumFractionDigits: digits })}`;
}

/**
 * A token count the way its developer quotes it. Windows come in two kinds: binary sizes (131,072 is "128K", 1,048,576
 * "1M": powers of two from the weights' config) and decimal ones (Anthropic's 200,000 is "200K", OpenAI's 400,000
 * "400K"). Dividing every figure by 1,024 wrote GPT-5's 400,000 as "391k" and Claude's 200,000 as "195k", figures no
 * page states; so a multiple of 1,000 is written in decimal units, a multiple of 1,024 in binary ones, and any other
 * figure in full (MiniMax-01's 1,000,192). A figure that is both is read as decimal.
 */
export function tokens(v: unknown): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  // Decimal first: 128,000 is also 125 x 1,024, and it is OpenAI's "128,000", not "125K".
  if (v >= 1000 && v % 1000 === 0) return v >= 1_000_000 ? `${num(v / 1_000_000, 3)}M` : `${num(v / 1000)}k`;
  if (v >= 1024 && v % 1024 === 0) return v >= 1_048_576 ? `${num(v / 1_048_576, 2)}M` : `${num(v / 1024)}k`;
  return num(v);
}

export function params(v: unknown): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  return v >= 1e9 ? `${num(v / 1e9, 1)}B` : `${num(v / 1e6, 0)}M`;
}

export function yesNo(v: unknown): string {
  return v === true ? 'yes' : v === false ? 'no' : '—';
}

/** Where a fact comes from, for its hover title: the date always, the source with a full-tier key. */
export function provenance(f: Fact): string {
  if (!f) return 'no source gives it';
  const parts: string[] = [];
  if (f.as_of) parts.push(`as of ${f.as_of}`);
  if (f.source) parts.push(`source: ${f.source}`);
  if (f.derived_from) parts.push('derived by this service');
  if (f.note) parts.push(f.note);
  return parts.join(' · ');
}

/** A fact's value, rendered by `show`, in a span whose title gives its date and source. */
export function fact(f: Fact, show: (v: Json) => string = (v) => String(v)): SafeHtml {
  if (!f || f.value === null || f.value === undefined) {
    return html`<span class="unknown" title="no source in the dataset gives it">unknown</span>`;
  }
  return html`<span class="fact" title="${provenance(f)}">${show(f.value)}</span>`;
}

/**
 * A release date in the API's words: a bound says which (`on or before 2026-09-23`, `on or after 2025-06-25`), never
 * shown as the day it is not; a day is the day.
 */
export function released(f: Fact): SafeHtml {
  return fact(f, (v) => releaseWords({ value: String(v), ...(f?.bound ? { bound: f.bound } : {}) }));
}

/** Whole UTC days between two dates: the same count as the sources' ages. */
export { daysBetween } from '../rest/source-ages.ts';
