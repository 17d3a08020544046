// The recommend page: the caller's words read into the operation's values, the picks with links to their cost and
// trust pages, a clear page for words it cannot read, and the examples when nothing is asked yet.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildApp } from '../../../app.ts';
import { servedDataset, testAccess, testConfig } from '../../../../test/helpers.ts';

const { dataset } = servedDataset();
const app = buildApp({ config: testConfig(), dataset, access: testAccess(), today: () => '2026-10-01' });
after(() => app.close());

const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

test('/recommend reads "patient records" as data=health and a hospital as healthcare, and lists its picks with their pages', async () => {
  const res = await page('/recommend?who=hospital&use=documents&data=patient%20records&keep=must%20stay%20in%20the%20EU');
  assert.equal(res.statusCode, 200);
  // DESIGN.md section 6: free text maps to a canonical value (`hospital`, `patient records` -> data=health).
  assert.match(res.body, /<th scope="row">data<\/th><td>patient records<\/td><td>health<\/td>/);
  assert.match(res.body, /<th scope="row">who<\/th><td>hospital<\/td><td>healthcare<\/td>/);
  // The form keeps what was asked, so a caller changes one word and asks again.
  assert.match(res.body, /<input id="r-data" name="data" list="l-data"\s+maxlength="200" value="patient records"/);
  // Up to three picks, each linking to its own cost and trust pages (the page's way to check a pick's figures).
  const picks = [...res.body.matchAll(/<li><h3><a href="\/models\/([^"]+)">/g)].map((m) => m[1]);
  assert.ok(picks.length >= 1 && picks.length <= 3, `picks: ${picks.join(', ')}`);
  for (const id of picks) {
    assert.ok(res.body.includes(`<a href="/cost/${id}">Cost against volume</a>`), id);
    assert.ok(res.body.includes(`<a href="/trust/${id}">Trust profile</a>`), id);
  }
  // keep=eu-only is applied as a hard constraint and shown in the funnel with its count.
  assert.match(res.body, /<tr><td>keep=eu-only<\/td>/);
});

test('/recommend shows the words it did not read: "startup with a budget of $1 per million tokens" reads startup only', async () => {
  // recommend_model's schema: who=`startup with a budget of $1 per million tokens` reads `startup` and leaves
  // `budget of $1 per million tokens` unread.
  const res = await page(`/recommend?who=${encodeURIComponent('startup with a budget of $1 per million tokens')}`);
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /<td>startup<\/td><td>a synonym<\/td>\s*<td>budget of \$1 per million tokens/);
});

test('/recommend with a machine it cannot read answers 400 naming the parameter, dated by the data, not by today', async () => {
  const res = await page('/recommend?machine=gizmo%20thing');
  assert.equal(res.statusCode, 400);
  assert.match(res.body, /machine/);
  assert.match(res.body, /no catalogued device is named/);
  // The footer's date is the data's (data/dataset/meta.json data_as_of), not the day of the request (2026-10-01).
  assert.match(res.body, new RegExp(`Data as of <time datetime="${dataset.meta.data_as_of}">`));
  assert.doesNotMatch(res.body, /Data as of <time datetime="2026-10-01">/);
});

test('/recommend with nothing asked shows the operation\'s examples as links, and the API client still gets a 404', async () => {
  const res = await page('/recommend');
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /<a href="\/recommend\?who=hospital&amp;use=documents&amp;data=patient\+records&amp;keep=must\+stay\+in\+the\+EU">/);
  assert.match(res.body, /<a href="\/recommend\?who=solo\+developer&amp;use=coding&amp;machine=rtx-4090">/);
  const api = await app.inject({ method: 'GET', url: '/recommend', headers: { accept: 'application/json' } });
  assert.equal(api.statusCode, 404);
});
