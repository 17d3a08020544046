import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { Licence } from '../schema/index.ts';
import { loadLicenceTable, normaliseLicence } from './licences.ts';

const TABLE = fileURLToPath(new URL('../../data/curated/licences.csv', import.meta.url));
const HEADER = 'match,id,name,osi_approved,commercial_use,evidence_url,note,conditions';

function tableFile(...lines: string[]): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'licences-')), 'licences.csv');
  writeFileSync(file, [HEADER, ...lines].join('\n'));
  return file;
}

test('known texts map case-insensitively and trimmed; unknown text gives undefined', () => {
  const table = loadLicenceTable(TABLE);
  assert.deepEqual(normaliseLicence(table, '  Apache 2.0 '), { id: 'apache-2.0', name: 'Apache License 2.0', osi_approved: true, commercial_use: true,
    evidence_url: 'https://opensource.org/license/apache-2-0' });
  assert.equal(normaliseLicence(table, 'APACHE-2.0')?.id, 'apache-2.0');
  assert.equal(normaliseLicence(table, 'Llama 3.1 Community')?.id, 'llama-3.1-community');
  assert.equal(normaliseLicence(table, 'Llama 3.1')?.id, 'llama-3.1-community');
  assert.equal(normaliseLicence(table, 'Propretary')?.id, 'proprietary');
  // The Llama licences allow commercial use (the 700M MAU clause is a condition, not a ban); CC BY-NC does not.
  assert.equal(normaliseLicence(table, 'Llama 3.3 Community')?.commercial_use, true);
  assert.equal(normaliseLicence(table, 'CC-BY-NC-4.0')?.commercial_use, false);
  // Not established stays null, never a guess.
  assert.equal(normaliseLicence(table, 'Proprietary')?.commercial_use, null);
  assert.equal(normaliseLicence(table, 'some licence nobody wrote'), undefined);
  assert.equal(normaliseLicence(table, ''), undefined);
});

test('every table row is well-formed: lowercase match, https evidence, booleans or blank, a valid Licence', () => {
  const raw = parse(readFileSync(TABLE), { columns: true }) as Array<Record<string, string>>;
  assert.ok(raw.length >= 30, `rows: ${raw.length}`);
  for (const row of raw) {
    assert.equal(row.match, row.match.trim().toLowerCase(), `match "${row.match}"`);
    assert.ok(['true', 'false', ''].includes(row.osi_approved), `${row.match}: osi_approved "${row.osi_approved}"`);
    assert.ok(['true', 'false', ''].includes(row.commercial_use), `${row.match}: commercial_use "${row.commercial_use}"`);
    assert.ok(new URL(row.evidence_url).protocol === 'https:', `${row.match}: ${row.evidence_url}`);
  }
  const table = loadLicenceTable(TABLE);
  assert.equal(table.rows.length, raw.length);
  for (const row of table.rows) assert.ok(Licence.safeParse(normaliseLicence(table, row.match)).success, row.match);
  // OSI approval is claimed only for licences on the OSI list.
  assert.deepEqual([...new Set(table.rows.filter((r) => r.osi_approved).map((r) => r.id))].sort(), ['apache-2.0', 'mit']);
});

test('a malformed table stops the load naming the line and field', () => {
  assert.throws(() => loadLicenceTable(tableFile('mit,mit,MIT License,yes,true,https://opensource.org/license/mit,,')), /line 2, field "osi_approved"/);
  assert.throws(() => loadLicenceTable(tableFile('mit,mit,MIT License,true,true,not a url,,')), /line 2, field "evidence_url"/);
  assert.throws(() => loadLicenceTable(tableFile('MIT,mit,MIT License,true,true,https://opensource.org/license/mit,,')), /line 2, field "match"/);
  assert.throws(
    () => loadLicenceTable(tableFile('mit,mit,MIT License,true,true,https://opensource.org/license/mit,,', 'mit,mit,MIT License,true,true,https://opensource.org/license/mit,,')),
    /line 3: "mit" is matched twice/,
  );
  assert.throws(
    () => loadLicenceTable(tableFile('mit,mit,MIT License,true,true,https://opensource.org/license/mit,,', 'expat,mit,MIT License,false,true,https://opensource.org/license/mit,,')),
    /line 3: id "mit" differs from line 2/,
  );
});

