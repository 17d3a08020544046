// recommend_model with a named machine and API offers allowed: every API pick says it is not run there, and a note
// names the best model that is (or says none is).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { aDataset, aHardware, aModel, anOffer, aProvider, aRating, f } from '../dataset/fixtures.ts';
import { interpret, type RawSituation } from './interpret.ts';
import { recommend } from './recommend.ts';
import { hostingOnMachine } from './recommend-hosting.ts';
import { notesFor } from './recommend-reasons.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const committed = existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json'));
const real = committed ? committedDataset() : undefined;
const skip = !committed;

function ask(ds: NonNullable<typeof real>, raw: RawSituation) {
  const s = interpret(ds, raw);
  const r = recommend(ds, s);
  return { r, notes: notesFor(s, r.plan, r.board, r.on_machine) };
}
const machineNotes = (notes: string[]) => notes.filter((n) => n.includes('not on your machine'));

test('a laptop GPU named with use=coding: each API pick says it is not run there; the note names the model that is', { skip }, () => {
  for (const machine of ['rtx-4090-laptop', '16 GB GPU']) {
    const { r, notes } = ask(real!, { use: 'coding', machine });
    const h = r.plan.target.kind === 'machine' ? r.plan.target.hardware : assert.fail('a machine target');
    const api = r.recommendations.filter((x) => x.option.path === 'api');
    assert.ok(api.length > 0, `${machine}: the picks include API offers (the situation reported)`);
    for (const x of api) {
      const said = x.reasons.find((t) => t.startsWith('Not run on your machine'));
      assert.ok(said, `${machine}: ${x.model.id} says it is not run on the machine`);
      assert.ok(said.includes(`(${h.id})`), said);
      // A stated shortfall is a shortfall: the memory it needs is more than the machine's usable memory.
      const m = /needs ([\d.]+) GB against ([\d.]+) GB usable/.exec(said);
      if (m) assert.ok(Number(m[1]) > Number(m[2]), said);
      else assert.match(said, /weights are closed|cannot be checked|whether its weights are open/, said);
    }
    const [note] = machineNotes(notes);
    assert.ok(note, `${machine}: a note about the machine`);
    // The same ask restricted to the machine (where=local) ranks the same models on the same scores: its first pick
    // is the note's model.
    const local = ask(real!, { use: 'coding', machine, where: 'local' }).r.recommendations[0];
    assert.equal(local.option.path, 'self_hosted');
    const named = `The best-ranked model that runs on it is .*\\(${local.model.id}\\)`;
    assert.match(note, new RegExp(`${named}.*score ${local.option.score} run there`));
    assert.match(note, /GB usable \((comfortable|tight)\)/);
    assert.match(note, /\(\S+, \d{4}-\d{2}-\d{2}\)/, 'the fit is cited with source and date');
    assert.match(note, /Add where=local/);
  }
  // OpenAI's model card: gpt-oss-20b "can run within 16GB of memory" (MXFP4); the 4090 Laptop GPU has 16 GB.
  const oss = real!.modelById.get('gpt-oss-20b');
  if (oss) assert.ok(hostingOnMachine(oss, real!.hardwareById.get('rtx-4090-laptop')!, 8192), 'gpt-oss-20b fits the 4090 laptop');
});

test('a machine nothing fits: the note says so; with where=local, or no machine named, there is no such note', { skip }, () => {
  // 1 GB x 0.95 usable: below any model of the catalogue at 4 bits per weight plus its KV cache and overhead.
  const { r, notes } = ask(real!, { use: 'chat', machine: '1 GB GPU' });
  assert.ok(r.recommendations.every((x) => x.option.path === 'api'));
  assert.match(machineNotes(notes)[0] ?? '', /None of the \d+ qualifying models fits it at 4 bits per weight or more/);
  assert.deepEqual(machineNotes(ask(real!, { use: 'coding', machine: 'rtx-4090-laptop', where: 'local' }).notes), []);
  const none = ask(real!, { use: 'coding' });
  assert.deepEqual(machineNotes(none.notes), []);
  assert.ok(none.r.recommendations.every((x) => !x.reasons.some((t) => t.startsWith('Not run on your machine'))));
});

test('a machine stated by its memory alone: the reasons name it shortly and say no speed is estimated', { skip }, () => {
  const { r } = ask(real!, { use: 'chat', machine: '2x 24GB GPU', where: 'local' });
  assert.ok(r.recommendations.length > 0);
  for (const x of r.recommendations) {
    const run = x.reasons.find((t) => t.startsWith('Runs on your machine')) ?? assert.fail(`${x.model.id}: no run reason`);
    // 2 x 24 GiB x 0.95 = 48.96 GB usable; no bandwidth is known for an unnamed GPU, so no tokens/s.
    assert.match(run, /^Runs on your machine, 2 unnamed 24 GB GPUs \(gpu-24gb-x2\) at \S+: [\d.]+ GB of 48\.96 GB usable /);
    assert.match(run, /\((comfortable|tight)\), no speed estimated \(no memory bandwidth for it\) at 8,192 tokens of context;/);
  }
});

test('an API pick that also fits the machine says it is ranked on its API offer; a closed model that it cannot run there', () => {
  const arch = { layers: 32, kv_heads: 8, head_dim: 128, attention: 'gqa' as const, hf_repo: 'acme/x' };
  const rated = (model_id: string, rating: number) => aRating({ model_id, rating, rating_lower: rating - 5, rating_upper: rating + 5 });
  const apache = f({ id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true });
  const ds = aDataset({
    models: [
      aModel({ id: 'closed', open_weights: f(false) }),
      aModel({
        id: 'small', open_weights: f(true), licence: apache, parameters_total: f(8e9), architecture: f(arch), context_window: f(131072),
      }),
    ],
    providers: [aProvider({ id: 'cloud' })],
    offers: [
      anOffer({ model_id: 'closed', provider: 'cloud', prices: { input: f(10), output: f(30) } }),
      // 0.01 USD per 1M tokens: price scores 1, as on one's own machine, so the two ways tie and the API is shown.
      anOffer({ model_id: 'small', provider: 'cloud', prices: { input: f(0.01), output: f(0.01) } }),
    ],
    ratings: [rated('closed', 1500), rated('small', 1400)],
    hardware: [aHardware({ id: 'gpu-24', memory_gb: f(24) })],
  });
  const { r, notes } = ask(ds, { use: 'chat', machine: 'gpu-24' });
  const by = new Map(r.recommendations.map((x) => [x.model.id, x]));
  assert.equal(by.get('small')?.option.path, 'api');
  assert.ok(by.get('small')!.reasons.some((t) => /Not run on your machine.*in this pick: its API offer scores/.test(t)));
  assert.ok(by.get('closed')!.reasons.some((t) => /Not run on your machine.*weights are closed/.test(t)));
  // An 8B model at 8 bits is about 8.5 GB of weights: it fits 24 GB, and the note names it.
  assert.match(machineNotes(notes)[0], /The best-ranked model that runs on it is small \(small\)/);
});
