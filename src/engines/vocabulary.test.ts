// Tests of the recommend vocabulary: canonical values, synonyms, combine rules, machine mapping, the 400 on nonsense.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { aDataset, aHardware, f } from '../dataset/fixtures.ts';
import { ServiceError } from '../errors/index.ts';
import { USES } from './use-categories.ts';
import { interpret } from './interpret.ts';
import { mapMachine, REPRESENTATIVE_HARDWARE } from './machine.ts';
import { findPhrases, MACHINE_HARDWARE_SYNONYMS, MACHINE_SYNONYMS, mapText, VOCABULARY, words } from './vocabulary.ts';

const hardware = [
  aHardware({ id: 'rtx-3090', memory_gb: f(24) }),
  aHardware({ id: 'rtx-4090', memory_gb: f(24) }),
  aHardware({ id: 'rtx-4090-x2', count: 2, memory_gb: f(48) }),
  aHardware({ id: 'rtx-4060-ti-16gb', memory_gb: f(16) }),
  aHardware({ id: 'rtx-3060-8gb', memory_gb: f(8) }),
  aHardware({ id: 'm4-max-128gb', class: 'laptop', accelerator: 'Apple M4 Max', unified_memory: true, memory_gb: f(128), usable_fraction: f(0.75) }),
  aHardware({ id: 'm4-16gb', class: 'laptop', accelerator: 'Apple M4', unified_memory: true, memory_gb: f(16), usable_fraction: f(0.75) }),
  aHardware({ id: 'rtx-4060-laptop', class: 'laptop', accelerator: 'NVIDIA GeForce RTX 4060 Laptop GPU', memory_gb: f(8) }),
  aHardware({ id: 'm4-pro-64gb', accelerator: 'Apple M4 Pro', unified_memory: true, memory_gb: f(64), usable_fraction: f(0.75) }),
  aHardware({ id: 'cpu-ddr5-64gb', accelerator: 'Desktop CPU', unified_memory: true, memory_gb: f(64), usable_fraction: f(0.8) }),
  aHardware({ id: 'rtx-6000-ada', class: 'workstation', memory_gb: f(48) }),
  aHardware({ id: 'h100-80gb-x8', class: 'server', count: 8, memory_gb: f(640) }),
  aHardware({ id: 'mi300x-x8', class: 'server', count: 8, memory_gb: f(1536) }),
];
const ds = aDataset({ hardware });
const map = (p: keyof typeof VOCABULARY, text: string) => mapText(text, VOCABULARY[p])?.value;

test('the use vocabulary is exactly the uses the arena mapping knows', () => {
  assert.deepEqual(VOCABULARY.use.values.map((e) => e.value), [...USES]);
});

test('every canonical value maps to itself, whatever its case and separators', () => {
  for (const [p, vocab] of Object.entries(VOCABULARY) as Array<[keyof typeof VOCABULARY, (typeof VOCABULARY)['who']]>) {
    for (const { value } of vocab.values) {
      assert.equal(map(p, value), value, `${p}=${value}`);
      assert.equal(map(p, value.toUpperCase().replace(/-/g, '_')), value, `${p}=${value} in capitals with underscores`);
    }
  }
  assert.equal(mapText('Public Sector', VOCABULARY.who)?.how, 'canonical');
});

test('no phrase names two values of one parameter, so a synonym is never ambiguous', () => {
  for (const [p, vocab] of Object.entries(VOCABULARY)) {
    const owner = new Map<string, string>();
    for (const e of vocab.values) {
      for (const phrase of [e.value, ...e.synonyms]) {
        const key = words(phrase).join(' ');
        assert.ok(key.length > 0, `${p}: empty phrase`);
        assert.ok(!owner.has(key) || owner.get(key) === e.value, `${p}: "${phrase}" names ${owner.get(key)} and ${e.value}`);
        owner.set(key, e.value);
      }
    }
  }
});

