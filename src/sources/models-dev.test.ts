// Tests of the models.dev adapter: TOML translation, base_model inheritance, strict prices, git history, real snapshot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { create } from 'tar';
import { modelsDev, readProviderNames } from './models-dev.ts';
import type { AdapterResult } from './types.ts';

const TARBALL = 'models.dev-toml-HEAD-2026-07-02.tar.gz';

/** Build a sources root holding a models.dev snapshot made of the given TOML files (and symlinks) and history lines. */
async function aSnapshot(files: Record<string, string>, opts: { links?: Record<string, string>; history?: object[] } = {}) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'models-dev-'));
  const tree = path.join(root, 'tree');
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, p)), { recursive: true });
    writeFileSync(path.join(tree, p), text);
  }
  for (const [p, target] of Object.entries(opts.links ?? {})) {
    mkdirSync(path.dirname(path.join(tree, p)), { recursive: true });
    symlinkSync(target, path.join(tree, p));
  }
  const dir = path.join(root, 'sources', 'models.dev');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'HEAD_COMMIT.txt'), 'f3fc692299671838c7c65fd8126bf84d81a2e817 2026-07-02T00:40:28+08:00\n');
  await create({ gzip: true, file: path.join(dir, TARBALL), cwd: tree }, ['models', 'providers']);
  if (opts.history) {
    const jsonl = opts.history.map((l) => JSON.stringify(l)).join('\n') + '\n';
    writeFileSync(path.join(dir, 'field-changes-from-git.jsonl.gz'), gzipSync(jsonl));
  }
  return { sources: path.join(root, 'sources'), curated: path.join(root, 'curated') };
}

const OPUS = `name = "Claude Opus 4.5"
family = "claude-opus"
release_date = "2025-11-24"
open_weights = false
tool_call = true
reasoning = true
knowledge = "2025-03-31"
[limit]
context = 200_000
input = 180_000
output = 64_000
[modalities]
input = ["text", "image", "pdf"]
output = ["text"]
`;

const BASE_FILES = {
  'models/anthropic/claude-opus-4-5.toml': OPUS,
  'providers/anthropic/provider.toml': 'name = "Anthropic"\nnpm = "@ai-sdk/anthropic"\nenv = ["K"]\ndoc = "https://x"\n',
  'providers/amazon-bedrock/provider.toml': 'name = "Amazon Bedrock"\nnpm = "x"\nenv = ["K"]\ndoc = "https://x"\n',
  'providers/amazon-bedrock/models/eu.anthropic.claude-opus-4-5-v1.toml': `base_model = "anthropic/claude-opus-4-5"
base_model_omit = ["limit.input", "knowledge"]
name = "Claude Opus 4.5 (EU)"
status = "deprecated"
[cost]
input = 5.5
output = 27.5
cache_read = 0.55
[[cost.tiers]]
tier = { type = "context", size = 200_000 }
input = 11
output = 41.25
cache_read = 1.1
[limit]
context = 1_000_000
`,
  'providers/anthropic/models/claude-opus-4-5.toml': `${OPUS}[cost]\ninput = 5\noutput = 25\ncache_read = 0.5\ncache_write = 6.25\n`,
};

function offerOf(r: AdapterResult, provider: string, id: string) {
  return r.offers?.find((o) => o.provider === provider && o.provider_model_id === id);
}

