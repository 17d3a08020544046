// The changes page says what dates each change, as get_model_changes does in `subject`.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildApp } from '../../../app.ts';
import { servedDataset, testAccess, testConfig } from '../../../../test/helpers.ts';

const { dataset } = servedDataset();
const app = buildApp({ config: testConfig(), dataset, access: testAccess(), today: () => '2026-10-01' });
after(() => app.close());

test('/changes: a listing first seen in a later copy says it is dated by that copy, not shown as if it started that day', async () => {
  const res = await app.inject({ method: 'GET', url: '/changes?kind=hosting&model=glm-5.3&until=2026-09-23&days=60', headers: { accept: 'text/html' } });
  assert.equal(res.statusCode, 200);
  // models.dev's copies: Zhipu AI's listing of GLM-5.3 is absent from the copy of 2026-08-21 and present in that of
  // 2026-09-23, so the change is dated 2026-09-23 by the later copy, an upper bound of the day it began.
  assert.match(res.body, /GLM-5\.3<\/a>[\s\S]*?<small class="basis">listed between 2026-08-21 and 2026-09-23, dated by the later copy/);
});