test('free text maps through synonyms on whole words, plurals included', () => {
  assert.equal(map('who', 'a hospital in Lyon'), 'healthcare');
  assert.equal(map('who', 'Hospitals'), 'healthcare');
  assert.equal(map('who', 'solo developer'), 'individual');
  assert.equal(map('who', 'public administration'), 'public-sector');
  assert.equal(map('data', 'patient records'), 'health');
  assert.equal(map('keep', 'must stay in the EU'), 'eu-only');
  assert.equal(map('keep', 'Zero data retention (ZDR)'), 'no-retention');
  assert.equal(map('where', 'on our own servers'), 'on-premises');
  assert.equal(map('where', 'EU cloud'), 'eu-cloud', 'the longer phrase wins over "cloud"');
  assert.equal(map('where', 'EU'), 'eu-cloud', 'a bare place name asks for a cloud there');
  assert.equal(map('where', 'Europe'), 'eu-cloud');
  assert.equal(map('where', 'on prem in the EU'), 'on-premises', 'on premises is the stricter of the two');
  assert.equal(map('use', 'RAG over PDFs'), 'documents');
  // A hospital's own words: the noun, not only the verb ("summarise clinical notes").
  assert.equal(map('use', 'clinical summaries'), 'documents');
  assert.equal(map('use', 'a discharge summary'), 'documents');
  // Whole words only: "hr" inside "three" and "eu" inside "neutral" must not match.
  assert.equal(map('data', 'three'), undefined);
  assert.equal(map('keep', 'neutral'), undefined);
});

test('a phrase word matches a text word as it is, or with s or es after it, and nothing else', () => {
  const box = [{ value: 'v', phrase: 'gpu box' }];
  const at = (text: string) => findPhrases(words(text), box).map((m) => `${m.start}+${m.length}`);
  assert.deepEqual(at('a gpu box'), ['1+2']);
  assert.deepEqual(at('gpus boxes'), ['0+2']);
  assert.deepEqual(at('gpues boxs'), ['0+2']);
  // One letter more that is not s, two that are not es, three more, a word cut short: no match.
  for (const t of ['gpu boxy', 'gpu boxen', 'gpu boxess', 'gpu bo', 'gpusx box']) assert.deepEqual(at(t), [], t);
});

test('several values in one text: who and use keep the first named, data and where the strictest, keep all', () => {
  const coding = mapText('coding agent', VOCABULARY.use)!;
  assert.deepEqual([coding.value, coding.set_aside], ['coding', ['agents']]);
  assert.equal(map('use', 'customer support chatbot'), 'customer-support');
  const data = mapText('personal health records', VOCABULARY.data)!;
  assert.deepEqual([data.value, data.set_aside], ['health', ['personal']]);
  const keep = mapText('EU only, and no training on our data', VOCABULARY.keep)!;
  assert.deepEqual([keep.value, keep.values, keep.set_aside], ['eu-only,no-training', ['eu-only', 'no-training'], []]);
  assert.equal(map('where', 'cloud or on premises'), 'on-premises');
});

test('a coding phrase wins over the verb write: "write code" is coding; "write a story" and "writing" stay writing', () => {
  // Before, "write code" and "writing code" read as writing (the verb named first) and ranked on creative_writing.
  for (const text of ['write code', 'writing code', 'code writing', 'Write Python', 'write SQL queries', 'I want to write code']) {
    const m = mapText(text, VOCABULARY.use)!;
    assert.deepEqual([m.value, m.set_aside], ['coding', []], text);
  }
  for (const text of ['write a story', 'writing', 'write', 'writing marketing emails']) {
    assert.equal(map('use', text), 'writing', text);
  }
  // A writing phrase of its own (blog) keeps the first named rule: writing first, coding set aside.
  const blog = mapText('writing a blog about code', VOCABULARY.use)!;
  assert.deepEqual([blog.value, blog.set_aside], ['writing', ['coding']]);
});

test('every synonym is read, alone, inside other words, and with its words as plurals (s or es)', () => {
  // mapText looks for phrases only in a text holding one word of some phrase (its longest), as written or as a plural.
  const plural = (phrase: string, end: string) => words(phrase).map((w) => `${w}${end}`).join(' ');
  for (const [p, vocab] of Object.entries(VOCABULARY)) {
    for (const e of vocab.values) {
      for (const phrase of [e.value, ...e.synonyms]) {
        for (const text of [phrase, `the ${phrase} here`, plural(phrase, 's'), plural(phrase, 'es')]) {
          assert.ok(mapText(text, vocab)?.values.includes(e.value), `${p}: "${text}" reads as ${e.value}`);
        }
      }
    }
  }
});

test('text naming nothing maps to nothing', () => {
  assert.equal(map('who', 'martian'), undefined);
  assert.equal(map('use', '   '), undefined);
  assert.equal(map('use', '!!!'), undefined);
});