test('a provider file keeps its prices per 1M tokens, its context tiers, and an EU SKU is region eu', async () => {
  const r = await modelsDev.read(await aSnapshot(BASE_FILES));
  assert.deepEqual(offerOf(r, 'amazon-bedrock', 'eu.anthropic.claude-opus-4-5-v1'), {
    source: 'models-dev',
    provider: 'amazon-bedrock',
    provider_model_id: 'eu.anthropic.claude-opus-4-5-v1',
    canonical_hint: 'anthropic/claude-opus-4-5',
    region: 'eu',
    as_of: '2026-07-02',
    input: 5.5,
    output: 27.5,
    cache_read: 0.55,
    tiers: [{ above_tokens: 200_000, input: 11, output: 41.25 }],
    context_window: 1_000_000,
    // The base file's `tool_call = true`, inherited by the provider file: what this listing serves.
    tool_calling: true,
    // The file's `status = "deprecated"`: Bedrock retiring its listing, a fact of the offer.
    status: 'deprecated',
    file: 'models.dev/models.dev-toml-HEAD-2026-07-02.tar.gz',
    row: 'providers/amazon-bedrock/models/eu.anthropic.claude-opus-4-5-v1.toml',
  });
  const direct = offerOf(r, 'anthropic', 'claude-opus-4-5');
  assert.equal(direct?.region, 'global');
  assert.deepEqual([direct?.input, direct?.output, direct?.cache_read, direct?.cache_write], [5, 25, 0.5, 6.25]);
  assert.deepEqual(r.issues, []);
});

test('base_model becomes canonical_hint, its fields are inherited and base_model_omit removes some', async () => {
  const r = await modelsDev.read(await aSnapshot(BASE_FILES));
  const eu = r.models?.find((m) => m.source_model_id === 'amazon-bedrock/eu.anthropic.claude-opus-4-5-v1');
  assert.equal(eu?.canonical_hint, 'anthropic/claude-opus-4-5');
  assert.equal(eu?.vendor_hint, 'anthropic');
  assert.equal(eu?.provider, 'amazon-bedrock', 'the model as that provider serves it');
  assert.equal(eu?.name, 'Claude Opus 4.5 (EU)', 'own fields override the base');
  assert.equal(eu?.release_date, '2025-11-24', 'unset fields come from the base');
  assert.equal(eu?.context_window, 1_000_000);
  assert.equal(eu?.max_output, 64_000, 'tables merge key by key');
  assert.equal(eu?.vision, true, 'image in the inherited input modalities');
  assert.equal(eu?.status, 'deprecated');
  assert.equal(eu?.knowledge_cutoff, undefined, 'omitted from the inherited fields');
  const canonical = r.models?.find((m) => m.source_model_id === 'anthropic/claude-opus-4-5' && m.provider === undefined);
  assert.equal(canonical?.vendor_hint, 'anthropic');
  assert.equal(canonical?.canonical_hint, undefined);
  assert.equal(canonical?.provider, undefined, 'a models/ file describes the model itself');
  assert.equal(canonical?.as_of, '2026-07-02');
  assert.equal(canonical?.knowledge_cutoff, '2025-03-31');
  assert.equal(r.models?.length, 3, 'one observation per models/ file and per provider file');
});

test('a negative price or an unknown price field is an issue naming file, row and field, and stays out', async () => {
  const r = await modelsDev.read(
    await aSnapshot({
      ...BASE_FILES,
      'providers/anthropic/models/claude-bad.toml': 'name = "Bad"\n[cost]\ninput = -1\noutput = 25\ncached_input = 0.5\n',
      'providers/anthropic/models/claude-broken.toml': 'name = "Broken\n',
    }),
  );
  const bad = offerOf(r, 'anthropic', 'claude-bad');
  assert.equal(bad?.input, undefined);
  assert.equal(bad?.output, 25, 'the other prices of the record still enter');
  const file = `models.dev/${TARBALL}`;
  const row = 'providers/anthropic/models/claude-bad.toml';
  assert.ok(r.issues.some((i) => i.file === file && i.row === row && i.field === 'cost.input' && /negative/.test(i.message)));
  assert.ok(r.issues.some((i) => i.row === row && i.field === 'cost.cached_input' && /unknown field/.test(i.message)));
  assert.ok(r.issues.some((i) => i.row === 'providers/anthropic/models/claude-broken.toml' && /TOML/.test(i.message)));
  assert.equal(offerOf(r, 'anthropic', 'claude-broken'), undefined);
});

