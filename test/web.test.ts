// The pages in a real browser (Debian's chromium via playwright-core) against the real app on port 0: key content,
// links, the context slider, table sorting, no console errors, no serious or critical axe-core violation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../src/app.ts';
import { chromiumPresent, CHROMIUM, launchChromium } from './browser.ts';
import { listen, servedDataset, testAccess, testConfig } from './helpers.ts';

// In CI the browser is installed by .ci/run: a missing binary there is a failure, never a skip.
const skip = !chromiumPresent() && !process.env.CI;
if (skip) console.error(`\n!!! test/web.test.ts SKIPPED: no browser at ${CHROMIUM} (apt-get install -y chromium). CI never skips. !!!\n`);

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
let base = '';
const app = buildApp({ config: testConfig(), dataset: servedDataset().dataset, access: testAccess(), today: () => '2026-10-01' });
const problems: string[] = [];

before(async () => {
  if (skip) return;
  base = await listen(app);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await app.close();
});

async function open(url: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${url}: console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${url}: page error: ${e.message}`));
  const res = await page.goto(base + url);
  assert.ok(res, url);
  return page;
}

/** axe-core run inside the page (evaluated over the DevTools protocol, which the page's CSP does not govern). */
async function axeSerious(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    type Axe = { run: () => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> };
    const r = await (globalThis as unknown as { axe: Axe }).axe.run();
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}, ${v.nodes} nodes)`);
}

const PAGES: ReadonlyArray<readonly [string, string | RegExp, string]> = [
  ['/', 'Language models, dated and sourced', 'ol.podium li'],
  ['/models?q=llama%203.3', /Models matching/, 'table tbody tr'],
  ['/models/llama-3.3-70b-instruct', 'Llama-3.3-70B-Instruct', '#offers ~ * tbody tr, section[aria-labelledby=offers] tbody tr'],
  ['/compare?models=gpt-4o,deepseek-v3', 'Compare', 'td.best'],
  ['/hardware', 'Can I run it?', 'table tbody tr'],
  ['/hardware/rtx-4090', /What runs on/, '#fits tbody tr'],
  ['/cost/llama-3.3-70b-instruct', /Cost of/, 'svg.chart polyline'],
  ['/podium', 'Podium', 'ol.podium li'],
  ['/changes', 'Changes', 'ol.timeline li'],
  ['/trust/gpt-4o', /Trust: /, 'dl.facts dt'],
  ['/recommend?who=hospital&use=documents&data=patient%20records&keep=eu%20only', 'Which model?', 'ol.recs > li'],
];

