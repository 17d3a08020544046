// Tests of the reviewed table of models served only on the developer's API.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { translateDeveloperWeights } from './developer-weights.ts';

const HEADER = 'model_id,open_weights,held_release_date,url,read_on,note';

test('a row is an observation of closed weights, with the date it holds back', () => {
  const { models, issues } = translateDeveloperWeights(`${HEADER}
llama-3.3-8b-instruct,false,2024-12-06,https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct,2026-11-26,the card lists 70B only`);
  assert.deepEqual(issues, []);
  assert.deepEqual(models, [{
    source: 'developer-weights', source_model_id: 'llama-3.3-8b-instruct', canonical_hint: 'llama-3.3-8b-instruct',
    as_of: '2026-11-26', url: 'https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct', open_weights: false,
    held_release_date: '2024-12-06',
  }]);
});

test('a row claiming open weights, a bad date or no page is an issue, not an observation', () => {
  const { models, issues } = translateDeveloperWeights(`${HEADER}
a,true,,https://example.com/a,2026-11-26,x
b,false,2024-13-01,https://example.com/b,2026-11-26,x
c,false,,not a url,2026-11-26,x`);
  assert.equal(models.length, 0);
  assert.deepEqual(issues.map((i) => i.field), ['open_weights', 'held_release_date', 'url']);
});