test('a symlinked provider file is read through its link, a dangling link is an issue', async () => {
  const r = await modelsDev.read(
    await aSnapshot(BASE_FILES, {
      links: {
        'providers/anthropic-eu/models/claude-opus-4-5.toml': '../../anthropic/models/claude-opus-4-5.toml',
        'providers/anthropic-eu/models/gone.toml': '../../anthropic/models/gone.toml',
      },
    }),
  );
  assert.equal(offerOf(r, 'anthropic-eu', 'claude-opus-4-5')?.input, 5);
  assert.equal(offerOf(r, 'anthropic-eu', 'gone'), undefined);
  assert.ok(r.issues.some((i) => i.row === 'providers/anthropic-eu/models/gone.toml' && /missing/.test(i.message)));
});

test('git history: price fields, hosting with the base_model in force, malformed values as issues', async () => {
  const at = { commit: 'abc1234', subject: 'sync' };
  const p = 'providers/amazon-bedrock/models/x.toml';
  const r = await modelsDev.read(
    await aSnapshot(BASE_FILES, {
      history: [
        { ...at, date: '2025-06-04T22:41:51-04:00', path: p, change: 'added', fields: { 'cost.input': 3, base_model: 'anthropic/claude-opus-4-5' } },
        { ...at, date: '2025-06-05T10:00:00+00:00', path: p, field: 'cost.input', old: 3, new: 2.5 },
        { ...at, date: '2025-06-05T10:00:00+00:00', path: p, field: 'cost.inputCached', old: 3, new: 2.5 },
        { ...at, date: '2025-06-06T10:00:00+00:00', path: p, field: 'cost.output', old: 'x', new: 10 },
        { ...at, date: '2025-06-07T10:00:00+00:00', path: 'models/anthropic/claude-opus-4-5.toml', field: 'open_weights', old: null, new: false },
        { ...at, date: '2025-06-08T10:00:00+00:00', path: p, change: 'removed' },
      ],
    }),
  );
  assert.deepEqual(
    r.changes?.map((c) => [c.date, c.change, c.provider, c.source_model_id, c.canonical_hint, c.field, c.old, c.new]),
    [
      ['2025-06-05', 'added', 'amazon-bedrock', 'amazon-bedrock/x', 'anthropic/claude-opus-4-5', 'offered', false, true],
      ['2025-06-05', 'changed', 'amazon-bedrock', 'amazon-bedrock/x', 'anthropic/claude-opus-4-5', 'input', 3, 2.5],
      ['2025-06-07', 'changed', undefined, 'anthropic/claude-opus-4-5', undefined, 'open_weights', null, false],
      ['2025-06-08', 'removed', 'amazon-bedrock', 'amazon-bedrock/x', 'anthropic/claude-opus-4-5', 'offered', true, false],
    ],
  );
  assert.equal(r.changes?.[0].subject, 'sync');
  assert.ok(r.issues.some((i) => i.file === 'models.dev/field-changes-from-git.jsonl.gz' && i.row === 'line 4' && i.field === 'cost.output'));
});

test('git history: a change of the tiers a file gives is one `tiers` row, old and new as the offers read them', async () => {
  // As models.dev's history of providers/anthropic/models/claude-opus-4-6.toml: added 2026-02-05 with
  // context_over_200k 10/37.5 (10297c8490); 382d9f3e7d (2026-03-13) set input, output and cache_read of that table to
  // none. A cache price alone is no tier an offer reads: no row. A later `[[cost.tiers]]` entry at 1M is one row.
  const at = { commit: 'abc1234', subject: 'Update Claude 4.6 context/pricing' };
  const p = 'providers/anthropic/models/claude-opus-4-6.toml';
  const r = await modelsDev.read(
    await aSnapshot(BASE_FILES, {
      history: [
        { ...at, date: '2026-02-05T10:00:00+00:00', path: p, change: 'added',
          fields: { 'cost.input': 5, 'cost.output': 25, 'cost.context_over_200k.input': 10, 'cost.context_over_200k.output': 37.5 } },
        { ...at, date: '2026-03-13T10:00:00+00:00', path: p, field: 'cost.context_over_200k.cache_read', old: 1, new: null },
        { ...at, date: '2026-03-13T10:00:00+00:00', path: p, field: 'cost.context_over_200k.input', old: 10, new: null },
        { ...at, date: '2026-03-13T10:00:00+00:00', path: p, field: 'cost.context_over_200k.output', old: 37.5, new: null },
        { ...at, commit: 'bcd2345', date: '2026-04-01T10:00:00+00:00', path: p, field: 'cost.tiers', old: null,
          new: [{ tier: { size: 1000000 }, input: 8, output: 30, cache_read: 0.8 }] },
        // A commit moving the table into `[[cost.tiers]]` unchanged (as models.dev's of 2026-05-11): no row.
        { ...at, commit: 'def5678', date: '2026-05-11T10:00:00+00:00', path: p, field: 'cost.tiers',
          old: [{ tier: { size: 1000000 }, input: 8, output: 30, cache_read: 0.8 }], new: null },
        { ...at, commit: 'def5678', date: '2026-05-11T10:00:00+00:00', path: p, field: 'cost.tiers', old: null,
          new: [{ tier: { size: 1000000 }, input: 8, output: 30 }] },
      ],
    }),
  );
  assert.deepEqual(r.changes?.filter((c) => c.field === 'tiers').map((c) => [c.date, c.old, c.new]), [
    ['2026-03-13', '[{"above_tokens":200000,"input":10,"output":37.5}]', null],
    ['2026-04-01', null, '[{"above_tokens":1000000,"input":8,"output":30}]'],
  ], 'one row per commit: the passing state with the output tier alone is no row');
});

