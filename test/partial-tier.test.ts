// Partial answers (anonymous, free) carry no per-field provenance, in fields or in text: every operation, both surfaces.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { OPERATIONS } from '../src/ops/registry.ts';
import { restUrl } from '../src/surfaces/rest/url.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { listen, servedDataset, testAccess, testApp } from './helpers.ts';

const PRO_KEY = 'mds_pro_0123456789abcdefghijklmnopqrstuv';
const TODAY = '2026-08-01';
const { dataset } = servedDataset();

/**
 * Where a source id may not appear. The rule is written here, apart from the projection: an id counts when it
 * stands as a word of its own (not inside a URL, a domain, a repo path or a longer id). The service's own `derived`
 * source is also an English word ("an estimate derived from"), so for it only the forms a citation takes count:
 * `derived, 2026-01-01`, `derived: ...`, or a string that is the id alone.
 */
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const matchers = dataset.sources.map((s) => {
  const id = escapeRe(s.id);
  const word = s.kind === 'derived'
    ? new RegExp(`^${id}$|(?<![\\w./@-])${id}(?:, \\d{4}-\\d{2}-\\d{2}|: )`)
    : new RegExp(`(?<![\\w./@-])${id}(?![\\w/-]|\\.\\w)`);
  return { id: s.id, word };
});

/**
 * The other words that name a source, read here from the sources table (by hand, apart from partial-text.ts): its
 * name, whole and without its parenthesised parts; an npm package in its name or URL (`@pydantic/genai-prices`); a
 * domain in parentheses (`deprecations.info`); its URL and every URL its attribution quotes, without the scheme,
 * where a GitHub or Hugging Face URL stands for its repository (`github.com/pydantic/genai-prices`); a site with no
 * path as its bare domain (`models.dev`); and a table of the repository by its path (`data/curated/aliases.csv`).
 * A form counts wherever it appears, in a URL or not, except inside a longer word (`skypilot-org`). The service's own
 * source is the service, which a partial answer names: it has no other form.
 */
const CURATED = readdirSync(new URL('../data/curated/', import.meta.url)).filter((f) => f.endsWith('.csv'));
const named = dataset.sources.filter((s) => s.kind !== 'derived').flatMap((s) => {
  const forms = new Set<string>([s.name, s.name.replace(/ \([^)]*\)/g, '')]);
  for (const m of `${s.name} ${s.url}`.matchAll(/@[\w.-]+\/[\w.-]+/g)) forms.add(m[0]);
  for (const m of s.name.matchAll(/\(([\w-]+\.[a-z]{2,})\)/g)) forms.add(m[1]!);
  for (const url of [s.url, ...(s.attribution ?? '').split(/[\s,;]+/).filter((w) => /^https?:\/\//.test(w))]) {
    if (url.startsWith('urn:model-data-service:')) forms.add(url.slice('urn:model-data-service:'.length).replace(/^(?:data\/)?/, ''));
    const [, host, path] = /^https?:\/\/(?:www\.)?([^/]+)(\/[^?#]*)?/.exec(url) ?? [];
    if (!host) continue;
    const repo = /^\/(?:datasets\/)?[\w.-]+\/[\w.-]+/.exec(path ?? '');
    if ((host === 'github.com' || host === 'huggingface.co') && repo) forms.add(`${host}${repo[0]}`);
    else if (!path || path === '/') forms.add(host);
    else forms.add(`${host}${path.replace(/\/$/, '')}`);
  }
  // A reviewed table by its file name alone (`a reviewed row (developer-releases.csv)`): the files of data/curated.
  for (const file of CURATED) if (s.url.startsWith('urn:model-data-service:') && s.url.endsWith(`/${file}`)) forms.add(file);
  // The source's own spelling of its id, or of the id's first word of 5 letters or more, in its name or credit line
  // (`LiteLLM` in "LiteLLM by BerriAI", `SkyPilot` in "SkyPilot catalog", `Epoch` in "Epoch AI"), unless that word is
  // another source's id or first word too (`LMArena`: four sources).
  const head = (id: string) => [id, ...(id.split('-')[0]!.length >= 5 ? [id.split('-')[0]!] : [])];
  for (const w of head(s.id)) {
    for (const m of `${s.name} ${s.attribution ?? ''}`.matchAll(new RegExp(`\\b${escapeRe(w)}\\b`, 'gi'))) {
      const others = dataset.sources.filter((o) => o.id !== s.id && o.kind !== 'derived').flatMap((o) => head(o.id));
      if (m[0] !== w && !others.includes(m[0].toLowerCase())) forms.add(m[0]);
    }
  }
  return [...forms].filter((f) => f.length >= 4 && f !== s.id).map((f) => ({ id: s.id, form: f, word: new RegExp(`(?<![\\w-])${escapeRe(f)}(?![\\w-])`) }));
});

/** Members that are per-field provenance by name: never in a partial answer. */
const PROVENANCE_MEMBERS = new Set(['source', 'corroborated_by', 'conflicts', 'listed_by']);

/** Every leak in a partial answer, as `path: what`; the top-level `sources` list and `attribution` may name sources. */
function leaks(body: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, at: string): void => {
    if (typeof node === 'string') {
      for (const m of matchers) if (m.word.test(node)) found.push(`${at}: "${m.id}" in ${JSON.stringify(node.slice(0, 160))}`);
      const by = new Map<string, string>();
      for (const n of named) if (!by.has(n.id) && n.word.test(node)) by.set(n.id, n.form);
      for (const [id, form] of by) found.push(`${at}: ${id} as "${form}" in ${JSON.stringify(node.slice(0, 200))}`);
      // A commit of a source's repository (`c28fc0ad7e`: 7 to 40 hex digits, digits and letters both) tells the source
      // as well as its name does. A string that is one such mark alone is an id (a change's), not a text.
      const mark = /\s/.test(node) && /(?<![\w./-])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![\w-])/.exec(node);
      if (mark) found.push(`${at}: a commit mark ${mark[0]} in ${JSON.stringify(node.slice(Math.max(0, mark.index - 100), mark.index + 60))}`);
      return;
    }
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, `${at}[${i}]`));
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (at === '' && (k === 'sources' || k === 'attribution')) continue;
      if (PROVENANCE_MEMBERS.has(k)) found.push(`${at}.${k}: a provenance member`);
      walk(v, `${at}.${k}`);
    }
  };
  walk(body, '');
  return found;
}

