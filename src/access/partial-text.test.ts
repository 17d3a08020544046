// The partial tier's wording of texts that name a source: the same on every sight of a text, remembered or not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aSource } from '../dataset/fixtures.ts';
import type { Source } from '../schema/index.ts';
import { partialText } from './partial-text.ts';

const sources: ReadonlyMap<string, Source> = new Map([
  ['models-dev', aSource({ id: 'models-dev', name: 'models.dev', url: 'https://models.dev' })],
  ['lmarena', aSource({ id: 'lmarena', name: 'LMArena', url: 'https://lmarena.ai' })],
]);

test('a long text reads the same and lists its sources on its first, second and later sights', () => {
  const text = partialText(sources);
  const line = 'Input price $0.15 per 1M tokens (models-dev, 2026-07-02), rated 1300 by lmarena on text';
  // Worked by hand: the citation keeps its date, the bare id gives way to "a listed source".
  const want = 'Input price $0.15 per 1M tokens (as of 2026-07-02), rated 1300 by a listed source on text';
  for (let sight = 1; sight <= 4; sight++) {
    const ids = new Set<string>();
    assert.equal(text(line, ids), want, `sight ${sight}`);
    assert.deepEqual([...ids].sort(), ['lmarena', 'models-dev'], `sight ${sight}`);
  }
});

test('texts seen once among thousands of others, then again, still read the same', () => {
  const text = partialText(sources);
  const made = (i: number) => `Item ${i} costs $${i / 100} blended (models-dev, 2026-07-02) at 75% input.`;
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 3000; i++) {
      const ids = new Set<string>();
      assert.equal(text(made(i), ids), `Item ${i} costs $${i / 100} blended (as of 2026-07-02) at 75% input.`);
      assert.deepEqual([...ids], ['models-dev']);
    }
  }
  const none = new Set<string>();
  assert.equal(text('A text long enough to be remembered that names no source at all.', none), 'A text long enough to be remembered that names no source at all.');
  assert.equal(none.size, 0);
});

test('a source named by its package, its name, its repository or a page of it reads "a listed source", in grammatical words', () => {
  const table: ReadonlyMap<string, Source> = new Map([
    ['genai-prices', aSource({ id: 'genai-prices', name: 'genai-prices (Pydantic)', url: 'https://github.com/pydantic/genai-prices' })],
    ['genai-prices-npm', aSource({ id: 'genai-prices-npm', name: '@pydantic/genai-prices 0.1.8 (npm)', url: 'https://www.npmjs.com/package/@pydantic/genai-prices' })],
    ['models-dev', aSource({ id: 'models-dev', name: 'models.dev', url: 'https://github.com/anomalyco/models.dev', attribution: 'models.dev (https://models.dev), MIT licence' })],
    ['gguf-file-sizes', aSource({ id: 'gguf-file-sizes', name: 'Reviewed table: GGUF sizes', url: 'urn:model-data-service:data/curated/gguf-file-sizes.csv' })],
  ]);
  const text = partialText(table);
  // Each want worked by hand from the rule in partial-text.ts: the possessive keeps its 's, a URL is a page.
  const cases: Array<[string, string, string[]]> = [
    ['dated 2026-09-23 by the npm bundle @pydantic/genai-prices 0.1.8, the first copy that states it: genai-prices\' price history',
      'dated 2026-09-23 by a listed source, the first copy that states it: a listed source\'s price history', ['genai-prices', 'genai-prices-npm']],
    ['(genai-prices-npm\'s "deprecated" at avian, read by https://github.com/pydantic/genai-prices/blob/47df840a/prices/data.schema.json)',
      '(a listed source\'s "deprecated" at avian, read by a listed source\'s page)', ['genai-prices', 'genai-prices-npm']],
    ['present in @pydantic/genai-prices 0.1.8 (2026-09-23)', 'present in a listed source\'s copy of 2026-09-23', ['genai-prices-npm']],
    ['models.dev\'s README says so. See https://models.dev.', 'A listed source\'s README says so. See a listed source\'s page.', ['models-dev']],
    ['no published file size for this model in data/curated/gguf-file-sizes.csv', 'no published file size for this model in a listed source', ['gguf-file-sizes']],
    ['an issue at https://github.com/pydantic/other-repo/issues/1', 'an issue at https://github.com/pydantic/other-repo/issues/1', []],
  ];
  for (const [line, want, ids] of cases) {
    const found = new Set<string>();
    assert.equal(text(line, found), want);
    assert.deepEqual([...found].sort(), ids, line);
  }
});

test('a bare domain is the source, a URL a page of it', () => {
  const table: ReadonlyMap<string, Source> = new Map([
    ['models-dev', aSource({ id: 'models-dev', name: 'models.dev', url: 'https://github.com/anomalyco/models.dev', attribution: 'models.dev (https://models.dev), MIT licence' })],
  ]);
  const found = new Set<string>();
  assert.equal(partialText(table)('listed in models.dev, see github.com/anomalyco/models.dev/blob/x/README.md', found),
    'listed in a listed source, see a listed source\'s page');
  assert.deepEqual([...found], ['models-dev']);
});

