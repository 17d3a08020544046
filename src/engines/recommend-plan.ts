// Where a recommended model may run under the hard constraints, and which situations demand known trust evidence.
import type { Hardware } from '../schema/index.ts';
import { DEFAULT_CONTEXT } from './constants.ts';
import { speedFloorOf, type SpeedFloor } from './recommend-speed.ts';
import { CRITERIA_COUNT } from './trust.ts';
import type { Interpretation } from './interpret.ts';
import type { DataKind, Keep, Who } from './vocabulary.ts';
import { isTermsKeep, type TermsKeep } from './offer-terms.ts';

/** `use=documents` needs a long context window; fits are checked at DOCUMENTS_CONTEXT. */
export const DOCUMENTS_CONTEXT = 32_768;

/** Where a model may run, given the constraints; each restriction names the parameter that imposes it. */
export type Plan = {
  api: boolean;
  /** The constraint that rules API offers out (e.g. `keep=no-retention`, `keep=no-training,no-retention`), or null. */
  api_blocked_by: string | null;
  self: boolean;
  self_blocked_by: string | null;
  /** The constraint that requires an EU offer, or null. */
  eu_by: string | null;
  /**
   * keep=no-training / no-retention where some API offer's provider is shown to meet them: API offers are restricted to
   * those (offer-terms.ts), as eu_by restricts them to EU offers. Empty where none is asked or none is met (then the
   * constraint blocks API offers, api_blocked_by).
   */
  terms: readonly TermsKeep[];
  /** `keep=no-training` (or both, comma-separated) when `terms` restricts API offers; else null. */
  terms_by: string | null;
  /** The providers, by name, with a served offer meeting `terms`: the evidence the note names. Empty without terms. */
  terms_providers: readonly string[];
  /**
   * `where=on-premises` with no machine named: the self-hosted pick runs on hardware the caller owns, on its premises,
   * costed bought and run as estimate_cost costs it owned (recommend-hosting.ts, ownedHosting); nothing is rented. Else null.
   */
  on_premises_by: string | null;
  /** Where a self-hosted model must fit: the named machine, a local machine, or any catalogued configuration. */
  target: { kind: 'machine'; hardware: Hardware; by: string } | { kind: 'local'; by: string } | { kind: 'any' };
  context: number;
  /** The context the caller asked for (`context`), also the prompt size API offers are priced at; undefined when not given. */
  asked_context: number | undefined;
  /** The parameter that makes the data sensitive, so that only models with known trust evidence qualify; or null. */
  trust_floor_by: string | null;
  /**
   * The least decode speed (tokens/s, batch 1) a self-hosted pick must reach on hardware the caller owns or buys (a
   * named machine, a local machine, on premises), and the most seconds it may take to read a prompt filling the
   * context (null: no limit): the use's floor (recommend-speed.ts); null where no floor applies (a rented
   * configuration, or no self-hosting).
   */
  speed_floor: SpeedFloor | null;
};

/**
 * keep values that rule API offers out unless the dataset shows an offer meeting them: no-training and no-retention
 * are met where a provider's own page says so by default (offer-terms.ts); on-device means no offer at all
 * (DESIGN.md section 6: where no offer is shown to meet a constraint, only a self-hosting path satisfies it).
 */
export const API_BLOCKING_KEEP: readonly Keep[] = ['no-training', 'no-retention', 'on-device'];

/** Data that, if mishandled, harms the people it is about (GDPR art. 9 special categories, financial and secret). */
export const SENSITIVE_DATA: readonly DataKind[] = ['personal', 'health', 'financial', 'secret'];
/** Askers whose duty of care makes every answer about sensitive data. */
export const SENSITIVE_WHO: readonly Who[] = ['healthcare', 'public-sector'];

