// `/models`: the catalogue searched by text and filters, as a table linking to each sheet.
import { html, type SafeHtml } from '../escape.ts';
import { fact, num, released, tokens, usd, yesNo, type Json } from '../format.ts';
import { one, type PageHandler, type Query } from '../context.ts';
import { modelLink, rating } from './shared.ts';

/** The words for each order search_models applies (its `sort`), after "N models, ". */
const ORDER: Record<string, string> = {
  relevance: 'most relevant first', elo: 'best rated first', price: 'cheapest blended offer first',
  release_date: 'newest first', name: 'by name', benchmark: 'best published score first',
};

/** The query's parameters as pairs, repeated ones (`capability`) once per value, empty ones left out. */
function pairs(q: Query, leave: readonly string[]): Array<[string, string]> {
  return Object.entries(q).filter(([k]) => !leave.includes(k))
    .flatMap(([k, v]) => ([] as string[]).concat(v ?? []).filter((x) => x.trim() !== '').map((x): [string, string] => [k, x]));
}

/**
 * What released_after, a release-date order, undated models, the default kind or a price sort's old prices did to the
 * list, as the answer says it.
 */
function placementNotes(r: Json): SafeHtml[] {
  return [r.bounded, r.bounded_in_results, r.snapshot_bounded, r.undated, r.old_prices, r.other_kinds].filter(Boolean).map((n: Json) => html`<p class="small">${n.note}</p>`);
}

export const searchPage: PageHandler = (ctx, _params, q) => {
  const text = one(q, 'q');
  // Every parameter of GET /api/v1/models is the page's too, checked the same way (an unknown one is the same 400), so
  // that /models?open_weights=true&sort=price shows what the API answers for it; the page asks 25 at a time.
  const r = ctx.run('search_models', { limit: '25', ...q });
  const filters = pairs(q, ['q', 'cursor', 'limit']);
  const next = r.page.next_cursor as string | null;
  const scored = (r.items as Json[]).some((m) => m.benchmark);
  const rows = (r.items as Array<Record<string, any>>).map((m) => html`<tr><td>${modelLink(m)}</td><td>${m.vendor_name}</td>
<td>${released(m.release_date)}</td><td>${fact(m.open_weights, yesNo)}</td><td class="num">${fact(m.context_window, tokens)}</td>
<td class="num">${rating(m.overall_rating)}</td>${scored ? html`<td class="num">${m.benchmark ? num(m.benchmark.value.score, 1) : '—'}</td>` : ''}
<td class="num">${m.cheapest_offer ? usd(m.cheapest_offer.blended_price?.value) : '—'}</td></tr>`);
  const nextQuery = new URLSearchParams([...pairs(q, ['cursor']), ...(next ? [['cursor', next]] : [])]);
  const body = html`<h1>${text ? html`Models matching “${text}”` : 'Models'}</h1>
<form class="search" action="/models" method="get" role="search"><label for="q">Find a model</label>
<input id="q" name="q" type="search" value="${text ?? ''}" maxlength="200">${filters.map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}<button>Search</button></form>
${filters.length ? html`<p class="small">Filters: ${filters.map(([k, v]) => `${k}=${v}`).join(', ')} (<a href="/models${text ? `?${new URLSearchParams({ q: text })}` : ''}">clear</a>).</p>` : ''}
<p class="small">${num(r.page.total)} models, ${ORDER[r.sort] ?? r.sort}.</p>
${placementNotes(r)}
<div class="scroll"><table class="sortable"><caption>Search results</caption><thead><tr><th scope="col">Model</th>
<th scope="col">Vendor</th><th scope="col">Released</th>
<th scope="col">Open weights</th><th scope="col">Context</th><th scope="col">Arena rating</th>
${scored ? html`<th scope="col">Benchmark score</th>` : ''}<th scope="col">Cheapest (USD / 1M, blended)</th></tr></thead>
<tbody>${rows}</tbody></table></div>
${next && html`<p><a rel="next" href="/models?${nextQuery.toString()}">Next page</a></p>`}`;
  return { title: text ? `Search: ${text}` : 'Models', body };
};
