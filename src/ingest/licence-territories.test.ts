// Tests of the territory table: it loads as reviewed, and an exclusion reaches only the models its clause names.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { Model } from '../schema/index.ts';
import { attachTerritoryExclusions, loadLicenceTerritories } from './licence-territories.ts';

const FILE = path.join(import.meta.dirname, '../../data/curated/licence-territories.csv');
const rows = loadLicenceTerritories(FILE);

const aModel = (id: string, licenceId: string, input?: string[]): Model => ({
  id, vendor: 'meta', name: { value: id, as_of: '2026-08-19', source: 'lmarena' }, aliases: [], variants: [], capabilities: {},
  licence: { value: { id: licenceId, name: licenceId, osi_approved: false, commercial_use: true }, as_of: '2026-08-19', source: 'lmarena' },
  ...(input ? { modalities: { value: { input, output: ['text'] }, as_of: '2026-08-19', source: 'models-dev' } } : {}),
});

test('the Llama 4 row quotes the acceptable use policy clause withholding the multimodal models from the EU', () => {
  const llama4 = rows.find((r) => r.licence_id === 'llama-4-community');
  assert.equal(llama4?.applies_to, 'multimodal');
  assert.deepEqual(llama4?.territories, ['European Union']);
  // models/llama4/USE_POLICY.md in meta-llama/llama-models, the policy's closing paragraph, read 2026-11-27.
  assert.equal(llama4?.evidence_url, 'https://github.com/meta-llama/llama-models/blob/main/models/llama4/USE_POLICY.md');
  assert.match(llama4!.clause, /^With respect to any multimodal models included in Llama 4, the rights granted under Section 1\(a\) of the Llama 4 Community License Agreement are not being granted to you if you are an individual domiciled in, or a company with a principal place of business in, the European Union\./);
});

test('the Tencent Hunyuan row excludes the EU, the United Kingdom and South Korea for every model', () => {
  const hunyuan = rows.find((r) => r.licence_id === 'tencent-hunyuan-community');
  assert.equal(hunyuan?.applies_to, 'all');
  assert.deepEqual(hunyuan?.territories, ['European Union', 'United Kingdom', 'South Korea']);
  // The first line after the title and release date of Tencent-Hunyuan/Hunyuan-A13B's LICENSE, read 2026-11-27.
  assert.equal(hunyuan?.clause, 'THIS LICENSE AGREEMENT DOES NOT APPLY IN THE EUROPEAN UNION, UNITED KINGDOM AND SOUTH KOREA AND IS EXPRESSLY LIMITED TO THE TERRITORY, AS DEFINED BELOW.');
  assert.equal(hunyuan?.evidence_url, 'https://github.com/Tencent-Hunyuan/Hunyuan-A13B/blob/main/LICENSE');
});

test('every row cites the developer\'s own text: a Meta or Tencent repository, not a copy', () => {
  for (const r of rows) assert.match(r.evidence_url, /^https:\/\/github\.com\/(meta-llama|Tencent-Hunyuan)\//, r.licence_id);
});

test('the Llama 3.2 and 3.3 policies carry the same clause as Llama 4, each naming its own release', () => {
  // models/llama3_2/USE_POLICY.md and models/llama3_3/USE_POLICY.md: the Llama 4 sentence with the version changed.
  for (const v of ['3.2', '3.3']) {
    const r = rows.find((x) => x.licence_id === `llama-${v}-community`);
    assert.equal(r?.applies_to, 'multimodal');
    assert.ok(r!.clause.startsWith(`With respect to any multimodal models included in Llama ${v}, the rights granted under Section 1(a) of the Llama ${v} Community License Agreement are not being granted to you`), v);
    assert.ok(r!.clause.endsWith('This restriction does not apply to end users of a product or service that incorporates any such multimodal models.'), v);
  }
  // The Llama 3.1 policy has no such clause (models/llama3_1/USE_POLICY.md): no row.
  assert.equal(rows.find((x) => x.licence_id === 'llama-3.1-community'), undefined);
});

test('a multimodal clause reaches Llama 3.2 Vision, not the text-only 1B, nor a model whose modalities are unknown', () => {
  const models = [
    aModel('llama-3.2-11b-vision-instruct', 'llama-3.2-community', ['text', 'image']),
    aModel('llama-3.2-1b-instruct', 'llama-3.2-community', ['text']),
    aModel('llama-3.2-unknown', 'llama-3.2-community'),
    aModel('hunyuan-hy3-preview', 'tencent-hunyuan-community'),
    aModel('llama-3.3-70b-instruct', 'llama-3.3-community', ['text']),
  ];
  assert.deepEqual(attachTerritoryExclusions(models, rows), ['llama-3.2-11b-vision-instruct', 'hunyuan-hy3-preview']);
  const vision = models[0].licence!.value.territory_exclusion;
  assert.equal(vision?.excludes_eu, true);
  assert.match(vision!.clause, /^With respect to any multimodal models included in Llama 3\.2, the rights granted under Section 1\(a\)/);
  assert.equal(models[1].licence!.value.territory_exclusion, undefined);
  assert.equal(models[3].licence!.value.territory_exclusion?.excludes_eu, true);
});

test('a malformed row stops the load with its line and field', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const f = path.join(mkdtempSync(path.join(tmpdir(), 'terr-')), 't.csv');
  writeFileSync(f, 'licence_id,applies_to,territories,clause,evidence_url,read,note\nx,vision,European Union,c,https://e.org,2026-11-27,\n');
  assert.throws(() => loadLicenceTerritories(f), /line 2, field "applies_to": all or multimodal/);
});
