// Words a reading of who/use/data/keep/where left unread: given back as written, stop words out, each ask apart.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aDataset, aHardware, f } from '../dataset/fixtures.ts';
import { interpret } from './interpret.ts';
import { unreadNotes } from './unread-notes.ts';
import { unreadPhrases, wordSpans } from './unread.ts';
import { mapText, VOCABULARY, words } from './vocabulary.ts';

const read = (p: keyof typeof VOCABULARY, text: string) => {
  const m = mapText(text, VOCABULARY[p])!;
  return { value: m.value, matched: m.matched, unread: m.unread };
};

test('wordSpans splits exactly as words does, and each span is the text the word came from', () => {
  // Accents, a glued size, an apostrophe, a ligature, a trademark sign (NFKD: "TM"), a sharp s (no a-z form), an
  // emoji, a dotted capital I, a curly apostrophe: the split is words' own, character for character.
  const texts = ['Crème brûlée 24GB', "don't stop", 'ﬁne™ tuning', 'Straße 4x4090', 'robot 🤖 rtx-3090-x2', 'İstanbul', 'we’re 1a2b', '', '  ,;  '];
  for (const t of texts) {
    const spans = wordSpans(t);
    assert.deepEqual(spans.map((s) => s.word), words(t), t);
  }
  assert.deepEqual(wordSpans('Crème 24GB').map((s) => [s.word, 'Crème 24GB'.slice(s.start, s.end)]), [['creme', 'Crème'], ['24', '24'], ['gb', 'GB']]);
});

test('the four phrasings: what each parameter reads and what it leaves unread', () => {
  // Read by hand against the vocabulary (vocabulary.ts): `startup` is a who value; `hospital` a healthcare synonym and
  // `Germany` no who phrase; `developer` a coding synonym and neither `solo` nor `4090` a use phrase; `EU only` is
  // the value eu-only written out and `no retention` a no-retention synonym, every word read.
  assert.deepEqual(read('who', 'startup with a budget of $1 per million tokens'),
    { value: 'startup', matched: ['startup'], unread: ['budget of $1 per million tokens'] });
  assert.deepEqual(read('who', 'hospital in Germany'), { value: 'healthcare', matched: ['hospital'], unread: ['Germany'] });
  assert.deepEqual(read('use', 'solo developer on a 4090'), { value: 'coding', matched: ['developer'], unread: ['solo', '4090'] });
  assert.deepEqual(read('keep', 'EU only, no retention'), { value: 'eu-only,no-retention', matched: ['eu-only', 'no-retention'], unread: [] });
});

test('a run not read is split at a joining word or punctuation, never inside a number', () => {
  assert.deepEqual(read('who', 'startup needing 200k context and low latency').unread, ['200k context', 'low latency']);
  assert.deepEqual(read('who', 'startup with a budget of $1,000 a month; EU only').unread, ['budget of $1,000 a month', 'EU']);
  assert.deepEqual(read('who', 'startup, budget $1.50 per million tokens. Fast!').unread, ['budget $1.50 per million tokens', 'Fast']);
});

test('nothing unread: a canonical value, text every word of which a phrase read, stop words alone, a value set aside', () => {
  assert.deepEqual(read('who', 'public-sector').unread, []);
  assert.deepEqual(read('data', 'personal health records').unread, [], 'both values read; personal set aside, not unread');
  assert.deepEqual(read('who', 'we are a startup').unread, [], 'stop words are never reported');
  assert.deepEqual(read('keep', 'patient data must stay in Germany, zero data retention').unread, ['patient data']);
  // A part of keep that names no constraint is set aside with why, and is unread too: it decided nothing.
  const hipaa = mapText('HIPAA and EU only', VOCABULARY.keep)!;
  assert.deepEqual([hipaa.unread, hipaa.set_aside.length], [['HIPAA'], 1]);
});

test('unreadPhrases gives the words themselves should the split differ from the reading', () => {
  assert.deepEqual(unreadPhrases('X', ['budget', 'of', 'one', 'dollar'], [false, false, false, false]), ['budget of one dollar']);
});

const ds = aDataset({ hardware: [aHardware({ id: 'rtx-4090', accelerator: 'NVIDIA GeForce RTX 4090', memory_gb: f(24) })] });

test('notes: which other parameter would read an unread word, and what serves a constraint recommend_model has no parameter for', () => {
  const notes = (raw: Record<string, string>) => unreadNotes(ds, interpret(ds, raw).understood);
  const [germany] = notes({ who: 'hospital in Germany' });
  assert.equal(germany, 'who "hospital in Germany" was read as healthcare; not read, so nothing was applied for it: '
    + '"Germany" (keep=eu-only and where=eu-cloud would read it: give it there to apply it).');
  // keep=eu-only given: Germany would add nothing there, so no pointer.
  assert.doesNotMatch(notes({ who: 'hospital in Germany', keep: 'eu-only' })[0], /would read it/);
  const [solo] = notes({ use: 'solo developer on a 4090' });
  assert.match(solo, /"solo" \(who=individual would read it: give it there to apply it\), "4090" \(machine=rtx-4090 would read it/);
  const [budget] = notes({ who: 'startup with a budget of $1 per million tokens' });
  assert.match(budget, /: "budget of \$1 per million tokens"\. recommend_model takes no price ceiling: search_models filters by price \(max_input_price, max_output_price/);
  assert.match(notes({ who: 'startup needing low latency' })[0], /takes no speed or latency target/);
  assert.match(notes({ who: 'startup needing 200k context' })[0], /context parameter takes a context length, in tokens/);
  assert.deepEqual(notes({ who: 'startup', use: 'coding', keep: 'EU only, no retention' }), [], 'every word read: no note');
});
