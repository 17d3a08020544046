// `/models/{id}`: the sheet for a person: dated facts, offers, rating history, benchmarks, trust, where it runs.
import { lineChart } from '../chart.ts';
import { html, raw, type SafeHtml } from '../escape.ts';
import { fact, num, params, provenance, released, tokens, usd, yesNo, type Json } from '../format.ts';
import type { PageHandler } from '../context.ts';
import { section } from '../layout.ts';
import { euOffersPhrase } from '../../eu-offers-phrase.ts';
import { rating } from './shared.ts';

function conflictNote(f: Json): SafeHtml | '' {
  const cs = (f?.conflicts ?? []) as Json[];
  if (!cs.length) return '';
  const t = cs.map((c) => `${c.source}: ${typeof c.value === 'object' ? JSON.stringify(c.value) : c.value}`).join('; ');
  return html` <mark class="conflict" title="${`sources disagree: ${t}`}">conflict</mark>`;
}

function price(f: Json): SafeHtml {
  if (!f || typeof f.value !== 'number') return html`<span class="unknown">—</span>`;
  return html`<span class="fact" title="${provenance(f)}" data-sort="${f.value}">${usd(f.value)}</span>${conflictNote(f)}`;
}

function offersTable(offers: Json[], full: boolean): SafeHtml {
  const rows = offers.map((o) => html`<tr${o.first_party ? html` class="first-party"` : ''}>
<td>${o.provider_name ?? o.provider}${o.first_party ? html` <strong class="badge">first party</strong>` : ''}</td>
<td><code>${o.provider_model_id}</code>${o.sku !== 'standard' ? html` <small>${o.sku}</small>` : ''}</td>
<td class="num">${price(o.prices?.input)}</td><td class="num">${price(o.prices?.output)}</td>
<td class="num" data-sort="${o.blended_price?.value ?? ''}">${usd(o.blended_price?.value)}</td><td>${fact(o.eu_resident)}</td></tr>`);
  return html`<p class="small">${offers.length} offers, USD per 1M tokens; blended at 3 input : 1 output. Click a column to sort.
${full ? 'Where sources disagree on a price, it is marked.' : 'Price conflicts between sources are shown with a pro key.'}</p>
<div class="scroll"><table class="sortable"><caption>Offers</caption><thead><tr><th scope="col">Provider</th><th scope="col">Model id</th>
<th scope="col">Input</th>
<th scope="col">Output</th><th scope="col">Blended</th><th scope="col">EU resident</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function ratingHistory(m: Json, history: Json): SafeHtml {
  const boards = new Map<string, Array<[number, number]>>();
  for (const c of history.items as Json[]) {
    if (typeof c.new !== 'number') continue;
    boards.set(c.leaderboard, [...(boards.get(c.leaderboard) ?? []), [Date.parse(c.date), c.new]]);
  }
  // The current overall rating of each board closes its line.
  for (const r of m.ratings as Json[]) {
    if (r.category !== 'overall' || !r.best) continue;
    boards.set(r.leaderboard, [...(boards.get(r.leaderboard) ?? []), [Date.parse(r.best.as_of), r.best.rating]]);
  }
  const series = [...boards].map(([board, pts], i) => ({ name: board, cls: `s${i % 4}`, points: pts.sort((a, b) => a[0] - b[0]) }));
  if (!series.length) return html`<p>No arena rating for this model.</p>`;
  const day = (v: number) => new Date(v).toISOString().slice(0, 7);
  const description = `Overall rating per leaderboard: ${series.map((s) => s.name).join(', ')}.`;
  const chart = lineChart({
    title: 'Arena rating over time', description, series, xLabel: 'date', yLabel: 'rating', formatX: day, formatY: (v) => num(v),
  });
  return html`${raw(chart)}
<ul class="legend">${series.map((s) => html`<li class="${s.cls}">${s.name}</li>`)}</ul>`;
}

function ratingsTable(ratings: Json[]): SafeHtml {
  const rows = ratings.map((r) => html`<tr><td>${r.leaderboard}</td><td>${r.category}</td><td class="num">${rating(r.best)}</td>
<td class="num">${num(r.rank)} / ${num(r.rated_models)}</td></tr>`);
  return html`<details><summary>All ${ratings.length} ratings by board and category</summary><div class="scroll"><table class="sortable">
<caption>Arena ratings</caption><thead><tr><th scope="col">Board</th><th scope="col">Category</th><th scope="col">Rating</th>
<th scope="col">Rank</th></tr></thead>
<tbody>${rows}</tbody></table></div></details>`;
}

function whereItRuns(cost: Json, id: string): SafeHtml {
  const sh = cost.self_hosting;
  if (!sh?.possible) return html`<p>Self-hosting: no. ${sh?.reason ?? ''}</p>`;
  const seen = new Set<string>();
  const configs = [...(sh.owned_options ?? []), ...(sh.options ?? [])]
    .filter((o: Json) => !seen.has(o.hardware_id) && seen.add(o.hardware_id)).slice(0, 8);
  return html`<p>Open weights: it runs on your own hardware. Configurations that fit (by cost at 100M tokens a month):</p>
<ul>${configs.map((o: Json) => html`<li><a href="/hardware/${encodeURIComponent(o.hardware_id)}">${o.hardware_name}</a> at
${o.quantization} (${o.fit})</li>`)}</ul>
<p><a href="/cost/${encodeURIComponent(id)}">Cost: API versus self-hosting</a></p>`;
}

function benchmarks(list: Json[]): SafeHtml {
  if (!list.length) return html`<p>No published benchmark score in the dataset.</p>`;
  return html`<ul>${list.map((b) => html`<li>${b.value.name}: ${fact(b, (v) => `${num(v.score, 1)} (${v.metric})`)}</li>`)}</ul>`;
}

export const modelPage: PageHandler = (ctx, p) => {
  const m = ctx.run('get_model', {}, { model_id: p.id! });
  const history = ctx.run('get_model_changes', { model: m.id, kind: 'elo', until: m.data_as_of, days: '3650', limit: '100' });
  const trust = ctx.run('get_trust_profile', {}, { model_id: m.id });
  const cost = ctx.run('estimate_cost', { tokens_millions: '100' }, { model_id: m.id });
  const name = m.name?.value ?? m.id;
  const capabilities = Object.entries(m.capabilities ?? {}).filter(([, f]) => (f as Json)?.value === true);
  const facts: Array<[string, SafeHtml]> = [
    ['Developer', html`${m.developer?.name ?? m.vendor} (${fact(m.developer?.country)})`],
    ['Released', released(m.release_date)],
    // The status as get_model gives it; the title holds its source and note ("the developer serves it ...").
    ['Status', html`${fact(m.status)}${m.shutdown_date ? html`, shutdown ${fact(m.shutdown_date)}` : ''}`],
    ['Open weights', fact(m.open_weights, yesNo)],
    ['Licence', fact(m.licence, (v) => (v.territory_exclusion
      ? `${v.name}; grants no rights in ${v.territory_exclusion.territories.join(', ')}: "${v.territory_exclusion.clause}"` : v.name))],
    ['Context window', fact(m.context_window, (v) => `${tokens(v)} tokens`)],
    ['Max output', fact(m.max_output, (v) => `${tokens(v)} tokens`)],
    ['Parameters', html`${fact(m.parameters_total, params)} total, ${fact(m.parameters_active, params)} active`],
    ['Knowledge cutoff', fact(m.knowledge_cutoff)],
    ['Input / output', fact(m.modalities, (v) => `${v.input.join(', ')} → ${v.output.join(', ')}`)],
    ['Capabilities', html`${capabilities.map(([k, f], i) => html`${i ? ', ' : ''}${fact(f as Json, () => k)}`)}`],
  ];
  const body = html`<h1>${name}</h1><p class="lead"><code>${m.id}</code> by ${m.developer?.name ?? m.vendor}.
<a href="/compare?models=${encodeURIComponent(m.id)}">Compare</a> · <a href="/cost/${encodeURIComponent(m.id)}">Cost</a> · <a
href="/trust/${encodeURIComponent(m.id)}">Trust</a> · <a href="/api/v1/models/${encodeURIComponent(m.id)}">JSON</a></p>
${section('facts', 'Facts', html`<dl class="facts">${facts.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
${(m.missing as Json[]).length > 0 && html`<p class="small">No source gives:
${(m.missing as Json[]).map((x) => x.field).join(', ')}.</p>`}`)}
${section('offers', 'Offers', offersTable(m.offers, ctx.full))}
${section('ratings', 'Rating history', ratingHistory(m, history), ratingsTable(m.ratings))}
${section('benchmarks', 'Benchmarks', benchmarks(m.benchmarks))}
${section('trust', 'Trust', html`<p>Trust Index <strong>${trust.trust_index ?? '—'}</strong> / 100 (${num(trust.counts?.met)} of
${num(trust.counts?.total)} criteria met, coverage ${num((trust.coverage ?? 0) * 100)}%).
EU Code of Practice: ${fact(trust.compliance?.eu_code, (v) => v.status)}. EU offers:
${euOffersPhrase(trust.compliance?.offers) ?? '—'}.
<a href="/trust/${encodeURIComponent(m.id)}">Trust profile</a></p>`)}
${section('runs', 'Where it runs', whereItRuns(cost, m.id))}`;
  return { title: name, body };
};