/** The registry's examples (realistic inputs that succeed on the committed dataset), plus cases that cite more. */
const EXTRA: Record<string, Array<Record<string, unknown>>> = {
  recommend_model: [{ use: 'coding', data: 'personal' }, { use: 'chat', keep: 'eu-only' }],
  estimate_cost: [{ model_id: 'llama-3.3-70b-instruct', tokens_millions: 100 }, { model_id: 'llama-3.3-70b-instruct', tokens_millions: 300 }],
  // Notes that date a price by the npm bundle, lifecycle notes that quote a reading's page, changes by the copy they
  // are present in.
  // Release-date notes that cite a reviewed table by its file name alone; prices set by a source's regional multiplier.
  get_model: [{ model_id: 'claude-opus-4-8' }, { model_id: 'gpt-4' }, { model_id: 'qwen3-vl-235b-a22b' }, { model_id: 'gpt-5.4-mini' }, { model_id: 'gpt-5.6-sol' }],
  search_models: [{ q: 'gpt' }],
  cheapest_for: [{ use: 'agents', min_context: 128000, where: 'eu-cloud' }],
  // Promotion notes that cite a catalogue's copies by commit (gpt-5.6-sol's list price before the promotion).
  get_model_changes: [{ days: 90, until: '2026-11-27' }, { model: 'gpt-5.6-sol', days: 365, until: '2026-11-27' }],
};
const calls = OPERATIONS.flatMap((op) => [...op.examples.map((e) => e.input), ...(EXTRA[op.name] ?? [])].map((input) => ({ op, input })));

let app: FastifyInstance;
let client: Client;

