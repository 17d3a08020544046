// `/cost/{id}`: monthly cost against volume, API providers versus self-hosting, with the break-even marked.
import { windowsPhrase } from '../../break-even-phrase.ts';
import { lineChart, type Marker } from '../chart.ts';
import { html, raw, type SafeHtml } from '../escape.ts';
import { num, usd, type Json } from '../format.ts';
import { one, type PageHandler } from '../context.ts';
import { assumptions } from './shared.ts';

const volume = (v: number) => (v >= 1e6 ? `${num(v / 1e6, 1)}T` : v >= 1000 ? `${num(v / 1000, 1)}B` : `${num(v)}M`);

// A window's ends to two decimals (8.37B to 8.48B): one decimal can write both ends of a narrow window alike.
const edge = (v: number) => (v >= 1e6 ? `${num(v / 1e6, 2)}T` : v >= 1000 ? `${num(v / 1000, 2)}B` : `${num(v, 2)}M`);

/** `cheaper` as a reader says it: the answer's enum (`api`, `self_hosted`) is a field value, not a sentence. */
const CHEAPER_WORDS: Record<string, string> = { api: 'the API', self_hosted: 'self-hosting' };

function breakEven(b: Json, label: string): SafeHtml {
  if (!b) return html``;
  // Owned hardware may cost no more only in windows before it stays cheaper, as the REST reason says at length.
  const windows = windowsPhrase(b, edge, ' tokens a month');
  // Owned volumes on a configuration whose host machine is not priced are lower bounds, as the REST reason says.
  const bound = /so they are lower bounds$/.test(String(b.reason)) ? '; a lower bound: a host machine is not priced' : '';
  if (windows) return html`<li>${label}: <strong>${windows}</strong> (${b.api_provider} versus ${b.hardware_id}${bound}).</li>`;
  if (typeof b.tokens_millions === 'number') return html`<li>${label}: break-even at <strong>${volume(b.tokens_millions)} tokens a
month</strong> (${b.api_provider} versus ${b.hardware_id}${bound}).</li>`;
  return html`<li>${label}: no break-even. ${b.reason ?? ''}</li>`;
}