test('provider display names come from provider.toml', async () => {
  assert.deepEqual(await readProviderNames(await aSnapshot(BASE_FILES)), { 'amazon-bedrock': 'Amazon Bedrock', anthropic: 'Anthropic' });
});

const PROJECT = path.resolve(import.meta.dirname, '../..');
const REAL = { sources: path.join(PROJECT, '../shared/data/sources'), curated: path.join(PROJECT, '../shared/data/curated') };

test('the real snapshot: 231 model files, thousands of offers, known prices', { skip: !existsSync(REAL.sources) }, async () => {
  const r = await modelsDev.read(REAL);
  assert.equal(r.sources[0].retrieved, '2026-07-02');
  // Every provider file gives one model observation and one offer; each models/ file one model observation.
  assert.equal((r.models?.length ?? 0) - (r.offers?.length ?? 0), 231);
  assert.ok((r.offers?.length ?? 0) > 4000, `offers: ${r.offers?.length}`);
  const opus = offerOf(r, 'anthropic', 'claude-opus-4-5');
  assert.deepEqual([opus?.input, opus?.output, opus?.cache_read, opus?.cache_write], [5, 25, 0.5, 6.25]);
  assert.ok((r.offers?.filter((o) => o.region === 'eu').length ?? 0) >= 9);
  assert.ok((r.changes?.length ?? 0) > 10_000);
  assert.ok(r.issues.length < 500, `issues: ${r.issues.length}`);
});

test("a reasoning price apart from the output price is kept beside it; one equal to it is not", async () => {
  // models.dev 2026-07-02: providers/alibaba/models/qwen-plus.toml gives output 1.2 and reasoning 4 (Alibaba's
  // thinking-mode output price); OpenRouter's files repeat their output price as `reasoning`.
  const r = await modelsDev.read(await aSnapshot({
    'providers/alibaba/models/qwen-plus.toml': 'name = "Qwen Plus"\n[cost]\ninput = 0.4\noutput = 1.2\nreasoning = 4\n[limit]\ncontext = 1_000_000\noutput = 32_768\n',
    'providers/openrouter/models/qwen/qwen-plus.toml': 'name = "Qwen Plus"\n[cost]\ninput = 0.4\noutput = 1.2\nreasoning = 1.2\n[limit]\ncontext = 1_000_000\noutput = 32_768\n',
    'models/alibaba/qwen-plus.toml': 'name = "Qwen Plus"\n',
  }));
  assert.equal(offerOf(r, 'alibaba', 'qwen-plus')?.reasoning_output, 4);
  assert.equal(offerOf(r, 'alibaba', 'qwen-plus')?.output, 1.2);
  assert.equal(offerOf(r, 'openrouter', 'qwen/qwen-plus')?.reasoning_output, undefined);
});
