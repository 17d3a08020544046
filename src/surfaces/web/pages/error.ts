// The error page: what went wrong in words, the parameters that were refused, and the ids the API suggests.
import type { ServiceError } from '../../../errors/index.ts';
import { html } from '../escape.ts';
import type { PageResult } from '../context.ts';

const HINTS: Record<number, string> = {
  400: 'Check the values below and try again.',
  401: 'The x-api-key header sent with this page is not a key this service knows; without it the pages are free.',
  404: 'Nothing here under that name.',
  429: 'This address has used its free requests for now; every page counts as one request.',
};

const suggestionLink = (kind: string, id: string) => html`<a href="/${kind}/${encodeURIComponent(id)}">${id}</a>`;

/** `suggestions` are model or hardware ids; they link to the page of the same kind as the one asked for. */
export function errorPage(err: ServiceError, path: string): PageResult {
  const kind = path.split('/')[1] ?? '';
  const linkable = ['models', 'hardware', 'cost', 'trust'].includes(kind);
  const suggestions = err.options.suggestions ?? [];
  const errors = err.options.errors ?? [];
  const body = html`<h1>${err.title}</h1>
<p class="lead">${err.detail}</p><p>${HINTS[err.status] ?? ''}</p>
${errors.length > 0 && html`<h2>What was wrong</h2><ul class="errors">${errors.map((e) => html`<li>
<code>${e.parameter}</code>: ${e.message}${e.allowed ? html` (allowed: ${e.allowed})` : ''}</li>`)}</ul>`}
${suggestions.length > 0 && html`<h2>Did you mean</h2>
<ul class="suggestions">${suggestions.map((s) => html`<li>${linkable ? suggestionLink(kind, s) : s}</li>`)}</ul>`}
<p><a href="/models">Search the catalogue</a> · <a href="/">Home</a></p>`;
  return { title: err.title, body, status: err.status };
}
