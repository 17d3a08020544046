// Tests of the EU GPAI Code of Practice adapter: statuses, month dates, and the secondary-source caveat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EU_CODE_SOURCE, euCode } from './eu-code.ts';

const shared = path.resolve(fileURLToPath(import.meta.url), '../../../../shared/data');
const HEADER = 'organisation,status,chapters,as_of,primary_source_to_verify,secondary_source';

function roots(csv: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'eucode-'));
  mkdirSync(path.join(dir, 'eu-gpai-code-of-practice'));
  writeFileSync(path.join(dir, 'eu-gpai-code-of-practice', 'signatories-as-of-2025-12.csv'), csv);
  return { sources: dir, curated: path.join(dir, 'curated') };
}

test('statuses map to signatory, partial and declined; a month is dated by its first day', async () => {
  const r = await euCode.read(
    roots(
      `${HEADER}\nMistral AI,signatory,all,2025-12,https://x.example,same\nxAI,partial signatory,Safety and Security only,2025-08-01,https://x.example,post\nMeta,declined,none,2025-07-18,https://x.example,post\n`,
    ),
  );
  assert.deepEqual(r.issues, []);
  assert.deepEqual(r.developers, [
    { source: 'eu-gpai-code', name: 'Mistral AI', as_of: '2025-12-01', eu_code: { status: 'signatory', chapters: 'all' } },
    { source: 'eu-gpai-code', name: 'xAI', as_of: '2025-08-01', eu_code: { status: 'partial', chapters: 'Safety and Security only' } },
    { source: 'eu-gpai-code', name: 'Meta', as_of: '2025-07-18', eu_code: { status: 'declined', chapters: 'none' } },
  ]);
});

test('an unknown status or a bad date is an issue and the row is left out', async () => {
  const r = await euCode.read(roots(`${HEADER}\nAcme,maybe,all,2025-12,https://x.example,s\nBeta,signatory,all,2025-13,https://x.example,s\n`));
  assert.deepEqual(r.developers, []);
  assert.deepEqual(r.issues.map((i) => `${i.row}:${i.field}`), ['Acme:status', 'Beta:as_of']);
});

test('the source row says the list is a secondary source', async () => {
  const s = (await euCode.read(roots(`${HEADER}\n`))).sources[0];
  assert.equal(s.kind, 'index');
  assert.match(s.covers ?? '', /[Ss]econdary source/);
  assert.equal(s.retrieved, '2025-12-01');
});

test('the real list: 27 signatories, xAI partial, Meta declined', { skip: !existsSync(shared) }, async () => {
  const r = await euCode.read({ sources: path.join(shared, 'sources'), curated: path.join(shared, 'curated') });
  assert.deepEqual(r.issues, []);
  assert.equal(r.developers?.filter((d) => d.eu_code?.status === 'signatory').length, 27);
  assert.equal(r.developers?.find((d) => d.name === 'xAI')?.eu_code?.status, 'partial');
  assert.equal(r.developers?.find((d) => d.name === 'Meta')?.eu_code?.status, 'declined');
});

test('the list\'s caveat, carried by every status served from it, says it is secondary and where to check', () => {
  assert.match(EU_CODE_SOURCE.caveat!, /secondary compilation dated December 2025/);
  assert.match(EU_CODE_SOURCE.caveat!, /European Commission's own page/);
});
