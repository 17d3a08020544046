// `/changes`: a timeline of dated changes with filters (kind, model, vendor, window), as get_model_changes gives them.
import { html } from '../escape.ts';
import { num, type Json } from '../format.ts';
import { one, type PageHandler } from '../context.ts';
import { changesTimeline } from './shared.ts';

const KINDS = ['price', 'elo', 'licence', 'hosting'];

export const changesPage: PageHandler = (ctx, _p, q) => {
  const kinds = ([] as string[]).concat(q.kind ?? []).filter((k) => k !== '');
  const input = {
    kind: kinds.length ? kinds : undefined, model: one(q, 'model'), vendor: one(q, 'vendor'), days: one(q, 'days') ?? '30',
    cursor: one(q, 'cursor'), limit: '50',
  };
  // A person asking for "recent changes" means the newest the data hold: without `until`, the window ends there.
  let r: Json = ctx.run('get_model_changes', { ...input, until: one(q, 'until') });
  if (!one(q, 'until') && !r.items.length && r.latest_matching) r = ctx.run('get_model_changes', { ...input, until: r.latest_matching });
  const next = r.page.next_cursor as string | null;
  const nextQuery = new URLSearchParams();
  for (const k of kinds) nextQuery.append('kind', k);
  for (const k of ['model', 'vendor', 'days'] as const) if (input[k]) nextQuery.set(k, input[k]!);
  nextQuery.set('until', r.window.until);
  if (next) nextQuery.set('cursor', next);
  const body = html`<h1>Changes</h1>
<form class="filters" action="/changes" method="get"><fieldset><legend>Kind</legend>${KINDS.map((k) => html`<label>
<input type="checkbox" name="kind" value="${k}"${kinds.includes(k) ? html` checked` : ''}> ${k}</label>`)}</fieldset>
<label>Model <input name="model" value="${input.model ?? ''}" maxlength="200"></label>
<label>Vendor <input name="vendor" value="${input.vendor ?? ''}" maxlength="100"></label>
<label>Until <input name="until" type="date" value="${r.window.until}"></label>
<label>Days <input name="days" type="number" min="1" max="3650" value="${r.window.days}"></label>
<button>Filter</button></form>
${r.notice && html`<p class="small">${r.notice}</p>`}
<p class="small">${r.window.from} to ${r.window.until}: ${num(r.counts.total)} changes
(${Object.entries(r.counts.by_kind).map(([k, n]) => `${k} ${n}`).join(', ')}).</p>
${changesTimeline(r.items)}
${next && html`<p><a rel="next" href="/changes?${nextQuery.toString()}">Older changes</a></p>`}`;
  return { title: 'Changes', body };
};
