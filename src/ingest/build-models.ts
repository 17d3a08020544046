// Creates the canonical models from the sources by documented rules, matches every other id to them,
// and merges each model's facts by source precedence (merge-model.ts; docs/data.md, "Canonical models").
// A model's vendor is set where a rule creates it; once every id is matched, a vendor that is `unknown` or came from a
// provider's own-API listing yields to the developer whose Hugging Face organisation holds the model's weights under the
// model's name (repo-developer.ts): Perplexity listing `codellama-34b-instruct` does not make Perplexity its developer.
import type { Model } from '../schema/index.ts';
import type { ModelObservation, RatingObservation } from '../sources/types.ts';
import { count, type IngestContext } from './context.ts';
import { brandVendor, FIRST_PARTY, ownerOf, VENDOR_PREFIX } from './first-party.ts';
import { canonicalSlug, key0, key1 } from './match-keys.ts';
import { developerOrgs, isRepoObservation, ownRepo, ownRepoLink } from './model-repo.ts';
import { hfRepo, namesBaseWeights } from './matcher.ts';
import { repoDeveloper } from './repo-developer.ts';
import { listingDeveloper } from './listing-developer.ts';
import { leaderboardDeveloper } from './leaderboard-developer.ts';
import { findReleases } from './releases.ts';
import { findRetiredApart } from './retired-apart.ts';
import { resellerCandidates } from './reseller-models.ts';
import { defaultFalseProviders, pointerOpenWeights } from './open-weights.ts';
import { DATE_TAIL } from './skus.ts';
import { place } from './placed.ts';
import { isRouter } from './routers.ts';
import { withoutDeveloperLabel } from './developer-name-prefix.ts';
import { mergeModel, type LicenceLookup, type RepoFacts } from './merge-model.ts';
import { NOT_A_LANGUAGE_MODEL_WHY } from './not-language-models.ts';

