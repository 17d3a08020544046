// models.dev adapter: the TOML catalogue (models/ and provider x model files) and its git field history.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import type { Source } from '../schema/index.ts';
import { readModelsDevChanges } from './catalogue-models-dev-changes.ts';
import {
  SOURCE_ID,
  cleanBase,
  inheritBase,
  toModelObservation,
  toOfferObservation,
  validateModel,
} from './catalogue-models-dev-toml.ts';
import { readTarText, resolveText, type TarText } from './catalogue-tar.ts';
import { issueAt, mainlandChinaApi, readHeadCommit, type Where } from './catalogue-util.ts';
import type { Adapter, AdapterResult, IngestIssue, ModelObservation, OfferObservation, SourceRoots } from './types.ts';

const FOLDER = 'models.dev';
const CHANGES_FILE = 'field-changes-from-git.jsonl.gz';

const MODEL_FILE = /^models\/([^/]+)\/([^/]+)\.toml$/;
const PROVIDER_FILE = /^providers\/([^/]+)\/provider\.toml$/;
const OFFER_FILE = /^providers\/([^/]+)\/models\/(.+)\.toml$/;

const ProviderToml = z.looseObject({ name: z.string().min(1), api: z.string().optional() });

export const modelsDev: Adapter = { id: SOURCE_ID, read };

async function read(roots: SourceRoots): Promise<AdapterResult> {
  const dir = path.join(roots.sources, FOLDER);
  const head = await readHeadCommit(dir);
  const tarball = await findTarball(dir);
  const issues: IngestIssue[] = [];
  const tar = await readTarText(path.join(dir, tarball), isCatalogueFile);
  const file = `${FOLDER}/${tarball}`;
  const mainland = new Set<string>();
  readNames(tar, file, issues, mainland);
  const { models, offers } = translate(tar, head.date, file, issues, mainland);
  const changesPath = path.join(dir, CHANGES_FILE);
  const changes = existsSync(changesPath) ? await readModelsDevChanges(changesPath, `${FOLDER}/${CHANGES_FILE}`, issues) : [];
  return { sources: [sourceRow(head.date)], models, offers, changes, issues };
}

/** Provider display names from `providers/<id>/provider.toml` (the offers carry only the id). */
export async function readProviderNames(roots: SourceRoots): Promise<Record<string, string>> {
  const dir = path.join(roots.sources, FOLDER);
  const tarball = await findTarball(dir);
  const tar = await readTarText(path.join(dir, tarball), (p) => PROVIDER_FILE.test(p));
  return readNames(tar, `${FOLDER}/${tarball}`, []);
}

function sourceRow(retrieved: string): Source {
  return {
    id: SOURCE_ID,
    name: 'models.dev',
    url: 'https://github.com/anomalyco/models.dev',
    licence: 'MIT',
    kind: 'aggregator',
    retrieved,
    attribution: 'models.dev (https://models.dev), MIT licence',
    covers: 'Model catalogue (release dates, open weights, limits, modalities, capabilities), provider offers with prices per 1M tokens, and their git history',
    counts_for_data_as_of: true,
  };
}

/** The snapshot archive: the one `models.dev-toml-*.tar.gz` in the folder. */
async function findTarball(dir: string): Promise<string> {
  const names = (await readdir(dir)).filter((n) => /^models\.dev-toml-.*\.tar\.gz$/.test(n)).sort();
  const last = names.at(-1);
  if (last === undefined) throw new Error(`${dir}: no models.dev-toml-*.tar.gz snapshot`);
  return last;
}

/** models.dev itself reads only `*.toml`; its READMEs, scripts and extension-less stray files are not records. */
function isCatalogueFile(p: string): boolean {
  return MODEL_FILE.test(p) || PROVIDER_FILE.test(p) || OFFER_FILE.test(p);
}

function parseTomlAt(text: string, where: Where, issues: IngestIssue[]): Record<string, unknown> | undefined {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch (err) {
    issues.push(issueAt(where, `not valid TOML: ${(err as Error).message.split('\n')[0]}`));
    return undefined;
  }
}

