// recommend_model on hardware the caller owns or buys: the usable-speed floor, a local machine costed as bought, and
// why a smaller configuration is not the one costed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aHardware, aModel, aRating, f } from '../dataset/fixtures.ts';
import type { Architecture } from '../schema/index.ts';
import { interpret } from './interpret.ts';
import { recommend } from './recommend.ts';
import { floorKey, READING_TOKENS_PER_S, speedFloorOf, type SpeedFloor } from './recommend-speed.ts';
import { priceScore } from './recommend-weights.ts';
import { notesFor } from './recommend-reasons.ts';

const arch = (layers: number): Architecture => ({ layers, kv_heads: 8, head_dim: 128, attention: 'gqa', hf_repo: 'acme/x' });
const APACHE = f({ id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true });
const open = (id: string, params: number, layers: number) =>
  aModel({ id, open_weights: f(true), licence: APACHE, parameters_total: f(params), architecture: f(arch(layers)), context_window: f(131072) });
const rated = (model_id: string, rating: number) => aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5 });
const host = (usd: number) => f({ id: 'tower', name: 'tower', basis: 'priced' as const, usd });

// Two desktops small-8b fits. slow-24 is the cheaper to own (540 + 180 USD against 1,080 + 720) but reads memory at
// 40 GB/s: a batch-1 decode reads every weight once a token, and 8B weights at 8.5 bits (Q8_0) are 8.5 GB, so it
// writes at most 40 / 8.5 = 4.7 tokens/s, under the reading floor of 238 words a minute / 60 / 0.75 words a token =
// 5.29 tokens/s (Brysbaert 2019; OpenAI's 3/4 word a token). tiny-1b's 1.06 GB read there allows up to 37 tokens/s.
const DESKS = {
  models: [open('small-8b', 8e9, 32), open('tiny-1b', 1e9, 16)],
  ratings: [rated('small-8b', 1400), rated('tiny-1b', 1300)],
  hardware: [
    aHardware({ id: 'slow-24', memory_gb: f(24), bandwidth_gbs: f(40), purchase_price_usd: f(540), power_w: f(100), host_machine: host(180) }),
    aHardware({ id: 'fast-24', memory_gb: f(24), bandwidth_gbs: f(1000), purchase_price_usd: f(1080), power_w: f(300), host_machine: host(720) }),
  ],
};
const desks = aDataset(DESKS);
const pick = (r: ReturnType<typeof recommend>, id: string) => r.recommendations.find((x) => x.model.id === id);

test('the floor is the reading speed: 238 words a minute at 0.75 words a token', () => {
  // 238 / 60 = 3.9667 words a second; / 0.75 = 5.2889 tokens a second.
  assert.ok(Math.abs(READING_TOKENS_PER_S - 5.2889) < 1e-4);
});

test('on premises: the least costly configuration to own is passed over when it writes under the floor, and said so', () => {
  const r = recommend(desks, interpret(desks, { where: 'on premises' }));
  const small = pick(r, 'small-8b')!;
  const self = small.option.self!;
  assert.deepEqual([self.hardware.id, self.passed_over?.hardware.id, self.on_premises, self.below_floor], ['fast-24', 'slow-24', true, false]);
  assert.ok(self.passed_over!.fit.tokens_per_s! < 4.7, 'under the bandwidth bound worked above');
  // fast-24 bought and run, by hand: (1,080 + 720) / 36 = 50 USD; busy 730 x 0.5 = 365 h at 300 W, idle 0.2 x 300 = 60 W
  // for the other 365 h: (300 x 365 + 60 x 365) / 1000 x 0.15 USD/kWh = 19.71; 69.71 USD.
  assert.equal(self.cost!.monthly_usd, 69.71);
  assert.match(small.reasons[1], /least costly configuration to own that it fits at a usable speed, at q8_0/);
  assert.match(small.reasons[1], /The least costly configuration to own that it fits, slow-24 \(slow-24\), runs it at q8_0 at about [0-4]\.\d tokens\/s, under the usable-speed floor of 5\.3 tokens\/s/);
  // Nothing was held back: small-8b has a faster configuration.
  const speed = r.steps.find((s) => s.id === 'speed')!;
  assert.deepEqual([speed.constraint, speed.eliminated], ['where=on-premises', 0]);
  assert.deepEqual(r.held_back, []);
});

test('on a named machine under the floor the model is held back, and the note names it with its speed', () => {
  const s = interpret(desks, { where: 'local', machine: 'slow-24' });
  const r = recommend(desks, s);
  assert.deepEqual(r.recommendations.map((x) => x.model.id), ['tiny-1b']);
  const speed = r.steps.find((x) => x.id === 'speed')!;
  assert.deepEqual([speed.constraint, speed.eliminated, speed.remaining], ['machine=slow-24', 1, 1]);
  assert.deepEqual(r.held_back.map((h) => [h.model.id, h.hardware.id]), [['small-8b', 'slow-24']]);
  const note = notesFor(s, r.plan, r.board, r.on_machine, r.held_back).find((n) => /held back/.test(n));
  assert.match(note ?? '', /^machine=slow-24: .*5\.3 tokens\/s .*1 model that fits was held back .*small-8b \(small-8b: about [0-4]\.\d tokens\/s at q8_0 on slow-24\)/);
  // The same machine named by a caller who allows API offers: small-8b has no offer and writes too slowly there, so it
  // is left out the same way.
  assert.equal(pick(recommend(desks, interpret(desks, { machine: 'slow-24' })), 'small-8b'), undefined);
});