test('a licence carries the conditions its row writes in `conditions`, word for word, and the table\'s note apart', () => {
  const table = loadLicenceTable(TABLE);
  // data/curated/licences.csv, rows "llama 3.3 community", "qwen", "gemma", "modified mit", column conditions (quoted from the file);
  // the Llama 3.3 licence, section 2 (700M MAU on the release date), 1.b.i ("Built with Llama", names starting with "Llama"), 1.b.iv (AUP),
  // as data/curated/licence-clauses.csv stores them.
  assert.equal(normaliseLicence(table, 'Llama 3.3 Community')?.conditions,
    'A licensee whose products or services had more than 700 million monthly active users on the version\'s release date must request a '
    + 'licence from Meta; use must comply with the Llama 3.3 acceptable use policy; whoever distributes or makes available the Llama materials '
    + 'or a derivative, or a product or service (including another AI model) that contains any of them, must provide a copy of the agreement '
    + 'and prominently display "Built with Llama"; an AI model created, trained, fine-tuned or otherwise improved with the Llama materials or '
    + 'their outputs, if distributed or made available, must have "Llama" at the beginning of its name (sections 2, 1.b.iv and 1.b.i of the '
    + 'agreement).');
  // The Qwen licence: "If you are commercially using the Materials, and your product or service has more than 100 million monthly active users".
  assert.equal(normaliseLicence(table, 'Qwen')?.conditions,
    'A product or service with more than 100 million monthly active users needs a licence from Alibaba Cloud.');
  // The note describes the table (which leaderboard writes "Qwen" for what), so it is not a condition; it is served apart.
  assert.match(normaliseLicence(table, 'Qwen')?.note ?? '', /LMArena also writes "Qwen" for the API-only Qwen-Max/);
  assert.doesNotMatch(normaliseLicence(table, 'Qwen')?.conditions ?? '', /LMArena/);
  // The Gemma Prohibited Use Policy (ai.google.dev/gemma/prohibited_use_policy), item 2.2, and the duty to pass it on.
  assert.match(normaliseLicence(table, 'Gemma')?.conditions ?? '',
    /Gemma Prohibited Use Policy, .*"Engagement in the illegal or unlicensed practice .* medical, .*"; the policy's restrictions must be passed on/);
  // MoonshotAI/Kimi-K2 LICENSE, its added paragraph: "more than 100 million monthly active users, or more than 20 million US
  // dollars (or equivalent in other currencies) in monthly revenue, you shall prominently display "Kimi K2"".
  assert.match(normaliseLicence(table, 'Modified MIT')?.conditions ?? '',
    /more than 100 million monthly active users, or more than 20 million US dollars .* in monthly revenue", the product must prominently display "Kimi K2"/);
  // apache 2.0: no condition beyond its notices, and no note: no member at all (not an empty string).
  assert.ok(!('conditions' in normaliseLicence(table, 'Apache 2.0')!));
  assert.ok(!('note' in normaliseLicence(table, 'Apache 2.0')!));
  // A label the review could not read carries a note saying so and no condition (none is guessed).
  assert.ok(!('conditions' in normaliseLicence(table, 'MiniMax Community License')!));
  assert.match(normaliseLicence(table, 'MiniMax Community License')?.note ?? '', /not available to review/);
});

test('no condition text describes the table instead of the licence', () => {
  // A condition is what the licence requires of its user: words about the sources' labels or the review belong in `note`.
  for (const row of loadLicenceTable(TABLE).rows) {
    if (row.conditions) assert.doesNotMatch(row.conditions, /LMArena|leaderboard|label|OSI list|review|Open Source Definition/, row.match);
  }
});

test('two texts naming one licence must write the same conditions', () => {
  assert.throws(
    () => loadLicenceTable(tableFile('qwen,qwen,Qwen,false,true,https://example.com/qwen,,below 100M MAU', 'qwen license,qwen,Qwen,false,true,https://example.com/qwen,,')),
    /line 3: id "qwen" differs from line 2 in name, osi_approved, commercial_use, note or conditions/,
  );
});

test('a licence carries the page its row rests on and the clauses its conditions quote, each with its origin', () => {
  const l = normaliseLicence(loadLicenceTable(TABLE), 'Llama 3.3 Community')!;
  // licences.csv: the Llama 3.3 row's evidence is Meta's agreement in meta-llama/llama-models.
  assert.equal(l.evidence_url, 'https://github.com/meta-llama/llama-models/blob/main/models/llama3_3/LICENSE');
  // licence-clauses.csv: sections 1.b.i, 1.b.iv and 2, read 2026-11-27 at commit cf41a52 of that file.
  assert.deepEqual(l.clause_sources?.map((c) => c.clause).sort(), ['1.b.i', '1.b.iv', '2']);
  for (const c of l.clause_sources!) {
    assert.equal(c.url, 'https://github.com/meta-llama/llama-models/blob/cf41a5254b6ad5d4e2258ac377db6cfbfae2c468/models/llama3_3/LICENSE');
    assert.equal(c.read_on, '2026-11-27');
  }
  // Apache 2.0 states no condition: nothing stored, no clause cited.
  assert.equal(normaliseLicence(loadLicenceTable(TABLE), 'Apache 2.0')?.clause_sources, undefined);
});
