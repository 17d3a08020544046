// Which Accept headers get a page: browsers' real headers do, API clients' never.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prefersHtml } from './negotiate.ts';

test('browsers get HTML: the Accept headers Chromium and Firefox send for a navigation', () => {
  // Chromium 120+ navigation Accept header.
  const chromium = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,'
    + 'application/signed-exchange;v=b3;q=0.7';
  assert.equal(prefersHtml(chromium), true);
  // Firefox 128.
  assert.equal(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'), true);
});

test('API clients never get HTML: no Accept, */*, JSON, or HTML only as low as JSON', () => {
  assert.equal(prefersHtml(undefined), false);
  assert.equal(prefersHtml('*/*'), false);
  assert.equal(prefersHtml('application/json'), false);
  assert.equal(prefersHtml('application/json, text/html'), false);
  assert.equal(prefersHtml('text/html;q=0.5, application/json'), false);
  assert.equal(prefersHtml('text/html;q=0, */*'), false);
});

test('HTML ranked above JSON gets HTML', () => {
  assert.equal(prefersHtml('text/html, application/json;q=0.9'), true);
  assert.equal(prefersHtml('text/*'), true);
});
