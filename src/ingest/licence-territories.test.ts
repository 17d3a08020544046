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
  // https://www.llama.com/llama4/use-policy/, as quoted on the page read (compliance-made-simple.ch).
  assert.match(llama4!.clause, /^With respect to any multimodal models included in Llama 4, the rights granted under Section 1\(a\) of the Llama 4 Community License Agreement are not being granted to you if you are an individual domiciled in, or a company with a principal place of business in, the European Union\./);
});

test('the Tencent Hunyuan row excludes the EU, the United Kingdom and South Korea for every model', () => {
  const hunyuan = rows.find((r) => r.licence_id === 'tencent-hunyuan-community');
  assert.equal(hunyuan?.applies_to, 'all');
  assert.deepEqual(hunyuan?.territories, ['European Union', 'United Kingdom', 'South Korea']);
  assert.equal(hunyuan?.clause, 'THIS LICENSE AGREEMENT DOES NOT APPLY IN THE EUROPEAN UNION, UNITED KINGDOM AND SOUTH KOREA AND IS EXPRESSLY LIMITED TO THE TERRITORY, AS DEFINED BELOW.');
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
  assert.match(vision!.clause, /European Union is not being granted the license rights to use multimodal models included in Llama 3\.2/);
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