// One pass over the pages checks them at both widths: each page is loaded once at 1280 px, then its viewport is
// narrowed to a phone's 390 px, which lays the same document out again under the narrow media queries (desktop
// chromium ignores the viewport meta tag, so a page loaded at 390 px lays out the same). Loading each page a second
// time at 390 px cost the file about 10 s of its ~60.
test('every page renders its key content, with no console error and no serious or critical accessibility violation; '
  + 'at phone width (390 px) no page scrolls sideways (wide tables scroll in their own box)', { skip }, async () => {
  for (const [url, heading, key] of PAGES) {
    const page = await open(url);
    const h1 = await page.locator('h1').first().textContent();
    if (typeof heading === 'string') assert.equal(h1?.trim(), heading, url);
    else assert.match(h1 ?? '', heading, url);
    assert.ok(await page.locator(key).count() > 0, `${url}: no ${key}`);
    assert.deepEqual(await axeSerious(page), [], url);
    await page.setViewportSize({ width: 390, height: 900 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${url}: ${width}px wide at 390 px`);
    await page.close();
  }
  assert.deepEqual(problems, []);
});

test('the model sheet draws its rating history and marks first-party offers; hover titles give the date', { skip }, async () => {
  const page = await open('/models/gpt-4o');
  assert.ok(await page.locator('section[aria-labelledby=ratings] svg.chart polyline').count() > 0);
  // OpenAI sells GPT-4o itself: its offer row is marked first party.
  assert.ok(await page.locator('tr.first-party').filter({ hasText: 'OpenAI' }).count() > 0);
  assert.match(await page.locator('dl.facts .fact').first().getAttribute('title') ?? '', /^as of \d{4}-\d{2}-\d{2}/);
  await page.close();
});

test('links between pages work: search, result, sheet, cost, hardware', { skip }, async () => {
  const page = await open('/');
  await page.fill('#q', 'llama 3.3 70b');
  await Promise.all([page.waitForURL(/\/models\?q=/), page.click('form.search button')]);
  await Promise.all([page.waitForURL(/\/models\/llama-3\.3-70b-instruct$/), page.click('table a[href="/models/llama-3.3-70b-instruct"]')]);
  const toCost = page.click('main a[href="/cost/llama-3.3-70b-instruct"] >> nth=0');
  await Promise.all([page.waitForURL(/\/cost\/llama-3\.3-70b-instruct$/), toCost]);
  assert.match(await page.locator('h1').textContent() ?? '', /Cost of/);
  await Promise.all([page.waitForURL(/\/hardware\/[^/?]+$/), page.click('#self ~ div table a >> nth=0')]);
  assert.match(await page.locator('h1').textContent() ?? '', /What runs on/);
  await page.close();
  assert.deepEqual(problems, []);
});

test('the cost page states owned self-hosting\'s break-even windows, with no accessibility violation', { skip }, async () => {
  // GET /api/v1/cost/gpt-oss-120b: the owned basis is rtx-pro-6000-max-q (the RTX 3090 configurations are no longer
  // sold by NVIDIA, card-production.csv). By hand (src/ops/estimate-cost-owned-basis.test.ts: 266.08 USD flat a
  // machine, 0.002808 a 1M tokens, API 0.06, a machine full at 4,679.56M): n machines break even at n x 266.08 /
  // 0.057192 = n x 4,652.4M and are full at n x 4,679.56M, so each window is n x 4,652.4 to n x 4,679.56; window n+1
  // starts inside window n once (n + 1) x 4,652.4 <= n x 4,679.56, n >= 4,652.4 / 27.16 = 171.3: windows 1 to 171
  // apart (4.65B-4.68B, then 170 more), and cheaper at every volume from 172 x 4,652.41 = 800,214M = 800.21B.
  const page = await open('/cost/gpt-oss-120b');
  const owned = await page.locator('main li', { hasText: 'Owned hardware' }).textContent();
  assert.match(owned ?? '', /cheaper than the API between 4\.65B and 4\.68B tokens a month, then in 170 more windows, and from 800\.21B on \(openrouter versus rtx-pro-6000-max-q\)/);
  assert.deepEqual(await axeSerious(page), []);
  await page.close();
  assert.deepEqual(problems, []);
});

test('the context slider asks again and the list changes (fewer models fit an RTX 4090 at 128k than at 8k)', { skip }, async () => {
  const page = await open('/hardware/rtx-4090');
  const count = async () => {
    const text = await page.locator('main p.small').first().textContent();
    return Number(text?.match(/^([\d,]+) open-weights models fit/)?.[1]?.replace(/,/g, ''));
  };
  const at8k = await count();
  await Promise.all([page.waitForURL(/context=131072/), page.locator('#context').fill('131072')]);
  const at128k = await count();
  // GET /api/v1/hardware/rtx-4090 answers 96 at the default 8192 and 26 at context=131072 on the committed data.
  assert.ok(at8k > at128k, `${at8k} at 8k, ${at128k} at 128k`);
  assert.equal(await page.locator('#context-value').textContent(), '131,072 tokens');
  await page.close();
});

test('clicking a column header sorts the offers table', { skip }, async () => {
  const page = await open('/models/llama-3.3-70b-instruct');
  const table = page.locator('section[aria-labelledby=offers] table');
  await table.locator('th button', { hasText: 'Blended' }).click();
  const values = await table.locator('tbody tr td:nth-child(5)').evaluateAll((tds) => tds.map((td) => td.getAttribute('data-sort') ?? ''));
  const numbers = values.filter((v) => v !== '').map(Number);
  assert.ok(numbers.length > 5);
  assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b));
  assert.equal(await table.locator('th[aria-sort=ascending]').count(), 1);
  await page.close();
});

test('an unknown id shows the friendly 404 with suggestions that lead to the right page', { skip }, async () => {
  const page = await open('/models/lama-3.3-70b-instrukt');
  assert.equal(await page.locator('h1').textContent(), 'Model not found');
  await Promise.all([page.waitForURL(/\/models\/llama-3\.3-70b-instruct$/), page.click('ul.suggestions a >> nth=0')]);
  await page.close();
});

test('the one stylesheet follows the system colour scheme (light and dark backgrounds differ)', { skip }, async () => {
  const background = async (colorScheme: 'light' | 'dark') => {
    const page = await browser.newPage({ colorScheme });
    await page.goto(`${base}/`);
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.close();
    return bg;
  };
  // The stylesheet's --bg: #fdfdfc in light, #141518 in dark.
  assert.equal(await background('light'), 'rgb(253, 253, 252)');
  assert.equal(await background('dark'), 'rgb(20, 21, 24)');
});
