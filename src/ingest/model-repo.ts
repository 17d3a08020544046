// Which Hugging Face repository is a model's own: parameter counts, architecture and precision come from it alone.
import type { Fact } from '../schema/index.ts';
import type { ModelObservation } from '../sources/types.ts';
import { key0 } from './match-keys.ts';
import { hfRepo } from './matcher.ts';

/** Sources whose observations each describe one Hugging Face repository (`source_model_id` is `owner/name`). */
export const REPO_SOURCES: ReadonlySet<string> = new Set(['llmfit', 'architecture-overrides', 'model-architecture']);

export const isRepoObservation = (o: ModelObservation) => REPO_SOURCES.has(o.source);

/**
 * The keys a repo's or a model's name goes by: key0 less a reference-precision tag (`-BF16` names the unquantized
 * release, NVIDIA-Nemotron-3-Super-120B-A12B-BF16), with and without the owner's name as a prefix (`nvidia-`).
 */
function nameKeys(id: string): string[] {
  const owner = id.includes('/') ? key0(id.split('/')[0]) : '';
  const k = key0(id).replace(/-(?:bf|fp)-?16$/, '');
  const keys = owner && k.startsWith(`${owner}-`) ? [k, k.slice(owner.length + 1)] : [k];
  // A release tag (`-v0.1`, key0 `-v-0-1`) names a release of the model (Mixtral-8x7B-Instruct-v0.1 is Mixtral 8x7B's
  // only instruct release). Where two releases share the name (Mistral-7B-Instruct v0.2 and v0.3), the rule below
  // finds two repos and takes neither.
  return keys.flatMap((x) => (/-v-\d+-\d+$/.test(x) ? [x, x.replace(/-v-\d+-\d+$/, '')] : [x]));
}

/**
 * Why a rule and not "any repo that matched": the matcher joins a model with every repo that spells it alike,
 * and those include re-uploads and quantizations whose counts are wrong (unsloth/Qwen3-8B: 6.66B for an 8.19B
 * model; Qwen/Qwen3-32B-FP8: 24.27B for 32.8B) and relatives (Qwen/Qwen-VL under qwen-vl-max, by the
 * effort-suffix rule that strips `-max`). A model's own repo is:
 * 1. the repo its weights link names (models.dev `weights`), whoever's members its observations became;
 * 2. otherwise the repo whose name is the model's id (or the id with `-Instruct`/`-it`: catalogues name the
 *    instruct model without the suffix), the exact name first; where several owners hold that name (a
 *    re-upload beside the original), the one of the developer's own organisation, else none.
 * Nothing else: a quantized (`-FP8`, `-AWQ`, `-GGUF`...), re-uploaded or related repo never speaks for the model.
 */
export function ownRepo(
  model: { id: string; vendor: string; weights_url?: string },
  candidates: readonly string[],
  isDeveloperOrg: (owner: string, vendor: string) => boolean,
): string | undefined {
  const linked = model.weights_url ? hfRepo(model.weights_url) : undefined;
  if (linked) return linked;
  const id = nameKeys(model.id)[0];
  const repos = [...new Set(candidates.map((r) => r.toLowerCase()))];
  const exact = repos.filter((r) => nameKeys(r).includes(id));
  // The instruct tag may also stand before a release's date (`Kimi-K2-Instruct-0905` for `kimi-k2-0905`).
  const instruct = repos.filter((r) => nameKeys(r).some((k) => k === `${id}-instruct` || k === `${id}-it` || k.replace(/-instruct-(\d{4})$/, '-$1') === id));
  const named = exact.length ? exact : instruct;
  if (named.length <= 1) return named[0];
  const own = named.filter((r) => isDeveloperOrg(r.split('/')[0], model.vendor));
  return own.length === 1 ? own[0] : undefined;
}

/** The Hugging Face snapshot whose listing shows a repository exists (llmfit reads the Hub's model index). */
const HUB_SNAPSHOT = 'llmfit';

/**
 * Where to download a model no source links: its own repo (ownRepo's rules), only when the developer's organisation
 * holds it (a lone re-upload named like the model is ownRepo's answer too, never a download of the developer's) and
 * the Hugging Face snapshot lists it. The link spells the repo as the snapshot does and is sourced to that snapshot.
 */
export function ownRepoLink(
  model: { id: string; vendor: string },
  candidates: readonly string[],
  isDeveloperOrg: (owner: string, vendor: string) => boolean,
  observationsOf: (repo: string) => readonly ModelObservation[],
): Fact<string> | undefined {
  const repo = ownRepo(model, candidates, isDeveloperOrg);
  if (!repo || !isDeveloperOrg(repo.split('/')[0], model.vendor)) return undefined;
  const seen = observationsOf(repo).find((o) => o.source === HUB_SNAPSHOT);
  if (!seen) return undefined;
  return {
    value: `https://huggingface.co/${seen.source_model_id}`,
    as_of: seen.as_of,
    source: seen.source,
    note: `no source links the weights: this is the developer's own repository (${seen.source_model_id}), found in the ${seen.source} snapshot`,
  };
}

/**
 * The developer's Hugging Face organisations: those the developer table names (`meta-llama` for Meta), and the
 * owners of the weights links the catalogue gives for the developer's models (`zai-org` for Z.ai).
 */
export function developerOrgs(
  weightLinks: ReadonlyArray<{ vendor: string; weights_url: string }>,
  resolveDeveloper: (name: string) => string | undefined,
): (owner: string, vendor: string) => boolean {
  const linked = new Map<string, Set<string>>();
  for (const { vendor, weights_url } of weightLinks) {
    const repo = hfRepo(weights_url);
    if (!repo) continue;
    const set = linked.get(vendor) ?? new Set<string>();
    set.add(repo.split('/')[0]);
    linked.set(vendor, set);
  }
  return (owner, vendor) => resolveDeveloper(owner) === vendor || (linked.get(vendor)?.has(owner.toLowerCase()) ?? false);
}

/**
 * Total and active parameters a developer states in a model's name (`Qwen3 235B-A22B`, `Nemotron 3 Ultra 550B
 * A55B`): a fallback for models whose own repo gives no counts, never over a repo's or a card's figure.
 */
export function countsFromName(name: string): { total: number; active: number } | undefined {
  const m = /(?:^|[\s_-])(\d+(?:\.\d+)?)B[\s_-]A(\d+(?:\.\d+)?)B(?=$|[\s_)(-])/i.exec(name);
  if (!m) return undefined;
  const total = Math.round(Number(m[1]) * 1e9);
  const active = Math.round(Number(m[2]) * 1e9);
  return active < total ? { total, active } : undefined;
}

/** Packaging tags of a re-upload or quantization of the same weights (`-FP8`, `-AWQ`, `-NVFP4`, `-GGUF`, `-4bit`). */
const PACKAGING = /(?:-(?:unsloth|dynamic|fp-?8|fp-?4|nvfp-?4|mxfp-?4|awq|gptq|int-?[48]|gguf|mlx|bnb|w4a16|w8a8|quantized|autoround|\d+-?bit))+$/;

/**
 * A repo holding the model's own weights under another owner or packaging (unsloth/Qwen3-14B,
 * nvidia/Qwen3-14B-NVFP4): its config.json is the model's, so its layer and head counts may stand in when the
 * model's own repo has none (llmfit could not read it). Its parameter count never does: packing changes it.
 */
export function holdsSameWeights(modelId: string, repo: string): boolean {
  const id = nameKeys(modelId)[0];
  return nameKeys(repo).some((k) => {
    const base = k.replace(PACKAGING, '');
    return base === id || base === `${id}-instruct` || base === `${id}-it`;
  });
}
