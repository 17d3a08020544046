// Tests of the curated-tables adapter and the CSV helpers: rows translate faithfully, bad rows become issues.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Source } from '../schema/index.ts';
import { curated, parseCsv } from './curated.ts';

const shared = path.resolve(fileURLToPath(import.meta.url), '../../../../shared/data');

function roots(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curated-'));
  mkdirSync(path.join(dir, 'curated'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, 'curated', name), text);
  return { sources: path.join(dir, 'sources'), curated: path.join(dir, 'curated') };
}

const ACC_HEADER = 'id,name,vendor,kind,memory_gb,usable_memory_fraction,memory_bandwidth_gbs,launch_date,launch_price_usd,source_url,note';
const PROV_HEADER = 'provider_id,name,hq_country,jurisdiction,eu_data_residency,evidence_url,note';

test('an accelerator row becomes a hardware observation with its usable fraction', async () => {
  const r = await curated.read(
    roots({
      'accelerators-extra.csv': `${ACC_HEADER}\napple-m4-max,Apple M4 Max,Apple,unified-memory SoC,128,0.75,546,2024-10-30,,https://www.apple.com/macbook-pro/specs/,\n`,
      'inference-providers.csv': `${PROV_HEADER}\n`,
    }),
  );
  assert.deepEqual(r.issues, []);
  assert.deepEqual(r.hardware, [
    {
      source: 'accelerators-extra',
      key: 'apple-m4-max',
      name: 'Apple M4 Max',
      vendor: 'Apple',
      kind: 'unified-memory SoC',
      memory_gb: 128,
      usable_fraction: 0.75,
      bandwidth_gbs: 546,
      release_date: '2024-10-30',
      url: 'https://www.apple.com/macbook-pro/specs/',
      as_of: '2026-11-21',
    },
  ]);
});

test('a provider whose EU residency is unknown stays unknown, and its blank country stays absent', async () => {
  const r = await curated.read(
    roots({
      'accelerators-extra.csv': `${ACC_HEADER}\n`,
      'inference-providers.csv': `${PROV_HEADER}\ngroq,Groq,,US,unknown,https://groq.com/,\n`,
    }),
  );
  assert.equal(r.providers?.length, 1);
  assert.equal(r.providers?.[0].eu_data_residency, 'unknown');
  assert.equal(r.providers?.[0].hq_country, undefined);
});

test('bad rows are issues naming file, row and field, and stay out of the result', async () => {
  const r = await curated.read(
    roots({
      'accelerators-extra.csv': `${ACC_HEADER}\nbad-gpu,Bad GPU,X,GPU,lots,1.5,100,2024-13-01,,https://x.example/,\n`,
      'inference-providers.csv': `${PROV_HEADER}\nacme,Acme,US,US,maybe,https://acme.example/,\n`,
    }),
  );
  assert.deepEqual(r.hardware, []);
  assert.deepEqual(r.providers, []);
  const fields = r.issues.map((i) => `${i.file}:${i.row}:${i.field}`).sort();
  assert.deepEqual(fields, [
    'accelerators-extra.csv:bad-gpu:launch_date',
    'accelerators-extra.csv:bad-gpu:memory_gb',
    'accelerators-extra.csv:bad-gpu:usable_memory_fraction',
    'inference-providers.csv:acme:eu_data_residency',
  ]);
});

test('source rows are curated, valid, and do not count toward data_as_of', async () => {
  const r = await curated.read(roots({ 'accelerators-extra.csv': `${ACC_HEADER}\n`, 'inference-providers.csv': `${PROV_HEADER}\n` }));
  for (const s of r.sources) {
    assert.ok(Source.safeParse(s).success, s.id);
    assert.equal(s.kind, 'curated');
    assert.equal(s.counts_for_data_as_of, false);
  }
});

test('parseCsv keeps quoted commas and reports the line a record ends on', () => {
  const rows = parseCsv('a,b\n"x, y",1\n2,3\n');
  assert.deepEqual(rows, [
    { line: 2, record: { a: 'x, y', b: '1' } },
    { line: 3, record: { a: '2', b: '3' } },
  ]);
});