/** Provider names by id; `mainland` collects the providers whose API is mainland China's (`mainlandChinaApi`). */
function readNames(tar: TarText, file: string, issues: IngestIssue[], mainland = new Set<string>()): Record<string, string> {
  const names: Record<string, string> = {};
  for (const p of [...tar.files.keys()].sort()) {
    const m = PROVIDER_FILE.exec(p);
    if (!m) continue;
    const where = { source: SOURCE_ID, file, row: p };
    const raw = parseTomlAt(tar.files.get(p) ?? '', where, issues);
    if (!raw) continue;
    const parsed = ProviderToml.safeParse(raw);
    if (parsed.success) {
      names[m[1]] = parsed.data.name;
      if (mainlandChinaApi({ id: m[1], name: parsed.data.name, api: parsed.data.api })) mainland.add(m[1]);
    } else issues.push(issueAt(where, 'a provider needs a non-empty name', 'name'));
  }
  return names;
}

function translate(tar: TarText, asOf: string, file: string, issues: IngestIssue[], mainland: ReadonlySet<string>) {
  const models: ModelObservation[] = [];
  const offers: OfferObservation[] = [];
  const bases = new Map<string, Record<string, unknown>>();
  const paths = [...new Set([...tar.files.keys(), ...tar.links.keys()])].sort();

  for (const p of paths) {
    const m = MODEL_FILE.exec(p);
    if (!m) continue;
    const where = { source: SOURCE_ID, file, row: p };
    const raw = parseTomlAt(resolveText(tar, p) ?? '', where, issues);
    if (!raw) continue;
    const clean = cleanBase(raw, where, issues);
    const id = `${m[1]}/${m[2]}`;
    bases.set(id, clean);
    models.push(toModelObservation(clean, { source_model_id: id, vendor_hint: m[1] }, asOf, where, issues));
  }
  const vendors = new Set([...bases.keys()].map((id) => id.split('/')[0]));

  for (const p of paths) {
    const m = OFFER_FILE.exec(p);
    if (!m) continue;
    const [, provider, modelPath] = m;
    const where = { source: SOURCE_ID, file, row: p };
    const text = resolveText(tar, p);
    if (text === undefined) {
      issues.push(issueAt(where, `symlink to ${tar.links.get(p) ?? '?'} whose target is missing: left out`));
      continue;
    }
    const own = parseTomlAt(text, where, issues);
    if (!own) continue;
    let merged = own;
    const baseId = typeof own.base_model === 'string' ? own.base_model : undefined;
    if (baseId !== undefined) {
      const base = bases.get(baseId);
      if (base) merged = inheritBase(base, own);
      else issues.push(issueAt(where, `base_model ${baseId} has no models/ file: nothing inherited`, 'base_model'));
    }
    const rec = validateModel(merged, where, issues);
    const canonical = rec.base_model;
    const ids = { canonical_hint: canonical, vendor_hint: vendorHint(provider, modelPath, canonical, vendors) };
    models.push(toModelObservation(rec, { source_model_id: `${provider}/${modelPath}`, provider, ...ids }, asOf, where, issues));
    const offer = toOfferObservation(rec, { provider, provider_model_id: modelPath, canonical_hint: canonical }, asOf, where, issues);
    offers.push(mainland.has(provider) ? { ...offer, region: 'cn' } : offer);
  }
  return { models, offers };
}

/**
 * The vendor as the source states it: the vendor part of base_model; else the provider itself when it is a
 * model developer (it has a models/ folder) and the file is one of its own (not nested under another
 * organisation's folder, as nvidia/models/qwen/... is).
 */
function vendorHint(provider: string, modelPath: string, baseModel: string | undefined, vendors: Set<string>): string | undefined {
  if (baseModel) return baseModel.split('/')[0];
  if (!vendors.has(provider)) return undefined;
  const segments = modelPath.split('/');
  return segments.length === 1 || segments[0] === provider ? provider : undefined;
}
