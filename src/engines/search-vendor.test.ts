// Tests of the vendor a search filter names: id, name, or the Hugging Face owner of one developer's models.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aDeveloper, aModel, f } from '../dataset/fixtures.ts';
import { readVendor } from './search-vendor.ts';

// Aliases as the committed dataset has them: Meta's repos under meta-llama/, Vertex AI routes under google/ for both
// Google's and Anthropic's models.
const ds = aDataset({
  developers: [aDeveloper({ id: 'meta', name: 'Meta' }), aDeveloper({ id: 'google', name: 'Google' }), aDeveloper({ id: 'anthropic', name: 'Anthropic' })],
  models: [
    aModel({ id: 'llama-3.3-70b-instruct', vendor: 'meta', name: f('Llama 3.3 70B Instruct'), aliases: ['meta-llama/Llama-3.3-70B-Instruct'] }),
    aModel({ id: 'gemma-3-4b-it', vendor: 'google', name: f('Gemma 3 4B'), aliases: ['google/gemma-3-4b-it'] }),
    aModel({ id: 'claude-sonnet-4-5', vendor: 'anthropic', name: f('Claude Sonnet 4.5'), aliases: ['vertex/google/claude-sonnet-4-5', 'gcp/claude'] }),
    aModel({ id: 'claude-opus-4-6', vendor: 'anthropic', name: f('Claude Opus 4.6'), aliases: ['google/claude-opus-4-6'] }),
  ],
});

test('a developer id or name is itself; the Hugging Face owner of one developer\'s models is that developer', () => {
  assert.deepEqual(readVendor(ds, 'Meta'), { vendor: 'meta' });
  assert.deepEqual(readVendor(ds, 'meta-llama'), { vendor: 'meta', via: 'meta-llama' });
  // `google` is a developer id: Google, though Anthropic models are routed under google/ too.
  assert.deepEqual(readVendor(ds, 'google'), { vendor: 'google' });
});

test('an unknown vendor is unknown, with the closest developers', () => {
  const r = readVendor(ds, 'metta');
  assert.ok('unknown' in r && r.suggestions[0].toLowerCase() === 'meta', JSON.stringify(r));
});