const EFFORT_TAIL = /-(?:thinking|reasoning|nothinking|non-thinking|no-thinking|think|high|medium|low|minimal|xhigh|max)$/;
/** A month-and-day preview (`kimi-k2-0711-preview`); a YYMM version (`-2411`) is not one (match-keys.ts). */
const MMDD_TAIL = /-(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-preview$/;
const LATEST_TAIL = /-latest$/;
const FIRST_PARTY_RULE = 'first-party API entry';
const RESOLD_RULE = "provider's API entry under its developer's namespace";
export type ModelBuild = {
  models: Model[];
  /** model id -> vendor id, for the developer step. */
  vendors: Map<string, string>;
  /** Resolve any observation-like id to a canonical id. */
  resolve(source: string, id: string, opts?: { hint?: string; url?: string }): string | undefined;
  /**
   * The model a reviewed row written for this very source and id names (aliases.csv, no `*` or key-wide rows), if it
   * exists: a provider's listing (`openrouter/deepseek/deepseek-chat`) a row sets apart from the same id elsewhere.
   */
  sourceRow(source: string, id: string): string | undefined;
  /** Whether a row written for this very source and id excludes it (`models-dev,openrouter/~moonshotai/kimi-latest,`). */
  sourceRowExcludes(source: string, id: string): boolean;
  /** Whether an id is a listing of a model that is not a language model (not-language-models.ts), so none was created. */
  notLanguageModel(id: string): boolean;
};

export function buildModels(
  observations: readonly ModelObservation[],
  currentRatings: readonly RatingObservation[],
  ctx: IngestContext,
  licenceOf: LicenceLookup,
): ModelBuild {
  const { matcher, report } = ctx;
  const vendors = new Map<string, string>();
  const members = new Map<string, ModelObservation[]>();
  const aliases = new Map<string, Set<string>>();
  const variants = new Map<string, Set<string>>();
  /** Models whose vendor is the provider of the own-API listing that created them (R2), and the repos matched to each. */
  const byListing = new Set<string>();
  const repos = new Map<string, Set<string>>();

  const vendorFrom = (name: string | undefined, fallback: string): string => {
    const n = name ?? fallback;
    return ctx.resolveDeveloper(n) ?? VENDOR_PREFIX[n.toLowerCase()] ?? canonicalSlug(n);
  };

  /** Spellings whose model is not a language model (not-language-models.ts): no model, and their ids stay unmatched. */
  const notLanguage = new Set<string>();
  const create = (slug: string, vendor: string, rule: string, spellings: string[], name?: string, source?: string, reviewed = false): string => {
    // A preview retired apart is named by its undated id (`o1-preview`), whichever spelling creates it.
    const id = matcher.apartOf(spellings[0]) ?? slug;
    // NVIDIA's NIM listing of BEVFormer or ESMFold would create a model of a language-model catalogue: '' creates none.
    if (ctx.notLanguageModels?.has(id)) {
      for (const s of spellings) notLanguage.add(s);
      return '';
    }
    // A row of the alias table naming its own id is a model of its own: it merges into no model its key reaches (the
    // arena's `hy3` is not Hy3 preview, `hunyuan-turbos-20250416` not the catalogue's 20250226 version).
    const target = reviewed ? undefined : matcher.mergeTarget(id) ?? (name ? matcher.byDisplayName(name) : undefined);
    if (target) {
      for (const s of spellings) matcher.addSpelling(s, target);
      return target;
    }
    // A base model only where the developer's instruct model of that name exists (Llama 3.1 405B and its Instruct).
    const base = source !== undefined && namesBaseWeights(source, spellings[0]) && matcher.instructTwin(spellings[0]) !== undefined;
    matcher.addCanonical(id, spellings, { base });
    vendors.set(id, vendor);
    if (rule === FIRST_PARTY_RULE) byListing.add(id);
    count(report.created, rule);
    return id;
  };

  // An id the alias table gives a model not created yet creates that model, by the row's id, whichever rule meets it first
  // (the arena's mistral-7b-instruct is Mistral-7B-Instruct-v0.1; Cohere's command-r is command-r-03-2024).
  const spelledBy = (source: string, id: string, slug: string) => matcher.aliasOf(source, id) || slug;

  // Undated, shorter ids first, so a merged model is named by its undated id.
  const byReadability = (a: ModelObservation, b: ModelObservation) =>
    Number(DATE_TAIL.test(key0(a.source_model_id))) - Number(DATE_TAIL.test(key0(b.source_model_id))) ||
    key0(a.source_model_id).length - key0(b.source_model_id).length ||
    a.source_model_id.localeCompare(b.source_model_id);

  // Month-day releases that are models of their own (Kimi K2 Instruct 0905 beside 0711), before any model exists.
  matcher.setReleases(findReleases(observations, ctx.resolveDeveloper));
  // Previews the developer retired apart from their model (`o1-preview` beside `o1`), also before any model exists.
  // The alias table's previews of their own (a preview and its final release with different weights) join them.
  const apart = new Map([...findRetiredApart(observations), ...matcher.reviewedPreviews()]);
  matcher.setRetiredApart(apart);
  if (apart.size) report.notes.push(`previews retired apart from their model (${apart.size}): ${[...apart.values()].sort().join(', ')}`);

  // R1: the models.dev catalogue entries (models/<vendor>/<id>).
  const r1 = observations.filter((o) => o.source === 'models-dev' && o.provider === undefined).sort(byReadability);
  const catalogueByRepo = new Map<string, string>();
  for (const o of r1) {
    const slug = canonicalSlug(o.source_model_id);
    const repo = o.weights_url ? hfRepo(o.weights_url) : undefined;
    // `mistral-large-latest` points at whichever version is current: it joins the entry with the same weights.
    const current = LATEST_TAIL.test(slug) && repo ? catalogueByRepo.get(repo) : undefined;
    if (current) { matcher.addPointer(o.source_model_id, current); continue; }
    const id = create(slug, vendorFrom(o.vendor_hint, o.source_model_id.split('/')[0]), 'models.dev catalogue entry', [o.source_model_id], o.name);
    if (!id) continue;
    if (repo && !catalogueByRepo.has(repo)) catalogueByRepo.set(repo, id);
    if (o.weights_url) matcher.addWeightsUrl(o.weights_url, id);
    if (o.name) matcher.addName(o.name, id);
  }
  // R2: the developer's own API (first-party provider entries), when they name no catalogue entry.
  // A deprecation notice names a model; it never creates one (OpenAI's notices list `ada`, `davinci`, Sora...).
  // The developer's own cloud platform (Azure for Microsoft) creates a model only from a listing a reviewed alias row
  // names: Azure also resells other developers' models, and its catalogue spells them its own way.
  const ownApi = (o: ModelObservation) => o.provider !== undefined &&
    (FIRST_PARTY[o.provider] !== undefined || (ownerOf(o.provider) !== undefined && matcher.aliasOf(o.source, o.source_model_id) !== undefined));
  const r2 = observations.filter((o) => ownApi(o) && o.source !== 'deprecations-rss' && !o.notice_scope && !(o.canonical_hint && matcher.resolve(o.source, o.canonical_hint))).sort(byReadability);
  // The developer's dated snapshots (`claude-3-opus-20240229`), by the id they share once the date is dropped.
  const snapshotted = new Set(r2.filter((o) => DATE_TAIL.test(canonicalSlug(o.source_model_id)))
    .map((o) => `${o.provider}|${canonicalSlug(o.source_model_id).replace(DATE_TAIL, '')}`));
  for (const o of r2) {
    if (matcher.resolve(o.source, o.source_model_id)) continue;
    // Morph's own `auto` routes each request to a model of Morph's choosing: a router, not Morph's model.
    if (isRouter(o.source_model_id)) continue;
    // Alibaba Cloud serving `deepseek-v3` resells it: a first-party entry must be of the developer's own brand.
    const brand = brandVendor(o.source_model_id);
    const owner = ownerOf(o.provider!)!;
    if (brand ? brand !== owner : FIRST_PARTY[o.provider!] === undefined) continue;
    // Mistral's API names its open-weights models `open-…`; a dated preview (`kimi-k2-0711-preview`) names its model.
    // A release of its own (releases.ts) is named by its rule: `kimi-k2-0905-preview` is `kimi-k2-0905`.
    const release = matcher.releaseOf(o.source_model_id);
    let slug = release ?? canonicalSlug(o.source_model_id).replace(DATE_TAIL, '').replace(MMDD_TAIL, '').replace(/^open-(?=[a-z])/, '');
    // `claude-3-opus-latest` is Anthropic's alias of its dated snapshot claude-3-opus-20240229: the model is the name
    // they share, `claude-3-opus` (docs/data.md, "Canonical models"), as claude-3-haiku is.
    if (!release && LATEST_TAIL.test(slug) && snapshotted.has(`${o.provider}|${slug.replace(LATEST_TAIL, '')}`)) {
      slug = slug.replace(LATEST_TAIL, '');
    }
    // `mistral-large` or `devstral-small-latest` beside `-2411` and `-2512` versions: a pointer, not a model.
    if (!release && matcher.hasVersionsOf(slug.replace(LATEST_TAIL, ''))) continue;
    // Only the catalogue's own names are trusted to name a model (other sources write `gpt 4` for gpt-4-32k).
    // NVIDIA listing `sarvamai/sarvam-m` creates Sarvam's model, not its own (listing-developer.ts).
    const named = listingDeveloper(o, ctx.resolveDeveloper);
    // A reviewed row for the listing spells the model as the developer does: genai-prices lists Google's
    // gemini-1.5-flash-8b in OpenRouter's word order (`gemini-flash-1.5-8b`), and the model is Google's id.
    const reviewed = matcher.aliasOf(o.source, o.source_model_id);
    if (!release && reviewed) slug = reviewed;
    create(slug, named ?? owner, named ? RESOLD_RULE : FIRST_PARTY_RULE, [o.source_model_id],
      o.source === 'models-dev' ? o.name : undefined);
  }
  // R3: OpenRouter's catalogue, whose ids name the developer (`qwen/qwen3-30b-a3b-instruct-2507`).
  const r3 = observations.filter((o) => o.source === 'models-dev' && o.provider === 'openrouter' && !o.canonical_hint && o.source_model_id.split('/').length >= 3).sort(byReadability);
  for (const o of r3) {
    // A match, or a reviewed row's "never" (null): an entry the alias table excludes creates no model either.
    const m = matcher.resolve(o.source, o.source_model_id);
    if (m || m === null) continue;
    const prefix = o.source_model_id.split('/')[1].replace(/^~/, '');
    const slug = spelledBy(o.source, o.source_model_id, canonicalSlug(o.source_model_id).replace(DATE_TAIL, ''));
    if (isRouter(o.source_model_id) || prefix === 'openrouter') continue; // routers and pseudo-models, not models
    if (matcher.hasVersionsOf(slug)) continue;
    create(slug, vendorFrom(VENDOR_PREFIX[prefix] ?? prefix, prefix), 'OpenRouter catalogue entry', [o.source_model_id], undefined, o.source);
  }
  // R4: models on a current leaderboard that no catalogue lists (named without effort suffixes).
  const lbNames = new Map<string, RatingObservation>();
  for (const r of currentRatings) if (!lbNames.has(r.source_model_id)) lbNames.set(r.source_model_id, r);
  for (const [name, r] of [...lbNames.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const m = matcher.resolve(r.source, name);
    if (m || m === null || matcher.hasVersionsOf(name)) continue;
    let slug = canonicalSlug(name);
    for (let i = 0; i < 3 && EFFORT_TAIL.test(slug); i++) slug = slug.replace(EFFORT_TAIL, '');
    // A row of the alias table for this leaderboard's name is about this source's name only: not a spelling for others.
    const reviewed = spelledBy(r.source, name, '');
    create(reviewed || slug, vendorFrom(r.organization, 'unknown'), 'leaderboard only (no catalogue entry)', [reviewed || name], undefined, undefined,
      reviewed === name.toLowerCase());
  }

  // R5: a reseller's listing of a known developer's model that nothing above created (reseller-models.ts).
  for (const c of resellerCandidates(observations, ctx.resolveDeveloper)) {
    const m = matcher.resolve(c.obs.source, c.obs.source_model_id, { hint: c.obs.canonical_hint, url: c.obs.url });
    if (m || m === null || matcher.hasVersionsOf(c.slug)) continue;
    create(spelledBy(c.obs.source, c.obs.source_model_id, c.slug), c.vendor, 'reseller listing of a known developer', [c.obs.source_model_id], undefined,
      c.obs.source);
  }

  matcher.addAliasSpellings();

  // Match every observation; gather members per model.
  for (const o of observations) {
    const m = matcher.resolve(o.source, o.source_model_id, { hint: o.canonical_hint, url: o.url });
    if (!m) {
      if (m === undefined) {
        report.unmatched.push({ source: o.source, source_id: o.source_model_id, what: 'model',
          why: notLanguage.has(o.source_model_id) ? NOT_A_LANGUAGE_MODEL_WHY : 'no rule or alias row matches exactly one model' });
      }
      continue;
    }
    count(report.matchedBy, m.rule);
    // models.dev fills a provider entry from its base_model's file: matched to another model (a distill whose
    // base_model is its teacher, an alias row), the entry's facts are the base's, not this model's.
    const hinted = o.canonical_hint ? matcher.resolve(o.source, o.canonical_hint) : undefined;
    if (!hinted || hinted.id === m.id) {
      const list = members.get(m.id) ?? [];
      list.push(o);
      members.set(m.id, list);
    }
    const a = aliases.get(m.id) ?? new Set<string>();
    a.add(o.source_model_id);
    aliases.set(m.id, a);
    if (isRepoObservation(o)) repos.set(m.id, (repos.get(m.id) ?? new Set<string>()).add(o.source_model_id));
    if ((m.rule === 'snapshot' || m.rule === 'variant') && key1(o.source_model_id) !== key1(m.id)) {
      const v = variants.get(m.id) ?? new Set<string>();
      v.add(o.source_model_id);
      variants.set(m.id, v);
    }
  }
  for (const r of currentRatings) {
    const m = matcher.resolve(r.source, r.source_model_id);
    if (m) {
      const v = variants.get(m.id) ?? new Set<string>();
      if (r.source_model_id !== m.id) v.add(r.source_model_id);
      variants.set(m.id, v);
    }
  }

  // A provider's own listing under another developer's namespace over the catalogue's vendor folder: models.dev files
  // mistral-nemotron under nvidia, but NVIDIA's own API lists it as `mistralai/mistral-nemotron`.
  for (const o of observations) {
    const dev = listingDeveloper(o, ctx.resolveDeveloper);
    const m = dev ? matcher.resolve(o.source, o.source_model_id, { hint: o.canonical_hint, url: o.url }) : undefined;
    if (!dev || !m || vendors.get(m.id) !== FIRST_PARTY[o.provider!]) continue;
    vendors.set(m.id, dev);
    byListing.delete(m.id);
    report.notes.push(`model ${m.id}: vendor ${dev}, the namespace of ${o.provider}'s own listing ${o.source_model_id}`);
  }

  // The weights' owner over a reseller's listing: a vendor nothing vouches for yields to the developer whose organisation
  // publishes a repo named as the model (Qwen/Qwen2-VL-72B-Instruct for qwen2-vl-72b, a leaderboard row with no
  // organisation). A catalogue's vendor folder, an OpenRouter or reseller namespace, a leaderboard's organisation stand.
  for (const [id, vendor] of vendors) {
    if (vendor !== 'unknown' && !byListing.has(id)) continue;
    const dev = repoDeveloper(id, repos.get(id) ?? [], ctx.resolveDeveloper);
    if (dev && dev !== vendor) {
      vendors.set(id, dev);
      report.notes.push(`model ${id}: vendor ${dev}, the owner of its Hugging Face repo, not ${vendor}`);
    }
  }

  // A leaderboard-only model whose current row names no organisation and whose weights no developer's repo holds: the
  // organisation the leaderboards' other rows name for it, where the developer table spells it (leaderboard-developer.ts).
  // AI21 Labs is Jamba 1.5 Large's. The repo's owner speaks first: teknium/OpenHermes-2.5-Mistral-7B stays Teknium's
  // though the leaderboard names NousResearch.
  for (const [id, vendor] of vendors) {
    if (vendor !== 'unknown') continue;
    const { developer, unresolved } = leaderboardDeveloper(members.get(id) ?? [], ctx.resolveDeveloper);
    if (developer) {
      vendors.set(id, developer);
      report.notes.push(`model ${id}: vendor ${developer}, the organisation the leaderboard names`);
    } else if (unresolved.length) {
      report.notes.push(`model ${id}: vendor unknown; the leaderboard's organisation ${unresolved.join(', ')} is no developer-table spelling`);
    }
  }

  // Every observation of a Hugging Face repo, by repo, whichever model it matched: a model's facts come from its own repo.
  const byRepo = new Map<string, ModelObservation[]>();
  for (const o of observations) {
    if (!isRepoObservation(o)) continue;
    const k = o.source_model_id.toLowerCase();
    byRepo.set(k, [...(byRepo.get(k) ?? []), o]);
  }
  const weightLinks = [...members.entries()].flatMap(([id, list]) =>
    list.flatMap((o) => (o.weights_url ? [{ vendor: vendors.get(id)!, weights_url: o.weights_url }] : [])),
  );
  const isDeveloperOrg = developerOrgs(weightLinks, (n) => ctx.resolveDeveloper(n));
  const repoFacts: RepoFacts = (model, candidates) => {
    const repo = ownRepo(model, candidates, isDeveloperOrg);
    if (!repo) return [];
    // A repository's creation day dates the developer's upload only: a re-upload's (unsloth/...) is its own day.
    const developers = isDeveloperOrg(repo.split('/')[0], model.vendor);
    return (byRepo.get(repo) ?? []).map((o) => {
      if (developers || o.repo_created === undefined) return o;
      const copy = { ...o };
      delete copy.repo_created;
      return copy;
    });
  };

  const unknownLicences = new Set<string>();
  const defaultFalse = defaultFalseProviders(observations);
  const models: Model[] = [];
  for (const id of [...vendors.keys()].sort()) {
    const vendor = vendors.get(id)!;
    const placed = (members.get(id) ?? []).map((o) => place(o, vendor));
    const resolveId = (source: string, x: string) => matcher.resolve(source, x)?.id;
    const model = mergeModel(id, vendor, placed, licenceOf, unknownLicences, repoFacts, resolveId, report.issues, defaultFalse,
      (source, x) => matcher.sourceRowOf(source, x));
    if (!model) {
      report.notes.push(`model ${id}: no observation gives a name; left out`);
      continue;
    }
    model.name = withoutDeveloperLabel(model.name, model.vendor, ctx.resolveDeveloper);
    // No source links the weights: the developer's own repo in the Hub snapshot is where they are (model-repo.ts).
    const repos = (members.get(id) ?? []).filter(isRepoObservation).map((o) => o.source_model_id);
    if (model.open_weights?.value !== false) model.weights_url ??= ownRepoLink(model, repos, isDeveloperOrg, (r) => byRepo.get(r) ?? []);
    model.aliases = [...(aliases.get(id) ?? [])].filter((a) => a !== id).sort();
    model.variants = [...(variants.get(id) ?? [])].sort();
    models.push(model);
  }
  report.notes.push(...pointerOpenWeights(models));
  for (const t of [...unknownLicences].sort()) report.unmatched.push({ source: 'licence-table', source_id: t, what: 'licence text', why: 'not in data/curated/licences.csv' });

  return {
    models,
    vendors,
    resolve: (source, id, opts) => {
      const m = matcher.resolve(source, id, opts);
      return m ? m.id : undefined;
    },
    sourceRow: (source, id) => {
      const row = matcher.sourceRowOf(source, id);
      return row && matcher.has(row) ? row : undefined;
    },
    sourceRowExcludes: (source, id) => matcher.sourceRowExcludes(source, id),
    notLanguageModel: (id) => notLanguage.has(id),
  };
}
