// Dated snapshots whose own facts differ from their alias's: models of their own (docs/data.md, "Versions").
import type { ModelObservation, OfferObservation, RatingObservation } from '../sources/types.ts';
import { brandVendor, FIRST_PARTY } from './first-party.ts';
import { NOTICE_SOURCES } from './lifecycle-dates.ts';
import { canonicalSlug, key0, key1, variantKey } from './match-keys.ts';
import { taggedKey, type RetiredApart } from './retired-apart.ts';
import { skuOf } from './skus.ts';

/**
 * The developer's word that an undated alias served this dated snapshot (version-pointers.csv): `evidence_on` the newest
 * day the evidence shows it, `read_on` the day the page was read, `until` the day the alias stopped serving it.
 */
export type VersionPointer = { alias: string; snapshot: string; reason: string; read_on?: string; evidence_on?: string; until?: string };

/**
 * A date tail the keys drop (match-keys.ts, key1): `-20240620`, `-2024-05-13`, a month and day (`-0613`,
 * `-05-20`), a three-digit version (`-001`). A YYMM version (`-2411`) or a context length (`-8192`) is none.
 */
const DATE_TAIL = /-(?:20\d{2}-?\d{2}-?\d{2}|(?:0[1-9]|1[0-2])-?(?:0[1-9]|[12]\d|3[01])|0\d{2})$/;

/** One spelling of a version however written: key0 with a full date unbroken (`-2024-05-13` and `-20240513` meet). */
export function versionKey(id: string): string {
  return key0(id).replace(/-(20\d{2})-(\d{2})-(\d{2})$/, '-$1$2$3');
}

/** Whether an id names a dated snapshot of its model (its key has a date tail the snapshot rule drops). */
export function isDatedVersion(id: string): boolean {
  const k = versionKey(id);
  return DATE_TAIL.test(k) && key1(id) !== key0(id);
}

/** What the sources say of one version (or of the undated alias): the facts that tell two models apart. */
type Facts = {
  ids: Set<string>;
  /** The spellings of the catalogue and of the developer's own API, which name the model when it is split. */
  own: Set<string>;
  /** Listed where a model is created from it: a catalogue entry, the developer's own API, a current arena row. */
  creates: boolean;
  /** `provider|region|source` -> standard prices `input/output` at the developer's own API. */
  prices: Map<string, Set<string>>;
  /** Current arena leaderboards that rate this spelling in a row of its own. */
  arena: Set<string>;
  /** Release dates the catalogue or the developer's own listing gives. */
  releases: Set<string>;
  /** provider -> shutdown dates its own notices give. */
  shutdowns: Map<string, Set<string>>;
};

function facts(): Facts {
  return { ids: new Set(), own: new Set(), creates: false, prices: new Map(), arena: new Set(), releases: new Set(),
    shutdowns: new Map() };
}

function add<K>(m: Map<K, Set<string>>, k: K, v: string): void {
  m.set(k, (m.get(k) ?? new Set<string>()).add(v));
}

const disjoint = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size > 0 && b.size > 0 && [...a].every((x) => !b.has(x));

/** Why version `v` is not the model `h` is: each fact both state, stated differently; empty when none is. */
export function differences(v: Facts, h: Facts): string[] {
  const out: string[] = [];
  for (const [k, p] of v.prices) {
    const q = h.prices.get(k);
    if (q && disjoint(p, q)) out.push(`price ${[...p].join(',')} vs ${[...q].join(',')} at ${k}`);
  }
  const boards = [...v.arena].filter((l) => h.arena.has(l));
  if (boards.length) out.push(`own arena row (${boards.join(', ')})`);
  if (disjoint(v.releases, h.releases)) out.push(`release ${[...v.releases].join(',')} vs ${[...h.releases].join(',')}`);
  for (const [p, d] of v.shutdowns) {
    const e = h.shutdowns.get(p);
    if (e && disjoint(d, e)) out.push(`shutdown at ${p} ${[...d].join(',')} vs ${[...e].join(',')}`);
  }
  return out;
}

function merge(list: readonly Facts[]): Facts {
  const out = facts();
  for (const f of list) {
    f.ids.forEach((i) => out.ids.add(i));
    out.creates ||= f.creates;
    for (const [k, s] of f.prices) s.forEach((v) => add(out.prices, k, v));
    f.arena.forEach((l) => out.arena.add(l));
    f.releases.forEach((r) => out.releases.add(r));
    for (const [k, s] of f.shutdowns) s.forEach((v) => add(out.shutdowns, k, v));
  }
  return out;
}

export type VersionApart = { key: string; id: string; family: string; reasons: string[] };

export type VersionsInput = {
  models: readonly ModelObservation[];
  offers: readonly OfferObservation[];
  /** The current leaderboards' rows. */
  ratings: readonly RatingObservation[];
  pointers: readonly VersionPointer[];
  /** Previews retired apart (retired-apart.ts): their own rule, not this one. */
  retiredApart: RetiredApart;
  /** The alias table's row for an id: '' excludes it, a canonical id speaks for that model, not the id's family. */
  reviewed: (source: string, id: string) => string | undefined;
};

