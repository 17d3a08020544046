// The models page applies every filter GET /api/v1/models takes, and says what the answer says about them: it used to
// pass only the text and the cursor, so /models?open_weights=true&sort=price showed the whole catalogue by rating.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildApp } from '../../../app.ts';
import { servedDataset, testAccess, testConfig } from '../../../../test/helpers.ts';

const { dataset } = servedDataset();
const app = buildApp({ config: testConfig(), dataset, access: testAccess(), today: () => '2026-10-01' });
after(() => app.close());

const get = (url: string, accept: string) => app.inject({ method: 'GET', url, headers: { accept } });
const ids = (body: string) => [...body.matchAll(/<tr><td><a href="\/models\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));

test('/models?open_weights=true&sort=price lists what the API lists for it, in its order, and names the filters', async () => {
  const page = await get('/models?open_weights=true&sort=price', 'text/html');
  assert.equal(page.statusCode, 200);
  const api = (await get('/api/v1/models?open_weights=true&sort=price&limit=25', 'application/json')).json();
  assert.deepEqual(ids(page.body), api.items.map((m: { id: string }) => m.id));
  assert.equal(api.items.length, 25);
  // Every row is an open-weights model: the catalogue's best rated (closed) models are not on it.
  assert.ok(api.items.every((m: { open_weights: { value: boolean } }) => m.open_weights.value === true));
  assert.match(page.body, new RegExp(`${api.page.total.toLocaleString('en-US')} models, cheapest blended offer first\\.`));
  assert.match(page.body, /Filters: open_weights=true, sort=price/);
  // The next page keeps the filters, and the text search keeps them as hidden fields.
  assert.match(page.body, /<a rel="next" href="\/models\?open_weights=true&amp;sort=price&amp;cursor=[^"]+">/);
  assert.match(page.body, /<input type="hidden" name="open_weights" value="true">/);
});

test('/models?released_after=2026-08-01 says why it lists none: the recent releases are known only by a bound', async () => {
  const page = await get('/models?released_after=2026-08-01', 'text/html');
  assert.equal(page.statusCode, 200);
  const api = (await get('/api/v1/models?released_after=2026-08-01', 'application/json')).json();
  assert.ok(api.bounded.count > 0);
  assert.ok(page.body.includes(api.bounded.note.replaceAll("'", '&#39;').replaceAll('"', '&quot;')));
});

test('/models?sort=price says, as the API does, that models priced only at an old unconfirmed price follow the others', async () => {
  const page = await get('/models?sort=price', 'text/html');
  assert.equal(page.statusCode, 200);
  const api = (await get('/api/v1/models?sort=price', 'application/json')).json();
  assert.ok(api.old_prices.count > 0);
  assert.ok(page.body.includes(api.old_prices.note.replaceAll("'", '&#39;').replaceAll('"', '&quot;')));
});

test('/models with a parameter the API does not take is the same 400, not the unfiltered catalogue', async () => {
  const page = await get('/models?colour=blue', 'text/html');
  assert.equal(page.statusCode, 400);
  assert.equal((await get('/api/v1/models?colour=blue', 'application/json')).statusCode, 400);
});
