// `/models`: the catalogue searched by text, as a table linking to each sheet.
import { html } from '../escape.ts';
import { fact, num, released, tokens, usd, yesNo } from '../format.ts';
import { one, type PageHandler } from '../context.ts';
import { modelLink, rating } from './shared.ts';

export const searchPage: PageHandler = (ctx, _params, q) => {
  const text = one(q, 'q');
  const r = ctx.run('search_models', { q: text, cursor: one(q, 'cursor'), limit: '25' });
  const next = r.page.next_cursor as string | null;
  const rows = (r.items as Array<Record<string, any>>).map((m) => html`<tr><td>${modelLink(m)}</td><td>${m.vendor_name}</td>
<td>${released(m.release_date)}</td><td>${fact(m.open_weights, yesNo)}</td><td class="num">${fact(m.context_window, tokens)}</td>
<td class="num">${rating(m.overall_rating)}</td>
<td class="num">${m.cheapest_offer ? usd(m.cheapest_offer.blended_price?.value) : '—'}</td></tr>`);
  const body = html`<h1>${text ? html`Models matching “${text}”` : 'Models by arena rating'}</h1>
<form class="search" action="/models" method="get" role="search"><label for="q">Find a model</label>
<input id="q" name="q" type="search" value="${text ?? ''}" maxlength="200"><button>Search</button></form>
<p class="small">${num(r.page.total)} models${text ? '' : ', best rated first'}.</p>
<div class="scroll"><table class="sortable"><caption>Search results</caption><thead><tr><th scope="col">Model</th>
<th scope="col">Vendor</th><th scope="col">Released</th>
<th scope="col">Open weights</th><th scope="col">Context</th><th scope="col">Arena rating</th>
<th scope="col">Cheapest (USD / 1M, blended)</th></tr></thead>
<tbody>${rows}</tbody></table></div>
${next && html`<p><a rel="next" href="/models?${new URLSearchParams({ ...(text ? { q: text } : {}), cursor: next }).toString()}">Next
page</a></p>`}`;
  return { title: text ? `Search: ${text}` : 'Models', body };
};
