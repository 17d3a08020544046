// Identifier normalisation: the documented rules that let one model's many spellings meet (docs/data.md).

/** Vendor namespaces of cloud catalogues (`anthropic.claude-…`, `deepseek.v3.2`): the vendor word is captured. */
const VENDOR_NS = 'anthropic|meta|amazon|mistral|cohere|ai21|deepseek|qwen|openai|writer|twelvelabs|stability|moonshot|moonshotai|minimax|google|nvidia|zai|xai';
/** Bedrock-style namespaces (`anthropic.claude-…`), regional inference prefixes (`eu.`, `regional.`), OpenRouter `~`. */
const NAMESPACE = new RegExp(`^(?:(?:eu|us|apac|global|us-gov|au|jp|ca|uk|apne|in|regional)\\.)?(?:databricks-)?(?:(${VENDOR_NS})\\.)?`);

/** Effort and thinking variants: ratings of one model under different settings (DESIGN.md section 4). */
const EFFORT = ['thinking', 'reasoning', 'nothinking', 'non-thinking', 'no-thinking', 'think', 'high', 'medium', 'low', 'minimal', 'xhigh', 'max'];

/**
 * A `:tag` that names a SKU or a routed provider (`:free`, `:batch`, HF router `:novita`), not the model.
 * Digits stay: `qwen3:32b` (Ollama) names a size, `-v1:0` (Bedrock) a version handled below.
 */
const COLON_TAG = /:[a-z][a-z-]*$/;

/**
 * A pure function of its argument, kept by it: a build asks the same few thousand ids' keys millions of times (the
 * matcher and the offer and change builders re-key ids per pair), and the regular expressions were a fifth of a build's
 * CPU. Only the ingest uses these keys (a build is one process), so the maps last as long as the build.
 */
function keptBy(f: (id: string) => string): (id: string) => string {
  const kept = new Map<string, string>();
  return (id) => {
    let out = kept.get(id);
    if (out === undefined) kept.set(id, (out = f(id)));
    return out;
  };
}

const keptKey0 = keptBy(computeKey0);
/** Lowercase, last path segment, namespaces and version tags off, separators unified to `-`. */
export function key0(id: string): string {
  return keptKey0(id);
}

function computeKey0(id: string): string {
  let s = id.trim().toLowerCase();
  s = s.slice(s.lastIndexOf('/') + 1);
  s = s.replace(/^~/, '');
  s = s.replace(COLON_TAG, '');
  // Vertex AI's version tags (`claude-opus-4-6@default`, `codestral-2@001`).
  s = s.replace(/@(?:default|latest|\d{3})$/, '');
  const ns = NAMESPACE.exec(s);
  const vendor = ns?.[1];
  s = s.slice(ns?.[0].length ?? 0);
  // `deepseek.v3.2`, `deepseek.r1-v1:0`: the vendor word is the model's name, not a namespace.
  if (vendor && /^[vr]\d/.test(s)) s = `${vendor}-${s}`;
  // Bedrock writes Mistral's own model versions with a colon (`mistral.mistral-7b-instruct-v0:2` is
  // Mistral-7B-Instruct-v0.2): `-instruct-v0:N` is that version, not an API version such as `-v1:0`.
  if (vendor === 'mistral') s = mistralVersion(s);
  // Bedrock model versions (`-v1:0`, `-1:0`, and `-v1` after a vendor namespace); a bare `-v3` is part of a name.
  s = s.replace(/-v?\d+:\d+$/, '').replace(/:\d+$/, '');
  if (vendor) s = s.replace(/-v\d+$/, '');
  s = s.replace(/^meta-(?=llama)/, '');
  // Azure writes GPT-3.5 as `gpt-35` (`gpt-35-turbo-16k`).
  s = s.replace(/^gpt-35(?=-|$)/, 'gpt-3.5');
  // Amazon's own API versions (`nova-lite-v1`, `amazon-nova-lite-v1.0`, `amazon.nova-lite-v1:0`) name one model.
  if (/^(?:amazon-)?(?:nova|titan)-/.test(s)) s = s.replace(/^amazon-/, '').replace(/-v\d+(?:\.\d+)?$/, '');
  // Fireworks writes decimals with `p` (`llama-v3p1`, `qwen2p5-1p5b`, `glm-4p7`) and versions with `v`.
  s = s.replace(/(\d)p(\d)/g, '$1.$2').replace(/^(llama|qwen)-?v(?=\d)/, '$1-');
  s = s.replace(/[()[\]]/g, '-');
  // A plus is a word of the name: Cohere's `Command R+` is its API's `command-r-plus`, not Command R.
  s = s.replace(/\+/g, '-plus');
  s = s.replace(/[\s._:@]+/g, '-');
  // `llama3-1` and `llama-3.1`, `gpt4o` and `gpt-4o`: a letter-digit boundary is a separator either way.
  s = s.replace(/([a-z])(?=\d)/g, '$1-');
  s = s.replace(/-+/g, '-').replace(/^-|-$/g, '');
  return claudeOrder(s);
}

