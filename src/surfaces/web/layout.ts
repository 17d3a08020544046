// The page shell: head, navigation, footer with the data's date and the attribution; the pages' CSP.
import { ICON_PATH } from '../discovery/identity.ts';
import { html, type HtmlPart, type SafeHtml } from './escape.ts';
import { daysBetween, type Json } from './format.ts';

/** Self only: one stylesheet, one script, no inline script or style, no framing, forms post nowhere else. */
export const PAGE_CSP = "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; "
  + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export type PageMeta = {
  /** Date the data end (data_as_of of the answers). */
  dataAsOf: string;
  today: string;
  /** The attribution partial answers require, or null for full-tier answers. */
  attribution: string | null;
  /** The sources a partial answer drew on (named once, since its facts carry no source). */
  sources: ReadonlyArray<{ id: string; name: string; url: string | null }>;
};

export type Page = { status?: number; title: string; body: SafeHtml; meta: PageMeta };

const NAV: ReadonlyArray<readonly [string, string]> = [
  ['/', 'Home'],
  ['/recommend', 'Which model'],
  ['/podium', 'Podium'],
  ['/models', 'Models'],
  ['/compare', 'Compare'],
  ['/hardware', 'Can I run it'],
  ['/changes', 'Changes'],
  ['/docs', 'API docs'],
];

/** The sources an answer names (partial tier), deduplicated over the answers a page used. */
export function metaOf(today: string, answers: readonly Json[], dataAsOf?: string): PageMeta {
  const first = answers[0] ?? {};
  const sources = new Map<string, { id: string; name: string; url: string | null }>();
  for (const a of answers) for (const s of (a?.sources ?? []) as Array<PageMeta['sources'][number]>) sources.set(s.id, s);
  return { dataAsOf: first.data_as_of ?? dataAsOf ?? today, today, attribution: first.attribution ?? null, sources: [...sources.values()] };
}

function sourceLink(s: { name: string; url: string | null }): SafeHtml {
  return s.url && /^https?:\/\//.test(s.url) ? html`<a href="${s.url}" rel="nofollow">${s.name}</a>` : html`${s.name}`;
}

export function renderPage(p: Page, current: string): string {
  const age = daysBetween(p.meta.dataAsOf, p.meta.today);
  const nav = NAV.map(([href, label]) => html`<li><a href="${href}"${current === href ? html` aria-current="page"` : ''}>${label}</a>
</li>`);
  const doc = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${p.title} · Model Data Service</title>
<link rel="icon" href="${ICON_PATH}" type="image/svg+xml"><link rel="stylesheet" href="/assets/style.css">
<script src="/assets/app.js" defer></script></head>
<body><a class="skip" href="#main">Skip to content</a>
<header><a class="brand" href="/">Model Data Service</a><nav aria-label="Main"><ul>${nav}</ul></nav></header>
<main id="main">${p.body}</main>
<footer><p>Data as of <time datetime="${p.meta.dataAsOf}">${p.meta.dataAsOf}</time> (${age} ${age === 1 ? 'day' : 'days'} old).
Every fact is dated; hover a value for its date${p.meta.attribution ? ' (sources per fact with a pro key)' : ' and source'}.
The same answers as JSON: <a href="/api/v1">/api/v1</a> · <a href="/docs">API docs</a>.</p>
${p.meta.attribution && html`<p class="attribution">${p.meta.attribution}</p>`}
${p.meta.sources.length > 0 && html`<details><summary>Sources of this page (${p.meta.sources.length})</summary>
<ul class="sources">${p.meta.sources.map((s) => html`<li>${sourceLink(s)}</li>`)}</ul></details>`}
</footer></body></html>`;
  return doc.value;
}

/** A labelled section with a heading id for in-page links. */
export function section(id: string, title: string, ...content: HtmlPart[]): SafeHtml {
  return html`<section aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${content}</section>`;
}