test('where=local with no machine named: the machine is bought, costed as estimate_cost costs it owned, not a neutral 0.5', () => {
  const r = recommend(desks, interpret(desks, { where: 'local' }));
  const self = pick(r, 'small-8b')!.option.self!;
  assert.deepEqual([self.hardware.id, self.bought, self.on_premises, self.own_machine, self.cost?.rental], ['fast-24', true, false, false, null]);
  // The same month as on premises (69.71 USD, worked above), ranked on it over the tokens the machine serves.
  assert.equal(self.cost!.monthly_usd, 69.71);
  const price = pick(r, 'small-8b')!.option.parts.price;
  assert.equal(price, Math.round(priceScore(69.71 / self.cost!.owned!.tokens_millions) * 1e4) / 1e4);
  assert.notEqual(price, 0.5);
  assert.match(pick(r, 'small-8b')!.reasons[1], /Runs on a machine you would buy \(where=local, none named\): fast-24/);
});

test('a named machine is yours: not costed in the ranking, and its month and electricity stated as estimate_cost gives them', () => {
  const r = recommend(desks, interpret(desks, { where: 'local', machine: 'fast-24' }));
  const small = pick(r, 'small-8b')!;
  assert.equal(small.option.parts.price, 1);
  // At its capacity the month is 69.71 USD (worked above), 19.71 of it electricity.
  assert.match(small.reasons[1], /the machine is yours, so its purchase is spent.*its electricity, \$19\.71 a month at about .*gives \$70 a month bought and run: its purchase \(\$1,080[^)]*\) and its host machine \(\$720[^)]*\) over 36 months, and that electricity\./);
});

// No configuration counts a host machine: the least costly of all is costed (recommend-hosting.ts), so the smaller one
// lost on its month, not on a host machine it leaves out like the one costed.
const BARE = {
  models: [open('small-8b', 8e9, 32)],
  ratings: [rated('small-8b', 1400)],
  hardware: [
    aHardware({ id: 'bare-24', memory_gb: f(24), purchase_price_usd: f(1500), power_w: f(300) }),
    aHardware({ id: 'bare-48', class: 'server', memory_gb: f(48), purchase_price_usd: f(900), power_w: f(200) }),
  ],
};

test('no configuration counts its host machine: the smaller one is said to cost more to own, not to leave its host out', () => {
  const bare = aDataset(BARE);
  const r = recommend(bare, interpret(bare, { where: 'on premises' }));
  const small = pick(r, 'small-8b')!;
  // bare-48 costs 900 / 36 = 25 USD a month against bare-24's 1,500 / 36 = 41.67, each before electricity.
  assert.deepEqual([small.option.self!.hardware.id, small.option.self!.smallest?.hardware.id], ['bare-48', 'bare-24']);
  assert.match(small.reasons[1], /It also fits bare-24 \(bare-24, 24\.48 GB usable, about [\d.]+ tokens\/s at q8_0\), which costs more to own\./);
  assert.doesNotMatch(small.reasons[1], /would leave out its host machine/);
});

test('a floor\'s key: the decode speed and the prompt limit that hold a pick back, the same for equal values', () => {
  // Kept picks (recommend-hosting-owned.ts, recommend-hosting-named.ts) are found under this key: two floors that hold
  // back different picks must never share it, and a floor made afresh with the same values must find the kept one.
  const reading: SpeedFloor = { tokens_per_s: 5.29, prefill_s: 120, prefill_stated_s: 120 };
  assert.equal(floorKey(reading), floorKey({ ...reading }), 'the same values, another object');
  assert.equal(floorKey(reading), floorKey(reading), 'asked again');
  assert.notEqual(floorKey(reading), floorKey({ ...reading, tokens_per_s: 6 }), 'another decode speed');
  assert.notEqual(floorKey(reading), floorKey({ ...reading, prefill_s: null }), 'no prompt limit');
  assert.notEqual(floorKey(reading), floorKey({ ...reading, prefill_s: 60 }), 'another prompt limit');
  // A limit that holds back states itself: stating it again is the same floor.
  assert.equal(floorKey(reading), floorKey({ ...reading, prefill_stated_s: null }));
  assert.notEqual(floorKey(null), floorKey({ tokens_per_s: 0, prefill_s: null, prefill_stated_s: null }), 'no floor is not a floor of 0');
  // The uses' floors (docs/trust-and-recommend.md 2.4): use=documents holds a prompt filling the context to 120 s, chat
  // to none, so off a named machine their keys differ. On one, documents holds nothing back for the prompt, but a pick
  // over the limit ranks after the others (the verdicts kept carry that mark), so its key differs from chat's there too;
  // with the limit only stated and a limit that holds back, the stated one adds nothing (it is the same limit).
  assert.notEqual(floorKey(speedFloorOf('documents')), floorKey(speedFloorOf('chat')));
  assert.notEqual(floorKey(speedFloorOf('documents', true)), floorKey(speedFloorOf('chat', true)));
  assert.notEqual(floorKey(speedFloorOf('documents', true)), floorKey(speedFloorOf('documents')));
  assert.equal(floorKey(speedFloorOf('chat', true)), floorKey(speedFloorOf('chat')));
});