/**
 * Mistral's weights versions on Bedrock (`mistral-7b-instruct-v0:2`, `mixtral-8x7b-instruct-v0:1`) read as Mistral
 * names them (`Mistral-7B-Instruct-v0.2`, https://huggingface.co/mistralai/Mistral-7B-Instruct-v0.2); Bedrock's API
 * versions of Mistral's other models (`mistral-large-2402-v1:0`) are untouched.
 */
function mistralVersion(s: string): string {
  return s.replace(/-instruct-v0:(\d+)$/, '-instruct-v0.$1');
}

/**
 * Anthropic names Claude 3 models version first (`claude-3-5-sonnet`) and Claude 4 and later tier first
 * (`claude-sonnet-4-5`); resellers write either (`claude-4.5-sonnet`, `claude-sonnet-3.5`). The key takes
 * Anthropic's order for the version.
 */
function claudeOrder(s: string): string {
  const v = /^claude-(\d+(?:-\d)?)-(opus|sonnet|haiku)(?=-|$)/.exec(s);
  if (v && Number(v[1].split('-')[0]) >= 4) return claudeZero(`claude-${v[2]}-${v[1]}${s.slice(v[0].length)}`);
  const t = /^claude-(opus|sonnet|haiku)-(\d+(?:-\d)?)(?=-|$)/.exec(s);
  if (t && Number(t[2].split('-')[0]) < 4) return `claude-${t[2]}-${t[1]}${s.slice(t[0].length)}`;
  return claudeZero(s);
}

/**
 * Anthropic's `claude-opus-4-0` and `claude-sonnet-4-0` are its aliases of the first Claude 4 snapshots
 * (`claude-opus-4-20250514`): version 4.0 is version 4, so the key drops the `-0` (4.1 and 4.5 keep theirs).
 * https://docs.anthropic.com/en/docs/about-claude/models/overview lists "claude-opus-4-0" as the alias of
 * "claude-opus-4-20250514".
 */
function claudeZero(s: string): string {
  return s.replace(/^(claude-(?:opus|sonnet|haiku)-\d+)-0(?=-|$)/, '$1');
}

/**
 * A four-digit tail is a dated snapshot when it reads as MMDD (`gpt-4-0613`, `deepseek-chat-v3-0324`; a release of its
 * own, `kimi-k2-0905`, is found before this key by releases.ts); when it reads as
 * YYMM of the 2020s and not as a month and day, it is the developer's version (`mistral-large-2411`,
 * `qwen3-…-2507`). Other numbers are context lengths (`llama3-70b-8192`) and are stripped as before.
 */
function stripSnapshotNumber(s: string): string {
  const m = /-(\d{3,6})$/.exec(s);
  if (!m) return s;
  const d = m[1];
  if (d.length === 4 && /^2\d(?:0[1-9]|1[0-2])$/.test(d) && Number(d.slice(0, 2)) > 12) return s;
  return s.slice(0, -m[0].length);
}

/** key0 without a dated-snapshot suffix (`-20250514`, `-2025-05-14`, `-preview-05-06`, `-latest`, `-preview`). */
export function key1(id: string): string {
  let s = key0(id);
  for (let i = 0; i < 3; i++) {
    const before = s;
    s = s
      .replace(/-20\d{2}-?\d{2}-?\d{2}$/, '')
      .replace(/-(?:preview|exp)-\d{2}-\d{2}$/, '')
      // A year alone (`command-r-08-2024`).
      .replace(/-20\d{2}$/, '');
    // Versioned snapshots: `gpt-4-0613`, `gemini-1.5-pro-002`, `step-2-16k-exp-202412`; not YYMM versions.
    s = stripSnapshotNumber(s)
      .replace(/-\d{2}-\d{2}$/, '')
      .replace(/-(?:latest|preview|exp|experimental)$/, '');
    if (s === before) break;
  }
  return s;
}

function stripSuffixes(s: string, words: readonly string[]): string {
  // Thinking budgets (`-thinking-32k`) and evaluation harnesses (`-codex-harness`) qualify a variant too.
  let out = s.replace(/-(?:\d+k)$/, (m) => (words.some((w) => s.endsWith(`${w}${m}`)) ? '' : m)).replace(/-codex-harness$/, '');
  for (let i = 0; i < 4; i++) {
    const w = words.find((x) => out.endsWith(`-${x}`) && out.length > x.length + 1);
    if (!w) break;
    out = key1(out.slice(0, -(w.length + 1)));
  }
  return out;
}

/**
 * The key under which catalogue entries are merged into one model: key1. A thinking switch does not merge
 * entries: `kimi-k2-thinking` and Kimi K2 Instruct are two sets of weights.
 */