export const costPage: PageHandler = (ctx, p, q) => {
  const tokens = one(q, 'tokens_millions') ?? '100';
  const c = ctx.run('estimate_cost', { tokens_millions: tokens, hardware: one(q, 'hardware') }, { model_id: p.id! });
  const curve = (c.curve ?? []) as Json[];
  const line = (k: string) => curve.filter((x) => typeof x[k] === 'number').map((x): [number, number] => [x.tokens_millions, x[k]]);
  const series = [
    // A $0 API cost cannot sit on a log scale: it is drawn at a cent.
    { name: 'API (cheapest offer)', cls: 's0', points: line('api_usd').map(([x, y]): [number, number] => [x, Math.max(y, 0.01)]) },
    { name: 'Self-hosted, rented', cls: 's1', points: line('rented_usd') },
    { name: 'Self-hosted, owned', cls: 's2', points: line('owned_usd') },
  ].filter((s) => s.points.length);
  const markers: Marker[] = [];
  if (typeof c.break_even?.tokens_millions === 'number') markers.push({ x: c.break_even.tokens_millions, label: 'break-even (rented)' });
  const owned = c.break_even_owned?.tokens_millions;
  if (typeof owned === 'number') markers.push({ x: owned, label: 'break-even (owned)' });
  markers.push({ x: c.tokens_millions, label: 'your volume' });
  const description = `Cost in USD a month for ${c.model.name}, API versus self-hosting, log scales.`;
  const chart = lineChart({ title: 'Monthly cost against volume', description, series, markers,
    xLabel: 'tokens a month', yLabel: 'USD a month', logX: true, logY: true, formatX: volume, formatY: (v) => usd(v) });
  const offers = ((c.api?.offers ?? []) as Json[]).filter((o) => !o.zero_priced).slice(0, 15);
  const sh = c.self_hosting;
  // The cheapest self-hosted month, rented or owned, as `cheaper` weighs it.
  const best = [sh?.options?.[0], sh?.owned_options?.[0]].filter(Boolean)
    .sort((a: Json, b: Json) => a.monthly_usd - b.monthly_usd)[0] as Json | undefined;
  const selfText = !sh?.possible ? 'not possible'
    : best ? `${usd(best.monthly_usd)} (${best.rental ? 'rented' : 'owned'}, ${best.hardware_name})` : 'no figure';
  const options = [...(sh?.options ?? []), ...(sh?.owned_options ?? [])].sort((a: Json, b: Json) => a.monthly_usd - b.monthly_usd)
    .slice(0, 10);
  const body = html`<h1>Cost of ${c.model.name}</h1>
<form class="filters" action="/cost/${encodeURIComponent(c.model.id)}" method="get">
<label for="tokens">Volume, millions of tokens a month <input id="tokens" name="tokens_millions" type="number" min="0.001" max="1000000"
step="any" value="${c.tokens_millions}" required></label>
<button>Estimate</button></form>
<p class="lead">At ${volume(c.tokens_millions)} tokens a month (${num(c.input_share * 100)}% input): cheapest API
${usd(c.api?.cheapest?.monthly_usd)} a month
(${c.api?.cheapest?.provider_name ?? 'no priced offer'}); self-hosting ${selfText}.
Cheaper: <strong>${CHEAPER_WORDS[c.cheaper] ?? '—'}</strong>.${c.cheaper_note ? html` ${c.cheaper_note}.` : ''}</p>
${raw(chart)}<ul class="legend">${series.map((s) => html`<li class="${s.cls}">${s.name}</li>`)}</ul>
<ul>${breakEven(c.break_even, 'Rented hardware')}${breakEven(c.break_even_owned, 'Owned hardware')}</ul>
<h2 id="api">API providers</h2><div class="scroll"><table class="sortable"><caption>Monthly cost by provider (cheapest 15)</caption>
<thead><tr><th scope="col">Provider</th>
<th scope="col">Input / 1M</th><th scope="col">Output / 1M</th><th scope="col">Monthly</th></tr></thead>
<tbody>${offers.map((o) => html`<tr><td>${o.provider_name}</td>
<td class="num"><span class="fact" title="as of ${o.input.as_of}">${usd(o.input.usd_per_mtok)}</span></td><td class="num">
<span class="fact" title="as of ${o.output.as_of}">${usd(o.output.usd_per_mtok)}</span></td>
<td class="num">${usd(o.monthly_usd)}</td></tr>`)}</tbody></table></div>
<h2 id="self">Self-hosting</h2>${sh?.possible ? html`<div class="scroll"><table class="sortable">
<caption>Cheapest configurations</caption><thead><tr><th scope="col">Configuration</th>
<th scope="col">Quantization</th><th scope="col">Machines</th><th scope="col">Basis</th><th scope="col">Monthly</th></tr></thead>
<tbody>${options.map((o: Json) => html`<tr>
<td><a href="/hardware/${encodeURIComponent(o.hardware_id)}">${o.hardware_name}</a></td><td>${o.quantization}</td>
<td class="num">${o.machines}</td>
<td>${o.rental ? html`rented ${usd(o.rental.usd_per_hour)}/h (${o.rental.provider}, ${o.rental.as_of})` : html`bought
${usd(o.purchase?.usd)}${o.host_machine?.basis === 'priced' ? html` + host ${usd(o.host_machine.usd)}` : o.host_machine ? '' : ' (host machine not counted)'} over ${o.purchase?.amortization_months} months + power`}</td>
<td class="num">${usd(o.monthly_usd)}</td></tr>`)}</tbody></table></div>` : html`<p>${sh?.reason ?? 'Not possible.'}</p>`}
${assumptions(c.assumptions)}`;
  return { title: `Cost: ${c.model.name}`, body };
};
