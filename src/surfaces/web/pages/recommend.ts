// `/recommend`: the situation in the caller's words, how each was read, up to three models with the reasons that cite
// the data, and the constraints that eliminated the rest. The form's values are the operation's own parameters.
import { DATA, KEEP, MACHINE_CLASSES, VOCABULARY, WHERE, WHO } from '../../../engines/vocabulary.ts';
import { recommend_model as recommendModel } from '../../../ops/recommend-model.ts';
import { html, type SafeHtml } from '../escape.ts';
import { num, usd, type Json } from '../format.ts';
import { one, type PageHandler, type Query } from '../context.ts';
import { section } from '../layout.ts';
import { modelLink } from './shared.ts';

const FIELDS = ['who', 'use', 'data', 'keep', 'where', 'machine'] as const;
type Field = (typeof FIELDS)[number];

// Canonical values offered as suggestions: free text is read as well (a datalist suggests, it does not restrict).
const SUGGEST: Readonly<Record<Field, readonly string[]>> = {
  who: WHO, use: VOCABULARY.use.values.map((v) => v.value), data: DATA, keep: KEEP, where: WHERE,
  machine: [...MACHINE_CLASSES, 'my 4090', '2x 3090', 'M3 Max 64GB', 'a single H100', '24 GB GPU'],
};

const LABEL: Readonly<Record<Field, string>> = {
  who: 'Who is asking', use: 'What for', data: 'Data handled', keep: 'Data constraints', where: 'Where it runs', machine: 'Machine',
};

const HOW: Readonly<Record<string, string>> = {
  canonical: 'as written', synonym: 'a synonym', hardware_id: 'a catalogued machine', memory: 'a memory size', device: 'a device',
  counted: 'cards counted', ad_hoc: 'a bare memory size', default: 'the default', not_given: 'not given',
};

function form(q: Query): SafeHtml {
  const inputs = FIELDS.map((f) => html`<label for="r-${f}">${LABEL[f]} <input id="r-${f}" name="${f}" list="l-${f}"
maxlength="200" value="${one(q, f) ?? ''}" placeholder="${SUGGEST[f][0]}"></label>
<datalist id="l-${f}">${SUGGEST[f].map((v) => html`<option value="${v}"></option>`)}</datalist>`);
  return html`<form class="filters" action="/recommend" method="get">${inputs}
<label for="r-context">Context, tokens <input id="r-context" name="context" type="number" min="512" step="1"
value="${one(q, 'context') ?? ''}"></label><button>Recommend</button></form>`;
}

function examples(): SafeHtml {
  const link = (input: Record<string, unknown>) => `/recommend?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}`;
  return html`<ul>${recommendModel.examples.map((e) => html`<li><a href="${link(e.input)}">${e.title}</a></li>`)}</ul>`;
}

function understood(u: Json): SafeHtml {
  const rows = FIELDS.map((f) => {
    const p = u[f];
    const unread = (p.unread ?? []) as string[];
    return html`<tr><th scope="row">${f}</th><td>${p.given ?? '—'}</td><td>${p.value ?? '—'}</td><td>${HOW[p.how] ?? p.how}</td>
<td>${unread.length ? unread.join(', ') : '—'}${p.interpretation ? html`<br><small>${p.interpretation}</small>` : ''}</td></tr>`;
  });
  return html`<div class="scroll"><table><caption>How each part was read</caption><thead><tr><th scope="col">Parameter</th>
<th scope="col">You wrote</th><th scope="col">Read as</th><th scope="col">How</th><th scope="col">Not read</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

/** Where the pick runs, in a line: the offer's provider, or the configuration with its month. */
function path(r: Json): SafeHtml {
  if (r.path === 'api' && r.offer) {
    return html`Through an API: ${r.offer.provider_name}, ${usd(r.offer.blended_price?.value)} per 1M tokens blended`;
  }
  const s = r.self_hosting;
  if (!s) return html`${r.path}`;
  const where = s.rental ? html`, rented from ${s.rental.provider} at ${usd(s.rental.usd_per_hour)}/h`
    : s.own_machine ? ', your machine' : '';
  const month = typeof s.monthly_usd === 'number' ? html`, ${usd(s.monthly_usd)} a month` : '';
  return html`Self-hosted on <a href="/hardware/${encodeURIComponent(s.hardware_id)}">${s.hardware_name}</a> at
${s.quantization ?? 'an unknown quantization'}${where}${month}`;
}

function pick(r: Json): SafeHtml {
  const id = encodeURIComponent(r.model.id);
  return html`<li><h3>${modelLink(r.model)} <span class="vendor">${r.model.vendor_name}</span>
<small>score ${num(r.score, 3)}</small></h3><p>${path(r)}.</p>
<ul>${(r.reasons as string[]).map((x) => html`<li>${x}</li>`)}</ul>
<p class="small"><a href="/cost/${id}">Cost against volume</a> · <a href="/trust/${id}">Trust profile</a>
· <a href="/models/${id}">Model sheet</a></p></li>`;
}

function constraints(steps: Json[]): SafeHtml {
  return html`<div class="scroll"><table><caption>Constraints in the order applied</caption><thead><tr>
<th scope="col">Asked by</th><th scope="col">Rule</th><th scope="col">Eliminated</th><th scope="col">Remaining</th></tr></thead>
<tbody>${steps.map((s) => html`<tr><td>${s.constraint}</td><td>${s.rule}</td><td class="num">${num(s.eliminated)}</td>
<td class="num">${num(s.remaining)}</td></tr>`)}</tbody></table></div>`;
}

export const recommendPage: PageHandler = (ctx, _p, q) => {
  const input: Query = {};
  for (const f of [...FIELDS, 'context']) input[f] = one(q, f);
  // With nothing said the answer is still run: its date is the footer's, and it shows what a bare ask gives.
  const r = ctx.run('recommend_model', input);
  const asked = Object.values(input).some((v) => v !== undefined);
  const recs = r.recommendations as Json[];
  const body = html`<h1>Which model?</h1>
<p class="lead">Say who you are, what for, which data and where it must run, in your own words; each part is read into the
service's values below, with the words it did not read.</p>
${form(q)}
${asked ? '' : section('examples', 'Examples', examples())}
${section('picks', 'Recommendations', html`<p class="small">${num(r.qualified)} of ${num(r.considered)} models meet every constraint;
quality read from ${r.board.leaderboard}/${r.board.category} (as of ${r.board.as_of ?? 'unknown'}): ${r.board.rationale}</p>`,
  recs.length ? html`<ol class="recs">${recs.map(pick)}</ol>` : html`<p>No model meets every constraint.</p>`,
  r.shortfall ? html`<p>${r.shortfall}</p>` : '')}
${section('read', 'How your words were read', understood(r.understood))}
${section('constraints', 'Constraints', constraints(r.constraints))}
${section('notes', 'Notes', html`<ul>${(r.notes as string[]).map((n) => html`<li>${n}</li>`)}</ul>
<details><summary>Ranking</summary><p>${r.ranking}</p><p>Weights: ${Object.entries(r.weights as Record<string, number>)
  .map(([k, v]) => `${k} ${num(v, 4)}`).join(', ')}.</p></details>`)}`;
  return { title: 'Which model?', body };
};
