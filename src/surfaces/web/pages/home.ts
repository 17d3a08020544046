// `/`: search, the text and coding podiums, the latest changes, the data's age, links to the API.
import { html } from '../escape.ts';
import { daysBetween, type Json } from '../format.ts';
import type { PageHandler } from '../context.ts';
import { section } from '../layout.ts';
import { changesTimeline, podiumList } from './shared.ts';

export const homePage: PageHandler = (ctx) => {
  const text = ctx.run('get_podium', {});
  const coding = ctx.run('get_podium', { category: 'coding' });
  // The default window ends today; when the data end earlier, show the window ending at the newest change.
  let changes: Json = ctx.run('get_model_changes', { days: '30', limit: '12' });
  if (!changes.items.length && changes.latest_matching) {
    changes = ctx.run('get_model_changes', { days: '30', limit: '12', until: changes.latest_matching });
  }
  const age = daysBetween(text.data_as_of, ctx.today);
  const body = html`<h1>Language models, dated and sourced</h1>
<form class="search" action="/models" method="get" role="search"><label for="q">Find a model</label>
<input id="q" name="q" type="search" placeholder="e.g. llama 3.3, claude, qwen coder" maxlength="200"><button>Search</button></form>
<p class="lead">Data as of <time datetime="${text.data_as_of}">${text.data_as_of}</time>, ${age} ${age === 1 ? 'day' : 'days'} old.
Hover a figure for its date; the sources of each page are named at its foot. Nothing is guessed.</p>
<div class="grid2">${section('podium-text', 'Podium: text', podiumList(text))}
${section('podium-coding', 'Podium: coding', podiumList(coding))}</div>
${section('recent', 'Recent changes', html`<p class="small">${changes.window.from} to ${changes.window.until}: ${changes.counts.total}
changes.
<a href="/changes?until=${changes.window.until}">All changes</a></p>`, changesTimeline(changes.items))}
${section('more', 'More', html`<ul><li><a href="/recommend">Which model?</a> Say who you are, what for and which data: up to three
picks with their reasons.</li>
<li><a href="/hardware">Can I run it?</a> Models that fit a GPU or a Mac, with speed.</li>
<li><a href="/compare?models=gpt-4o,deepseek-v3">Compare models</a> side by side.</li>
<li><a href="/docs">API docs</a> · <a href="/api/v1">/api/v1</a> (JSON) · MCP at <code>/mcp</code>.</li></ul>`)}`;
  return { title: 'Home', body };
};