/**
 * For sensitive data, a model qualifies only when a source establishes at least this share of the Trust Index
 * criteria (met or not met). Unknown is not good: a developer no transparency index scores has at most the
 * 6 model-level criteria established (6/16 = 0.375), which is too little evidence to hand it patient records.
 * 0.5 = 8 of 16 criteria: any model whose developer FMTI scores (10 criteria) with a known licence or offers passes.
 */
export const TRUST_COVERAGE_FLOOR = 0.5;
export const TRUST_FLOOR_CRITERIA = Math.ceil(TRUST_COVERAGE_FLOOR * CRITERIA_COUNT);

/** The parameter that makes a situation sensitive (`data=health`, `who=healthcare`), data first; null otherwise. */
export function sensitiveBy(s: Pick<Interpretation, 'data' | 'who'>): string | null {
  if (s.data && SENSITIVE_DATA.includes(s.data)) return `data=${s.data}`;
  if (s.who && SENSITIVE_WHO.includes(s.who)) return `who=${s.who}`;
  return null;
}

/**
 * `termsMet`: the providers with a served API offer meeting every one of the given keep=no-training / no-retention
 * values (the caller asks the dataset, offer-terms.ts providersWithOffersMeeting); where there are any, the values
 * restrict API offers instead of ruling them out. Without it, none is taken to be met.
 */
export function planOf(
  s: Interpretation, documents = false, askedContext?: number, termsMet: (terms: readonly TermsKeep[]) => readonly string[] = () => [],
): Plan {
  const asked = s.keep.filter(isTermsKeep);
  const blockBy = (keep: readonly Keep[]): string | null => {
    const blocking = keep.filter((k) => API_BLOCKING_KEEP.includes(k));
    return s.data === 'secret' ? 'data=secret'
      : blocking.length ? `keep=${blocking.join(',')}`
        : s.where === 'on-premises' || s.where === 'local' ? `where=${s.where}` : null;
  };
  // The terms restrict API offers only where nothing else rules them out and some offer meets them all; otherwise they
  // rule API offers out as before, and the answer says so in the same words.
  const other = blockBy(s.keep.filter((k) => !isTermsKeep(k)));
  const met = asked.length > 0 && other === null ? termsMet(asked) : [];
  const open = met.length > 0;
  const terms: readonly TermsKeep[] = open ? asked : [];
  // A where that rules API offers out is named, not the terms: where=on-premises with keep=no-training is not a lack of
  // terms evidence (providers' pages that meet it are quoted), and the answer must not say it is. Keeps are listed together.
  const apiBlock = open ? null : other?.startsWith('where=') ? other : blockBy(s.keep);
  const selfBlock = s.machine?.value === 'none' ? 'machine=none'
    : s.where === 'any-cloud' || s.where === 'eu-cloud' ? `where=${s.where}` : null;
  const euBy = s.where === 'eu-cloud' ? 'where=eu-cloud' : s.keep.includes('eu-only') ? 'keep=eu-only' : null;
  const hw = s.machine?.hardware;
  const target: Plan['target'] = hw ? { kind: 'machine', hardware: hw, by: `machine=${s.machine!.value}` }
    : s.keep.includes('on-device') ? { kind: 'local', by: 'keep=on-device' }
      : s.where === 'local' ? { kind: 'local', by: 'where=local' } : { kind: 'any' };
  const owned = target.kind !== 'any' || s.where === 'on-premises';
  return {
    api: apiBlock === null, api_blocked_by: apiBlock, self: selfBlock === null, self_blocked_by: selfBlock,
    eu_by: euBy, terms, terms_by: open ? `keep=${terms.join(',')}` : null, terms_providers: met, on_premises_by: target.kind === 'any' && s.where === 'on-premises' ? 'where=on-premises' : null,
    target, context: askedContext ?? (documents ? DOCUMENTS_CONTEXT : DEFAULT_CONTEXT), asked_context: askedContext,
    trust_floor_by: sensitiveBy(s),
    speed_floor: selfBlock === null && owned ? speedFloorOf(s.use, target.kind === 'machine') : null,
  };
}
