// Month-day releases that are models of their own (Kimi K2 Instruct 0711 and 0905), found by a documented rule.
import type { ModelObservation } from '../sources/types.ts';
import { canonicalSlug, experimentalKey, releaseKey } from './match-keys.ts';
import { FIRST_PARTY, VENDOR_PREFIX } from './first-party.ts';
import { hfRepo } from './matcher.ts';

/** A month and day (`0711`, `0905`); a YYMM version (`2411`) is the developer's own version already (match-keys.ts). */
const MMDD = '(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])';
const DATED = new RegExp(`^(.+)-(${MMDD})$`);

/** Release key -> canonical id of the model that release is. */
export type Releases = ReadonlyMap<string, string>;

/**
 * A four-digit month-day tail normally names a dated snapshot of one model (`gpt-4-0613`, DeepSeek-V3-0324 under
 * deepseek-v3). It names a release of its own when both hold:
 * 1. the developer publishes that release's weights in a Hugging Face repository of its own, beside the undated one
 *    (moonshotai/Kimi-K2-Instruct-0905 beside moonshotai/Kimi-K2-Instruct): other weights;
 * 2. the developer's own API lists the dated ids of the family with different context windows (Moonshot's
 *    kimi-k2-0711-preview 131,072, kimi-k2-0905-preview 262,144): another product, not a pointer moved.
 * The release with its own repository is `<family>-MMDD` (`kimi-k2-0905`); the developer's other dated ids are the
 * undated repository's release and keep the family's name (`kimi-k2`), as do undated resellers' ids.
 */
export function findReleases(observations: readonly ModelObservation[], resolveDeveloper: (n: string) => string | undefined): Releases {
  const repos = new Set<string>();
  for (const o of observations) {
    for (const u of [o.url, o.weights_url]) {
      const r = u ? hfRepo(u) : undefined;
      if (r) repos.add(r);
    }
  }
  const out = new Map<string, string>();
  for (const repo of repos) {
    const [owner, name] = repo.split('/');
    const m = DATED.exec(name);
    if (!m || !repos.has(`${owner}/${m[1]}`)) continue;
    const vendor = VENDOR_PREFIX[owner] ?? resolveDeveloper(owner);
    if (!vendor) continue;
    const family = releaseKey(m[1]);
    // The developer's own listings of the family's dated ids, by tail: their context windows and ids.
    const listed = new Map<string, { contexts: Set<number>; ids: string[] }>();
    for (const o of observations) {
      if (!o.provider || FIRST_PARTY[o.provider] !== vendor || o.source === 'deprecations-rss') continue;
      const d = DATED.exec(releaseKey(o.source_model_id));
      if (!d || d[1] !== family) continue;
      const t = listed.get(d[2]) ?? { contexts: new Set<number>(), ids: [] };
      if (o.context_window !== undefined) t.contexts.add(o.context_window);
      t.ids.push(o.source_model_id);
      listed.set(d[2], t);
    }
    const own = listed.get(m[2]);
    if (!own?.contexts.size) continue;
    const differs = [...listed].some(([tail, t]) => tail !== m[2] && t.contexts.size > 0 && [...t.contexts].every((c) => !own.contexts.has(c)));
    if (!differs) continue;
    for (const [tail, t] of listed) {
      const slug = canonicalSlug(t.ids.sort()[0]).replace(/-(?:preview|latest|exp)$/, '');
      // A tail with its own repository is its own model; the others are the undated repository's release.
      const id = repos.has(`${owner}/${m[1]}-${tail}`) ? slug : slug.replace(new RegExp(`-${MMDD}$`), '');
      out.set(`${family}-${tail}`, id);
    }
  }
  for (const [key, id] of experimentalReleases(repos, resolveDeveloper)) out.set(key, id);
  return out;
}

/**
 * An `-Exp` tail normally marks a preview of its model (`gemini-2.0-flash-exp`), but names a model of its own when
 * the developer publishes its weights in a Hugging Face repository of their own beside the untagged one:
 * deepseek-ai/DeepSeek-V3.2-Exp (2025-09-29) beside deepseek-ai/DeepSeek-V3.2 (2025-12-01) are two checkpoints,
 * served and priced apart ($0.27/$0.41 for the -exp listing on OpenRouter).
 */
function experimentalReleases(repos: ReadonlySet<string>, resolveDeveloper: (n: string) => string | undefined): Map<string, string> {
  const lower = new Set([...repos].map((r) => r.toLowerCase()));
  const out = new Map<string, string>();
  for (const repo of repos) {
    const [owner, name] = repo.split('/');
    const m = /^(.+)-exp$/i.exec(name);
    if (!m || !lower.has(`${owner}/${m[1]}`.toLowerCase())) continue;
    if (!(VENDOR_PREFIX[owner] ?? resolveDeveloper(owner))) continue;
    const key = experimentalKey(name);
    if (key) out.set(key, canonicalSlug(name));
  }
  return out;
}
