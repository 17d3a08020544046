// Whether a model's weights are downloadable: a claim of open weights needs evidence, not a reseller's majority.
import type { Fact, Licence, Model } from '../schema/index.ts';
import { DEVELOPER_WEIGHTS_SOURCE_ID } from '../sources/developer-weights.ts';
import type { ModelObservation } from '../sources/types.ts';
import { isRollingAlias, rollingBase } from './rolling-alias.ts';

/** An observation as mergeModel places it: `authoritative` is false for a reseller's own listing. */
export type Speaker = { obs: ModelObservation; authoritative: boolean };

/** A provider file that marks fewer than this share of its listings open writes `false` by default. */
export const DEFAULT_FALSE_SHARE = 0.1;
/** ... and it takes this many listings to tell. */
const MIN_LISTINGS = 20;

/**
 * The (source, provider) pairs whose `open_weights: false` is a default rather than a reading: models.dev's nano-gpt
 * files mark 9 of 617 listings open, vercel 9 of 195, cloudflare-ai-gateway 4 of 76 (openrouter 99 of 199, kilo 159
 * of 340), so nano-gpt's false for phi-4-mini-instruct says nothing about Microsoft's published weights.
 */
export function defaultFalseProviders(obs: readonly ModelObservation[]): Set<string> {
  const count = new Map<string, { open: number; all: number }>();
  for (const o of obs) {
    if (o.provider === undefined || o.open_weights === undefined) continue;
    const k = `${o.source}|${o.provider}`;
    const c = count.get(k) ?? { open: 0, all: 0 };
    c.all++;
    if (o.open_weights) c.open++;
    count.set(k, c);
  }
  return new Set([...count].filter(([, c]) => c.all >= MIN_LISTINGS && c.open / c.all < DEFAULT_FALSE_SHARE).map(([k]) => k));
}

/**
 * docs/data.md, "Open weights". `picked` is the value the precedence rules chose. It stands when a source that speaks
 * for the model gives one (the catalogue's entry, the developer's own listing, a Hugging Face repository), or when
 * there is other evidence of downloadable weights (a weights link; a reviewed row that read the developer's
 * repository makes the model open, below). A licence is not such evidence (licensedWeights). Failing both, only resellers' provider
 * files speak, and they are no evidence of open weights: when they disagree (models.dev's openrouter file says
 * codestral-2508 is closed, kilo, cortecs and llmgateway say open) the model is served as closed, the dissent in
 * `conflicts` and named in the note, rather than open by a count of files. A file that writes false by default
 * (`defaults`, above) does not dissent.
 */
export function openWeightsOf(
  picked: Fact<boolean> | undefined, placed: readonly Speaker[], licence: Fact<Licence> | undefined,
  defaults: ReadonlySet<string> = new Set(),
): Fact<boolean> | undefined {
  if (!picked) return undefined;
  const said = placed.filter((p) => p.obs.open_weights !== undefined);
  if (said.some((p) => p.authoritative)) return picked;
  const newest = (xs: readonly Speaker[]) => xs.map((p) => p.obs.as_of).sort().at(-1)!;
  const repo = repoEvidence(placed);
  if (repo) return publishedWeights(said, repo, newest);
  if (licence && isWeightsLicence(licence.value)) return licensedWeights(picked, placed, said, licence, newest);
  if (licence || placed.some((p) => p.obs.weights_url !== undefined)) return picked;
  const closed = said.filter((p) => p.obs.open_weights === false && !defaults.has(`${p.obs.source}|${p.obs.provider}`));
  const open = said.filter((p) => p.obs.open_weights === true);
  if (!open.length) return picked;
  if (!closed.length) return picked.value ? picked : { value: true, as_of: newest(open), source: open[0].obs.source };
  const who = (xs: readonly Speaker[]) => [...new Set(xs.map((p) => p.obs.provider ?? p.obs.source_model_id))].sort().join(', ');
  const source = [...new Set(closed.map((p) => p.obs.source))].sort()[0];
  return {
    value: false, as_of: newest(closed), source,
    note: `resellers disagree (closed: ${who(closed)}; open: ${who(open)}) and no weights repository, licence or `
      + 'listing of the developer shows downloadable weights',
    conflicts: [...new Set(open.map((p) => p.obs.source))].sort().map((s) => ({
      value: true, source: s, as_of: newest(open.filter((p) => p.obs.source === s)),
    })),
  };
}

/**
 * The reviewed tables' rows (data/curated/model-architecture.csv, architecture-overrides.csv) each read a model's own
 * Hugging Face repository, its card and config.json, on a stated day: the developer publishes those weights. Such a row
 * outweighs resellers' files (models.dev's vercel file calls FLUX.2 [klein] 4B closed; Black Forest Labs publishes it,
 * Apache 2.0). A catalogue entry or the developer's own listing still speaks first (above).
 */
const REVIEWED_REPO_SOURCES = new Set(['model-architecture', 'architecture-overrides']);

function repoEvidence(placed: readonly Speaker[]): Speaker | undefined {
  return placed.filter((p) => REVIEWED_REPO_SOURCES.has(p.obs.source)).sort((a, b) => b.obs.as_of.localeCompare(a.obs.as_of))[0];
}