test('the real curated tables read without issues', { skip: !existsSync(shared) }, async () => {
  // The project's own copies (data/curated), which the build reads: the shared snapshot's providers table predates the
  // residency quotes, and its `yes` rows without one are now issues by design.
  const own = path.resolve(fileURLToPath(import.meta.url), '../../../data');
  const r = await curated.read({ sources: path.join(own, 'sources'), curated: path.join(own, 'curated') });
  assert.deepEqual(r.issues, []);
  // data/curated/accelerators-extra.csv: 28 rows below its header (RTX 5060 Ti 8/16 GB and RX 7800 XT added, then
  // the RX 7600 XT, RX 6800, RX 6800 XT, RX 6900 XT, RX 9060 XT 16 GB, RX 9070 and Arc A770 16 GB), then 5 launch
  // prices read to the dollar (RTX 5080, 5070 Ti, 5070, 5060, RX 9070 XT): 33; then 10 more announced prices (RTX 4060,
  // 4060 Ti 8 GB, 4070, 4070 Ti, RX 7900 XT, Arc B580; RTX 3070, 3060 Ti, 2060, 2060 SUPER): 43; then 6 launch prices
  // that were the Hugging Face table's rounding (RTX 4070 SUPER, 4070 Ti SUPER, 4080 SUPER, 3070 Ti, 3080 Ti, 2070
  // SUPER): 49; then the RTX 3050 8 GB, unpriced before (249, geektopia.es on NVIDIA's CES 2022 announcement): 50; then
  // the base GPU bins of the M2 Pro (16-core) and M1 Pro (14-core), rows of their own beside the upgrade bins: 52.
  assert.equal(r.hardware?.length, 52);
  // Two rows say the card's name is sold in another size, each with its page (the RX 9060 XT and Arc A770: 8 GB).
  assert.deepEqual(r.hardware?.filter((h) => h.also_sold_gb).map((h) => [h.key, h.also_sold_gb]),
    [['amd-rx-9060-xt-16gb', [8]], ['intel-arc-a770-16gb', [8]]]);
  assert.ok((r.providers?.length ?? 0) >= 30);
});

const RES_HEADER = `${PROV_HEADER},read_on,residency_url,residency_quote,residency_read_on,residency_note`;
const SCALEWAY_QUOTE = 'All models are currently hosted in a secure data center located in Paris, France, operated by OPCORE.';

test('a residency of yes rests on a quoted page: the row without one is an issue, the row with one carries it', async () => {
  const r = await curated.read(
    roots({
      'accelerators-extra.csv': `${ACC_HEADER}\n`,
      'inference-providers.csv': `${RES_HEADER}\n`
        + 'homepage-only,Homepage Only,SE,EU,yes,https://example.eu/,,,,,,\n'
        + `scaleway,Scaleway,FR,EU,yes,https://www.scaleway.com/en/generative-apis/,,,https://www.scaleway.com/en/docs/generative-apis/faq,"${SCALEWAY_QUOTE}",2026-11-28,\n`
        + 'half,Half,FR,EU,region,https://half.example/,,,https://half.example/dpa,,2026-11-28,\n',
    }),
  );
  assert.deepEqual(r.issues.map((i) => `${i.row}:${i.field}`).sort(), ['half:residency_quote', 'homepage-only:residency_quote']);
  assert.deepEqual(r.providers?.map((p) => p.id), ['scaleway']);
  assert.deepEqual(r.providers?.[0].residency_page,
    { url: 'https://www.scaleway.com/en/docs/generative-apis/faq', quote: SCALEWAY_QUOTE, read_on: '2026-11-28' });
});

test('a residency no page states is unknown, with the note saying why', async () => {
  const why = 'no page of Acme read states where inference requests are processed';
  const r = await curated.read(
    roots({
      'accelerators-extra.csv': `${ACC_HEADER}\n`,
      'inference-providers.csv': `${RES_HEADER}\nacme,Acme,SE,EU,unknown,https://acme.example/,,,,,,${why}\n`,
    }),
  );
  assert.deepEqual(r.issues, []);
  assert.deepEqual([r.providers?.[0].eu_data_residency, r.providers?.[0].residency_note, r.providers?.[0].residency_page],
    ['unknown', why, undefined]);
});
