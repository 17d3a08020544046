// The bits a token reads its active parameters at: each gpt-oss model its own split, worked by hand from its config.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activeBitsOf } from './active-bits.ts';
import { QUANTIZATIONS } from './constants.ts';
import { activeBitsWords, modelFacts, type ModelFacts } from './memory.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const ds = committedDataset();
const q = (id: string) => QUANTIZATIONS.find((x) => x.id === id)!;
const facts = (id: string) => modelFacts(ds.modelById.get(id)!) as ModelFacts;

test('an MXFP4 model reads its own experts-to-rest split, not gpt-oss-120b\'s', () => {
  // openai/gpt-oss-20b config.json: 24 layers, 32 experts, 4 a token, hidden and expert width 2,880; the card's 3.61B
  // active. Routed: 4 x 24 x 3 x 2,880 x 2,880 = 2.389B at 4.25 bits; the rest 1.221B at Q8_0's 8.5:
  // (2.389 x 4.25 + 1.221 x 8.5) / 3.61 = 5.69.
  const small = activeBitsOf(facts('gpt-oss-20b'), q('mxfp4'))!;
  assert.equal(small.value, 5.69);
  assert.match(small.basis, /^2\.389B routed-expert parameters at 4\.25 bits and 1\.221B of attention, output head and any shared expert at Q8_0's 8\.5 .* over 3\.61B active$/);
  // gpt-oss-120b: 36 layers, 4 of 128 experts: 3.583B routed of 5.13B: (3.583 x 4.25 + 1.547 x 8.5) / 5.13 = 5.53.
  assert.equal(activeBitsOf(facts('gpt-oss-120b'), q('mxfp4'))!.value, 5.53);
  assert.match(activeBitsWords(q('mxfp4'), facts('gpt-oss-20b')), /^a token reads its active parameters at 5\.69 bits, not the file's 4\.47: 2\.389B/);
});

test('a format without a split, and a format with none at all, keep their own figures', () => {
  // Kimi's INT4: the format's 8.33 (constants.ts: 21.139B at 4.5 and 10.547B at 16 over 31.686B) for every K2 model.
  assert.equal(activeBitsOf(facts('kimi-k2-thinking'), q('int4'))!.value, 8.33);
  assert.equal(activeBitsOf(facts('gpt-oss-20b'), q('q4_k_m')), undefined);
  assert.equal(activeBitsWords(q('q4_k_m'), facts('gpt-oss-20b')), '');
});