function publishedWeights(
  said: readonly Speaker[], repo: Speaker, newest: (xs: readonly Speaker[]) => string,
): Fact<boolean> {
  const closed = said.filter((p) => p.obs.open_weights === false);
  // The page the row read: the Ling-2.6-1T row read the -base card, the Ring-2.6-1T row SGLang's cookbook.
  const url = repo.obs.read_url ?? repo.obs.url ?? `https://huggingface.co/${repo.obs.source_model_id}`;
  return {
    value: true, as_of: repo.obs.as_of, source: repo.obs.source,
    note: `the developer publishes the weights (a reviewed row read ${url}); resellers' files that say closed are no evidence`,
    conflicts: [...new Set(closed.map((p) => p.obs.source))].sort().map((s) => ({
      value: false, source: s, as_of: newest(closed.filter((p) => p.obs.source === s)),
    })),
  };
}

/**
 * A moving pointer (`codestral-latest`) is the version it serves today, and so are its weights: when the developer
 * lists dated versions of the pointer's base (`codestral-2405`, `codestral-2508`), the pointer takes the newest one's
 * `open_weights`, whatever the catalogue's entry for the pointer says (models.dev's codestral-latest links the
 * Codestral-22B-v0.1 weights, that is codestral-2405, while the pointer serves Codestral 25.08, API-only).
 * A reviewed row on the pointer itself (developer-weights.csv) stands: magistral-small-latest serves Magistral Small 1.2,
 * whose id (magistral-small-1-2-2509) is no dated version of the base by its spelling, so the newest such version would be
 * 1.0 (magistral-small-2506); and an API name whose developer retires it names no weights anyone can run.
 * Mutates the models; returns one note per change.
 */
export function pointerOpenWeights(models: Model[]): string[] {
  const byId = new Map(models.map((m) => [m.id, m]));
  const notes: string[] = [];
  for (const m of models) {
    if (!isRollingAlias(m.id) || m.open_weights?.source === DEVELOPER_WEIGHTS_SOURCE_ID) continue;
    const base = rollingBase(m.id);
    const versions = models.filter((v) => v.id.startsWith(`${base}-`) && /^\d{4}$/.test(v.id.slice(base.length + 1)));
    const newest = versions.sort((a, b) => b.id.localeCompare(a.id))[0];
    const ow = newest?.open_weights;
    if (!ow || ow.value === m.open_weights?.value) continue;
    const before = m.open_weights;
    byId.get(m.id)!.open_weights = {
      value: ow.value, as_of: ow.as_of, source: ow.source,
      note: `${m.id} serves ${newest.id}, the newest version of ${base} its developer lists: that version's weights`,
      ...(before ? { conflicts: [{ value: before.value, as_of: before.as_of, source: before.source }] } : {}),
    };
    notes.push(`model ${m.id}: open_weights ${String(ow.value)}, as ${newest.id} (was ${String(before?.value)})`);
  }
  return notes;
}

/**
 * A licence that grants rights over weights a service-only model does not have: an OSI licence (MIT, Apache 2.0:
 * DeepSeek publishes DeepSeek-V3.1-Terminus under MIT, while models.dev's resellers' files say closed), a
 * non-commercial licence of published weights (CC BY-NC for Command R+, the Mistral Research License for Mistral
 * Large 2407), or LMArena's "open" (licences.csv). A vendor's own terms are not enough alone: LMArena writes "Qwen"
 * for the API-only Qwen-Max too (licences.csv), and "Proprietary" says the weights are not published.
 */
export function isWeightsLicence(l: Licence): boolean {
  return l.osi_approved === true || l.commercial_use === false || l.id === 'open-unspecified';
}

/**
 * A weights licence (above) where only resellers speak. A licence names the terms weights are under, not a download:
 * it makes the weights open only where a source also links them (a weights link; matched repositories and reviewed
 * rows are handled before this), and the fact is then sourced to the link. Without one, the licence still contradicts
 * resellers' files that say closed, which are no evidence either: nothing establishes the fact, so it is left unknown
 * (undefined) rather than served closed against the licence or open on its name. Resellers' open stands, as it would
 * without a licence.
 */
function licensedWeights(
  picked: Fact<boolean>, placed: readonly Speaker[], said: readonly Speaker[], licence: Fact<Licence>, newest: (xs: readonly Speaker[]) => string,
): Fact<boolean> | undefined {
  if (picked.value) return picked;
  const link = placed.filter((p) => p.obs.weights_url !== undefined).sort((a, b) => b.obs.as_of.localeCompare(a.obs.as_of))[0];
  if (!link) return undefined;
  const closed = said.filter((p) => p.obs.open_weights === false);
  return {
    value: true, as_of: link.obs.as_of, source: link.obs.source,
    note: `the weights are linked (${link.obs.weights_url}, ${link.obs.source}) under a licence for them (${licence.value.name}, `
      + `${licence.source}); resellers' files that say closed are no evidence`,
    conflicts: [...new Set(closed.map((p) => p.obs.source))].sort().map((s) => ({
      value: false, source: s, as_of: newest(closed.filter((p) => p.obs.source === s)),
    })),
  };
}
