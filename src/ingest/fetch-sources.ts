// The table of fetchable sources: each one's public origin, what to download, and the files its adapter reads.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create as tarCreate, extract as tarExtract } from 'tar';
import { z } from 'zod';
import { deprecationsRss } from '../sources/deprecations-rss.ts';
import { epochHardware } from '../sources/epoch-hardware.ts';
import { fmti } from '../sources/fmti.ts';
import { genaiPrices } from '../sources/genai-prices.ts';
import { hfTasksHardware } from '../sources/hf-tasks-hardware.ts';
import { litellm } from '../sources/litellm.ts';
import { lmarenaDaily } from '../sources/lmarena-daily.ts';
import { modelsDev } from '../sources/models-dev.ts';
import { skypilot } from '../sources/skypilot.ts';
import type { Adapter } from '../sources/types.ts';

export type FetchContext = {
  /** GET with the validators remembered for this URL: null when the origin says nothing changed (304). */
  conditional(url: string): Promise<Buffer | null>;
  /** GET unconditionally (a URL pinned to a commit or a version needs no validator). */
  get(url: string): Promise<Buffer>;
};

export type Fetched = {
  files: { path: string; bytes: Buffer }[];
  /** Files of the current snapshot that these supersede (older dated copies), removed from the new one. */
  replaces?: RegExp;
};

export type FetchPlan = {
  /** The folder under data/sources. */
  folder: string;
  /** The adapter that must read the new snapshot before it is accepted (its zod schemas check the shape). */
  adapter: Adapter;
  /** null: the origin says nothing changed since the last fetch. */
  run(ctx: FetchContext, today: string): Promise<Fetched | null>;
};

const Commits = z.array(z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/), commit: z.object({ committer: z.object({ date: z.string() }) }) })).min(1);
const Contents = z.array(z.object({ name: z.string(), type: z.string(), download_url: z.string().nullable() }));
const NpmLatest = z.object({ version: z.string().regex(/^\d+\.\d+\.\d+/), dist: z.object({ tarball: z.string().url() }) });

function parseJson<T>(schema: z.ZodType<T>, bytes: Buffer, what: string): T {
  const r = schema.safeParse(JSON.parse(bytes.toString('utf8')));
  if (!r.success) throw new Error(`${what}: unexpected shape (${r.error.issues[0]?.message ?? 'invalid'})`);
  return r.data;
}

/** The newest commit (touching `file` when given) of a GitHub repository: the snapshot's identity and date. */
async function headCommit(ctx: FetchContext, repo: string, file?: string): Promise<{ sha: string; date: string } | null> {
  const q = file ? `?path=${encodeURIComponent(file)}&per_page=1` : '?per_page=1';
  const body = await ctx.conditional(`https://api.github.com/repos/${repo}/commits${q}`);
  if (body === null) return null;
  const [c] = parseJson(Commits, body, `${repo} commits`);
  return { sha: c.sha, date: c.commit.committer.date };
}

type File = Fetched['files'][number];

/** A source that is one file at one URL, fetched conditionally and stored under `path`. */
function oneFile(url: string, path: string): FetchPlan['run'] {
  return async (ctx) => {
    const bytes = await ctx.conditional(url);
    return bytes && { files: [{ path, bytes }] };
  };
}
const headFile = (c: { sha: string; date: string }, name = 'HEAD_COMMIT.txt'): File => ({ path: name, bytes: Buffer.from(`${c.sha} ${c.date}\n`) });
const day = (iso: string) => iso.slice(0, 10);
const raw = (repo: string, ref: string, file: string) => `https://raw.githubusercontent.com/${repo}/${ref}/${file}`;

/**
 * models.dev publishes its catalogue as TOML in git; the archive of one commit is cut down to the TOML files the
 * adapter reads (providers/ and models/), without the repository's prefix folder, as the stored snapshot is.
 */
