// A model's developer read from the Hugging Face repositories that hold its weights under its own name.
import { brandVendor } from './first-party.ts';
import { key0 } from './match-keys.ts';

/** Meta's `-hf` names its own release in the transformers format (CodeLlama-34b-Instruct-hf), not a re-upload. */
const HF_FORMAT = /-hf$/;

/**
 * Whether a repo's name is the model's: the id itself, or the id with `-Instruct`/`-it` (catalogues and
 * leaderboards name the instruct model without the suffix: `qwen2-vl-72b` for Qwen2-VL-72B-Instruct), also with the
 * owner's name as a prefix dropped. A packaging tag (`-AWQ`, `-FP8`, `-NVFP4`) names a quantized copy, never the model.
 */
export function repoNamesModel(modelId: string, repo: string): boolean {
  const [owner, name] = repo.split('/');
  const k = key0(name).replace(HF_FORMAT, '');
  const o = key0(owner);
  const keys = k.startsWith(`${o}-`) ? [k, k.slice(o.length + 1)] : [k];
  const id = key0(modelId);
  return keys.some((x) => x === id || x === `${id}-instruct` || x === `${id}-it`);
}

/**
 * The developer whose Hugging Face organisation (developers.csv names and aliases) publishes a repo named as the
 * model (`meta-llama/CodeLlama-34b-Instruct-hf` -> meta). Undefined when no such repo is a known developer's
 * (`unsloth/`, `TechxGenus/` are not developers), when two developers' repos claim the name, or when the model's
 * name states another brand (an NVIDIA upload named `Qwen3-8B` would not make NVIDIA Qwen's developer).
 */
export function repoDeveloper(
  modelId: string,
  repos: Iterable<string>,
  resolveDeveloper: (name: string) => string | undefined,
): string | undefined {
  const devs = new Set<string>();
  for (const repo of repos) {
    const parts = repo.split('/');
    if (parts.length !== 2 || !parts[0] || !parts[1] || !repoNamesModel(modelId, repo)) continue;
    const dev = resolveDeveloper(parts[0]);
    if (dev) devs.add(dev);
  }
  if (devs.size !== 1) return undefined;
  const [dev] = devs;
  const brand = brandVendor(modelId);
  return brand === undefined || brand === dev ? dev : undefined;
}