export function mergeKey(id: string): string {
  return key1(id);
}

/** key1 without any effort or thinking suffix: how a leaderboard variant finds its model. */
export function variantKey(id: string): string {
  return stripSuffixes(key1(id), EFFORT);
}

/**
 * The effort-stripped keys of an id, least stripped first (`x-thinking-high`, `x-thinking`, `x`): a variant
 * finds its model at the first key that names one, so `kimi-k2-thinking-high` stays with Kimi K2 Thinking.
 */
export function variantKeys(id: string): string[] {
  const out = [key1(id)];
  for (let i = 0; i < 4; i++) {
    const cur = out[out.length - 1];
    const next = stripSuffixes(cur, EFFORT.filter((w) => cur.endsWith(`-${w}`) || new RegExp(`-${w}-\\d+k$`).test(cur)));
    if (next === cur) {
      const harness = cur.replace(/-codex-harness$/, '');
      if (harness === cur) break;
      out.push(harness);
      continue;
    }
    out.push(next);
  }
  return [...new Set(out)];
}

/**
 * Resellers' packaging: a serving setup, not another model. Prefixes name who serves or made it (`cerebras-`,
 * `groq-`, `azure-gpt-4o`, `openai-gpt-5` at DigitalOcean, `anthropic--claude-…` at SAP, GitLab's `duo-chat-`),
 * Mistral's API marks open weights with `open-`; suffixes are quantizations, serving tiers (Vertex `-maas`, Together
 * `-tput`, Cloudflare `-fp8-fast`, `-lora` for adapters on the base model, Chutes' and NanoGPT's `-tee` for the same
 * weights run in a trusted execution environment) and the
 * expert count of an MoE (`-17b-128e-instruct`).
 */
export function packagingKey(key: string): string {
  let s = claudeOrder(key.replace(/^(?:nvidia|cerebras|groq|moonshot|open|anthropic|openai|azure|alibaba|alicloud|zai|arcee|cohere|duo-chat)-(?=[a-z])/, ''));
  s = s.replace(/-(\d+b)-\d+e(?=-|$)/, '-$1');
  for (let i = 0; i < 3; i++) {
    const before = s;
    s = s.replace(/-(?:versatile|turbo|basic|hf|fp-?8|fp-?4|fp-?16|nvfp-?4|mxfp-?4|bf-?16|int-?4|int-?8|w-?4a-?16|w-?8a-?8|awq|gptq|lora|maas|tput|tee|fp-?8-fast|free)$/, '');
    if (s === before) break;
  }
  // `Mistral-Nemo-Instruct-2407`: the instruct tag before a YYMM version.
  return s.replace(/-(?:instruct|it)$/, '').replace(/-instruct-(\d{4})$/, '-$1');
}

/** variantKey without packaging or `-instruct`/`-it`: a last, looser rule, used only when it points at exactly one model. */
export function looseKey(id: string): string {
  return packagingKey(variantKey(id));
}

/**
 * The key under which one release's spellings meet: key0 without a `-preview` tag and without packaging, so that
 * `kimi-k2-0905-preview` (Moonshot), `moonshotai/Kimi-K2-Instruct-0905` (Hugging Face) and `kimi-k2-instruct-0905`
 * (Groq, Fireworks) all read `kimi-k-2-0905`.
 */
export function releaseKey(id: string): string {
  return packagingKey(key0(id).replace(/-(?:preview|latest|exp)$/, ''));
}

const keptSlug = keptBy(computeCanonicalSlug);
/** A canonical id from a source id: key0 kept readable (dots stay), made a valid slug. */
export function canonicalSlug(id: string): string {
  return keptSlug(id);
}

function computeCanonicalSlug(id: string): string {
  let s = id.trim().toLowerCase();
  s = s.slice(s.lastIndexOf('/') + 1).replace(/^~/, '').replace(/:(free|beta|extended|floor|nitro|online|exacto|thinking)$/, '');
  const ns = NAMESPACE.exec(s);
  s = s.slice(ns?.[0].length ?? 0);
  if (ns?.[1] === 'mistral') s = mistralVersion(s);
  s = s.replace(/-v\d+:\d+$/, '').replace(/:\d+$/, '');
  s = s.replace(/[^a-z0-9._-]+/g, '-').replace(/-+/g, '-').replace(/^[-._]+|[-._]+$/g, '');
  return s.slice(0, 100);
}

/** An experimental checkpoint's release key: `deepseek-ai/DeepSeek-V3.2-Exp` and `deepseek-v3.2-exp-thinking` read alike. */
export function experimentalKey(id: string): string | undefined {
  const k = key0(id).replace(/-(?:thinking|reasoning)$/, '');
  return /-exp$/.test(k) ? packagingKey(k) : undefined;
}
