// Contract: on the committed dataset, Europe is not the EU. A page that says "within Europe" (cortecs) or a Region list
// that holds London (Bedrock's eu-west-2) places nothing in the EU by itself: EU processing is a choice the customer
// makes (`region`), and the EU Regions to choose name only EU member states' Regions.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import type { Dataset } from '../src/dataset/dataset.ts';
import { cheapest_for } from '../src/ops/cheapest-for.ts';
import { recommend_model } from '../src/ops/recommend-model.ts';
import { committedDataset } from './committed-dataset.ts';

const noData = !existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json')) && 'no committed dataset';
const ctx = { today: '2026-11-29' };
type Out = Record<string, any>;
let loaded: Dataset | undefined;
const committed = (): Dataset => (loaded ??= committedDataset());

test('cortecs: "within Europe" by default, the EU only by its Sovereign Cloud setting: EU processing to choose, not served in the EU', { skip: noData }, () => {
  const ds = committed();
  // docs.cortecs.ai/security-and-compliance (read 2026-11-28): "By default, all requests remain within Europe"; among its
  // compliance settings, project-wide or per request, "Sovereign Cloud: Restrict routing to providers based and
  // regulated within the EU". Europe holds the UK, Switzerland and Norway: by default not the EU, so `region`, not `yes`.
  const p = ds.providerById.get('cortecs')!;
  assert.equal(p.eu_data_residency.value, 'region');
  assert.match(p.eu_data_residency.note ?? '', /Sovereign Cloud/);
  const offers = ds.offers.filter((o) => o.provider === 'cortecs');
  // docs/data.md counted cortecs' 56 `yes` offers when the rows were read; each now reads `region`, none `yes`.
  assert.equal(offers.length, 56);
  for (const o of offers) assert.equal(o.eu_resident.value, 'region', o.provider_model_id);
});

test('cortecs stays an EU cloud offer to choose: cheapest_for where=eu-cloud says "choose an EU region", recommend_model keep=EU only "to be chosen"', { skip: noData }, () => {
  const ds = committed();
  const cheap = JSON.stringify(cheapest_for.handler(ds, cheapest_for.input.parse({ use: 'chat', where: 'eu-cloud' }), ctx));
  assert.match(cheap, /cortecs \(choose an EU region\)/);
  assert.doesNotMatch(cheap, /cortecs EU-resident/);
  const rec = recommend_model.handler(ds, recommend_model.input.parse({ use: 'chat', keep: 'EU only' }), ctx) as Out;
  const text = JSON.stringify(rec);
  assert.match(text, /cortecs/);
  // A cortecs pick's residency words: EU regions to choose, never "served in the EU".
  // Headed EU-capable, not EU-resident: the EU is a setting the customer chooses.
  assert.doesNotMatch(text, /Cheapest EU-resident offer: cortecs/);
  const picks = JSON.stringify(rec).match(/Cheapest EU-capable offer: cortecs[^"]*/g) ?? [];
  // DeepSeek V4 Flash at cortecs was the pick on 2026-11-29 (docs/trust-and-recommend.md): one pick at least names it.
  assert.ok(picks.length > 0);
  for (const s of picks) assert.match(s, /EU regions available, to be chosen when you set it up/);
});

test('Bedrock: the EU Regions to choose name no Region outside the EU (London\'s eu-west-2, Zurich\'s eu-central-2)', { skip: noData }, () => {
  const ds = committed();
  // AWS's Region list: eu-west-2 is Europe (London), eu-central-2 Europe (Zurich), neither an EU member state; the EU
  // Regions are eu-central-1 (Frankfurt), eu-north-1 (Stockholm), eu-south-1 (Milan), eu-south-2 (Spain), eu-west-1
  // (Ireland), eu-west-3 (Paris).
  const EU = new Set(['eu-central-1', 'eu-north-1', 'eu-south-1', 'eu-south-2', 'eu-west-1', 'eu-west-3']);
  const bedrock = ds.offers.filter((o) => o.provider === 'amazon-bedrock' && o.eu_resident.value === 'region'
    && o.eu_resident.note?.includes('Supported foundation models in Amazon Bedrock'));
  assert.ok(bedrock.length > 0);
  for (const o of bedrock) {
    // The list of Regions to choose: the words after "EU Regions to choose" up to the first parenthesis or semicolon.
    const chosen = /EU Regions to choose([^(;]*)/.exec(o.eu_resident.note!)?.[1] ?? '';
    for (const r of chosen.match(/[a-z]{2}-[a-z]+-\d/g) ?? []) assert.ok(EU.has(r), `${o.provider_model_id}: ${r} among the EU Regions to choose`);
    // A note that lists London says it is outside the EU and not counted.
    if (o.eu_resident.note!.split('; on condition: ')[0]!.includes('eu-west-2')) {
      assert.match(o.eu_resident.note!, /eu-west-2 is London, outside the EU|eu-west-2 \(London, outside the EU/, o.provider_model_id);
    }
  }
  // AWS, "Supported foundation models in Amazon Bedrock" (copy fetched 2026-02-15): google.gemma-3-4b-it in eu-south-1,
  // eu-west-1 and eu-west-2: the EU ones are Milan and Ireland; London is listed and said not counted.
  const gemma = ds.offers.find((o) => o.provider === 'amazon-bedrock' && o.provider_model_id === 'google.gemma-3-4b-it')!;
  assert.equal(gemma.eu_resident.value, 'region');
  assert.match(gemma.eu_resident.note!, /EU Regions to choose eu-south-1 and eu-west-1 \(eu-west-2 is London, outside the EU: listed, not counted\)/);
});
