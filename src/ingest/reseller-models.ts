// R5: a priced reseller listing of a known developer's model that no catalogue lists becomes a model of its own.
import type { ModelObservation } from '../sources/types.ts';
import { FIRST_PARTY, VENDOR_PREFIX } from './first-party.ts';
import { canonicalSlug, key0 } from './match-keys.ts';

/**
 * Not language models: embeddings, rerankers, speech, image and video generation, OCR, classifiers. Their
 * listings stay unmatched (docs/unmatched.md) rather than becoming models of a language-model catalogue.
 */
export const NOT_A_LANGUAGE_MODEL = /embed|rerank|whisper|(?:^|[-_/])tts|speech|transcri|voxtral|sonic|(?:^|[-_/])image|imagen|dall-e|flux|diffusion|sdxl|(?:^|[-_/])veo|video|(?:^|[-_/])wan-?2|seedream|seedance|kling|sora|lyria|music|ocr|(?:^|[-_/])bge-|(?:^|[-_/])e5-|(?:^|[-_/])gte-|minilm|mpnet|moderation|distilbert|m2m100|indictrans|realtime|audio|pegasus|titan-embed/i;

/** A quantization or serving tier at the end of a reseller's id names the setup, not the model. */
const SERVING_TAIL = /-(?:fp8|fp4|nvfp4|bf16|int4|int8|awq|gptq|maas|tput|fp8-fast|lora|hf)$/;

export type ResellerCandidate = { obs: ModelObservation; slug: string; vendor: string };

/**
 * The developer a reseller's id names by its namespace (`deepseek-ai/…`, resolved by the developer table). A bare
 * name (`claude-4.5-sonnet`, `qwen3.5-27b-bluestar-derestricted`) is not enough: word orders and third parties'
 * fine-tunes would become models of their own. Third parties' namespaces (`sao10k/…`) name no known developer.
 */
function developerOf(path: string[], resolveDeveloper: (n: string) => string | undefined): string | undefined {
  if (path.length < 2) return undefined;
  const ns = path[path.length - 2].toLowerCase();
  return VENDOR_PREFIX[ns] ?? resolveDeveloper(ns);
}

/**
 * The Hugging Face repositories the sources know (llmfit lists only repositories that hold weights). A listing
 * must name one of them exactly: then the developer has published the model under that name, and a reseller's
 * own product (`anthropic/claude-4.5-haiku`, `…-fast`, `…-original`) does not become a model.
 */
function knownRepos(observations: readonly ModelObservation[]): Set<string> {
  const repos = new Set<string>();
  for (const o of observations) {
    const url = o.url ?? o.weights_url;
    const m = url ? /^https?:\/\/huggingface\.co\/([^/?#]+\/[^/?#]+)/i.exec(url) : null;
    if (m) repos.add(m[1].toLowerCase());
  }
  return repos;
}

/** Resellers' own tiers and SKUs (`-fast`, `-original`, `-tee`…): never a model of their own. */
const SKU_WORD = /-(?:fast|flex|lightning|highspeed|priority|tee|cheaper|original|instant|cloud|short|free|latest|beta|preview|exp)(?:-|$)/;

/** The developers whose models are served only by themselves and their cloud partners: a reseller's spelling is theirs. */
const CLOSED_BRAND = /^(?:claude|gpt-(?!oss)|o\d|gemini|grok|chatgpt)/;

/** Distinct providers that list a key under a known developer's namespace: three or more corroborate a model. */
const CORROBORATING_PROVIDERS = 3;

export function resellerCandidates(observations: readonly ModelObservation[], resolveDeveloper: (n: string) => string | undefined): ResellerCandidate[] {
  const out: ResellerCandidate[] = [];
  const repos = knownRepos(observations);
  const listedBy = new Map<string, Set<string>>();
  const pending: Array<{ o: ModelObservation; path: string[]; vendor: string; last: string; repo: string }> = [];
  for (const o of observations) {
    if (o.provider === undefined || FIRST_PARTY[o.provider] || o.source.startsWith('lmarena')) continue;
    if (o.modalities && !o.modalities.output.includes('text')) continue;
    if (NOT_A_LANGUAGE_MODEL.test(o.source_model_id) || (o.name && NOT_A_LANGUAGE_MODEL.test(o.name))) continue;
    // The id after the provider: `accounts/fireworks/models/x` keeps only `x`, `@cf/meta/x` keeps `meta/x`.
    const path = o.source_model_id.split('/').slice(1).filter((p) => p && !p.startsWith('@') && p !== 'accounts' && p !== 'fireworks' && p !== 'models');
    if (!path.length) continue;
    const vendor = developerOf(path, resolveDeveloper);
    if (!vendor) continue;
    let last = path[path.length - 1].replace(/:[a-z][a-z-]*$/, '');
    const repo = `${path[path.length - 2]}/${last.replace(/-(?:fp8|bf16|awq|int4|int8|tput|turbo)$/i, '')}`.toLowerCase();
    // Fireworks writes decimals with p (`qwen2p5-72b-instruct`): the model's own name has the dot.
    if (/fireworks/.test(o.provider)) last = last.replace(/(\d)p(\d)/g, '$1.$2');
    pending.push({ o, path, vendor, last, repo });
    const k = key0(last);
    if (!SKU_WORD.test(k) && !CLOSED_BRAND.test(k)) listedBy.set(k, (listedBy.get(k) ?? new Set()).add(o.provider));
  }
  for (const p of pending) {
    // The developer published the name (a known repository), or three providers list it under the developer's name.
    if (!repos.has(p.repo) && (listedBy.get(key0(p.last))?.size ?? 0) < CORROBORATING_PROVIDERS) continue;
    const slug = canonicalSlug(p.last).replace(SERVING_TAIL, '');
    if (!slug) continue;
    out.push({ obs: p.o, slug, vendor: p.vendor });
  }
  // Repository-style ids (`Qwen/Qwen2.5-72B-Instruct`) first: they carry the developer's own spelling.
  const nsFirst = (c: ResellerCandidate) => (c.obs.source_model_id.split('/').length >= 3 ? 0 : 1);
  return out.sort((a, b) => nsFirst(a) - nsFirst(b) || a.slug.length - b.slug.length || a.obs.source_model_id.localeCompare(b.obs.source_model_id));
}
