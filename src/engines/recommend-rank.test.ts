// Tests of recommend_model's ranking arrays: the order of the picks and the best model on the caller's machine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aModel } from '../dataset/fixtures.ts';
import { apiFirst, Ranking, tierOf, unitPrice } from './recommend-rank.ts';

const NONE = -Infinity;

test('the picks come by score, then rating, then unit price, then id, and the rest is not needed in order', () => {
  const r = new Ranking();
  r.reset();
  // slot: id, score, rating, unit price, score on own machine
  r.add(aModel({ id: 'd' }), 0.7, 1300, 2, NONE); // 0
  r.add(aModel({ id: 'a' }), 0.8, 1200, 5, NONE); // 1: best score
  r.add(aModel({ id: 'c' }), 0.7, 1300, 1, NONE); // 2: ties 0 on score and rating, cheaper
  r.add(aModel({ id: 'b' }), 0.7, 1300, Infinity, NONE); // 3: no price known
  r.add(aModel({ id: 'e' }), 0.7, 1300, Infinity, NONE); // 4: ties 3 on all figures: id decides (b before e)
  r.add(aModel({ id: 'f' }), 0.6, 1500, 0.1, NONE); // 5: last despite its rating
  assert.deepEqual(r.top(3).map((i) => r.model(i).id), ['a', 'c', 'd']);
  assert.deepEqual(r.top(6).map((i) => r.model(i).id), ['a', 'c', 'd', 'b', 'e', 'f']);
  assert.deepEqual(r.top(0), []);
  // Past the arrays' first room (1,024 slots): the figures of earlier slots survive the growth.
  for (let i = 0; i < 1500; i++) r.add(aModel({ id: `m${i}` }), 0.1, 1000, 1, NONE);
  assert.deepEqual(r.top(4).map((i) => r.model(i).id), ['a', 'c', 'd', 'b']);
});

test('the best on the caller\'s machine: the highest score run there, the better-ranked on a tie, with its place', () => {
  const r = new Ranking();
  r.reset();
  r.add(aModel({ id: 'api-only' }), 0.9, 1400, 1, NONE);
  r.add(aModel({ id: 'x' }), 0.5, 1200, 1, 0.45); // ranked 3rd
  r.add(aModel({ id: 'y' }), 0.6, 1250, 1, 0.45); // ranked 2nd, same score on the machine: wins the tie
  r.add(aModel({ id: 'z' }), 0.4, 1100, 1, 0.3);
  assert.deepEqual(r.bestOwn(), { fitting: 3, best: 2, position: 2 });
  r.clear();
  r.reset();
  r.add(aModel({ id: 'api-only' }), 0.9, 1400, 1, NONE);
  assert.deepEqual(r.bestOwn(), { fitting: 0, best: -1, position: 0 });
});

test('the better way: the higher score, the API offer on an equal one; its price per 1M tokens', () => {
  const priced = { blended: 3 } as never;
  const self = { cost: { usd_per_mtok: 7 } } as never;
  assert.equal(apiFirst(priced, 0.5, self, 0.5), true);
  assert.equal(apiFirst(priced, 0.5, self, 0.51), false);
  assert.equal(apiFirst(undefined, NONE, self, 0.1), false);
  assert.equal(apiFirst(priced, 0.1, undefined, NONE), true);
  assert.equal(unitPrice(true, priced, self), 3);
  assert.equal(unitPrice(false, priced, self), 7);
  assert.equal(unitPrice(false, undefined, { cost: null } as never), Infinity);
});

test('a way over the prompt limit on the caller\'s machine ranks after every way that meets it, whatever its score', () => {
  // use=documents on a named machine (docs/trust-and-recommend.md 2.4): a model reading a full prompt in 120 s or less
  // is never displaced by one over it, however far ahead its rating puts its score; among each tier, the usual order.
  const r = new Ranking();
  r.reset();
  r.add(aModel({ id: 'over-best' }), 0.9, 1500, 1, 0.9, 1, 1); // 0: best score, over the limit
  r.add(aModel({ id: 'meets' }), 0.6, 1400, 1, 0.6, 0, 0); // 1
  r.add(aModel({ id: 'over' }), 0.8, 1450, 1, 0.8, 1, 1); // 2
  r.add(aModel({ id: 'meets-low' }), 0.3, 1100, 1, 0.3); // 3: tier 0 by default
  assert.deepEqual(r.top(4).map((i) => r.model(i).id), ['meets', 'meets-low', 'over-best', 'over']);
  // The best on the machine is the best that meets it, placed first.
  assert.deepEqual(r.bestOwn(), { fitting: 4, best: 1, position: 1 });
  // Every way over the limit: ranked among themselves by score, as before.
  r.reset();
  r.add(aModel({ id: 'a' }), 0.5, 1300, 1, 0.5, 1, 1);
  r.add(aModel({ id: 'b' }), 0.7, 1300, 1, 0.7, 1, 1);
  assert.deepEqual(r.top(2).map((i) => r.model(i).id), ['b', 'a']);
});

test('a self-hosted way over the prompt limit comes after the model\'s API offer, and only it is in the lower tier', () => {
  const priced = { blended: 3 } as never;
  const over = { over_prompt_limit: true, cost: null } as never;
  const meets = { over_prompt_limit: false, cost: null } as never;
  assert.equal(apiFirst(priced, 0.3, over, 0.9), true, 'the offer meets the limit (an offer is not held to it)');
  assert.equal(apiFirst(priced, 0.3, meets, 0.9), false);
  assert.equal(apiFirst(undefined, NONE, over, 0.9), false, 'no offer: the way over the limit is the only one');
  assert.equal(tierOf(false, over), 1);
  assert.equal(tierOf(true, over), 0);
  assert.equal(tierOf(false, meets), 0);
  assert.equal(tierOf(true, undefined), 0);
});
