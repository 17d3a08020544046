// Fragments more than one page shows: a model link, a rating, a podium list, a changes list.
import { html, type SafeHtml } from '../escape.ts';
import { num, provenance, type Json } from '../format.ts';

export function modelLink(m: Json): SafeHtml {
  if (!m?.id) return html`—`;
  const name = typeof m.name === 'string' ? m.name : (m.name?.value ?? m.id);
  return html`<a href="/models/${encodeURIComponent(m.id)}">${name}</a>`;
}

/** A rating with its 95% interval and votes in the title. */
export function rating(r: Json): SafeHtml {
  if (!r || typeof r.rating !== 'number') return html`<span class="unknown">unrated</span>`;
  const title = `95% interval ${num(r.rating_lower)}–${num(r.rating_upper)}, ${num(r.votes)} votes, variant ${r.variant}; `
    + provenance(r);
  return html`<span class="fact" title="${title}">${num(r.rating)}</span>`;
}

/** The assumptions an estimate states, folded. */
export function assumptions(list: unknown): SafeHtml {
  const items = Array.isArray(list) ? list : [];
  const lines = items.map((a) => html`<li>${typeof a === 'string' ? a : JSON.stringify(a)}</li>`);
  return html`<details><summary>Assumptions</summary><ul>${lines}</ul></details>`;
}

export function podiumList(p: Json): SafeHtml {
  const places = (p.podium ?? []) as Json[];
  // The board's age, a place's announced shutdown and the models left out above the last place are part of the answer:
  // without them a stale board's top reads as today's best, and a reader cannot see why a higher-rated model is absent.
  const notice = p.notice ? html`<p class="notice">${p.notice}</p>` : null;
  if (!places.length) return html`${notice}<p>No rated model in this board.</p>${leftOut(p.left_out)}`;
  return html`${notice}<ol class="podium">${places.map((e) => html`<li><span class="place">${e.place}</span> ${modelLink(e.model)}
<span class="vendor">${e.model.vendor_name}</span> ${rating(e.rating)}${e.statistical_tie ? html` <small class="tie"
title="${p.tie_rule}">statistical tie</small>` : ''}${e.lifecycle_note ? html` <small class="lifecycle">${e.lifecycle_note}</small>` : ''}</li>`)}</ol>
<p class="small">${p.leaderboard} · ${p.category} · as of <time>${p.as_of}</time> · ${num(p.rated_models)} rated models</p>
${leftOut(p.left_out)}`;
}

/** The models rated above the podium's last place and left out, each with its rank and the operation's reason. */
function leftOut(list: unknown): SafeHtml | null {
  const items = Array.isArray(list) ? (list as Json[]) : [];
  if (!items.length) return null;
  return html`<p class="small">Left out (rated above the last place shown):</p>
<ul class="left-out small">${items.map((e) => html`<li>rank ${num(e.rank)} ${modelLink(e.model)} ${rating(e.rating)}: ${e.reason}</li>`)}</ul>`;
}

const KIND_WORD: Record<string, string> = { price: 'Price', elo: 'Rating', licence: 'Licence', hosting: 'Hosting' };

/**
 * One change. Its `subject` says what dates it (a listing seen between two copies and dated by the later one, a
 * scheduled price change, a rename, the source's own commit): without it a date that is only an upper bound reads as
 * the day of the change.
 */
function changeLine(c: Json): SafeHtml {
  const where = c.provider_name ?? c.leaderboard ?? '';
  const from = c.old === null || c.old === undefined ? '' : typeof c.old === 'object' ? JSON.stringify(c.old) : String(c.old);
  const to = c.new === null || c.new === undefined ? '' : typeof c.new === 'object' ? JSON.stringify(c.new) : String(c.new);
  return html`<li class="change ${c.kind}"><span class="kind">${KIND_WORD[c.kind] ?? c.kind}</span> ${modelLink(c.model)}
${where && html`<span class="where">${where}</span>`} ${c.field && html`<code>${c.field}</code>`}
${from && html`<del>${from}</del> → `}<ins>${to || 'removed'}</ins>${c.correction ? html` <small>(correction)</small>` : ''}
${c.subject && html`<br><small class="basis">${c.subject}</small>`}</li>`;
}

/** Changes grouped by date, newest first (the operation's order). */
export function changesTimeline(items: readonly Json[]): SafeHtml {
  if (!items.length) return html`<p>No change in this window.</p>`;
  const byDate = new Map<string, Json[]>();
  for (const c of items) byDate.set(c.date, [...(byDate.get(c.date) ?? []), c]);
  return html`<ol class="timeline">${[...byDate].map(([date, cs]) => html`<li><h3><time datetime="${date}">${date}</time></h3>
<ul>${cs.map(changeLine)}</ul></li>`)}</ol>`;
}

