import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ModelObservation } from '../sources/types.ts';
import { listingDeveloper } from './listing-developer.ts';

// Names as developers.csv spells them (sarvamai is an alias of Sarvam AI, BAAI a developer of its own).
const table: Record<string, string> = { sarvamai: 'sarvam', baai: 'baai', nvidia: 'nvidia', perplexity: 'perplexity' };
const resolve = (n: string) => table[n.toLowerCase()];
const nim = (id: string, provider = 'nvidia'): ModelObservation =>
  ({ source: 'models-dev', as_of: '2026-07-02', source_model_id: id, provider });

test('a NIM listing under another developer\'s namespace names that developer', () => {
  // models.dev providers/nvidia/models/sarvamai/sarvam-m.toml, .../meta/esmfold.toml, .../baai/bge-m3.toml
  assert.equal(listingDeveloper(nim('nvidia/sarvamai/sarvam-m'), resolve), 'sarvam');
  assert.equal(listingDeveloper(nim('nvidia/meta/esmfold'), resolve), 'meta'); // VENDOR_PREFIX meta
  assert.equal(listingDeveloper(nim('nvidia/BAAI/bge-m3'), resolve), 'baai');
  assert.equal(listingDeveloper(nim('nvidia/mistralai/mistral-nemotron'), resolve), 'mistral');
});

test('the provider\'s own namespace, a bare id or an unknown namespace name no other developer', () => {
  assert.equal(listingDeveloper(nim('nvidia/nvidia/nemotron-mini-4b-instruct'), resolve), undefined);
  assert.equal(listingDeveloper(nim('nvidia/mistral-nemotron'), resolve), undefined);
  assert.equal(listingDeveloper(nim('nvidia/abacusai/dracarys-llama-3_1-70b-instruct'), resolve), undefined);
});

test('only a first-party provider\'s listing counts: a reseller\'s namespace is rule 5\'s business', () => {
  assert.equal(listingDeveloper(nim('deepinfra/sarvamai/sarvam-m', 'deepinfra'), resolve), undefined);
  assert.equal(listingDeveloper({ source: 'models-dev', as_of: '2026-07-02', source_model_id: 'nvidia/sarvam-m' }, resolve), undefined);
});