test('a text holding several forms of two sources, or one of them alone, reads each form as the longest it holds', () => {
  // Each text is searched for the forms it holds only: the URL whose path holds the bare domain must still be read
  // whole (a page), before the domain alone (the source), whichever forms the texts before it held.
  const table: ReadonlyMap<string, Source> = new Map([
    ['models-dev', aSource({ id: 'models-dev', name: 'models.dev', url: 'https://github.com/anomalyco/models.dev', attribution: 'models.dev (https://models.dev), MIT licence' })],
    ['lmarena', aSource({ id: 'lmarena', name: 'LMArena', url: 'https://lmarena.ai' })],
  ]);
  const text = partialText(table);
  const found = new Set<string>();
  assert.equal(text('ranked on LMArena\'s board, priced in models.dev and kept in github.com/anomalyco/models.dev/blob/x/a.json', found),
    'ranked on a listed source\'s board, priced in a listed source and kept in a listed source\'s page');
  assert.deepEqual([...found].sort(), ['lmarena', 'models-dev']);
  const alone = new Set<string>();
  assert.equal(text('priced in models.dev alone, as the earlier text read it', alone), 'priced in a listed source alone, as the earlier text read it');
  assert.deepEqual([...alone], ['models-dev']);
  assert.equal(text('no source is named in this text at all', new Set()), 'no source is named in this text at all');
});

test('a copy named by its commit or version, or a package by its name: the mark goes with the id, the date stays', () => {
  const withCopies: ReadonlyMap<string, Source> = new Map([
    ['genai-prices', aSource({ id: 'genai-prices', name: 'genai-prices (Pydantic)', url: 'https://github.com/pydantic/genai-prices' })],
    ['genai-prices-npm', aSource({ id: 'genai-prices-npm', name: 'genai-prices npm', url: 'https://www.npmjs.com/package/@pydantic/genai-prices' })],
  ]);
  const text = partialText(withCopies);
  // GLM-5.3's release date as the data derive it. Before: "A listed source: zhipuai listing GLM-5.3 absent from a
  // listed source 47df840a5a (2026-08-21), present in @pydantic/genai-prices 0.1.8 (2026-09-23)": a commit and a
  // package name that tell the sources the tier leaves out.
  const ids = new Set<string>();
  assert.equal(text('genai-prices-npm: zhipuai listing GLM-5.3 absent from genai-prices 47df840a5a (2026-08-21), present in @pydantic/genai-prices 0.1.8 (2026-09-23)', ids),
    'A listed source: zhipuai listing GLM-5.3 absent from a listed source\'s copy of 2026-08-21, present in a listed source\'s copy of 2026-09-23');
  assert.deepEqual([...ids].sort(), ['genai-prices', 'genai-prices-npm']);
  assert.equal(text('the repository snapshot that states it (genai-prices 47df840a5a)', new Set()), 'the repository snapshot that states it (a listed source)');
  // A number that is no commit (no hex letter) stays: it is a figure, not a copy.
  assert.equal(text('genai-prices 71000 rows', new Set()), 'A listed source 71000 rows');
});

test('a reviewed table by its file name, and a source by its own spelling, read "a listed source"; a spelling two sources share stays', () => {
  const table: ReadonlyMap<string, Source> = new Map([
    ['developer-releases', aSource({ id: 'developer-releases', name: 'Reviewed table: release dates', url: 'urn:model-data-service:data/curated/developer-releases.csv' })],
    ['litellm', aSource({ id: 'litellm', name: 'LiteLLM model prices and context windows', url: 'https://github.com/BerriAI/litellm' })],
    ['epoch-hardware', aSource({ id: 'epoch-hardware', name: 'Epoch AI, Data on Machine Learning Hardware', url: 'https://epoch.ai/data/machine-learning-hardware' })],
    ['lmarena', aSource({ id: 'lmarena', name: 'LMArena leaderboard dataset', url: 'https://huggingface.co/datasets/lmarena-ai/leaderboard-dataset' })],
    ['lmarena-history', aSource({ id: 'lmarena-history', name: 'LMArena rating history', url: 'https://github.com/nakasyou/lmarena-history' })],
  ]);
  const text = partialText(table);
  // Worked by hand: `developer-releases.csv` is the file of the table's path, `LiteLLM` litellm as its name spells it,
  // `Epoch` the first word of epoch-hardware as its name spells it; `LMArena` is two sources' spelling, so neither.
  const cases: Array<[string, string, string[]]> = [
    ['release date from a reviewed row (developer-releases.csv), read on openai.com', 'release date from a reviewed row (a listed source), read on openai.com', ['developer-releases']],
    ['LiteLLM: regional_processing_uplift_multiplier_eu 1.1', 'A listed source: regional_processing_uplift_multiplier_eu 1.1', ['litellm']],
    ["priced at the listing's price x 1.1 (LiteLLM: regional_processing_uplift_multiplier_eu 1.1)",
      "priced at the listing's price x 1.1 (a listed source: regional_processing_uplift_multiplier_eu 1.1)", ['litellm']],
    ["Epoch's H100 SXM5 price (25,000 USD)", "A listed source's H100 SXM5 price (25,000 USD)", ['epoch-hardware']],
    ['rated 1300 on an LMArena text leaderboard', 'rated 1300 on an LMArena text leaderboard', []],
    ['a row of fact-set-asides.csv, an epoch of training', 'a row of fact-set-asides.csv, an epoch of training', []],
  ];
  for (const [line, want, ids] of cases) {
    const found = new Set<string>();
    assert.equal(text(line, found), want);
    assert.deepEqual([...found].sort(), ids, line);
  }
});