/** Whether a provider is the model's developer: its own API (OpenAI for `gpt-4o`, Google for `gemini-1.5-pro`). */
function developersOwn(provider: string | undefined, id: string): boolean {
  if (provider === undefined || FIRST_PARTY[provider] === undefined) return false;
  const brand = brandVendor(id);
  return brand === undefined || brand === FIRST_PARTY[provider];
}

/**
 * docs/data.md, "Versions". The snapshot rule merges a dated id into its undated model. A dated snapshot is a model of
 * its own when its facts differ from those of the alias it would merge into: the same provider's own API prices it
 * differently (standard SKU, same region, same source), the arena rates both in rows of their own, the catalogue or the
 * developer gives another release date, or the same provider's notice another shutdown date. The alias is the undated
 * ids plus the snapshot the developer says it served at the dataset's date (`pointers`); with no undated id, each
 * version is compared with the others. Only a version a rule would create a model from is split (a catalogue entry,
 * the developer's own listing, a current arena row): a notice never creates a model, and every id keeps resolving.
 * Returns version key -> canonical id, with the reasons for the build's report.
 */
export function findVersionsApart(input: VersionsInput): Map<string, VersionApart> {
  const { models, offers, ratings, pointers, retiredApart, reviewed } = input;
  // An effort variant (`-high`, `-thinking`) is a setting of a model, and an undated preview (`gemini-embedding-exp`) not
  // its alias: neither is a version or the alias here. A preview retired apart has its own rule.
  const skip = (source: string, id: string) => {
    const t = taggedKey(id);
    return variantKey(id) !== key1(id) || (t !== undefined && (retiredApart.has(t) || !isDatedVersion(id))) || reviewed(source, id) === '';
  };
  // An id the alias table gives a model (Vertex's `claude-3-5-sonnet`, the first 3.5 Sonnet) speaks for that model.
  const spelled = (source: string, id: string) => reviewed(source, id) || id;
  const groups = new Map<string, Map<string, Facts>>();
  const at = (id: string): Facts => {
    const g = groups.get(key1(id)) ?? new Map<string, Facts>();
    groups.set(key1(id), g);
    const k = isDatedVersion(id) ? versionKey(id) : '';
    const f = g.get(k) ?? facts();
    g.set(k, f);
    f.ids.add(id);
    return f;
  };
  for (const raw of models) {
    if (skip(raw.source, raw.source_model_id)) continue;
    const notice = NOTICE_SOURCES.has(raw.source);
    const id = raw.source_model_id;
    const f = at(spelled(raw.source, id));
    if (notice) { if (raw.provider && raw.shutdown_date) add(f.shutdowns, raw.provider, raw.shutdown_date); continue; }
    const catalogue = raw.source === 'models-dev' && raw.provider === undefined;
    const own = developersOwn(raw.provider, id);
    if (catalogue || own) {
      f.creates = true;
      if (!reviewed(raw.source, id)) f.own.add(id);
      if (raw.release_date) f.releases.add(raw.release_date);
    }
  }
  for (const o of offers) {
    if (skip(o.source, o.provider_model_id) || !developersOwn(o.provider, o.provider_model_id)) continue;
    if (skuOf(o.provider_model_id, o.sku).sku !== 'standard' || o.input === undefined || o.output === undefined) continue;
    const f = at(spelled(o.source, o.provider_model_id));
    if (!reviewed(o.source, o.provider_model_id)) f.own.add(o.provider_model_id);
    add(f.prices, `${o.provider}|${o.region}|${o.source}`, `${o.input}/${o.output}`);
  }
  for (const r of ratings) {
    if (!r.source.startsWith('lmarena') || skip(r.source, r.source_model_id)) continue;
    const f = at(spelled(r.source, r.source_model_id));
    f.creates = true;
    f.arena.add(r.leaderboard);
  }
  const served = new Map<string, Set<string>>();
  for (const p of pointers) add(served, key1(p.alias), versionKey(p.snapshot));

  const out = new Map<string, VersionApart>();
  for (const [family, g] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const versions = [...g.keys()].filter((k) => k !== '' && !(served.get(family)?.has(k)));
    if (!versions.length) continue;
    // With no undated alias, the family keeps the version that names it (the shortest, then first in order, as the
    // models are named), so that the family's other spellings still find a model.
    let headKeys = [...g.keys()].filter((k) => k === '' || served.get(family)?.has(k));
    if (!headKeys.length) headKeys = versions.filter((k) => g.get(k)!.creates).sort(byName).slice(0, 1);
    const head = merge(headKeys.map((k) => g.get(k)!));
    for (const k of versions) {
      const v = g.get(k)!;
      if (!v.creates || headKeys.includes(k)) continue;
      const reasons = differences(v, head);
      if (!reasons.length) continue;
      out.set(k, { key: k, id: readableId(v), family, reasons });
    }
  }
  return out;
}

const byName = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** The version's id as its developer or catalogue spells it (`claude-3-5-sonnet-20240620`), made a slug. */
function readableId(v: Facts): string {
  const slugs = [...(v.own.size ? v.own : v.ids)].map((i) => canonicalSlug(i));
  return slugs.sort(byName)[0];
}
