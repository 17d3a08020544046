// The text beside structuredContent: one summary line, then the whole answer as JSON for clients that read only text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { defineOperation, READ_ONLY } from '../../ops/operation.ts';
import { renderText } from './render-text.ts';

const op = defineOperation({
  name: 'probe', title: 'Probe results', description: 'd', path: '/p', input: z.object({}), output: z.object({}),
  annotations: READ_ONLY, examples: [], handler: () => ({}),
});

test('the text is a summary line and then the structuredContent as JSON, parsable back to the same value', () => {
  const value = {
    data_as_of: '2026-09-23', items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], notes: [], page: { total: 40 },
    sources: [{ id: 's' }], attribution: 'Data: Model Data Service (http://x)',
  };
  const text = renderText(op, value, JSON.stringify(value));
  const newline = text.indexOf('\n');
  assert.equal(text.slice(0, newline),
    'Probe results (data as of 2026-09-23): items: 3; notes: none; 40 in total across pages. Show with the data: Data: Model Data Service (http://x)');
  assert.deepEqual(JSON.parse(text.slice(newline + 1)), value);
});

test('a single subject is named by its id; a line break in a value cannot split the summary', () => {
  const value = { data_as_of: '2026-09-23', id: 'llama-3.3-70b-instruct', offers: [], attribution: 'a\nb' };
  const text = renderText(op, value, JSON.stringify(value));
  assert.equal(text.split('\n')[0], 'Probe results (data as of 2026-09-23): llama-3.3-70b-instruct; offers: none. Show with the data: a b');
  assert.equal(text.split('\n').length, 2);
});
