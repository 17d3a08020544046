// recommend_model when the constraints rule out both ways to run a model: the empty answer says which ask keeps the
// caller's intent and has an answer, and that ask does have one.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { committedDataset } from '../../test/committed-dataset.ts';
import { interpret, type RawSituation } from './interpret.ts';
import { recommend } from './recommend.ts';
import { conflictWayOut } from './recommend-conflict.ts';
import { notesFor } from './recommend-reasons.ts';

const committed = existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json'));
const real = committed ? committedDataset() : undefined;
const skip = !committed;

function ask(raw: RawSituation) {
  const s = interpret(real!, raw);
  const r = recommend(real!, s);
  return { r, notes: notesFor(s, r.plan, r.board, r.on_machine) };
}

test('a hospital asking where=eu-cloud and keep=no-training: API offers at providers whose own terms say no training', { skip }, () => {
  // where=eu-cloud rules self-hosting out (API offers in the EU). keep=no-training no longer rules every API offer out:
  // providers' own pages say API data is not used to train by default (inference-providers.csv: cortecs "By default,
  // all requests remain within Europe and your data is not used for AI training.", Scaleway, ...), so the EU offers
  // at those providers qualify, each pick's reasons quoting the page.
  const { r, notes } = ask({ who: 'hospital', use: 'clinical summarisation', data: 'health', keep: 'eu-only,no-training', where: 'eu-cloud' });
  assert.equal(r.recommendations.length, 3);
  for (const x of r.recommendations) {
    assert.equal(x.option.path, 'api');
    const p = real!.providerById.get(x.option.priced!.offer.provider)!;
    assert.equal(p.no_training?.value, 'yes', `${x.model.id} at ${p.id}`);
    assert.ok(x.reasons.some((t) => t.startsWith(`keep=no-training: ${p.name}'s own terms say "${p.no_training!.evidence_page!.quote}"`)));
  }
  assert.equal(notes.some((n) => n.includes('rules out self-hosting, so no model can run')), false);
});

test('where=eu-cloud with data=secret: no pick, and the note says to ask keep=eu-only instead', { skip }, () => {
  // data=secret rules every API offer out (no provider's terms are evidence enough for secrets), where=eu-cloud rules
  // self-hosting out: nothing can run.
  const { r, notes } = ask({ who: 'hospital', use: 'clinical summarisation', data: 'classified', where: 'eu-cloud' });
  assert.equal(r.recommendations.length, 0);
  const wayOut = notes.find((n) => n.startsWith('data=secret rules out every API offer and where=eu-cloud rules out self-hosting'));
  assert.ok(wayOut, `a note names the conflict: ${JSON.stringify(notes)}`);
  assert.match(wayOut, /ask keep=eu-only in place of where=eu-cloud/);

  // The ask the note suggests has an answer: self-hosted picks, each rented in an EU region of its provider.
  const alt = ask({ who: 'hospital', use: 'clinical summarisation', data: 'classified', keep: 'eu-only' });
  assert.equal(alt.r.recommendations.length, 3);
  for (const x of alt.r.recommendations) {
    assert.equal(x.option.path, 'self_hosted');
    assert.ok((x.option.self?.cost?.eu_regions ?? []).length > 0, `${x.model.id} is rented in an EU region`);
  }
  assert.equal(alt.notes.some((n) => n.includes('rules out self-hosting, so no model can run')), false);
});

test('each conflict names a way out that keeps the constraint that blocks API offers', () => {
  assert.match(conflictWayOut('keep=no-retention', 'where=any-cloud'), /^keep=no-retention rules out every API offer and where=any-cloud rules out self-hosting, so no model can run\. .*leave where out/);
  assert.match(conflictWayOut('data=secret', 'machine=none'), /To self-host on a rented configuration, leave machine=none out\.$/);
});