before(async () => {
  app = testApp({ dataset, access: testAccess({ keys: { [PRO_KEY]: 'pro' } }), today: () => TODAY });
  const base = await listen(app);
  client = new Client({ name: 'partial-tier-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
});

after(async () => {
  await client?.close();
  await app?.close();
});

test('a leak is found when there is one (the walker is not blind)', () => {
  const id = dataset.sources.find((s) => s.kind !== 'derived')!.id;
  assert.equal(leaks({ derived_from: [`x = 1 (${id}, 2026-01-01)`] }).length, 1);
  assert.equal(leaks({ offer: { listed_by: [] } }).length, 1);
  assert.equal(leaks({ sources: [{ id }], attribution: 'Data: Model Data Service (x)' }).length, 0);
  assert.equal(leaks({ r: ['an estimate derived from it', `https://${id}.example/${id}-x`] }).length, 0);
  // A source named by its package, its name or a page of its repository, each worked from the sources table by hand.
  assert.ok(dataset.sources.some((s) => s.id === 'genai-prices-npm' && s.url === 'https://www.npmjs.com/package/@pydantic/genai-prices'));
  assert.deepEqual(leaks({ note: 'dated 2026-09-23 by the npm bundle @pydantic/genai-prices 0.1.8' }).map((l) => l.split(' as ')[0]), ['.note: genai-prices-npm']);
  assert.equal(leaks({ note: 'read by https://github.com/pydantic/genai-prices/blob/47df840a/prices/data.schema.json' }).length, 1);
  assert.equal(leaks({ note: 'evidence: https://crfm.stanford.edu/fmti/' }).length, 1);
  assert.equal(leaks({ note: "in models.dev's catalogue" }).length, 1);
  // A reviewed table by its bare file name, and a source by its own spelling (rows of the sources table, by hand:
  // developer-releases is urn:model-data-service:data/curated/developer-releases.csv, litellm's credit line reads
  // "LiteLLM by BerriAI", epoch-hardware's name "Epoch AI, ..."); LMArena is the credit of four sources, none told apart.
  assert.deepEqual(leaks({ note: 'a reviewed row (developer-releases.csv), read on openai.com' }).map((l) => l.split(' as ')[0]), ['.note: developer-releases']);
  assert.deepEqual(leaks({ note: 'LiteLLM: regional_processing_uplift_multiplier_eu 1.1' }).map((l) => l.split(' as ')[0]), ['.note: litellm']);
  assert.deepEqual(leaks({ note: "Epoch's H100 SXM5 price" }).map((l) => l.split(' as ')[0]), ['.note: epoch-hardware']);
  assert.equal(leaks({ note: 'an LMArena text leaderboard' }).length, 0);
  assert.equal(leaks({ note: 'an issue at https://github.com/huggingface/text-generation-inference/issues/946' }).length, 0);
  // A commit mark with no source's name beside it (`(a listed source, commit c28fc0ad7e and cc40e93de7)`).
  assert.equal(leaks({ note: '$5/$30 (a listed source, commit c28fc0ad7e and cc40e93de7), is the list price' }).length, 1);
  assert.equal(leaks({ note: 'gpt-5.6-sol at $5/$30 from 2026-07-09' }).length, 0);
});

test('REST: no anonymous answer of any operation names a source outside its sources list', async () => {
  const problems: string[] = [];
  const answered = new Set<string>();
  for (const { op, input } of calls) {
    const r = await app.inject({ url: restUrl(op, input) });
    if (r.statusCode !== 200) continue;
    answered.add(op.name);
    const body = r.json() as Record<string, unknown>;
    assert.equal(body.attribution_required, true, `${op.name}: a partial answer`);
    problems.push(...leaks(body).map((l) => `${op.name} ${JSON.stringify(input)} ${l}`));
  }
  assert.deepEqual([...answered].sort(), OPERATIONS.map((op) => op.name).sort(), 'every operation answered at least once');
  assert.equal(problems.length, 0, `${problems.length} leaks, the first:\n${problems.slice(0, 20).join('\n')}`);
});

test('MCP: structuredContent and text of anonymous tool calls name no source outside the sources list', async () => {
  const problems: string[] = [];
  for (const { op, input } of calls) {
    const r = await client.callTool({ name: op.name, arguments: input });
    if (r.isError) continue;
    // The text is a summary line, then the JSON of structuredContent: the JSON must be that very answer (checked
    // field by field below), and the summary, less the attribution the partial tier must show, must cite nothing.
    const texts = (r.content as Array<{ type: string; text?: string }>).filter((c) => c.type === 'text').map((c) => c.text ?? '');
    const structured = r.structuredContent as Record<string, unknown>;
    const summaries = texts.map((t) => {
      const cut = t.indexOf('\n');
      assert.deepEqual(JSON.parse(t.slice(cut + 1)), structured, `${op.name}: the text carries the structured answer`);
      const attribution = typeof structured.attribution === 'string' ? structured.attribution : undefined;
      return attribution ? t.slice(0, cut).replace(attribution, '') : t.slice(0, cut);
    });
    problems.push(...leaks({ ...structured, text: summaries }).map((l) => `${op.name} ${l}`));
  }
  assert.equal(problems.length, 0, `${problems.length} leaks, the first:\n${problems.slice(0, 20).join('\n')}`);
});

test('partial answers still date their facts and list the sources they drew on', async () => {
  const op = OPERATIONS.find((o) => o.name === 'models_for_hardware')!;
  const url = restUrl(op, op.examples[0].input);
  const partial = (await app.inject({ url })).json() as Record<string, any>;
  const full = (await app.inject({ url, headers: { 'x-api-key': PRO_KEY } })).json() as Record<string, any>;
  const ids = new Set(dataset.sources.map((s) => s.id));
  assert.ok(partial.sources.length > 0 && partial.sources.every((s: { id: string }) => ids.has(s.id)));
  // Each input of a derived figure keeps its date: the full `name = value (models-dev, 2026-07-02)` reads
  // `name = value (as of 2026-07-02)`; an input that names a reviewed table by its path (`no published file size for
  // this model in data/curated/gguf-file-sizes.csv`) says `a listed source` instead; any other input is unchanged.
  const inputs = (body: Record<string, any>) => body.items.flatMap((i: { derived_from?: string[] }) => i.derived_from ?? []) as string[];
  const tables = dataset.sources.filter((s) => s.url.startsWith('urn:model-data-service:data/')).map((s) => s.url.slice(23));
  let cited = 0;
  const expected = inputs(full).map((s) => {
    for (const t of tables) s = s.split(t).join('a listed source');
    const m = / \(([a-z0-9-]+), (\d{4}-\d{2}-\d{2})\)$/.exec(s);
    if (!m || !ids.has(m[1]!)) return s;
    cited++;
    return `${s.slice(0, m.index)} (as of ${m[2]})`;
  });
  assert.ok(cited > 0, 'some inputs cite a source in the full answer');
  assert.deepEqual(inputs(partial), expected);
});

test('pro answers are full: the handler output as it is, citations and listed_by included', async () => {
  for (const { op, input } of calls) {
    const r = await app.inject({ url: restUrl(op, input), headers: { 'x-api-key': PRO_KEY } });
    if (r.statusCode !== 200) continue;
    const body = op.handler(dataset, validateInput(op, input), { today: TODAY });
    const expected = JSON.parse(JSON.stringify({ data_as_of: dataset.meta.data_as_of, ...body }));
    assert.deepEqual(r.json(), expected, op.name);
  }
});

test('a partial answer says it is partial, and that sources disagree where they do, without naming them', async () => {
  // The deprecations feed gives gemini-3-pro-preview's shutdown as 2026-03-09 (Google's table); LiteLLM's file gives
  // 2026-03-26. The pro answer names LiteLLM's date in `conflicts`; the anonymous one keeps only that they disagree.
  const url = '/api/v1/models/gemini-3-pro-preview';
  const partial = (await app.inject({ url })).json() as Record<string, any>;
  const full = (await app.inject({ url, headers: { 'x-api-key': PRO_KEY } })).json() as Record<string, any>;
  assert.equal(partial.tier, 'partial');
  assert.equal(full.tier, undefined, 'a full answer is the operation output, with no tier member');
  assert.deepEqual(full.shutdown_date.conflicts.map((c: { source: string; value: string }) => [c.source, c.value]), [['litellm', '2026-03-26']]);
  assert.equal(partial.shutdown_date.value, '2026-03-09');
  assert.equal(partial.shutdown_date.sources_disagree, true);
  assert.doesNotMatch(JSON.stringify(partial.shutdown_date), /2026-03-26|litellm/);
  // A fact on which the sources agree carries no such member.
  const agreed = Object.values(partial).filter((f: any) => f && typeof f === 'object' && 'as_of' in f && !f.sources_disagree);
  assert.ok(agreed.length > 0);
});
