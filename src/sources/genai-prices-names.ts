// Provider display names from genai-prices' npm bundle, for the providers models.dev names no provider.toml for.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { offerTarget } from './catalogue-genai-prices-shape.ts';
import { GENAI_PRICES_FOLDER, GENAI_PRICES_NPM_FILE } from './genai-prices.ts';
import type { SourceRoots } from './types.ts';


/**
 * Each provider entry of the bundle gives its `name` beside its `id` (`{"id": "quicksilverpro", "name": "QuickSilver
 * Pro", "pricing_urls": ["https://quicksilverpro.io/#pricing", ...]}`): the source's own listing of the provider. Keyed
 * by the project's provider id (offerTarget: `aws` is amazon-bedrock, `x-ai` xai); a `huggingface_<backend>` entry
 * names the router pinned to one backend ("HuggingFace (nebius)"), not the provider, so it names nothing here.
 */
export function genaiProviderNames(doc: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(doc)) return out;
  for (const p of doc) {
    const { id, name } = (p ?? {}) as { id?: unknown; name?: unknown };
    if (typeof id !== 'string' || typeof name !== 'string' || !name.trim() || id.startsWith('huggingface_')) continue;
    out[offerTarget(id, '').provider] ??= name.trim();
  }
  return out;
}

export async function readGenaiProviderNames(roots: SourceRoots): Promise<Record<string, string>> {
  const file = path.join(roots.sources, GENAI_PRICES_FOLDER, GENAI_PRICES_NPM_FILE);
  return existsSync(file) ? genaiProviderNames(JSON.parse(await readFile(file, 'utf8'))) : {};
}
