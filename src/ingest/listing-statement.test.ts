// A listing's own statement: the newest of its source's, and nothing where no observation states it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OfferObservation } from '../sources/types.ts';
import { listingStatement } from './listing-statement.ts';

const obs = (as_of: string, tool_calling?: boolean): { o: OfferObservation } => ({
  o: { source: 'models-dev', provider: 'openrouter', provider_model_id: 'meta-llama/llama-3.2-1b-instruct', region: 'global', as_of, tool_calling },
});

test('the newest statement of the listing\'s source is the fact; a copy that is silent states nothing', () => {
  // An older copy said true, the newer says false: the listing serves no tool calling as of the newer copy.
  const f = listingStatement([obs('2026-05-01', true), obs('2026-07-02', false), obs('2026-08-01')], (o) => o.tool_calling);
  assert.equal(f?.value, false);
  assert.equal(f?.as_of, '2026-07-02');
  assert.equal(f?.source, 'models-dev');
  assert.equal(listingStatement([obs('2026-07-02')], (o) => o.tool_calling), undefined);
});
