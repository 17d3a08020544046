import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isRefusal, resolveMachine } from './machine.ts';
import { real, skip } from './machine-fixtures.ts';
import { mayNameMachine } from './machine-readable.ts';
import { MACHINE_HARDWARE_SYNONYMS, MACHINE_SYNONYMS, VOCABULARY, words } from './vocabulary.ts';

test('machine texts as people write them may name a machine (each is read as one)', { skip }, () => {
  // The forms docs/trust-and-recommend.md and the 400's list of accepted machines give, with plurals, glued counts,
  // an id inside other words, a product, a class synonym and a word for one configuration.
  for (const text of ['4090', 'RTX 3060 12GB', 'M3 Max 64GB', '4090 laptop', '2x 3090', 'dual 4090', '4 x H100', '24 GB GPU',
    '64 GB Mac', '4xL40S', 'two H100s', 'my rtx-4090-x2 box', 'CPU only, 64 GB DDR5', 'Framework Desktop 128GB', 'Mac mini', 'DGX',
    'servers', 'desktop', 'Strix Halo 64GB', 'no GPU', 'laptop', 'h100-80gb-x8']) {
    assert.ok(!isRefusal(resolveMachine(real!, text)), `${text} is read`);
    assert.equal(mayNameMachine(real!, text), true, text);
  }
});

test('phrases with no word a machine is read from are told apart, and each of them is refused by the reader', { skip }, () => {
  for (const text of ['of 12 people', '37 people', 'budget of $1 per million tokens', 'low latency', 'Germany', '200k context', 'quad', 'a pair', '!!']) {
    assert.equal(mayNameMachine(real!, text), false, text);
    assert.ok(isRefusal(resolveMachine(real!, text)), `${text} is refused`);
  }
});

test('never a false "no": every text read as a machine holds a readable word (the vocabulary, catalogue words, pairs)', { skip }, () => {
  // The pool: every synonym of the other parameters (the phrases recommend_model leaves unread come from their texts),
  // every word of every catalogued accelerator, id and product and each whole, the class synonyms and the words for one
  // configuration, and counts, sizes and fillers the reader handles.
  const pool = new Set<string>(['2', '24', '64', '4x', 'x2', 'gb', 'tb', 'dual', 'my', 'gpu', 'gpus', 'card', 'ram', 'vram', 'nvlink', 'people']);
  for (const v of Object.values(VOCABULARY)) for (const e of v.values) for (const s of [e.value, ...e.synonyms]) pool.add(s);
  for (const h of real!.hardware) {
    for (const w of [...words(h.accelerator), ...words(h.id), ...(h.sold_as?.value ?? []).flatMap(words)]) pool.add(w);
    for (const whole of [h.id, ...(h.sold_as?.value ?? [])]) pool.add(whole);
  }
  for (const phrases of [...Object.values(MACHINE_SYNONYMS), ...Object.values(MACHINE_HARDWARE_SYNONYMS)]) for (const p of phrases) pool.add(p);
  const singles = [...pool];
  // Each also as a plural (`h100s`, `boxes`) and glued to a count (`4xl40s`, which the device reader splits apart).
  const texts = singles.flatMap((w) => [w, `${w}s`, `${w}es`, `4x${w}`, `2x${w}s`]);
  // Pairs in both orders, a fixed stride through the pool so that the test stays a few seconds long.
  for (let i = 0; i < singles.length; i++) for (let j = i % 23; j < singles.length; j += 23) texts.push(`${singles[i]} ${singles[j]}`);
  let read = 0;
  let toldApart = 0;
  for (const text of texts) {
    const r = resolveMachine(real!, text);
    const may = mayNameMachine(real!, text);
    if (!isRefusal(r)) { read++; assert.equal(may, true, `"${text}" is read as ${r.value}, yet no word was found readable`); }
    if (!may) toldApart++;
  }
  // Both sides must be exercised, or the test would pass whatever the filter said.
  assert.ok(read > 100 && toldApart > 1000, `read ${read}, told apart ${toldApart} of ${texts.length}`);
});
