// `/hardware` and `/hardware/{id}`: "can I run it": pick or type a machine, set the context, see what fits.
import { html, type SafeHtml } from '../escape.ts';
import { fact, num, tokens, usd, type Json } from '../format.ts';
import { one, type PageHandler, type Query } from '../context.ts';
import { assumptions, modelLink, rating } from './shared.ts';

const CONTEXT_MIN = 2048;
const CONTEXT_MAX = 131072;

/** A date-only title: the list holds 154 rows, and their evidence notes would double the page. */
const dated = (f: Json, show: (v: Json) => string) => (f && f.value !== null && f.value !== undefined ? html`<span class="fact"
title="as of ${f.as_of ?? 'derived'}">${show(f.value)}</span>` : html`<span class="unknown">—</span>`);

/**
 * The hourly price of renting a configuration in an EU region: its cheapest rental when that lists an EU region, else
 * its cheapest EU one (`eu_rental`), the offer an ask that keeps data in the EU is costed on; the title names the provider.
 */
function rentedInEu(h: Json): SafeHtml | string {
  const r = h.rental?.value?.eu_regions?.length ? h.rental : h.eu_rental;
  if (!r) return '—';
  return html`<span class="fact" title="${r.value.provider} ${r.value.instance_type} in ${r.value.eu_regions.join(', ')}, as of ${r.as_of}">${usd(r.value.usd_per_hour)}</span>`;
}

/** All configurations, following the cursor (list_hardware pages at 100). */
function allHardware(run: (q: Query) => Json): Json[] {
  const items: Json[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 10; i++) {
    const r = run({ limit: '100', cursor });
    items.push(...r.items);
    cursor = r.page.next_cursor ?? undefined;
    if (!cursor) break;
  }
  return items;
}

function machineForm(given: string, context: number, choices: Json[]): SafeHtml {
  return html`<form class="filters" action="/hardware" method="get">
<label for="machine">Machine (an id, or as you would say it: “4090”, “2x 3090”, “M3 Max 64GB”, “24 GB GPU”)
<input id="machine" name="machine" list="machines" value="${given}" maxlength="200" required></label>
<datalist id="machines">${choices.map((h) => html`<option value="${h.id}">`)}</datalist>
<label for="context">Context per sequence: <output id="context-value" for="context">${num(context)} tokens</output>
<input id="context" name="context" type="range" min="${CONTEXT_MIN}" max="${CONTEXT_MAX}" step="2048"
value="${Math.min(Math.max(context, CONTEXT_MIN), CONTEXT_MAX)}" data-live></label>
<button>Show what runs</button></form>`;
}

/** `/hardware?machine=...`: the form's answer is the machine's own page (a link people can share). */
export function hardwareRedirect(q: Query): string | undefined {
  const machine = one(q, 'machine');
  if (!machine) return undefined;
  const context = one(q, 'context');
  return `/hardware/${encodeURIComponent(machine)}${context ? `?context=${encodeURIComponent(context)}` : ''}`;
}

export const hardwareListPage: PageHandler = (ctx) => {
  const items = allHardware((q) => ctx.run('list_hardware', q));
  const rows = items.map((h) => html`<tr><td><a href="/hardware/${encodeURIComponent(h.id)}">${h.name}</a></td><td>${h.class}</td>
<td class="num">${num(h.usable_memory_gb?.value, 1)}</td><td class="num">${num(h.aggregate_bandwidth_gbs?.value)}</td>
<td class="num">${dated(h.purchase_price_usd, usd)}</td>
<td class="num">${h.rental ? dated({ value: h.rental.usd_per_hour, as_of: h.rental.as_of }, usd) : '—'}</td>
<td class="num">${rentedInEu(h)}</td></tr>`);
  const body = html`<h1>Can I run it?</h1>${machineForm('', 8192, [])}
<p class="small">${items.length} configurations, laptop to cluster. Pick one, or type yours above. Hover a price for its date;
each configuration's page gives the date and evidence of its memory and bandwidth.</p>
<div class="scroll"><table class="sortable"><caption>Hardware configurations</caption><thead><tr><th scope="col">Configuration</th>
<th scope="col">Class</th>
<th scope="col">Usable memory (GB)</th><th scope="col">Bandwidth (GB/s)</th><th scope="col">Price</th><th scope="col">Rent (per hour)</th>
<th scope="col">Rent in an EU region (per hour)</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
  return { title: 'Can I run it?', body };
};

function itemRow(it: Json): SafeHtml {
  const m = it.memory ?? {};
  return html`<tr><td class="num">${it.rank}</td><td>${modelLink(it.model)}</td><td class="num">${rating(it.rating)}</td>
<td>${it.quantization_name ?? it.quantization} <small>${num(it.bits_per_weight, 2)} bits</small></td>
<td data-sort="${m.total_gb}"><meter min="0" max="${m.usable_gb}" value="${m.total_gb}" low="${Math.round(m.usable_gb * 80) / 100}"
high="${Math.round(m.usable_gb * 95) / 100}" optimum="0"
aria-label="memory used">${num(m.total_gb, 1)} of ${num(m.usable_gb, 1)} GB</meter> ${num(m.total_gb, 1)} / ${num(m.usable_gb, 1)} GB</td>
<td class="num"><span data-sort="${it.tokens_per_s ?? ''}">${num(it.tokens_per_s, 1)}</span></td><td>${it.fit}</td></tr>`;
}

export const hardwarePage: PageHandler = (ctx, p, q) => {
  const context = one(q, 'context');
  const r = ctx.run('models_for_hardware', { context, limit: '50' }, { hardware_id: p.id! });
  const hw = r.hardware;
  const first = (r.items as Json[])[0];
  const choices = allHardware((qq) => ctx.run('list_hardware', qq));
  const body = html`<h1>What runs on ${hw.name}</h1>
<p class="lead">${r.understood?.interpretation ?? hw.id}. Usable memory ${fact(hw.usable_memory_gb, (v) => `${num(v, 1)} GB`)},
bandwidth ${fact(hw.aggregate_bandwidth_gbs, (v) => `${num(v)} GB/s`)}.</p>
${machineForm(r.understood?.given ?? p.id!, r.context, choices)}
<p class="small">${num(r.page.total)} open-weights models fit at ${num(r.context)} tokens of context (${tokens(r.context)}),
${num(r.does_not_fit)} do not;
${num(r.not_assessable?.count)} lack the facts to assess.</p>
${r.nearest && html`<p class="small">${r.nearest.summary}${r.nearest.shorter_context && html` <a
href="?context=${r.nearest.shorter_context.context}">Show ${num(r.nearest.shorter_context.context)} tokens</a>`}</p>`}
${first && html`<p class="small">Quantization: ${r.quantization_rule}. Speed: an estimate, worked as the assumptions below say
(the last for this machine).</p>`}
<div class="scroll"><table class="sortable" id="fits"><caption>Models that fit, best rated first</caption><thead><tr>
<th scope="col">#</th><th scope="col">Model</th><th scope="col">Rating</th>
<th scope="col">Quantization</th><th scope="col">Memory</th><th scope="col">Tokens/s</th><th scope="col">Fit</th></tr></thead>
<tbody>${(r.items as Json[]).map(itemRow)}</tbody></table></div>
${assumptions(r.assumptions)}`;
  return { title: `Can I run it: ${hw.name}`, body };
};
