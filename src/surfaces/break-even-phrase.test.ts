// Tests of the break-even windows phrase the cost page and the MCP text share.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { windowsPhrase } from './break-even-phrase.ts';

const millions = (m: number) => `${m}M`;
const w = (from: number, to: number) => ({ from_tokens_millions: from, to_tokens_millions: to, hardware_id: 'mi300x-x4', machines: 1 });

test('owned windows: the first window, how many more, and the volume from which it stays cheaper', () => {
  // DeepSeek V3.2 owned on mi300x-x4 (engines/break-even.test.ts, worked there): one machine breaks even at 8,368.94M
  // and is full at 8,477.14M; 13 windows in all with mi300x-x8's, cheaper for good from 149,664.36M.
  const b = { tokens_millions: 8368.94, stays_cheaper_from_tokens_millions: 149664.36, cheaper_windows: [w(8368.94, 8477.14)],
    cheaper_windows_count: 13 };
  assert.equal(windowsPhrase(b, millions, ' tokens/month'),
    'cheaper than the API between 8368.94M and 8477.14M tokens/month, then in 12 more windows, and from 149664.36M on');
});

test('one window says no "more windows"; without a last range it never stays cheaper', () => {
  const one = { tokens_millions: 3690.27, stays_cheaper_from_tokens_millions: 7283.18, cheaper_windows: [w(3690.27, 5140.92)],
    cheaper_windows_count: 1 };
  assert.equal(windowsPhrase(one, millions, ''), 'cheaper than the API between 3690.27M and 5140.92M, and from 7283.18M on');
  const two = { ...one, stays_cheaper_from_tokens_millions: null, cheaper_windows_count: 2 };
  assert.equal(windowsPhrase(two, millions, ''), 'cheaper than the API between 3690.27M and 5140.92M, then in 1 more window, '
    + 'and never stays cheaper');
});

test('no window (cheaper for good from the break-even, or never crossing, or a partial value): no phrase', () => {
  assert.equal(windowsPhrase({ tokens_millions: 100, stays_cheaper_from_tokens_millions: 100, cheaper_windows: [],
    cheaper_windows_count: 0 }, millions, ''), undefined);
  assert.equal(windowsPhrase({ tokens_millions: null, reason: 'they never cross' }, millions, ''), undefined);
  assert.equal(windowsPhrase(undefined, millions, ''), undefined);
});
