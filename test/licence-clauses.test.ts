// The licence table's conditions rest on stored licence text: every clause a condition cites has its excerpt in
// data/curated/licence-clauses.csv (with its origin, pinned to a commit, and the excerpt's own licence), and every
// phrase a condition quotes is in the excerpts it cites, word for word.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';

type Row = Record<string, string>;
const read = (file: string): Row[] => parse(readFileSync(file), { columns: true }) as Row[];
const licences = read('data/curated/licences.csv');
const clauses = read('data/curated/licence-clauses.csv');

/** The clauses a condition cites: its closing "(sections 2, 1.b.iv and 1.b.i of the agreement)". */
function cited(conditions: string): string[] {
  const m = /\(sections ([^()]*(?:\([^()]*\)[^()]*)*) of the (?:agreement|public licence)\)\.$/.exec(conditions);
  return m ? m[1].split(/, | and /) : [];
}
/** The phrases a condition puts in double quotes; the licence texts use typographic quotes, which compare equal. */
const quoted = (conditions: string): string[] => [...conditions.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
const plain = (s: string): string => s.replace(/[“”]/g, '"').replace(/’/g, "'");
const excerpt = (licenceId: string, clause: string): string | undefined =>
  clauses.find((c) => c.licence_id === licenceId && c.clause === clause)?.text;

test('each stored excerpt names a licence of the table, its origin at a commit, the day read and the licence of its text', () => {
  const ids = new Set(licences.map((l) => l.id));
  const seen = new Set<string>();
  for (const c of clauses) {
    const key = `${c.licence_id} ${c.clause}`;
    assert.ok(ids.has(c.licence_id), `${key}: no such licence id in licences.csv`);
    assert.ok(!seen.has(key), `${key} twice`);
    seen.add(key);
    assert.match(c.url, /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{40}\//, `${key}: the origin is pinned to a commit`);
    assert.match(c.read_on, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(c.text.length > 40 && c.text_licence.length > 0, key);
  }
});

test('every clause a condition cites is stored, and every phrase it quotes is in those clauses', () => {
  let checked = 0;
  for (const l of licences) {
    const sections = cited(l.conditions);
    if (!sections.length) continue;
    const texts = sections.map((s) => excerpt(l.id, s));
    sections.forEach((s, i) => assert.ok(texts[i], `${l.match}: section ${s} has no stored excerpt`));
    for (const q of quoted(l.conditions)) {
      assert.ok(texts.some((t) => plain(t!).includes(q)), `${l.match}: "${q}" is not in sections ${sections.join(', ')}`);
    }
    checked++;
  }
  // The Llama 2, 3, 3.1 (two spellings), 3.2, 3.3 (two spellings) and 4 rows, CC BY-NC and CC BY-NC-SA.
  assert.equal(checked, 10);
});

test('the Llama naming duty is the agreements\' own: "Built with Llama" and a name beginning with "Llama"', () => {
  // meta-llama/llama-models models/llama3_3/LICENSE (cf41a52), section 1.b.i, read 2026-11-27.
  const s = excerpt('llama-3.3-community', '1.b.i')!;
  assert.match(s, /prominently display “Built with Llama” on a related website, user interface, blogpost, about page, or product documentation/);
  assert.match(s, /or a product or service \(including another AI model\) that contains any of them/);
  assert.match(s, /any outputs or results of the Llama Materials to create, train, fine tune, or otherwise improve an AI model, which is distributed or made available, you shall also include “Llama” at the beginning of any such AI model name\./);
  // meta-llama/llama3 LICENSE (2a6e3d7): Meta Llama 3 asks for "Built with Meta Llama 3", a "Llama 3" name, and bars
  // improving other large language models with its outputs (1.b.v), which no later Llama agreement says.
  assert.match(excerpt('llama-3-community', '1.b.i')!, /“Built with Meta Llama 3”.*“Llama 3” at the beginning of any such AI model name/);
  assert.match(excerpt('llama-3-community', '1.b.v')!, /^v\. You will not use the Llama Materials or any output or results of the Llama Materials to improve any other large language model/);
  assert.equal(excerpt('llama-3.3-community', '1.b.v'), undefined);
  const row = licences.find((l) => l.match === 'llama 3 community')!;
  assert.match(row.conditions, /may not be used to improve any other large language model/);
});

test('Llama 2: a copy of the agreement and a Notice file, no improving other large language models', () => {
  // meta-llama/llama LICENSE (6d4c0c2), read 2026-11-27: Llama 2 has no "Built with" display or naming duty (those
  // came with Llama 3); it asks for the agreement passed on (1.b.i), the notice kept (1.b.iii) and bars improving
  // other large language models with its outputs (1.b.v), with the 700 million user threshold of section 2.
  assert.match(excerpt('llama-2-community', '1.b.i')!, /available to a third party, you shall provide a copy of this Agreement to such third party\.$/);
  assert.match(excerpt('llama-2-community', '1.b.iii')!, /within a "Notice" text file/);
  assert.match(excerpt('llama-2-community', '1.b.v')!, /to improve any other large language model \(excluding Llama 2 or derivative works thereof\)\.$/);
  assert.match(excerpt('llama-2-community', '2')!, /is greater than 700 million monthly active users in the preceding calendar month/);
  const row = licences.find((l) => l.id === 'llama-2-community')!;
  assert.doesNotMatch(row.conditions, /Built with/);
  assert.equal(row.commercial_use, 'true');
});

test('CC BY-NC: the grant is for NonCommercial purposes only, as the legal code defines them', () => {
  // creativecommons/cc-legal-tools-data docs/licenses/by-nc/4.0/legalcode.en.html (019dfef), sections 1(i) and 2(a)(1).
  assert.match(excerpt('cc-by-nc-4.0', '1(i)')!, /^NonCommercial means not primarily intended for or directed towards commercial advantage or monetary compensation\./);
  assert.match(excerpt('cc-by-nc-4.0', '2(a)(1)')!, /reproduce and Share the Licensed Material, in whole or in part, for NonCommercial purposes only/);
  // BY-NC-SA: the definition is its section 1(k) (two more definitions come first), and ShareAlike is 3(b)(1).
  assert.equal(excerpt('cc-by-nc-sa-4.0', '1(k)'), excerpt('cc-by-nc-4.0', '1(i)'));
  assert.match(excerpt('cc-by-nc-sa-4.0', '3(b)(1)')!, /or a BY-NC-SA Compatible License\.$/);
  for (const id of ['cc-by-nc-4.0', 'cc-by-nc-sa-4.0']) {
    assert.equal(licences.find((l) => l.id === id)?.commercial_use, 'false', `${id}: no commercial use`);
  }
});