test('machine: classes stand for a documented configuration, ids and names map to themselves', () => {
  // A laptop of unknown kind is checked on the 8 GB laptop GPU, a MacBook on the MacBook (machine-laptop.ts).
  assert.deepEqual([mapMachine(ds, 'laptop')?.hardware?.id, mapMachine(ds, 'laptop')?.class], ['rtx-4060-laptop', 'laptop']);
  assert.equal(mapMachine(ds, 'workstation')?.hardware?.id, 'rtx-6000-ada');
  assert.equal(mapMachine(ds, 'a GPU server')?.hardware?.id, 'h100-80gb-x8');
  assert.equal(mapMachine(ds, 'cluster')?.hardware?.id, 'mi300x-x8');
  assert.deepEqual([mapMachine(ds, 'none')?.value, mapMachine(ds, 'API only')?.hardware], ['none', null]);
  assert.equal(mapMachine(ds, 'RTX-4090')?.value, 'rtx-4090');
  assert.equal(mapMachine(ds, 'my RTX 4090 x2 box')?.value, 'rtx-4090-x2', 'the longest id named wins');
  // A PC or a MacBook of no stated model: the commonest PC and the base MacBook (machine-family.ts), not the largest.
  assert.equal(mapMachine(ds, 'gaming pc')?.value, 'rtx-3060-8gb');
  assert.deepEqual([mapMachine(ds, 'my MacBook')?.value, mapMachine(ds, 'my MacBook')?.hardware?.id], ['laptop', 'm4-16gb']);
});

test('machine: a bare memory size builds a configuration of that size, never another device; its speed is not estimated', () => {
  const gpu = mapMachine(ds, '24GB GPU')!;
  assert.deepEqual([gpu.value, gpu.how, gpu.speed_estimated, gpu.hardware?.memory_gb.value], ['gpu-24gb', 'ad_hoc', false, 24]);
  assert.equal(gpu.hardware?.bandwidth_gbs, undefined);
  assert.equal(mapMachine(ds, '20 GB graphics card')?.value, 'gpu-20gb');
  assert.equal(mapMachine(ds, 'Mac with 96 GB unified memory')?.value, 'mac-96gb', 'a Mac, chip not named');
  assert.equal(mapMachine(ds, '64 GB RAM')?.value, 'unified-64gb');
  assert.equal(mapMachine(ds, '8 GB GPU')?.value, 'gpu-8gb', 'a size smaller than any catalogued card is still that size');
  assert.equal(mapMachine(ds, 'toaster'), undefined);
});

test('interpret: defaults are echoed, and every unmappable parameter is reported at once with what is allowed', () => {
  const s = interpret(ds, { who: 'hospital' });
  assert.deepEqual([s.who, s.use, s.keep, s.data, s.where, s.machine], ['healthcare', 'chat', ['any'], null, null, null]);
  assert.deepEqual([s.understood.keep.value, s.understood.keep.values, s.understood.data.values], ['any', ['any'], []]);
  assert.deepEqual([s.understood.use.how, s.understood.data.how, s.understood.who.matched], ['default', 'not_given', ['hospital']]);
  assert.throws(() => interpret(ds, { who: 'martian', use: 'knitting', machine: 'toaster', keep: 'eu' }), (e: unknown) => {
    assert.ok(e instanceof ServiceError);
    assert.equal(e.code, 'invalid_parameter');
    const errors = e.options.errors!;
    assert.deepEqual(errors.map((x) => x.parameter), ['who', 'use', 'machine']);
    assert.equal(errors[0].allowed, 'individual, startup, enterprise, public-sector, researcher, healthcare, education');
    assert.match(errors[2].allowed!, /^none, laptop, workstation, server, cluster; a hardware id/);
    return true;
  });
});

test('docs/trust-and-recommend.md lists every canonical value and every synonym, machine ones included', () => {
  const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/trust-and-recommend.md'), 'utf8');
  const phrases = [
    ...Object.values(VOCABULARY).flatMap((v) => v.values.flatMap((e) => [e.value, ...e.synonyms])),
    ...Object.entries(MACHINE_SYNONYMS).flat(2), ...Object.entries(MACHINE_HARDWARE_SYNONYMS).flat(2),
    ...Object.values(REPRESENTATIVE_HARDWARE),
  ];
  const missing = phrases.filter((p) => !doc.includes(`\`${p}\``));
  assert.deepEqual(missing, []);
});

