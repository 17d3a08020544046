// Provider names from genai-prices' bundle: the fallback for providers models.dev has no provider.toml for.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { genaiProviderNames } from './genai-prices-names.ts';

test('the bundle names QuickSilver Pro and five others models.dev does not; router backends and bad rows name nothing', () => {
  // npm-0.1.8-bundled-providers.json (@pydantic/genai-prices 0.1.8, 2026-09-23): the entries as the bundle gives them,
  // models trimmed. QuickSilver Pro's own pages spell it the same ("QuickSilver Pro speaks the OpenAI Images API",
  // https://quicksilverpro-5js.pages.dev/docs/images/).
  const doc = [
    { id: 'quicksilverpro', name: 'QuickSilver Pro', pricing_urls: ['https://quicksilverpro.io/#pricing'] },
    { id: 'arcee', name: 'Arcee' }, { id: 'doubleword', name: 'Doubleword' },
    { id: 'aws', name: 'AWS Bedrock' },
    { id: 'huggingface_nebius', name: 'HuggingFace (nebius)' },
    { id: 'nameless' }, { name: 'No id' }, 'not an object', null,
  ];
  const names = genaiProviderNames(doc);
  assert.equal(names.quicksilverpro, 'QuickSilver Pro');
  assert.equal(names.arcee, 'Arcee');
  assert.equal(names.doubleword, 'Doubleword');
  // Keyed by the project's id: genai-prices' `aws` is models.dev's amazon-bedrock.
  assert.equal(names['amazon-bedrock'], 'AWS Bedrock');
  assert.equal(names.aws, undefined);
  assert.equal(names.huggingface, undefined, 'a backend label is not the router\'s name');
  assert.equal(names.nameless, undefined);
  assert.deepEqual(genaiProviderNames({ not: 'a list' }), {});
});
