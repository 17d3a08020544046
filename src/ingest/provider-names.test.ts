import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadProviderNames } from './provider-names.ts';

const FILE = 'data/curated/provider-names.csv';
type BuiltProvider = { id: string; name: string };
const built = (): BuiltProvider[] => JSON.parse(readFileSync('data/dataset/providers.json', 'utf8')) as BuiltProvider[];

test('every row loads and names a provider the offers list, under the name the dataset shows', () => {
  const { rows, issues } = loadProviderNames(FILE);
  assert.deepEqual(issues, []);
  const byId = new Map(built().map((p) => [p.id, p]));
  for (const r of rows) assert.equal(byId.get(r.provider_id)?.name, r.name, r.provider_id);
});

test("LiteLLM's own names, as its provider_endpoints_support.json and docs write them", () => {
  const { names } = loadProviderNames(FILE);
  // BerriAI/litellm provider_endpoints_support.json (commit 002d7222): "display_name": "Nscale (`nscale`)",
  // "IBM - Watsonx.ai (`watsonx`)", "ChatGPT Subscription (`chatgpt`)", "OCI (`oci`)".
  assert.equal(names.nscale, 'Nscale');
  assert.equal(names.watsonx, 'IBM - Watsonx.ai');
  assert.equal(names.chatgpt, 'ChatGPT Subscription');
  assert.equal(names.oci, 'OCI');
  // Anyscale is no longer in that file; LiteLLM's docs page for it is titled "Anyscale" (docs.litellm.ai/docs/providers/anyscale).
  assert.equal(names.anyscale, 'Anyscale');
});

test("a provider's own spelling is the name shown, before the catalogues' (models.dev's Nvidia, LiteLLM's Sambanova)", () => {
  const { names, own } = loadProviderNames(FILE);
  // SambaNova's developer guide (docs.sambanova.ai/docs/en/get-started/overview, read 2026-11-29): "The SambaNova
  // developer guide is intended for users of both SambaCloud and SambaStack products." LiteLLM writes "Sambanova".
  assert.equal(own.sambanova, 'SambaNova');
  assert.equal(names.sambanova, undefined);
  // NVIDIA's API catalogue (build.nvidia.com): "unlock full access to NVIDIA NIM APIs"; models.dev's
  // providers/nvidia/provider.toml (snapshot f3fc692) writes `name = "Nvidia"`, NovitaAI and LMStudio likewise.
  const shown = new Map(built().map((p) => [p.id, p.name]));
  assert.equal(shown.get('nvidia'), 'NVIDIA');
  assert.equal(shown.get('sambanova'), 'SambaNova');
  assert.equal(shown.get('novita-ai'), 'Novita AI');
  assert.equal(shown.get('lmstudio'), 'LM Studio');
});

test('no provider is shown by its id but those whose own source writes the name so', () => {
  // models.dev providers/evroc/provider.toml `name = "evroc"`, providers/submodel/provider.toml `name = "submodel"`;
  // the reviewed residency table names cortecs "cortecs" (models.dev writes "Cortecs"): the sources' own spelling.
  const byId = built().filter((p) => p.name === p.id).map((p) => p.id).sort();
  assert.deepEqual(byId, ['cortecs', 'evroc', 'submodel']);
});

test('a name not in its quote, and a second row for one provider, are refused', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'provider-names-'));
  const file = path.join(dir, 'provider-names.csv');
  const url = 'https://github.com/BerriAI/litellm/blob/002d7222b78564473ee97eb26540326ee0d5d315/provider_endpoints_support.json';
  writeFileSync(file, [
    'provider_id,name,url,quote,read_on,by',
    // The company writes SambaNova; LiteLLM writes Sambanova: the row gives a name its quoted source does not.
    `sambanova,SambaNova,${url},"""display_name"": ""Sambanova (\`sambanova\`)""",2026-11-29,litellm`,
    `nscale,Nscale,${url},"""display_name"": ""Nscale (\`nscale\`)""",2026-11-29,litellm`,
    `nscale,Nscale AI,${url},"""display_name"": ""Nscale AI""",2026-11-29,provider`,
    // Neither LiteLLM's nor the provider's: a row must say whose naming it quotes.
    `crusoe,Crusoe,${url},"""display_name"": ""Crusoe (\`crusoe\`)""",2026-11-29,models-dev`,
  ].join('\n'));
  const { names, own, issues } = loadProviderNames(file);
  assert.deepEqual(names, { nscale: 'Nscale' });
  assert.deepEqual(own, {});
  assert.deepEqual(issues.map((i) => i.field).sort(), ['by', 'name', 'provider_id']);
});