test('keep takes several constraints: comma-separated canonical values or free text, all kept, echoed in one order', () => {
  // The expert's request, three ways: each must come back as the same three constraints, none set aside.
  const three = ['eu-only', 'no-training', 'no-retention'];
  for (const text of ['eu-only,no-training,no-retention', 'no-retention, eu-only ,no-training', 'EU only, no training, no retention']) {
    const m = mapText(text, VOCABULARY.keep)!;
    assert.deepEqual([m.value, m.values, m.how, m.set_aside], [three.join(','), three, 'canonical', []], text);
  }
  const prose = mapText('patient data must stay in Germany, zero data retention, not used for training', VOCABULARY.keep)!;
  assert.deepEqual([prose.values, prose.how], [three, 'synonym']);
  assert.deepEqual([...prose.matched].sort(), ['germany', 'not used for training', 'zero data retention']);
  // `any` is no constraint: beside a real one it is dropped, alone it stays the default it always was.
  assert.deepEqual(mapText('any, eu-only', VOCABULARY.keep)!.values, ['eu-only']);
  assert.deepEqual(mapText('any', VOCABULARY.keep)!.values, ['any']);
  // One value works as before: the same value, how and matched words.
  const one = mapText('must stay in the EU', VOCABULARY.keep)!;
  assert.deepEqual([one.value, one.values, one.how, one.matched], ['eu-only', ['eu-only'], 'synonym', ['stay in the eu']]);
  // An unknown word beside known ones is ignored as before ("EU only, please" is eu-only); all unknown is a 400.
  assert.equal(mapText('EU only, please', VOCABULARY.keep)!.value, 'eu-only');
  const refused = (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter';
  assert.throws(() => interpret(ds, { keep: 'purple, green' }), refused);
  const s = interpret(ds, { keep: 'eu-only,no-retention' });
  assert.deepEqual([s.keep, s.understood.keep.value], [['eu-only', 'no-retention'], 'eu-only,no-retention']);
});

test('keep: a part of the list that names no constraint is set aside with why, never silently dropped', () => {
  // A part naming no keep value ("HIPAA": no source in the dataset states a provider's HIPAA terms) is listed.
  const accepted = 'accepted: any, eu-only, no-training, no-retention, on-device, open-weights, open-licence';
  const m = mapText('eu-only,HIPAA', VOCABULARY.keep)!;
  assert.deepEqual([m.value, m.values], ['eu-only', ['eu-only']]);
  assert.deepEqual(m.set_aside, [`"HIPAA": not a constraint of this parameter (${accepted}), so nothing is applied for it`]);
  // Parts joined by "and" or "&" are parts too: "HIPAA and EU only" sets HIPAA aside instead of dropping it.
  assert.deepEqual(mapText('HIPAA and EU only', VOCABULARY.keep)!.set_aside, m.set_aside);
  assert.deepEqual(mapText('no training & on prem only', VOCABULARY.keep)!.set_aside,
    [`"on prem only": not a constraint of this parameter (${accepted}), so nothing is applied for it`]);
  // A licence asked in words no value knows points at the two values that exist.
  assert.match(mapText('eu-only, GPL licensed', VOCABULARY.keep)!.set_aside[0], /ask keep=open-weights; for an OSI-approved licence, keep=open-licence$/);
  assert.deepEqual(mapText('any, eu-only', VOCABULARY.keep)!.set_aside, ['any: no constraint, outweighed by eu-only']);
  // Every part understood: nothing set aside. Nothing understood at all: the 400 as before.
  assert.deepEqual(mapText('eu-only, no training', VOCABULARY.keep)!.set_aside, []);
  assert.equal(mapText('purple', VOCABULARY.keep), undefined);
  const refused = (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter' && /keep/.test(e.message);
  assert.throws(() => interpret(ds, { keep: 'purple' }), refused);
});

test('keep: open weights and an open licence are constraints; "open source" reads as the OSI\'s term', () => {
  // The bank's ask "eu-only, open licence" is two constraints now, both applied.
  const s = interpret(ds, { keep: 'eu-only, open licence' });
  assert.deepEqual([s.keep, s.understood.keep.set_aside], [['eu-only', 'open-licence'], []]);
  assert.deepEqual(mapText('open weights', VOCABULARY.keep)!.values, ['open-weights']);
  assert.deepEqual(mapText('open source', VOCABULARY.keep)!.values, ['open-licence']);
  assert.deepEqual(mapText('EU only, no vendor lock-in', VOCABULARY.keep)!.values, ['eu-only', 'open-weights']);
});
