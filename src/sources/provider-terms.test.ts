// Tests of the providers table's terms columns: a no-training or no-retention claim rests on the provider's own page,
// quoted and dated; a page covering some developers' models names them; a blank stays unknown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { curated } from './curated.ts';

function roots(providers: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'terms-'));
  mkdirSync(path.join(dir, 'curated'));
  writeFileSync(path.join(dir, 'curated', 'accelerators-extra.csv'),
    'id,name,vendor,kind,memory_gb,usable_memory_fraction,memory_bandwidth_gbs,launch_date,launch_price_usd,source_url,note\n');
  writeFileSync(path.join(dir, 'curated', 'inference-providers.csv'), providers);
  return { sources: path.join(dir, 'sources'), curated: path.join(dir, 'curated') };
}

const HEADER = 'provider_id,name,hq_country,jurisdiction,eu_data_residency,evidence_url,note,read_on,residency_url,residency_quote,'
  + 'residency_read_on,residency_note,no_training,no_training_url,no_training_quote,no_training_read_on,no_training_note,'
  + 'no_retention,no_retention_url,no_retention_quote,no_retention_read_on,no_retention_note,terms_only_for';
// cortecs' own page, as the table quotes it (docs.cortecs.ai/security-and-compliance, read 2026-11-28).
const CORTECS = 'By default, all requests remain within Europe and your data is not used for AI training.';

test('a no-training yes carries its page; a yes with no page and a page with no day are issues, left out', async () => {
  const r = await curated.read(roots(`${HEADER}\n`
    + `cortecs,cortecs,AT,EU,unknown,https://cortecs.ai/,,,,,,,yes,https://docs.cortecs.ai/security-and-compliance,"${CORTECS}",2026-11-28,,,,,,,\n`
    + 'claims,Claims,US,US,unknown,https://claims.example/,,,,,,,yes,,,,,,,,,,\n'
    + 'half,Half,US,US,unknown,https://half.example/,,,,,,,,,,,,condition,https://half.example/zdr,We may retain.,,,\n'));
  assert.deepEqual(r.issues.map((i) => `${i.row}:${i.field}`).sort(), ['claims:no_training_quote', 'half:no_retention_quote']);
  assert.deepEqual(r.providers?.map((p) => p.id), ['cortecs']);
  assert.deepEqual(r.providers?.[0].no_training,
    { value: 'yes', page: { url: 'https://docs.cortecs.ai/security-and-compliance', quote: CORTECS, read_on: '2026-11-28' } });
  assert.equal(r.providers?.[0].no_retention, undefined, 'blank: nothing said, unknown');
});

test('a condition keeps its page and note; terms_only_for names the developers covered; a note alone is unknown', async () => {
  const r = await curated.read(roots(`${HEADER}\n`
    + 'azure,Azure,US,US,region,https://azure.example/,,,,,,,yes,https://learn.example/privacy,are NOT used to train,2026-11-29,Direct Models only,'
    + 'condition,https://learn.example/privacy,managed customers may apply to modify abuse monitoring,2026-11-29,,openai\n'
    + 'bedrock,Bedrock,US,US,region,https://bedrock.example/,,,,,,,,,,,no AWS page read states it,,,,,,\n'));
  assert.deepEqual(r.issues, []);
  const [azure, bedrock] = r.providers!;
  assert.deepEqual([azure.no_training?.value, azure.no_training?.note, azure.no_retention?.value, azure.terms_only_for],
    ['yes', 'Direct Models only', 'condition', ['openai']]);
  assert.deepEqual(bedrock.no_training, { value: 'unknown', note: 'no AWS page read states it' });
});