async function repackCatalogue(archive: Buffer): Promise<Buffer> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'mds-models-dev-'));
  try {
    writeFileSync(path.join(tmp, 'in.tar.gz'), archive);
    const out = path.join(tmp, 'out');
    mkdirSync(out);
    await tarExtract({ file: path.join(tmp, 'in.tar.gz'), cwd: out, strip: 1, filter: (p) => /^[^/]+\/(providers|models)\/.+\.toml$/.test(p) });
    const roots = ['providers', 'models'].filter((d) => existsSync(path.join(out, d)));
    if (roots.length === 0) throw new Error('models.dev archive: no providers/ or models/ TOML catalogue in it');
    await tarCreate({ gzip: true, cwd: out, portable: true, file: path.join(tmp, 'out.tar.gz') }, roots);
    return readFileSync(path.join(tmp, 'out.tar.gz'));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const HARDWARE_FILES = ['hardware.js', 'hardware-nvidia.js', 'hardware-amd.js'];

/** The ES module build of the hardware tables from the npm package tarball (`package/dist/esm/*.js`). */
async function hardwareTables(tgz: Buffer): Promise<File[]> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'mds-hf-tasks-'));
  try {
    writeFileSync(path.join(tmp, 'p.tgz'), tgz);
    const wanted = new Set(HARDWARE_FILES.map((f) => `package/dist/esm/${f}`));
    await tarExtract({ file: path.join(tmp, 'p.tgz'), cwd: tmp, filter: (p) => wanted.has(p) });
    return HARDWARE_FILES.map((f) => ({ path: f, bytes: readFileSync(path.join(tmp, 'package', 'dist', 'esm', f)) }));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export const FETCH_PLANS: FetchPlan[] = [
  {
    folder: 'models.dev', adapter: modelsDev,
    async run(ctx) {
      const c = await headCommit(ctx, 'anomalyco/models.dev');
      if (!c) return null;
      const archive = await ctx.get(`https://codeload.github.com/anomalyco/models.dev/tar.gz/${c.sha}`);
      return { files: [headFile(c), { path: `models.dev-toml-HEAD-${day(c.date)}.tar.gz`, bytes: await repackCatalogue(archive) }], replaces: /^models\.dev-toml-.*\.tar\.gz$/ };
    },
  },
  {
    folder: 'genai-prices', adapter: genaiPrices,
    async run(ctx) {
      const c = await headCommit(ctx, 'pydantic/genai-prices', 'prices/providers');
      if (!c) return null;
      const list = parseJson(Contents, await ctx.get(`https://api.github.com/repos/pydantic/genai-prices/contents/prices/providers?ref=${c.sha}`), 'genai-prices providers');
      const files: File[] = [headFile(c)];
      for (const f of list.filter((e) => e.type === 'file' && e.name.endsWith('.yml')).sort((a, b) => a.name.localeCompare(b.name))) {
        files.push({ path: `providers-yml/${f.name}`, bytes: await ctx.get(raw('pydantic/genai-prices', c.sha, `prices/providers/${f.name}`)) });
      }
      return { files, replaces: /^providers-yml\/.*\.yml$/ };
    },
  },
  {
    folder: 'litellm-via-rocry', adapter: litellm,
    async run(ctx) {
      const file = 'model_prices_and_context_window.json';
      const c = await headCommit(ctx, 'BerriAI/litellm', file);
      if (!c) return null;
      const bytes = await ctx.get(raw('BerriAI/litellm', c.sha, file));
      return { files: [headFile(c), { path: `model_prices_and_context_window-${day(c.date)}.json`, bytes }], replaces: /^model_prices_and_context_window.*\.json$/ };
    },
  },
  {
    // The official leaderboard dataset is parquet on Hugging Face; its JSON export per day is mirrored on GitHub.
    folder: 'lmarena-daily-2026', adapter: lmarenaDaily,
    async run(ctx) {
      const repo = 'Scarlett9826/arena-ai-leaderboards';
      const c = await headCommit(ctx, repo, 'data/lmarena');
      if (!c) return null;
      const dirs = parseJson(Contents, await ctx.get(`https://api.github.com/repos/${repo}/contents/data/lmarena?ref=${c.sha}`), 'lmarena days');
      const newest = dirs.filter((d) => d.type === 'dir' && /^\d{4}-\d{2}-\d{2}$/.test(d.name)).map((d) => d.name).sort().at(-1);
      if (!newest) throw new Error('lmarena mirror: no dated folder');
      const files: File[] = [headFile(c, 'SOURCE_COMMIT.txt')];
      for (const board of ['text', 'text_style_control', 'webdev']) {
        files.push({ path: `lmarena-hf-${board}-${newest}.json`, bytes: await ctx.get(raw(repo, c.sha, `data/lmarena/${newest}/${board}.json`)) });
      }
      return { files, replaces: /^lmarena-hf-.*\.json$/ };
    },
  },
  {
    folder: 'deprecations-rss', adapter: deprecationsRss,
    run: oneFile('https://deprecations.info/v1/deprecations.json', 'deprecations.json'),
  },
  {
    folder: 'fmti', adapter: fmti,
    async run(ctx) {
      const repo = 'stanford-crfm/fmti';
      const c = await headCommit(ctx, repo);
      if (!c) return null;
      const files: File[] = [headFile(c)];
      for (const f of ['October2023/October2023_scores.csv', 'May2024/May2024_scores.csv', 'Dec2025/Dec2025_scores.csv', 'Dec2025/Dec2025_indicators.csv']) {
        files.push({ path: f, bytes: await ctx.get(raw(repo, c.sha, f)) });
      }
      const reports = parseJson(Contents, await ctx.get(`https://api.github.com/repos/${repo}/contents/Dec2025/reports?ref=${c.sha}`), 'fmti reports');
      for (const r of reports.filter((e) => e.type === 'file' && e.name.endsWith('.csv'))) {
        files.push({ path: `Dec2025/reports/${r.name}`, bytes: await ctx.get(raw(repo, c.sha, `Dec2025/reports/${r.name}`)) });
      }
      return { files, replaces: /^Dec2025\/reports\/.*\.csv$/ };
    },
  },
  {
    folder: 'epoch-ml-hardware', adapter: epochHardware,
    run: oneFile('https://epoch.ai/data/ml_hardware.csv', 'ml_hardware.csv'),
  },
  {
    folder: 'hf-tasks-hardware', adapter: hfTasksHardware,
    async run(ctx) {
      const latest = await ctx.conditional('https://registry.npmjs.org/@huggingface/tasks/latest');
      if (!latest) return null;
      const { dist } = parseJson(NpmLatest, latest, '@huggingface/tasks');
      return { files: await hardwareTables(await ctx.get(dist.tarball)) };
    },
  },
  {
    // Only the verbatim catalogue file is fetched; the hand excerpt of other clouds stays as reviewed.
    folder: 'skypilot-catalog', adapter: skypilot,
    run: oneFile(raw('skypilot-org/skypilot-catalog', 'master', 'catalogs/v7/nebius/vms.csv'), 'nebius-vms.csv'),
  },
];
