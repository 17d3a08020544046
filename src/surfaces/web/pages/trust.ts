// `/trust/{id}`: the Trust Index with its coverage and the compliance facts; the 16 criteria with a full-tier key.
import { html } from '../escape.ts';
import { fact, num, yesNo, type Json } from '../format.ts';
import type { PageHandler } from '../context.ts';
import { euOffersPhrase } from '../../eu-offers-phrase.ts';
import { modelLink } from './shared.ts';

const euCode = (v: Json) => `${v.status}${v.chapters && v.chapters !== 'none' ? ` (${v.chapters})` : ''}`;

export const trustPage: PageHandler = (ctx, p) => {
  const t = ctx.run('get_trust_profile', {}, { model_id: p.id! });
  const c = t.compliance ?? {};
  const criteria = (t.criteria ?? []) as Json[];
  const body = html`<h1>Trust: ${t.model.name}</h1><p class="lead">${modelLink(t.model)} by ${t.model.vendor_name}.</p>
<p>Trust Index <strong>${t.trust_index ?? '—'}</strong> / 100: ${num(t.counts.met)} met, ${num(t.counts.not_met)} not met,
${num(t.counts.unknown)} unknown of ${num(t.counts.total)} criteria;
coverage ${num((t.coverage ?? 0) * 100)}%.</p><p class="small">${t.derivation}</p>
<h2 id="compliance">Compliance</h2><dl class="facts">
<dt>Developer</dt><dd>${c.developer?.name} (${fact(c.developer?.country)})</dd>
<dt>EU GPAI Code of Practice</dt><dd>${fact(c.eu_code, euCode)}</dd>
<dt>Licence</dt><dd>${fact(c.licence, (v) => v.name)}</dd><dt>Commercial use</dt><dd>${fact(c.commercial_use, yesNo)}</dd>
${c.licence_conditions && html`<dt>Licence conditions</dt><dd>${c.licence_conditions}</dd>`}
<dt>Open weights</dt><dd>${fact(c.open_weights, yesNo)}</dd>
${c.territory_exclusion && html`<dt>Licence excludes</dt><dd>${(c.territory_exclusion.territories as string[]).join(', ')}:
<q>${c.territory_exclusion.clause}</q> (<a href="${c.territory_exclusion.evidence_url}">page read</a> ${c.territory_exclusion.read})</dd>`}
<dt>EU offers</dt><dd>${euOffersPhrase(c.offers) ?? '—'} (${num(c.offers?.residency_unknown)} unknown)</dd>
</dl>
${(c.eu_offers ?? []).length > 0 && html`<details><summary>EU offers</summary>
<ul>${(c.eu_offers as Json[]).map((o) => html`<li>${o.provider_name} <code>${o.provider_model_id}</code>
${o.sku} SKU${o.region === 'eu' ? ', EU region' : ''} (${fact(o.eu_resident)})</li>`)}</ul></details>`}
<h2 id="criteria">Criteria</h2>${criteria.length ? html`<div class="scroll"><table class="sortable"><caption>The 16 criteria</caption>
<thead><tr><th scope="col">Criterion</th><th scope="col">Status</th><th scope="col">Evidence</th></tr></thead>
<tbody>${criteria.map((k) => html`<tr><td>${k.title ?? k.id} <code>${k.id}</code></td><td>${k.status}</td>
<td class="small">${k.evidence ? (typeof k.evidence === 'string' ? k.evidence : JSON.stringify(k.evidence)) : ''}</td></tr>`)}</tbody>
</table></div>`
    : html`<p>Each criterion with its evidence is in the full answer (pro and enterprise keys, sent as <code>x-api-key</code>).</p>`}`;
  return { title: `Trust: ${t.model.name}`, body };
};
