// The one escape function and the html template: what a hostile model name or query string cannot do to a page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeHtml, html, raw } from './escape.ts';

test('escapeHtml replaces the five characters HTML gives meaning to (HTML spec, 13.1.2.6 and 13.1.2.3)', () => {
  assert.equal(escapeHtml(`<script>alert("x")</script> & 'y'`), '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;');
  assert.equal(escapeHtml('plain text 123'), 'plain text 123');
});

test('an attribute value cannot be closed by either quote', () => {
  const evil = `" onmouseover="alert(1)' x='`;
  assert.equal(html`<a title="${evil}">`.value, '<a title="&quot; onmouseover=&quot;alert(1)&#39; x=&#39;">');
});

test('html escapes interpolations, keeps nested html and raw markup, joins arrays, drops null and booleans', () => {
  const name = '<b>Claude & co</b>';
  const items = ['a<', 'b>'].map((s) => html`<li>${s}</li>`);
  const out = html`<p>${name}</p><ul>${items}</ul>${null}${undefined}${false}${0}${raw('<svg></svg>')}`;
  assert.equal(out.value, '<p>&lt;b&gt;Claude &amp; co&lt;/b&gt;</p><ul><li>a&lt;</li><li>b&gt;</li></ul>0<svg></svg>');
});

test('escaping is not applied twice to an html result', () => {
  const inner = html`${'&'}`;
  assert.equal(html`<i>${inner}</i>`.value, '<i>&amp;</i>');
});
