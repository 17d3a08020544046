// `/compare?models=a,b`: side by side, row by row, the best value of each row marked (the operation's `best`).
import { releaseWords } from '../../../engines/release-bound.ts';
import { html } from '../escape.ts';
import { num, tokens, usd, yesNo, type Json } from '../format.ts';
import { one, type PageHandler } from '../context.ts';
import { modelLink } from './shared.ts';

function show(field: string, v: unknown, bound?: 'on_or_before' | 'on_or_after'): string {
  if (v === null || v === undefined) return '—';
  // A bounded release reads as the model page reads it ("on or before 2026-09-23"), never as the day it is not.
  if (field === 'release_date') return releaseWords({ value: String(v), ...(bound ? { bound } : {}) });
  if (field.endsWith('_price')) return usd(v);
  if (field === 'context_window' || field === 'max_output') return tokens(v);
  if (field.endsWith('_rating')) return num(v);
  if (field === 'parameters') return `${num(Number(v) / 1e9, 1)}B`;
  if (typeof v === 'boolean') return yesNo(v);
  return String(v);
}

export const comparePage: PageHandler = (ctx, _p, q) => {
  const models = one(q, 'models');
  const form = html`<form class="filters" action="/compare" method="get"><label for="models">2 to 5 models, comma separated
<input id="models" name="models" value="${models ?? ''}" placeholder="gpt-4o, deepseek-v3" maxlength="600" required></label>
<button>Compare</button></form>`;
  if (!models || !models.includes(',')) {
    return { title: 'Compare', body: html`<h1>Compare models</h1>${form}<p>Name at least two models, e.g. <a
href="/compare?models=gpt-4o,deepseek-v3">gpt-4o, deepseek-v3</a>.</p>` };
  }
  const c = ctx.run('compare_models', { models });
  const ms = c.models as Json[];
  const rows = (c.rows as Json[]).map((r) => html`<tr><th scope="row" title="${r.rule}">${r.label}</th>${ms.map((m) => {
    const v = (r.values as Json[]).find((x) => x.model_id === m.id);
    const best = (r.best as string[]).includes(m.id);
    const title = [v?.as_of ? `as of ${v.as_of}` : '', v?.detail ?? '', best ? `best: ${r.rule}` : ''].filter(Boolean).join(' · ');
    return html`<td class="num${best ? ' best' : ''}" title="${title}">${show(r.field, v?.value, v?.bound)}${best ? html` <span
class="badge">best</span>` : ''}</td>`;
  })}</tr>`);
  const body = html`<h1>Compare</h1>${form}
<div class="scroll"><table><caption>Side by side (best value per row marked; hover for date and rule)</caption>
<thead><tr><th scope="col">Row</th>${ms.map((m) => html`<th scope="col">${modelLink(m)}</th>`)}</tr></thead><tbody>${rows}</tbody></table>
</div>`;
  return { title: `Compare ${ms.map((m) => m.name?.value ?? m.id).join(', ')}`, body };
};
