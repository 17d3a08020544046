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

/** 131072 -> 131k, 1048576 -> 1M (tokens). */
export function tokens(v: unknown): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  if (v >= 1_000_000) return `${num(v / 1_048_576, 1)}M`;
  if (v >= 1000) return `${num(v / 1024, 0)}k`;
  return String(v);
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