test('a text naming a source drops where in its repository a figure sits: the file path and the commit', () => {
  const withSkyPilot: ReadonlyMap<string, Source> = new Map([...sources, ['skypilot', aSource({
    id: 'skypilot', name: 'SkyPilot catalog (catalogs/v7): GPU instance prices per cloud', url: 'https://github.com/skypilot-org/skypilot-catalog',
  })], ['epoch-hardware', aSource({ id: 'epoch-hardware', name: 'Epoch AI, Data on Machine Learning Hardware', url: 'https://epoch.ai/data/machine-learning-hardware' })]]);
  const text = partialText(withSkyPilot);
  // The rental note of a Nebius H100 in the dataset (hardware.json), as the SkyPilot adapter writes it.
  const line = "price as listed in SkyPilot's catalogue (catalogs/v7/nebius/vms.csv) at commit 22fd1fea, read on or before 2026-11-21;" +
    " the commit's date and the provider's own date are not given";
  const ids = new Set<string>();
  assert.equal(text(line, ids), "price as listed in a listed source's catalogue, read on or before 2026-11-21;" +
    " the commit's date and the provider's own date are not given");
  assert.deepEqual([...ids], ['skypilot']);
  // A file name with a space: the DGX A100 row of data/curated/host-machines.csv cites Epoch's table by its path in
  // epoch-research/training-cost-trends, `data/Hardware prices.csv`, which tells the source as its name does.
  const epoch = new Set<string>();
  assert.equal(text("Epoch's hardware price table (data/Hardware prices.csv): the DGX A100 at its release price", epoch),
    "A listed source's hardware price table: the DGX A100 at its release price");
  assert.deepEqual([...epoch], ['epoch-hardware']);
  // A text that names no source keeps its paths: they are the service's own (a reviewed table) or a caller's words.
  const own = 'see the row (data/curated/hardware-configs.csv) at commit 22fd1fea';
  assert.equal(text(own, new Set()), own);
});

test('the commits and pull requests a text cites of a source go or read as the listed source\'s', () => {
  const text = partialText(new Map([
    ['genai-prices', aSource({ id: 'genai-prices', name: 'genai-prices', url: 'https://github.com/pydantic/genai-prices' })],
    ['litellm', aSource({ id: 'litellm', name: 'LiteLLM', url: 'https://github.com/BerriAI/litellm' })],
  ]));
  // Each worked by hand from the promotion and correction notes of the dataset.
  const cases: Array<[string, string]> = [
    ['$5/$30 (genai-prices, commit c28fc0ad7e and cc40e93de7), is the list price',
      '$5/$30 (a listed source), is the list price'],
    ['litellm added this listing and took it away again on 2026-06-09 (commits c6641ba93d and eaffc05654): the catalogue',
      'A listed source added this listing and took it away again on 2026-06-09: the catalogue'],
    ["litellm's azure files (commit 5fc6a44227, 2025-11-16: 'added azure')",
      "A listed source's azure files (2025-11-16: 'added azure')"],
    ['genai-prices: openai listing added 2026-07-09 (commit c28fc0ad7e): gpt-5.6-terra',
      'A listed source: openai listing added 2026-07-09: gpt-5.6-terra'],
    ['the list price; BerriAI/litellm pull request 38127 (2026-08-24) reads it so',
      "the list price; a listed source's pull request 38127 (2026-08-24) reads it so"],
  ];
  for (const [line, want] of cases) assert.equal(text(line, new Set()), want);
  // A text that names no source keeps its commits: they are of no source to hide.
  assert.equal(text('a fix (commit c28fc0ad7e)', new Set()), 'a fix (commit c28fc0ad7e)');
});

test('a provider\'s terms quoted in a reason: a partial answer keeps that a page was read and the day, not the page or its words', () => {
  const text = partialText(sources);
  // The reason as the engine words it for cortecs (inference-providers.csv, read 2026-11-28).
  const full = 'keep=no-training: cortecs\'s own terms say "By default, all requests remain within Europe and your data is not used '
    + 'for AI training." (https://docs.cortecs.ai/security-and-compliance, read 2026-11-28); cortecs routes each request to an upstream provider.';
  assert.equal(text(full, new Set()), 'keep=no-training: cortecs\'s own terms, on a page read 2026-11-28, say so.');
  // Other texts are left to the source rewrite.
  assert.equal(text('keep=no-training: an API offer qualifies only where', new Set()), 'keep=no-training: an API offer qualifies only where');
});
